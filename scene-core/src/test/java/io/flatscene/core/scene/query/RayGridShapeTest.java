package io.flatscene.core.scene.query;

import io.flatscene.core.container.Index;
import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The ray grid's shape against the rules its class comment states, computed here on their own: the cell's side
 * (about two cells an entry, an axis thinner than a cell counting one, no smaller than the entries' mean size, at
 * most 1024 cells along an axis), the region (the entries' boxes widened by the index's margin, then by twice the
 * slack of a cell), each entry's cover (its box widened by the margin and a slack, at most 64 cells, else tested by
 * every ray), the grids it refuses to build, and what a rebuild keeps.
 */
class RayGridShapeTest {
    /** Interior entries of the 16-cube lattice, whose boxes may change without changing the region. */
    private static final int[] PROBES = {16 * 16 * 5 + 16 * 5 + 5, 16 * 16 * 6 + 16 * 6 + 6, 16 * 16 * 7 + 16 * 7 + 7,
        16 * 16 * 8 + 16 * 8 + 8};

    /** The low end along {@code axis} of the entries' boxes widened by the margin, as the build computes them. */
    private static float low(RayGridFields layout, int axis) {
        float low = Float.POSITIVE_INFINITY;
        for (int e = 0; e < layout.ids.length; e++) {
            if (layout.ids[e] != Index.NONE) {
                float c = layout.boxes[e * 6 + axis];
                float h = layout.boxes[e * 6 + 3 + axis];
                low = Math.min(low, c - (h + QueryIndex.MARGIN * (Math.abs(c) + h)));
            }
        }
        return low;
    }

    private static float high(RayGridFields layout, int axis) {
        float high = Float.NEGATIVE_INFINITY;
        for (int e = 0; e < layout.ids.length; e++) {
            if (layout.ids[e] != Index.NONE) {
                float c = layout.boxes[e * 6 + axis];
                float h = layout.boxes[e * 6 + 3 + axis];
                high = Math.max(high, c + (h + QueryIndex.MARGIN * (Math.abs(c) + h)));
            }
        }
        return high;
    }

    private static double extent(RayGridFields layout, int axis) {
        return (double) high(layout, axis) - low(layout, axis);
    }

    /**
     * Asserts the grid's side, region and cell counts: the region the entries' widened boxes span, widened again by
     * twice the slack of a cell of {@code side}, cut into as many cells of that side as it takes.
     */
    private static void assertShape(RayGridFields grid, double side) throws ReflectiveOperationException {
        assertTrue(grid.grid.live());
        assertEquals((float) side, grid.side(), Math.ulp((float) side) * 2, "side");
        float slack = (float) (2 * RayGridFields.SLACK * side);
        float[] min = grid.floats("min");
        float[] max = grid.floats("max");
        int[] counts = grid.counts();
        for (int axis = 0; axis < 3; axis++) {
            float low = low(grid, axis) - slack;
            float high = high(grid, axis) + slack;
            assertEquals(low, min[axis], Math.ulp(low) * 2, "region's low end on axis " + axis);
            assertEquals(high, max[axis], Math.ulp(high) * 2, "region's high end on axis " + axis);
            assertEquals((int) Math.ceil((high - low) / side), counts[axis], "cells along axis " + axis);
        }
    }

    /** A flat field of 32 by 32 small cubes 2 apart, far from the origin: cells as for an area, two an entry. */
    @Test
    void aFlatFieldGetsSquareCellsTwoAnEntry() throws ReflectiveOperationException {
        float[] boxes = new float[32 * 32 * 6];
        for (int i = 0; i < 32 * 32; i++) {
            float[] box = {100f + i % 32 * 2f, 200f + i / 32 * 2f, 300f, 0.25f, 0.25f, 0.25f};
            System.arraycopy(box, 0, boxes, i * 6, 6);
        }
        RayGridFields grid = new RayGridFields(boxes).build();
        // the thin axis counts one cell: side * side * entries * 2 = the field's area
        double side = Math.sqrt(extent(grid, 0) * extent(grid, 1) / (2.0 * 32 * 32));
        assertTrue(extent(grid, 2) < side, "the field is thinner than a cell");
        assertShape(grid, side);
        assertArrayEquals(new int[] {46, 46, 1}, grid.counts());
        grid.validate();
    }

