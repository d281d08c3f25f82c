package io.flatscene.core.scene;

/**
 * The setters' refusals of values that are not finite, and the tests behind them, with no branch per value (three
 * {@code Float.isFinite} tests a node were a fifth
 * of a bulk move's frame). A few values are tested on their bits: a float is NaN or infinite exactly when its eight
 * exponent bits are all ones, and adding the exponent's lowest bit to the masked exponent carries into the sign bit
 * only then, so or-ing those sums together leaves the sign bit set when any value is not finite. An array is tested
 * by its largest magnitude instead, a loop C2 runs faster than the bit test's float-to-int moves (300,000 floats: 63
 * against 105 us here): a NaN makes every later maximum NaN, an infinity makes it infinite, and neither compares at
 * or below {@code Float.MAX_VALUE}.
 */
final class Finite {
    private static final int EXPONENT = 0x7f80_0000;
    private static final int EXPONENT_LOW_BIT = 0x0080_0000;

    private Finite() {
    }

    /** Whether none of the four is NaN or infinite. */
    static boolean all(float x, float y, float z, float w) {
        return (carry(x) | carry(y) | carry(z) | carry(w)) >= 0;
    }

    /** Whether none of {@code values[0, length)} is NaN or infinite. */
    static boolean all(float[] values, int length) {
        float largest = 0f;
        for (int i = 0; i < length; i++) {
            largest = Math.max(largest, Math.abs(values[i]));
        }
        return largest <= Float.MAX_VALUE;
    }

    /** Refuses a value that is not finite, naming the node and what it was to set ({@code w} read for rotations). */
    static void check(SceneNode node, String what, float x, float y, float z, float w) {
        if (!all(x, y, z, w)) {
            throw new IllegalArgumentException(node.describe() + ": " + what + " (" + x + ", " + y + ", " + z
                    + (what.equals("orientation") || what.equals("rotation") ? ", " + w : "")
                    + ") must be finite: NaN and infinity would spread to every descendant");
        }
    }

    /**
     * Refuses what the store cannot normalize into a rotation: a quaternion not finite, or zero. Its length is taken
     * in double, as the store takes it, so a tiny quaternion (whose squares vanish in float) is a rotation too.
     */
    static void checkRotation(SceneNode node, float x, float y, float z, float w) {
        check(node, "orientation", x, y, z, w);
        if ((double) x * x + (double) y * y + (double) z * z + (double) w * w == 0.0) {
            throw new IllegalArgumentException(node.describe() + ": orientation (" + x + ", " + y + ", " + z + ", "
                    + w + ") has length 0, so it is no rotation");
        }
    }

    /** Negative exactly when {@code value} is NaN or infinite. */
    private static int carry(float value) {
        return (Float.floatToRawIntBits(value) & EXPONENT) + EXPONENT_LOW_BIT;
    }
}
