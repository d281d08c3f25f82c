package io.flatscene.core.scene;

import io.flatscene.core.config.SceneConfig;
import org.joml.Vector3f;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

class FrameStatsTest {
    private static FrameStats filled() {
        FrameStats stats = new FrameStats();
        stats.nodesUpdated = 7;
        stats.itemsTested = 300;
        stats.itemsVisible = 120;
        stats.batches = 4;
        stats.transformNanos = 1_250_000L;
        stats.boundsNanos = 2_000_000L;
        stats.queryIndexNanos = 600_000L;
        stats.cullNanos = 500_000L;
        stats.sortNanos = 3L;
        stats.queueNanos = 40_000_000L;
        return stats;
    }

    /** A camera 20 units up z, looking down at the items. */
    private static Camera eye(SceneManager scene) {
        Camera camera = scene.createCamera("eye");
        scene.rootNode().createChild("eye").setPosition(0, 0, 20).attachObject(camera);
        return camera;
    }

    /** Ten unit items on nodes along x, of materials 0 and 1 in turn. */
    private static SceneNode[] tenItems(SceneManager scene) {
        Aabb box = new Aabb(-0.5f, -0.5f, -0.5f, 0.5f, 0.5f, 0.5f);
        SceneNode[] nodes = new SceneNode[10];
        for (int i = 0; i < nodes.length; i++) {
            nodes[i] = scene.rootNode().createChild().setPosition(i - 5, 0, 0);
            nodes[i].attachObject(scene.createItem(0, i % 2, box));
        }
        return nodes;
    }

    @Test
    void theTotalSumsEveryPass() {
        assertEquals(44_350_003L, filled().totalNanos());
    }

    /** In the root locale whatever the machine's, so that a log line reads the same everywhere. */
    @Test
    void theSummaryGivesCountsAndMillisecondsPerPass() {
        assertEquals("nodes updated 7, items visible 120/300, batches 4, ms: transforms 1.250, bounds 2.000, "
                + "query index 0.600, cull 0.500, sort 0.000, queue 40.000", filled().toString());
    }

    @Test
    void aKeptCullClearsOnlyTheCullsWork() {
        FrameStats stats = filled();
        stats.keptCull();
        assertEquals(0, stats.itemsTested());
        assertEquals(0L, stats.cullNanos());
        assertEquals(0L, stats.sortNanos());
        assertEquals(0L, stats.queueNanos());
        assertEquals(120, stats.itemsVisible(), "the kept queue's items are still visible");
        assertEquals(4, stats.batches());
        assertEquals(7, stats.nodesUpdated());
        assertEquals(1_250_000L, stats.transformNanos());
        assertEquals(2_000_000L, stats.boundsNanos());
        assertEquals(600_000L, stats.queryIndexNanos());
    }

    @Test
    void aSnapshotCopiesEveryFigureAndTheSummary() {
        FrameStats stats = filled();
        FrameStats.Snapshot snapshot = stats.snapshot();
        assertEquals(new FrameStats.Snapshot(7, 300, 120, 4, 1_250_000L, 2_000_000L, 600_000L, 500_000L, 3L,
                40_000_000L),
                snapshot);
        assertEquals(stats.totalNanos(), snapshot.totalNanos());
        assertEquals(stats.toString(), snapshot.toString());
    }

