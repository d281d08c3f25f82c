package io.flatscene.core.scene.frame;

import io.flatscene.core.container.Index;
import io.flatscene.core.container.LongColumn;
import io.flatscene.core.geometry.MortonCode;
import io.flatscene.core.geometry.PointBounds;
import io.flatscene.core.scene.store.ItemStore;
import io.flatscene.core.scene.store.ObjectStore;

/**
 * Keeps the items' dense order spatial, so that the chunks of {@link ChunkBounds} are small and culling rejects or
 * accepts most of them whole: every so often, the items are sorted with {@link ObjectStore#sortBy}, a radix sort that
 * moves every item column once, by cell (the Morton code of their world center's cell) and within a cell by their
 * node's transform slot.
 *
 * <p>Cells are coarse, about {@value #ITEMS_PER_CELL} items (64 chunks) each, because the bounds and cull passes read
 * every item's node: items in node order read the node arrays in order, while a fine spatial order scatters those
 * reads once the nodes outgrow the cache. Measured on the benchmarks' grid of 1M items created in node order (one
 * worker, still scene): bounds 1.5 ms and cull 5.3 ms unsorted, 5.6 and 5.5 ms sorted by a fine Morton code, 2.2 and
 * 3.8 ms by cells of 4,096 items. Chunks are then runs of nodes inside a cell: small where nodes were made near their
 * neighbors, as large as their cell where they were not, which still rejects whole cells.
 *
 * <p>When: all items at once at the first bounds pass that finds at least {@value #MIN_ITEMS} items (a scene's
 * load), then again whenever the chunks have grown {@value #LOOSENING} times as loose as right after the last sort
 * (their mean half extents) while fewer than a quarter of them are moving ({@link ChunkBounds#settled}), at most once
 * every {@value #PERIOD} bounds passes. Items created in a coherent order, or moving together, never trigger it; a
 * still scene is sorted once; items scattered by motion or churn are sorted again once they settle, not while they
 * keep moving, when any order would be stale within frames. The first sort is O(items), every item column gathered
 * once: measured on this project's 2-core machine, about 30 to 60 ms for 100k items and 250 to 400 ms for 1M (0.6 to
 * 1.2 s for the first, which also allocates the sort's spare columns). So that a running game never pays that at
 * once, a later sort goes a window of {@value #WINDOW} items per bounds pass ({@link ObjectStore#sortBy(LongColumn,
 * int, int)}), each window sorted within itself on one grid of cells fixed for the whole round: a window of a
 * scattered scene still holds dozens of items per cell, so its chunks come out about as tight as a whole sort's.
 * Smaller scenes are never sorted: their whole cull takes microseconds.
 *
 * <p>What a sort changes: items' global indices (as a swap-and-pop removal does), and with them the draw order of
 * items whose render-queue keys are equal (same group, material, mesh and quantized depth), which follows global
 * index order. Between sorts that order is as stable as before.
 */
final class SpatialOrder {
    private static final int MIN_ITEMS = 4_096;
    private static final int PERIOD = 32;
    private static final double LOOSENING = 2.0;
    private static final int ITEMS_PER_CELL = 4_096;
    /** The most bits of a cell coordinate an axis: three axes' worth fit below the 32 bits of the slot. */
    private static final int CELL_BITS = 10;
    /** Items a later sort reorders per bounds pass: 256 chunks, a few milliseconds at most. */
    private static final int WINDOW = 16_384;

    private final ObjectStore<?> store;
    private final ItemStore items;
    /** The sort key: a column of the items' set, so that the sort can read it; scratch between sorts. */
    private final LongColumn cell;
    /** {@link #fixGrid}'s scratch: the box around the items' centers. */
    private final PointBounds centers = new PointBounds();
    private boolean sorted;
    private double sortedLooseness;
    private int passesSinceSort;
    /** Where the next window of a sort in progress starts; {@link Index#NONE} when none is in progress. */
    private int windowStart = Index.NONE;
    // The grid of cells of the sort in progress, fixed at its start so that every window keys cells alike.
    private float minX;
    private float minY;
    private float minZ;
    private float scaleX;
    private float scaleY;
    private float scaleZ;
    private int perAxis;

    SpatialOrder(ObjectStore<?> store, ItemStore items) {
        this.store = store;
        this.items = items;
        this.cell = store.columns().addLongColumn();
    }

