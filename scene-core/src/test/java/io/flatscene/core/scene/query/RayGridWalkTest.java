package io.flatscene.core.scene.query;

import io.flatscene.core.container.Index;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The ray grid's walk against the rules its comments state: it refuses rays whose rounding bound passes the slack or
 * that would cross more than 48 cells of the region, visits exactly the cells a ray crosses within the region and its
 * length, in order, and reports each item whose box the ray enters once, by the cell whose span holds its entry
 * distance, at the exact test's distance, even where that distance is a cell's face or the ray runs along an axis.
 */
class RayGridWalkTest {
    /** A lattice of 16 by 16 by 16 unit cubes 2.5 apart: cells of about 1.91, two an entry. */
    private static RayGridFields lattice() {
        return new RayGridFields(RayGridFields.lattice(16, 2.5f, 0.5f)).build();
    }

    /** A row of 49 cubes of side 2, 2.5 apart along x from 0: the cubes' size sets the side, exactly 2. */
    private static RayGridFields row() throws ReflectiveOperationException {
        float[] boxes = new float[49 * 6];
        for (int i = 0; i < 49; i++) {
            float[] box = {i * 2.5f, 0f, 0f, 1f, 1f, 1f};
            System.arraycopy(box, 0, boxes, i * 6, 6);
        }
        RayGridFields row = new RayGridFields(boxes).build();
        assertEquals(2f, row.side());
        return row;
    }

    private static float[] unit(double x, double y, double z) {
        double length = Math.sqrt(x * x + y * y + z * z);
        return new float[] {(float) (x / length), (float) (y / length), (float) (z / length)};
    }

    /**
     * The exact test of every live entry, by the index's arithmetic: the items whose box the ray enters within its
     * length, by id, with the distance it enters at.
     */
    private static TreeMap<Integer, Float> exactHits(RayGridFields grid, float[] o, float[] d, float maxDistance) {
        TreeMap<Integer, Float> hits = new TreeMap<>();
        for (int e = 0; e < grid.ids.length; e++) {
            if (grid.ids[e] == Index.NONE) {
                continue;
            }
            float near = 0f;
            float far = maxDistance;
            boolean meets = true;
            for (int axis = 0; axis < 3; axis++) {
                float lo = grid.boxes[e * 6 + axis] - grid.boxes[e * 6 + 3 + axis];
                float hi = grid.boxes[e * 6 + axis] + grid.boxes[e * 6 + 3 + axis];
                float inverse = 1f / d[axis];
                if (Float.isInfinite(inverse)) {
                    meets &= o[axis] >= lo && o[axis] <= hi;
                } else {
                    float t1 = (lo - o[axis]) * inverse;
                    float t2 = (hi - o[axis]) * inverse;
                    near = Math.max(near, Math.min(t1, t2));
                    far = Math.min(far, Math.max(t1, t2));
                }
            }
            if (meets && near <= far) {
                hits.put(grid.ids[e], near);
            }
        }
        return hits;
    }

    /** Walks the ray, asserting that the grid answers it and finds what the exact test finds, each item once. */
    private static TreeMap<Integer, Float> assertWalkFindsExactHits(RayGridFields grid, float[] o, float[] d,
                                                                    float maxDistance) {
        assertTrue(grid.walk(o[0], o[1], o[2], d[0], d[1], d[2], maxDistance), "the grid walks the ray");
        TreeMap<Integer, Float> found = new TreeMap<>();
        RayGrid.Stretch stretch = grid.stretch;
        for (int f = 0; f < stretch.foundCount; f++) {
            Float before = found.put(stretch.foundId[f], stretch.foundDistance[f]);
            assertNull(before, "item " + stretch.foundId[f] + " found twice");
        }
        TreeMap<Integer, Float> exact = exactHits(grid, o, d, maxDistance);
        assertEquals(exact.keySet(), found.keySet(), "items found");
        for (int id : exact.keySet()) {
            assertEquals(Float.floatToIntBits(exact.get(id)), Float.floatToIntBits(found.get(id)), "item " + id
                    + "'s distance");
        }
        return found;
    }

