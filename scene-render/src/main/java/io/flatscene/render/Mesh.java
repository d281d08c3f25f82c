package io.flatscene.render;

import io.flatscene.core.scene.Aabb;
import java.util.Arrays;

/**
 * Triangle geometry ready for the GPU: positions and normals (three floats a vertex) and indices (three a
 * triangle, counter-clockwise seen from the front). The arrays are copied in, so later changes to the caller's
 * arrays do not reach the mesh; everything is checked here, so a registered mesh can never draw out of bounds.
 */
public final class Mesh {
    private final String name;
    private final float[] positions;
    private final float[] normals;
    private final int[] indices;
    private final Aabb bounds;

    /**
     * @throws IllegalArgumentException naming the mesh and the rule when an array is missing, empty or of the wrong
     *                                  length, a value is not finite, or an index is outside the vertices
     */
    public Mesh(String name, float[] positions, float[] normals, int[] indices) {
        if (name == null || name.isBlank()) {
            throw new IllegalArgumentException("mesh name must not be blank");
        }
        this.name = name;
        if (positions == null || positions.length == 0 || positions.length % 3 != 0) {
            throw new IllegalArgumentException(this + ": positions must hold a positive multiple of 3 floats, got "
                    + (positions == null ? "null" : positions.length));
        }
        if (normals == null || normals.length != positions.length) {
            throw new IllegalArgumentException(this + ": normals must hold as many floats as positions ("
                    + positions.length + "), got " + (normals == null ? "null" : normals.length));
        }
        if (indices == null || indices.length == 0 || indices.length % 3 != 0) {
            throw new IllegalArgumentException(this + ": indices must hold a positive multiple of 3 ints, got "
                    + (indices == null ? "null" : indices.length));
        }
        checkFinite("positions", positions);
        checkFinite("normals", normals);
        int vertices = positions.length / 3;
        for (int i = 0; i < indices.length; i++) {
            if (indices[i] < 0 || indices[i] >= vertices) {
                throw new IllegalArgumentException(this + ": index " + indices[i] + " at position " + i
                        + " is outside the " + vertices + " vertices");
            }
        }
        this.positions = positions.clone();
        this.normals = normals.clone();
        this.indices = indices.clone();
        this.bounds = boundsOf(this.positions);
    }

    private void checkFinite(String what, float[] values) {
        for (int i = 0; i < values.length; i++) {
            if (!Float.isFinite(values[i])) {
                throw new IllegalArgumentException(this + ": " + what + "[" + i + "] is " + values[i]
                        + ", must be finite");
            }
        }
    }

    private static Aabb boundsOf(float[] positions) {
        float[] min = {Float.POSITIVE_INFINITY, Float.POSITIVE_INFINITY, Float.POSITIVE_INFINITY};
        float[] max = {Float.NEGATIVE_INFINITY, Float.NEGATIVE_INFINITY, Float.NEGATIVE_INFINITY};
        for (int i = 0; i < positions.length; i++) {
            min[i % 3] = Math.min(min[i % 3], positions[i]);
            max[i % 3] = Math.max(max[i % 3], positions[i]);
        }
        return Aabb.ofMinMax(min[0], min[1], min[2], max[0], max[1], max[2]);
    }

    public String name() {
        return name;
    }

    public int vertexCount() {
        return positions.length / 3;
    }

    public int indexCount() {
        return indices.length;
    }

    /** The local bounds to give the items that draw this mesh. */
    public Aabb bounds() {
        return bounds;
    }

    /** Copies: a mesh never changes once made. */
    public float[] positions() {
        return positions.clone();
    }

    public float[] normals() {
        return normals.clone();
    }

    public int[] indices() {
        return indices.clone();
    }

    @Override
    public String toString() {
        return "mesh '" + name + "'";
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Mesh other && name.equals(other.name) && Arrays.equals(positions, other.positions)
                && Arrays.equals(normals, other.normals) && Arrays.equals(indices, other.indices);
    }

    @Override
    public int hashCode() {
        return 31 * name.hashCode() + Arrays.hashCode(indices);
    }
}
