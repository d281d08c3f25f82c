package io.flatscene.core.scene;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class FiniteTest {
    private static final float[] EDGES = {0f, -0f, Float.MIN_VALUE, -Float.MIN_VALUE, Float.MIN_NORMAL, 1f, -1f,
        Float.MAX_VALUE, -Float.MAX_VALUE, Math.nextDown(Float.POSITIVE_INFINITY), Float.POSITIVE_INFINITY,
        Float.NEGATIVE_INFINITY, Float.NaN, Float.intBitsToFloat(0x7f80_0001), Float.intBitsToFloat(0xffff_ffff)};

    @Test
    void agreesWithFloatIsFiniteOnEveryEdgeInEveryPosition() {
        for (float bad : EDGES) {
            boolean finite = Float.isFinite(bad);
            assertEquals(finite, Finite.all(bad, 1f, 1f, 1f), bad + " first");
            assertEquals(finite, Finite.all(1f, bad, 1f, 1f), bad + " second");
            assertEquals(finite, Finite.all(1f, 1f, bad, 1f), bad + " third");
            assertEquals(finite, Finite.all(1f, 1f, 1f, bad), bad + " fourth");
            float[] values = {1f, -2f, 3f, 4f, 5f};
            for (int at = 0; at < values.length; at++) {
                float[] with = values.clone();
                with[at] = bad;
                assertEquals(finite, Finite.all(with, values.length), bad + " at " + at);
                assertEquals(at == values.length - 1 || finite, Finite.all(with, values.length - 1),
                        bad + " at " + at + ", the last value not looked at");
            }
        }
        assertTrue(Finite.all(new float[] {Float.NaN}, 0), "no values are all finite");
    }

    /** Arrays long enough for the JIT to run the check's unrolled loop, with a bad value at every position. */
    @Test
    void findsABadValueAnywhereInALongArray() {
        float[] values = new float[1027];
        for (int i = 0; i < values.length; i++) {
            values[i] = (i % 2 == 0 ? 1 : -1) * Float.MAX_VALUE / (i + 1);
        }
        for (int round = 0; round < 40; round++) {
            assertTrue(Finite.all(values, values.length), "finite values, round " + round);
        }
        for (float bad : new float[] {Float.POSITIVE_INFINITY, Float.NEGATIVE_INFINITY, Float.NaN,
            Float.intBitsToFloat(0xffff_ffff)}) {
            for (int at = 0; at < values.length; at++) {
                float kept = values[at];
                values[at] = bad;
                assertFalse(Finite.all(values, values.length), bad + " at " + at);
                assertTrue(Finite.all(values, at), bad + " at " + at + ", past the values looked at");
                values[at] = kept;
            }
        }
    }
}
