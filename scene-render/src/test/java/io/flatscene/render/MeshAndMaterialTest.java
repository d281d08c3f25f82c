package io.flatscene.render;

import io.flatscene.core.scene.Aabb;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
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
    void eachPrimitiveTakesItsOwnCountOfIndices() {
        float[] three = {0, 0, 0, 1, 0, 0, 0, 1, 0};
        assertRejected(() -> Mesh.of(Primitive.LINES, "wire", three, three, new int[]{0, 1, 2}), "mesh 'wire'",
                "indices of LINES must hold a positive multiple of 2 ints, got 3");
        assertRejected(() -> Mesh.of(Primitive.LINE_STRIP, "wire", three, three, new int[]{0}),
                "indices of LINE_STRIP must hold at least 2 ints, got 1");
        assertRejected(() -> Mesh.of(Primitive.POINTS, "dots", three, three, new int[0]),
                "indices of POINTS must hold at least 1 ints, got 0");
        assertRejected(() -> Mesh.of(Primitive.TRIANGLES, "tri", three, three, new int[]{0, 1}),
                "indices of TRIANGLES must hold a positive multiple of 3 ints, got 2");
        assertRejected(() -> Mesh.of(null, "tri", three, three, new int[]{0, 1, 2}), "mesh 'tri'", "primitive");
        assertRejected(() -> Mesh.of(Primitive.POINTS, "dots", three, three, new int[]{3}), "index 3 at position 0");

        Mesh strip = Mesh.of(Primitive.LINE_STRIP, "wire", three, three, new int[]{0, 1, 2});
        assertEquals(Primitive.LINE_STRIP, strip.primitive());
        assertEquals(3, strip.indexCount());
        assertEquals(Primitive.LINE_STRIP, strip.withColors(new float[12]).primitive());
        assertEquals(Primitive.TRIANGLES, new Mesh("tri", three, three, new int[]{0, 1, 2}).primitive());
        assertNotEquals(new Mesh("tri", three, three, new int[]{0, 1, 2}),
                Mesh.of(Primitive.LINE_STRIP, "tri", three, three, new int[]{0, 1, 2}));
    }

    @Test
    void badUvsTangentsAndColorsAreNamed() {
        float[] three = {0, 0, 0, 1, 0, 0, 0, 1, 0};
        int[] triangle = {0, 1, 2};
        assertRejected(() -> new Mesh("tri", three, three, new float[4], triangle), "mesh 'tri'", "uvs",
                "2 floats for each of the 3 vertices (6), got 4");
        assertRejected(() -> new Mesh("tri", three, three, null, triangle), "mesh 'tri'", "uvs must not be null");
        assertRejected(() -> new Mesh("tri", three, three, new float[]{0, 0, 1, Float.NaN, 0, 1}, triangle),
                "uvs[3] is NaN");
        Mesh mesh = new Mesh("tri", three, three, new float[6], triangle);
        assertRejected(() -> mesh.withTangents(new float[8]), "tangents", "(12), got 8");
        assertRejected(() -> mesh.withTangents(new float[]{1, 0, 0, 1, 0, 0, 0, 1, 1, 0, 0, 1}),
                "tangent of vertex 1", "not zero");
        assertRejected(() -> mesh.withTangents(new float[]{1, 0, 0, 1, 1, 0, 0, 0.5f, 1, 0, 0, 1}),
                "tangent w of vertex 1 is 0.5");
        assertRejected(() -> mesh.withColors(new float[]{1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 2, 1}), "colors[10] is 2.0");
        assertRejected(() -> mesh.withColors(new float[0]), "colors", "got 0");
        Mesh full = mesh.withTangents(new float[]{1, 0, 0, 1, 1, 0, 0, -1, 0, 0, 2, 1})
                .withColors(new float[12]);
        assertTrue(full.hasUvs() && full.hasTangents() && full.hasColors());
        assertEquals(0, new Mesh("tri", three, three, triangle).uvs().length);
    }

    /**
     * The built-in meshes' tangents lie in the surface and point where u grows, and {@code cross(n, t) * w} where v
     * shrinks (the image's top), as {@link Mesh} documents: checked on every triangle against its uv gradient.
     */
    @Test
    void builtInTangentsFollowTheTextureCoordinates() {
        for (Mesh mesh : new Mesh[]{Meshes.cube(2f), Meshes.sphere(1.5f, 16, 8), Meshes.plane(3f, 2f)}) {
            float[] p = mesh.positions();
            float[] n = mesh.normals();
            float[] uv = mesh.uvs();
            float[] t = mesh.tangents();
            int[] idx = mesh.indices();
            for (int tri = 0; tri < idx.length; tri += 3) {
                int a = idx[tri];
                int b = idx[tri + 1];
                int c = idx[tri + 2];
                float[] e1 = sub(p, b, a);
                float[] e2 = sub(p, c, a);
                float du1 = uv[b * 2] - uv[a * 2];
                float dv1 = uv[b * 2 + 1] - uv[a * 2 + 1];
                float du2 = uv[c * 2] - uv[a * 2];
                float dv2 = uv[c * 2 + 1] - uv[a * 2 + 1];
                float det = du1 * dv2 - du2 * dv1;
                if (Math.abs(det) < 1e-9f || area(e1, e2) < 1e-12f) {
                    continue; // the sphere's pole triangles collapse to a line
                }
                // the surface directions in which u and v grow
                float[] dPdu = new float[3];
                float[] dPdv = new float[3];
                for (int k = 0; k < 3; k++) {
                    dPdu[k] = (e1[k] * dv2 - e2[k] * dv1) / det;
                    dPdv[k] = (e2[k] * du1 - e1[k] * du2) / det;
                }
                for (int v : new int[]{a, b, c}) {
                    float[] tangent = {t[v * 4], t[v * 4 + 1], t[v * 4 + 2]};
                    float[] normal = {n[v * 3], n[v * 3 + 1], n[v * 3 + 2]};
                    float[] bitangent = cross(normal, tangent);
                    String where = mesh + " triangle " + tri / 3 + " vertex " + v;
                    assertEquals(0f, dot(tangent, normal), 1e-5f, where + ": tangent leaves the surface");
                    assertTrue(dot(tangent, dPdu) > 0, where + ": tangent against u");
                    assertTrue(t[v * 4 + 3] * dot(bitangent, dPdv) < 0, where + ": bitangent towards growing v");
                }
            }
        }
    }

    private static float[] sub(float[] p, int i, int j) {
        return new float[]{p[i * 3] - p[j * 3], p[i * 3 + 1] - p[j * 3 + 1], p[i * 3 + 2] - p[j * 3 + 2]};
    }

    private static float[] cross(float[] x, float[] y) {
        return new float[]{x[1] * y[2] - x[2] * y[1], x[2] * y[0] - x[0] * y[2], x[0] * y[1] - x[1] * y[0]};
    }

    private static float dot(float[] x, float[] y) {
        return x[0] * y[0] + x[1] * y[1] + x[2] * y[2];
    }

    private static float area(float[] e1, float[] e2) {
        float[] face = cross(e1, e2);
        return dot(face, face);
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
        assertRejected(() -> Material.color(0, 0, 0).withNormalTexture(-2), "textures (-1, -2, -1)",
                "Material.NO_TEXTURE");
        Material textured = Material.color(1, 1, 1).withBaseColorTexture(3).withEmissiveTexture(5).withAlpha(0.5f);
        assertEquals(3, textured.baseColorTexture());
        assertEquals(Material.NO_TEXTURE, textured.normalTexture());
        assertEquals(5, textured.emissiveTexture());
    }
}
