package io.flatscene.core.testing;

import com.sun.management.ThreadMXBean;
import java.lang.management.ManagementFactory;
import java.util.Arrays;
import java.util.Set;

/**
 * Heap bytes allocated by the calling thread and by the helper threads it hands work to, from the JVM's per-thread
 * allocation counters, measured over windows of work so that a test can ask for one window that allocated nothing.
 *
 * <p>Why windows, and why one clean window is enough: the first C2 compilation of any method of a class resolves
 * every string constant of that class on the thread that asked for it (HotSpot's CompileBroker does so for C2), a few
 * dozen bytes of String that the measured code never allocates, and a late compilation after the warm-up can land
 * inside any window. Code that allocates, even once per window, dirties every window; so a test runs a few windows,
 * each of many iterations, and passes on the first that allocated nothing.
 *
 * <p>The threads are picked once, when the meter is made: make it after a warm-up, once the helper threads exist.
 * It lives in the test sources of scene-core, published as its test-jar, for the other modules' tests.
 */
public final class AllocationMeter {
    private final ThreadMXBean counters;
    /** The caller first, then the helper threads. */
    private final long[] ids;
    private final String[] names;

    private AllocationMeter(ThreadMXBean counters, long[] ids, String[] names) {
        this.counters = counters;
        this.ids = ids;
        this.names = names;
    }

    /** The threads alive now: pass them to {@link #callerAnd} to leave out helper threads that existed before. */
    public static Set<Thread> liveThreads() {
        return Thread.getAllStackTraces().keySet();
    }

    /**
     * A meter of the calling thread and of every live thread whose name starts with {@code namePrefix} and which is
     * not in {@code earlier}: threads of the same name left behind by earlier tests in the same JVM are not this
     * test's to measure.
     *
     * @throws AssertionError if this JVM does not count allocations per thread
     */
    public static AllocationMeter callerAnd(String namePrefix, Set<Thread> earlier) {
        ThreadMXBean counters = (ThreadMXBean) ManagementFactory.getThreadMXBean();
        if (!counters.isThreadAllocatedMemorySupported() || !counters.isThreadAllocatedMemoryEnabled()) {
            throw new AssertionError("per-thread allocation counters are needed");
        }
        Thread caller = Thread.currentThread();
        Thread[] helpers = Thread.getAllStackTraces().keySet().stream()
                .filter(t -> t != caller && t.getName().startsWith(namePrefix) && !earlier.contains(t))
                .toArray(Thread[]::new);
        long[] ids = new long[helpers.length + 1];
        String[] names = new String[helpers.length + 1];
        ids[0] = caller.getId();
        names[0] = caller.getName();
        for (int i = 0; i < helpers.length; i++) {
            ids[i + 1] = helpers[i].getId();
            names[i + 1] = helpers[i].getName();
        }
        return new AllocationMeter(counters, ids, names);
    }

    /** The names of the measured threads, the caller's first. */
    public String[] threadNames() {
        return names.clone();
    }

    /**
     * Runs {@code window} until a run allocates nothing on any measured thread, at most {@code maxWindows} times.
     *
     * @return the bytes each run allocated, in order: the last is 0 exactly when some run was clean
     * @throws AssertionError if a measured helper thread ends while measured
     */
    public long[] measure(int maxWindows, Runnable window) {
        if (maxWindows < 1) {
            throw new IllegalArgumentException("maxWindows " + maxWindows + " must be at least 1");
        }
        long[] bytes = new long[maxWindows];
        for (int i = 0; i < maxWindows; i++) {
            // The caller's own counter is read last before and first after, so that the bookkeeping around the
            // reads, on the caller's thread, stays outside the measured region.
            long before = helperBytes() + counters.getThreadAllocatedBytes(ids[0]);
            window.run();
            long after = counters.getThreadAllocatedBytes(ids[0]) + helperBytes();
            bytes[i] = after - before;
            if (bytes[i] == 0) {
                return Arrays.copyOf(bytes, i + 1);
            }
        }
        return bytes;
    }

    /**
     * {@link #measure}, failing unless some run was clean.
     *
     * @param what the work a window does, for the failure's message
     * @throws AssertionError naming the threads and the bytes of every run when each run allocated
     */
    public void assertSomeWindowClean(String what, int maxWindows, Runnable window) {
        long[] bytes = measure(maxWindows, window);
        if (bytes[bytes.length - 1] != 0) {
            throw new AssertionError("every window of " + what + " allocated, on " + Arrays.toString(names)
                    + "; bytes per window: " + Arrays.toString(bytes));
        }
    }

    private long helperBytes() {
        long total = 0;
        for (int i = 1; i < ids.length; i++) {
            long bytes = counters.getThreadAllocatedBytes(ids[i]);
            if (bytes < 0) {
                throw new AssertionError("thread " + names[i] + " ended while measured");
            }
            total += bytes;
        }
        return total;
    }
}
