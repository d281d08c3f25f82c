package io.flatscene.core.scene.query;

import io.flatscene.core.container.Capacity;
import io.flatscene.core.container.LongRadixSort;
import java.util.Arrays;

/**
 * The hits a query traversal gathers, as sort keys: per hit, the entry distance's float bits (high half, never
 * negative, so they order as the distances do) above the item's global index (low half). Kept by the caller and
 * reused, growing only when a query finds more than it ever did.
 */
public final class HitKeys {
    /** Keys from this many on are radix sorted: below, a heapsort's steps cost less than a pass's 2,048 counters. */
    private static final int RADIX_MIN = 256;

    public long[] keys;
    public int count;
    /** The radix sort of long runs, and the values it moves beside the keys, which nothing reads. */
    private final LongRadixSort radix = new LongRadixSort();
    private int[] radixValues = new int[0];

    public HitKeys(int capacity) {
        keys = new long[capacity];
    }

    public void add(long key) {
        if (count == keys.length) {
            grow();
        }
        keys[count++] = key;
    }

    /**
     * Doubles the room, in long: past 2^30 hits the doubled int turned negative and shrank the keys. One query finds
     * at most the scene's items, far fewer: only a worker's share of a ray batch gets here.
     */
    private void grow() {
        if (count == Capacity.MAX_ARRAY_LENGTH) {
            throw tooMany("the most one array holds", null);
        }
        int grown = (int) Math.min(Capacity.MAX_ARRAY_LENGTH, Math.max(16L, 2L * count));
        try {
            keys = Arrays.copyOf(keys, grown);
        } catch (OutOfMemoryError e) {
            throw tooMany("which take about " + HeapCheck.mib((long) grown * Long.BYTES) + " MiB (" + Long.BYTES
                    + " bytes a hit), more than the heap had free", e);
        }
    }

    private IllegalArgumentException tooMany(String why, OutOfMemoryError cause) {
        return new IllegalArgumentException("cannot cast a ray batch: the rays one worker cast found more than "
                + count + " hits, " + why + ": cast fewer rays at a time, or narrow their query masks or maximum "
                + "distances" + (cause == null ? "" : ", or raise -Xmx"), cause);
    }

    /**
     * Sorts keys {@code [from, to)} in place, allocating nothing once the scratch has room: insertion for short runs,
     * heapsort for middling ones, {@link LongRadixSort} for long ones (a volume query's keys differ in the low digits
     * alone, the global index, so a thousand sort in two passes where a heapsort takes a dozen dependent steps a key).
     * Keys are never negative, so the radix sort's unsigned order is theirs.
     */
    public void sort(int from, int to) {
        long[] a = keys;
        if (to - from >= RADIX_MIN) {
            if (radixValues.length < to) {
                radixValues = new int[keys.length];
            }
            radix.sort(keys, radixValues, from, to);
            return;
        }
        if (to - from <= 24) {
            for (int i = from + 1; i < to; i++) {
                long v = a[i];
                int j = i - 1;
                for (; j >= from && a[j] > v; j--) {
                    a[j + 1] = a[j];
                }
                a[j + 1] = v;
            }
            return;
        }
        int n = to - from;
        for (int root = n / 2 - 1; root >= 0; root--) {
            siftDown(a, from, root, n);
        }
        for (int end = n - 1; end > 0; end--) {
            long top = a[from];
            a[from] = a[from + end];
            a[from + end] = top;
            siftDown(a, from, 0, end);
        }
    }

    private static void siftDown(long[] a, int base, int root, int n) {
        long v = a[base + root];
        int i = root;
        for (int child = 2 * i + 1; child < n; child = 2 * i + 1) {
            if (child + 1 < n && a[base + child + 1] > a[base + child]) {
                child++;
            }
            if (a[base + child] <= v) {
                break;
            }
            a[base + i] = a[base + child];
            i = child;
        }
        a[base + i] = v;
    }

    public static float distance(long key) {
        return Float.intBitsToFloat((int) (key >>> 32));
    }

    public static int index(long key) {
        return (int) key;
    }
}