    /** Four cubes of side 10 in a row: cells fitted to two an entry would be smaller than the cubes. */
    @Test
    void cellsAreNoSmallerThanTheEntriesMeanSize() throws ReflectiveOperationException {
        float[] boxes = new float[4 * 6];
        for (int i = 0; i < 4; i++) {
            float[] box = {i * 12f, 0f, 0f, 5f, 5f, 5f};
            System.arraycopy(box, 0, boxes, i * 6, 6);
        }
        RayGridFields grid = new RayGridFields(boxes).build();
        double fitted = Math.cbrt(extent(grid, 0) * extent(grid, 1) * extent(grid, 2) / (2.0 * 4));
        assertTrue(fitted < 9 && fitted < extent(grid, 1), "two cells an entry would be " + fitted + " wide");
        assertShape(grid, 10.0);
        assertArrayEquals(new int[] {5, 2, 2}, grid.counts());
        grid.validate();
    }

    /**
     * A row of 2000 specks 1 apart: two cells an entry would cut it into 4000, so the side is the cap's, the row's
     * length and an eighth of it (room for the slack) over 1024 cells.
     */
    @Test
    void aLongRowHasAtMostMaxAxisCellsAlongIt() throws ReflectiveOperationException {
        float[] boxes = new float[2000 * 6];
        for (int i = 0; i < 2000; i++) {
            float[] box = {i, 0f, 0f, 0.01f, 0.01f, 0.01f};
            System.arraycopy(box, 0, boxes, i * 6, 6);
        }
        RayGridFields grid = new RayGridFields(boxes).build();
        double length = extent(grid, 0);
        assertTrue(length / 4000 < length * 9 / 8 / 1024, "the row's fitted side is below the cap's");
        assertShape(grid, length * 9 / 8 / 1024);
        assertArrayEquals(new int[] {911, 1, 1}, grid.counts());
        grid.validate();
    }

    /** Two boxes 4e38 apart along one axis: the region's extent is past a float's range. */
    @ParameterizedTest
    @ValueSource(ints = {0, 1, 2})
    void aRegionTooWideForFloatsBuildsNoGrid(int axis) {
        RayGridFields grid = new RayGridFields(new float[12]);
        grid.boxes[axis] = -2e38f;
        grid.boxes[6 + axis] = 2e38f;
        for (int k = 3; k < 6; k++) {
            grid.boxes[k] = 1f;
            grid.boxes[6 + k] = 1f;
        }
        assertFalse(grid.build().grid.live());
        grid.boxes[axis] = -1e38f;
        grid.boxes[6 + axis] = 1e38f;
        assertTrue(grid.build().grid.live(), "a region 2e38 wide is gridded");
    }

    /** A region within a float's range whose slack, a share of its huge cells, takes its high end past it. */
    @Test
    void aRegionWhoseSlackOverflowsBuildsNoGrid() {
        RayGridFields grid = new RayGridFields(new float[12]);
        grid.boxes[0] = 1e38f;
        grid.boxes[6] = 3.4e38f;
        assertFalse(grid.build().grid.live());
        grid.boxes[6] = 3e38f;
        assertTrue(grid.build().grid.live(), "with the high end at 3e38, the slack stays in range");
    }

    @Test
    void noFiniteLiveEntryBuildsNoGrid() {
        RayGridFields grid = new RayGridFields(new float[] {0f, 0f, 0f, 1f, Float.NaN, 1f, 5f, 5f, 5f, 1f, 1f, 1f});
        grid.ids[1] = Index.NONE;
        assertFalse(grid.build().grid.live());
    }

    /** A dead entry far off: the grid is the one built without it, and lists it nowhere. */
    @Test
    void deadEntriesAreLeftOut() throws ReflectiveOperationException {
        float[] boxes = RayGridFields.lattice(4, 2.5f, 0.5f);
        RayGridFields without = new RayGridFields(boxes.clone()).build();
        float[] more = Arrays.copyOf(boxes, boxes.length + 6);
        System.arraycopy(new float[] {1000f, -1000f, 1000f, 50f, 50f, 50f}, 0, more, boxes.length, 6);
        RayGridFields grid = new RayGridFields(more);
        int dead = grid.ids.length - 1;
        grid.ids[dead] = Index.NONE;
        grid.build();
        assertEquals(without.side(), grid.side());
        assertArrayEquals(without.floats("min"), grid.floats("min"));
        assertArrayEquals(without.floats("max"), grid.floats("max"));
        assertArrayEquals(without.counts(), grid.counts());
        assertEquals(0, grid.always().length);
        assertNull(grid.cover(dead));
        assertEquals(0, grid.listingsOf(dead).length);
        grid.validate();
    }

