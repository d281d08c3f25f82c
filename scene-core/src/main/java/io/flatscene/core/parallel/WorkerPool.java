package io.flatscene.core.parallel;

import java.util.Objects;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.LockSupport;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;

/**
 * A fixed set of worker threads that run one {@link Task} at a time together with the calling thread, and return
 * when all of them are done: the barrier of each parallel frame pass.
 *
 * <p>Nothing is allocated per {@link #run}: the task is published through a volatile field and a generation counter,
 * completion is counted down on an {@link AtomicInteger}, and waiting threads spin, then yield, for a quarter of a
 * millisecond before parking with {@link LockSupport}, whose permits need no queue nodes (unlike
 * {@code CyclicBarrier} and {@code Phaser}). A pool of one worker has no threads: it runs every task on the caller's.
 */
public final class WorkerPool implements AutoCloseable {
    /**
     * A pass split across workers: worker {@code w} of {@code workers} does its share. Must not block on the others.
     */
    @FunctionalInterface
    public interface Task {
        /**
         * Does one worker's share of the pass; {@link WorkerPool#shareStart} splits a range evenly.
         *
         * @param worker  this worker's number, 0 (the calling thread) to {@code workers - 1}
         * @param workers the number of workers sharing the pass, the pool's {@link WorkerPool#size()}
         */
        void run(int worker, int workers);
    }

    private static final Logger LOG = LogManager.getLogger(WorkerPool.class);
    /**
     * How long a waiting thread stays awake before it parks: longer than the gaps between the passes of a frame (the
     * serial work between two barriers: batching, lights, the game's own calls between update and cull), so that the
     * next pass finds its workers awake, where waking a parked thread costs tens of microseconds on a virtual machine;
     * short enough that a worker gives its core back within a fraction of a frame once the frame's passes are done.
     */
    private static final long AWAKE_NANOS = 250_000;
    /**
     * Pauses before a waiting thread turns to yielding (about 12 us here): past them it yields its core between two
     * looks, so that a worker waiting on a machine with more threads than cores lets them run.
     */
    private static final int PAUSES = 1 << 10;

    private final int workers;
    private final Thread[] threads;
    private final AtomicInteger pending = new AtomicInteger();
    private volatile int generation;
    private volatile Task current;
    private volatile Thread caller;
    private final AtomicReference<Throwable> failure = new AtomicReference<>();
    private volatile boolean closed;

    /**
     * @param name    prefix of the worker threads' names
     * @param workers the number of threads a task runs on, the caller's included; at least 1
     */
    public WorkerPool(String name, int workers) {
        if (workers < 1) {
            throw new IllegalArgumentException(name + ": workers " + workers + " must be at least 1");
        }
        this.workers = workers;
        this.threads = new Thread[workers - 1];
        for (int i = 0; i < threads.length; i++) {
            int index = i + 1;
            Thread thread = new Thread(() -> workLoop(index), name + "-worker-" + index);
            thread.setDaemon(true);
            threads[i] = thread;
            thread.start();
        }
        LOG.info("{}: {} worker thread(s), the caller's included", name, workers);
    }

    /** {@return the number of workers a task runs on, the caller's included; at least 1} */
    public int size() {
        return workers;
    }

    /**
     * Runs {@code task} on every worker, the calling thread being worker 0, and returns when all have finished.
     *
     * @param task the pass, not null; run once by each worker, concurrently
     * @throws IllegalStateException if the pool is closed, if called from a task this pool is running, or wrapping
     *                               a checked throwable a worker raised; a worker's RuntimeException or Error is
     *                               rethrown as it is, with those of other workers of the same run suppressed in it
     * @throws NullPointerException if {@code task} is null
     */
    public void run(Task task) {
        Objects.requireNonNull(task, "task");
        // Checked before the lock: a worker asking would wait for the lock its own run holds, and the caller for
        // the worker, for ever; the caller asking would get the lock again and overwrite the run in progress.
        Thread asking = Thread.currentThread();
        if (asking == caller || isWorker(asking)) {
            throw new IllegalStateException("a task cannot run another task on the worker pool running it, from "
                    + "thread '" + asking.getName() + "'");
        }
        runLocked(task);
    }

    private boolean isWorker(Thread thread) {
        for (Thread worker : threads) {
            if (worker == thread) {
                return true;
            }
        }
        return false;
    }

