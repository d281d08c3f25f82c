package io.flatscene.samples.asteroids;

import io.flatscene.core.config.SceneConfig;
import io.flatscene.core.scene.Item;
import io.flatscene.core.scene.Light;
import io.flatscene.core.scene.SceneManager;
import io.flatscene.core.scene.SceneNode;
import io.flatscene.core.scene.Space;
import java.util.Objects;
import java.util.SplittableRandom;
import org.joml.Vector3f;

/**
 * An asteroid game as a FlatScene user writes one: a ship on autopilot shooting its way through a field of drifting,
 * spinning asteroids. The game keeps its state in its own flat arrays and uses the scene for what it is for:
 * placing and drawing things, and telling it what a bullet hits.
 *
 * <p>One {@link #tick()} is one fixed step of {@link #TICK_SECONDS}, whatever the wall clock says, and all randomness
 * comes from the seed, so the same number of ticks is the same game on every run and every machine. A tick expects
 * the scene's bounds as of the end of the previous tick (a frame's update does that): it tests the bullets' paths
 * against them before anything moves, then moves everything and fires.
 */
public final class AsteroidGame {
    public static final float TICK_SECONDS = 1f / 60f;
    /** Ticks between two shots. */
    static final int FIRE_INTERVAL = 4;
    private static final float BULLET_SPEED = 80f;
    private static final int FLASH_TICKS = 24;
    private static final float BEACON_DISTANCE = 95f;

    private final Field field;
    private final Bullets bullets;
    private final Ship ship;
    private final Light flash;
    private final SceneNode flashNode;
    private final int asteroidsAtStart;
    private final Vector3f muzzle = new Vector3f();
    private final Vector3f aim = new Vector3f();
    private final Bullets.Hits scoring = this::onHit;
    private int ticks;
    private int fired;
    private int hits;
    private int score;
    private int flashAge = FLASH_TICKS;

    /**
     * Builds the game's {@code asteroids} asteroids, ship, beacons and lights in {@code scene}.
     *
     * @throws IllegalArgumentException if {@code asteroids} is negative or more than a scene holds
     *                                  ({@link SceneConfig#MAX_CAPACITY})
     */
    public AsteroidGame(SceneManager scene, Look look, int asteroids, long seed) {
        Objects.requireNonNull(scene, "scene");
        Objects.requireNonNull(look, "look");
        if (asteroids < 0 || asteroids > SceneConfig.MAX_CAPACITY) {
            throw new IllegalArgumentException("an asteroid game of " + asteroids + " asteroids: the count must be "
                    + "from 0 to " + SceneConfig.MAX_CAPACITY + ", the most items a scene holds");
        }
        SplittableRandom random = new SplittableRandom(seed);
        asteroidsAtStart = asteroids;
        field = new Field(scene, look, asteroids, random);
        bullets = new Bullets(scene, look, new HitTest(scene), Bullets.LIFETIME_TICKS / FIRE_INTERVAL + 1);
        ship = new Ship(scene, look);
        ship.fly(0);
        Light star = scene.createLight("star", Light.Type.DIRECTIONAL).setColor(0.75f, 0.75f, 0.85f);
        scene.rootNode().createChild("star").yaw(0.5f, Space.LOCAL).pitch(-0.8f, Space.LOCAL).attachObject(star);
        SceneNode beacons = scene.rootNode().createChild("beacons");
        for (int b = 0; b < 4; b++) {
            double angle = Math.PI / 4 + b * Math.PI / 2;
            float x = BEACON_DISTANCE * (float) StrictMath.cos(angle);
            float z = BEACON_DISTANCE * (float) StrictMath.sin(angle);
            SceneNode beacon = beacons.createChild("beacon " + b).setPosition(x, 0f, z);
            Item body = scene.createItem(look.ball(), look.beacon(), look.ballBounds());
            body.setQueryFlags(QueryBits.SCENERY);
            beacon.createChild().setScale(1.5f, 1.5f, 1.5f).attachObject(body);
            beacon.attachObject(scene.createLight("beacon " + b, Light.Type.POINT).setColor(0.4f, 0.8f, 1.2f)
                    .setRange(45f));
        }
        flashNode = scene.rootNode().createChild("explosion flash");
        flash = scene.createLight("explosion flash", Light.Type.POINT).setColor(0f, 0f, 0f).setRange(30f);
        flashNode.attachObject(flash);
    }

    /**
     * One step: bullets hit or fly on, the asteroids drift, the ship flies on and, every {@link #FIRE_INTERVAL}
     * ticks, fires from its turret.
     */
    public void tick() {
        bullets.step(TICK_SECONDS, field, scoring);
        field.drift(TICK_SECONDS);
        ticks++;
        ship.fly(ticks * (double) TICK_SECONDS);
        if (ticks % FIRE_INTERVAL == 0) {
            ship.muzzle(muzzle, aim);
            bullets.fire(muzzle, aim.mul(BULLET_SPEED).add(ship.velocity()));
            fired++;
        }
        fadeFlash();
    }

    /** A hit: small asteroids are worth more; the flash lights up where it was. */
    private void onHit(Field rocks, int asteroid) {
        float radius = rocks.radius(asteroid);
        score += radius < 1f ? 100 : radius < 1.6f ? 50 : 20;
        hits++;
        flashNode.setPosition(rocks.x(asteroid), rocks.y(asteroid), rocks.z(asteroid));
        flashAge = 0;
    }

    private void fadeFlash() {
        if (flashAge > FLASH_TICKS) {
            return;
        }
        float strength = 1f - (float) flashAge / FLASH_TICKS;
        flash.setColor(2.5f * strength, 1.6f * strength, 0.7f * strength);
        flashAge++;
    }

    /** The node a following camera rides on: behind and above the ship, looking where it flies. */
    public SceneNode chaseNode() {
        return ship.chase();
    }

    public int ticks() {
        return ticks;
    }

    public int score() {
        return score;
    }

    public int asteroidsLeft() {
        return field.count();
    }

    public int asteroidsAtStart() {
        return asteroidsAtStart;
    }

    public int bulletsAlive() {
        return bullets.count();
    }

    public int bulletsFired() {
        return fired;
    }

    public int hits() {
        return hits;
    }

    Field field() {
        return field;
    }
}
