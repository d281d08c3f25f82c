package io.flatscene.core.container;

import io.flatscene.core.parallel.WorkerPool;
import java.util.Arrays;

/**
 * A stable LSD radix sort of unsigned 64-bit keys carrying an int value each: six passes of 11 bits, one shared
 * histogram pass, and any pass whose digit is the same for every key skipped (a render queue's group and
 * transparency bits often are; the range sort finds those digits before counting and counts only the others).
 * Scratch buffers are kept and grown only when a larger input arrives, so sorting a steady stream of frames allocates
 * nothing.
 *
 * <p>{@link #sort(long[], int[], int, WorkerPool)} splits each pass across workers: every worker counts the digits
 * of its own share, the offsets give worker 0's keys of a digit before worker 1's, and every worker then scatters its
 * share. That is the same stable order a single thread produces, so the result does not depend on the worker count.
 */
public final class LongRadixSort {
    private static final int BITS = 11;
    private static final int BUCKETS = 1 << BITS;
    private static final int MASK = BUCKETS - 1;
    private static final int PASSES = (Long.SIZE + BITS - 1) / BITS;
    /** The keys whose digits are looked at before deciding whether the sweep for varying digits can pay. */
    private static final int SAMPLE = 64;

    /** Below this many keys a parallel sort runs on the caller's thread: two barriers a pass cost more. */
    private static final int PARALLEL_KEYS = 65_536;

    private final int[] counts = new int[PASSES * BUCKETS];
    /** The range sort's passes: the digits that vary among its keys, low to high. */
    private final int[] digits = new int[PASSES];
    private long[] keyScratch = new long[0];
    private int[] valueScratch = new int[0];

    // State of the pass a worker pool is running; the tasks are made once, so a parallel sort allocates nothing.
    private int[] workerCounts = new int[0];
    private long[] passFromKeys;
    private int[] passFromValues;
    private long[] passToKeys;
    private int[] passToValues;
    private int passLength;
    private int passShift;
    private final WorkerPool.Task countTask = this::countShare;
    private final WorkerPool.Task scatterTask = this::scatterShare;

    /** A sorter with no scratch buffers yet: the first sort sizes them. */
    public LongRadixSort() {
    }

    /**
     * Sorts {@code keys[0..n)} as unsigned numbers, moving {@code values[0..n)} with them; equal keys keep their
     * order.
     *
     * @param keys   the keys, sorted in place; entries from {@code n} on are left alone
     * @param values the values, one per key, moved with them; entries from {@code n} on are left alone
     * @param n      the number of entries to sort, at most either array's length; below 2 does nothing
     * @throws IllegalArgumentException if {@code n} exceeds either array's length
     */
    public void sort(long[] keys, int[] values, int n) {
        if (n > keys.length || n > values.length) {
            throw new IllegalArgumentException("cannot sort " + n + " entries of arrays holding " + keys.length
                    + " keys and " + values.length + " values");
        }
        // fewer than 2 entries, a negative count included, leave the arrays as they are
        sort(keys, values, 0, Math.max(n, 0));
    }

    /**
     * Sorts {@code keys[from..to)} as unsigned numbers, moving {@code values[from..to)} with them; equal keys keep
     * their order. Several sorters may sort disjoint ranges of the same arrays at once, one range each.
     *
     * @param keys   the keys, sorted in place; entries outside the range are left alone
     * @param values the values, one per key, moved with them; entries outside the range are left alone
     * @param from   the first entry to sort
     * @param to     one past the last; a range of fewer than 2 entries is left as it is
     * @throws IllegalArgumentException if the range is not within both arrays
     */
    public void sort(long[] keys, int[] values, int from, int to) {
        if (from < 0 || from > to || to > keys.length || to > values.length) {
            throw new IllegalArgumentException("cannot sort entries " + from + " to " + to + " of arrays holding "
                    + keys.length + " keys and " + values.length + " values");
        }
        int n = to - from;
        if (n < 2) {
            return;
        }
        if (keyScratch.length < n) {
            // a range grows the scratch by half at least, so that ranges growing frame by frame rarely allocate
            int grown = Math.max(n, Math.min(keys.length, keyScratch.length + (keyScratch.length >> 1)));
            keyScratch = new long[grown];
            valueScratch = new int[grown];
        }
        int passes = countVaryingDigits(keys, from, to);
        // the pass in progress reads entries from fromBase on and writes them from toBase on
        long[] fromKeys = keys;
        int[] fromValues = values;
        int fromBase = from;
        long[] toKeys = keyScratch;
        int[] toValues = valueScratch;
        int toBase = 0;
        for (int p = 0; p < passes; p++) {
            int pass = digits[p];
            int base = pass * BUCKETS;
            int sum = toBase;
            for (int bucket = 0; bucket < BUCKETS; bucket++) {
                int count = counts[base + bucket];
                counts[base + bucket] = sum;
                sum += count;
            }
            int shift = pass * BITS;
            for (int i = fromBase, end = fromBase + n; i < end; i++) {
                long key = fromKeys[i];
                int at = counts[base + (int) ((key >>> shift) & MASK)]++;
                toKeys[at] = key;
                toValues[at] = fromValues[i];
            }
            long[] keysHeld = fromKeys;
            fromKeys = toKeys;
            toKeys = keysHeld;
            int[] valuesHeld = fromValues;
            fromValues = toValues;
            toValues = valuesHeld;
            int baseHeld = fromBase;
            fromBase = toBase;
            toBase = baseHeld;
        }
        if (fromKeys != keys) {
            System.arraycopy(fromKeys, 0, keys, from, n);
            System.arraycopy(fromValues, 0, values, from, n);
        }
    }

