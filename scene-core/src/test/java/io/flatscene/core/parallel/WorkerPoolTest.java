package io.flatscene.core.parallel;

import com.sun.management.ThreadMXBean;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLongArray;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
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

    @Test
    void aPoolNeedsAWorker() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new WorkerPool("empty", 0));
        assertEquals("empty: workers 0 must be at least 1", e.getMessage());
    }

    /**
     * A pool of n workers starts n - 1 daemon threads named after it (a game that forgets to close it still exits);
     * they park once idle, giving their cores back, and end when it is closed.
     */
    @Test
    void workerThreadsAreDaemonsThatParkWhenIdleAndEndOnClose() throws InterruptedException {
        WorkerPool pool = new WorkerPool("lifecycle", 3);
        assertEquals(3, pool.size());
        List<Thread> workers = threadsNamed("lifecycle-worker-");
        assertEquals(List.of("lifecycle-worker-1", "lifecycle-worker-2"),
                workers.stream().map(Thread::getName).toList());
        for (Thread worker : workers) {
            assertTrue(worker.isDaemon(), worker.getName());
        }
        pool.run((worker, count) -> { });
        for (Thread worker : workers) {
            awaitState(worker, Thread.State.WAITING);
        }
        pool.close();
        for (Thread worker : workers) {
            worker.join(10_000);
            assertFalse(worker.isAlive(), worker.getName() + " still runs after close");
        }
    }

    /** A single-worker pool has no threads of its own. */
    @Test
    void aPoolOfOneRunsOnTheCaller() {
        try (WorkerPool pool = new WorkerPool("single", 1)) {
            assertEquals(List.of(), threadsNamed("single-worker-"));
            Thread[] ran = new Thread[1];
            pool.run((worker, count) -> ran[worker] = Thread.currentThread());
            assertSame(Thread.currentThread(), ran[0]);
        }
    }

    @Test
    void aWorkersErrorReachesTheCallerAsItIs() {
        for (int workers = 1; workers <= 2; workers++) {
            try (WorkerPool pool = new WorkerPool("error", workers)) {
                StackOverflowError thrown = new StackOverflowError("deep");
                int failing = workers - 1;
                StackOverflowError caught = assertThrows(StackOverflowError.class, () -> pool.run(
                        (worker, count) -> {
                            if (worker == failing) {
                                throw thrown;
                            }
                        }));
                assertSame(thrown, caught);
            }
        }
    }

    /**
     * A checked throwable thrown past the compiler, by any worker the caller included, comes back wrapped, and the
     * pool still runs tasks from the same thread afterwards.
     */
    @Test
    void aWorkersCheckedThrowableComesBackWrapped() {
        for (int workers = 1; workers <= 3; workers++) {
            try (WorkerPool pool = new WorkerPool("checked", workers)) {
                for (int failing = 0; failing < workers; failing++) {
                    IOException thrown = new IOException("disk");
                    int from = failing;
                    IllegalStateException caught = assertThrows(IllegalStateException.class, () -> pool.run(
                            (worker, count) -> {
                                if (worker == from) {
                                    WorkerPoolTest.<RuntimeException>sneakyThrow(thrown);
                                }
                            }));
                    assertEquals("a worker failed", caught.getMessage());
                    assertSame(thrown, caught.getCause(), "worker " + from + " of " + workers);
                    AtomicLongArray ran = new AtomicLongArray(workers);
                    pool.run((worker, count) -> ran.incrementAndGet(worker));
                    for (int w = 0; w < workers; w++) {
                        assertEquals(1, ran.get(w), "the next run, worker " + w);
                    }
                }
            }
        }
    }

    /**
     * Shares that meet only at multiples of the alignment: each start is the even split's rounded up to the
     * alignment, within the range, the first at its start and the one past the last at its end.
     */
    @Test
    void alignedSharesMeetAtMultiplesOfTheAlignment() {
        for (int alignment : new int[] {1, 4, 64}) {
            for (int from : new int[] {0, 3, 64, 130}) {
                for (int length = 0; length < 300; length += 7) {
                    int to = from + length;
                    for (int workers = 1; workers <= 5; workers++) {
                        assertEquals(from, WorkerPool.alignedShareStart(from, to, 0, workers, alignment));
                        assertEquals(to, WorkerPool.alignedShareStart(from, to, workers, workers, alignment));
                        for (int w = 1; w < workers; w++) {
                            long even = from + (long) length * w / workers;
                            long roundedUp = (even + alignment - 1) / alignment * alignment;
                            assertEquals(Math.min(to, roundedUp),
                                    WorkerPool.alignedShareStart(from, to, w, workers, alignment),
                                    "worker " + w + " of " + workers + " over [" + from + ", " + to + ") by "
                                            + alignment);
                        }
                    }
                }
            }
        }
    }

    private static List<Thread> threadsNamed(String prefix) {
        List<Thread> found = new ArrayList<>();
        for (Thread thread : Thread.getAllStackTraces().keySet()) {
            if (thread.getName().startsWith(prefix)) {
                found.add(thread);
            }
        }
        found.sort((a, b) -> a.getName().compareTo(b.getName()));
        return found;
    }

    /** Waits for {@code thread} to reach {@code state}, looking every millisecond, 10,000 looks at most. */
    private static void awaitState(Thread thread, Thread.State state) throws InterruptedException {
        for (int look = 0; thread.getState() != state; look++) {
            if (look == 10_000) {
                throw new AssertionError(thread.getName() + " is " + thread.getState() + ", not " + state
                        + ", 10,000 looks after its last task");
            }
            Thread.sleep(1);
        }
    }

    @SuppressWarnings("unchecked")
    private static <T extends Throwable> void sneakyThrow(Throwable thrown) throws T {
        throw (T) thrown;
    }
}
