package io.flatscene.core.geometry;

import org.joml.Matrix4f;
import org.joml.Vector4f;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The frustum rule at its edges, one plane at a time (the other five far away): touching is inside, an overflowed
 * plane value met by an infinite extent is inside, each plane alone can reject; a region is called outside or inside
 * only past the margin; and the two plane derivations, the clip rows as they are and normalized.
 */
class FrustumTest {
    /** Planes x >= -10 and x <= 10; y, z within 1e30, so that only the first two decide. */
    private static final float[] SLAB_X = {
        1f, 0f, 0f, 10f,
        -1f, 0f, 0f, 10f,
        0f, 1f, 0f, 1e30f,
        0f, -1f, 0f, 1e30f,
        0f, 0f, 1f, 1e30f,
        0f, 0f, -1f, 1e30f,
    };

    @Test
    void aBoxTouchingAPlaneIsInsideAndOnePastItIsOutside() {
        assertFalse(Frustum.outside(SLAB_X, 11f, 0f, 0f, 1f, 1f, 1f), "touching x = 10");
        assertTrue(Frustum.outside(SLAB_X, Math.nextUp(11f), 0f, 0f, 1f, 1f, 1f));
        assertFalse(Frustum.outside(SLAB_X, -11f, 0f, 0f, 1f, 1f, 1f), "touching x = -10");
        assertTrue(Frustum.outside(SLAB_X, Math.nextDown(-11f), 0f, 0f, 1f, 1f, 1f));
    }

    @Test
    void eachPlaneAloneRejects() {
        for (int k = 0; k < Frustum.PLANE_FLOATS; k += 4) {
            float[] planes = new float[Frustum.PLANE_FLOATS];
            for (int other = 0; other < Frustum.PLANE_FLOATS; other += 4) {
                planes[other + 3] = 1f;
            }
            planes[k] = 1f;
            planes[k + 3] = -5f;
            assertTrue(Frustum.outside(planes, 0f, 0f, 0f, 1f, 1f, 1f), "plane " + k / 4);
            assertFalse(Frustum.outside(planes, 5f, 0f, 0f, 1f, 1f, 1f), "plane " + k / 4);
        }
    }

    /** Minus infinity against plus infinity: "not below minus the extent" holds, where a sum would be NaN. */
    @Test
    void aPlaneValueOverflowedToMinusInfinityMetByAnInfiniteExtentIsInside() {
        float[] planes = SLAB_X.clone();
        planes[0] = 0.75f;
        planes[1] = 0.75f;
        assertFalse(Frustum.outside(planes, -3e38f, -3e38f, 0f, 3e38f, 3e38f, 0f));
        assertTrue(Frustum.outside(planes, -3e38f, -3e38f, 0f, 1f, 1f, 0f));
    }

    @Test
    void anInfiniteBoxPassesUnlessItsCenterIsNaN() {
        float inf = Float.POSITIVE_INFINITY;
        assertFalse(Frustum.outside(SLAB_X, 1e6f, 0f, 0f, inf, inf, inf));
        assertFalse(Frustum.outside(SLAB_X, inf, 5f, inf, inf, 0f, 0f), "only the x half extent marks it");
        assertTrue(Frustum.outside(SLAB_X, 0f, Float.NaN, 0f, inf, inf, inf));
        assertTrue(Frustum.outside(SLAB_X, 0f, 0f, 0f, 1f, inf, 1f), "y infinite alone, a zero coefficient: NaN");
        assertTrue(Frustum.outside(SLAB_X, 0f, 0f, 0f, Float.NaN, 1f, 1f));
    }