    /**
     * The cells a ray crosses within the region and its length, in order, with the distances it crosses their faces
     * at, found by stepping along it in double: each cell is the one holding the ray's points between two crossings.
     */
    private static List<double[]> crossedCells(RayGridFields grid, float[] o, float[] d, float maxDistance)
            throws ReflectiveOperationException {
        float[] min = grid.floats("min");
        float[] max = grid.floats("max");
        double side = grid.side();
        int[] counts = grid.counts();
        double near = 0;
        double far = maxDistance;
        for (int axis = 0; axis < 3; axis++) {
            double t1 = (min[axis] - o[axis]) / (double) d[axis];
            double t2 = (max[axis] - o[axis]) / (double) d[axis];
            near = Math.max(near, Math.min(t1, t2));
            far = Math.min(far, Math.max(t1, t2));
        }
        List<double[]> cells = new ArrayList<>();
        double step = 1e-4;
        for (double t = near + step / 2; t < far; t += step) {
            int[] at = new int[3];
            for (int axis = 0; axis < 3; axis++) {
                double p = o[axis] + t * d[axis];
                at[axis] = Math.max(0, Math.min(counts[axis] - 1, (int) Math.floor((p - min[axis]) / side)));
            }
            double cell = grid.cell(at[0], at[1], at[2]);
            if (cells.isEmpty() || cells.get(cells.size() - 1)[0] != cell) {
                cells.add(new double[] {cell, t - step / 2});
            }
        }
        return cells;
    }

    /** Asserts that the walk visited the cells the ray crosses, in order, with its span in each. */
    private static void assertVisits(RayGridFields grid, float[] o, float[] d, float maxDistance)
            throws ReflectiveOperationException {
        List<double[]> crossed = crossedCells(grid, o, d, maxDistance);
        assertTrue(crossed.size() > 3 && crossed.size() < RayGrid.Stretch.CELLS, crossed.size() + " cells crossed");
        assertWalkFindsExactHits(grid, o, d, maxDistance);
        int[] visited = grid.visited();
        assertArrayEquals(crossed.stream().mapToInt(c -> (int) c[0]).toArray(), visited, "cells visited");
        RayGrid.Stretch stretch = grid.stretch;
        assertEquals(Float.NEGATIVE_INFINITY, stretch.from[0], "the first cell's span starts before the ray");
        assertEquals(Float.POSITIVE_INFINITY, stretch.until[visited.length - 1], "the last cell's span never ends");
        for (int i = 1; i < visited.length; i++) {
            assertEquals(stretch.until[i - 1], stretch.from[i], "spans meet");
            assertEquals(crossed.get(i)[1], stretch.from[i], 1e-3, "cell " + i + " is entered where the ray crosses");
        }
    }

    @Test
    void aRayFromInsideVisitsTheCellsItCrosses() throws ReflectiveOperationException {
        assertVisits(lattice(), new float[] {3.3f, 4.4f, 5.5f}, unit(0.7, 0.5, 0.3), 9f);
    }

    /** From outside the region, the walk starts at the cell where the ray enters it. */
    @Test
    void aRayFromOutsideStartsWhereItEntersTheRegion() throws ReflectiveOperationException {
        assertVisits(lattice(), new float[] {-10f, 5.3f, 7.7f}, unit(0.8, 0.36, 0.48), 18f);
    }

    /** Going down every axis, out through the region's low face before the ray's end. */
    @Test
    void aRayLeavingThroughTheLowFaceStopsAtTheRegionsEdge() throws ReflectiveOperationException {
        assertVisits(lattice(), new float[] {6.1f, 7.2f, 8.3f}, unit(-0.8, -0.3, -0.1), 20f);
    }

    /**
     * A walk handed a question asks it after each stretch of 16 cells but the last, with the stretch's items found and
     * where the ray leaves its last cell: every item a stretch finds lies before that, every item a later one finds at
     * or past it. Told to stop, the walk ends there, its found list the first stretch's.
     */
    @Test
    void aWalkAsksAfterEachStretchAndStopsWhenSettled() throws ReflectiveOperationException {
        RayGridFields row = row();
        List<Float> reached = new ArrayList<>();
        List<List<Float>> found = new ArrayList<>();
        RayGrid.Settled record = at -> {
            reached.add(at);
            found.add(foundDistances(row.stretch));
            row.stretch.foundCount = 0;
            return false;
        };
        assertTrue(row.grid.walk(0.3f, 0.2f, 0.1f, 1f, 0f, 0f, 90f, row.stretch, record));
        found.add(foundDistances(row.stretch));
        assertEquals(2, reached.size(), "45 cells: three stretches, asked after the first two");
        float before = 0f;
        for (int s = 0; s < found.size(); s++) {
            float end = s < reached.size() ? reached.get(s) : Float.POSITIVE_INFINITY;
            assertFalse(found.get(s).isEmpty(), "stretch " + s + " finds cubes");
            for (float distance : found.get(s)) {
                assertTrue(distance >= before && distance < end, "stretch " + s + ": " + distance + " lies in ["
                        + before + ", " + end + ")");
            }
            before = end;
        }
        int[] asked = new int[1];
        assertTrue(row.grid.walk(0.3f, 0.2f, 0.1f, 1f, 0f, 0f, 90f, row.stretch, at -> ++asked[0] > 0));
        assertEquals(1, asked[0], "settled at the first question");
        assertEquals(found.get(0), foundDistances(row.stretch), "the walk stopped after the first stretch");
    }