    /** A rebuild over a smaller layout: the region is the new layout's alone. */
    @Test
    void aRebuildForgetsTheOldRegion() throws ReflectiveOperationException {
        float[] small = RayGridFields.lattice(4, 2.5f, 0.5f);
        RayGridFields fresh = new RayGridFields(small.clone()).build();
        RayGridFields grid = new RayGridFields(RayGridFields.lattice(8, 3f, 0.5f)).build();
        grid.grid.build(small, fresh.ids, fresh.ids.length);
        assertEquals(fresh.side(), grid.side());
        assertArrayEquals(fresh.floats("min"), grid.floats("min"));
        assertArrayEquals(fresh.floats("max"), grid.floats("max"));
        assertArrayEquals(fresh.counts(), grid.counts());
    }

    /**
     * A rebuild over no more entries, cells or listings keeps its arrays; one listing more takes a cell box array
     * with room for one listing past the last, which the walk may read where the last cell is empty.
     */
    @Test
    void aRebuildReusesArraysLargeEnough() throws ReflectiveOperationException {
        RayGridFields grid = new RayGridFields(RayGridFields.lattice(16, 2.5f, 0.5f)).build();
        String[] names = {"coverLo", "coverHi", "fill", "cellStart", "cellId", "cellBox"};
        Object[] before = new Object[names.length];
        for (int i = 0; i < names.length; i++) {
            before[i] = grid.object(names[i]);
        }
        grid.build();
        for (int i = 0; i < names.length; i++) {
            assertSame(before[i], grid.object(names[i]), names[i]);
        }
        int cells = grid.counts()[0] * grid.counts()[1] * grid.counts()[2];
        int listings = grid.ints("cellStart")[cells];
        assertEquals((listings + 1) * 6, grid.floats("cellBox").length);
        // an entry in one cell moved to straddle the next along x: one listing more
        int e = 0;
        while (!Arrays.equals(grid.cover(e), new int[] {5, 5, 5, 5, 5, 5})) {
            e++;
        }
        int[] cover = grid.cover(e);
        float face = grid.floats("min")[0] + (cover[3] + 1) * grid.side();
        grid.boxes[e * 6] = face;
        grid.build();
        int[] moved = grid.cover(e);
        assertArrayEquals(new int[] {5, 5, 5, 6, 5, 5}, moved);
        assertEquals(listings + 1, grid.ints("cellStart")[cells]);
        assertNotSame(before[5], grid.object("cellBox"));
        assertTrue(grid.floats("cellBox").length >= (listings + 2) * 6, "room for one listing past the last");
    }

    /** Asserts that a rebuild with probes moved left the region and side as they were. */
    private static void assertSameRegion(RayGridFields grid, float side, float[] min, float[] max)
            throws ReflectiveOperationException {
        assertTrue(grid.grid.live());
        assertEquals(side, grid.side(), "the probes left the side as it was");
        assertArrayEquals(min, grid.floats("min"));
        assertArrayEquals(max, grid.floats("max"));
    }

