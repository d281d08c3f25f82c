package io.flatscene.core.scene;

import io.flatscene.core.config.SceneConfig;
import io.flatscene.core.config.TransformKernel;
import io.flatscene.core.testing.AllocationMeter;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.joml.Quaternionf;
import org.joml.Vector3f;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import static io.flatscene.core.scene.SceneInternals.storedWorldCenter;
import static io.flatscene.core.scene.SceneInternals.storedWorldHalfExtents;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * An item's world reads ({@link Item#getWorldCenter}, {@link Item#getWorldHalfExtents}) are current as a node's are:
 * right after a change of the item's node, an ancestor, its local box or its node, without an update, they give the
 * bounds the next bounds pass then stores, to the bit, while the stored bounds (what culling reads until the update)
 * still hold the old ones; and they allocate nothing.
 */
class ItemWorldReadTest {
    private static final float EPSILON = 1e-5f;

    private SceneManager scene;
    private SceneNode parent;
    private SceneNode node;
    private Item item;

    @BeforeEach
    void build() {
        scene = new SceneManager(SceneConfig.builder().maxNodes(64).maxItems(16).validation(true).build());
        parent = scene.rootNode().createChild("parent");
        node = parent.createChild("node");
        item = scene.createItem("box", 0, 0, new Aabb(1f, 0f, 0f, 1f, 2f, 3f));
        node.attachObject(item);
        scene.update();
    }

    @AfterEach
    void close() {
        scene.close();
    }

    private static void assertVector(Vector3f expected, Vector3f actual, String what) {
        assertTrue(expected.equals(actual, EPSILON), what + ": expected " + expected + " but was " + actual);
    }

    /** The fresh reads are what the update then stores, bit for bit, and the stored ones were stale until then. */
    private void assertFreshUntilTheUpdateStoresThem(Vector3f staleCenter, Vector3f staleHalf) {
        Vector3f center = item.getWorldCenter(new Vector3f());
        Vector3f half = item.getWorldHalfExtents(new Vector3f());
        assertEquals(staleCenter, storedWorldCenter(item, new Vector3f()), "the stored center waits for the update");
        assertEquals(staleHalf, storedWorldHalfExtents(item, new Vector3f()), "the stored half extents too");
        scene.update();
        scene.validate();
        assertBits(storedWorldCenter(item, new Vector3f()), center, "center read before the update");
        assertBits(storedWorldHalfExtents(item, new Vector3f()), half, "half extents read before the update");
    }

    private static void assertBits(Vector3f expected, Vector3f actual, String what) {
        for (int axis = 0; axis < 3; axis++) {
            assertEquals(Float.floatToRawIntBits(expected.get(axis)), Float.floatToRawIntBits(actual.get(axis)),
                    what + ", axis " + axis + ": expected " + expected + " but was " + actual);
        }
    }

    @Test
    void aMovedNodesItemReadsItsNewBoundsBeforeAnyUpdate() {
        Vector3f staleCenter = item.getWorldCenter(new Vector3f());
        Vector3f staleHalf = item.getWorldHalfExtents(new Vector3f());
        assertEquals(new Vector3f(1f, 0f, 0f), staleCenter);
        node.setPosition(10f, 20f, 30f).setOrientation(new Quaternionf().rotateZ((float) Math.PI / 2))
                .setScale(2f, 2f, 2f);
        // local (1, 0, 0) scaled to (2, 0, 0), turned a quarter about z to (0, 2, 0); x and y swap in the box
        assertVector(new Vector3f(10f, 22f, 30f), item.getWorldCenter(new Vector3f()), "center");
        assertVector(new Vector3f(4f, 2f, 6f), item.getWorldHalfExtents(new Vector3f()), "half extents");
        assertVector(node.getWorldPosition(new Vector3f()).add(0f, 2f, 0f), item.getWorldCenter(new Vector3f()),
                "as fresh as the node's own read");
        assertFreshUntilTheUpdateStoresThem(staleCenter, staleHalf);
    }

