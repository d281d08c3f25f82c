package io.flatscene.core.scene.frame;

import io.flatscene.core.scene.FrameStats;
import io.flatscene.core.scene.RenderQueue;
import io.flatscene.core.scene.SceneNode;
import io.flatscene.core.scene.VisibilityScenes;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.statistics.Statistics;
import org.joml.Matrix4x3f;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The same scene, built and driven identically, with 1, 2 and 4 worker threads: the parallel passes split bands and
 * items differently for each count, yet every world matrix, the visible set, the sorted queue and its batches must
 * be bit for bit the same.
 */
class ParallelFramePropertyTest {
    /** The parallel thresholds of TransformPass (per band) and FramePipeline (items); the scenes exceed both. */
    private static final int PARALLEL_BAND = 16_384;
    private static final int PARALLEL_ITEMS = 8_192;
    private static final int[] WORKERS = {1, 2, 4};

    @Property(tries = 20)
    void everyThreadCountProducesTheSameFrame(@ForAll long seed,
                                              @ForAll @IntRange(min = 28_000, max = 40_000) int nodeCount,
                                              @ForAll @IntRange(min = 9_000, max = 30_000) int itemCount) {
        int depthOne = nodeCount * 4 / 5;
        VisibilityScenes.Built[] scenes = new VisibilityScenes.Built[WORKERS.length];
        try {
            for (int s = 0; s < scenes.length; s++) {
                scenes[s] = VisibilityScenes.build(seed, nodeCount, itemCount, depthOne, 0.25, WORKERS[s]);
            }
            assertTrue(dynamicDepthOneNodes(scenes[0]) > PARALLEL_BAND, "one band must cross the parallel threshold");
            assertTrue(scenes[0].scene.itemCount() > PARALLEL_ITEMS);
            Random[] randoms = new Random[scenes.length];
            for (int s = 0; s < scenes.length; s++) {
                randoms[s] = new Random(seed * 31 + 7);
            }
            for (int frame = 0; frame < 4; frame++) {
                Frame[] frames = new Frame[scenes.length];
                for (int s = 0; s < scenes.length; s++) {
                    VisibilityScenes.aimCamera(randoms[s], scenes[s]);
                    FrameStats stats = scenes[s].scene.updateFrame(scenes[s].camera);
                    frames[s] = Frame.of(scenes[s], stats);
                }
                Statistics.label("frame visible items").collect(frames[0].items.length == 0 ? "none"
                        : frames[0].items.length < 1000 ? "under 1000" : "1000 or more");
                for (int s = 1; s < scenes.length; s++) {
                    frames[0].assertSame(frames[s], "seed " + seed + " frame " + frame + ", 1 vs " + WORKERS[s]
                            + " workers");
                }
                for (int s = 0; s < scenes.length; s++) {
                    // Many moves (a band's worth of dirty nodes) and, every other frame, structural changes.
                    VisibilityScenes.mutate(randoms[s], scenes[s], frame % 2 == 0 ? 20_000 : 300, frame % 2 == 1);
                }
            }
        } finally {
            for (VisibilityScenes.Built built : scenes) {
                if (built != null) {
                    built.close();
                }
            }
        }
    }

    private static int dynamicDepthOneNodes(VisibilityScenes.Built built) {
        int count = 0;
        for (SceneNode node : built.nodes) {
            if (!node.isRoot() && node.depth() == 1 && !node.isStatic()) {
                count++;
            }
        }
        return count;
    }

    /** Everything a frame produces that a renderer or game could observe. */
    private record Frame(float[] world, int[] items, long[] keys, int[] slots, int[] batches, int[] stats) {
        static Frame of(VisibilityScenes.Built built, FrameStats stats) {
            int nodes = built.nodes.size();
            float[] world = new float[(nodes + 1) * 12];
            Matrix4x3f m = new Matrix4x3f();
            for (int n = 0; n < nodes; n++) {
                built.nodes.get(n).getWorldMatrix(m).get(world, n * 12);
            }
            built.cameraNode.getWorldMatrix(m).get(world, nodes * 12);
            RenderQueue queue = built.scene.renderQueue();
            int count = queue.instanceCount();
            int[] items = new int[count];
            long[] keys = new long[count];
            int[] slots = new int[count];
            for (int i = 0; i < count; i++) {
                items[i] = queue.instanceItem(i);
                keys[i] = queue.instanceKey(i);
                slots[i] = queue.instanceTransformSlot(i);
            }
            int[] batches = new int[queue.batchCount() * 6];
            for (int b = 0; b < queue.batchCount(); b++) {
                batches[b * 6] = queue.batchMeshId(b);
                batches[b * 6 + 1] = queue.batchMaterialId(b);
                batches[b * 6 + 2] = queue.batchRenderQueueGroup(b);
                batches[b * 6 + 3] = queue.batchTransparent(b) ? 1 : 0;
                batches[b * 6 + 4] = queue.batchFirstInstance(b);
                batches[b * 6 + 5] = queue.batchInstanceCount(b);
            }
            return new Frame(world, items, keys, slots, batches, new int[] {stats.nodesUpdated(),
                stats.itemsTested(), stats.itemsVisible(), stats.batches()});
        }

        void assertSame(Frame other, String context) {
            assertEquals(world.length, other.world.length, context);
            for (int i = 0; i < world.length; i++) {
                // Bit patterns, so that -0.0 against 0.0 or two NaNs count as what they are.
                if (Float.floatToRawIntBits(world[i]) != Float.floatToRawIntBits(other.world[i])) {
                    throw new AssertionError(context + ": world matrix of node #" + (i / 12) + " element "
                            + (i % 12) + ": " + world[i] + " vs " + other.world[i]);
                }
            }
            assertArrayEquals(items, other.items, context + ": queued items");
            assertArrayEquals(keys, other.keys, context + ": keys");
            assertArrayEquals(slots, other.slots, context + ": transform slots");
            assertArrayEquals(batches, other.batches, context + ": batches");
            assertArrayEquals(stats, other.stats, context + ": nodes updated, tested, visible, batches");
        }
    }
}
