package io.flatscene.assets;

import io.flatscene.assets.testing.Rover;
import io.flatscene.core.config.SceneConfig;
import io.flatscene.core.scene.Item;
import io.flatscene.core.scene.MovableObject;
import io.flatscene.core.scene.SceneManager;
import io.flatscene.core.scene.SceneNode;
import io.flatscene.render.ColorSpace;
import io.flatscene.render.Material;
import io.flatscene.render.Mesh;
import io.flatscene.render.Primitive;
import io.flatscene.render.Renderer;
import io.flatscene.render.RendererConfig;
import io.flatscene.render.context.HeadlessContext;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.joml.Matrix4f;
import org.joml.Quaternionf;
import org.joml.Vector3f;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The export read back through {@link ModelImporter} into a fresh scene, on Mesa's llvmpipe: the same nodes in the
 * same order with the same names and world matrices, each node's items with the same meshes (every vertex of every
 * primitive, in drawing order), base colours and texture pixels; and the file valid glTF 2.0 by
 * {@link GltfSpecCheck}.
 */
class SceneGltfExportTest {
    private static final float MATRIX_TOLERANCE = 1e-5f;
    private static final float VERTEX_TOLERANCE = 1e-6f;
    /** A 4x2 image with a different colour in every pixel. */
    private static final int TEXTURE_WIDTH = 4;
    private static final int TEXTURE_HEIGHT = 2;

    @TempDir
    Path dir;

    private HeadlessContext context;
    private Renderer renderer;
    private SceneManager scene;
    private SceneManager reimported;

    @BeforeEach
    void open() {
        context = HeadlessContext.create(true);
        renderer = new Renderer(RendererConfig.builder().debugOutput(true).build());
        scene = new SceneManager(SceneConfig.builder().validation(true).build());
        reimported = new SceneManager(SceneConfig.builder().validation(true).build());
    }

    @AfterEach
    void close() {
        reimported.close();
        scene.close();
        renderer.close();
        context.close();
    }

    @Test
    void aSceneOfSharedMeshesComesBackWithItsMeshesMaterialsAndWorldMatrices() throws IOException {
        int texture = renderer.textures().load("checker", PngEncoder.encode(TEXTURE_WIDTH, TEXTURE_HEIGHT,
                checker()), ColorSpace.SRGB);
        assertArrayEquals(checker(), renderer.textures().pixels(texture), "the texture read back as loaded");
        int textured = renderer.materials().add(new Material(1f, 0.9f, 0.8f, 1f, 0.3f, 32f)
                .withBaseColorTexture(texture));
        int red = renderer.materials().add(Material.color(0.8f, 0.2f, 0.1f));
        int glass = renderer.materials().add(Material.color(0.1f, 0.3f, 0.9f).withAlpha(0.5f));
        int crate = renderer.meshes().add(tetrahedron());
        int fin = renderer.meshes().add(fin());
        int wire = renderer.meshes().add(Mesh.of(Primitive.LINE_STRIP, "wire",
                new float[]{0, 0, 0, 1, 0, 0, 1, 1, 0, 0, 1, 1}, new float[]{0, 1, 0, 0, 1, 0, 0, 1, 0, 0, 1, 0},
                new int[]{0, 1, 2, 3}));

        SceneNode root = scene.rootNode();
        SceneNode ship = root.createChild("ship \"one\"").setPosition(1, 2, 3)
                .setOrientation(new Quaternionf().rotateXYZ(0.3f, -1.1f, 0.2f)).setScale(2, 0.5f, 1.5f);
        SceneNode turret = ship.createChild("turret").setPosition(0, 1.5f, -0.25f)
                .setOrientation(new Quaternionf().rotateY(0.7f)).setScale(1, 3, 0.25f);
        SceneNode barrel = turret.createChild("barrel").setPosition(0.5f, 0, -2).setScale(1, -1, 1);
        SceneNode rock = root.createChild("rock").setPosition(-5, 0, 1e-3f);
        ship.attachObject(item("hull", crate, textured));
        turret.attachObject(item("cap", crate, textured));
        turret.attachObject(item("vane", fin, red));
        barrel.attachObject(item("sight", fin, red));
        barrel.attachObject(item("trace", wire, glass));
        rock.attachObject(item("stone", crate, textured));
        scene.createSceneNode("detached, not exported");
        scene.validate();

        Path file = dir.resolve("scene.gltf");
        SceneGltfExport.write(scene, renderer, file);
        Map<?, ?> json = GltfSpecCheck.check(file);

        // the crate's, fin's and wire's vertex data once each, whatever the number of items drawing them
        assertEquals(3, GltfSpecCheck.positionAccessors(json).size(), "position accessors");
        assertEquals(3, ((List<?>) json.get("meshes")).size(), "meshes: [crate], [crate, fin] and [fin, wire], the "
                + "rock's [crate] being the ship's");
        assertEquals(1, ((List<?>) json.get("images")).size(), "images");
        assertRoundTrip(file, 5, 3);
    }