    /**
     * Every entry's cover, by the rule: the cells its box meets once widened by the margin of its magnitude and by
     * the slack of a cell (faces within rounding of a cell's face are not judged).
     */
    @Test
    void eachCoverIsTheBoxWidenedByTheMarginAndASlack() throws ReflectiveOperationException {
        RayGridFields grid = new RayGridFields(RayGridFields.lattice(16, 2.5f, 0.5f)).build();
        float side = grid.side();
        float[] min = grid.floats("min").clone();
        float[] max = grid.floats("max").clone();
        // probes whose widened high x face ends 0.015 past a cell's face, from a box of half side 0.5 or 5: the
        // slack, a 64th of the side (0.03), takes the cover into the next cell; so does the margin, of 1e-5 of the
        // magnitude, with the slack, where the box ends a slack and half the margin short of the face
        int k = 14;
        double face = min[0] + k * (double) side;
        double slack = RayGridFields.SLACK * side;
        setProbe(grid, PROBES[0], face + 0.015 - slack, 0.5);
        double margin = QueryIndex.MARGIN * (face - slack);
        setProbe(grid, PROBES[1], face - slack - margin / 2, 5);
        // a box from 0.04 to 9 whose magnitude, its center's and half extent's, is mostly its half extent's
        int near = 5;
        double nearFace = min[0] + near * (double) side;
        double nearMargin = QueryIndex.MARGIN * (nearFace - slack);
        grid.boxes[PROBES[2] * 6] = 4.5f;
        grid.boxes[PROBES[2] * 6 + 3] = (float) (nearFace - slack - nearMargin / 2 - 4.5);
        grid.build();
        assertSameRegion(grid, side, min, max);
        assertEquals(k, grid.cover(PROBES[0])[3], "the slack reaches the next cell");
        assertEquals(k, grid.cover(PROBES[1])[3], "the margin reaches the next cell");
        assertEquals(near, grid.cover(PROBES[2])[3], "the margin of the center's and half extent's sum");
        int judged = 0;
        for (int e = 0; e < grid.ids.length; e++) {
            int[] expected = new int[6];
            boolean clear = true;
            for (int axis = 0; axis < 3; axis++) {
                double c = grid.boxes[e * 6 + axis];
                double h = grid.boxes[e * 6 + 3 + axis];
                double w = h + QueryIndex.MARGIN * (Math.abs(c) + h) + slack;
                double lo = (c - w - min[axis]) / side;
                double hi = (c + w - min[axis]) / side;
                clear &= Math.abs(lo - Math.rint(lo)) > 1e-4 && Math.abs(hi - Math.rint(hi)) > 1e-4;
                expected[axis] = (int) Math.floor(lo);
                expected[3 + axis] = (int) Math.floor(hi);
            }
            if (clear) {
                judged++;
                assertArrayEquals(expected, grid.cover(e), "entry " + e + "'s cover");
            }
        }
        assertTrue(judged > 4000, judged + " covers judged");
        grid.validate();
    }

    /** Entry {@code e} as a cube of half side {@code h} whose high x face is at {@code face}, y and z its own. */
    private static void setProbe(RayGridFields grid, int e, double face, double h) {
        grid.boxes[e * 6] = (float) (face - h);
        grid.boxes[e * 6 + 3] = (float) h;
    }

    /** Entry {@code e}'s box, faces at the centers of cells {@code lo} to {@code hi} along each axis. */
    private static void spanCells(RayGridFields grid, int e, int[] lo, int[] hi) throws ReflectiveOperationException {
        float[] min = grid.floats("min");
        double side = grid.side();
        for (int axis = 0; axis < 3; axis++) {
            double low = min[axis] + (lo[axis] + 0.5) * side;
            double high = min[axis] + (hi[axis] + 0.5) * side;
            grid.boxes[e * 6 + axis] = (float) ((low + high) / 2);
            grid.boxes[e * 6 + 3 + axis] = (float) Math.max((high - low) / 2, 0.1);
        }
    }

    /**
     * A box over 4 by 4 by 4 cells is listed in each of them; boxes over 5 by 13 by 1 and 1 by 5 by 13, 65 cells, are
     * tested by every ray instead.
     */
    @Test
    void coversOfMoreThanMaxCoverCellsAreTestedByEveryRay() throws ReflectiveOperationException {
        RayGridFields grid = new RayGridFields(RayGridFields.lattice(16, 2.5f, 0.5f)).build();
        float side = grid.side();
        float[] min = grid.floats("min").clone();
        float[] max = grid.floats("max").clone();
        spanCells(grid, PROBES[0], new int[] {3, 3, 3}, new int[] {6, 6, 6});
        spanCells(grid, PROBES[1], new int[] {2, 2, 8}, new int[] {6, 14, 8});
        spanCells(grid, PROBES[2], new int[] {8, 2, 2}, new int[] {8, 6, 14});
        grid.build();
        assertSameRegion(grid, side, min, max);
        assertArrayEquals(new int[] {3, 3, 3, 6, 6, 6}, grid.cover(PROBES[0]));
        int[] cells = grid.cellsListing(PROBES[0]);
        assertEquals(64, cells.length);
        for (int c : cells) {
            for (int axis = 0; axis < 3; axis++) {
                int at = grid.coordinates(c)[axis];
                assertTrue(at >= 3 && at <= 6, "cell " + c + " of the 4 by 4 by 4 cover");
            }
        }
        assertArrayEquals(new int[] {PROBES[1], PROBES[2]}, grid.always());
        assertNull(grid.cover(PROBES[1]));
        assertEquals(0, grid.listingsOf(PROBES[1]).length);
        assertEquals(0, grid.listingsOf(PROBES[2]).length);
        grid.validate();
    }

