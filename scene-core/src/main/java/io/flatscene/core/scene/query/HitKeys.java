package io.flatscene.core.scene.query;

import io.flatscene.core.container.Capacity;
import java.util.Arrays;

/**
 * The hits a query traversal gathers, as sort keys: per hit, the entry distance's float bits (high half, never
 * negative, so they order as the distances do) above the item's global index (low half). Kept by the caller and
 * reused, growing only when a query finds more than it ever did.
 */
public final class HitKeys {
    /** Keys from this many on are radix sorted: below, a heapsort's steps cost less than a pass's 256 counters. */
    private static final int RADIX_MIN = 256;

    public long[] keys;
    public int count;
    /** The radix sort's other half, and its counts of one byte's values. */
    private long[] scratch = new long[0];
    private final int[] counts = new int[256];

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
     * heapsort for middling ones, a radix sort over the bytes that differ among the keys for long ones (a volume
     * query's keys differ in the low bytes alone, the global index, so a thousand sort in two or three passes where a
     * heapsort takes a dozen dependent steps a key).
     */
    public void sort(int from, int to) {
        long[] a = keys;
        if (to - from >= RADIX_MIN) {
            if (!ascending(from, to)) {
                radixSort(from, to);
            }
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

    /** Whether keys {@code [from, to)} are in order already, as a volume query may leave them. */
    private boolean ascending(int from, int to) {
        long[] a = keys;
        for (int i = from + 1; i < to; i++) {
            if (a[i - 1] > a[i]) {
                return false;
            }
        }
        return true;
    }

    /** An LSD radix sort of keys {@code [from, to)}, a byte a pass, skipping the bytes every key shares. */
    private void radixSort(int from, int to) {
        long[] a = keys;
        int n = to - from;
        if (scratch.length < n) {
            scratch = new long[Math.max(n, a.length)];
        }
        long or = 0L;
        long and = -1L;
        for (int i = from; i < to; i++) {
            or |= a[i];
            and &= a[i];
        }
        long varying = or ^ and;
        int[] counts = this.counts;
        long[] source = a;
        int sourceBase = from;
        long[] target = scratch;
        int targetBase = 0;
        for (int shift = 0; shift < Long.SIZE; shift += 8) {
            if ((varying >>> shift & 0xFF) == 0L) {
                continue;
            }
            Arrays.fill(counts, 0);
            for (int i = sourceBase, end = sourceBase + n; i < end; i++) {
                counts[(int) (source[i] >>> shift) & 0xFF]++;
            }
            int sum = targetBase;
            for (int digit = 0; digit < 256; digit++) {
                int count = counts[digit];
                counts[digit] = sum;
                sum += count;
            }
            for (int i = sourceBase, end = sourceBase + n; i < end; i++) {
                long key = source[i];
                target[counts[(int) (key >>> shift) & 0xFF]++] = key;
            }
            long[] held = source;
            source = target;
            target = held;
            int heldBase = sourceBase;
            sourceBase = targetBase;
            targetBase = heldBase;
        }
        if (source != a) {
            System.arraycopy(source, sourceBase, a, from, n);
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
