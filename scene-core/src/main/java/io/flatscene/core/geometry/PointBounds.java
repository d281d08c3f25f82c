package io.flatscene.core.geometry;

import java.util.Arrays;

/**
 * The box around a set of points, grown a point at a time: what a Morton grid is laid over. The items' spatial sort
 * lays its cells over the items' centers with it, the query tree's build over its entries' centers, and a ray batch
 * over its rays' origins. Reused: {@link #clear} starts a new set.
 */
public final class PointBounds {
    private final float[] min = new float[3];
    private final float[] max = new float[3];

    /** An empty set. */
    public PointBounds() {
        clear();
    }

    /** Forgets every point. */
    public void clear() {
        Arrays.fill(min, Float.POSITIVE_INFINITY);
        Arrays.fill(max, Float.NEGATIVE_INFINITY);
    }

    public void add(float x, float y, float z) {
        min[0] = Math.min(min[0], x);
        min[1] = Math.min(min[1], y);
        min[2] = Math.min(min[2], z);
        max[0] = Math.max(max[0], x);
        max[1] = Math.max(max[1], y);
        max[2] = Math.max(max[2], z);
    }

    /** {@return the least coordinate of the points along {@code axis}, +infinity for an empty set} */
    public float min(int axis) {
        return min[axis];
    }

    /** {@return the extent of the points along {@code axis}: 0 for an empty set, one point thick, or not finite} */
    public float span(int axis) {
        float span = max[axis] - min[axis];
        return span > 0f && Float.isFinite(span) ? span : 0f;
    }

    /** {@return cells per unit along {@code axis} for {@code cells} cells across the span, 0 where the span is 0} */
    public float cellScale(int axis, int cells) {
        float span = span(axis);
        return span > 0f ? cells / span : 0f;
    }
}
