package io.flatscene.core.geometry;

import java.util.Arrays;
import org.joml.Matrix4f;
import org.joml.Vector4f;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
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
        assertNormalizedClipPlanes(new Matrix4f().perspective(1f, 1.5f, 0.5f, 80f)
                .lookAt(1f, 2f, 3f, -4f, 0f, -9f, 0f, 1f, 0f));
    }

    /** Planes {@code -lower <= axis <= upper}, the other two axes within 1e30, so that only {@code axis} decides. */
    private static float[] slab(int axis, float lower, float upper) {
        float[] planes = new float[Frustum.PLANE_FLOATS];
        for (int a = 0; a < 3; a++) {
            planes[a * 8 + a] = 1f;
            planes[a * 8 + 3] = a == axis ? lower : 1e30f;
            planes[a * 8 + 4 + a] = -1f;
            planes[a * 8 + 7] = a == axis ? upper : 1e30f;
        }
        return planes;
    }

    /**
     * A box centered at {@code c} on {@code axis} (0 on the others), half extent {@code h} there and 1 elsewhere,
     * against {@code -10 <= axis <= 20}.
     */
    private static boolean outsideOn(int axis, float c, float h) {
        float[] center = new float[3];
        float[] half = {1f, 1f, 1f};
        center[axis] = c;
        half[axis] = h;
        return Frustum.outside(slab(axis, 10f, 20f), center[0], center[1], center[2], half[0], half[1], half[2]);
    }

    /** As {@link #outsideOn}, classified against {@code -10 <= axis <= 10}. */
    private static int classifyOn(int axis, float c, float h, float margin) {
        float[] center = new float[3];
        float[] half = {1f, 1f, 1f};
        center[axis] = c;
        half[axis] = h;
        return Frustum.classify(slab(axis, 10f, 10f), center[0], center[1], center[2], half[0], half[1], half[2],
                margin);
    }

    /** Each axis's planes read its own coordinate and half extent, on both sides (unlike, so that signs count). */
    @Test
    void everyAxisIsDecidedByItsOwnCoordinateAndHalfExtent() {
        for (int axis = 0; axis < 3; axis++) {
            String on = "axis " + axis;
            assertFalse(outsideOn(axis, 23f, 3f), on + ": touching 20");
            assertTrue(outsideOn(axis, Math.nextUp(23f), 3f), on);
            assertFalse(outsideOn(axis, -13f, 3f), on + ": touching -10");
            assertTrue(outsideOn(axis, Math.nextDown(-13f), 3f), on);
            assertFalse(outsideOn(axis, 0f, 100f), on + ": a box wider than the slab");
        }
    }

    /**
     * The margin is {@code margin} times the magnitudes of each term of the plane's equation over the region: the
     * center's distance from 0 plus the half extent, on each axis, and the plane's offset. On {@code axis <= 10} with
     * margin 0.1, a region at 18 +- 5 is 3 outside, within its margin of 3.3; one at 7.25 +- 1 is 1.75 inside, within
     * 1.825.
     */
    @Test
    void theMarginCountsEachAxisCenterAndExtentAndThePlanesOffset() {
        for (int axis = 0; axis < 3; axis++) {
            String on = "axis " + axis;
            assertEquals(Frustum.ACROSS, classifyOn(axis, 18f, 5f, 0.1f), on + ": 3 outside, within 3.3");
            assertEquals(Frustum.OUTSIDE, classifyOn(axis, 18.5f, 5f, 0.1f), on + ": 3.5 outside, past 3.35");
            assertEquals(Frustum.ACROSS, classifyOn(axis, -18f, 5f, 0.1f), on + ": the other side");
            assertEquals(Frustum.ACROSS, classifyOn(axis, 7.25f, 1f, 0.1f), on + ": 1.75 inside, within 1.825");
            assertEquals(Frustum.INSIDE, classifyOn(axis, 7f, 1f, 0.1f), on + ": 2 inside, past 1.8");
            assertEquals(Frustum.ACROSS, classifyOn(axis, -7.25f, 1f, 0.1f), on + ": the other side");
        }
    }

    /** Exactly at the margin is not past it: across, on either side (every value here exact in float). */
    @Test
    void aRegionExactlyAtTheMarginIsAcross() {
        float[] planes = SLAB_X.clone();
        planes[7] = 100f; // x <= 100, so that only x >= -10 is near
        // x >= -10 for a region at 2 +- 4, margin 0.5: 8 inside, the margin 0.5 * (6 + 10) = 8
        assertEquals(Frustum.ACROSS, Frustum.classify(planes, 2f, 0f, 0f, 4f, 1f, 1f, 0.5f));
        assertEquals(Frustum.INSIDE, Frustum.classify(planes, 3f, 0f, 0f, 4f, 1f, 1f, 0.5f), "9 inside, past 8.5");
        // at -42 +- 4: 28 outside, the margin 0.5 * (46 + 10) = 28; at -44 +- 4: 30 outside, past 0.5 * (48 + 10) = 29
        assertEquals(Frustum.ACROSS, Frustum.classify(planes, -42f, 0f, 0f, 4f, 1f, 1f, 0.5f));
        assertEquals(Frustum.OUTSIDE, Frustum.classify(planes, -44f, 0f, 0f, 4f, 1f, 1f, 0.5f));
    }

    /**
     * An infinite box whose center overflowed to infinities of one sign passes; one whose center has a NaN, or
     * infinities of both signs (which sum to NaN, as the class comment says), is outside.
     */
    @Test
    void anInfiniteBoxWithAnInfiniteCenterPasses() {
        float inf = Float.POSITIVE_INFINITY;
        assertFalse(Frustum.outside(SLAB_X, inf, inf, 0f, inf, inf, inf));
        assertFalse(Frustum.outside(SLAB_X, 0f, -inf, -inf, inf, inf, inf));
        assertTrue(Frustum.outside(SLAB_X, 0f, 0f, Float.NaN, inf, inf, inf));
        assertTrue(Frustum.outside(SLAB_X, inf, -inf, 0f, inf, inf, inf));
    }

    /**
     * Where float normalization fails, every plane is still the clip plane scaled to a unit normal: an orthographic
     * box 10^30 across under a view turned about three axes (every normal some 10^-30 long, its square underflowing
     * float), and one 10^-20 thin on x (that normal 10^20 long, its square overflowing).
     */
    @Test
    void planesWhoseNormalsUnderflowOrOverflowInFloatAreNormalizedInDouble() {
        Matrix4f huge = new Matrix4f().ortho(-1e30f, 1e30f, -2e30f, 2e30f, -1e30f, 1e30f)
                .rotateY(0.5f).rotateX(0.3f).rotateZ(-0.2f);
        assertNormalizedClipPlanes(huge);
        Matrix4f thin = new Matrix4f().ortho(-1e-20f, 1e-20f, -1f, 1f, -1f, 1f).rotateY(0.25f);
        assertNormalizedClipPlanes(thin);
        float[] planes = new float[Frustum.PLANE_FLOATS];
        Frustum.normalizedPlanes(new Matrix4f().ortho(-1e-20f, 1e-20f, -1f, 1f, -1f, 1f), planes, new Vector4f());
        assertArrayEquals(new float[] {1f, 0f, 0f, 1e-20f}, Arrays.copyOfRange(planes, 0, 4), 1e-26f, "left");
        assertArrayEquals(new float[] {-1f, 0f, 0f, 1e-20f}, Arrays.copyOfRange(planes, 4, 8), 1e-26f, "right");
        assertTrue(Frustum.outside(planes, 2e-20f, 0f, 0f, 0.5e-20f, 0f, 0f));
        assertFalse(Frustum.outside(planes, 1e-20f, 0f, 0f, 0.5e-20f, 0f, 0f));
    }

    private static void assertNormalizedClipPlanes(Matrix4f m) {
        float[] clip = new float[Frustum.PLANE_FLOATS];
        float[] unit = new float[Frustum.PLANE_FLOATS];
        Frustum.clipPlanes(m, clip);
        Frustum.normalizedPlanes(m, unit, new Vector4f());
        for (int p = 0; p < 6; p++) {
            int k = p * 4;
            double length = Math.sqrt((double) clip[k] * clip[k] + (double) clip[k + 1] * clip[k + 1]
                    + (double) clip[k + 2] * clip[k + 2]);
            String plane = "plane " + p + ": " + Arrays.toString(Arrays.copyOfRange(unit, k, k + 4));
            for (int c = 0; c < 4; c++) {
                float expected = (float) (clip[k + c] / length);
                assertEquals(expected, unit[k + c], 1e-5f * Math.max(1f, Math.abs(expected)), plane);
            }
        }
    }

    /**
     * A clip row difference that is zero even in double is a plane at infinity: {@code 0 x + 0 y + 0 z + d >= 0}
     * holds everywhere when d is 0 or more, so the plane passes every box, and nowhere when d is negative. A far
     * plane 10^9 times the near one's distance is one: float cannot tell the two rows apart.
     */
    @Test
    void aPlaneWithNoNormalEvenInDoubleIsAtInfinity() {
        float[] planes = new float[Frustum.PLANE_FLOATS];
        Frustum.normalizedPlanes(new Matrix4f().perspective(1f, 1f, 1e-3f, 1e6f), planes, new Vector4f());
        assertArrayEquals(new float[] {0f, 0f, 0f, 1f}, Arrays.copyOfRange(planes, 20, 24), "far, at infinity");
        assertFalse(Frustum.outside(planes, 0f, 0f, -1e20f, 1f, 1f, 1f), "far past the far distance, still inside");
        for (float d : new float[] {1f, 0f, -1f}) {
            // the fourth row equal to the third but for d: the far plane's row difference is (0, 0, 0, d)
            Matrix4f m = new Matrix4f().m03(0f).m13(0f).m23(1f).m33(d);
            Frustum.normalizedPlanes(m, planes, new Vector4f());
            float[] expected = {0f, 0f, 0f, d < 0f ? -1f : 1f};
            assertArrayEquals(expected, Arrays.copyOfRange(planes, 20, 24), "far plane, d = " + d);
            assertEquals(d < 0f, Frustum.outside(planes, 0f, 0f, 0f, 0.25f, 0.25f, 0.25f), "d = " + d);
        }
    }
}