    /**
     * Lists in {@link #digits} the digits that are not the same for every key of {@code keys[from..to)} and counts
     * them into their histograms; returns how many there are. Up to three, only those digits are counted, found by
     * one sweep that ORs and ANDs the keys: a digit shared by every key would make each of its increments wait for the
     * last one to the same counter, and a render queue's keys share most of theirs (group, transparency, often the
     * depth). Past three, all six are counted, in a loop C2 unrolls (one over a list of digits costs more than the
     * shared ones do), and the histograms tell which vary; keys that vary in more than three digits among their first
     * {@value #SAMPLE} (random keys) go that way at once, without the sweep.
     */
    private int countVaryingDigits(long[] keys, int from, int to) {
        long any = 0L;
        long all = -1L;
        int i = from;
        for (int sampled = Math.min(to, from + SAMPLE); i < sampled; i++) {
            any |= keys[i];
            all &= keys[i];
        }
        if (listDigits(any ^ all) <= 3) {
            for (; i < to; i++) {
                any |= keys[i];
                all &= keys[i];
            }
        }
        int passes = listDigits(any ^ all);
        if (passes > 3) {
            Arrays.fill(counts, 0);
            countAll(keys, from, to);
            passes = 0;
            for (int pass = 0; pass < PASSES; pass++) {
                if (counts[pass * BUCKETS + (int) ((keys[from] >>> (pass * BITS)) & MASK)] != to - from) {
                    digits[passes++] = pass;
                }
            }
            return passes;
        }
        for (int p = 0; p < passes; p++) {
            Arrays.fill(counts, digits[p] * BUCKETS, (digits[p] + 1) * BUCKETS, 0);
        }
        switch (passes) {
            case 0 -> {
            }
            case 1 -> countOne(keys, from, to, digits[0]);
            case 2 -> countTwo(keys, from, to, digits[0], digits[1]);
            default -> countThree(keys, from, to, digits[0], digits[1], digits[2]);
        }
        return passes;
    }

    /** Lists in {@link #digits} the digits in which {@code varying} has a bit set, low to high; returns how many. */
    private int listDigits(long varying) {
        int passes = 0;
        for (int pass = 0; pass < PASSES; pass++) {
            if (((varying >>> (pass * BITS)) & MASK) != 0L) {
                digits[passes++] = pass;
            }
        }
        return passes;
    }

    private void countOne(long[] keys, int from, int to, int pass) {
        int[] counts = this.counts;
        int shift = pass * BITS;
        int base = pass * BUCKETS;
        for (int i = from; i < to; i++) {
            counts[base + (int) ((keys[i] >>> shift) & MASK)]++;
        }
    }

    private void countTwo(long[] keys, int from, int to, int passA, int passB) {
        int[] counts = this.counts;
        int shiftA = passA * BITS;
        int baseA = passA * BUCKETS;
        int shiftB = passB * BITS;
        int baseB = passB * BUCKETS;
        for (int i = from; i < to; i++) {
            long key = keys[i];
            counts[baseA + (int) ((key >>> shiftA) & MASK)]++;
            counts[baseB + (int) ((key >>> shiftB) & MASK)]++;
        }
    }

    private void countThree(long[] keys, int from, int to, int passA, int passB, int passC) {
        int[] counts = this.counts;
        int shiftA = passA * BITS;
        int baseA = passA * BUCKETS;
        int shiftB = passB * BITS;
        int baseB = passB * BUCKETS;
        int shiftC = passC * BITS;
        int baseC = passC * BUCKETS;
        for (int i = from; i < to; i++) {
            long key = keys[i];
            counts[baseA + (int) ((key >>> shiftA) & MASK)]++;
            counts[baseB + (int) ((key >>> shiftB) & MASK)]++;
            counts[baseC + (int) ((key >>> shiftC) & MASK)]++;
        }
    }

