package io.flatscene.core.scene.frame;

import java.util.Arrays;

/**
 * The cull's output before the sort, in item order (each worker writes from the start of its own share): visible
 * items, their transform slots and keys, the count and id width each worker found, and the draw order the key sort
 * produces. Scratch of one pipeline, reused by every cull.
 */
final class CullScratch {
    /** The key array of the queue being culled into, written here and sorted in place, so no copy follows. */
    long[] keys;
    int[] order = new int[0];
    int[] visibleItems = new int[0];
    int[] visibleSlots = new int[0];
    int[] visiblePerWorker = new int[1];
    boolean[] wideIds = new boolean[1];

    void ensureCapacity(int capacity, int workers) {
        if (visiblePerWorker.length != workers) {
            visiblePerWorker = new int[workers];
            wideIds = new boolean[workers];
        }
        if (order.length < capacity) {
            order = Arrays.copyOf(order, capacity);
            visibleItems = Arrays.copyOf(visibleItems, capacity);
            visibleSlots = Arrays.copyOf(visibleSlots, capacity);
        }
    }
}
