package io.flatscene.benchmarks.container;

import java.util.SplittableRandom;

/** Set-up helpers shared by the container benchmarks; nothing here is measured. */
final class Fixtures {
    private Fixtures() {
    }

    /** {@code 0..n-1} in a random order drawn from {@code random} (Fisher-Yates). */
    static int[] shuffledIndices(int n, SplittableRandom random) {
        int[] order = new int[n];
        for (int i = 0; i < n; i++) {
            order[i] = i;
        }
        for (int i = n - 1; i > 0; i--) {
            int j = random.nextInt(i + 1);
            int held = order[i];
            order[i] = order[j];
            order[j] = held;
        }
        return order;
    }

    /**
     * A full collection at the end of a trial set-up. G1's full GC compacts by sliding, so the objects just built keep
     * their allocation order and every fork starts from the same heap layout, rather than from whatever order a young
     * collection during the set-up happened to copy them in (copying follows references, which would put a
     * {@code LinkedList}'s nodes and elements in list order by chance).
     */
    static void settleHeap() {
        System.gc();
    }
}
