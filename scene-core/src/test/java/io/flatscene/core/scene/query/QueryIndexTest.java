package io.flatscene.core.scene.query;

import io.flatscene.core.config.SceneConfig;
import io.flatscene.core.scene.Aabb;
import io.flatscene.core.scene.Item;
import io.flatscene.core.scene.QueryInternals;
import io.flatscene.core.scene.QueryResult;
import io.flatscene.core.scene.SceneManager;
import io.flatscene.core.scene.SceneNode;
import io.flatscene.core.testing.AllocationMeter;
import java.lang.reflect.Field;
import java.util.List;
import java.util.Set;
import org.joml.Matrix4f;
import org.joml.Vector3f;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** What the indexed queries promise beyond their results: freshness, no allocation, the thread rule, bad input. */
class QueryIndexTest {
    private static final Aabb UNIT = new Aabb(0f, 0f, 0f, 0.5f, 0.5f, 0.5f);
    private static final Vector3f DOWN = new Vector3f(0f, 0f, -1f);

    private static SceneManager newScene(int capacity) {
        return new SceneManager(SceneConfig.builder().maxNodes(capacity).maxItems(capacity).workerThreads(1)
                .build());
    }

    @Test
    void queriesSeeTheSceneAsItIsWithNoFrameRun() {
        try (SceneManager scene = newScene(256)) {
            QueryResult result = new QueryResult();
            SceneNode node = scene.rootNode().createChild().setPosition(5f, 0f, 0f);
            Item item = scene.createItem(0, 0, UNIT);
            node.attachObject(item);
            // no frame yet: the query runs the update itself
            scene.queries().ray(new Vector3f(5f, 0f, 10f), DOWN, 100f, -1, result);
            assertEquals(1, result.size());
            assertSame(item, result.item(0));
            assertEquals(9.5f, result.distance(0));

            node.setPosition(-5f, 0f, 0f);
            assertTrue(scene.queries().ray(new Vector3f(5f, 0f, 10f), DOWN, 100f, -1, result).isEmpty(), "moved away");
            assertEquals(List.of(item), scene.queries().sphere(new Vector3f(-5f, 0f, 0f), 0.1f, -1));

            SceneNode parent = scene.rootNode().createChild().setPosition(0f, 20f, 0f);
            node.reparent(parent);
            assertEquals(List.of(item), scene.queries().box(new Aabb(-5f, 20f, 0f, 0.1f, 0.1f, 0.1f), -1), "moved with "
                    + "its new parent");

            scene.destroyItem(item);
            assertTrue(scene.queries().box(Aabb.INFINITE, -1, result).isEmpty(), "destroyed");
            scene.validate();
        }
    }

    @Test
    void frustumQueryFindsWhatTheCameraSees() {
        try (SceneManager scene = newScene(256)) {
            Item ahead = scene.createItem(0, 0, UNIT);
            scene.rootNode().createChild().setPosition(0f, 0f, -10f).attachObject(ahead);
            Item behind = scene.createItem(0, 0, UNIT);
            scene.rootNode().createChild().setPosition(0f, 0f, 10f).attachObject(behind);
            Item sky = scene.createItem(0, 0, Aabb.INFINITE);
            scene.rootNode().createChild().setPosition(0f, 0f, 500f).attachObject(sky);
            Matrix4f viewProjection = new Matrix4f().perspective(1f, 1f, 0.1f, 100f)
                    .lookAt(0f, 0f, 0f, 0f, 0f, -1f, 0f, 1f, 0f);
            assertEquals(Set.of(ahead, sky), Set.copyOf(scene.queries().frustum(viewProjection, -1)));
        }
    }