    private void countAll(long[] keys, int from, int to) {
        int[] counts = this.counts;
        for (int i = from; i < to; i++) {
            long key = keys[i];
            for (int pass = 0; pass < PASSES; pass++) {
                counts[pass * BUCKETS + (int) ((key >>> (pass * BITS)) & MASK)]++;
            }
        }
    }

    /**
     * The same sort, each pass split across the pool's workers; the result is identical to {@link #sort(long[],
     * int[], int)}.
     *
     * <p>Below 65,536 keys, or with one worker, the caller's thread sorts alone.
     *
     * @param keys   the keys, sorted in place; entries from {@code n} on are left alone
     * @param values the values, one per key, moved with them
     * @param n      the number of entries to sort, at most either array's length
     * @param pool   the workers to split each pass across, not null; called from outside the pool
     * @throws IllegalArgumentException if {@code n} exceeds either array's length
     */
    public void sort(long[] keys, int[] values, int n, WorkerPool pool) {
        int workers = pool.size();
        if (workers == 1 || n < PARALLEL_KEYS) {
            sort(keys, values, n);
            return;
        }
        if (n > keys.length || n > values.length) {
            throw new IllegalArgumentException("cannot sort " + n + " entries of arrays holding " + keys.length
                    + " keys and " + values.length + " values");
        }
        if (keyScratch.length < n) {
            keyScratch = new long[keys.length];
            valueScratch = new int[keys.length];
        }
        if (workerCounts.length != workers * BUCKETS) {
            workerCounts = new int[workers * BUCKETS];
        }
        passFromKeys = keys;
        passFromValues = values;
        passToKeys = keyScratch;
        passToValues = valueScratch;
        passLength = n;
        for (int pass = 0; pass < PASSES; pass++) {
            passShift = pass * BITS;
            pool.run(countTask);
            if (!turnCountsIntoOffsets(workers)) {
                continue;
            }
            pool.run(scatterTask);
            long[] keysHeld = passFromKeys;
            passFromKeys = passToKeys;
            passToKeys = keysHeld;
            int[] valuesHeld = passFromValues;
            passFromValues = passToValues;
            passToValues = valuesHeld;
        }
        if (passFromKeys != keys) {
            System.arraycopy(passFromKeys, 0, keys, 0, n);
            System.arraycopy(passFromValues, 0, values, 0, n);
        }
        passFromKeys = null;
        passToKeys = null;
        passFromValues = null;
        passToValues = null;
    }

    private void countShare(int worker, int workers) {
        int base = worker * BUCKETS;
        Arrays.fill(workerCounts, base, base + BUCKETS, 0);
        long[] from = passFromKeys;
        int shift = passShift;
        for (int i = WorkerPool.shareStart(passLength, worker, workers),
             end = WorkerPool.shareStart(passLength, worker + 1, workers); i < end; i++) {
            workerCounts[base + (int) ((from[i] >>> shift) & MASK)]++;
        }
    }

    /**
     * Turns the workers' digit counts into each worker's first position per digit, lower workers first within a
     * digit so the scatter stays stable.
     *
     * @return false when every key has the same digit, and the pass can be skipped
     */
    private boolean turnCountsIntoOffsets(int workers) {
        int sum = 0;
        for (int bucket = 0; bucket < BUCKETS; bucket++) {
            int bucketTotal = 0;
            for (int w = 0; w < workers; w++) {
                int at = w * BUCKETS + bucket;
                int count = workerCounts[at];
                workerCounts[at] = sum;
                sum += count;
                bucketTotal += count;
            }
            if (bucketTotal == passLength) {
                return false;
            }
        }
        return true;
    }

    private void scatterShare(int worker, int workers) {
        int base = worker * BUCKETS;
        long[] fromKeys = passFromKeys;
        int[] fromValues = passFromValues;
        long[] toKeys = passToKeys;
        int[] toValues = passToValues;
        int shift = passShift;
        for (int i = WorkerPool.shareStart(passLength, worker, workers),
             end = WorkerPool.shareStart(passLength, worker + 1, workers); i < end; i++) {
            long key = fromKeys[i];
            int at = workerCounts[base + (int) ((key >>> shift) & MASK)]++;
            toKeys[at] = key;
            toValues[at] = fromValues[i];
        }
    }
}
