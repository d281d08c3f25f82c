package io.flatscene.core.scene;

import com.sun.management.ThreadMXBean;
import io.flatscene.core.config.SceneConfig;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import org.joml.Vector3f;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

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

    @ParameterizedTest(name = "{0} worker thread(s)")
    @ValueSource(ints = {2, 1})
    void steadyFramesAllocateNothing(int workers) {
        ThreadMXBean threads = (ThreadMXBean) ManagementFactory.getThreadMXBean();
        assertTrue(threads.isThreadAllocatedMemorySupported() && threads.isThreadAllocatedMemoryEnabled(),
                "per-thread allocation counters are needed");
        Set<Thread> threadsBefore = Thread.getAllStackTraces().keySet();
        try (SceneManager scene = new SceneManager(SceneConfig.builder().maxNodes(NODES + 16).maxItems(NODES + 16)
                .workerThreads(workers).build())) {
            Camera camera = scene.createCamera("eye");
            scene.getRootNode().createChild("eye").setPosition(0, 40, 250).lookAt(new Vector3f(), Space.PARENT)
                    .attachObject(camera);
            SceneNode[] nodes = new SceneNode[NODES];
            Aabb box = new Aabb(0, 0, 0, 0.5f, 0.5f, 0.5f);
            // A band of 18,000 root children (past the parallel band threshold), the rest one to three levels
            // deeper, part of them static; one item per node, past the parallel item threshold.
            for (int i = 0; i < NODES; i++) {
                SceneNode parent = i < 18_000 ? scene.getRootNode()
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
            int seed = 12345;
            for (int frame = 0; frame < WARM_UP_FRAMES; frame++) {
                seed = moveSome(nodes, seed, frame);
                scene.updateFrame(camera);
            }
            assertTrue(scene.renderQueue().instanceCount() > 1000, "a third or so of the scene should be visible: "
                    + scene.renderQueue().instanceCount());

            long[] ids = measuredThreadIds(threadsBefore, workers);
            // The first C2 compilation of any method of a class resolves every string constant of that class on
            // the thread that asked for it (HotSpot's CompileBroker does so for C2), a few dozen bytes of String
            // that no frame code allocates; a late compilation after the warm-up can land inside a window. So
            // each window is measured apart, and the test asks for one clean window of 1,000 frames among a few:
            // anything the frame itself allocates, even once per 1,000 frames, dirties every window.
            long[] windows = new long[MAX_WINDOWS];
            for (int window = 0; window < MAX_WINDOWS; window++) {
                // The caller's own counter is read last before and first after, so that the test's own
                // bookkeeping around the reads stays outside the measured region.
                long before = workerBytes(threads, ids) + threads.getThreadAllocatedBytes(ids[0]);
                for (int frame = 0; frame < MEASURED_FRAMES; frame++) {
                    seed = moveSome(nodes, seed, frame);
                    scene.updateFrame(camera);
                }
                long after = threads.getThreadAllocatedBytes(ids[0]) + workerBytes(threads, ids);
                windows[window] = after - before;
                if (windows[window] == 0) {
                    return;
                }
            }
            throw new AssertionError("every window of " + MEASURED_FRAMES + " frames allocated, on the caller and "
                    + (ids.length - 1) + " worker thread(s); bytes per window: " + Arrays.toString(windows));
        }
    }

    /** An LCG inline, since java.util.Random would do as well but is one more thing to trust not to allocate. */
    private static int moveSome(SceneNode[] nodes, int seed, int frame) {
        for (int m = 0; m < MOVES_PER_FRAME; m++) {
            seed = seed * 1_103_515_245 + 12_345;
            int index = (seed >>> 1) % nodes.length;
            nodes[index].setPosition((index % 200) - 100f, (frame % 17) * 0.25f, -(index / 4000) * 20f);
        }
        return seed;
    }

    /** The caller and the threads the scene's pool started, found by name before the measured region. */
    private static long[] measuredThreadIds(Set<Thread> threadsBefore, int workers) {
        List<Long> ids = new ArrayList<>();
        ids.add(Thread.currentThread().getId());
        for (Thread thread : Thread.getAllStackTraces().keySet()) {
            if (thread.getName().startsWith(WORKER_PREFIX) && !threadsBefore.contains(thread)) {
                ids.add(thread.getId());
            }
        }
        assertEquals(workers, ids.size(), "the caller and the scene's " + (workers - 1) + " worker thread(s): "
                + ids);
        return ids.stream().mapToLong(Long::longValue).toArray();
    }

    private static long workerBytes(ThreadMXBean threads, long[] ids) {
        long total = 0;
        for (int i = 1; i < ids.length; i++) {
            long bytes = threads.getThreadAllocatedBytes(ids[i]);
            if (bytes < 0) {
                throw new AssertionError("worker thread " + ids[i] + " ended while measured");
            }
            total += bytes;
        }
        return total;
    }
}
