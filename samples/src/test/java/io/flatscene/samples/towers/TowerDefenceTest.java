package io.flatscene.samples.towers;

import io.flatscene.core.config.SceneConfig;
import io.flatscene.core.container.GrowthPolicy;
import io.flatscene.core.scene.Aabb;
import io.flatscene.core.scene.Item;
import io.flatscene.core.scene.NodeGroup;
import io.flatscene.core.scene.SceneManager;
import io.flatscene.core.scene.SceneNode;
import org.joml.Vector3f;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The tower game over a scene alone, no renderer: each test tick is a frame's game step followed by the scene's
 * update, as the viewer runs it. Mesh and material ids are only numbers to the scene, so made-up ones serve, and the
 * turret is a prefab of two parts made by hand.
 */
class TowerDefenceTest {
    private static final Aabb UNIT = new Aabb(0f, 0f, 0f, 0.5f, 0.5f, 0.5f);
    private static final int TICKS = 1800;

    static TowerLook look() {
        Prefab turret = new Prefab(new int[]{-1, 0}, new float[]{0f, 0.5f, 0f, 0f, 0f, 0f, 1f, 1f, 1f, 1f, 0f, 1f, 0f,
            0f, 0f, 0f, 1f, 0.4f, 0.4f, 1.2f}, new String[]{"base", "barrel"}, new int[]{0, 1}, new int[]{5, 5},
                new int[]{6, 6}, new Aabb[]{UNIT, UNIT});
        return new TowerLook(new TowerLook.Drawn(0, 0, new Aabb(0f, 0f, 0f, 24f, 0f, 20f)),
                new TowerLook.Drawn(1, 1, new Aabb(0f, 0f, 0f, Lane.HEIGHT, Lane.HEIGHT, Lane.HEIGHT)),
                new TowerLook.Drawn(2, 2, UNIT), new TowerLook.Drawn(3, 3, new Aabb(0f, 0f, -0.5f, 0f, 0f, 0.5f)),
                new TowerLook.Drawn(4, 4, new Aabb(-3f, 0.05f, -1f, 17f, 0f, 15f)), turret, 1f);
    }

    private static SceneManager scene() {
        // FAIL: the game must fit the capacities it needs, with no growth hiding a leak
        return new SceneManager(SceneConfig.builder().maxNodes(1024).maxItems(1024).maxLights(4)
                .growthPolicy(GrowthPolicy.FAIL).build());
    }

    @Test
    void creepsWalkTheLaneAndTurretsShootThemUnlessARockIsInTheWay() {
        try (SceneManager scene = scene()) {
            TowerDefence game = new TowerDefence(scene, look(), 7L);
            scene.update();
            Vector3f expected = new Vector3f();
            Vector3f actual = new Vector3f();
            int ticksWithDeadInGroup = 0;
            for (int t = 0; t < TICKS; t++) {
                game.tick();
                scene.update();
                Creeps creeps = game.creeps();
                NodeGroup group = creeps.group();
                boolean deadInGroup = false;
                for (int i = 0; i < group.size(); i++) {
                    deadInGroup |= !group.node(i).isAlive();
                }
                ticksWithDeadInGroup += deadInGroup ? 1 : 0;
                // every live creep is where its lane distance puts it, moved by the group or one by one
                int live = 0;
                for (int id = 0; id < 1024; id++) {
                    if (creeps.alive(id)) {
                        live++;
                        creeps.node(id).getWorldPosition(actual);
                        assertEquals(creeps.position(id, expected), actual, "creep " + id + " at tick " + t);
                    }
                }
                assertEquals(creeps.count(), live);
                if (t % 200 == 0) {
                    scene.validate();
                }
            }
            TowerDefence.Score score = game.score();
            assertEquals(TICKS, score.ticks());
            assertEquals(TICKS / TowerDefence.SPAWN_TICKS, score.spawned());
            int kills = 0;
            for (int turret = 0; turret < game.turretCount(); turret++) {
                kills += game.kills(turret);
            }
            assertEquals(score.spawned() - score.alive() - score.leaked(), kills, "every creep gone was killed or "
                    + "leaked: " + score);
            assertTrue(kills > 10 && score.hits() > kills && score.blocked() > 0, score.toString());
            assertTrue(score.shots() >= score.hits() + score.blocked(), score.toString());
            assertTrue(ticksWithDeadInGroup > 100, "the node group outlived its dead members on only "
                    + ticksWithDeadInGroup + " ticks");
            scene.validate();
        }
    }

    @Test
    void theSameSeedPlaysTheSameGame() {
        try (SceneManager first = scene(); SceneManager second = scene()) {
            TowerDefence a = new TowerDefence(first, look(), 3L);
            TowerDefence b = new TowerDefence(second, look(), 3L);
            for (int t = 0; t < 600; t++) {
                a.tick();
                first.update();
                b.tick();
                second.update();
            }
            assertEquals(a.score(), b.score());
        }
    }

    /** Each turret is the prefab's two parts with their items, which only the turret bit asks for. */
    @Test
    void turretsAreBuiltFromThePrefab() {
        try (SceneManager scene = scene()) {
            TowerDefence game = new TowerDefence(scene, look(), 1L);
            SceneNode turrets = scene.findNodeByName("turrets").orElseThrow();
            int bodies = 0;
            for (int c = 0; c < turrets.childCount(); c++) {
                SceneNode child = turrets.child(c);
                if (child.name().startsWith("turret ")) {
                    SceneNode base = child.child(0).child(0);
                    assertEquals("base", base.name());
                    assertEquals("barrel", base.child(0).name());
                    Item barrel = (Item) base.child(0).attachedObject(0);
                    assertEquals(TowerBits.TURRET, barrel.queryFlags());
                    assertEquals(5, barrel.meshId());
                    bodies++;
                }
            }
            assertEquals(game.turretCount(), bodies);
            Vector3f anchor = game.labelAnchor(0, new Vector3f());
            assertTrue(anchor.y > 2f, "a label goes over its turret: " + anchor);
        }
    }
}