    @Test
    void aQueryWithAReusedResultAllocatesNothing() {
        int count = 20_000;
        Set<Thread> threadsBefore = AllocationMeter.liveThreads();
        try (SceneManager scene = newScene(count + 16)) {
            SceneNode[] nodes = new SceneNode[count];
            for (int i = 0; i < count; i++) {
                nodes[i] = scene.rootNode().createChild().setPosition(i % 200, i / 200 % 100, -(i / 20_000) * 4f);
                nodes[i].attachObject(scene.createItem(0, 0, UNIT));
            }
            QueryResult result = new QueryResult();
            Vector3f origin = new Vector3f();
            Vector3f direction = new Vector3f(1f, 0.37f, 0.01f);
            Vector3f center = new Vector3f();
            Aabb box = new Aabb(50f, 50f, 0f, 4f, 4f, 1f);
            Matrix4f viewProjection = new Matrix4f().perspective(0.5f, 1f, 0.1f, 60f)
                    .lookAt(100f, 50f, 30f, 100f, 50f, 0f, 0f, 1f, 0f);
            int[] found = new int[1];
            Runnable queries = () -> {
                for (int q = 0; q < 1_000; q++) {
                    // a move between queries makes the next one bring the bounds and the index up to date
                    nodes[q * 7 % count].setPosition(q % 200, q * 3 % 100, 0f);
                    origin.set(-5f, q % 100, 0f);
                    found[0] += scene.queries().ray(origin, direction, 500f, -1, result).size();
                    found[0] += scene.queries().box(box, -1, result).size();
                    center.set(q % 200, 20f, 0f);
                    found[0] += scene.queries().sphere(center, 3f, -1, result).size();
                    found[0] += scene.queries().frustum(viewProjection, -1, result).size();
                }
            };
            for (int warmUp = 0; warmUp < 5; warmUp++) {
                queries.run();
            }
            assertTrue(found[0] > 10_000, "the queries should find items: " + found[0]);
            AllocationMeter meter = AllocationMeter.callerAnd("flatscene-worker", threadsBefore);
            meter.assertSomeWindowClean("4,000 queries", 4, queries);
            scene.validate();
        }
    }

    @Test
    void aQueryOnAThreadThatDoesNotOwnTheSceneIsRefusedAndOneDuringTheOwnersPassToo() throws InterruptedException {
        try (SceneManager scene = newScene(64)) {
            scene.rootNode().createChild().attachObject(scene.createItem(0, 0, UNIT));
            Throwable[] thrown = new Throwable[2];
            Thread other = new Thread(() -> {
                try {
                    scene.queries().ray(new Vector3f(0f, 0f, 5f), DOWN, 10f, -1);
                } catch (Throwable t) {
                    thrown[0] = t;
                }
            }, "other thread");
            other.start();
            other.join();
            assertTrue(thrown[0] instanceof IllegalStateException, String.valueOf(thrown[0]));
            assertTrue(thrown[0].getMessage().startsWith("cannot run a ray query: the scene belongs to thread '"
                    + Thread.currentThread().getName() + "', not to thread 'other thread'"), thrown[0].getMessage());
            QueryInternals.beginPass(scene, "run a frame");
            try {
                IllegalStateException refused = assertThrows(IllegalStateException.class,
                        () -> scene.queries().box(UNIT, -1, new QueryResult()));
                assertTrue(refused.getMessage().contains("a frame is already running on thread '"
                        + Thread.currentThread().getName() + "'"), refused.getMessage());
            } finally {
                QueryInternals.endPass(scene);
            }
            assertEquals(1, scene.queries().sphere(new Vector3f(), 1f, -1).size(), "allowed once the frame ended");
        }
    }

    @Test
    void badInputNamesTheRuleBroken() {
        try (SceneManager scene = newScene(64)) {
            scene.rootNode().createChild().attachObject(scene.createItem(0, 0, UNIT));
            QueryResult result = new QueryResult();
            Vector3f origin = new Vector3f();
            assertMessage(IllegalArgumentException.class, "origin must be finite",
                    () -> scene.queries().ray(new Vector3f(Float.NaN, 0f, 0f), DOWN, 10f, -1, result));
            assertMessage(IllegalArgumentException.class, "direction must be finite and not zero",
                    () -> scene.queries().ray(origin, new Vector3f(), 10f, -1, result));
            assertMessage(IllegalArgumentException.class, "direction must be finite",
                    () -> scene.queries().ray(origin, new Vector3f(0f, Float.POSITIVE_INFINITY, 0f), 10f, -1, result));
            assertMessage(IllegalArgumentException.class, "distance must be >= 0",
                    () -> scene.queries().ray(origin, DOWN, -1f, -1, result));
            assertMessage(IllegalArgumentException.class, "radius must be >= 0",
                    () -> scene.queries().sphere(origin, -2f, -1, result));
            assertMessage(IllegalArgumentException.class, "center must be finite",
                    () -> scene.queries().sphere(new Vector3f(0f, 0f, Float.NaN), 1f, -1, result));
            assertMessage(IllegalArgumentException.class, "matrix must be finite",
                    () -> scene.queries().frustum(new Matrix4f().m00(Float.NaN), -1, result));
            assertMessage(NullPointerException.class, "result",
                    () -> scene.queries().ray(origin, DOWN, 1f, -1, null));
            assertMessage(NullPointerException.class, "result", () -> scene.queries().box(UNIT, -1, null));
            assertMessage(NullPointerException.class, "result", () -> scene.queries().sphere(origin, 1f, -1, null));
            assertMessage(NullPointerException.class, "result",
                    () -> scene.queries().frustum(new Matrix4f(), -1, null));
            assertMessage(IllegalArgumentException.class, "QueryResult capacity -1 must be between 0 and",
                    () -> new QueryResult(-1));
            // the scene is as it was, and the result answers the next query
            scene.validate();
            assertEquals(1, scene.queries().box(UNIT, -1, result).size());
        }
    }

