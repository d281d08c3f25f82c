package io.flatscene.core.scene.query;

import io.flatscene.core.container.Index;
import java.lang.reflect.Field;
import java.util.Arrays;
import java.util.stream.IntStream;

/**
 * A ray grid built directly over a layout of boxes (center and half extents, 6 floats an entry, entry {@code e} item
 * id {@code e}), with its private fields read by name: what the tests of its shape and of its walks inspect, where no
 * ray's answer shows it.
 */
final class RayGridFields {
    /** The cover's widening, as a share of the cell's side (the grid's SLACK). */
    static final double SLACK = 1.0 / 64;

    final RayGrid grid = new RayGrid();
    final float[] boxes;
    final int[] ids;
    final RayGrid.Stretch stretch = new RayGrid.Stretch();

    RayGridFields(float[] boxes) {
        this.boxes = boxes;
        ids = new int[boxes.length / 6];
        for (int e = 0; e < ids.length; e++) {
            ids[e] = e;
        }
    }

    /** Builds the grid over every entry of the layout as it now stands. */
    RayGridFields build() {
        grid.build(boxes, ids, ids.length);
        return this;
    }

    /** Entry {@code e}'s box as center {@code c} and half extents {@code h}. */
    void set(int e, float cx, float cy, float cz, float hx, float hy, float hz) {
        float[] box = {cx, cy, cz, hx, hy, hz};
        System.arraycopy(box, 0, boxes, e * 6, 6);
    }

    /** A lattice of {@code n} by {@code n} by {@code n} cubes of half side {@code h}, {@code pitch} apart from 0. */
    static float[] lattice(int n, float pitch, float h) {
        float[] boxes = new float[n * n * n * 6];
        for (int i = 0; i < n * n * n; i++) {
            float[] box = {i % n * pitch, i / n % n * pitch, i / (n * n) * pitch, h, h, h};
            System.arraycopy(box, 0, boxes, i * 6, 6);
        }
        return boxes;
    }

    /** Asserts the grid's invariants, every entry live. */
    void validate() {
        int[] entryOf = new int[ids.length];
        for (int e = 0; e < ids.length; e++) {
            entryOf[e] = ids[e] == Index.NONE ? Index.NONE : e;
        }
        grid.validate(boxes, ids, entryOf);
    }

    private static Field field(String name) throws ReflectiveOperationException {
        Field field = RayGrid.class.getDeclaredField(name);
        field.setAccessible(true);
        return field;
    }

    Object object(String name) throws ReflectiveOperationException {
        return field(name).get(grid);
    }

    int intField(String name) throws ReflectiveOperationException {
        return field(name).getInt(grid);
    }

    float floatField(String name) throws ReflectiveOperationException {
        return field(name).getFloat(grid);
    }

    int[] ints(String name) throws ReflectiveOperationException {
        return (int[]) object(name);
    }

    float[] floats(String name) throws ReflectiveOperationException {
        return (float[]) object(name);
    }

    float side() throws ReflectiveOperationException {
        return floatField("side");
    }

    /** Cells along x, y and z. */
    int[] counts() throws ReflectiveOperationException {
        return new int[] {intField("nx"), intField("ny"), intField("nz")};
    }

    int cell(int x, int y, int z) throws ReflectiveOperationException {
        return (x * intField("ny") + y) * intField("nz") + z;
    }

    /** Cell {@code c}'s x, y and z. */
    int[] coordinates(int c) throws ReflectiveOperationException {
        int ny = intField("ny");
        int nz = intField("nz");
        return new int[] {c / (ny * nz), c / nz % ny, c % nz};
    }

    /** Entry {@code e}'s cover as its low cell's x, y, z then its high cell's; null for an always-tested entry. */
    int[] cover(int e) throws ReflectiveOperationException {
        int lo = ints("coverLo")[e];
        if (lo == Index.NONE) {
            return null;
        }
        int[] low = coordinates(lo);
        int[] high = coordinates(ints("coverHi")[e]);
        return new int[] {low[0], low[1], low[2], high[0], high[1], high[2]};
    }

    /** The entries every ray tests, in order. */
    int[] always() {
        int[] always = new int[grid.alwaysTested()];
        for (int a = 0; a < always.length; a++) {
            always[a] = grid.alwaysTested(a);
        }
        return always;
    }

    /** The listings of item {@code id}, as indices into the cells' lists. */
    int[] listingsOf(int id) throws ReflectiveOperationException {
        int[] cellId = ints("cellId");
        int listings = ints("cellStart")[counts()[0] * counts()[1] * counts()[2]];
        return IntStream.range(0, listings).filter(k -> cellId[k] == id).toArray();
    }

    /** The cells that list item {@code id}. */
    int[] cellsListing(int id) throws ReflectiveOperationException {
        int[] cellStart = ints("cellStart");
        int cells = counts()[0] * counts()[1] * counts()[2];
        int[] cellId = ints("cellId");
        return IntStream.range(0, cells).filter(c -> Arrays.stream(cellId, cellStart[c],
                cellStart[c + 1]).anyMatch(i -> i == id)).toArray();
    }

    /** Listing {@code k}'s box, min x, y, z then max x, y, z. */
    float[] listedBox(int k) throws ReflectiveOperationException {
        return Arrays.copyOfRange(floats("cellBox"), k * 6, k * 6 + 6);
    }

    /**
     * Walks the ray with the stretch's cells marked unused first, so that after a walk of fewer cells than a stretch
     * holds the cells it visited can be read back in order.
     */
    boolean walk(float ox, float oy, float oz, float dx, float dy, float dz, float maxDistance) {
        Arrays.fill(stretch.cells, -1);
        return grid.walk(ox, oy, oz, dx, dy, dz, maxDistance, stretch, null);
    }

    /** The cells of the last walk's last stretch, in the order visited. */
    int[] visited() {
        return Arrays.stream(stretch.cells).takeWhile(c -> c >= 0).toArray();
    }
}
