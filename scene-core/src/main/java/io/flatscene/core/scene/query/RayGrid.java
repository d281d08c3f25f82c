package io.flatscene.core.scene.query;

import io.flatscene.core.container.Index;
import java.util.Arrays;

/**
 * A uniform grid of cubic cells over the query index's built entries, for short rays: a ray finds the cells it
 * crosses by arithmetic, so their loads do not wait on one another as the tree's levels do.
 *
 * <p><b>Cells.</b> Cell {@code (x, y, z)} is {@code (x * ny + y) * nz + z}; its entries are listed in
 * {@code cellId[cellStart[c] .. cellStart[c + 1])} by item id (what a hit needs first), each listing's box beside it
 * in {@code cellBox}, so that a walk reads a cell's boxes from one run of memory. An entry is listed in every cell of
 * its cover: the cells its box as of the grid's build meets once widened by {@link QueryIndex#MARGIN} of its magnitude
 * (as the tree's node boxes are) and by {@link #SLACK} of a cell. A ray is walked here only when its float rounding,
 * and the exact test's, stays far below that widening ({@link #ROUNDING}), so that no point of a box the exact test
 * accepts lies in a cell the walk skips or that does not list the box. The region, the union of every cover, holds
 * all the cells.
 *
 * <p><b>Always-tested entries.</b> An entry whose box is not finite or meets more than {@value #MAX_COVER} cells at the
 * build, or whose box later leaves its cover, is in {@code always}, which every ray walked here tests, and its
 * {@code coverLo} is {@link Index#NONE}. Once {@value #ALWAYS_LIMIT} are not enough, the grid is dropped and rays go
 * through the tree until the index builds it again. An entry that dies has its listings turned NaN too. The index's
 * own build renumbers the entries, so it drops the grid.
 */
final class RayGrid {
    /** Cells a ray may cross, estimated from its length, for the walk to beat the tree. */
    private static final int MAX_WALK = 48;
    /** Always-tested entries a grid keeps before it is dropped. */
    static final int ALWAYS_LIMIT = 64;
    /** Cells per gridded entry the side aims at, unless the entries are larger than such cells. */
    private static final int CELLS_PER_ENTRY = 2;
    /** Cells an entry may cover before every ray tests it instead. */
    private static final int MAX_COVER = 64;
    /** Cells along one axis at most, so that a cell's index fits an int. */
    private static final int MAX_AXIS_CELLS = 1 << 10;
    /** A cover's widening, as a share of the cell's side. */
    private static final float SLACK = 1f / 64;
    /**
     * A bound on the walk's and the exact test's rounding, relative to the largest magnitude of the coordinates
     * involved (64 units in the last place of a float, where a few are made): a ray is walked here only when that
     * is below the cell's slack.
     */
    private static final float ROUNDING = 0x1p-18f;

    private boolean live;
    /** The entries {@code [0, gridded)} the grid was built over. */
    private int gridded;
    private final float[] min = new float[3];
    private final float[] max = new float[3];
    /** The largest magnitude of the region's bounds. */
    private float magnitude;
    private float side;
    private float inverseSide;
    private int nx;
    private int ny;
    private int nz;
    private int[] cellStart = new int[1];
    private int[] cellId = new int[0];
    /**
     * By listing, 6 floats: the entry's box as min x, y, z then max x, y, z, the floats the exact test computes from
     * center and half extents, kept in step by {@link #moved}; NaN once the entry left its cover, so that no stale copy
     * passes a test.
     */
    private float[] cellBox = new float[0];
    /** By entry: the cells at its cover's low and high corners; {@link Index#NONE} low for an always-tested entry. */
    private int[] coverLo = new int[0];
    private int[] coverHi = new int[0];
    private final int[] always = new int[ALWAYS_LIMIT];
    private int alwaysCount;
    /** The build's count of entries per cell, then each cell's next free place. */
    private int[] fill = new int[0];

    boolean live() {
        return live;
    }

    /** The index renumbered its entries: the grid answers no ray until built again. */
    void drop() {
        live = false;
    }