    private synchronized void runLocked(Task task) {
        // synchronized with close(), so that no worker stops between this check and its share of the task: one
        // uncontended lock a pass, where a worker gone halfway would park the caller forever
        if (closed) {
            throw new IllegalStateException("the worker pool is closed");
        }
        caller = Thread.currentThread();
        failure.set(null);
        current = task;
        pending.set(workers - 1);
        generation++;
        for (Thread thread : threads) {
            LockSupport.unpark(thread);
        }
        // every throwable, checked ones thrown past the compiler included: the caller must still wait for the
        // workers and clear the run, or its next run would be refused as nested and race the workers of this one
        try {
            task.run(0, workers);
        } catch (Throwable e) {
            recordFailure(e);
        }
        long waitStart = System.nanoTime();
        for (int spin = 0; pending.get() != 0; spin++) {
            waitStep(spin, waitStart);
        }
        current = null;
        caller = null;
        Throwable failed = failure.get();
        if (failed != null) {
            rethrow(failed);
        }
    }

    private static void rethrow(Throwable failed) {
        if (failed instanceof RuntimeException runtime) {
            throw runtime;
        }
        if (failed instanceof Error error) {
            throw error;
        }
        throw new IllegalStateException("a worker failed", failed);
    }

    /** The first failure of a run is rethrown; the others ride along in it, rather than being lost. */
    private void recordFailure(Throwable e) {
        if (!failure.compareAndSet(null, e)) {
            failure.get().addSuppressed(e);
        }
    }

    private void workLoop(int index) {
        int seen = 0;
        while (true) {
            long waitStart = System.nanoTime();
            for (int spin = 0; generation == seen && !closed; spin++) {
                waitStep(spin, waitStart);
            }
            if (closed) {
                return;
            }
            seen = generation;
            try {
                current.run(index, workers);
            } catch (Throwable e) {
                recordFailure(e);
            }
            if (pending.decrementAndGet() == 0) {
                LockSupport.unpark(caller);
            }
        }
    }

    /** Step {@code spin} of a wait begun at {@code waitStart}: a pause, a yield, or, once awake too long, a park. */
    private void waitStep(int spin, long waitStart) {
        if (spin < PAUSES) {
            Thread.onSpinWait();
        } else if (System.nanoTime() - waitStart < AWAKE_NANOS) {
            Thread.yield();
        } else {
            LockSupport.park(this);
        }
    }

    /** Stops the worker threads, after the run in progress if any; the pool cannot run tasks afterwards. */
    @Override
    public synchronized void close() {
        closed = true;
        for (Thread thread : threads) {
            LockSupport.unpark(thread);
        }
    }

    /**
     * The share {@code [start, end)} of {@code count} items that worker {@code worker} of {@code workers} takes.
     *
     * <p>Worker {@code w}'s share ends where worker {@code w + 1}'s starts; the shares differ in size by at most one.
     *
     * @param count   the number of items to split, 0 or more
     * @param worker  the worker, 0 to {@code workers}; {@code workers} gives the end of the last share, {@code count}
     * @param workers the number of workers, 1 or more
     * @return the index of the share's first item, 0 to {@code count}
     */
    public static int shareStart(int count, int worker, int workers) {
        return (int) ((long) count * worker / workers);
    }

    /**
     * Where worker {@code worker}'s share of {@code [from, to)} starts when shares may only meet at multiples of
     * {@code alignment} (a power of two): the even split rounded up, so that no two workers write one bitset word or
     * one chunk. Worker 0 starts at {@code from}; worker {@code workers} (the end of the last share) at {@code to}.
     *
     * <p>A share may be empty when the range is short against the alignment.
     *
     * @param from      the start of the range, inclusive
     * @param to        the end of the range, exclusive, at least {@code from}
     * @param worker    the worker, 0 to {@code workers}
     * @param workers   the number of workers, 1 or more
     * @param alignment the granule shares may meet at, a power of two (64 for a bitset's words, say)
     * @return the index of the share's first item, {@code from} to {@code to}
     */
    public static int alignedShareStart(int from, int to, int worker, int workers, int alignment) {
        if (worker == 0) {
            return from;
        }
        if (worker == workers) {
            return to;
        }
        int even = from + shareStart(to - from, worker, workers);
        return Math.min(to, (even + alignment - 1) & -alignment);
    }
}