    /**
     * As many always-tested entries as the limit, here boxes over more than 64 cells and boxes not finite, keep the
     * grid; one more drops it.
     */
    @ParameterizedTest
    @ValueSource(booleans = {false, true})
    void oneAlwaysTestedEntryPastTheLimitDropsTheGrid(boolean finite) {
        RayGridFields grid = new RayGridFields(RayGridFields.lattice(16, 2.5f, 0.5f));
        for (int i = 0; i < RayGrid.ALWAYS_LIMIT; i++) {
            Arrays.fill(grid.boxes, (1000 + i * 7) * 6 + 3, (1000 + i * 7) * 6 + 6,
                    finite ? 10f : Float.POSITIVE_INFINITY);
        }
        assertTrue(grid.build().grid.live());
        assertEquals(RayGrid.ALWAYS_LIMIT, grid.grid.alwaysTested());
        grid.validate();
        int last = 1000 + RayGrid.ALWAYS_LIMIT * 7;
        Arrays.fill(grid.boxes, last * 6 + 3, last * 6 + 6, finite ? 10f : Float.POSITIVE_INFINITY);
        assertFalse(grid.build().grid.live());
    }

    /** The lattice with entry {@code PROBES[0]}'s box and listings, and the grid's shape, before a change. */
    private static RayGridFields probeLattice() {
        RayGridFields grid = new RayGridFields(RayGridFields.lattice(16, 2.5f, 0.5f)).build();
        grid.validate();
        return grid;
    }

    /**
     * Moves entry {@code e}'s box along x so that its widened face on side {@code sign} lies {@code past} beyond its
     * cover's face there (inside where negative), and tells the grid.
     */
    private static void moveFace(RayGridFields grid, int e, int sign, double past)
            throws ReflectiveOperationException {
        int[] cover = grid.cover(e);
        double side = grid.side();
        double face = grid.floats("min")[0] + (sign > 0 ? cover[3] + 1 : cover[0]) * side;
        double h = grid.boxes[e * 6 + 3];
        double c = grid.boxes[e * 6];
        double w = h + QueryIndex.MARGIN * (Math.abs(c) + h) + RayGridFields.SLACK * side;
        grid.boxes[e * 6] = (float) (face + sign * (past - w));
        grid.grid.moved(e, e, grid.boxes);
    }

    /** Moves within the cover, up to a hair inside either face: each listing holds the new box. */
    @ParameterizedTest
    @ValueSource(ints = {-1, 1})
    void aMoveInsideTheCoverRewritesEachListing(int sign) throws ReflectiveOperationException {
        RayGridFields grid = probeLattice();
        int e = PROBES[1];
        int[] cover = grid.cover(e);
        moveFace(grid, e, sign, -1e-3);
        assertArrayEquals(cover, grid.cover(e), "still covered");
        assertEquals(0, grid.always().length);
        float[] box = new float[6];
        for (int axis = 0; axis < 3; axis++) {
            box[axis] = grid.boxes[e * 6 + axis] - grid.boxes[e * 6 + 3 + axis];
            box[3 + axis] = grid.boxes[e * 6 + axis] + grid.boxes[e * 6 + 3 + axis];
        }
        int[] listings = grid.listingsOf(e);
        assertEquals(size(cover), listings.length);
        for (int k : listings) {
            assertArrayEquals(box, grid.listedBox(k), "listing " + k);
        }
        grid.validate();
    }

    /** A move taking the widened box a hair past either face of its cover: every ray tests it, its listings NaN. */
    @ParameterizedTest
    @ValueSource(ints = {-1, 1})
    void aMoveOutOfTheCoverPoisonsTheListings(int sign) throws ReflectiveOperationException {
        RayGridFields grid = probeLattice();
        int e = PROBES[1];
        int cells = size(grid.cover(e));
        moveFace(grid, e, sign, 1e-3);
        assertLeft(grid, e, cells);
    }