    /**
     * Builds the grid over entries {@code [0, count)}, boxes as center and half extents 6 floats each, dead entries
     * ({@code ids} {@link Index#NONE}) left out. Leaves the grid dropped when it would not serve: no finite entry, a
     * region too wide for floats, or more always-tested entries than {@value #ALWAYS_LIMIT}.
     */
    void build(float[] boxes, int[] ids, int count) {
        live = false;
        gridded = count;
        alwaysCount = 0;
        if (coverLo.length < count) {
            coverLo = new int[count];
            coverHi = new int[count];
        }
        Arrays.fill(min, Float.POSITIVE_INFINITY);
        Arrays.fill(max, Float.NEGATIVE_INFINITY);
        double sizes = 0;
        int finite = 0;
        for (int e = 0; e < count; e++) {
            coverLo[e] = Index.NONE;
            if (ids[e] == Index.NONE) {
                continue;
            }
            int b = e * 6;
            if (!finite(boxes, b)) {
                if (!keep(e)) {
                    return;
                }
                continue;
            }
            float largest = 0f;
            for (int axis = 0; axis < 3; axis++) {
                float c = boxes[b + axis];
                float h = boxes[b + 3 + axis];
                float widened = h + QueryIndex.MARGIN * (Math.abs(c) + h);
                min[axis] = Math.min(min[axis], c - widened);
                max[axis] = Math.max(max[axis], c + widened);
                largest = Math.max(largest, h);
            }
            sizes += 2.0 * largest;
            finite++;
        }
        if (finite == 0 || !chooseCells(sizes / finite, finite)) {
            return;
        }
        int cells = nx * ny * nz;
        if (fill.length < cells) {
            fill = new int[cells];
            cellStart = new int[cells + 1];
        }
        Arrays.fill(fill, 0, cells, 0);
        for (int e = 0; e < count; e++) {
            if (ids[e] == Index.NONE || !finite(boxes, e * 6)) {
                continue;
            }
            if (!cover(boxes, e)) {
                if (!keep(e)) {
                    return;
                }
                continue;
            }
            overCover(e, ids[e], COUNT, boxes);
        }
        cellStart[0] = 0;
        for (int c = 0; c < cells; c++) {
            cellStart[c + 1] = cellStart[c] + fill[c];
            fill[c] = cellStart[c];
        }
        int listings = cellStart[cells];
        if (cellId.length < listings) {
            cellId = new int[listings];
        }
        // one listing more, so that the walk may load a cell's first box where the cell is empty and last
        if (cellBox.length < (listings + 1) * 6) {
            cellBox = new float[(listings + 1) * 6];
        }
        for (int e = 0; e < count; e++) {
            if (coverLo[e] != Index.NONE) {
                overCover(e, ids[e], LIST, boxes);
            }
        }
        live = true;
    }

    /**
     * Chooses the cell's side: about {@value #CELLS_PER_ENTRY} cells an entry over the region, where an axis thinner
     * than a cell counts as one (a flat field gets square cells), no smaller than the entries' mean size (smaller cells
     * list each entry many times), and few enough cells along each axis; then widens the region by twice the slack.
     *
     * @return false when the region is too wide for floats
     */
    private boolean chooseCells(double meanSize, int finite) {
        double ex = (double) max[0] - min[0];
        double ey = (double) max[1] - min[1];
        double ez = (double) max[2] - min[2];
        double largest = Math.max(ex, Math.max(ey, ez));
        if (!Double.isFinite(largest) || !Float.isFinite(max[0] - min[0]) || !Float.isFinite(max[1] - min[1])
                || !Float.isFinite(max[2] - min[2])) {
            return false;
        }
        double side = Math.max(fittedSide(ex, ey, ez, finite),
                Math.max(meanSize, (largest + largest / 8) / MAX_AXIS_CELLS));
        side = Math.max(side, Float.MIN_NORMAL);
        float slack = (float) (2 * SLACK * side);
        magnitude = 0f;
        for (int axis = 0; axis < 3; axis++) {
            min[axis] -= slack;
            max[axis] += slack;
            magnitude = Math.max(magnitude, Math.max(Math.abs(min[axis]), Math.abs(max[axis])));
        }
        this.side = (float) side;
        inverseSide = (float) (1.0 / side);
        nx = cellsAlong(0);
        ny = cellsAlong(1);
        nz = cellsAlong(2);
        return Float.isFinite(magnitude) && Float.isFinite(inverseSide) && this.side > 0f;
    }