    @Test
    void theRoverComesBackAsItWasImported() throws IOException {
        ImportedModel rover = Rover.load(renderer, scene, scene.rootNode());
        rover.root().setPosition(3, -1, 2).setOrientation(new Quaternionf().rotateZ(0.4f));
        scene.validate();

        Path file = dir.resolve("rover.gltf");
        SceneGltfExport.write(scene, renderer, file);
        GltfSpecCheck.check(file);
        assertRoundTrip(file, rover.nodes() + 1, rover.materials());
    }

    @Test
    void aMeshOfMoreVerticesThanShortIndicesReachComesBackWithIntIndices() throws IOException {
        int vertices = 70_000;
        float[] positions = new float[3 * vertices];
        float[] normals = new float[3 * vertices];
        int[] indices = new int[vertices];
        for (int v = 0; v < vertices; v++) {
            positions[3 * v] = v % 300;
            positions[3 * v + 1] = v / 300;
            normals[3 * v + 1] = 1f;
            indices[v] = vertices - 1 - v;
        }
        int stars = renderer.meshes().add(Mesh.of(Primitive.POINTS, "stars", positions, normals, indices));
        int white = renderer.materials().add(Material.color(1f, 1f, 1f));
        scene.rootNode().createChild("sky").setScale(2, 3, 4).attachObject(item("stars", stars, white));
        scene.validate();

        Path file = dir.resolve("sky.gltf");
        SceneGltfExport.write(scene, renderer, file);
        Map<?, ?> json = GltfSpecCheck.check(file);
        Map<?, ?> primitive = (Map<?, ?>) ((List<?>) ((Map<?, ?>) ((List<?>) json.get("meshes")).get(0))
                .get("primitives")).get(0);
        Map<?, ?> indexAccessor = (Map<?, ?>) ((List<?>) json.get("accessors"))
                .get(((Number) primitive.get("indices")).intValue());
        assertEquals(5_125L, indexAccessor.get("componentType"), "unsigned int indices");
        assertRoundTrip(file, 2, 1);
    }

