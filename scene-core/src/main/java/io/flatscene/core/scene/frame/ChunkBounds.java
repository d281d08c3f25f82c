package io.flatscene.core.scene.frame;

import io.flatscene.core.geometry.Frustum;
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
 * so that {@link Frustum#outside} alone decides what an infinite or NaN box is.
 *
 * <p>A chunk whose box changed at one refresh and is marked again at the next is left {@link #MOVING}, tested item by
 * item, until a refresh finds it unmarked: items that move every frame would otherwise have their chunk re-boxed every
 * frame, reading every box once more (on 1M items with 2% of them teleported each frame, re-boxing every changed chunk
 * took the bounds pass from 9 to 12 ms). A chunk re-boxed to the same box (a bounds pass that recomputed everything)
 * stays boxed.
 */
final class ChunkBounds {
    static final int SHIFT = 6;
    static final int SIZE = 1 << SHIFT;

    private static final byte STALE = 0;
    private static final byte BOXED = 1;
    private static final byte OPEN = 2;
    private static final byte MOVING = 3;

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
    /** Per chunk, the last refresh that changed its box or found it moving. */
    private int[] changedAt = new int[0];
    /** Refreshes so far, plus one: a chunk never refreshed (0) was not refreshed by the previous one either. */
    private int refreshes = 1;
    /** The mean of every boxed chunk's half extents x + y + z at the last refresh: how loose the chunks are. */
    private double looseness;
    /** Whether fewer than a quarter of the chunks were moving at the last refresh. */
    private boolean settled;

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
            changedAt = Arrays.copyOf(changedAt, grown);
        }
    }

    /** Item {@code index}'s world box changed, or another item's box moved there: its chunk must be recomputed. */
    void mark(int index) {
        int chunk = index >>> SHIFT;
        if (chunk < state.length) {
            state[chunk] = STALE;
        }
    }

    /**
     * The chunks of items {@code [from, to)} hold other items now (the spatial sort reordered them): stale, and not
     * counted as moving for having changed.
     */
    void markReordered(int from, int to) {
        int first = from >>> SHIFT;
        int end = Math.min(state.length, chunkCount(to));
        if (first < end) {
            Arrays.fill(state, first, end, STALE);
            Arrays.fill(changedAt, first, end, 0);
        }
    }

    /**
     * Recomputes the stale chunks of items {@code [0, itemCount)} but those it finds moving, and the moving ones left
     * unmarked since the last, and measures how loose the boxed ones are.
     */
    void refresh(int itemCount) {
        ensureCapacity(itemCount);
        float[] c = items.worldCenterArray();
        float[] h = items.worldHalfArray();
        int previous = refreshes++;
        double sum = 0;
        int boxed = 0;
        int moving = 0;
        int chunks = chunkCount(itemCount);
        for (int chunk = 0; chunk < chunks; chunk++) {
            byte was = state[chunk];
            if (was == STALE) {
                items.queryChanged(chunk);
            }
            if (was == STALE && changedAt[chunk] == previous) {
                state[chunk] = MOVING;
                changedAt[chunk] = refreshes;
            } else if ((was == STALE || was == MOVING) && box(chunk, Math.min(itemCount, (chunk + 1) << SHIFT), c, h)) {
                changedAt[chunk] = refreshes;
            }
            if (state[chunk] == BOXED) {
                int o = chunk * 3;
                sum += (double) half[o] + half[o + 1] + half[o + 2];
                boxed++;
            }
            moving += state[chunk] == MOVING ? 1 : 0;
        }
        looseness = boxed == 0 ? 0 : sum / boxed;
        settled = moving * 4 < chunks;
    }

    /** @return whether the chunk's state or box changed */
    private boolean box(int chunk, int end, float[] c, float[] h) {
        float minX = Float.POSITIVE_INFINITY;
        float minY = Float.POSITIVE_INFINITY;
        float minZ = Float.POSITIVE_INFINITY;
        float maxX = Float.NEGATIVE_INFINITY;
        float maxY = Float.NEGATIVE_INFINITY;
        float maxZ = Float.NEGATIVE_INFINITY;
        // Stays 0 while every bound is finite, NaN from the first that is not (a NaN or infinite center or extent).
        float probe = 0f;
        boolean negative = false;
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
            // Comparisons rather than Math.min and max, which cost several instructions each for NaN and -0.0.
            minX = loX < minX ? loX : minX;
            minY = loY < minY ? loY : minY;
            minZ = loZ < minZ ? loZ : minZ;
            maxX = hiX > maxX ? hiX : maxX;
            maxY = hiY > maxY ? hiY : maxY;
            maxZ = hiZ > maxZ ? hiZ : maxZ;
            probe += (loX + loY + loZ + hiX + hiY + hiZ) * 0f;
            // A negative extent (no Aabb has one) would let fewer items through than their chunk's box inside.
            negative |= hx < 0f | hy < 0f | hz < 0f;
        }
        byte was = state[chunk];
        if (probe != 0f || negative) {
            state[chunk] = OPEN;
            return was != OPEN;
        }
        int o = chunk * 3;
        // Halves first: min + max could overflow where each half cannot.
        float cx = minX * 0.5f + maxX * 0.5f;
        float cy = minY * 0.5f + maxY * 0.5f;
        float cz = minZ * 0.5f + maxZ * 0.5f;
        float hx = holding(cx, maxX * 0.5f - minX * 0.5f, minX, maxX);
        float hy = holding(cy, maxY * 0.5f - minY * 0.5f, minY, maxY);
        float hz = holding(cz, maxZ * 0.5f - minZ * 0.5f, minZ, maxZ);
        boolean changed = was == OPEN || cx != center[o] || cy != center[o + 1] || cz != center[o + 2]
                || hx != half[o] || hy != half[o + 1] || hz != half[o + 2];
        center[o] = cx;
        center[o + 1] = cy;
        center[o + 2] = cz;
        half[o] = hx;
        half[o + 1] = hy;
        half[o + 2] = hz;
        state[chunk] = BOXED;
        return changed;
    }

    /**
     * The half extent {@code half}, widened until {@code center} plus and minus it holds {@code [min, max]} in float:
     * halving rounds (subnormal bounds lose their last bit), and a box a rounding short of an item would let the
     * chunk test reject what the item's own test accepts. Past the first widening, {@code center - min} is exact or
     * within an ulp of the same magnitude, so the steps are few.
     */
    private static float holding(float center, float half, float min, float max) {
        float held = Math.max(half, Math.max(center - min, max - center));
        while (center - held > min || center + held < max) {
            held = Math.nextUp(held);
        }
        return held;
    }

    /** The mean half extents (x + y + z) of the boxed chunks at the last {@link #refresh}. */
    double looseness() {
        return looseness;
    }

    /** Whether fewer than a quarter of the chunks were moving at the last {@link #refresh}. */
    boolean settled() {
        return settled;
    }

    /**
     * Where chunk {@code chunk} lies against the frustum planes {@code p}, by {@link Frustum#classify} on its box:
     * {@link Frustum#OUTSIDE} when every item's own test would reject it, {@link Frustum#INSIDE} when every item's own
     * test would pass it, {@link Frustum#ACROSS} when its items must be tested one by one (and always when the chunk
     * is not boxed).
     */
    int classify(int chunk, float[] p) {
        if (state[chunk] != BOXED) {
            return Frustum.ACROSS;
        }
        int o = chunk * 3;
        return Frustum.classify(p, center[o], center[o + 1], center[o + 2], half[o], half[o + 1], half[o + 2], MARGIN);
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
