package io.flatscene.core.scene.frame;

import io.flatscene.core.container.LongColumn;
import io.flatscene.core.scene.store.ItemStore;
import io.flatscene.core.scene.store.ObjectStore;

/**
 * Keeps the items' dense order spatial, so that the chunks of {@link ChunkBounds} are small and culling rejects or
 * accepts most of them whole: every so often, the items are sorted by the Morton code of their world center's cell
 * with {@link ObjectStore#sortBy}, a radix sort that moves every item column once.
 *
 * <p>When: at the first bounds pass that finds at least {@value #MIN_ITEMS} items, then whenever the chunks have
 * grown {@value #LOOSENING} times as loose as right after the last sort (their mean half extents), and at most once
 * every {@value #PERIOD} bounds passes. Items created in a coherent order, or moving together, never trigger it; a
 * still scene is sorted once; items scattered by motion or churn are sorted again once the cull has lost half its
 * rejections, the sort's cost (about that of a few bounds passes) spread over at least {@value #PERIOD} frames.
 * Smaller scenes are never sorted: their whole cull takes microseconds.
 *
 * <p>What a sort changes: items' global indices (as a swap-and-pop removal does), and with them the draw order of
 * items whose render-queue keys are equal (same group, material, mesh and quantized depth), which follows global
 * index order. Between sorts that order is as stable as before.
 */
final class SpatialOrder {
    static final int MIN_ITEMS = 4_096;
    private static final int PERIOD = 32;
    private static final double LOOSENING = 2.0;
    private static final int CELL_BITS = 21;
    private static final float CELL_MAX = (1 << CELL_BITS) - 1;

    private final ObjectStore<?> store;
    private final ItemStore items;
    /** The sort key: a column of the items' set, so that the sort can read it; scratch between sorts. */
    private final LongColumn cell;
    private boolean sorted;
    private double sortedLooseness;
    private int passesSinceSort;

    SpatialOrder(ObjectStore<?> store, ItemStore items) {
        this.store = store;
        this.items = items;
        this.cell = store.columns().addLongColumn();
    }

    /** After a bounds pass and a refresh of {@code chunks}: whether the items should be sorted now. */
    boolean due(int itemCount, ChunkBounds chunks) {
        passesSinceSort++;
        if (itemCount < MIN_ITEMS) {
            return false;
        }
        return !sorted || passesSinceSort >= PERIOD && chunks.looseness() > LOOSENING * sortedLooseness;
    }

    /** Sorts items {@code [0, itemCount)} (all of them) by cell, then recomputes every chunk. */
    void sort(int itemCount, ChunkBounds chunks) {
        writeCells(itemCount);
        store.sortBy(cell);
        chunks.markAll();
        chunks.refresh(itemCount);
        sorted = true;
        sortedLooseness = chunks.looseness();
        passesSinceSort = 0;
    }

    /**
     * Each item's cell: its center quantized to {@value #CELL_BITS} bits an axis over the box of all centers, bits
     * interleaved (x lowest). Items with a non-finite box go last, together, so that they leave few chunks open.
     */
    private void writeCells(int itemCount) {
        float[] c = items.worldCenterArray();
        float[] h = items.worldHalfArray();
        long[] cells = cell.values();
        float minX = Float.POSITIVE_INFINITY;
        float minY = Float.POSITIVE_INFINITY;
        float minZ = Float.POSITIVE_INFINITY;
        float maxX = Float.NEGATIVE_INFINITY;
        float maxY = Float.NEGATIVE_INFINITY;
        float maxZ = Float.NEGATIVE_INFINITY;
        for (int i = 0; i < itemCount; i++) {
            int o = i * 3;
            if (finite(c, h, o)) {
                minX = Math.min(minX, c[o]);
                minY = Math.min(minY, c[o + 1]);
                minZ = Math.min(minZ, c[o + 2]);
                maxX = Math.max(maxX, c[o]);
                maxY = Math.max(maxY, c[o + 1]);
                maxZ = Math.max(maxZ, c[o + 2]);
            }
        }
        float scaleX = scale(minX, maxX);
        float scaleY = scale(minY, maxY);
        float scaleZ = scale(minZ, maxZ);
        for (int i = 0; i < itemCount; i++) {
            int o = i * 3;
            cells[i] = finite(c, h, o)
                    ? spread(quantize(c[o], minX, scaleX)) | spread(quantize(c[o + 1], minY, scaleY)) << 1
                            | spread(quantize(c[o + 2], minZ, scaleZ)) << 2
                    : Long.MAX_VALUE;
        }
    }

    private static boolean finite(float[] c, float[] h, int o) {
        return Float.isFinite(c[o]) && Float.isFinite(c[o + 1]) && Float.isFinite(c[o + 2])
                && Float.isFinite(h[o]) && Float.isFinite(h[o + 1]) && Float.isFinite(h[o + 2]);
    }

    /** Cells per unit along an axis whose centers span {@code [min, max]}; 0 where they span nothing. */
    private static float scale(float min, float max) {
        float span = max - min;
        return span > 0f && Float.isFinite(span) ? CELL_MAX / span : 0f;
    }

    private static long quantize(float v, float min, float scale) {
        return (long) Math.min(Math.max((v - min) * scale, 0f), CELL_MAX);
    }

    /** The low {@value #CELL_BITS} bits of {@code v}, two zero bits after each. */
    private static long spread(long v) {
        long x = v & 0x1F_FFFFL;
        x = (x | x << 32) & 0x1F_0000_0000_FFFFL;
        x = (x | x << 16) & 0x1F_0000_FF00_00FFL;
        x = (x | x << 8) & 0x100F_00F0_0F00_F00FL;
        x = (x | x << 4) & 0x10C3_0C30_C30C_30C3L;
        x = (x | x << 2) & 0x1249_2492_4924_9249L;
        return x;
    }
}
