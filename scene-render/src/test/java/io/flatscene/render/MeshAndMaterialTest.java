package io.flatscene.render;

import io.flatscene.core.scene.Aabb;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Mesh and material data: built-in shapes are closed and outward-facing, bad data is named. */
class MeshAndMaterialTest {
    private static void assertRejected(Executable call, String... fragments) {
        IllegalArgumentException thrown = assertThrows(IllegalArgumentException.class, call);
        for (String fragment : fragments) {
            assertTrue(thrown.getMessage().contains(fragment), "'" + thrown.getMessage() + "' should mention '"
                    + fragment + "'");
        }
    }

    @Test
    void badMeshDataIsNamed() {
        float[] three = {0, 0, 0, 1, 0, 0, 0, 1, 0};
        assertRejected(() -> new Mesh("tri", new float[]{0, 0}, three, new int[]{0, 1, 2}), "mesh 'tri'",
                "positions", "got 2");
        assertRejected(() -> new Mesh("tri", three, new float[3], new int[]{0, 1, 2}), "normals", "got 3");
        assertRejected(() -> new Mesh("tri", three, three, new int[]{0, 1}), "indices", "got 2");
        assertRejected(() -> new Mesh("tri", three, three, new int[]{0, 1, 3}), "index 3 at position 2",
                "3 vertices");
        assertRejected(() -> new Mesh("tri", new float[]{0, 0, 0, 1, Float.NaN, 0, 0, 1, 0}, three,
                new int[]{0, 1, 2}), "positions[4] is NaN");
        assertRejected(() -> new Mesh(" ", three, three, new int[]{0, 1, 2}), "name");
        assertRejected(() -> Meshes.cube(0f), "cube", "size 0.0");
        assertRejected(() -> Meshes.sphere(1f, 2, 2), "slices 2");
        assertRejected(() -> Meshes.plane(1f, Float.POSITIVE_INFINITY), "depth Infinity");
    }

    @Test
    void meshesCopyTheirInputAndKnowTheirBounds() {
        float[] positions = {0, 0, 0, 2, 0, 0, 0, 3, -1};
        Mesh mesh = new Mesh("tri", positions, new float[9], new int[]{0, 1, 2});
        positions[0] = 100;
        assertEquals(0f, mesh.positions()[0]);
        assertEquals(Aabb.ofMinMax(0, 0, -1, 2, 3, 0), mesh.bounds());
        assertEquals(new Aabb(0, 0, 0, 0.5f, 0.5f, 0.5f), Meshes.cube(1f).bounds());
    }

    /** Every triangle's winding agrees with its normals: counter-clockwise seen from outside. */
    @Test
    void builtInMeshesFaceOutwards() {
        for (Mesh mesh : new Mesh[]{Meshes.cube(2f), Meshes.sphere(1.5f, 16, 8), Meshes.plane(3f, 2f)}) {
            float[] p = mesh.positions();
            float[] n = mesh.normals();
            int[] idx = mesh.indices();
            for (int t = 0; t < idx.length; t += 3) {
                int a = idx[t] * 3;
                int b = idx[t + 1] * 3;
                int c = idx[t + 2] * 3;
                float[] e1 = {p[b] - p[a], p[b + 1] - p[a + 1], p[b + 2] - p[a + 2]};
                float[] e2 = {p[c] - p[a], p[c + 1] - p[a + 1], p[c + 2] - p[a + 2]};
                float[] face = {e1[1] * e2[2] - e1[2] * e2[1], e1[2] * e2[0] - e1[0] * e2[2],
                        e1[0] * e2[1] - e1[1] * e2[0]};
                float area = face[0] * face[0] + face[1] * face[1] + face[2] * face[2];
                if (area < 1e-12f) {
                    continue; // the sphere's pole triangles collapse to a line
                }
                float agreement = face[0] * (n[a] + n[b] + n[c]) + face[1] * (n[a + 1] + n[b + 1] + n[c + 1])
                        + face[2] * (n[a + 2] + n[b + 2] + n[c + 2]);
                assertTrue(agreement > 0, mesh + " triangle " + t / 3 + " winds against its normals");
            }
        }
    }

    @Test
    void badMaterialsAreNamed() {
        assertRejected(() -> new Material(1.5f, 0, 0, 1, 0, 1), "color (1.5");
        assertRejected(() -> Material.color(0, 0, 0).withAlpha(-0.1f), "-0.1");
        assertRejected(() -> Material.color(0, 0, 0).withSpecular(Float.NaN, 8f), "specular NaN");
        assertRejected(() -> Material.color(0, 0, 0).withSpecular(1f, 0.5f), "shininess 0.5");
        assertRejected(() -> Material.color(0, 0, 0).withEmission(-1f), "emission -1.0");
    }
}