    private static void assertMessage(Class<? extends RuntimeException> type, String part, Runnable call) {
        RuntimeException thrown = assertThrows(type, call::run);
        assertTrue(thrown.getMessage() != null && thrown.getMessage().contains(part), "expected '" + part + "' in: "
                + thrown.getMessage());
    }

    @Test
    void aResultIsReusedAndHoldsNothingOnceCleared() {
        try (SceneManager scene = newScene(64)) {
            Item near = scene.createItem(0, 0, UNIT);
            scene.rootNode().createChild().setPosition(0f, 0f, 2f).attachObject(near);
            Item far = scene.createItem(0, 0, UNIT);
            scene.rootNode().createChild().setPosition(0f, 0f, -2f).attachObject(far);
            QueryResult result = new QueryResult(0);
            // a direction of length 4: distances are in world units all the same
            scene.queries().ray(new Vector3f(0f, 0f, 10f), new Vector3f(0f, 0f, -4f), 100f, -1, result);
            assertEquals(2, result.size());
            assertSame(near, result.item(0));
            assertEquals(7.5f, result.distance(0));
            assertSame(far, result.item(1));
            assertEquals(11.5f, result.distance(1));
            scene.queries().box(new Aabb(0f, 0f, -2f, 0.1f, 0.1f, 0.1f), -1, result);
            assertEquals(1, result.size());
            assertSame(far, result.item(0));
            assertEquals(0f, result.distance(0));
            assertThrows(IndexOutOfBoundsException.class, () -> result.item(1));
            assertFalse(result.isEmpty());
            result.clear();
            assertTrue(result.isEmpty());
            assertEquals(0, result.size());
        }
    }

    @Test
    void aClearedResultHoldsOnToNoItem() throws ReflectiveOperationException {
        try (SceneManager scene = newScene(64)) {
            for (int i = 0; i < 3; i++) {
                scene.rootNode().createChild().setPosition(i, 0f, 0f).attachObject(scene.createItem(0, 0, UNIT));
            }
            QueryResult result = scene.queries().box(Aabb.INFINITE, -1, new QueryResult());
            assertEquals(3, result.size());
            result.clear();
            Field items = QueryResult.class.getDeclaredField("items");
            items.setAccessible(true);
            for (Object held : (Object[]) items.get(result)) {
                assertNull(held, "a cleared result keeps no item from being collected");
            }
        }
    }

    /**
     * A sphere that reaches a box across a gap shorter than one unit on one axis: the node test measures that gap
     * squared (a quarter here), which a test that took a unit per axis outside the box would overstate.
     */
    @Test
    void aSphereFindsABoxAcrossAGapOfUnderAUnit() {
        try (SceneManager scene = newScene(128)) {
            for (int i = 0; i < 100; i++) {
                scene.rootNode().createChild().setPosition(i % 10 * 3f, i / 10 * 3f, 0f)
                        .attachObject(scene.createItem(0, 0, UNIT));
            }
            QueryResult result = new QueryResult();
            scene.queries().box(Aabb.INFINITE, -1, result);
            assertEquals(100, result.size(), "the first query builds the tree over all of them");
            scene.queries().sphere(new Vector3f(28f, 0f, 0f), 0.7f, -1, result);
            assertEquals(1, result.size());
            assertEquals(new Vector3f(27f, 0f, 0f), result.item(0).parentNode().getPosition(new Vector3f()));
            scene.queries().sphere(new Vector3f(28f, 0f, 0f), 0.45f, -1, result);
            assertTrue(result.isEmpty(), "the gap is half a unit");
            // the same gap on the other two axes, each alone
            scene.queries().sphere(new Vector3f(0f, 28f, 0f), 0.7f, -1, result);
            assertEquals(new Vector3f(0f, 27f, 0f), result.item(0).parentNode().getPosition(new Vector3f()));
            scene.queries().sphere(new Vector3f(0f, 0f, 1f), 0.7f, -1, result);
            assertEquals(new Vector3f(0f, 0f, 0f), result.item(0).parentNode().getPosition(new Vector3f()));
            assertEquals(1, result.size());
        }
    }
}
