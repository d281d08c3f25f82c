package io.flatscene.render;

import io.flatscene.core.scene.Aabb;
import java.util.Arrays;

/**
 * Geometry ready for the GPU: positions and normals (three floats a vertex), optionally texture coordinates (two floats
 * a vertex), tangents (four) and vertex colours (four), and indices that join the vertices into its
 * {@link Primitive}: three a triangle, counter-clockwise seen from the front, unless the mesh is made of lines or
 * points ({@link #of}). The arrays are copied in, so later changes to the caller's arrays do not reach the mesh;
 * everything is checked here, so a registered mesh can never draw out of bounds.
 *
 * <p>Texture coordinates follow glTF: (0, 0) is the image's top-left corner, u grows to the right and v downwards;
 * a mesh without them samples every texture at (0, 0). A tangent's xyz points where u grows, and its w (1 or -1)
 * makes {@code cross(normal, tangent.xyz) * w} point to the image's top; a mesh without tangents gets its normal
 * maps' frame from screen-space derivatives. A mesh without colours is opaque white, which leaves the material's
 * colour as it is.
 */
public final class Mesh {
    private static final float[] NONE = new float[0];

    private final String name;
    private final float[] positions;
    private final float[] normals;
    private final float[] uvs;
    private final float[] tangents;
    private final float[] colors;
    private final int[] indices;
    private final Primitive primitive;
    private final Aabb bounds;

    /**
     * A mesh without texture coordinates, tangents or colours.
     *
     * @param name      names the mesh in exceptions and logs, not blank; need not be unique
     * @param positions x, y, z of each vertex in the mesh's local space, finite, a positive multiple of 3 floats
     * @param normals   x, y, z of each vertex's normal, finite, as many floats as {@code positions}; any length
     *                  above 0, since the shader normalizes them
     * @param indices   three vertex indices a triangle, each 0 to {@code positions.length / 3 - 1}
     * @throws IllegalArgumentException naming the mesh and the rule when an array is missing, empty or of the wrong
     *                                  length, a value is not finite, or an index is outside the vertices
     */
    public Mesh(String name, float[] positions, float[] normals, int[] indices) {
        this(name, positions, normals, NONE, NONE, NONE, indices, Primitive.TRIANGLES);
    }

    /**
     * A mesh with texture coordinates.
     *
     * @param name      names the mesh in exceptions and logs, not blank; need not be unique
     * @param positions x, y, z of each vertex in the mesh's local space, finite, a positive multiple of 3 floats
     * @param normals   x, y, z of each vertex's normal, finite, as many floats as {@code positions}
     * @param uvs       u, v of each vertex, finite (any value: textures repeat), two floats a vertex
     * @param indices   three vertex indices a triangle, each 0 to {@code positions.length / 3 - 1}
     * @throws IllegalArgumentException naming the mesh and the rule when an array is missing, empty or of the wrong
     *                                  length, a value is not finite, or an index is outside the vertices
     */
    public Mesh(String name, float[] positions, float[] normals, float[] uvs, int[] indices) {
        this(name, positions, normals, requireArray(name, "uvs", uvs), NONE, NONE, indices, Primitive.TRIANGLES);
    }

    /**
     * A mesh of lines or points (or triangles), without texture coordinates, tangents or colours.
     *
     * @param primitive how the indices join the vertices, not null
     * @param name      names the mesh in exceptions and logs, not blank; need not be unique
     * @param positions x, y, z of each vertex in the mesh's local space, finite, a positive multiple of 3 floats
     * @param normals   x, y, z of each vertex's normal, finite, as many floats as {@code positions}; they light the
     *                  lines or points as they light triangles
     * @param indices   vertex indices, each 0 to {@code positions.length / 3 - 1}, as many as {@code primitive}
     *                  joins: a multiple of 3 for triangles, of 2 for lines, at least 2 for a line strip, at least 1
     *                  for points
     * @return the mesh
     * @throws IllegalArgumentException naming the mesh and the rule when {@code primitive} is null, an array is
     *                                  missing, empty or of the wrong length, a value is not finite, or an index is
     *                                  outside the vertices
     */
    public static Mesh of(Primitive primitive, String name, float[] positions, float[] normals, int[] indices) {
        if (primitive == null) {
            throw new IllegalArgumentException("mesh '" + name + "': primitive must not be null");
        }
        return new Mesh(name, positions, normals, NONE, NONE, NONE, indices, primitive);
    }

    private static float[] requireArray(String name, String what, float[] values) {
        if (values == null) {
            throw new IllegalArgumentException("mesh '" + name + "': " + what + " must not be null");
        }
        return values;
    }

    private Mesh(String name, float[] positions, float[] normals, float[] uvs, float[] tangents, float[] colors,
                 int[] indices, Primitive primitive) {
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
        if (indices == null || !primitive.allows(indices.length)) {
            throw new IllegalArgumentException(this + ": indices of " + primitive + " must hold " + primitive.rule()
                    + ", got " + (indices == null ? "null" : indices.length));
        }
        this.primitive = primitive;
        int vertices = positions.length / 3;
        checkLength("uvs", uvs, vertices, 2);
        checkLength("tangents", tangents, vertices, 4);
        checkLength("colors", colors, vertices, 4);
        // The values are checked in the copies, never in the caller's arrays: a thread writing those after the
        // checks could otherwise slip in an index past the vertices, which a draw would read out of bounds.
        this.positions = positions.clone();
        this.normals = normals.clone();
        this.uvs = uvs.length == 0 ? NONE : uvs.clone();
        this.tangents = tangents.length == 0 ? NONE : tangents.clone();
        this.colors = colors.length == 0 ? NONE : colors.clone();
        this.indices = indices.clone();
        checkFinite("positions", this.positions);
        checkFinite("normals", this.normals);
        checkFinite("uvs", this.uvs);
        checkTangents(this.tangents);
        checkColors(this.colors);
        for (int i = 0; i < this.indices.length; i++) {
            int index = this.indices[i];
            if (index < 0 || index >= vertices) {
                throw new IllegalArgumentException(this + ": index " + index + " at position " + i
                        + " is outside the " + vertices + " vertices");
            }
        }
        this.bounds = boundsOf(this.positions);
    }