    /**
     * The side at which cells over a region of these extents number {@value #CELLS_PER_ENTRY} per entry: the fixed
     * point of the volume it makes, an axis thinner than a cell counting one cell.
     */
    private static double fittedSide(double ex, double ey, double ez, int entries) {
        double target = (double) CELLS_PER_ENTRY * entries;
        double fitted = Math.max(Math.max(ex, Math.max(ey, ez)), Double.MIN_NORMAL);
        for (int round = 0; round < 64; round++) {
            fitted = Math.cbrt(Math.max(ex, fitted) * Math.max(ey, fitted) * Math.max(ez, fitted) / target);
        }
        return fitted;
    }

    /**
     * The longest ray a grid over {@code entries} entries in the box {@code bounds} (min x, y, z then max x, y, z)
     * would walk rather than leave to the tree, about: the rays the index counts towards building one.
     */
    static float walkableLength(float[] bounds, int entries) {
        return (float) (MAX_WALK * fittedSide((double) bounds[3] - bounds[0], (double) bounds[4] - bounds[1],
                (double) bounds[5] - bounds[2], entries));
    }

    private int cellsAlong(int axis) {
        return (int) Math.min(MAX_AXIS_CELLS, Math.max(1L, (long) Math.ceil((max[axis] - min[axis]) / side)));
    }

    private static boolean finite(float[] boxes, int b) {
        for (int k = 0; k < 6; k++) {
            if (!Float.isFinite(boxes[b + k])) {
                return false;
            }
        }
        return true;
    }

    /** Puts entry {@code e} among the always-tested; false, the grid dropped, when that makes one too many. */
    private boolean keep(int e) {
        coverLo[e] = Index.NONE;
        if (alwaysCount == ALWAYS_LIMIT) {
            live = false;
            return false;
        }
        always[alwaysCount++] = e;
        return true;
    }

    private static float widening(float c, float h, float side) {
        return QueryIndex.MARGIN * (Math.abs(c) + h) + SLACK * side;
    }

    /** Sets entry {@code e}'s cover from its finite box; false when that covers more than {@value #MAX_COVER} cells. */
    private boolean cover(float[] boxes, int e) {
        int b = e * 6;
        int x0 = cell(boxes, b, 0, -1);
        int x1 = cell(boxes, b, 0, 1);
        int y0 = cell(boxes, b, 1, -1);
        int y1 = cell(boxes, b, 1, 1);
        int z0 = cell(boxes, b, 2, -1);
        int z1 = cell(boxes, b, 2, 1);
        if ((long) (x1 - x0 + 1) * (y1 - y0 + 1) * (z1 - z0 + 1) > MAX_COVER) {
            return false;
        }
        coverLo[e] = (x0 * ny + y0) * nz + z0;
        coverHi[e] = (x1 * ny + y1) * nz + z1;
        return true;
    }

    /** The cell along {@code axis} of the box's widened low ({@code sign} -1) or high (+1) face, clamped. */
    private int cell(float[] boxes, int b, int axis, int sign) {
        float c = boxes[b + axis];
        float h = boxes[b + 3 + axis];
        float face = c + sign * (h + widening(c, h, side));
        int n = axis == 0 ? nx : axis == 1 ? ny : nz;
        return Math.max(0, Math.min(n - 1, (int) Math.floor((face - min[axis]) * inverseSide)));
    }

    /** What {@link #overCover} does in each cell of an entry's cover. */
    private static final int COUNT = 0;
    private static final int LIST = 1;
    private static final int COPY = 2;
    private static final int POISON = 3;

