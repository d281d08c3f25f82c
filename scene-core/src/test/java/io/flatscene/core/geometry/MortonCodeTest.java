package io.flatscene.core.geometry;

import java.util.Random;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** Morton codes against the bits interleaved one at a time, and cells against their rule at and past the edges. */
class MortonCodeTest {
    /** Bit {@code b} of x at {@code 3b}, of y at {@code 3b + 1}, of z at {@code 3b + 2}. */
    private static long interleaved(long x, long y, long z) {
        long code = 0;
        for (int b = 0; b < MortonCode.MAX_BITS_PER_AXIS; b++) {
            code |= (x >>> b & 1) << 3 * b | (y >>> b & 1) << 3 * b + 1 | (z >>> b & 1) << 3 * b + 2;
        }
        return code;
    }

    @Test
    void codesInterleaveTheBitsXLowest() {
        long max = (1L << MortonCode.MAX_BITS_PER_AXIS) - 1;
        assertEquals(0L, MortonCode.of(0, 0, 0));
        assertEquals(1L, MortonCode.of(1, 0, 0));
        assertEquals(2L, MortonCode.of(0, 1, 0));
        assertEquals(4L, MortonCode.of(0, 0, 1));
        assertEquals(Long.MAX_VALUE, MortonCode.of(max, max, max), "63 bits, all set");
        assertEquals(MortonCode.of(max, 0, 0), MortonCode.of(max + 1 + max, 0, 0), "bits past the 21st are dropped");
        Random random = new Random(21);
        for (int n = 0; n < 2000; n++) {
            long x = random.nextInt(1 << MortonCode.MAX_BITS_PER_AXIS);
            long y = random.nextInt(1 << MortonCode.MAX_BITS_PER_AXIS);
            long z = random.nextInt(1 << MortonCode.MAX_BITS_PER_AXIS);
            assertEquals(interleaved(x, y, z), MortonCode.of(x, y, z), x + ", " + y + ", " + z);
        }
        for (int b = 0; b < MortonCode.MAX_BITS_PER_AXIS; b++) {
            assertEquals(1L << 3 * b, MortonCode.of(1L << b, 0, 0), "x bit " + b);
            assertEquals(1L << 3 * b + 2, MortonCode.of(0, 0, 1L << b), "z bit " + b);
        }
    }

    @Test
    void cellsRoundDownAndClampIntoTheGrid() {
        assertEquals(0L, MortonCode.cell(-5f, 0f, 2f, 8), "before the grid: its first cell");
        assertEquals(0L, MortonCode.cell(0.49f, 0f, 2f, 8));
        assertEquals(1L, MortonCode.cell(0.5f, 0f, 2f, 8));
        assertEquals(5L, MortonCode.cell(3.9f, 1f, 2f, 8), "(3.9 - 1) * 2 = 5.8");
        assertEquals(7L, MortonCode.cell(3.99f, 0f, 2f, 8));
        assertEquals(7L, MortonCode.cell(4f, 0f, 2f, 8), "past the grid: its last cell");
        assertEquals(7L, MortonCode.cell(1e30f, 0f, 2f, 8));
        assertEquals(0L, MortonCode.cell(123f, 0f, 0f, 8), "a scale of 0: every point in cell 0");
        assertEquals(0L, MortonCode.cell(123f, 0f, 2f, 1), "one cell");
    }
}
