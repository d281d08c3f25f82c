package io.flatscene.samples.asteroids;

import io.flatscene.core.config.SceneConfig;
import io.flatscene.core.container.GrowthPolicy;
import io.flatscene.core.scene.Aabb;
import io.flatscene.core.scene.Item;
import io.flatscene.core.scene.SceneManager;
import io.flatscene.core.scene.SceneNode;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The game over a scene alone, no renderer: each test tick is a frame's game step followed by the scene's update,
 * as the viewer runs it. Mesh and material ids are only numbers to the scene, so made-up ones serve.
 */
class AsteroidGameTest {
    private static final Aabb UNIT = new Aabb(0f, 0f, 0f, 1f, 1f, 1f);
    private static final Look LOOK = new Look(0, UNIT, 1, new Aabb(0f, 0f, 0f, 0.5f, 0.5f, 0.5f), 2, UNIT, 0, 4, 5,
            6, 7);
    private static final int ASTEROIDS = 20_000;
    /**
     * Root, field, bullets; ship, hull, wings, engine light, turret, turret body, barrel, muzzle, chase camera; star,
     * beacons, four beacons and their bodies; explosion flash.
     */
    private static final int FIXED_NODES = 3 + 9 + 10 + 1;
    /** Hull, wings, turret body, barrel; four beacon bodies. */
    private static final int FIXED_ITEMS = 8;

    private static SceneManager scene() {
        // FAIL: the game must fit the capacities its counts say it needs, with no growth hiding a leak
        return new SceneManager(SceneConfig.builder().maxNodes(ASTEROIDS + 64).maxItems(ASTEROIDS + 64).maxLights(16)
                .growthPolicy(GrowthPolicy.FAIL).build());
    }

    private static void frame(AsteroidGame game, SceneManager scene) {
        game.tick();
        scene.update();
    }

    @Test
    void aBulletThatHitsGoesWithItsAsteroidItemsAndAll() {
        try (SceneManager scene = scene()) {
            AsteroidGame game = new AsteroidGame(scene, LOOK, ASTEROIDS, 15L);
            scene.update();
            SceneNode bulletGroup = scene.findNodeByName("bullets").orElseThrow();
            int hitTicks = 0;
            for (int t = 0; t < 150; t++) {
                SceneNode[] rocks = new SceneNode[game.asteroidsLeft()];
                Item[] rockItems = new Item[rocks.length];
                for (int a = 0; a < rocks.length; a++) {
                    rocks[a] = game.field().node(a);
                    rockItems[a] = (Item) rocks[a].attachedObject(0);
                    assertEquals(a, rockItems[a].tag(), "asteroid " + a + "'s tag");
                }
                SceneNode[] bullets = new SceneNode[bulletGroup.childCount()];
                Item[] bulletItems = new Item[bullets.length];
                for (int b = 0; b < bullets.length; b++) {
                    bullets[b] = bulletGroup.child(b);
                    bulletItems[b] = (Item) bullets[b].attachedObject(0);
                }
                int hitsBefore = game.hits();
                int expiredBefore = expired(game);

                frame(game, scene);

                int hits = game.hits() - hitsBefore;
                int expired = expired(game) - expiredBefore;
                assertEquals(hits, deadNodes(rocks, rockItems), "asteroids gone at tick " + game.ticks());
                assertEquals(hits + expired, deadNodes(bullets, bulletItems), "bullets gone at tick " + game.ticks());
                assertEquals(rocks.length - hits, game.asteroidsLeft());
                if (hits > 0) {
                    hitTicks++;
                }
            }
            assertTrue(hitTicks > 10, "bullets hit on only " + hitTicks + " ticks");
        }
    }

    /** Bullets fired that neither hit nor fly on: those that lived out their lifetime. */
    private static int expired(AsteroidGame game) {
        return game.bulletsFired() - game.hits() - game.bulletsAlive();
    }

    /** How many of {@code nodes} were destroyed; each one's item must have gone with it, and the others' not. */
    private static int deadNodes(SceneNode[] nodes, Item[] items) {
        int dead = 0;
        for (int i = 0; i < nodes.length; i++) {
            assertEquals(nodes[i].isAlive(), items[i].isAlive(), "node " + i + " and its item");
            if (!nodes[i].isAlive()) {
                dead++;
            }
        }
        return dead;
    }

    @Test
    void afterManyTicksTheSceneValidatesAndHoldsExactlyWhatTheGameHas() {
        try (SceneManager scene = scene()) {
            AsteroidGame game = new AsteroidGame(scene, LOOK, ASTEROIDS, 15L);
            scene.update();
            assertEquals(FIXED_NODES + ASTEROIDS, scene.nodeCount());
            assertEquals(FIXED_ITEMS + ASTEROIDS, scene.itemCount());
            assertEquals(8, scene.lightCount(), "the star, the engine, the muzzle, four beacons, the flash");
            for (int t = 1; t <= 300; t++) {
                frame(game, scene);
                if (t % 50 == 0) {
                    scene.validate();
                    int objects = game.asteroidsLeft() + game.bulletsAlive();
                    assertEquals(FIXED_NODES + objects, scene.nodeCount(), "nodes at tick " + t);
                    assertEquals(FIXED_ITEMS + objects, scene.itemCount(), "items at tick " + t);
                    assertEquals(ASTEROIDS - game.hits(), game.asteroidsLeft());
                }
            }
            assertEquals(300 / AsteroidGame.FIRE_INTERVAL, game.bulletsFired());
            assertTrue(game.bulletsAlive() <= Bullets.LIFETIME_TICKS / AsteroidGame.FIRE_INTERVAL,
                    game.bulletsAlive() + " bullets alive");
            assertTrue(game.hits() > 0 && game.score() >= game.hits() * 20, game.hits() + " hits, score "
                    + game.score());
            assertTrue(expired(game) > 0, "no bullet lived out its lifetime in " + game.ticks() + " ticks");
            assertEquals(8, scene.lightCount());
        }
    }

    @Test
    void theSameSeedPlaysTheSameGame() {
        int[][] runs = new int[2][];
        for (int r = 0; r < 2; r++) {
            try (SceneManager scene = scene()) {
                AsteroidGame game = new AsteroidGame(scene, LOOK, 5_000, 3L);
                scene.update();
                for (int t = 0; t < 120; t++) {
                    frame(game, scene);
                }
                runs[r] = new int[]{game.score(), game.hits(), game.asteroidsLeft(), game.bulletsAlive(),
                        Float.floatToIntBits(game.field().x(0)), Float.floatToIntBits(game.field().z(0))};
                assertFalse(game.hits() == 0, "nothing was hit, so the comparison shows little");
            }
        }
        assertEquals(Arrays.toString(runs[0]), Arrays.toString(runs[1]));
    }
}