    /**
     * After a bounds pass and a refresh of {@code chunks}, sorts what is due: every item (the first sort), or the next
     * window of a sort in progress or one starting now.
     *
     * @return whether items were sorted, which may have changed their places
     */
    boolean sortDue(int itemCount, ChunkBounds chunks) {
        passesSinceSort++;
        if (itemCount < MIN_ITEMS) {
            windowStart = Index.NONE;
            return false;
        }
        if (!sorted) {
            fixGrid(itemCount);
            writeCells(0, itemCount);
            // the detached items after the first itemCount stay where they are, behind the attached ones
            store.sortBy(cell, 0, itemCount);
            reordered(0, itemCount, itemCount, chunks);
            sorted = true;
            sortedLooseness = chunks.looseness();
            passesSinceSort = 0;
            return true;
        }
        if (windowStart != Index.NONE && windowStart >= itemCount) {
            // the items past the next window were destroyed or detached since: the round has sorted them all
            windowStart = Index.NONE;
            sortedLooseness = chunks.looseness();
            passesSinceSort = 0;
            return false;
        }
        if (windowStart == Index.NONE) {
            if (passesSinceSort < PERIOD || !chunks.settled()
                    || chunks.looseness() <= LOOSENING * sortedLooseness) {
                return false;
            }
            fixGrid(itemCount);
            windowStart = 0;
        }
        int end = Math.min(itemCount, windowStart + WINDOW);
        writeCells(windowStart, end);
        store.sortBy(cell, windowStart, end);
        reordered(windowStart, end, itemCount, chunks);
        windowStart = end < itemCount ? end : Index.NONE;
        if (windowStart == Index.NONE) {
            sortedLooseness = chunks.looseness();
            passesSinceSort = 0;
        }
        return true;
    }

    /**
     * The one fix-up after items {@code [from, to)} changed places: their chunks' boxes are recomputed now, and the
     * next bounds pass visits those chunks, so that what it keeps per chunk (the range of its items' nodes) follows.
     */
    private void reordered(int from, int to, int itemCount, ChunkBounds chunks) {
        chunks.markReordered(from, to);
        for (int first = from; first < to; first += ChunkBounds.SIZE) {
            items.moved(first);
        }
        chunks.refresh(itemCount);
    }

    /** Lays the grid of cells over the box of every item's center, with about {@value #ITEMS_PER_CELL} a cell. */
    private void fixGrid(int itemCount) {
        float[] c = items.worldCenterArray();
        float[] h = items.worldHalfArray();
        centers.clear();
        for (int i = 0; i < itemCount; i++) {
            int o = i * 3;
            if (finite(c, h, o)) {
                centers.add(c[o], c[o + 1], c[o + 2]);
            }
        }
        float spanX = centers.span(0);
        float spanY = centers.span(1);
        float spanZ = centers.span(2);
        // An axis far thinner than the widest (a flat scene's up axis) is not cut: it would only thin the cells.
        float flat = Math.max(spanX, Math.max(spanY, spanZ)) / 64f;
        spanX = spanX > flat ? spanX : 0f;
        spanY = spanY > flat ? spanY : 0f;
        spanZ = spanZ > flat ? spanZ : 0f;
        int axes = (spanX > 0f ? 1 : 0) + (spanY > 0f ? 1 : 0) + (spanZ > 0f ? 1 : 0);
        perAxis = 1 << cellBits(itemCount, axes);
        scaleX = spanX > 0f ? perAxis / spanX : 0f;
        scaleY = spanY > 0f ? perAxis / spanY : 0f;
        scaleZ = spanZ > 0f ? perAxis / spanZ : 0f;
        minX = centers.min(0);
        minY = centers.min(1);
        minZ = centers.min(2);
    }

    /**
     * The key of items {@code [from, to)}: its cell in the high half, the cells of the grid numbered in Morton order
     * (bits interleaved, x lowest), and its node's slot in the low half (the passes' items are all attached). Items
     * with a non-finite box go last, together, so that they leave few chunks open; so do items outside the grid
     * (moved out since it was laid), in its border cells.
     */
    private void writeCells(int from, int to) {
        float[] c = items.worldCenterArray();
        float[] h = items.worldHalfArray();
        int[] nodeSlot = items.nodeSlotArray();
        long[] cells = cell.values();
        for (int i = from; i < to; i++) {
            int o = i * 3;
            if (!finite(c, h, o)) {
                cells[i] = Long.MAX_VALUE;
                continue;
            }
            long code = MortonCode.of(MortonCode.cell(c[o], minX, scaleX, perAxis),
                    MortonCode.cell(c[o + 1], minY, scaleY, perAxis), MortonCode.cell(c[o + 2], minZ, scaleZ, perAxis));
            cells[i] = code << 32 | nodeSlot[i];
        }
    }

    /**
     * Bits of a cell coordinate along each of {@code axes} axes (those the centers spread along) for about one cell per
     * {@value #ITEMS_PER_CELL} items.
     */
    private static int cellBits(int itemCount, int axes) {
        int cellsLog2 = 32 - Integer.numberOfLeadingZeros(Math.max(1, itemCount / ITEMS_PER_CELL) - 1);
        int spread = Math.max(1, axes);
        return Math.min(CELL_BITS, Math.max(1, (cellsLog2 + spread - 1) / spread));
    }

    private static boolean finite(float[] c, float[] h, int o) {
        return Float.isFinite(c[o]) && Float.isFinite(c[o + 1]) && Float.isFinite(c[o + 2])
                && Float.isFinite(h[o]) && Float.isFinite(h[o + 1]) && Float.isFinite(h[o + 2]);
    }
}
