package io.flatscene.assets;

import io.flatscene.assets.testing.DefaultModelWriter;
import io.flatscene.assets.testing.Rover;
import io.flatscene.core.config.SceneConfig;
import io.flatscene.core.scene.Aabb;
import io.flatscene.core.scene.Camera;
import io.flatscene.core.scene.Item;
import io.flatscene.core.scene.Light;
import io.flatscene.core.scene.SceneManager;
import io.flatscene.core.scene.Space;
import io.flatscene.render.ColorSpace;
import io.flatscene.render.DrawPath;
import io.flatscene.render.Material;
import io.flatscene.render.RenderStats;
import io.flatscene.render.Renderer;
import io.flatscene.render.RendererConfig;
import io.flatscene.render.context.HeadlessContext;
import io.flatscene.render.image.Image;
import io.flatscene.render.target.Framebuffer;
import io.flatscene.render.testing.GoldenImages;
import java.io.IOException;
import java.nio.Buffer;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Base64;
import org.joml.Vector3f;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.lwjgl.system.MemoryUtil;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Model textures through Assimp on Mesa's llvmpipe: the bundled rover's embedded panel image, glTF and OBJ images
 * in files next to the model, and images that are missing or no image, which fail before the renderer is touched.
 */
class ModelTextureTest {
    private static final int WIDTH = 320;
    private static final int HEIGHT = 240;

    @TempDir
    Path dir;

    private HeadlessContext context;
    private Renderer renderer;
    private Framebuffer target;
    private SceneManager scene;

    @BeforeEach
    void open() {
        open(DrawPath.AUTO);
    }

    private void open(DrawPath path) {
        close();
        context = HeadlessContext.create(true);
        renderer = new Renderer(RendererConfig.builder().drawPath(path).debugOutput(true).build());
        target = new Framebuffer(WIDTH, HEIGHT);
        scene = new SceneManager(SceneConfig.builder().validation(true).build());
    }

    @AfterEach
    void close() {
        if (scene != null) {
            scene.close();
            target.close();
            renderer.close();
            context.close();
        }
        scene = null;
    }

    @Test
    void theRoversPanelImageReachesTheHullAndTheDeckOnly() {
        ImportedModel model = Rover.load(renderer, scene, scene.rootNode());
        assertEquals(1, model.textures());
        assertEquals(1, renderer.textures().count());
        assertEquals(DefaultModelWriter.PANEL_TEXTURE_SIZE, renderer.textures().width(0));
        assertEquals(ColorSpace.SRGB, renderer.textures().colorSpace(0));
        int textured = 0;
        for (int id = 0; id < renderer.materials().count(); id++) {
            Material material = renderer.materials().get(id);
            boolean hullOrPanel = Math.abs(material.red() - DefaultModelWriter.HULL.red()) < 1e-3f
                    || Math.abs(material.red() - DefaultModelWriter.PANEL.red()) < 1e-3f;
            assertEquals(hullOrPanel ? 0 : Material.NO_TEXTURE, material.baseColorTexture(), material.toString());
            textured += hullOrPanel ? 1 : 0;
        }
        assertEquals(2, textured);
        Item chassis = (Item) scene.findNodeByName("chassis").orElseThrow().attachedObject(0);
        assertTrue(renderer.meshes().get(chassis.meshId()).hasUvs());
    }

    @Test
    void aBinaryGltfKeepsItsImageInItsBinaryChunk() {
        byte[] glb = DefaultModelWriter.glb();
        ByteBuffer data = MemoryUtil.memAlloc(glb.length).put(glb).flip();
        try {
            assertEquals(1, ModelImporter.load("rover.glb", data, "glb", renderer, scene, scene.rootNode())
                    .textures());
        } finally {
            MemoryUtil.memFree((Buffer) data);
        }
    }

    /** The rover close up, drawn by both paths: its orange hull and pale deck wear the panel's seams and stripes. */
    @ParameterizedTest
    @EnumSource(value = DrawPath.class, names = {"MULTI_DRAW_INDIRECT", "INSTANCED"})
    void texturedRoverMatchesItsGoldenImage(DrawPath path) {
        open(path);
        ImportedModel model = Rover.load(renderer, scene, scene.rootNode());
        Camera camera = frame(model.bounds());
        RenderStats stats = renderer.render(scene, camera, target);
        assertEquals(0, stats.glErrors());
        GoldenImages.assertMatches("textured-rover", Image.read(target));
    }

    @Test
    void gltfAndObjImagesAreReadFromTheModelsDirectory() throws IOException {
        Files.write(dir.resolve("panel.png"), DefaultModelWriter.panelPng());
        Path gltf = write("quad.gltf", quadGltf("\"uri\":\"panel.png\""));
        ModelImporter.load(gltf, renderer, scene, scene.rootNode());
        assertEquals(dir.resolve("panel.png").toString(), renderer.textures().name(0));
        assertEquals(0, renderer.materials().get(0).baseColorTexture());

        write("panel.mtl", "newmtl panel\nKd 1 1 1\nmap_Kd panel.png\n");
        Path obj = write("quad.obj", """
                mtllib panel.mtl
                v 0 0 0
                v 1 0 0
                v 1 1 0
                v 0 1 0
                vt 0 0
                vt 1 0
                vt 1 1
                vt 0 1
                vn 0 0 1
                usemtl panel
                f 1/1/1 2/2/1 3/3/1 4/4/1
                """);
        ModelImporter.load(obj, renderer, scene, scene.rootNode());
        assertEquals(2, renderer.textures().count(), "each import loads its own images");
        assertEquals(1, renderer.materials().get(1).baseColorTexture());
        // OBJ's v runs up the image; the imported one runs down, as the renderer's does: the top-left vertex is 0, 0
        Item quad = scene.item(scene.itemCount() - 1);
        float[] positions = renderer.meshes().get(quad.meshId()).positions();
        float[] uvs = renderer.meshes().get(quad.meshId()).uvs();
        for (int v = 0; v < uvs.length / 2; v++) {
            assertEquals(positions[v * 3], uvs[v * 2], 1e-6f);
            assertEquals(1f - positions[v * 3 + 1], uvs[v * 2 + 1], 1e-6f);
        }
    }