    /**
     * In each cell of entry {@code e}'s cover: counts it ({@link #COUNT}), lists it ({@link #LIST}), or writes its box
     * from {@code boxes} ({@link #COPY}) or NaN ({@link #POISON}) into its listing there.
     */
    private void overCover(int e, int id, int action, float[] boxes) {
        int lo = coverLo[e];
        int hi = coverHi[e];
        for (int x = xOf(lo), x1 = xOf(hi); x <= x1; x++) {
            for (int y = yOf(lo), y1 = yOf(hi); y <= y1; y++) {
                for (int z = zOf(lo), z1 = zOf(hi); z <= z1; z++) {
                    int c = (x * ny + y) * nz + z;
                    if (action == COUNT) {
                        fill[c]++;
                    } else if (action == LIST) {
                        cellId[fill[c]] = id;
                        copyBox(boxes, e * 6, fill[c]++ * 6);
                    } else {
                        writeListing(e, id, c, action == COPY ? boxes : null);
                    }
                }
            }
        }
    }

    /** Writes entry {@code e}'s box from {@code boxes}, or NaN where null, into its listing in cell {@code c}. */
    private void writeListing(int e, int id, int c, float[] boxes) {
        for (int k = cellStart[c]; k < cellStart[c + 1]; k++) {
            if (cellId[k] == id) {
                if (boxes == null) {
                    Arrays.fill(cellBox, k * 6, k * 6 + 6, Float.NaN);
                } else {
                    copyBox(boxes, e * 6, k * 6);
                }
                return;
            }
        }
    }

    /** Copies the box at {@code boxes[b]}, center and half extents, into {@code cellBox[k]} as min and max. */
    private void copyBox(float[] boxes, int b, int k) {
        for (int axis = 0; axis < 3; axis++) {
            cellBox[k + axis] = boxes[b + axis] - boxes[b + 3 + axis];
            cellBox[k + 3 + axis] = boxes[b + axis] + boxes[b + 3 + axis];
        }
    }

    /**
     * Entry {@code e}'s box changed to the one at {@code boxes[6e]}: while it stays inside its cover nothing changes;
     * once out, it is tested by every ray, or the grid is dropped when too many are.
     */
    void moved(int e, int id, float[] boxes) {
        if (!live || e >= gridded || coverLo[e] == Index.NONE) {
            return;
        }
        boolean holds = holds(boxes, e);
        overCover(e, id, holds ? COPY : POISON, boxes);
        if (!holds) {
            keep(e);
        }
    }

    /**
     * Entry {@code e}, item {@code id}'s, died: its listings turn NaN, since the id may be a new item's before the grid
     * is built again.
     */
    void removed(int e, int id) {
        if (live && e < gridded && coverLo[e] != Index.NONE) {
            overCover(e, id, POISON, null);
        }
    }

    /** Whether entry {@code e}'s box, widened, lies in its cover. */
    private boolean holds(float[] boxes, int e) {
        int b = e * 6;
        int lo = coverLo[e];
        int hi = coverHi[e];
        return finite(boxes, b) && inside(boxes, b, 0, xOf(lo), xOf(hi)) && inside(boxes, b, 1, yOf(lo), yOf(hi))
                && inside(boxes, b, 2, zOf(lo), zOf(hi));
    }

    private int xOf(int cell) {
        return cell / (ny * nz);
    }

    private int yOf(int cell) {
        return cell / nz % ny;
    }

    private int zOf(int cell) {
        return cell % nz;
    }

    /** Whether the box's widened extent along {@code axis} lies in cells {@code [lo, hi]}, edges of the region kept. */
    private boolean inside(float[] boxes, int b, int axis, int lo, int hi) {
        float c = boxes[b + axis];
        float h = boxes[b + 3 + axis];
        float w = h + widening(c, h, side);
        return (c - w - min[axis]) * inverseSide >= lo && (c + w - min[axis]) * inverseSide < hi + 1;
    }

