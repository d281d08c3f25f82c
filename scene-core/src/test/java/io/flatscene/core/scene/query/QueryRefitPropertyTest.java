package io.flatscene.core.scene.query;

import io.flatscene.core.config.SceneConfig;
import io.flatscene.core.scene.Aabb;
import io.flatscene.core.scene.LinearScan;
import io.flatscene.core.scene.QueryInternals;
import io.flatscene.core.scene.QueryResult;
import io.flatscene.core.scene.SceneManager;
import io.flatscene.core.scene.SceneNode;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import org.joml.Vector3f;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The update's refit of the query index against the {@link LinearScan} oracle, on one worker and on two at once: the
 * same random scene in both, past the items a sweep shares among workers, changed frame after frame by small steps of
 * every item (a refit), teleports of a few (a refit entry by entry) or of many (a sweep, and a rebuild once the tree
 * has decayed), new and destroyed items, each frame ending in an update. After it a query does no upkeep of the index,
 * finds what the scan finds, and both scenes hold their index in the same bits.
 */
class QueryRefitPropertyTest {
    private static final int ITEMS = 9_000;
    private static final int FRAMES = 24;

    @Property(tries = 4)
    void updatesRefitTheIndexToWhatAScanFindsOnAnyWorkerCount(@ForAll long seed) {
        try (World one = new World(seed, 1); World two = new World(seed, 2)) {
            for (int frame = 0; frame < FRAMES; frame++) {
                String context = "seed " + seed + " frame " + frame;
                one.frame();
                two.frame();
                one.checkQuery(context);
                two.checkQuery(context);
                assertSameIndex(one, two, context);
                if (frame % 8 == 7) {
                    one.scene.validate();
                    two.scene.validate();
                }
            }
        }
    }

    private static void assertSameIndex(World one, World two, String context) {
        QueryIndex a = one.index;
        QueryIndex b = two.index;
        assertEquals(a.entryCount, b.entryCount, context + ": entries");
        assertEquals(a.builtCount, b.builtCount, context + ": built entries");
        assertEquals(a.innerTotal, b.innerTotal, context + ": inner nodes");
        assertArrayEquals(Arrays.copyOf(a.entryId, a.entryCount), Arrays.copyOf(b.entryId, b.entryCount),
                context + ": entry ids");
        assertArrayEquals(bits(a.entryBox, a.entryCount * 6), bits(b.entryBox, b.entryCount * 6),
                context + ": entry boxes");
        int floats = a.innerTotal * QueryIndex.STRIDE;
        assertArrayEquals(bits(a.tree, floats), bits(b.tree, floats), context + ": node boxes");
        assertArrayEquals(bits(a.rootBox, 6), bits(b.rootBox, 6), context + ": root box");
    }

    private static int[] bits(float[] values, int count) {
        int[] bits = new int[count];
        for (int i = 0; i < count; i++) {
            bits[i] = Float.floatToRawIntBits(values[i]);
        }
        return bits;
    }

    private static final class World implements AutoCloseable {
        final Random random;
        final SceneManager scene;
        final QueryIndex index;
        final List<SceneNode> nodes = new ArrayList<>();
        final Vector3f at = new Vector3f();
        final QueryResult indexed = new QueryResult();
        final QueryResult scanned = new QueryResult();

        World(long seed, int workers) {
            random = new Random(seed);
            scene = new SceneManager(SceneConfig.builder().maxNodes(2 * ITEMS).maxItems(2 * ITEMS)
                    .workerThreads(workers).build());
            for (int i = 0; i < ITEMS; i++) {
                create();
            }
            try {
                index = QueryInternals.index(scene);
            } catch (ReflectiveOperationException e) {
                throw new IllegalStateException(e);
            }
            // the first query builds the index, which the updates keep from then on
            scene.queries().box(Aabb.INFINITE, -1, indexed);
        }

        private float signed(float range) {
            return (random.nextFloat() * 2f - 1f) * range;
        }

        private void create() {
            SceneNode node = scene.rootNode().createChild().setPosition(signed(60f), signed(60f), signed(60f));
            float h = 0.2f + random.nextFloat();
            node.attachObject(scene.createItem(0, 0, new Aabb(0f, 0f, 0f, h, h, h)));
            nodes.add(node);
        }

        void frame() {
            int kind = random.nextInt(5);
            if (kind < 2) {
                float step = kind == 0 ? 0.1f : 3f;
                for (SceneNode node : nodes) {
                    node.getPosition(at);
                    node.setPosition(at.x + signed(step), at.y + signed(step), at.z + signed(step));
                }
            } else if (kind == 2) {
                for (int i = 0, count = 1 + random.nextInt(20); i < count; i++) {
                    nodes.get(random.nextInt(nodes.size())).setPosition(signed(60f), signed(60f), signed(60f));
                }
            } else if (kind == 3) {
                for (int i = 0, count = nodes.size() / 2; i < count; i++) {
                    nodes.get(random.nextInt(nodes.size())).setPosition(signed(60f), signed(60f), signed(60f));
                }
            } else {
                for (int i = 0; i < 50; i++) {
                    scene.destroySceneNode(nodes.remove(random.nextInt(nodes.size())));
                }
                for (int i = 0; i < 60; i++) {
                    create();
                }
            }
            scene.update();
        }

        void checkQuery(String context) {
            int upkeeps = index.upkeeps;
            Vector3f center = new Vector3f(signed(60f), signed(60f), signed(60f));
            String what = context + " query ";
            if (random.nextBoolean()) {
                float radius = random.nextFloat() * 20f;
                scene.queries().sphere(center, radius, -1, indexed);
                LinearScan.sphere(scene, center, radius, -1, scanned);
                what += "sphere";
            } else {
                Vector3f direction = new Vector3f(signed(1f), signed(1f), signed(1f)).add(0f, 0f, 0.01f);
                scene.queries().ray(center, direction, 200f, -1, indexed);
                LinearScan.ray(scene, center, direction, 200f, -1, scanned);
                what += "ray";
            }
            assertEquals(upkeeps, index.upkeeps, what + ": the update left the query no upkeep");
            assertEquals(scanned.size(), indexed.size(), what + ": number of items found");
            for (int i = 0; i < scanned.size(); i++) {
                assertEquals(scanned.item(i), indexed.item(i), what + ": item " + i);
                assertEquals(Float.floatToIntBits(scanned.distance(i)), Float.floatToIntBits(indexed.distance(i)),
                        what + ": distance " + i);
            }
        }

        @Override
        public void close() {
            scene.close();
        }
    }
}