    @Test
    void anAncestorsMoveReachesTheItemAtOnce() {
        Vector3f staleCenter = item.getWorldCenter(new Vector3f());
        Vector3f staleHalf = item.getWorldHalfExtents(new Vector3f());
        parent.setPosition(-5f, 0f, 0f).setScale(1f, 3f, 1f);
        assertVector(new Vector3f(-4f, 0f, 0f), item.getWorldCenter(new Vector3f()), "center");
        assertVector(new Vector3f(1f, 6f, 3f), item.getWorldHalfExtents(new Vector3f()), "half extents");
        assertFreshUntilTheUpdateStoresThem(staleCenter, staleHalf);
    }

    @Test
    void aNewLocalBoxOrNodeIsReadAtOnce() {
        node.setPosition(0f, 0f, -4f);
        scene.update();
        Vector3f staleCenter = item.getWorldCenter(new Vector3f());
        Vector3f staleHalf = item.getWorldHalfExtents(new Vector3f());
        item.setLocalAabb(new Aabb(0f, 1f, 0f, 0.5f, 0.5f, 0.5f));
        assertVector(new Vector3f(0f, 1f, -4f), item.getWorldCenter(new Vector3f()), "new local box: center");
        assertVector(new Vector3f(0.5f), item.getWorldHalfExtents(new Vector3f()), "new local box: half extents");
        assertFreshUntilTheUpdateStoresThem(staleCenter, staleHalf);

        SceneNode other = scene.rootNode().createChild("other").setPosition(7f, 0f, 0f);
        staleCenter = item.getWorldCenter(new Vector3f());
        staleHalf = item.getWorldHalfExtents(new Vector3f());
        item.detachFromParent();
        other.attachObject(item);
        assertVector(new Vector3f(7f, 1f, 0f), item.getWorldCenter(new Vector3f()), "moved to another node");
        assertFreshUntilTheUpdateStoresThem(staleCenter, staleHalf);
    }

    @Test
    void infiniteBoundsStayInfiniteCenteredOnTheMovedNode() {
        item.setLocalAabb(Aabb.INFINITE);
        node.setPosition(3f, 4f, 5f);
        assertEquals(new Vector3f(Float.POSITIVE_INFINITY), item.getWorldHalfExtents(new Vector3f()));
        assertVector(new Vector3f(3f, 4f, 5f), item.getWorldCenter(new Vector3f()), "center on the node");
        scene.update();
        assertEquals(storedWorldHalfExtents(item, new Vector3f()), item.getWorldHalfExtents(new Vector3f()));
        assertEquals(storedWorldCenter(item, new Vector3f()), item.getWorldCenter(new Vector3f()));
    }

    @Test
    void aDetachedItemKeepsWhatTheLastBoundsPassStored() {
        node.setPosition(2f, 0f, 0f);
        scene.update();
        Vector3f kept = item.getWorldCenter(new Vector3f());
        item.detachFromParent();
        node.setPosition(9f, 9f, 9f);
        item.setLocalAabb(new Aabb(0f, 0f, 0f, 5f, 5f, 5f));
        assertEquals(kept, item.getWorldCenter(new Vector3f()));
        assertEquals(new Vector3f(1f, 2f, 3f), item.getWorldHalfExtents(new Vector3f()));
        scene.update();
        assertEquals(kept, item.getWorldCenter(new Vector3f()), "the pass leaves a detached item alone too");
        Item never = scene.createItem("never attached", 0, 0, new Aabb(4f, 5f, 6f, 1f, 1f, 1f));
        assertEquals(new Vector3f(4f, 5f, 6f), never.getWorldCenter(new Vector3f()), "its local box");
    }