    @Test
    void aMissingOrBrokenImageFailsBeforeTheRendererIsTouched() throws IOException {
        Path missing = write("missing.gltf", quadGltf("\"uri\":\"nowhere.png\""));
        ModelException gone = assertThrows(ModelException.class,
                () -> ModelImporter.load(missing, renderer, scene, scene.rootNode()));
        assertTrue(gone.getMessage().contains("cannot read its image file " + dir.resolve("nowhere.png")),
                gone.getMessage());
        Files.writeString(dir.resolve("text.png"), "not an image");
        Path broken = write("broken.gltf", quadGltf("\"uri\":\"text.png\""));
        ModelException bad = assertThrows(ModelException.class,
                () -> ModelImporter.load(broken, renderer, scene, scene.rootNode()));
        assertTrue(bad.getMessage().contains(dir.resolve("text.png") + " is not an image stb_image can decode"),
                bad.getMessage());
        byte[] json = quadGltf("\"uri\":\"panel.png\"").getBytes(StandardCharsets.UTF_8);
        ByteBuffer data = MemoryUtil.memAlloc(json.length).put(json).flip();
        try {
            ModelException fromMemory = assertThrows(ModelException.class,
                    () -> ModelImporter.load("quad.gltf", data, "gltf", renderer, scene, scene.rootNode()));
            assertTrue(fromMemory.getMessage().contains("a model read from memory has no directory"),
                    fromMemory.getMessage());
        } finally {
            MemoryUtil.memFree((Buffer) data);
        }
        assertEquals(0, renderer.textures().count());
        assertEquals(0, renderer.materials().count());
        assertEquals(0, renderer.meshes().count());
        assertEquals(0, scene.itemCount());
    }

    /** A unit quad in the XY plane with texture coordinates, its material's base colour texture at {@code image}. */
    private static String quadGltf(String image) {
        ByteBuffer buffer = ByteBuffer.allocate(4 * 12 + 4 * 8 + 6 * 2).order(java.nio.ByteOrder.LITTLE_ENDIAN);
        for (float f : new float[]{0, 0, 0, 1, 0, 0, 1, 1, 0, 0, 1, 0}) {
            buffer.putFloat(f);
        }
        for (float f : new float[]{0, 1, 1, 1, 1, 0, 0, 0}) {
            buffer.putFloat(f);
        }
        for (short i : new short[]{0, 1, 2, 0, 2, 3}) {
            buffer.putShort(i);
        }
        String uri = "data:application/octet-stream;base64," + Base64.getEncoder().encodeToString(buffer.array());
        return "{\"asset\":{\"version\":\"2.0\"},\"scene\":0,\"scenes\":[{\"nodes\":[0]}],"
                + "\"nodes\":[{\"name\":\"quad\",\"mesh\":0}],"
                + "\"meshes\":[{\"primitives\":[{\"attributes\":{\"POSITION\":0,\"TEXCOORD_0\":1},\"indices\":2,"
                + "\"material\":0}]}],"
                + "\"materials\":[{\"pbrMetallicRoughness\":{\"baseColorTexture\":{\"index\":0}}}],"
                + "\"textures\":[{\"source\":0}],\"images\":[{" + image + "}],"
                + "\"accessors\":[{\"bufferView\":0,\"componentType\":5126,\"count\":4,\"type\":\"VEC3\","
                + "\"min\":[0,0,0],\"max\":[1,1,0]},"
                + "{\"bufferView\":1,\"componentType\":5126,\"count\":4,\"type\":\"VEC2\"},"
                + "{\"bufferView\":2,\"componentType\":5123,\"count\":6,\"type\":\"SCALAR\"}],"
                + "\"bufferViews\":[{\"buffer\":0,\"byteOffset\":0,\"byteLength\":48},"
                + "{\"buffer\":0,\"byteOffset\":48,\"byteLength\":32},"
                + "{\"buffer\":0,\"byteOffset\":80,\"byteLength\":12}],"
                + "\"buffers\":[{\"byteLength\":92,\"uri\":\"" + uri + "\"}]}";
    }

    private Path write(String name, String content) throws IOException {
        Path file = dir.resolve(name);
        Files.writeString(file, content);
        return file;
    }

    /** Close up from the front left, high enough to see the deck. */
    private Camera frame(Aabb bounds) {
        Vector3f center = new Vector3f(bounds.centerX(), bounds.centerY(), bounds.centerZ());
        Vector3f eye = new Vector3f(1.3f, 1.4f, 1.9f).add(center);
        Camera camera = scene.createCamera("viewer");
        camera.setPerspective((float) Math.toRadians(45), 0.05f, 20f).setViewport(WIDTH, HEIGHT);
        scene.rootNode().createChild("viewer").setPosition(eye).lookAt(center, Space.PARENT).attachObject(camera);
        Light sun = scene.createLight("sun", Light.Type.DIRECTIONAL).setColor(0.9f, 0.88f, 0.85f);
        scene.rootNode().createChild("sun").yaw(-0.5f, Space.LOCAL).pitch(-0.9f, Space.LOCAL).attachObject(sun);
        return camera;
    }
}
