package io.flatscene.samples.towers;

import io.flatscene.core.scene.Item;
import io.flatscene.core.scene.QueryResult;
import io.flatscene.core.scene.RayBatch;
import io.flatscene.core.scene.SceneManager;
import io.flatscene.core.scene.SceneNode;
import io.flatscene.core.scene.Space;
import org.joml.Vector3f;

/**
 * The turrets: each looks for the creep furthest along the lane within its range (a sphere query), turns to it, and
 * shoots when its line of sight is clear. All the turrets' lines of sight of a tick are one batch of rays cast for the
 * first hit only, against creeps and rocks: the first thing a shot meets is what it hits, a creep in front of the one
 * aimed at or a rock that blocks it. Each shot shows as a beam, a line item stretched from the muzzle to what it hit.
 */
final class Turrets {
    static final float RANGE = 10f;
    /** Ticks between two shots of one turret. */
    static final int RELOAD_TICKS = 12;
    private static final int BEAM_TICKS = 4;
    private static final float MUZZLE_HEIGHT = 1.4f;
    private static final int DAMAGE = 1;

    private final SceneManager scene;
    private final Creeps creeps;
    private final float[] places;
    private final SceneNode[] bodies;
    private final SceneNode[] beams;
    private final int[] reload;
    private final int[] beamAge;
    private final int[] kills;
    /** The turret each ray of this tick's batch belongs to, and the ray's unit direction, 3 floats a ray. */
    private final int[] shooter;
    private final float[] aims;
    private final QueryResult inRange = new QueryResult();
    private final RayBatch sight;
    private final Vector3f muzzle = new Vector3f();
    private final Vector3f target = new Vector3f();
    private final Vector3f direction = new Vector3f();
    private int shots;
    private int hits;
    private int blocked;

    /** @param places each turret's x and z */
    Turrets(SceneManager scene, TowerLook look, Creeps creeps, float[] places) {
        this.scene = scene;
        this.creeps = creeps;
        this.places = places.clone();
        int count = places.length / 2;
        bodies = new SceneNode[count];
        beams = new SceneNode[count];
        reload = new int[count];
        beamAge = new int[count];
        kills = new int[count];
        shooter = new int[count];
        aims = new float[count * 3];
        sight = new RayBatch(count);
        SceneNode root = scene.rootNode().createChild("turrets");
        for (int t = 0; t < count; t++) {
            SceneNode base = root.createChild("turret " + t).setPosition(places[t * 2], 0f, places[t * 2 + 1]);
            bodies[t] = base.createChild("body").setScale(look.turretScale, look.turretScale, look.turretScale);
            look.turret.instantiate(scene, bodies[t], TowerBits.TURRET);
            Item beam = scene.createItem(look.beam.mesh(), look.beam.material(), look.beam.bounds())
                    .setQueryFlags(TowerBits.DRAWING);
            beams[t] = root.createChild("beam " + t).attachObject(beam).setVisible(false);
            reload[t] = t % RELOAD_TICKS;
            beamAge[t] = BEAM_TICKS;
        }
    }

    /** One tick: reloads, aims, casts every ready turret's line of sight at once, and scores what the shots hit. */
    void fire() {
        sight.clear();
        for (int t = 0; t < bodies.length; t++) {
            fadeBeam(t);
            if (reload[t] > 0) {
                reload[t]--;
                continue;
            }
            int aim = furthestInRange(t);
            if (aim < 0) {
                continue;
            }
            creeps.position(aim, target);
            muzzle(t, muzzle);
            direction.set(target).sub(muzzle);
            float length = direction.length();
            int ray = sight.add(muzzle, direction, length + Lane.HEIGHT, TowerBits.CREEP | TowerBits.ROCK);
            shooter[ray] = t;
            direction.div(length).get(aims, ray * 3);
            bodies[t].lookAt(target.set(target.x, 0f, target.z), Space.WORLD);
            reload[t] = RELOAD_TICKS;
        }
        if (sight.size() == 0) {
            return;
        }
        scene.queries().rays(sight, RayBatch.Mode.FIRST);
        for (int ray = 0; ray < sight.size(); ray++) {
            int t = shooter[ray];
            shots++;
            if (sight.hitCount(ray) == 0) {
                continue;
            }
            Item struck = sight.item(ray, 0);
            showBeam(t, ray, sight.distance(ray, 0));
            if ((struck.queryFlags() & TowerBits.CREEP) == 0) {
                blocked++;
                continue;
            }
            int id = (int) struck.tag();
            if (creeps.alive(id)) {
                hits++;
                if (creeps.hit(id, DAMAGE)) {
                    kills[t]++;
                }
            }
        }
    }

    /** The live creep within range of turret {@code t} that is furthest along the lane, or -1. */
    private int furthestInRange(int t) {
        muzzle(t, muzzle);
        scene.queries().sphere(muzzle, RANGE, TowerBits.CREEP, inRange);
        int best = -1;
        for (int i = 0; i < inRange.size(); i++) {
            int id = (int) inRange.item(i).tag();
            if (creeps.alive(id) && (best < 0 || creeps.progress(id) > creeps.progress(best))) {
                best = id;
            }
        }
        return best;
    }

    /** Stretches turret {@code t}'s beam from its muzzle along its ray of this tick to {@code length}. */
    private void showBeam(int t, int ray, float length) {
        muzzle(t, muzzle);
        direction.set(aims[ray * 3], aims[ray * 3 + 1], aims[ray * 3 + 2]).mul(length).add(muzzle);
        beams[t].setPosition(muzzle).lookAt(direction, Space.WORLD).setScale(1f, 1f, length).setVisible(true);
        beamAge[t] = 0;
    }

    private void fadeBeam(int t) {
        if (beamAge[t] < BEAM_TICKS && ++beamAge[t] == BEAM_TICKS) {
            beams[t].setVisible(false);
        }
    }

    /** Writes turret {@code t}'s muzzle, where its shots start, into {@code dest}. */
    Vector3f muzzle(int t, Vector3f dest) {
        return dest.set(places[t * 2], MUZZLE_HEIGHT, places[t * 2 + 1]);
    }

    int count() {
        return bodies.length;
    }

    int kills(int t) {
        return kills[t];
    }

    int shots() {
        return shots;
    }

    int hits() {
        return hits;
    }

    int blocked() {
        return blocked;
    }
}
