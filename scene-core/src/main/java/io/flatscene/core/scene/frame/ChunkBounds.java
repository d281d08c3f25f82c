package io.flatscene.core.scene.frame;

import io.flatscene.core.scene.store.ItemStore;
import java.util.Arrays;

/**
 * One box around the world boxes of every chunk of {@value #SIZE} items by global index, so that culling rejects a
 * chunk wholly outside the frustum without reading its items, and skips the plane tests of one wholly inside.
 *
 * <p>A chunk's box is trusted only while it is {@link #BOXED}: it then contains the world box of every item the
 * chunk holds, attached or not, as the cull reads it. Whatever changes a world box or moves one into the chunk marks
 * it {@link #STALE} first ({@link #mark}): the bounds pass writing a box, an item created or swapped into place by a
 * removal, a sort of the items. {@link #refresh} recomputes the stale ones after each bounds pass; a chunk marked
 * since is tested item by item until then. A box may be larger than its items' (the last item of a chunk removed),
 * never smaller. A chunk holding an infinite, non-finite or negative box is {@link #OPEN}: always tested item by item,
 * as the item test lets an infinite box through whatever its center.
 */
final class ChunkBounds {
    static final int SHIFT = 6;
    static final int SIZE = 1 << SHIFT;

    static final byte STALE = 0;
    static final byte BOXED = 1;
    static final byte OPEN = 2;

    /** {@link #classify} results. */
    static final int OUTSIDE = 0;
    static final int INSIDE = 1;
    static final int ACROSS = 2;

    /**
     * The margin of the chunk test, relative to the magnitudes in a plane's equation: far above the few float
     * roundings by which the chunk's box and its test can differ from the items' own tests, so that a chunk is called
     * outside (or inside) only where every one of its items' own tests says so too.
     */
    private static final float MARGIN = 1e-5f;

    private final ItemStore items;
    /** Per chunk; new chunks read 0, {@link #STALE}. */
    private byte[] state = new byte[0];
    private float[] center = new float[0];
    private float[] half = new float[0];
    /** The mean of every boxed chunk's half extents x + y + z at the last refresh: how loose the chunks are. */
    private double looseness;

    ChunkBounds(ItemStore items) {
        this.items = items;
    }

    static int chunkCount(int itemCount) {
        return (itemCount + SIZE - 1) >>> SHIFT;
    }

    /** Makes room for the chunks of {@code itemCount} items; chunks new to it are stale. */
    void ensureCapacity(int itemCount) {
        int chunks = chunkCount(itemCount);
        if (state.length < chunks) {
            int grown = Math.max(chunks, state.length + (state.length >> 1));
            state = Arrays.copyOf(state, grown);
            center = Arrays.copyOf(center, grown * 3);
            half = Arrays.copyOf(half, grown * 3);
        }
    }

    /** Item {@code index}'s world box changed, or another item's box moved there: its chunk must be recomputed. */
    void mark(int index) {
        int chunk = index >>> SHIFT;
        if (chunk < state.length) {
            state[chunk] = STALE;
        }
    }

    /** Marks every chunk: the items moved. */
    void markAll() {
        Arrays.fill(state, STALE);
    }

    /** Recomputes every stale chunk of items {@code [0, itemCount)} and measures how loose the boxed ones are. */
    void refresh(int itemCount) {
        ensureCapacity(itemCount);
        float[] c = items.worldCenterArray();
        float[] h = items.worldHalfArray();
        double sum = 0;
        int boxed = 0;
        for (int chunk = 0, chunks = chunkCount(itemCount); chunk < chunks; chunk++) {
            if (state[chunk] == STALE) {
                box(chunk, Math.min(itemCount, (chunk + 1) << SHIFT), c, h);
            }
            if (state[chunk] == BOXED) {
                int o = chunk * 3;
                sum += (double) half[o] + half[o + 1] + half[o + 2];
                boxed++;
            }
        }
        looseness = boxed == 0 ? 0 : sum / boxed;
    }

