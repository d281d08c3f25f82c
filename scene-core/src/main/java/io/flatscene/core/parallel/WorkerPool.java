package io.flatscene.core.parallel;

import java.util.Objects;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;

/**
 * A fixed set of worker threads that run one {@link Task} at a time together with the calling thread, and return
 * when all of them are done: the barrier of each parallel frame pass.
 *
 * <p>Nothing is allocated per {@link #run}: the task is published through a volatile field and a generation counter,
 * completion is counted down on an {@link AtomicInteger}, and waiting threads spin briefly before parking with
 * {@link LockSupport}, whose permits need no queue nodes (unlike {@code CyclicBarrier} and {@code Phaser}). A pool
 * of one worker runs every task on the caller's thread.
 */
public final class WorkerPool implements AutoCloseable {
    /**
     * A pass split across workers: worker {@code w} of {@code workers} does its share. Must not block on the others.
     */
    @FunctionalInterface
    public interface Task {
        void run(int worker, int workers);
    }

    private static final Logger LOG = LogManager.getLogger(WorkerPool.class);
    /** Spins before parking: long enough to catch the next level of a frame pass, short enough not to steal a core. */
    private static final int SPINS = 1 << 12;

    private final int workers;
    private final Thread[] threads;
    private final AtomicInteger pending = new AtomicInteger();
    private volatile int generation;
    private volatile Task current;
    private volatile Thread caller;
    private volatile Throwable failure;
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

    public int size() {
        return workers;
    }

    /**
     * Runs {@code task} on every worker, the calling thread being worker 0, and returns when all have finished.
     *
     * @throws IllegalStateException if the pool is closed, or wrapping a checked throwable a worker raised;
     *                               a worker's RuntimeException or Error is rethrown as it is
     */
    public void run(Task task) {
        Objects.requireNonNull(task, "task");
        if (closed) {
            throw new IllegalStateException("the worker pool is closed");
        }
        if (workers == 1) {
            task.run(0, 1);
            return;
        }
        failure = null;
        current = task;
        caller = Thread.currentThread();
        pending.set(workers - 1);
        generation++;
        for (Thread thread : threads) {
            LockSupport.unpark(thread);
        }
        try {
            task.run(0, workers);
        } catch (RuntimeException | Error e) {
            recordFailure(e);
        }
        for (int spin = 0; pending.get() != 0; spin++) {
            if (spin < SPINS) {
                Thread.onSpinWait();
            } else {
                LockSupport.park(this);
            }
        }
        current = null;
        Throwable failed = failure;
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

    private void recordFailure(Throwable e) {
        if (failure == null) {
            failure = e;
        }
    }

    private void workLoop(int index) {
        int seen = 0;
        while (true) {
            for (int spin = 0; generation == seen && !closed; spin++) {
                if (spin < SPINS) {
                    Thread.onSpinWait();
                } else {
                    LockSupport.park(this);
                }
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

    /** Stops the worker threads; the pool cannot run tasks afterwards. */
    @Override
    public void close() {
        closed = true;
        for (Thread thread : threads) {
            LockSupport.unpark(thread);
        }
    }

    /** The share {@code [start, end)} of {@code count} items that worker {@code worker} of {@code workers} takes. */
    public static int shareStart(int count, int worker, int workers) {
        return (int) ((long) count * worker / workers);
    }

    /**
     * Where worker {@code worker}'s share of {@code [from, to)} starts when shares may only meet at multiples of
     * {@code alignment} (a power of two): the even split rounded up, so that no two workers write one bitset word or
     * one chunk. Worker 0 starts at {@code from}; worker {@code workers} (the end of the last share) at {@code to}.
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