    /**
     * Random changes of a small forest (moves, turns, scales, inheritance, reparenting, new local boxes, items moved
     * between nodes), several between updates: every attached item's reads before each update are the bits the
     * update stores, with either transform kernel.
     */
    @ParameterizedTest
    @EnumSource(value = TransformKernel.class, names = {"SCALAR", "AUTO"})
    void readsBeforeAnUpdateAreTheBitsItStores(TransformKernel kernel) {
        try (SceneManager forest = new SceneManager(SceneConfig.builder().maxNodes(64).maxItems(32)
                .transformKernel(kernel).workerThreads(1).build())) {
            Random random = new Random(35);
            List<SceneNode> nodes = new ArrayList<>();
            nodes.add(forest.rootNode());
            for (int i = 0; i < 30; i++) {
                nodes.add(nodes.get(random.nextInt(nodes.size())).createChild("n" + i));
            }
            List<Item> items = new ArrayList<>();
            for (int i = 0; i < 24; i++) {
                Item it = forest.createItem("i" + i, 0, 0, randomBox(random));
                nodes.get(1 + random.nextInt(30)).attachObject(it);
                items.add(it);
            }
            forest.update();
            Vector3f[] centers = new Vector3f[items.size()];
            Vector3f[] halves = new Vector3f[items.size()];
            for (int round = 0; round < 200; round++) {
                for (int change = 0; change < 4; change++) {
                    change(random, nodes, items);
                }
                for (int i = 0; i < items.size(); i++) {
                    centers[i] = items.get(i).getWorldCenter(new Vector3f());
                    halves[i] = items.get(i).getWorldHalfExtents(new Vector3f());
                }
                forest.update();
                forest.validate();
                for (int i = 0; i < items.size(); i++) {
                    String what = "round " + round + ", " + items.get(i);
                    assertBits(storedWorldCenter(items.get(i), new Vector3f()), centers[i], what + ", center");
                    assertBits(storedWorldHalfExtents(items.get(i), new Vector3f()), halves[i], what + ", half");
                }
            }
        }
    }

    private static Aabb randomBox(Random random) {
        return random.nextInt(10) == 0 ? Aabb.INFINITE : new Aabb(random.nextFloat() * 4f - 2f,
                random.nextFloat() * 4f - 2f, random.nextFloat() * 4f - 2f, random.nextFloat() + 0.1f,
                random.nextFloat() + 0.1f, random.nextFloat() + 0.1f);
    }

    private static void change(Random random, List<SceneNode> nodes, List<Item> items) {
        SceneNode target = nodes.get(1 + random.nextInt(nodes.size() - 1));
        Item it = items.get(random.nextInt(items.size()));
        switch (random.nextInt(7)) {
            case 0 -> target.setPosition(random.nextFloat() * 20f - 10f, random.nextFloat() * 20f - 10f,
                    random.nextFloat() * 20f - 10f);
            case 1 -> target.setOrientation(new Quaternionf().rotateXYZ(random.nextFloat() * 3f,
                    random.nextFloat() * 3f, random.nextFloat() * 3f));
            case 2 -> target.setScale(0.5f + random.nextFloat(), 0.5f + random.nextFloat(), -0.5f - random.nextFloat());
            case 3 -> target.setInheritScale(random.nextBoolean()).setInheritOrientation(random.nextBoolean());
            case 4 -> {
                SceneNode newParent = nodes.get(random.nextInt(nodes.size()));
                if (!isUnder(newParent, target)) {
                    target.reparent(newParent);
                }
            }
            case 5 -> it.setLocalAabb(randomBox(random));
            default -> {
                it.detachFromParent();
                target.attachObject(it);
            }
        }
    }

    private static boolean isUnder(SceneNode node, SceneNode ancestor) {
        for (SceneNode at = node; at != null; at = at.parent()) {
            if (at == ancestor) {
                return true;
            }
        }
        return false;
    }

    @Test
    void readsAllocateNothing() {
        SceneNode deep = node.createChild("deep").createChild("deeper");
        Item under = scene.createItem("under", 0, 0, new Aabb(0f, 0f, 0f, 1f, 1f, 1f));
        deep.attachObject(under);
        Vector3f center = new Vector3f();
        Vector3f half = new Vector3f();
        float[] sum = new float[1];
        Runnable reads = () -> {
            for (int i = 0; i < 10_000; i++) {
                parent.setPosition(i * 1e-3f, 0f, 0f);
                sum[0] += under.getWorldCenter(center).x + under.getWorldHalfExtents(half).y
                        + item.getWorldCenter(center).z;
            }
        };
        for (int warmUp = 0; warmUp < 5; warmUp++) {
            reads.run();
        }
        AllocationMeter meter = AllocationMeter.callerAnd("no helper threads", AllocationMeter.liveThreads());
        meter.assertSomeWindowClean("10,000 moves and reads", 4, reads);
        assertTrue(Float.isFinite(sum[0]));
        assertSame(center, under.getWorldCenter(center));
        assertSame(half, under.getWorldHalfExtents(half));
    }
}