    /**
     * The scene's update statistics and a queue's are each one reused object: a stored reference reads the latest
     * frame, a snapshot the frame it was taken in.
     */
    @Test
    void aSnapshotKeepsItsFrameWhileTheLiveObjectMovesOn() {
        try (SceneManager scene = new SceneManager(SceneConfig.builder().maxNodes(64).maxItems(64)
                .validation(true).build())) {
            Camera camera = eye(scene);
            SceneNode[] nodes = tenItems(scene);
            RenderQueue queue = new RenderQueue();
            FrameStats update = scene.update();
            scene.cull(camera, queue);
            FrameStats.Snapshot firstUpdate = update.snapshot();
            FrameStats.Snapshot firstCull = queue.stats().snapshot();
            assertEquals(12, firstUpdate.nodesUpdated(), "the root, the eye and ten item nodes");
            assertEquals(10, firstCull.itemsVisible());
            assertEquals(2, firstCull.batches());

            for (int i = 0; i < 6; i++) {
                nodes[i].setPosition(0, 0, 100);
            }
            assertSame(update, scene.update(), "the update statistics are one reused object");
            scene.cull(camera, queue);
            scene.validate();

            assertEquals(6, update.nodesUpdated(), "the live object reads the latest frame");
            assertEquals(4, queue.stats().itemsVisible());
            assertNotEquals(firstCull, queue.stats().snapshot());
            assertEquals(12, firstUpdate.nodesUpdated(), "the snapshot keeps its frame");
            assertEquals(10, firstCull.itemsVisible());
            assertEquals(2, firstCull.batches());
            assertEquals(10, firstCull.itemsTested());
        }
    }

    /**
     * The update's refit of the query index shows in its statistics, and a cull's copy of them, once a query built the
     * index; a scene never queried keeps none and shows none, however much moves.
     */
    @Test
    void theQueryIndexRefitShowsOnceAQueryBuiltTheIndex() {
        try (SceneManager scene = new SceneManager(SceneConfig.builder().maxNodes(64).maxItems(64)
                .validation(true).build())) {
            Camera camera = eye(scene);
            SceneNode[] nodes = tenItems(scene);
            RenderQueue queue = new RenderQueue();
            for (int frame = 0; frame < 3; frame++) {
                nodes[frame].setPosition(frame, 1, 0);
                assertEquals(0L, scene.update().queryIndexNanos(), "no query ran: there is no index to refit");
                scene.cull(camera, queue);
                assertEquals(0L, queue.stats().queryIndexNanos());
            }
            scene.queries().box(Aabb.INFINITE, -1);
            for (int frame = 0; frame < 3; frame++) {
                for (SceneNode node : nodes) {
                    node.setPosition(node.getPosition(new Vector3f()).add(0, 0, 1));
                }
                FrameStats stats = scene.update();
                assertTrue(stats.queryIndexNanos() > 0L, "the items moved: the update refitted the index");
                assertEquals(stats.queryIndexNanos(), stats.snapshot().queryIndexNanos());
                scene.cull(camera, queue);
                assertEquals(stats.queryIndexNanos(), queue.stats().queryIndexNanos(), "the cull copies the update's");
            }
            scene.validate();
        }
    }

    /**
     * Each pass's time lies within the time of the call that ran it, on a full cull and on an incremental one: the
     * bookkeeping of the timings (each a difference of two clock reads inside the call), not their size, so no load on
     * the machine can fail it; speed is the benchmarks' to judge.
     */
    @Test
    void eachPassTimeLiesWithinItsCall() {
        try (SceneManager scene = new SceneManager(SceneConfig.builder().maxNodes(64).maxItems(64).build())) {
            Camera camera = eye(scene);
            SceneNode[] nodes = tenItems(scene);
            RenderQueue queue = new RenderQueue();
            scene.update();
            for (int frame = 0; frame < 3; frame++) {
                nodes[frame].setPosition(frame, 1, 0);
                long before = System.nanoTime();
                FrameStats update = scene.update();
                long updateTook = System.nanoTime() - before;
                assertEquals(1, update.nodesUpdated(), "the one node moved");
                assertWithin(updateTook, update.transformNanos(), update.boundsNanos());
                before = System.nanoTime();
                scene.cull(camera, queue);
                long cullTook = System.nanoTime() - before;
                FrameStats cull = queue.stats();
                assertEquals(frame == 0 ? 10 : 1, cull.itemsTested(), "a full cull, then the moved item alone");
                assertWithin(cullTook, cull.cullNanos(), cull.sortNanos(), cull.queueNanos());
            }
        }
    }

    private static void assertWithin(long took, long... passes) {
        for (long nanos : passes) {
            assertTrue(nanos >= 0L && nanos <= took, nanos + " ns of a call that took " + took);
        }
    }
}
