package io.flatscene.core.scene;

/**
 * An axis-aligned box as center and half extents, the form the bounds pass and culling use. A box with infinite
 * half extents ({@link #INFINITE}) contains everything and always passes culling.
 */
public record Aabb(float centerX, float centerY, float centerZ, float halfX, float halfY, float halfZ) {
    public static final Aabb INFINITE = new Aabb(0f, 0f, 0f,
            Float.POSITIVE_INFINITY, Float.POSITIVE_INFINITY, Float.POSITIVE_INFINITY);

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

    public static Aabb ofMinMax(float minX, float minY, float minZ, float maxX, float maxY, float maxZ) {
        if (!(minX <= maxX && minY <= maxY && minZ <= maxZ)) {
            throw new IllegalArgumentException("Aabb min (" + minX + ", " + minY + ", " + minZ
                    + ") must not exceed max (" + maxX + ", " + maxY + ", " + maxZ + ")");
        }
        return new Aabb((minX + maxX) * 0.5f, (minY + maxY) * 0.5f, (minZ + maxZ) * 0.5f,
                (maxX - minX) * 0.5f, (maxY - minY) * 0.5f, (maxZ - minZ) * 0.5f);
    }

    public boolean isInfinite() {
        return Float.isInfinite(halfX) || Float.isInfinite(halfY) || Float.isInfinite(halfZ);
    }
}