    /**
     * Walks the ray, direction of unit length, cell by cell within {@code maxDistance}: each listed item whose box it
     * enters goes into {@code stretch}'s found list, emptied first, once, with the distance; the caller tests the
     * {@link #alwaysTested} entries. A walk handed {@code settled} asks it after each stretch but the last whether to
     * stop there.
     *
     * @param settled null to walk the whole ray; otherwise asked, once a stretch's items are in {@code stretch}'s found
     *                list, whether the ray needs no farther cell
     * @return false, having found nothing, when the ray is too long or too far out for the grid to answer it
     */
    boolean walk(float ox, float oy, float oz, float dx, float dy, float dz, float maxDistance, Stretch stretch,
                 Settled settled) {
        stretch.foundCount = 0;
        float reach = Math.max(magnitude, Math.max(Math.abs(ox), Math.max(Math.abs(oy), Math.abs(oz))));
        if (!((reach + maxDistance) * ROUNDING <= SLACK * side)) {
            return false;
        }
        float near = 0f;
        float far = maxDistance;
        float ix = 1f / dx;
        float iy = 1f / dy;
        float iz = 1f / dz;
        float[] min = this.min;
        float[] max = this.max;
        // an axis the ray runs parallel to has an infinite inverse: its slab is all or nothing, and an origin on the
        // region's face (a NaN) crosses nothing, which is right, since every box lies a slack inside the region
        for (int axis = 0; axis < 3; axis++) {
            float origin = axis == 0 ? ox : axis == 1 ? oy : oz;
            float inverse = axis == 0 ? ix : axis == 1 ? iy : iz;
            float t1 = (min[axis] - origin) * inverse;
            float t2 = (max[axis] - origin) * inverse;
            near = Math.max(near, Math.min(t1, t2));
            far = Math.min(far, Math.max(t1, t2));
        }
        boolean crosses = near <= far;
        if (crosses && (far - near) * (Math.abs(dx) + Math.abs(dy) + Math.abs(dz)) * inverseSide > MAX_WALK) {
            return false;
        }
        if (crosses) {
            walkCells(ox, oy, oz, ix, iy, iz, near, far, maxDistance, stretch, settled);
        }
        return true;
    }

    /** {@return the entries every ray walked here must also be tested against, which no cell lists} */
    int alwaysTested() {
        return alwaysCount;
    }

    int alwaysTested(int a) {
        return always[a];
    }

    /**
     * The 3D-DDA from the cell at {@code near} on: each next crossing is computed from its cell's face, not summed, so
     * that its rounding does not grow along the ray. An axis the ray runs parallel to is never crossed. The cells are
     * gathered a stretch at a time and their boxes tested after, so that the loads of a stretch's cells overlap.
     */
    private void walkCells(float ox, float oy, float oz, float ix, float iy, float iz, float near, float far,
                           float maxDistance, Stretch stretch, Settled settled) {
        float[] min = this.min;
        float side = this.side;
        int nx = this.nx;
        int ny = this.ny;
        int nz = this.nz;
        int x = start(ox, ix, near, 0, nx);
        int y = start(oy, iy, near, 1, ny);
        int z = start(oz, iz, near, 2, nz);
        int sx = ix > 0f ? 1 : -1;
        int sy = iy > 0f ? 1 : -1;
        int sz = iz > 0f ? 1 : -1;
        int ax = ix > 0f ? 1 : 0;
        int ay = iy > 0f ? 1 : 0;
        int az = iz > 0f ? 1 : 0;
        // an axis the ray runs parallel to is never crossed: its next face is infinitely far, not NaN for an origin on
        // a face, which would spoil the comparisons that pick the next axis
        float tx = Float.isInfinite(ix) ? Float.POSITIVE_INFINITY : (min[0] + (x + ax) * side - ox) * ix;
        float ty = Float.isInfinite(iy) ? Float.POSITIVE_INFINITY : (min[1] + (y + ay) * side - oy) * iy;
        float tz = Float.isInfinite(iz) ? Float.POSITIVE_INFINITY : (min[2] + (z + az) * side - oz) * iz;
        int[] cells = stretch.cells;
        float[] from = stretch.from;
        float[] until = stretch.until;
        float entered = Float.NEGATIVE_INFINITY;
        int count = 0;
        while (true) {
            // the ray's next crossing, and whether this is the last cell it crosses within the region and its length
            int axis = tx <= ty && tx <= tz ? 0 : ty <= tz ? 1 : 2;
            float leaves = axis == 0 ? tx : axis == 1 ? ty : tz;
            int next = axis == 0 ? x + sx : axis == 1 ? y + sy : z + sz;
            boolean last = leaves > far || next < 0 || next >= (axis == 0 ? nx : axis == 1 ? ny : nz);
            cells[count] = (x * ny + y) * nz + z;
            from[count] = entered;
            until[count] = last ? Float.POSITIVE_INFINITY : leaves;
            count++;
            if (last || count == Stretch.CELLS) {
                testCells(stretch, count, ox, oy, oz, ix, iy, iz, maxDistance);
                count = 0;
                if (last || settled != null && settled.settled(leaves)) {
                    return;
                }
            }
            entered = leaves;
            if (axis == 0) {
                x = next;
                tx = (min[0] + (x + ax) * side - ox) * ix;
            } else if (axis == 1) {
                y = next;
                ty = (min[1] + (y + ay) * side - oy) * iy;
            } else {
                z = next;
                tz = (min[2] + (z + az) * side - oz) * iz;
            }
        }
    }