    private void box(int chunk, int end, float[] c, float[] h) {
        float minX = Float.POSITIVE_INFINITY;
        float minY = Float.POSITIVE_INFINITY;
        float minZ = Float.POSITIVE_INFINITY;
        float maxX = Float.NEGATIVE_INFINITY;
        float maxY = Float.NEGATIVE_INFINITY;
        float maxZ = Float.NEGATIVE_INFINITY;
        boolean finite = true;
        for (int i = chunk << SHIFT; i < end; i++) {
            int o = i * 3;
            float hx = h[o];
            float hy = h[o + 1];
            float hz = h[o + 2];
            float loX = c[o] - hx;
            float loY = c[o + 1] - hy;
            float loZ = c[o + 2] - hz;
            float hiX = c[o] + hx;
            float hiY = c[o + 1] + hy;
            float hiZ = c[o + 2] + hz;
            // Also false for NaN: a box the item test may let through whatever the planes say.
            finite &= hx >= 0f && hy >= 0f && hz >= 0f && finite(loX) && finite(loY) && finite(loZ)
                    && finite(hiX) && finite(hiY) && finite(hiZ);
            minX = Math.min(minX, loX);
            minY = Math.min(minY, loY);
            minZ = Math.min(minZ, loZ);
            maxX = Math.max(maxX, hiX);
            maxY = Math.max(maxY, hiY);
            maxZ = Math.max(maxZ, hiZ);
        }
        if (!finite) {
            state[chunk] = OPEN;
            return;
        }
        int o = chunk * 3;
        // Halves first: min + max could overflow where each half cannot.
        center[o] = minX * 0.5f + maxX * 0.5f;
        center[o + 1] = minY * 0.5f + maxY * 0.5f;
        center[o + 2] = minZ * 0.5f + maxZ * 0.5f;
        half[o] = maxX * 0.5f - minX * 0.5f;
        half[o + 1] = maxY * 0.5f - minY * 0.5f;
        half[o + 2] = maxZ * 0.5f - minZ * 0.5f;
        state[chunk] = BOXED;
    }

    private static boolean finite(float v) {
        return Math.abs(v) <= Float.MAX_VALUE;
    }

    /** The mean half extents (x + y + z) of the boxed chunks at the last {@link #refresh}. */
    double looseness() {
        return looseness;
    }

    /**
     * Where chunk {@code chunk} lies against the six planes (a, b, c, d each, inside where positive): {@link #OUTSIDE}
     * when every item's own test would reject it, {@link #INSIDE} when every item's own test would pass it,
     * {@link #ACROSS} when its items must be tested one by one (and always when the chunk is not boxed).
     */
    int classify(int chunk, float[] p) {
        if (state[chunk] != BOXED) {
            return ACROSS;
        }
        int o = chunk * 3;
        float cx = center[o];
        float cy = center[o + 1];
        float cz = center[o + 2];
        float hx = half[o];
        float hy = half[o + 1];
        float hz = half[o + 2];
        float sx = Math.abs(cx) + hx;
        float sy = Math.abs(cy) + hy;
        float sz = Math.abs(cz) + hz;
        boolean inside = true;
        for (int k = 0; k < 24; k += 4) {
            float ax = Math.abs(p[k]);
            float ay = Math.abs(p[k + 1]);
            float az = Math.abs(p[k + 2]);
            float distance = p[k] * cx + p[k + 1] * cy + p[k + 2] * cz + p[k + 3];
            float extent = ax * hx + ay * hy + az * hz;
            float margin = MARGIN * (ax * sx + ay * sy + az * sz + Math.abs(p[k + 3]));
            if (distance + extent < -margin) {
                return OUTSIDE;
            }
            inside &= distance - extent > margin;
        }
        return inside ? INSIDE : ACROSS;
    }

    /**
     * Checks that every boxed chunk of items {@code [0, itemCount)} holds its items' world boxes.
     *
     * @throws IllegalStateException naming the first item outside its chunk's box
     */
    void validate(int itemCount) {
        float[] c = items.worldCenterArray();
        float[] h = items.worldHalfArray();
        for (int chunk = 0, chunks = Math.min(chunkCount(itemCount), state.length); chunk < chunks; chunk++) {
            if (state[chunk] != BOXED) {
                continue;
            }
            for (int i = chunk << SHIFT, end = Math.min(itemCount, (chunk + 1) << SHIFT); i < end; i++) {
                for (int axis = 0; axis < 3; axis++) {
                    int o = chunk * 3 + axis;
                    float slack = MARGIN * (Math.abs(center[o]) + half[o]);
                    float lo = c[i * 3 + axis] - h[i * 3 + axis];
                    float hi = c[i * 3 + axis] + h[i * 3 + axis];
                    if (!(lo >= center[o] - half[o] - slack && hi <= center[o] + half[o] + slack)) {
                        throw new IllegalStateException("item at global index " + i + " spans " + lo + " to " + hi
                                + " on axis " + axis + ", outside the box of its chunk " + chunk + ": "
                                + (center[o] - half[o]) + " to " + (center[o] + half[o]));
                    }
                }
            }
        }
    }
}
