package io.flatscene.core.container;

import java.util.Arrays;

/**
 * A stable LSD radix sort of unsigned 64-bit keys carrying an int value each: six passes of 11 bits, one shared
 * histogram pass, and any pass whose digit is the same for every key skipped (a render queue's group and
 * transparency bits often are). Scratch buffers are kept and grown only when a larger input arrives, so sorting
 * a steady stream of frames allocates nothing.
 */
public final class LongRadixSort {
    private static final int BITS = 11;
    private static final int BUCKETS = 1 << BITS;
    private static final int MASK = BUCKETS - 1;
    private static final int PASSES = (Long.SIZE + BITS - 1) / BITS;

    private final int[] counts = new int[PASSES * BUCKETS];
    private long[] keyScratch = new long[0];
    private int[] valueScratch = new int[0];

    /**
     * Sorts {@code keys[0..n)} as unsigned numbers, moving {@code values[0..n)} with them; equal keys keep their
     * order.
     */
    public void sort(long[] keys, int[] values, int n) {
        if (n > keys.length || n > values.length) {
            throw new IllegalArgumentException("cannot sort " + n + " entries of arrays holding " + keys.length
                    + " keys and " + values.length + " values");
        }
        if (n < 2) {
            return;
        }
        if (keyScratch.length < n) {
            keyScratch = new long[keys.length];
            valueScratch = new int[keys.length];
        }
        Arrays.fill(counts, 0);
        for (int i = 0; i < n; i++) {
            long key = keys[i];
            for (int pass = 0; pass < PASSES; pass++) {
                counts[pass * BUCKETS + (int) ((key >>> (pass * BITS)) & MASK)]++;
            }
        }
        long[] fromKeys = keys;
        int[] fromValues = values;
        long[] toKeys = keyScratch;
        int[] toValues = valueScratch;
        for (int pass = 0; pass < PASSES; pass++) {
            int base = pass * BUCKETS;
            int firstDigit = (int) ((fromKeys[0] >>> (pass * BITS)) & MASK);
            if (counts[base + firstDigit] == n) {
                continue;
            }
            int sum = 0;
            for (int bucket = 0; bucket < BUCKETS; bucket++) {
                int count = counts[base + bucket];
                counts[base + bucket] = sum;
                sum += count;
            }
            int shift = pass * BITS;
            for (int i = 0; i < n; i++) {
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
        }
        if (fromKeys != keys) {
            System.arraycopy(fromKeys, 0, keys, 0, n);
            System.arraycopy(fromValues, 0, values, 0, n);
        }
    }
}