    /**
     * Tests the boxes of a stretch's cells, by the exact test's own arithmetic: first every cell's range and first box
     * are loaded, loads that do not wait on one another, then the tests run on what is cached. An entry listed in
     * several cells the ray crosses is found by the one cell whose span holds the distance the ray enters it at.
     */
    private void testCells(Stretch stretch, int count, float ox, float oy, float oz, float ix, float iy, float iz,
                           float maxDistance) {
        int[] cells = stretch.cells;
        int[] first = stretch.first;
        int[] end = stretch.end;
        int[] cellStart = this.cellStart;
        int[] cellId = this.cellId;
        float[] box = this.cellBox;
        for (int i = 0; i < count; i++) {
            first[i] = cellStart[cells[i]];
            end[i] = cellStart[cells[i] + 1];
        }
        float touched = 0f;
        for (int i = 0; i < count; i++) {
            touched += box[first[i] * 6] + box[Math.max(first[i], end[i] - 1) * 6 + 5];
        }
        stretch.touched = touched;
        int listings = 0;
        for (int i = 0; i < count; i++) {
            listings += end[i] - first[i];
        }
        int found = stretch.room(listings);
        if (Float.isInfinite(ix) || Float.isInfinite(iy) || Float.isInfinite(iz)) {
            stretch.foundCount = testAlongAxes(stretch, count, found, ox, oy, oz, ix, iy, iz, maxDistance);
            return;
        }
        // the faces the ray enters and leaves a box by, from the sign of its direction: then the near and far distances
        // on each axis are the exact test's min and max of the two, without comparing them
        int nearX = ix > 0f ? 0 : 3;
        int nearY = iy > 0f ? 1 : 4;
        int nearZ = iz > 0f ? 2 : 5;
        int farX = 3 - nearX;
        int farY = 5 - nearY;
        int farZ = 7 - nearZ;
        int[] foundId = stretch.foundId;
        float[] foundDistance = stretch.foundDistance;
        for (int i = 0; i < count; i++) {
            float from = stretch.from[i];
            float until = stretch.until[i];
            for (int k = first[i], last = end[i]; k < last; k++) {
                int b = k * 6;
                float enter = Math.max(Math.max(Math.max(0f, (box[b + nearX] - ox) * ix), (box[b + nearY] - oy) * iy),
                        (box[b + nearZ] - oz) * iz);
                float exit = Math.min(Math.min(Math.min(maxDistance, (box[b + farX] - ox) * ix),
                        (box[b + farY] - oy) * iy), (box[b + farZ] - oz) * iz);
                if (enter <= exit && enter >= from && enter < until) {
                    foundId[found] = cellId[k];
                    foundDistance[found++] = enter;
                }
            }
        }
        stretch.foundCount = found;
    }