    private static List<Float> foundDistances(RayGrid.Stretch stretch) {
        List<Float> distances = new ArrayList<>();
        for (int f = 0; f < stretch.foundCount; f++) {
            distances.add(stretch.foundDistance[f]);
        }
        return distances;
    }

    /** A ray that misses the region, going by it or away from it, is answered with nothing and visits no cell. */
    @Test
    void aRayMissingTheRegionVisitsNoCell() {
        RayGridFields grid = lattice();
        assertTrue(grid.walk(-5f, 50f, 5f, 1f, 0f, 0f, 20f));
        assertEquals(0, grid.visited().length);
        assertEquals(0, grid.stretch.foundCount);
        float[] d = unit(-1, -1, -1);
        assertTrue(grid.walk(-2f, -2f, -2f, d[0], d[1], d[2], 20f));
        assertEquals(0, grid.visited().length);
    }

    /**
     * A ray along the lattice's diagonal, through a cube every 2.5 units along each axis, estimated to cross 47 cells
     * (its length in the region times the sum of its direction's components, over the side) is walked, and finds
     * every item it enters once; one estimated to cross 49 is left to the tree.
     */
    @Test
    void raysEstimatedToCrossMoreThanMaxWalkCellsAreRefused() throws ReflectiveOperationException {
        RayGridFields grid = lattice();
        float[] o = {0.1f, 0.2f, 0.3f};
        float[] d = unit(1, 1, 1);
        double perUnit = (Math.abs(d[0]) + Math.abs(d[1]) + Math.abs(d[2])) / grid.side();
        assertTrue(assertWalkFindsExactHits(grid, o, d, (float) (47 / perUnit)).size() > 10);
        assertFalse(grid.walk(o[0], o[1], o[2], d[0], d[1], d[2], (float) (49 / perUnit)));
        assertEquals(0, grid.stretch.foundCount);
    }

    /** Along x in a row of cells of side 2: 96 units, exactly 48 cells, are walked; 96.5 are not. */
    @Test
    void aRayOfExactlyMaxWalkCellsIsWalked() throws ReflectiveOperationException {
        RayGridFields row = row();
        float[] o = {10f, 0.3f, 0.2f};
        float[] d = {1f, 0f, 0f};
        assertEquals(39, assertWalkFindsExactHits(row, o, d, 96f).size());
        assertFalse(row.walk(10f, 0.3f, 0.2f, 1f, 0f, 0f, 96.5f));
    }

    /** Only the ray's length within the region counts: one from far outside, 100 long, crosses about 20 cells. */
    @Test
    void onlyTheLengthInsideTheRegionCountsTowardsTheWalk() {
        RayGridFields grid = lattice();
        float[] o = {-50f, 10.1f, 10.2f};
        float[] d = unit(1, 0.001, 0.002);
        assertTrue(assertWalkFindsExactHits(grid, o, d, 100f).size() >= 10);
    }

    /**
     * A row whose region is exactly 61 cells of side 2 long (its last cube nudged until it is): a ray entering at the
     * region's high x face is at 61 sides from its low face, and starts in the last cell, 60, not one past the row.
     */
    @Test
    void aRayEnteringAtTheRegionsHighFaceStartsInTheLastCell() throws ReflectiveOperationException {
        RayGridFields row = row();
        int last = row.ids.length - 1;
        row.boxes[last * 6] = 119.87378f;
        row.build();
        float[] min = row.floats("min");
        float[] max = row.floats("max");
        for (int step = 0; max[0] - min[0] != 122f && step < 100_000; step++) {
            row.boxes[last * 6] = max[0] - min[0] < 122f ? Math.nextUp(row.boxes[last * 6])
                    : Math.nextDown(row.boxes[last * 6]);
            row.build();
            min = row.floats("min");
            max = row.floats("max");
        }
        assertEquals(122f, max[0] - min[0], "the region is 61 cells long");
        assertEquals(2f, row.side());
        assertEquals(61, row.counts()[0]);
        float[] o = {130f, 0.3f, 0.2f};
        float[] d = {-1f, 0f, 0f};
        assertEquals(2, assertWalkFindsExactHits(row, o, d, 13f).size());
        assertEquals(row.cell(60, 0, 0), row.visited()[0]);
        // and one leaving through that face, the last cell's, ends its walk there
        float[] up = {115f, 0.3f, 0.2f};
        assertEquals(3, assertWalkFindsExactHits(row, up, new float[] {1f, 0f, 0f}, 20f).size());
        assertEquals(row.cell(60, 0, 0), row.visited()[row.visited().length - 1]);
    }

