package io.flatscene.core.scene;

import io.flatscene.core.config.SceneConfig;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.joml.Matrix4f;
import org.joml.Quaternionf;
import org.joml.Vector3f;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The query index against the {@link LinearScan} oracle: random scenes changed by random moves, rotations, scales,
 * new local boxes (infinite ones too), new and destroyed items and nodes, reparenting, attachment, query flags and
 * frames, each followed by a random ray, box, sphere or frustum query. The index must find the same items in the same
 * order (nearest first for rays, then global index) with the same distances, bit for bit, and pass the scene's
 * validation (which checks the index) after every structural change.
 */
class QueryOraclePropertyTest {
    private static final int STEPS = 300;

    @Property(tries = 40)
    void indexedQueriesMatchALinearScan(@ForAll long seed, @ForAll @IntRange(min = 1, max = 2) int workers) {
        int[] found = new int[4];
        try (World world = new World(seed, workers, 300, 2_048)) {
            for (int step = 0; step < STEPS; step++) {
                world.change();
                found[world.random.nextInt(4)] += world.checkQuery("seed " + seed + " step " + step);
            }
        }
        assertTrue(found[0] + found[1] + found[2] + found[3] > 0, "the queries found nothing at all");
    }

    /** Past 4,096 items the frames sort the items spatially, moving their global indices under the index. */
    @Property(tries = 3)
    void indexedQueriesMatchALinearScanWhileTheItemsAreSorted(@ForAll long seed) {
        try (World world = new World(seed, 2, 5_000, 8_192)) {
            for (int step = 0; step < 60; step++) {
                world.change();
                world.checkQuery("seed " + seed + " step " + step);
                if (step % 10 == 0) {
                    world.scene.update();
                }
            }
        }
    }

    private static final class World implements AutoCloseable {
        final Random random;
        final SceneManager scene;
        final List<SceneNode> nodes = new ArrayList<>();
        final List<Item> items = new ArrayList<>();
        final QueryResult indexed = new QueryResult(0);
        final QueryResult scanned = new QueryResult();

        World(long seed, int workers, int count, int capacity) {
            random = new Random(seed);
            scene = new SceneManager(SceneConfig.builder().maxNodes(capacity).maxItems(capacity)
                    .workerThreads(workers).validation(count < 1_000).build());
            for (int i = 0; i < count; i++) {
                createItem();
            }
        }

        private float signed(float range) {
            return (random.nextFloat() * 2f - 1f) * range;
        }

        private Aabb randomBox() {
            if (random.nextInt(40) == 0) {
                return Aabb.INFINITE;
            }
            return new Aabb(signed(1f), signed(1f), signed(1f), random.nextFloat() * 4f, random.nextFloat() * 4f,
                    random.nextFloat() * 4f);
        }

        private void createItem() {
            SceneNode parent = nodes.isEmpty() || random.nextInt(3) == 0 ? scene.rootNode()
                    : nodes.get(random.nextInt(nodes.size()));
            SceneNode node = parent.createChild().setPosition(signed(50f), signed(50f), signed(50f));
            nodes.add(node);
            Item item = scene.createItem(0, 0, randomBox());
            items.add(item);
            node.attachObject(item);
        }

        private <T> T pick(List<T> list) {
            return list.get(random.nextInt(list.size()));
        }

        void change() {
            int op = random.nextInt(100);
            if (nodes.isEmpty() || items.isEmpty() || op < 8) {
                createItem();
            } else if (op < 40) {
                pick(nodes).setPosition(signed(50f), signed(50f), signed(50f));
            } else if (op < 48) {
                pick(nodes).setOrientation(new Quaternionf().rotateXYZ(signed(3f), signed(3f), signed(3f)));
            } else if (op < 52) {
                float s = 0.2f + random.nextFloat() * 2f;
                pick(nodes).setScale(s, s * (0.5f + random.nextFloat()), s);
            } else if (op < 58) {
                pick(items).setLocalAabb(randomBox());
            } else if (op < 64) {
                Item item = items.remove(random.nextInt(items.size()));
                scene.destroyItem(item);
            } else if (op < 68) {
                destroyNode(pick(nodes));
            } else if (op < 76) {
                reparent(pick(nodes));
            } else if (op < 82) {
                Item item = pick(items);
                if (item.isAttached()) {
                    item.detachFromParent();
                } else {
                    pick(nodes).attachObject(item);
                }
            } else if (op < 88) {
                pick(items).setQueryFlags(random.nextInt(4));
            } else if (op < 92) {
                scene.update();
            } else {
                for (int i = 0; i < 20; i++) {
                    pick(nodes).setPosition(signed(50f), signed(50f), signed(50f));
                }
            }
        }

