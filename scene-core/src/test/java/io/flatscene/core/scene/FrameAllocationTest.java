package io.flatscene.core.scene;

import io.flatscene.core.config.SceneConfig;
import io.flatscene.core.config.TransformKernel;
import io.flatscene.core.testing.AllocationMeter;
import java.util.Arrays;
import java.util.Set;
import org.joml.Vector3f;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A steady frame allocates nothing, on the caller's thread or on the scene's workers: measured with the JVM's
 * per-thread allocation counters over 1,000 frames after warm-up, while the game moves nodes between frames.
 */
class FrameAllocationTest {
    private static final String WORKER_PREFIX = "flatscene-worker";
    private static final int NODES = 20_000;
    private static final int WARM_UP_FRAMES = 200;
    private static final int MEASURED_FRAMES = 1_000;
    private static final int MOVES_PER_FRAME = 64;
    private static final int MAX_WINDOWS = 4;

    @ParameterizedTest(name = "{0} worker thread(s), {1} transform kernel")
    @CsvSource({"2, AUTO", "1, AUTO", "1, SCALAR"})
    void steadyFramesAllocateNothing(int workers, TransformKernel kernel) {
        Set<Thread> threadsBefore = AllocationMeter.liveThreads();
        try (SceneManager scene = new SceneManager(SceneConfig.builder().maxNodes(NODES + 16).maxItems(NODES + 16)
                .workerThreads(workers).transformKernel(kernel).build())) {
            Camera camera = scene.createCamera("eye");
            scene.rootNode().createChild("eye").setPosition(0, 40, 250).lookAt(new Vector3f(), Space.PARENT)
                    .attachObject(camera);
            SceneNode[] nodes = new SceneNode[NODES];
            Aabb box = new Aabb(0, 0, 0, 0.5f, 0.5f, 0.5f);
            // A band of 18,000 root children (past the parallel band threshold), the rest one to three levels
            // deeper, part of them static; one item per node, past the parallel item threshold.
            for (int i = 0; i < NODES; i++) {
                SceneNode parent = i < 18_000 ? scene.rootNode()
                        : i < 19_000 ? nodes[(i * 7919) % 18_000]
                        : nodes[i - 1_000];
                SceneNode node = parent.createChild().setPosition((i % 200) - 100f, (i / 200 % 20) - 10f,
                        -(i / 4000) * 20f);
                if (i < 18_000 && i % 5 == 0) {
                    node.setStatic(true);
                }
                nodes[i] = node;
                node.attachObject(scene.createItem(i % 7, i % 5, box).setTransparent(i % 11 == 0));
            }
            Mover mover = new Mover(scene, nodes);
            for (int frame = 0; frame < WARM_UP_FRAMES; frame++) {
                mover.moveSome(frame);
                scene.updateFrame(camera);
            }
            assertTrue(scene.renderQueue().instanceCount() > 1000, "a third or so of the scene should be visible: "
                    + scene.renderQueue().instanceCount());

            AllocationMeter meter = AllocationMeter.callerAnd(WORKER_PREFIX, threadsBefore);
            assertEquals(workers, meter.threadNames().length, "the caller and the scene's " + (workers - 1)
                    + " worker thread(s): " + Arrays.toString(meter.threadNames()));
            // One clean window of 1,000 frames among a few, for the reason AllocationMeter gives: a late C2
            // compilation may allocate a few strings in any window, while anything the frame itself allocates,
            // even once per 1,000 frames, dirties every window.
            meter.assertSomeWindowClean(MEASURED_FRAMES + " frames", MAX_WINDOWS, () -> {
                for (int frame = 0; frame < MEASURED_FRAMES; frame++) {
                    mover.moveSome(frame);
                    scene.updateFrame(camera);
                }
            });
        }
    }

    /**
     * Moves a few nodes per frame, as a game would between frames: some one by one, a block of them in bulk, and a
     * group of others through a {@link NodeGroup}.
     */
    private static final class Mover {
        private static final int BULK = 64;
        private final SceneManager scene;
        private final SceneNode[] nodes;
        private final SceneNode[] bulk = new SceneNode[BULK];
        private final float[] bulkPositions = new float[BULK * 3];
        private final NodeGroup group;
        private int seed = 12345;

        Mover(SceneManager scene, SceneNode[] nodes) {
            this.scene = scene;
            this.nodes = nodes;
            System.arraycopy(nodes, nodes.length - BULK, bulk, 0, BULK);
            group = scene.createNodeGroup(Arrays.copyOf(nodes, BULK), BULK);
        }

        /** An LCG inline, since java.util.Random would do as well but is one more thing to trust not to allocate. */
        void moveSome(int frame) {
            for (int m = 0; m < MOVES_PER_FRAME; m++) {
                seed = seed * 1_103_515_245 + 12_345;
                int index = (seed >>> 1) % nodes.length;
                nodes[index].setPosition((index % 200) - 100f, (frame % 17) * 0.25f, -(index / 4000) * 20f);
            }
            for (int i = 0; i < BULK; i++) {
                bulkPositions[i * 3] = i;
                bulkPositions[i * 3 + 1] = (frame % 13) * 0.5f;
            }
            scene.setPositions(bulk, bulkPositions, BULK);
            group.setPositions(bulkPositions);
        }
    }
}
