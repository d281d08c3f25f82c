package io.flatscene.core.scene;

/**
 * An axis-aligned box as center and half extents, the form the bounds pass and culling use. A box with infinite
 * half extents ({@link #INFINITE}) contains everything and always passes culling.
 *
 * @param centerX the box's center along x
 * @param centerY the box's center along y
 * @param centerZ the box's center along z
 * @param halfX   half the box's size along x, &gt;= 0 (infinite for an unbounded box)
 * @param halfY   half the box's size along y, &gt;= 0
 * @param halfZ   half the box's size along z, &gt;= 0
 */
public record Aabb(float centerX, float centerY, float centerZ, float halfX, float halfY, float halfZ) {
    /** The box that contains everything, centered on the origin: an item with it is never culled. */
    public static final Aabb INFINITE = new Aabb(0f, 0f, 0f,
            Float.POSITIVE_INFINITY, Float.POSITIVE_INFINITY, Float.POSITIVE_INFINITY);

    /**
     * Checks the box; the values are those of the record's components, in the space of whatever the box bounds (an
     * item's local bounds are in its node's local space).
     *
     * @param centerX the box's center along x, finite
     * @param centerY the box's center along y, finite
     * @param centerZ the box's center along z, finite
     * @param halfX   half the box's size along x, &gt;= 0, infinite allowed
     * @param halfY   half the box's size along y, &gt;= 0, infinite allowed
     * @param halfZ   half the box's size along z, &gt;= 0, infinite allowed
     * @throws IllegalArgumentException if a center coordinate is not finite, or a half extent is negative or NaN
     */
    public Aabb {
        if (!Float.isFinite(centerX) || !Float.isFinite(centerY) || !Float.isFinite(centerZ)) {
            throw new IllegalArgumentException("Aabb center (" + centerX + ", " + centerY + ", " + centerZ
                    + ") must be finite");
        }
        if (!(halfX >= 0f && halfY >= 0f && halfZ >= 0f)) {
            throw new IllegalArgumentException("Aabb half extents (" + halfX + ", " + halfY + ", " + halfZ
                    + ") must be >= 0");
        }
    }

    /**
     * Makes a box from its corners; the center and half extents are computed in double, so any two finite corners
     * give a finite box.
     *
     * @param minX the smallest x in the box
     * @param minY the smallest y in the box
     * @param minZ the smallest z in the box
     * @param maxX the largest x in the box, &gt;= {@code minX}
     * @param maxY the largest y in the box, &gt;= {@code minY}
     * @param maxZ the largest z in the box, &gt;= {@code minZ}
     * @return the box spanning the two corners
     * @throws IllegalArgumentException if a bound is not finite (use {@link #INFINITE}) or min exceeds max
     */
    public static Aabb ofMinMax(float minX, float minY, float minZ, float maxX, float maxY, float maxZ) {
        if (!Float.isFinite(minX) || !Float.isFinite(minY) || !Float.isFinite(minZ) || !Float.isFinite(maxX)
                || !Float.isFinite(maxY) || !Float.isFinite(maxZ)) {
            throw new IllegalArgumentException("Aabb min (" + minX + ", " + minY + ", " + minZ + ") and max (" + maxX
                    + ", " + maxY + ", " + maxZ + ") must be finite; Aabb.INFINITE is the box that holds everything");
        }
        if (!(minX <= maxX && minY <= maxY && minZ <= maxZ)) {
            throw new IllegalArgumentException("Aabb min (" + minX + ", " + minY + ", " + minZ
                    + ") must not exceed max (" + maxX + ", " + maxY + ", " + maxZ + ")");
        }
        // in double: the sum or difference of two finite bounds may overflow float, their mean and half never do
        return new Aabb(mean(minX, maxX), mean(minY, maxY), mean(minZ, maxZ),
                half(minX, maxX), half(minY, maxY), half(minZ, maxZ));
    }

    private static float mean(float min, float max) {
        return (float) (((double) min + max) * 0.5);
    }

    private static float half(float min, float max) {
        return (float) (((double) max - min) * 0.5);
    }

    /** {@return whether any half extent is infinite, so the box always passes culling} */
    public boolean isInfinite() {
        return Float.isInfinite(halfX) || Float.isInfinite(halfY) || Float.isInfinite(halfZ);
    }
}