    /**
     * {@link #testCells}'s tests for a ray parallel to an axis, which it enters a box along only from inside.
     *
     * @return the count found, {@code found} before
     */
    private int testAlongAxes(Stretch stretch, int count, int found, float ox, float oy, float oz, float ix, float iy,
                              float iz, float maxDistance) {
        int[] first = stretch.first;
        int[] end = stretch.end;
        int[] cellId = this.cellId;
        float[] box = this.cellBox;
        for (int i = 0; i < count; i++) {
            float from = stretch.from[i];
            float until = stretch.until[i];
            for (int k = first[i]; k < end[i]; k++) {
                int b = k * 6;
                float enter = 0f;
                float exit = maxDistance;
                boolean parallelInside = true;
                for (int axis = 0; axis < 3; axis++) {
                    float origin = axis == 0 ? ox : axis == 1 ? oy : oz;
                    float inverse = axis == 0 ? ix : axis == 1 ? iy : iz;
                    if (Float.isInfinite(inverse)) {
                        parallelInside &= origin >= box[b + axis] && origin <= box[b + 3 + axis];
                    } else {
                        float t1 = (box[b + axis] - origin) * inverse;
                        float t2 = (box[b + 3 + axis] - origin) * inverse;
                        enter = Math.max(enter, Math.min(t1, t2));
                        exit = Math.min(exit, Math.max(t1, t2));
                    }
                }
                if (parallelInside && enter <= exit && enter >= from && enter < until) {
                    stretch.foundId[found] = cellId[k];
                    stretch.foundDistance[found++] = enter;
                }
            }
        }
        return found;
    }

    /**
     * Whether a ray that wants one hit, or only the nearest, has what it needs. Each item a stretch finds is found in
     * the cell whose span holds the distance the ray enters it at, so every item a later stretch finds lies at or past
     * the distance where this stretch's last cell ends.
     */
    interface Settled {
        /**
         * Takes the items in the stretch's found list, leaving it empty.
         *
         * @param reached where the ray leaves the stretch's last cell: items the walk has not yet found lie at or
         *                beyond it
         * @return whether the walk stops here
         */
        boolean settled(float reached);
    }

    /**
     * One thread's scratch for walks: a stretch of the cells a ray crosses, with the ray's span in each, and the
     * items whose boxes the ray enters, by id with the distance, for the caster to accept after the walk.
     */
    static final class Stretch {
        static final int CELLS = 16;
        final int[] cells = new int[CELLS];
        final float[] from = new float[CELLS];
        final float[] until = new float[CELLS];
        final int[] first = new int[CELLS];
        final int[] end = new int[CELLS];
        /** The sum of the first boxes' loads, kept so that the compiler keeps the loads. */
        float touched;
        int[] foundId = new int[64];
        float[] foundDistance = new float[64];
        int foundCount;

        /** Makes room for {@code listings} more found items; returns the count found so far. */
        private int room(int listings) {
            if (foundId.length < foundCount + listings) {
                int grown = Math.max(foundCount + listings, 2 * foundId.length);
                foundId = Arrays.copyOf(foundId, grown);
                foundDistance = Arrays.copyOf(foundDistance, grown);
            }
            return foundCount;
        }
    }

    /** The cell along {@code axis} of the ray's point at {@code t}, clamped to the region. */
    private int start(float origin, float inverse, float t, int axis, int n) {
        float at = origin + t / inverse;
        return Math.max(0, Math.min(n - 1, (int) Math.floor((at - min[axis]) * inverseSide)));
    }

