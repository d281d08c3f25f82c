package io.flatscene.samples.towers;

import io.flatscene.core.scene.Light;
import io.flatscene.core.scene.SceneManager;
import io.flatscene.core.scene.SceneNode;
import io.flatscene.core.scene.Space;
import java.util.Objects;
import java.util.SplittableRandom;
import org.joml.Vector3f;

/**
 * A tower-defence game as a FlatScene user writes one: creeps walk a lane that doubles back across the board, turrets
 * (an imported model, placed from a prefab) shoot the creep furthest on within range when no rock blocks the shot, and
 * the lane and the shots are drawn as lines. The game keeps its state in its own arrays; the scene places and draws
 * things and answers the queries: a sphere query per ready turret and one batch of first-hit rays a tick.
 *
 * <p>One {@link #tick()} is one fixed step of {@link #TICK_SECONDS}, and all randomness comes from the seed, so the
 * same number of ticks is the same game on every run.
 */
public final class TowerDefence {
    public static final float TICK_SECONDS = 1f / 60f;
    /** Ticks between two spawns. */
    static final int SPAWN_TICKS = 15;
    static final int ROCKS = 36;
    /** The turrets' places, x and z pairs: three rows between the lane's legs. */
    private static final float[] TURRETS = {-8f, -11f, 0f, -11f, 8f, -11f, -8f, -1f, 0f, -1f, 8f, -1f, -8f, 9f, 0f, 9f,
        8f, 9f};
    private static final float LABEL_HEIGHT = 2.6f;

    private final Creeps creeps;
    private final Turrets turrets;
    private int ticks;

    /** Builds the board, the rocks, the turrets and the lights in {@code scene}. */
    public TowerDefence(SceneManager scene, TowerLook look, long seed) {
        Objects.requireNonNull(scene, "scene");
        Objects.requireNonNull(look, "look");
        SplittableRandom random = new SplittableRandom(seed);
        Lane lane = new Lane();
        SceneNode board = scene.rootNode().createChild("board");
        board.attachObject(scene.createItem("ground", look.ground.mesh(), look.ground.material(),
                look.ground.bounds()).setQueryFlags(TowerBits.GROUND));
        board.attachObject(scene.createItem("lane", look.lane.mesh(), look.lane.material(), look.lane.bounds())
                .setQueryFlags(TowerBits.DRAWING));
        placeRocks(scene, look, lane, board, random);
        creeps = new Creeps(scene, look, lane, random);
        turrets = new Turrets(scene, look, creeps, TURRETS);
        Light sun = scene.createLight("sun", Light.Type.DIRECTIONAL).setColor(0.9f, 0.88f, 0.8f);
        scene.rootNode().createChild("sun").yaw(0.7f, Space.LOCAL).pitch(-0.9f, Space.LOCAL).attachObject(sun);
    }

    /** Rocks of random sizes on the board, clear of the lane and of the turrets. */
    private static void placeRocks(SceneManager scene, TowerLook look, Lane lane, SceneNode board,
                                   SplittableRandom random) {
        int placed = 0;
        while (placed < ROCKS) {
            float x = (float) random.nextDouble(-20, 20);
            float z = (float) random.nextDouble(-18, 18);
            float size = (float) random.nextDouble(0.8, 2.2);
            if (lane.near(x, z, size + 0.8f) || nearTurret(x, z, size + 1.5f)) {
                continue;
            }
            board.createChild("rock " + placed).setPosition(x, size / 2, z).yaw((float) random.nextDouble(0, 3),
                    Space.LOCAL).setScale(size, size, size).attachObject(scene.createItem(look.rock.mesh(),
                    look.rock.material(), look.rock.bounds()).setQueryFlags(TowerBits.ROCK));
            placed++;
        }
    }

    private static boolean nearTurret(float x, float z, float clearance) {
        for (int t = 0; t < TURRETS.length; t += 2) {
            if (Math.hypot(TURRETS[t] - x, TURRETS[t + 1] - z) < clearance) {
                return true;
            }
        }
        return false;
    }

    /** One step: a creep spawns when due, every creep walks on, every ready turret shoots. */
    public void tick() {
        if (ticks % SPAWN_TICKS == 0) {
            creeps.spawn();
        }
        if (ticks % Creeps.REGROUP_TICKS == 0) {
            creeps.regroup();
        }
        creeps.move(TICK_SECONDS);
        turrets.fire();
        ticks++;
    }

    /** Writes the world point above turret {@code turret} where its label goes into {@code dest}. */
    public Vector3f labelAnchor(int turret, Vector3f dest) {
        Objects.checkIndex(turret, turrets.count());
        Objects.requireNonNull(dest, "dest");
        return turrets.muzzle(turret, dest).add(0f, LABEL_HEIGHT, 0f);
    }

    public int turretCount() {
        return turrets.count();
    }

    /** {@return the creeps turret {@code turret} has killed} */
    public int kills(int turret) {
        Objects.checkIndex(turret, turrets.count());
        return turrets.kills(turret);
    }

    /** {@return what the game has counted so far} */
    public Score score() {
        return new Score(ticks, creeps.spawned(), creeps.count(), creeps.leaked(), turrets.shots(), turrets.hits(),
                turrets.blocked());
    }

    /**
     * What a game has counted.
     *
     * @param ticks   the ticks played
     * @param spawned the creeps spawned
     * @param alive   the creeps alive now
     * @param leaked  the creeps that reached the lane's end
     * @param shots   the shots fired
     * @param hits    the shots whose first hit was a creep
     * @param blocked the shots whose first hit was a rock
     */
    public record Score(int ticks, int spawned, int alive, int leaked, int shots, int hits, int blocked) {
    }

    Creeps creeps() {
        return creeps;
    }
}