    @Test
    void aFileNameOtherThanGltfIsRefused() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> SceneGltfExport.write(scene, renderer, dir.resolve("scene.glb")));
        assertTrue(e.getMessage().contains("must end in .gltf"), e.getMessage());
    }

    @Test
    void anItemWhoseMaterialTheRendererDoesNotHoldIsRefusedByName() {
        int mesh = renderer.meshes().add(fin());
        scene.rootNode().createChild("holder").attachObject(scene.createItem("stray", mesh, 7,
                renderer.meshes().bounds(mesh)));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> SceneGltfExport.write(scene, renderer, dir.resolve("scene.gltf")));
        assertTrue(e.getMessage().contains("item stray uses material id 7"), e.getMessage());
        assertTrue(Files.notExists(dir.resolve("scene.gltf")), "nothing written");
    }

    /** Imports {@code file} into the fresh scene and compares it with {@link #scene}, node by node. */
    private void assertRoundTrip(Path file, int nodes, int materials) {
        ImportedModel model = ModelImporter.load(file, renderer, reimported, reimported.rootNode());
        reimported.validate();
        scene.updateAllTransforms();
        reimported.updateAllTransforms();
        assertEquals(nodes, model.nodes(), "nodes");
        assertEquals(materials, model.materials(), "materials");
        List<SceneNode> expected = depthFirst(scene.rootNode());
        List<SceneNode> actual = depthFirst(model.root());
        assertEquals(expected.size(), actual.size(), "nodes under the root");
        Set<Integer> importedMeshes = new HashSet<>();
        for (int n = 0; n < expected.size(); n++) {
            SceneNode before = expected.get(n);
            SceneNode after = actual.get(n);
            String name = before.name();
            assertEquals(name, after.name());
            Matrix4f world = before.getWorldMatrix(new Matrix4f());
            Matrix4f readBack = after.getWorldMatrix(new Matrix4f());
            assertTrue(world.equals(readBack, MATRIX_TOLERANCE), name + ": world " + world + " read back as "
                    + readBack);
            List<Item> itemsBefore = items(before);
            List<Item> itemsAfter = items(after);
            assertEquals(itemsBefore.size(), itemsAfter.size(), name + ": items");
            for (int i = 0; i < itemsBefore.size(); i++) {
                Item item = itemsBefore.get(i);
                Item read = itemsAfter.get(i);
                importedMeshes.add(read.meshId());
                assertSameMesh(renderer.meshes().get(item.meshId()), renderer.meshes().get(read.meshId()),
                        name + "/" + item.name());
                assertSameMaterial(renderer.materials().get(item.materialId()),
                        renderer.materials().get(read.materialId()), name + "/" + item.name());
            }
        }
        assertEquals(model.meshes(), importedMeshes.size(), "meshes");
    }

    /**
     * Every vertex in drawing order (each index's position, unit normal and texture coordinates), so the comparison
     * holds whatever vertices the importer joined; glTF's normals have length 1, the renderer's any length. A line
     * strip comes back as lines, glTF's strips being lines to Assimp.
     */
    private static void assertSameMesh(Mesh expected, Mesh actual, String what) {
        Primitive primitive = expected.primitive() == Primitive.LINE_STRIP ? Primitive.LINES : expected.primitive();
        assertEquals(primitive, actual.primitive(), what + ": primitive");
        float[] before = drawn(expected, expected.hasUvs());
        float[] after = drawn(actual, expected.hasUvs());
        assertEquals(before.length, after.length, what + ": vertices drawn");
        for (int i = 0; i < before.length; i++) {
            if (Math.abs(before[i] - after[i]) > VERTEX_TOLERANCE * Math.max(1f, Math.abs(before[i]))) {
                throw new AssertionError(what + ": value " + i + " of the vertices drawn is " + after[i]
                        + ", expected " + before[i]);
            }
        }
    }

    private static float[] drawn(Mesh mesh, boolean uvs) {
        int[] indices = mesh.indices();
        if (mesh.primitive() == Primitive.LINE_STRIP) {
            int[] segments = new int[2 * (indices.length - 1)];
            for (int s = 0; s + 1 < indices.length; s++) {
                segments[2 * s] = indices[s];
                segments[2 * s + 1] = indices[s + 1];
            }
            indices = segments;
        }
        float[] positions = mesh.positions();
        float[] normals = mesh.normals();
        float[] coordinates = mesh.uvs();
        int stride = uvs ? 8 : 6;
        float[] out = new float[indices.length * stride];
        for (int i = 0; i < indices.length; i++) {
            int v = indices[i];
            System.arraycopy(positions, 3 * v, out, i * stride, 3);
            Vector3f normal = new Vector3f(normals[3 * v], normals[3 * v + 1], normals[3 * v + 2]).normalize();
            out[i * stride + 3] = normal.x;
            out[i * stride + 4] = normal.y;
            out[i * stride + 5] = normal.z;
            if (uvs) {
                System.arraycopy(coordinates, 2 * v, out, i * stride + 6, 2);
            }
        }
        return out;
    }

    private void assertSameMaterial(Material expected, Material actual, String what) {
        assertArrayEquals(new float[]{expected.red(), expected.green(), expected.blue(), expected.alpha()},
                new float[]{actual.red(), actual.green(), actual.blue(), actual.alpha()}, VERTEX_TOLERANCE,
                what + ": base colour");
        assertEquals(expected.baseColorTexture() == Material.NO_TEXTURE,
                actual.baseColorTexture() == Material.NO_TEXTURE, what + ": textured");
        if (expected.baseColorTexture() != Material.NO_TEXTURE) {
            assertArrayEquals(renderer.textures().pixels(expected.baseColorTexture()),
                    renderer.textures().pixels(actual.baseColorTexture()), what + ": texture pixels");
        }
    }

    private static List<SceneNode> depthFirst(SceneNode top) {
        List<SceneNode> order = new ArrayList<>();
        List<SceneNode> walk = new ArrayList<>(List.of(top));
        while (!walk.isEmpty()) {
            SceneNode next = walk.remove(walk.size() - 1);
            order.add(next);
            for (int c = next.childCount() - 1; c >= 0; c--) {
                walk.add(next.child(c));
            }
        }
        return order;
    }

    private static List<Item> items(SceneNode node) {
        List<Item> items = new ArrayList<>();
        for (int a = 0; a < node.attachedObjectCount(); a++) {
            MovableObject object = node.attachedObject(a);
            if (object instanceof Item item) {
                items.add(item);
            }
        }
        return items;
    }

    private Item item(String name, int mesh, int material) {
        return scene.createItem(name, mesh, material, renderer.meshes().bounds(mesh));
    }

    private static byte[] checker() {
        byte[] rgba = new byte[TEXTURE_WIDTH * TEXTURE_HEIGHT * 4];
        for (int p = 0; p < TEXTURE_WIDTH * TEXTURE_HEIGHT; p++) {
            rgba[4 * p] = (byte) (p * 37);
            rgba[4 * p + 1] = (byte) (255 - p * 29);
            rgba[4 * p + 2] = (byte) (p % 2 == 0 ? 200 : 40);
            rgba[4 * p + 3] = (byte) 255;
        }
        return rgba;
    }

    /** Four faces of three vertices each, a face normal and texture coordinates of their own at every vertex. */
    private static Mesh tetrahedron() {
        float[][] corners = {{0, 0, 0}, {1, 0, 0}, {0, 0, -1}, {0.3f, 1, -0.3f}};
        int[][] faces = {{0, 2, 1}, {0, 1, 3}, {1, 2, 3}, {2, 0, 3}};
        float[] positions = new float[36];
        float[] normals = new float[36];
        float[] uvs = new float[24];
        int[] indices = new int[12];
        for (int f = 0; f < faces.length; f++) {
            Vector3f a = new Vector3f(corners[faces[f][0]]);
            Vector3f normal = new Vector3f(corners[faces[f][1]]).sub(a)
                    .cross(new Vector3f(corners[faces[f][2]]).sub(a)).normalize();
            for (int k = 0; k < 3; k++) {
                int v = 3 * f + k;
                System.arraycopy(corners[faces[f][k]], 0, positions, 3 * v, 3);
                normals[3 * v] = normal.x;
                normals[3 * v + 1] = normal.y;
                normals[3 * v + 2] = normal.z;
                uvs[2 * v] = 0.25f * f + 0.125f * k;
                uvs[2 * v + 1] = k == 2 ? 0.75f : 0.25f;
                // drawn in another order than stored, so the indices matter
                indices[v] = 3 * f + (k + f) % 3;
            }
        }
        float[] tangents = new float[48];
        float[] colors = new float[48];
        for (int v = 0; v < 12; v++) {
            // any length: the renderer normalizes tangents, the export must
            tangents[4 * v] = 2f;
            tangents[4 * v + 3] = v % 2 == 0 ? 1f : -1f;
            colors[4 * v] = v / 11f;
            colors[4 * v + 1] = 0.5f;
            colors[4 * v + 2] = 1f;
            colors[4 * v + 3] = 1f;
        }
        return new Mesh("crate", positions, normals, uvs, indices).withTangents(tangents).withColors(colors);
    }

    private static Mesh fin() {
        return new Mesh("fin", new float[]{0, 0, 0, 1, 0, 0, 1, 2, 0, 0, 1, 0},
                new float[]{0, 0, 2, 0, 0, 2, 0, 0, 2, 0, 0, 2}, new int[]{0, 1, 2, 0, 2, 3});
    }
}