    /**
     * Checks, while live, that the cells' lists are in order, that each covered entry is listed in exactly the cells of
     * its cover with its box, which has not left it, that listings of items no gridded entry holds are NaN, and that
     * the always-tested entries are the uncovered live ones.
     *
     * @throws IllegalStateException naming the first broken invariant
     */
    void validate(float[] boxes, int[] ids, int[] entryOf) {
        if (!live) {
            return;
        }
        int cells = nx * ny * nz;
        if (cellStart[0] != 0) {
            throw new IllegalStateException("ray grid's first cell starts at " + cellStart[0]);
        }
        int[] listed = new int[gridded];
        for (int c = 0; c < cells; c++) {
            if (cellStart[c + 1] < cellStart[c]) {
                throw new IllegalStateException("ray grid cell " + c + " ends at " + cellStart[c + 1] + ", before its "
                        + "start " + cellStart[c]);
            }
            for (int k = cellStart[c]; k < cellStart[c + 1]; k++) {
                int id = cellId[k];
                int e = id >= 0 && id < entryOf.length ? entryOf[id] : Index.NONE;
                if (e == Index.NONE || e >= gridded) {
                    if (!Float.isNaN(cellBox[k * 6]) || !Float.isNaN(cellBox[k * 6 + 3])) {
                        throw new IllegalStateException("ray grid cell " + c + " lists item id " + id + ", which no "
                                + "gridded entry holds, with a box that is not NaN");
                    }
                    continue;
                }
                if (coverLo[e] != Index.NONE && !covers(e, c)) {
                    throw new IllegalStateException("ray grid cell " + c + " lists entry " + e + ", whose cover is "
                            + "cells " + coverLo[e] + " to " + coverHi[e]);
                }
                if (!listingHolds(boxes, e, k)) {
                    throw new IllegalStateException("ray grid cell " + c + " holds entry " + e + "'s box as "
                            + Arrays.toString(Arrays.copyOfRange(cellBox, k * 6, k * 6 + 6)) + ", which is not "
                            + (coverLo[e] == Index.NONE ? "NaN, though the entry left its cover" : "its box"));
                }
                listed[e]++;
            }
        }
        boolean[] kept = new boolean[gridded];
        for (int a = 0; a < alwaysCount; a++) {
            int e = always[a];
            if (coverLo[e] != Index.NONE) {
                throw new IllegalStateException("ray grid tests entry " + e + " with every ray, yet it has a cover");
            }
            kept[e] = true;
        }
        for (int e = 0; e < gridded; e++) {
            if (ids[e] == Index.NONE) {
                continue;
            }
            if (coverLo[e] == Index.NONE) {
                if (!kept[e]) {
                    throw new IllegalStateException("ray grid entry " + e + " has no cover and is not tested by every "
                            + "ray");
                }
                continue;
            }
            int lo = coverLo[e];
            int hi = coverHi[e];
            int size = (xOf(hi) - xOf(lo) + 1) * (yOf(hi) - yOf(lo) + 1) * (zOf(hi) - zOf(lo) + 1);
            if (listed[e] != size) {
                throw new IllegalStateException("ray grid entry " + e + " is listed in " + listed[e] + " cells, its "
                        + "cover has " + size);
            }
            if (!holds(boxes, e)) {
                throw new IllegalStateException("ray grid entry " + e + "'s box left its cover, cells " + coverLo[e]
                        + " to " + coverHi[e] + ", and it is not tested by every ray");
            }
        }
    }

    /** Whether listing {@code k} holds entry {@code e}'s box, or NaN once the entry left its cover. */
    private boolean listingHolds(float[] boxes, int e, int k) {
        for (int axis = 0; axis < 3; axis++) {
            float c = boxes[e * 6 + axis];
            float h = boxes[e * 6 + 3 + axis];
            float lo = cellBox[k * 6 + axis];
            float hi = cellBox[k * 6 + 3 + axis];
            boolean holds = coverLo[e] == Index.NONE ? Float.isNaN(lo) && Float.isNaN(hi)
                    : Float.floatToRawIntBits(lo) == Float.floatToRawIntBits(c - h)
                    && Float.floatToRawIntBits(hi) == Float.floatToRawIntBits(c + h);
            if (!holds) {
                return false;
            }
        }
        return true;
    }

    /** Whether cell {@code c} lies in entry {@code e}'s cover. */
    private boolean covers(int e, int c) {
        int lo = coverLo[e];
        int hi = coverHi[e];
        return xOf(c) >= xOf(lo) && xOf(c) <= xOf(hi) && yOf(c) >= yOf(lo) && yOf(c) <= yOf(hi) && zOf(c) >= zOf(lo)
                && zOf(c) <= zOf(hi);
    }
}