    /** The count of cells in entry {@code e}'s cover. */
    private static int size(int[] cover) {
        return (cover[3] - cover[0] + 1) * (cover[4] - cover[1] + 1) * (cover[5] - cover[2] + 1);
    }

    /** Asserts that entry {@code e}, covering {@code cells} cells before, is tested by every ray, its listings NaN. */
    private static void assertLeft(RayGridFields grid, int e, int cells) throws ReflectiveOperationException {
        assertArrayEquals(new int[] {e}, grid.always());
        assertNull(grid.cover(e));
        int[] listings = grid.listingsOf(e);
        assertEquals(cells, listings.length, "the listings stay, NaN");
        for (int k : listings) {
            for (float f : grid.listedBox(k)) {
                assertTrue(Float.isNaN(f), "listing " + k + " is NaN");
            }
        }
        grid.validate();
        // a later move of an always-tested entry changes nothing
        grid.boxes[e * 6] = 1f;
        grid.grid.moved(e, e, grid.boxes);
        assertArrayEquals(new int[] {e}, grid.always());
        grid.validate();
    }

    /**
     * A box turned not finite leaves its cover, even a half extent of negative infinity, whose widened faces, crossed
     * over, would lie inside the cover's bounds.
     */
    @ParameterizedTest
    @ValueSource(floats = {Float.NaN, Float.POSITIVE_INFINITY, Float.NEGATIVE_INFINITY})
    void aBoxTurnedNotFiniteIsTestedByEveryRay(float half) throws ReflectiveOperationException {
        RayGridFields grid = probeLattice();
        int e = PROBES[2];
        int cells = size(grid.cover(e));
        grid.boxes[e * 6 + 4] = half;
        grid.grid.moved(e, e, grid.boxes);
        assertLeft(grid, e, cells);
    }

    /**
     * Entries past those the grid was built over (pending in the index) are not the grid's: a move of one, even
     * where an earlier, larger build left a cover for its place, changes nothing.
     */
    @Test
    void aMoveOfAnEntryPastTheGriddedChangesNothing() throws ReflectiveOperationException {
        RayGridFields grid = probeLattice();
        int count = PROBES[3];
        grid.grid.build(grid.boxes, grid.ids, count);
        assertTrue(grid.grid.live());
        float[] cellBox = grid.floats("cellBox").clone();
        grid.boxes[count * 6] = 1000f;
        grid.grid.moved(count, count, grid.boxes);
        grid.grid.removed(count, count);
        assertEquals(0, grid.always().length);
        assertArrayEquals(cellBox, grid.floats("cellBox"));
    }

    /** A dropped grid answers no ray until built again: its stale listings are not checked. */
    @Test
    void aDroppedGridIsNotValidated() {
        RayGridFields grid = probeLattice();
        grid.grid.drop();
        grid.boxes[PROBES[0] * 6] = 1000f;
        grid.validate();
        assertFalse(grid.grid.live());
    }

    /** A covered entry removed: its listings NaN; an always-tested one removed: nothing to poison. */
    @Test
    void removedEntriesListingsTurnNaN() throws ReflectiveOperationException {
        RayGridFields grid = new RayGridFields(RayGridFields.lattice(16, 2.5f, 0.5f));
        int unbounded = PROBES[0];
        grid.boxes[unbounded * 6 + 5] = Float.POSITIVE_INFINITY;
        grid.build();
        assertArrayEquals(new int[] {unbounded}, grid.always());
        float[] before = grid.floats("cellBox").clone();
        grid.grid.removed(unbounded, unbounded);
        grid.ids[unbounded] = Index.NONE;
        assertArrayEquals(before, grid.floats("cellBox"));
        int e = PROBES[1];
        int cells = size(grid.cover(e));
        grid.grid.removed(e, e);
        grid.ids[e] = Index.NONE;
        int[] listings = grid.listingsOf(e);
        assertEquals(cells, listings.length);
        for (int k : listings) {
            for (float f : grid.listedBox(k)) {
                assertTrue(Float.isNaN(f));
            }
        }
        grid.validate();
    }
}