    /**
     * The bound on rounding: the ray's reach (its origin's largest coordinate, or the region's) and length, times
     * 2^-18, at most the slack of a cell (a 64th of the side, 2): a ray from x = 8000 up to 192 long is answered.
     */
    @Test
    void raysWhoseRoundingPassesTheSlackAreRefused() throws ReflectiveOperationException {
        RayGridFields row = row();
        assertTrue(row.walk(8000f, 0f, 0f, -1f, 0f, 0f, 192f), "8192 * 2^-18 is the slack, 2^-5");
        assertFalse(row.walk(8000f, 0f, 0f, -1f, 0f, 0f, 193f));
        assertFalse(row.walk(-8000f, 0f, 0f, 1f, 0f, 0f, 193f));
        assertTrue(row.walk(0f, 0f, 8000f, 0f, 0f, -1f, 192f));
    }

    /**
     * An entry of the lattice moved so that its low x face is exactly the face between two cells that a ray along x
     * crosses: the ray enters the box at that crossing, which the later cell's span holds, and finds it once, at the
     * exact test's distance, slanted or straight along x.
     */
    @ParameterizedTest
    @ValueSource(booleans = {false, true})
    void aBoxEnteredExactlyAtACellsFaceIsFoundOnce(boolean straight) throws ReflectiveOperationException {
        RayGridFields grid = lattice();
        float side = grid.side();
        float[] min = grid.floats("min").clone();
        int e = 16 * 16 * 7 + 16 * 7 + 7;
        float face = min[0] + 9 * side;
        float c = face + 0.5f;
        assertEquals(face, c - 0.5f, "the box's low face is the cell's");
        grid.boxes[e * 6] = c;
        grid.build();
        assertEquals(side, grid.side());
        assertArrayEquals(min, grid.floats("min"));
        float[] o = {face - 1.2f, grid.boxes[e * 6 + 1], grid.boxes[e * 6 + 2]};
        float[] d = straight ? new float[] {1f, 0f, 0f} : unit(1, 1e-3, 2e-3);
        TreeMap<Integer, Float> found = assertWalkFindsExactHits(grid, o, d, 4f);
        assertEquals((face - o[0]) * (1f / d[0]), found.get(e), "entered at the face");
    }

    /** A ray whose length ends exactly where it enters a box: it enters the box, at its full length. */
    @ParameterizedTest
    @ValueSource(booleans = {false, true})
    void aRayEndingExactlyAtABoxsFaceEntersIt(boolean straight) throws ReflectiveOperationException {
        RayGridFields row = row();
        float[] o = {10f, 0.3f, 0.2f};
        float[] d = straight ? new float[] {1f, 0f, 0f} : unit(1, 1e-3, 2e-3);
        float length = (11.5f - o[0]) * (1f / d[0]);
        TreeMap<Integer, Float> found = assertWalkFindsExactHits(row, o, d, length);
        assertEquals(length, found.get(5), "the box at 12.5 is entered at the ray's end");
        assertEquals(2, found.size());
    }

    /**
     * A ray parallel to one axis, whose origin on that axis is exactly a box's low face: it runs along the box's side
     * and enters it, as the exact test says.
     */
    @ParameterizedTest
    @ValueSource(ints = {0, 1, 2})
    void aRayAlongABoxsFaceEntersIt(int axis) throws ReflectiveOperationException {
        RayGridFields grid = lattice();
        int e = 16 * 16 * 7 + 16 * 7 + 7;
        float[] o = new float[3];
        double[] d = new double[3];
        for (int a = 0; a < 3; a++) {
            o[a] = grid.boxes[e * 6 + a] - 1.8f;
            d[a] = a == axis ? 0 : 1;
        }
        o[axis] = grid.boxes[e * 6 + axis] - grid.boxes[e * 6 + 3 + axis];
        TreeMap<Integer, Float> found = assertWalkFindsExactHits(grid, o, unit(d[0], d[1], d[2]), 4f);
        assertTrue(found.containsKey(e), "the box is entered along its face: " + found);
        assertEquals(Arrays.asList(e), new ArrayList<>(found.keySet()));
    }
}