    /**
     * This mesh with tangents, for normal maps.
     *
     * @param tangents x, y, z, w of each vertex's tangent, four floats a vertex: xyz finite and not zero (the shader
     *                 normalizes it), pointing where u grows; w 1 or -1 (see the class comment)
     * @return a new mesh with this one's name and arrays and these tangents
     * @throws IllegalArgumentException naming the mesh and the rule when the array is null or of the wrong length, a
     *                                  tangent is zero or not finite, or a w is neither 1 nor -1
     */
    public Mesh withTangents(float[] tangents) {
        return new Mesh(name, positions, normals, uvs, requireArray(name, "tangents", tangents), colors, indices,
                primitive);
    }

    /**
     * This mesh with vertex colours, which multiply the material's colour.
     *
     * @param colors red, green, blue, alpha of each vertex, four floats a vertex, each 0 to 1
     * @return a new mesh with this one's name and arrays and these colours
     * @throws IllegalArgumentException naming the mesh and the rule when the array is null or of the wrong length,
     *                                  or a component is outside 0 to 1
     */
    public Mesh withColors(float[] colors) {
        return new Mesh(name, positions, normals, uvs, tangents, requireArray(name, "colors", colors), indices,
                primitive);
    }

    private void checkLength(String what, float[] values, int vertices, int perVertex) {
        if (values.length != 0 && values.length != vertices * perVertex) {
            throw new IllegalArgumentException(this + ": " + what + " must hold " + perVertex + " floats for each of "
                    + "the " + vertices + " vertices (" + vertices * perVertex + "), got " + values.length);
        }
        if (values.length == 0 && values != NONE) {
            throw new IllegalArgumentException(this + ": " + what + " must hold " + perVertex + " floats for each of "
                    + "the " + vertices + " vertices (" + vertices * perVertex + "), got 0");
        }
    }

    private void checkTangents(float[] values) {
        checkFinite("tangents", values);
        for (int v = 0; v < values.length; v += 4) {
            float x = values[v];
            float y = values[v + 1];
            float z = values[v + 2];
            if (x * x + y * y + z * z == 0f || !Float.isFinite(x * x + y * y + z * z)) {
                throw new IllegalArgumentException(this + ": tangent of vertex " + v / 4 + " is (" + x + ", " + y
                        + ", " + z + "), must be finite and not zero");
            }
            if (values[v + 3] != 1f && values[v + 3] != -1f) {
                throw new IllegalArgumentException(this + ": tangent w of vertex " + v / 4 + " is " + values[v + 3]
                        + ", must be 1 or -1");
            }
        }
    }

    private void checkColors(float[] values) {
        for (int i = 0; i < values.length; i++) {
            if (!(values[i] >= 0f && values[i] <= 1f)) {
                throw new IllegalArgumentException(this + ": colors[" + i + "] is " + values[i]
                        + ", must be between 0 and 1");
            }
        }
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

    /** {@return the name given at construction, not blank} */
    public String name() {
        return name;
    }

    /** {@return the number of vertices, 1 or more} */
    public int vertexCount() {
        return positions.length / 3;
    }

    /** {@return the number of indices, as many as its {@link #primitive()} joins: three a triangle, two a line} */
    public int indexCount() {
        return indices.length;
    }

    /** {@return how the indices join the vertices: {@link Primitive#TRIANGLES} unless made by {@link #of}} */
    public Primitive primitive() {
        return primitive;
    }

    /**
     * The local bounds to give the items that draw this mesh.
     *
     * @return the box around every position, in the mesh's local space
     */
    public Aabb bounds() {
        return bounds;
    }

    /**
     * Copies: a mesh never changes once made.
     *
     * @return a new array of the positions, three floats a vertex
     */
    public float[] positions() {
        return positions.clone();
    }

    /** {@return a new array of the normals, three floats a vertex; a copy, since a mesh never changes} */
    public float[] normals() {
        return normals.clone();
    }

    /** {@return whether the mesh has texture coordinates} */
    public boolean hasUvs() {
        return uvs.length != 0;
    }

    /** {@return whether the mesh has tangents} */
    public boolean hasTangents() {
        return tangents.length != 0;
    }

    /** {@return whether the mesh has vertex colours} */
    public boolean hasColors() {
        return colors.length != 0;
    }

    /** {@return a new array of the texture coordinates, two floats a vertex; empty when the mesh has none} */
    public float[] uvs() {
        return uvs.clone();
    }

    /** {@return a new array of the tangents, four floats a vertex; empty when the mesh has none} */
    public float[] tangents() {
        return tangents.clone();
    }

    /** {@return a new array of the vertex colours, four floats a vertex; empty when the mesh has none} */
    public float[] colors() {
        return colors.clone();
    }

    /** {@return a new array of the indices, as its primitive joins them; a copy, since a mesh never changes} */
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
                && Arrays.equals(normals, other.normals) && Arrays.equals(uvs, other.uvs)
                && Arrays.equals(tangents, other.tangents) && Arrays.equals(colors, other.colors)
                && Arrays.equals(indices, other.indices) && primitive == other.primitive;
    }

    @Override
    public int hashCode() {
        return 31 * name.hashCode() + Arrays.hashCode(indices);
    }
}