    @Test
    void aRegionIsOutsideOrInsideOnlyPastTheMargin() {
        float margin = 1e-3f;
        // the margin on plane x <= 10 for a box at x +- 1: 1e-3 * (|x| + 1 + 10)
        assertEquals(Frustum.OUTSIDE, Frustum.classify(SLAB_X, 20f, 0f, 0f, 1f, 1f, 1f, margin));
        assertEquals(Frustum.ACROSS, Frustum.classify(SLAB_X, 11.02f, 0f, 0f, 1f, 1f, 1f, margin),
                "0.02 outside, within 0.022");
        assertEquals(Frustum.OUTSIDE, Frustum.classify(SLAB_X, 11.04f, 0f, 0f, 1f, 1f, 1f, margin));
        assertEquals(Frustum.INSIDE, Frustum.classify(SLAB_X, 0f, 0f, 0f, 1f, 1f, 1f, margin));
        assertEquals(Frustum.ACROSS, Frustum.classify(SLAB_X, 8.99f, 0f, 0f, 1f, 1f, 1f, margin),
                "0.01 inside, within 0.02");
        assertEquals(Frustum.INSIDE, Frustum.classify(SLAB_X, 8.97f, 0f, 0f, 1f, 1f, 1f, margin));
        assertEquals(Frustum.ACROSS, Frustum.classify(SLAB_X, 10f, 0f, 0f, 1f, 1f, 1f, margin), "straddling");
    }

    @Test
    void aRegionThatIsNotFiniteIsAlwaysAcross() {
        float inf = Float.POSITIVE_INFINITY;
        assertEquals(Frustum.ACROSS, Frustum.classify(SLAB_X, 0f, 0f, 0f, inf, inf, inf, 1e-5f));
        assertEquals(Frustum.ACROSS, Frustum.classify(SLAB_X, 1e6f, 0f, 0f, inf, inf, inf, 1e-5f));
        assertEquals(Frustum.ACROSS, Frustum.classify(SLAB_X, 1e6f, 0f, 0f, 1f, inf, 1f, 1e-5f));
        assertEquals(Frustum.ACROSS, Frustum.classify(SLAB_X, Float.NaN, 0f, 0f, 1f, 1f, 1f, 1e-5f));
        assertEquals(Frustum.ACROSS, Frustum.classify(SLAB_X, inf, 0f, 0f, 1f, 1f, 1f, 1e-5f));
    }

    /** The fourth row plus and minus each of the first three, as they are, for a matrix of distinct elements. */
    @Test
    void clipPlanesAreTheRowsAsTheyAre() {
        Matrix4f m = new Matrix4f();
        for (int column = 0; column < 4; column++) {
            for (int row = 0; row < 4; row++) {
                m.set(column, row, 1 + column * 4 + row);
            }
        }
        float[] planes = new float[Frustum.PLANE_FLOATS];
        Frustum.clipPlanes(m, planes);
        for (int p = 0; p < 6; p++) {
            float sign = p % 2 == 0 ? 1f : -1f;
            for (int column = 0; column < 4; column++) {
                assertEquals(m.get(column, 3) + sign * m.get(column, p / 2), planes[p * 4 + column], "plane " + p);
            }
        }
    }

    /** The same planes normalized: a unit normal, the clip row's direction and the inside kept. */
    @Test
    void normalizedPlanesAreTheClipPlanesScaledToAUnitNormal() {
        Matrix4f m = new Matrix4f().perspective(1f, 1.5f, 0.5f, 80f).lookAt(1f, 2f, 3f, -4f, 0f, -9f, 0f, 1f, 0f);
        float[] clip = new float[Frustum.PLANE_FLOATS];
        float[] unit = new float[Frustum.PLANE_FLOATS];
        Frustum.clipPlanes(m, clip);
        Frustum.normalizedPlanes(m, unit, new Vector4f());
        for (int p = 0; p < 6; p++) {
            int k = p * 4;
            float length = (float) Math.sqrt(clip[k] * clip[k] + clip[k + 1] * clip[k + 1] + clip[k + 2] * clip[k + 2]);
            for (int c = 0; c < 4; c++) {
                float expected = clip[k + c] / length;
                assertEquals(expected, unit[k + c], 1e-5f * Math.max(1f, Math.abs(expected)), "plane " + p);
            }
        }
    }
}
