package io.flatscene.core.geometry;

/**
 * Morton (Z-order) codes of points on a grid: the bits of the three cell coordinates interleaved, x lowest, so that
 * points near each other in space get codes near each other and a sort by code groups them. The items' spatial sort
 * and the query tree's build both order by it.
 */
public final class MortonCode {
    /** The most bits of a cell coordinate: three of them fill 63 bits of a code. */
    public static final int MAX_BITS_PER_AXIS = 21;

    private MortonCode() {
    }

    /**
     * The cell of {@code v} along one axis: {@code (v - min) * scale} rounded down, clamped into {@code 0} to
     * {@code cells - 1}, so that a point outside the grid lands in its border cell.
     *
     * @param scale cells per unit; 0 puts every point in cell 0
     * @param cells cells along the axis, 1 to 2<sup>{@value #MAX_BITS_PER_AXIS}</sup>
     */
    public static long cell(float v, float min, float scale, int cells) {
        return Math.min((long) Math.max((v - min) * scale, 0f), cells - 1);
    }

    /** The code of the cell {@code (x, y, z)}, each coordinate below 2<sup>{@value #MAX_BITS_PER_AXIS}</sup>. */
    public static long of(long x, long y, long z) {
        return spread(x) | spread(y) << 1 | spread(z) << 2;
    }

    /** The low 21 bits of {@code v}, two zero bits after each. */
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
