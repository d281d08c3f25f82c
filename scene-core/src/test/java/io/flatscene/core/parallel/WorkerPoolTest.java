package io.flatscene.core.parallel;

import com.sun.management.ThreadMXBean;
import java.lang.management.ManagementFactory;
import java.util.concurrent.atomic.AtomicLongArray;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class WorkerPoolTest {

    @Test
    void everyShareRunsOnceAndTheCallerWaitsForAll() {
        try (WorkerPool pool = new WorkerPool("test", 3)) {
            int[] out = new int[10_000];
            for (int round = 1; round <= 200; round++) {
                int value = round;
                pool.run((worker, workers) -> {
                    for (int i = WorkerPool.shareStart(out.length, worker, workers);
                         i < WorkerPool.shareStart(out.length, worker + 1, workers); i++) {
                        out[i] += value;
                    }
                });
                int expected = round * (round + 1) / 2;
                for (int i = 0; i < out.length; i++) {
                    assertEquals(expected, out[i], "round " + round + " index " + i);
                }
            }
        }
    }

    @Test
    void sharesCoverTheRangeWithoutGapsOrOverlap() {
        for (int workers = 1; workers <= 7; workers++) {
            for (int count = 0; count < 50; count++) {
                assertEquals(0, WorkerPool.shareStart(count, 0, workers));
                assertEquals(count, WorkerPool.shareStart(count, workers, workers));
                for (int w = 0; w < workers; w++) {
                    assertEquals(true, WorkerPool.shareStart(count, w, workers)
                            <= WorkerPool.shareStart(count, w + 1, workers));
                }
            }
        }
    }

    @Test
    void aWorkersExceptionReachesTheCallerAndThePoolKeepsWorking() {
        try (WorkerPool pool = new WorkerPool("test", 2)) {
            IllegalArgumentException thrown = new IllegalArgumentException("boom");
            IllegalArgumentException caught = assertThrows(IllegalArgumentException.class, () -> pool.run(
                    (worker, workers) -> {
                        if (worker == 1) {
                            throw thrown;
                        }
                    }));
            assertSame(thrown, caught);
            AtomicLongArray ran = new AtomicLongArray(2);
            pool.run((worker, workers) -> ran.incrementAndGet(worker));
            assertEquals(1, ran.get(0));
            assertEquals(1, ran.get(1));
        }
    }

    @Test
    void everyWorkersFailureReachesTheCaller() {
        try (WorkerPool pool = new WorkerPool("test", 3)) {
            IllegalStateException caught = assertThrows(IllegalStateException.class, () -> pool.run(
                    (worker, workers) -> {
                        throw new IllegalStateException("worker " + worker);
                    }));
            assertEquals(2, caught.getSuppressed().length, "the first is thrown, the other two ride along");
        }
    }

    /** A task that runs another on its own pool is refused, from any worker, rather than hanging or corrupting. */
    @Test
    void aTaskCannotRunAnotherOnItsOwnPool() {
        for (int workers = 1; workers <= 3; workers++) {
            try (WorkerPool pool = new WorkerPool("nested", workers)) {
                for (int asking = 0; asking < workers; asking++) {
                    int from = asking;
                    IllegalStateException e = assertThrows(IllegalStateException.class, () -> pool.run(
                            (worker, count) -> {
                                if (worker == from) {
                                    pool.run((w, c) -> { });
                                }
                            }));
                    assertTrue(e.getMessage().startsWith("a task cannot run another task on the worker pool running "
                            + "it, from thread '"), e.getMessage());
                }
                AtomicLongArray ran = new AtomicLongArray(workers);
                pool.run((worker, count) -> ran.incrementAndGet(worker));
                for (int w = 0; w < workers; w++) {
                    assertEquals(1, ran.get(w), "the pool still works, worker " + w);
                }
            }
        }
    }

    @Test
    void aClosedPoolRefusesWork() {
        WorkerPool pool = new WorkerPool("test", 2);
        pool.close();
        assertThrows(IllegalStateException.class, () -> pool.run((worker, workers) -> { }));
    }

    @Test
    void runningATaskAllocatesNothingOnAnyThread() throws InterruptedException {
        ThreadMXBean threads = (ThreadMXBean) ManagementFactory.getThreadMXBean();
        try (WorkerPool pool = new WorkerPool("alloc", 2)) {
            long[] threadIds = new long[2];
            float[] data = new float[4096];
            WorkerPool.Task task = (worker, workers) -> {
                threadIds[worker] = Thread.currentThread().getId();
                for (int i = WorkerPool.shareStart(data.length, worker, workers);
                     i < WorkerPool.shareStart(data.length, worker + 1, workers); i++) {
                    data[i] = data[i] * 0.5f + 1f;
                }
            };
            for (int i = 0; i < 5_000; i++) {
                pool.run(task);
            }
            long before = threads.getThreadAllocatedBytes(threadIds[0]) + threads.getThreadAllocatedBytes(threadIds[1]);
            for (int i = 0; i < 1_000; i++) {
                pool.run(task);
            }
            long after = threads.getThreadAllocatedBytes(threadIds[0]) + threads.getThreadAllocatedBytes(threadIds[1]);
            assertEquals(0, after - before, "bytes allocated by 1,000 runs on the caller and its worker");
        }
    }
}
