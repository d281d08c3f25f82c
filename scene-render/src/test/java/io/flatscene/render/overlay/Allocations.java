package io.flatscene.render.overlay;

import com.sun.management.ThreadMXBean;
import java.lang.management.ManagementFactory;
import java.util.Arrays;

import static org.junit.jupiter.api.Assertions.assertTrue;

/** Heap allocation on the current thread, from the JVM's per-thread counters. */
final class Allocations {
    private static final int MAX_WINDOWS = 4;

    private Allocations() {
    }

    /**
     * Runs {@code window} up to a few times and passes as soon as one run allocates nothing. HotSpot's first C2
     * compilation of a class resolves its string constants on the thread that triggered it, a few dozen bytes that
     * the measured code never allocates, and one may land in any run after warm-up; code that allocates, even once
     * per run, dirties every run.
     */
    static void assertSomeWindowAllocatesNothing(String what, Runnable window) {
        ThreadMXBean threads = (ThreadMXBean) ManagementFactory.getThreadMXBean();
        assertTrue(threads.isThreadAllocatedMemorySupported() && threads.isThreadAllocatedMemoryEnabled(),
                "per-thread allocation counters are needed");
        long[] bytes = new long[MAX_WINDOWS];
        for (int i = 0; i < MAX_WINDOWS; i++) {
            long before = threads.getCurrentThreadAllocatedBytes();
            window.run();
            bytes[i] = threads.getCurrentThreadAllocatedBytes() - before;
            if (bytes[i] == 0) {
                return;
            }
        }
        throw new AssertionError("every run of " + what + " allocated; bytes per run: " + Arrays.toString(bytes));
    }
}
