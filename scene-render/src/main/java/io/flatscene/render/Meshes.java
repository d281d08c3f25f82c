package io.flatscene.render;

/** Procedural meshes built in: a cube, a UV sphere and a plane, all centered on the origin with outward normals. */
public final class Meshes {
    private Meshes() {
    }

    /** An axis-aligned cube of edge {@code size}: 24 vertices so that each face has its own flat normal. */
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
                }
            }
            int[] quad = {0, 1, 2, 0, 2, 3};
            for (int i = 0; i < 6; i++) {
                indices[f * 6 + i] = f * 4 + quad[i];
            }
        }
        return new Mesh("cube", positions, normals, indices);
    }

    /**
     * A UV sphere of {@code radius} with {@code slices} around the Y axis and {@code stacks} from pole to pole;
     * the seam and poles repeat vertices so a texture could map later without special cases.
     */
    public static Mesh sphere(float radius, int slices, int stacks) {
        checkPositive("sphere", "radius", radius);
        if (slices < 3 || stacks < 2) {
            throw new IllegalArgumentException("sphere: slices " + slices + " and stacks " + stacks
                    + " must be at least 3 and 2");
        }
        int vertices = (slices + 1) * (stacks + 1);
        float[] positions = new float[vertices * 3];
        float[] normals = new float[vertices * 3];
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
        return new Mesh("sphere", positions, normals, indices);
    }

    /** A plane of {@code width} along X and {@code depth} along Z, facing +Y. */
    public static Mesh plane(float width, float depth) {
        checkPositive("plane", "width", width);
        checkPositive("plane", "depth", depth);
        float x = width * 0.5f;
        float z = depth * 0.5f;
        float[] positions = {-x, 0, z, x, 0, z, x, 0, -z, -x, 0, -z};
        float[] normals = {0, 1, 0, 0, 1, 0, 0, 1, 0, 0, 1, 0};
        return new Mesh("plane", positions, normals, new int[]{0, 1, 2, 0, 2, 3});
    }

    private static void checkPositive(String mesh, String what, float value) {
        if (!(value > 0f) || !Float.isFinite(value)) {
            throw new IllegalArgumentException(mesh + ": " + what + " " + value + " must be finite and > 0");
        }
    }
}