        /** Both modes: the default takes the subtree's items along, the other leaves them detached. */
        private void destroyNode(SceneNode node) {
            scene.destroySceneNode(node, random.nextBoolean() ? DestroyMode.SUBTREE : DestroyMode.SUBTREE_KEEP_OBJECTS);
            nodes.removeIf(n -> !n.isAlive());
            items.removeIf(i -> !i.isAlive());
        }

        private void reparent(SceneNode node) {
            int choice = random.nextInt(4);
            if (choice == 0) {
                node.detachFromParent();
                return;
            }
            SceneNode parent = choice == 1 ? scene.rootNode() : pick(nodes);
            try {
                node.reparent(parent);
            } catch (IllegalArgumentException cycle) {
                // a node under itself: refused, the scene unchanged, as the next query checks
                assertTrue(cycle.getMessage().contains("cycle") || cycle.getMessage().contains("static"),
                        cycle.getMessage());
            }
        }

        /** @return the number of items found */
        int checkQuery(String context) {
            int mask = random.nextInt(8) == 0 ? 0b10 : -1;
            Vector3f origin = new Vector3f(signed(70f), signed(70f), signed(70f));
            int kind = random.nextInt(4);
            switch (kind) {
                case 0 -> {
                    Vector3f direction = new Vector3f(signed(1f), signed(1f), signed(1f));
                    if (random.nextInt(3) == 0) {
                        direction.setComponent(random.nextInt(3), 0f);
                    }
                    if (direction.lengthSquared() == 0f) {
                        direction.set(0f, 0f, -1f);
                    }
                    float maxDistance = random.nextInt(5) == 0 ? Float.POSITIVE_INFINITY : random.nextFloat() * 150f;
                    scene.queries().ray(origin, direction, maxDistance, mask, indexed);
                    LinearScan.ray(scene, origin, direction, maxDistance, mask, scanned);
                }
                case 1 -> {
                    Aabb box = new Aabb(origin.x, origin.y, origin.z, random.nextFloat() * 30f,
                            random.nextFloat() * 30f, random.nextFloat() * 30f);
                    scene.queries().box(box, mask, indexed);
                    LinearScan.box(scene, box, mask, scanned);
                }
                case 2 -> {
                    float radius = random.nextFloat() * 40f;
                    scene.queries().sphere(origin, radius, mask, indexed);
                    LinearScan.sphere(scene, origin, radius, mask, scanned);
                }
                default -> {
                    Matrix4f viewProjection = new Matrix4f()
                            .perspective(0.3f + random.nextFloat() * 1.2f, 0.5f + random.nextFloat() * 1.5f, 0.1f,
                                    20f + random.nextFloat() * 150f)
                            .lookAt(origin, new Vector3f(signed(40f), signed(40f), signed(40f)),
                                    new Vector3f(0f, 1f, 0f));
                    scene.queries().frustum(viewProjection, mask, indexed);
                    LinearScan.frustum(scene, viewProjection, mask, scanned);
                }
            }
            String what = context + " query kind " + kind;
            assertEquals(scanned.size(), indexed.size(), what + ": number of items found");
            for (int i = 0; i < scanned.size(); i++) {
                assertEquals(scanned.item(i), indexed.item(i), what + ": item " + i);
                assertEquals(Float.floatToIntBits(scanned.distance(i)), Float.floatToIntBits(indexed.distance(i)),
                        what + ": distance " + i);
            }
            return indexed.size();
        }

        @Override
        public void close() {
            scene.close();
        }
    }
}
