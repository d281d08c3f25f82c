package io.flatscene.core.geometry;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

class PointBoundsTest {
    @Test
    void anEmptyOrFlatOrInfiniteAxisHasNoSpanAndNoCells() {
        PointBounds bounds = new PointBounds();
        assertEquals(Float.POSITIVE_INFINITY, bounds.min(0), "empty");
        assertEquals(0f, bounds.span(0));
        assertEquals(0f, bounds.cellScale(0, 1024));
        bounds.add(1f, 2f, -3f);
        bounds.add(5f, 2f, Float.POSITIVE_INFINITY);
        assertEquals(1f, bounds.min(0));
        assertEquals(4f, bounds.span(0));
        assertEquals(256f, bounds.cellScale(0, 1024));
        assertEquals(2f, bounds.min(1));
        assertEquals(0f, bounds.span(1), "one point thick");
        assertEquals(0f, bounds.cellScale(1, 1024));
        assertEquals(-3f, bounds.min(2));
        assertEquals(0f, bounds.span(2), "not finite");
        bounds.clear();
        bounds.add(-1f, -1f, -1f);
        assertEquals(-1f, bounds.min(0), "cleared, then one point");
        assertEquals(0f, bounds.span(0));
    }
}
