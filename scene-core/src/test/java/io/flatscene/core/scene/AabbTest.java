package io.flatscene.core.scene;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Each axis of a box on its own: a check or a sum that looked at one axis only would pass a test of all three. */
class AabbTest {
    private static float[] with(int axis, float value, float rest) {
        float[] v = {rest, rest, rest};
        v[axis] = value;
        return v;
    }

    @ParameterizedTest
    @ValueSource(ints = {0, 1, 2})
    void aCenterNotFiniteOnOneAxisIsRefused(int axis) {
        float[] c = with(axis, Float.NaN, 0f);
        String message = assertThrows(IllegalArgumentException.class,
                () -> new Aabb(c[0], c[1], c[2], 1f, 1f, 1f)).getMessage();
        assertTrue(message.startsWith("Aabb center (") && message.contains("NaN") && message.endsWith("must be finite"),
                message);
    }

    @ParameterizedTest
    @ValueSource(ints = {0, 1, 2})
    void aNegativeHalfExtentOnOneAxisIsRefused(int axis) {
        float[] h = with(axis, -0.5f, 1f);
        String message = assertThrows(IllegalArgumentException.class,
                () -> new Aabb(0f, 0f, 0f, h[0], h[1], h[2])).getMessage();
        assertTrue(message.contains("-0.5") && message.endsWith("must be >= 0"), message);
        float[] nan = with(axis, Float.NaN, 1f);
        assertThrows(IllegalArgumentException.class, () -> new Aabb(0f, 0f, 0f, nan[0], nan[1], nan[2]));
    }

    @ParameterizedTest
    @ValueSource(ints = {0, 1, 2})
    void aZeroHalfExtentIsAFlatBox(int axis) {
        float[] h = with(axis, 0f, 1f);
        Aabb flat = new Aabb(0f, 0f, 0f, h[0], h[1], h[2]);
        assertFalse(flat.isInfinite());
    }

    @ParameterizedTest
    @ValueSource(ints = {0, 1, 2})
    void oneInfiniteAxisMakesTheBoxInfinite(int axis) {
        float[] h = with(axis, Float.POSITIVE_INFINITY, 1f);
        assertTrue(new Aabb(0f, 0f, 0f, h[0], h[1], h[2]).isInfinite());
        float[] big = with(axis, Float.MAX_VALUE, 1f);
        assertFalse(new Aabb(0f, 0f, 0f, big[0], big[1], big[2]).isInfinite());
    }

    @ParameterizedTest
    @ValueSource(ints = {0, 1, 2})
    void minAndMaxGiveCenterAndHalfPerAxis(int axis) {
        float[] min = with(axis, -3f, 1f);
        float[] max = with(axis, 5f, 2f);
        Aabb box = Aabb.ofMinMax(min[0], min[1], min[2], max[0], max[1], max[2]);
        float[] center = {box.centerX(), box.centerY(), box.centerZ()};
        float[] half = {box.halfX(), box.halfY(), box.halfZ()};
        for (int a = 0; a < 3; a++) {
            assertEquals(a == axis ? 1f : 1.5f, center[a], "center on axis " + a);
            assertEquals(a == axis ? 4f : 0.5f, half[a], "half on axis " + a);
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {0, 1, 2})
    void boundsAtTheEdgeOfFloatDoNotOverflow(int axis) {
        float[] min = with(axis, -Float.MAX_VALUE, 0f);
        float[] max = with(axis, Float.MAX_VALUE, 0f);
        Aabb box = Aabb.ofMinMax(min[0], min[1], min[2], max[0], max[1], max[2]);
        float[] center = {box.centerX(), box.centerY(), box.centerZ()};
        float[] half = {box.halfX(), box.halfY(), box.halfZ()};
        assertEquals(0f, center[axis]);
        assertEquals(Float.MAX_VALUE, half[axis]);
        assertFalse(box.isInfinite());
        float[] high = with(axis, Float.MAX_VALUE, 0f);
        Aabb far = Aabb.ofMinMax(high[0], high[1], high[2], high[0], high[1], high[2]);
        assertEquals(Float.MAX_VALUE, new float[] {far.centerX(), far.centerY(), far.centerZ()}[axis]);
    }

    @ParameterizedTest
    @ValueSource(ints = {0, 1, 2})
    void aMinAboveMaxOnOneAxisIsRefused(int axis) {
        float[] min = with(axis, 2f, 0f);
        float[] max = with(axis, 1f, 0f);
        String message = assertThrows(IllegalArgumentException.class,
                () -> Aabb.ofMinMax(min[0], min[1], min[2], max[0], max[1], max[2])).getMessage();
        assertTrue(message.contains("must not exceed max"), message);
    }

    @ParameterizedTest
    @ValueSource(ints = {0, 1, 2, 3, 4, 5})
    void aBoundNotFiniteIsRefusedWhicheverItIs(int which) {
        float[] bounds = {0f, 0f, 0f, 1f, 1f, 1f};
        bounds[which] = which < 3 ? Float.NEGATIVE_INFINITY : Float.NaN;
        String message = assertThrows(IllegalArgumentException.class, () -> Aabb.ofMinMax(bounds[0], bounds[1],
                bounds[2], bounds[3], bounds[4], bounds[5])).getMessage();
        assertTrue(message.contains("must be finite; Aabb.INFINITE is the box that holds everything"), message);
    }
}
