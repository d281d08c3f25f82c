package io.flatscene.render;

import io.flatscene.core.container.Capacity;

/**
 * Procedural meshes built in: a cube, a UV sphere and a plane, all centered on the origin with outward normals,
 * texture coordinates and tangents (see {@link Mesh} for their conventions).
 */
public final class Meshes {
    private Meshes() {
    }

    /**
     * An axis-aligned cube of edge {@code size}: 24 vertices so that each face has its own flat normal and the whole
     * texture, upright on the side faces.
     *
     * @param size the edge length in world units, finite and above 0; the cube spans {@code -size/2} to {@code size/2}
     * @return a new mesh named {@code cube}, 24 vertices and 12 triangles
     * @throws IllegalArgumentException if {@code size} is not finite and positive
     */
    public static Mesh cube(float size) {
        checkPositive("cube", "size", size);
        float h = size * 0.5f;
        // each face: normal, then two in-face axes u and v with u x v = normal, so the winding faces outwards
        float[][] faces = {
                {1, 0, 0, 0, 0, -1, 0, 1, 0}, {-1, 0, 0, 0, 0, 1, 0, 1, 0},
                {0, 1, 0, 1, 0, 0, 0, 0, -1}, {0, -1, 0, 1, 0, 0, 0, 0, 1},
                {0, 0, 1, 1, 0, 0, 0, 1, 0}, {0, 0, -1, -1, 0, 0, 0, 1, 0}};
        float[] positions = new float[24 * 3];
        float[] normals = new float[24 * 3];
        float[] uvs = new float[24 * 2];
        float[] tangents = new float[24 * 4];
        int[] indices = new int[36];
        float[][] corners = {{-1, -1}, {1, -1}, {1, 1}, {-1, 1}};
        for (int f = 0; f < 6; f++) {
            float[] face = faces[f];
            for (int c = 0; c < 4; c++) {
                int v = f * 4 + c;
                for (int axis = 0; axis < 3; axis++) {
                    positions[v * 3 + axis] = h * (face[axis] + corners[c][0] * face[3 + axis]
                            + corners[c][1] * face[6 + axis]);
                    normals[v * 3 + axis] = face[axis];
                    tangents[v * 4 + axis] = face[3 + axis];
                }
                // v runs down the face's own v axis, so the image's top lies where that axis points
                uvs[v * 2] = (corners[c][0] + 1f) * 0.5f;
                uvs[v * 2 + 1] = (1f - corners[c][1]) * 0.5f;
                tangents[v * 4 + 3] = 1f;
            }
            int[] quad = {0, 1, 2, 0, 2, 3};
            for (int i = 0; i < 6; i++) {
                indices[f * 6 + i] = f * 4 + quad[i];
            }
        }
        return new Mesh("cube", positions, normals, uvs, indices).withTangents(tangents);
    }

    /**
     * A UV sphere of {@code radius} with {@code slices} around the Y axis and {@code stacks} from pole to pole;
     * the seam and poles repeat vertices, so an equirectangular texture maps without special cases (u around from
     * +X, v from the north pole down).
     *
     * @param radius the radius in world units, finite and above 0
     * @param slices the number of segments around the Y axis, 3 or more
     * @param stacks the number of segments from pole to pole, 2 or more
     * @return a new mesh named {@code sphere}, {@code (slices + 1) * (stacks + 1)} vertices and
     *         {@code 2 * slices * stacks} triangles
     * @throws IllegalArgumentException if the radius is not finite and positive, there are fewer than 3 slices or 2
     *                                  stacks, or so many that the indices would not fit one array
     */
    public static Mesh sphere(float radius, int slices, int stacks) {
        checkPositive("sphere", "radius", radius);
        if (slices < 3 || stacks < 2) {
            throw new IllegalArgumentException("sphere: slices " + slices + " and stacks " + stacks
                    + " must be at least 3 and 2");
        }
        // the index array is the largest, six a quad; past this its length overflows
        if (6L * slices * stacks > Capacity.MAX_ARRAY_LENGTH) {
            throw new IllegalArgumentException("sphere: slices " + slices + " and stacks " + stacks + " make "
                    + 6L * slices * stacks + " indices, more than the " + Capacity.MAX_ARRAY_LENGTH + " a mesh holds");
        }
        int vertices = (slices + 1) * (stacks + 1);
        float[] positions = new float[vertices * 3];
        float[] normals = new float[vertices * 3];
        float[] uvs = new float[vertices * 2];
        float[] tangents = new float[vertices * 4];
        for (int stack = 0; stack <= stacks; stack++) {
            double polar = Math.PI * stack / stacks;
            for (int slice = 0; slice <= slices; slice++) {
                double azimuth = 2 * Math.PI * slice / slices;
                int v = stack * (slices + 1) + slice;
                float nx = (float) (Math.sin(polar) * Math.cos(azimuth));
                float ny = (float) Math.cos(polar);
                float nz = (float) (-Math.sin(polar) * Math.sin(azimuth));
                normals[v * 3] = nx;
                normals[v * 3 + 1] = ny;
                normals[v * 3 + 2] = nz;
                positions[v * 3] = nx * radius;
                positions[v * 3 + 1] = ny * radius;
                positions[v * 3 + 2] = nz * radius;
                uvs[v * 2] = (float) slice / slices;
                uvs[v * 2 + 1] = (float) stack / stacks;
                // the direction the azimuth grows in: defined at the poles too, where the normal gives none
                tangents[v * 4] = (float) -Math.sin(azimuth);
                tangents[v * 4 + 2] = (float) -Math.cos(azimuth);
                tangents[v * 4 + 3] = 1f;
            }
        }
        int[] indices = new int[slices * stacks * 6];
        int i = 0;
        for (int stack = 0; stack < stacks; stack++) {
            for (int slice = 0; slice < slices; slice++) {
                int a = stack * (slices + 1) + slice;
                int b = a + slices + 1;
                indices[i++] = a;
                indices[i++] = b;
                indices[i++] = a + 1;
                indices[i++] = a + 1;
                indices[i++] = b;
                indices[i++] = b + 1;
            }
        }
        return new Mesh("sphere", positions, normals, uvs, indices).withTangents(tangents);
    }

    /**
     * A plane of {@code width} along X and {@code depth} along Z, facing +Y.
     *
     * @param width the size along X in world units, finite and above 0
     * @param depth the size along Z in world units, finite and above 0
     * @return a new mesh named {@code plane}, 4 vertices and 2 triangles, visible from above only when back faces are
     *         culled
     * @throws IllegalArgumentException if either size is not finite and positive
     */
    public static Mesh plane(float width, float depth) {
        checkPositive("plane", "width", width);
        checkPositive("plane", "depth", depth);
        float x = width * 0.5f;
        float z = depth * 0.5f;
        float[] positions = {-x, 0, z, x, 0, z, x, 0, -z, -x, 0, -z};
        float[] normals = {0, 1, 0, 0, 1, 0, 0, 1, 0, 0, 1, 0};
        // the image's top towards -Z, the far side seen from a camera looking down -Z
        float[] uvs = {0, 1, 1, 1, 1, 0, 0, 0};
        float[] tangents = {1, 0, 0, 1, 1, 0, 0, 1, 1, 0, 0, 1, 1, 0, 0, 1};
        return new Mesh("plane", positions, normals, uvs, new int[]{0, 1, 2, 0, 2, 3}).withTangents(tangents);
    }

    private static void checkPositive(String mesh, String what, float value) {
        if (!(value > 0f) || !Float.isFinite(value)) {
            throw new IllegalArgumentException(mesh + ": " + what + " " + value + " must be finite and > 0");
        }
    }
}
