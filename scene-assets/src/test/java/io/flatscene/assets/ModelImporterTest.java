package io.flatscene.assets;

import io.flatscene.assets.testing.DefaultModelWriter;
import io.flatscene.assets.testing.HostileModels;
import io.flatscene.assets.testing.Rover;
import io.flatscene.core.config.SceneConfig;
import io.flatscene.core.container.CapacityExceededException;
import io.flatscene.core.container.GrowthPolicy;
import io.flatscene.core.scene.Aabb;
import io.flatscene.core.scene.Camera;
import io.flatscene.core.scene.Item;
import io.flatscene.core.scene.Light;
import io.flatscene.core.scene.SceneManager;
import io.flatscene.core.scene.SceneNode;
import io.flatscene.core.scene.Space;
import io.flatscene.render.DrawPath;
import io.flatscene.render.Material;
import io.flatscene.render.Primitive;
import io.flatscene.render.RenderStats;
import io.flatscene.render.Renderer;
import io.flatscene.render.RendererConfig;
import io.flatscene.render.context.HeadlessContext;
import io.flatscene.render.image.Image;
import io.flatscene.render.target.Framebuffer;
import java.io.IOException;
import java.nio.Buffer;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
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
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.EnumSource;
import org.lwjgl.assimp.AIMatrix4x4;
import org.lwjgl.assimp.AIScene;
import org.lwjgl.system.MemoryStack;
import org.lwjgl.system.MemoryUtil;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.lwjgl.assimp.Assimp.aiImportFileFromMemory;
import static org.lwjgl.assimp.Assimp.aiReleaseImport;

/** Imports on Mesa's llvmpipe through a headless debug context, so every GL error the imports cause is counted. */
class ModelImporterTest {
    private static final int WIDTH = 320;
    private static final int HEIGHT = 240;
    private static final int ROVER_NODES = 19;
    private static final int ROVER_MESHES = 11;
    private static final int ROVER_MATERIALS = 7;
    private static final int ROVER_ITEMS = 18;

    @TempDir
    Path dir;

    private HeadlessContext context;
    private Renderer renderer;
    private Framebuffer target;
    private SceneManager scene;

    @BeforeEach
    void open() {
        open(RendererConfig.builder().debugOutput(true).build(),
                SceneConfig.builder().validation(true).build());
    }

    private void open(RendererConfig config, SceneConfig sceneConfig) {
        close();
        context = HeadlessContext.create(true);
        renderer = new Renderer(config);
        target = new Framebuffer(WIDTH, HEIGHT);
        scene = new SceneManager(sceneConfig);
    }

    @AfterEach
    void close() {
        if (scene != null) {
            scene.close();
        }
        if (target != null) {
            target.close();
            renderer.close();
            context.close();
        }
        scene = null;
        target = null;
    }

    // ---- the default model ----

    @Test
    void defaultModelKeepsItsHierarchyMeshesAndMaterials() {
        SceneNode holder = scene.rootNode().createChild("holder");
        ImportedModel model = Rover.load(renderer, scene, holder);

        assertEquals(Rover.NAME, model.name());
        assertEquals("rover", model.root().name());
        assertEquals(holder, model.root().parent());
        assertEquals(ROVER_NODES, model.nodes());
        assertEquals(ROVER_MESHES, model.meshes());
        assertEquals(ROVER_MATERIALS, model.materials());
        assertEquals(ROVER_ITEMS, model.items());
        assertEquals(ROVER_NODES, subtreeSize(model.root()));
        assertEquals(ROVER_ITEMS, scene.itemCount());
        assertEquals(ROVER_MESHES, renderer.meshes().count());
        assertEquals(ROVER_MATERIALS, renderer.materials().count());
        // rover -> chassis -> turret -> upper.arm -> forearm -> hand -> finger
        assertEquals(7, height(model.root()));
        assertEquals(List.of("hand", "forearm", "upper.arm", "turret", "chassis", "rover", "holder", "root"),
                ancestry(only("hand")));

        Set<Material> colors = new HashSet<>();
        for (int id = 0; id < renderer.materials().count(); id++) {
            colors.add(renderer.materials().get(id));
        }
        for (DefaultModelWriter.Color c : List.of(DefaultModelWriter.HULL, DefaultModelWriter.PANEL,
                DefaultModelWriter.TYRE, DefaultModelWriter.METAL, DefaultModelWriter.ARM, DefaultModelWriter.BEACON,
                DefaultModelWriter.GRIP)) {
            assertTrue(colors.stream().anyMatch(m -> near(m.red(), c.red()) && near(m.green(), c.green())
                    && near(m.blue(), c.blue()) && m.alpha() == 1f), c + " not among " + colors);
        }
        // the four wheels share one mesh and one material
        Set<Integer> wheelMeshes = new HashSet<>();
        for (String wheel : List.of("wheel.front.left", "wheel.front.right", "wheel.rear.left", "wheel.rear.right")) {
            SceneNode node = only(wheel);
            assertEquals(1, node.attachedObjectCount());
            wheelMeshes.add(((Item) node.attachedObject(0)).meshId());
            assertEquals(1, node.childCount());
        }
        assertEquals(1, wheelMeshes.size());
        assertEquals(0, only("rover").attachedObjectCount());
        scene.validate();
    }

    @Test
    void nodeTransformsMatchTheGeneratorsIncludingMatrixAndMirroredNodes() {
        ImportedModel model = Rover.load(renderer, scene, scene.rootNode());
        Map<String, DefaultModelWriter.Node> expected = DefaultModelWriter.nodesByName();
        assertEquals(expected.size(), model.nodes());
        for (DefaultModelWriter.Node node : expected.values()) {
            Matrix4f actual = localMatrix(only(node.name()));
            assertTrue(actual.equals(node.localMatrix(), 1e-4f), node.name() + ": imported " + actual
                    + " but written " + node.localMatrix());
        }
        Vector3f scale = only("finger.right").getScale(new Vector3f());
        assertTrue(scale.x < 0f && scale.y > 0f && scale.z > 0f, "mirrored finger scale " + scale);
        assertEquals(0.6f, only("beacon").getScale(new Vector3f()).y, 1e-4f);

        // world placement: the transposition of Assimp's row-major matrices shows up first in translations
        scene.updateAllTransforms();
        for (String name : List.of("hand", "beacon", "wheel.rear.right.hub", "finger.right")) {
            Matrix4f world = new Matrix4f();
            for (SceneNode n = only(name); n != null; n = n.parent()) {
                DefaultModelWriter.Node written = expected.get(n.name());
                if (written != null) {
                    world.mulLocal(written.localMatrix());
                }
            }
            Vector3f want = world.getTranslation(new Vector3f());
            Vector3f got = only(name).getWorldPosition(new Vector3f());
            assertTrue(got.distance(want) < 1e-4f, name + " at " + got + ", expected " + want);
        }
        // wheels stand on y = 0, the arm reaches forward (+Z) past the chassis
        Aabb bounds = model.bounds();
        assertEquals(0f, bounds.centerY() - bounds.halfY(), 1e-3f);
        assertTrue(bounds.centerZ() + bounds.halfZ() > 0.8f, "bounds " + bounds);
        assertEquals(0.73f, bounds.centerX() + bounds.halfX(), 1e-3f);
    }

    @ParameterizedTest
    @EnumSource(value = DrawPath.class, names = {"MULTI_DRAW_INDIRECT", "INSTANCED"})
    void defaultModelRendersInSeveralColors(DrawPath path) {
        open(RendererConfig.builder().drawPath(path).debugOutput(true).build(),
                SceneConfig.builder().validation(true).build());
        ImportedModel model = Rover.load(renderer, scene, scene.rootNode());
        Camera camera = frame(model.bounds());
        RenderStats stats = renderer.render(scene, camera, target);
        assertEquals(ROVER_ITEMS, stats.instances());
        assertEquals(0, stats.glErrors());
        Image image = Image.read(target);

        int background = image.rgba(0, 0);
        int center = 0;
        for (int y = HEIGHT * 3 / 8; y < HEIGHT * 5 / 8; y++) {
            for (int x = WIDTH * 3 / 8; x < WIDTH * 5 / 8; x++) {
                center += image.rgba(x, y) != background ? 1 : 0;
            }
        }
        assertTrue(center > WIDTH * HEIGHT / 16 * 3 / 4, center + " object pixels in the middle");
        // lit surfaces shade every color, so count color families rather than exact values
        int orange = 0;
        int blue = 0;
        int green = 0;
        int light = 0;
        for (int y = 0; y < HEIGHT; y++) {
            for (int x = 0; x < WIDTH; x++) {
                int p = image.rgba(x, y);
                int r = p >>> 24;
                int g = p >>> 16 & 0xFF;
                int b = p >>> 8 & 0xFF;
                orange += r > 2 * b && r > g + 30 && g > b + 20 ? 1 : 0;
                blue += b > r + 60 && b > g + 30 ? 1 : 0;
                green += g > r + 50 && g > b + 50 ? 1 : 0;
                light += r > 150 && g > 150 && b > 140 && Math.abs(r - b) < 40 ? 1 : 0;
            }
        }
        String counts = "orange " + orange + ", blue " + blue + ", green " + green + ", light " + light;
        assertTrue(orange > 1000, counts);
        assertTrue(blue > 100, counts);
        assertTrue(green > 10, counts);
        assertTrue(light > 200, counts);
        assertTrue(image.distinctColors() > 50, image.distinctColors() + " colors");
    }

    @Test
    void heapBufferImportsAndIsLeftAsItWas() {
        byte[] bytes = DefaultModelWriter.gltf().getBytes(StandardCharsets.UTF_8);
        ByteBuffer data = ByteBuffer.wrap(bytes);
        ImportedModel model = ModelImporter.load("rover copy", data, "GLTF", renderer, scene, scene.rootNode());
        assertEquals(ROVER_NODES, model.nodes());
        assertEquals(0, data.position());
        assertEquals(bytes.length, data.limit());
        assertRendersWithoutErrors(model);
    }

    @Test
    void binaryGltfFileImportsLikeTheEmbeddedOne() throws IOException {
        Path file = Files.write(dir.resolve("rover.glb"), DefaultModelWriter.glb());
        ImportedModel model = ModelImporter.load(file, renderer, scene, scene.rootNode());
        assertEquals(ROVER_NODES, model.nodes());
        assertEquals(ROVER_MESHES, model.meshes());
        assertEquals(ROVER_MATERIALS, model.materials());
        assertEquals(ROVER_ITEMS, model.items());
        assertEquals(file.toString(), model.name());
        assertRendersWithoutErrors(model);
    }

    @Test
    void gltfWithAnExternalBufferReadsItFromBesideTheFile() throws IOException {
        DefaultModelWriter.Document document = DefaultModelWriter.document();
        Files.write(dir.resolve("rover.bin"), document.buffer());
        Path file = write("rover.gltf", document.json("rover.bin"));
        ImportedModel model = ModelImporter.load(file, renderer, scene, scene.rootNode());
        assertEquals(ROVER_ITEMS, model.items());
        assertRendersWithoutErrors(model);

        // from memory there is no "beside": the import fails, naming the model
        ByteBuffer data = ByteBuffer.wrap(Files.readAllBytes(file));
        int meshes = renderer.meshes().count();
        int nodes = scene.nodeCount();
        ModelException e = assertThrows(ModelException.class,
                () -> ModelImporter.load("detached.gltf", data, "gltf", renderer, scene, scene.rootNode()));
        assertTrue(e.getMessage().startsWith("cannot import model 'detached.gltf': Assimp could not read it"),
                e.getMessage());
        assertEquals(meshes, renderer.meshes().count());
        assertEquals(nodes, scene.nodeCount());
        scene.validate();
    }

    @ParameterizedTest
    @CsvSource({
            "'\"alphaMode\":\"BLEND\",', 0.5, 0.5",
            "'', 0.5, 1.0",
            "'\"alphaMode\":\"OPAQUE\",', 0.5, 1.0",
            "'\"alphaMode\":\"MASK\",', 0.7, 1.0",
            "'\"alphaMode\":\"MASK\",\"alphaCutoff\":0.8,', 0.7, 0.0"})
    void gltfAlphaFollowsTheAlphaMode(String mode, float factorAlpha, float expectedAlpha) throws IOException {
        String opaque = "{\"name\":\"beacon\",\"pbrMetallicRoughness\":{\"baseColorFactor\":[0.92,0.12,0.1,1.0]";
        String gltf = DefaultModelWriter.gltf();
        assertTrue(gltf.contains(opaque));
        Path file = write("glass-beacon.gltf", gltf.replace(opaque, "{\"name\":\"beacon\"," + mode
                + "\"pbrMetallicRoughness\":{\"baseColorFactor\":[0.92,0.12,0.1," + factorAlpha + "]"));
        ModelImporter.load(file, renderer, scene, scene.rootNode());
        Item beacon = (Item) only("beacon").attachedObject(0);
        assertEquals(new Material(0.92f, 0.12f, 0.1f, expectedAlpha, 0.3f, 32f),
                renderer.materials().get(beacon.materialId()));
        assertEquals(expectedAlpha < 1f, beacon.isTransparent());
        assertFalse(((Item) only("chassis").attachedObject(0)).isTransparent());
    }

    // ---- OBJ ----

    @Test
    void objWithoutObjectsNormalsOrMaterialsImportsAsOneMesh() throws IOException {
        // a unit cube of quads, no normals (Assimp makes them)
        Path file = write("cube.obj", """
                v 0 0 0
                v 1 0 0
                v 1 1 0
                v 0 1 0
                v 0 0 1
                v 1 0 1
                v 1 1 1
                v 0 1 1
                f 1 4 3 2
                f 5 6 7 8
                f 1 2 6 5
                f 4 8 7 3
                f 1 5 8 4
                f 2 3 7 6
                """);
        SceneNode holder = scene.rootNode().createChild("holder").setPosition(5, 0, 0);
        ImportedModel model = ModelImporter.load(file, renderer, scene, holder);

        assertEquals(1, model.meshes());
        assertEquals(1, model.items());
        assertEquals(1, model.materials());
        assertEquals(model.nodes(), subtreeSize(model.root()));
        assertEquals(holder, model.root().parent());
        assertEquals(1, renderer.meshes().count());
        assertEquals(12 * 3, renderer.meshes().get(0).indexCount());
        float[] normals = renderer.meshes().get(0).normals();
        for (int i = 0; i < normals.length; i += 3) {
            float length = new Vector3f(normals[i], normals[i + 1], normals[i + 2]).length();
            assertEquals(1f, length, 1e-3f, "normal " + i / 3);
        }
        assertEquals(Aabb.ofMinMax(0, 0, 0, 1, 1, 1), model.bounds());
        Item item = scene.item(0);
        assertEquals(Aabb.ofMinMax(0, 0, 0, 1, 1, 1), item.localAabb());
        assertFalse(item.isTransparent());
        scene.validate();
        assertRendersWithoutErrors(model.items(), Aabb.ofMinMax(5, 0, 0, 6, 1, 1));
    }

    @Test
    void objMaterialLibraryGivesColorAndOpacity() throws IOException {
        write("glass.mtl", """
                newmtl red
                Kd 0.9 0.1 0.1
                newmtl glass
                Kd 0.2 0.4 1.0
                d 0.5
                """);
        Path file = write("panes.obj", """
                mtllib glass.mtl
                v 0 0 0
                v 1 0 0
                v 1 1 0
                v 0 1 0
                v 0 0 1
                v 1 0 1
                v 1 1 1
                v 0 1 1
                o solid
                usemtl red
                f 1 2 3 4
                o pane
                usemtl glass
                f 5 6 7 8
                """);
        ImportedModel model = ModelImporter.load(file, renderer, scene, scene.rootNode());
        assertEquals(2, model.meshes());
        assertEquals(2, model.items());
        assertEquals(2, model.materials());
        Item pane = (Item) only("pane").attachedObject(0);
        Material glass = renderer.materials().get(pane.materialId());
        assertEquals(new Material(0.2f, 0.4f, 1f, 0.5f, 0.3f, 32f), glass);
        assertTrue(pane.isTransparent());
        Item solid = (Item) only("solid").attachedObject(0);
        assertEquals(new Material(0.9f, 0.1f, 0.1f, 1f, 0.3f, 32f), renderer.materials().get(solid.materialId()));
        assertFalse(solid.isTransparent());
        assertRendersWithoutErrors(model);
    }

    // ---- bad input ----

    @Test
    void missingFile() {
        assertRefused(dir.resolve("nowhere.gltf"), "no such file");
    }

    @Test
    void garbageNamedGltf() throws IOException {
        assertRefused(write("garbage.gltf", "this is not { json at all ]]"),
                "its glTF JSON is not valid: line 1, column 1: expected a value");
    }

    @Test
    void emptyObj() throws IOException {
        assertRefused(write("empty.obj", ""), "Assimp could not read it");
    }

    @Test
    void objWithVerticesOnly() throws IOException {
        // Assimp's validation refuses a mesh without faces; were it read as a point cloud, it has no triangles
        assertRefused(write("points.obj", "# three points, no faces\nv 0 0 0\nv 1 0 0\nv 0 1 0\n"), "");
    }

    @Test
    void objWithLinesOnlyImportsAsLines() throws IOException {
        ImportedModel model = ModelImporter.load(write("lines.obj", "v 0 0 0\nv 1 0 0\nv 1 1 0\nl 1 2 3\n"), renderer,
                scene, scene.rootNode());
        assertEquals(1, model.items());
        // the polyline's two segments, two indices each
        assertEquals(Primitive.LINES, renderer.meshes().get(0).primitive());
        assertEquals(4, renderer.meshes().get(0).indexCount());
        assertRendersWithoutErrors(model);
    }

    @Test
    void objLinesAndPointsImportBesideItsTriangles() throws IOException {
        Path file = write("debug.obj", "v 0 0 0\nv 1 0 0\nv 1 1 0\nv 0 1 0\nf 1 2 3\nl 1 2 3 4\np 1 3\n");
        ImportedModel model = ModelImporter.load(file, renderer, scene, scene.rootNode());
        // SortByPType gives each primitive a mesh of its own, each an item on the object's node
        assertEquals(3, model.items());
        assertEquals(3, model.meshes());
        Map<Primitive, Integer> indices = new EnumMap<>(Primitive.class);
        for (int m = 0; m < renderer.meshes().count(); m++) {
            indices.put(renderer.meshes().get(m).primitive(), renderer.meshes().get(m).indexCount());
        }
        assertEquals(Map.of(Primitive.TRIANGLES, 3, Primitive.LINES, 6, Primitive.POINTS, 2), indices);
        assertRendersWithoutErrors(model);
    }

    /** glTF's line strips and loops arrive from Assimp as separate segments. */
    @ParameterizedTest
    @CsvSource({"0, POINTS, 3", "2, LINES, 6", "3, LINES, 4"})
    void gltfPointsAndLinesImportAsMeshesOfTheirPrimitive(int mode, Primitive primitive, int indices) {
        byte[] json = HostileModels.primitive(mode).getBytes(StandardCharsets.UTF_8);
        ImportedModel model = ModelImporter.load("mode " + mode, ByteBuffer.wrap(json), "gltf", renderer, scene,
                scene.rootNode());
        assertEquals(1, model.items());
        assertEquals(primitive, renderer.meshes().get(0).primitive());
        assertEquals(indices, renderer.meshes().get(0).indexCount());
        assertRendersWithoutErrors(model);
    }

    @Test
    void unsupportedExtension() throws IOException {
        assertRefused(write("model.fbx", "Kaydara FBX Binary"), "unsupported file extension 'fbx'");
    }

    @Test
    void directory() throws IOException {
        assertRefused(Files.createDirectory(dir.resolve("folder.obj")), "not a regular file");
    }

    @Test
    void garbageFromMemory() {
        ByteBuffer data = ByteBuffer.wrap("{\"asset\":{\"version\":\"2.0\"},\"nodes\":[{\"mesh\":7}]}"
                .getBytes(StandardCharsets.UTF_8));
        ModelException e = assertThrows(ModelException.class, () -> ModelImporter.load("broken in memory", data,
                "gltf", renderer, scene, scene.rootNode()));
        assertTrue(e.getMessage().contains("'broken in memory'"), e.getMessage());
        assertEquals("broken in memory", e.source());
        assertSceneUntouched(1, 0);
    }

    @Test
    void wrongParent() {
        SceneManager other = new SceneManager(SceneConfig.defaults());
        try {
            assertThrows(IllegalArgumentException.class,
                    () -> Rover.load(renderer, scene, other.rootNode()));
        } finally {
            other.close();
        }
    }

    @Test
    void failingHalfwayDestroysTheNodesAndItemsItMade() {
        open(RendererConfig.builder().debugOutput(true).build(), SceneConfig.builder().validation(true)
                .maxNodes(12).growthPolicy(GrowthPolicy.FAIL).build());
        scene.rootNode().createChild("before").attachObject(scene.createItem("before", 0, 0, Aabb.INFINITE));
        int nodes = scene.nodeCount();

        // a full scene is reported as such, naming the setting to raise, not as a fault of the model
        CapacityExceededException e = assertThrows(CapacityExceededException.class,
                () -> Rover.load(renderer, scene, scene.rootNode()));
        assertTrue(e.getMessage().contains(SceneConfig.MAX_NODES_KEY), e.getMessage());
        assertEquals(nodes, scene.nodeCount());
        assertEquals(1, scene.itemCount());
        assertEquals("before", scene.item(0).name());
        assertEquals(List.of(), scene.findNodesByName("rover"));
        scene.validate();
        // documented: what reached the renderer before the scene filled up stays registered
        assertEquals(ROVER_MESHES, renderer.meshes().count());
        assertEquals(ROVER_MATERIALS, renderer.materials().count());
    }

    @Test
    void tooFewFreeMaterialsRegistersNothing() {
        open(RendererConfig.builder().debugOutput(true).maxMaterials(4).build(),
                SceneConfig.builder().validation(true).build());
        ModelException e = assertThrows(ModelException.class,
                () -> Rover.load(renderer, scene, scene.rootNode()));
        assertTrue(e.getMessage().contains("7 materials"), e.getMessage());
        assertTrue(e.getMessage().contains(RendererConfig.MAX_MATERIALS_KEY), e.getMessage());
        assertEquals(0, renderer.meshes().count());
        assertEquals(0, renderer.materials().count());
        assertSceneUntouched(1, 0);
    }

    // ---- limits ----

    @ParameterizedTest
    @CsvSource({"deep.gltf, false", "deep.glb, true", "binary-named.gltf, true"})
    void aHierarchyDeeperThanTheLimitIsRefused(String name, boolean binary) throws IOException {
        // 10,000 levels crashed the process: Assimp recursed past the end of a 1 MiB native stack. Assimp tells
        // binary from JSON glTF by the content, so the check does too.
        String deep = HostileModels.chain(10_000, "");
        Path file = Files.write(dir.resolve(name), binary ? HostileModels.glb(deep, (byte) ' ')
                : deep.getBytes(StandardCharsets.UTF_8));
        assertRefused(file, "its node hierarchy is 10000 levels deep (down to node 9999); at most 1000 are imported");
    }

    @Test
    void aHierarchyDeeperThanTheLimitIsRefusedFromMemory() {
        ByteBuffer deep = ByteBuffer.wrap(HostileModels.chain(10_000, "").getBytes(StandardCharsets.UTF_8));
        ModelException e = assertThrows(ModelException.class, () -> ModelImporter.load("deep in memory", deep,
                "glb", renderer, scene, scene.rootNode()));
        assertEquals("cannot import model 'deep in memory': its node hierarchy is 10000 levels deep (down to node "
                + "9999); at most 1000 are imported", e.getMessage());
        assertSceneUntouched(1, 0);
    }

    @Test
    void aHierarchyAsDeepAsTheLimitImportsWhole() throws IOException {
        String named = "\"name\":\"link\",\"translation\":[0,0.01,0]";
        ImportedModel model = ModelImporter.load(write("limit.gltf", HostileModels.chain(ModelImporter.MAX_DEPTH,
                named)), renderer, scene, scene.rootNode());
        assertEquals(1, model.items());
        assertEquals(model.nodes(), subtreeSize(model.root()));
        assertTrue(height(model.root()) >= ModelImporter.MAX_DEPTH, "height " + height(model.root()));
        scene.updateAllTransforms();
        SceneNode tip = scene.item(0).parentNode();
        assertEquals(ModelImporter.MAX_DEPTH * 0.01f, tip.getWorldPosition(new Vector3f()).y, 1e-3f);
        scene.validate();
    }

    @Test
    void theImportThreadHoldsTenTimesTheLimitAndTheReaderNeedsNoStackPerLevel() throws Exception {
        ByteBuffer deep = MemoryUtil.memUTF8(HostileModels.chain(10 * ModelImporter.MAX_DEPTH, ""), false);
        try {
            // past the check, straight into Assimp, which recurses some 430 bytes a level: 4 MiB here
            long imported = ImportThread.call(() -> aiImportFileFromMemory(deep, 0, "gltf").address());
            try {
                int[] nodes = new int[1];
                // a Java recursion over 10,000 levels would overflow so small a stack
                Thread reader = new Thread(null, () -> nodes[0] = ModelReader.read("deep", "deep",
                        AIScene.create(imported), null).nodes().size(), "small stack", 256 << 10);
                reader.start();
                reader.join();
                assertTrue(nodes[0] >= 10 * ModelImporter.MAX_DEPTH, nodes[0] + " nodes read");
            } finally {
                ImportThread.call(() -> {
                    aiReleaseImport(AIScene.create(imported));
                    return null;
                });
            }
        } finally {
            MemoryUtil.memFree((Buffer) deep);
        }
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "v 3e38 3e38 3e38| mesh 'far.obj/defaultobject' has vertex 0 at (3.0E38, 3.0E38, 3.0E38); coordinates "
                    + "must be finite and at most 1.0E15 from the origin",
            "v -3e38 0 0| mesh 'far.obj/defaultobject' has vertex 0 at (-3.0E38, 0.0, 0.0); coordinates must be "
                    + "finite and at most 1.0E15 from the origin",
            "v 0 nan 0| mesh 'far.obj/defaultobject' has vertex 0 at (0.0, NaN, 0.0); coordinates must be finite "
                    + "and at most 1.0E15 from the origin",
            "v 0 0 -inf| mesh 'far.obj/defaultobject' has vertex 0 at (0.0, 0.0, -Infinity); coordinates must be "
                    + "finite and at most 1.0E15 from the origin",
            "v 0 0 1e20| mesh 'far.obj/defaultobject' has vertex 0 at (0.0, 0.0, 1.0"})
    void verticesBeyondTheCoordinateLimitAreRefused(String farVertex, String reason) throws IOException {
        // a mesh from -3e38 to 3e38 is wider than a float: its bounds overflowed into a NaN box and an
        // IllegalArgumentException from deep inside the import
        assertRefused(write("far.obj", farVertex + "\nv 1 0 0\nv 0 1 0\nf 1 2 3\n"), reason);
    }

    @Test
    void verticesAtTheCoordinateLimitImportWithFiniteBounds() throws IOException {
        ImportedModel model = ModelImporter.load(write("wide.obj", "v -1e15 0 0\nv 1e15 0 0\nv 0 1e15 0\nf 1 2 3\n"),
                renderer, scene, scene.rootNode());
        assertTrue(Float.isFinite(model.bounds().halfX()), model.bounds().toString());
        assertEquals(1e15f, model.bounds().halfX(), 1e9f);
    }

    @Test
    void nodesThatPlaceAMeshBeyondTheLimitAreRefused() throws IOException {
        // each scale is fine; the two together put the triangle 1e20 out
        assertRefused(write("stretched.gltf", HostileModels.chain(2, "\"scale\":[1e10,1e10,1e10]")),
                "node 'nodes[1]' places mesh 'stretched.gltf/meshes[0]' between (0.0, 0.0, 0.0) and (1.0E20, 1.0E20, "
                        + "0.0); "
                        + "coordinates must be finite and at most 1.0E15 from the origin");
    }

    @Test
    void aNodeWithoutAFiniteTransformIsRefused() throws IOException {
        assertRefused(write("infinite.gltf", HostileModels.chain(1, "\"translation\":[1e39,0,0]")),
                "node 'nodes[0]' has a transform a float cannot hold (translation (Infinity, NaN, NaN), scale (1.0, "
                        + "1.0, 1.0))");
    }

    // ---- transform conversion ----

    @Test
    void decomposeRecoversTranslationRotationAndScale() {
        Quaternionf rotation = new Quaternionf().rotateXYZ(0.3f, -1.1f, 2.0f);
        Matrix4f matrix = new Matrix4f().translationRotateScale(1, -2, 3, rotation.x, rotation.y, rotation.z,
                rotation.w, 2f, 0.5f, 3f);
        Vector3f t = new Vector3f();
        Quaternionf r = new Quaternionf();
        Vector3f s = new Vector3f();
        ModelReader.decompose(matrix, t, r, s);
        assertTrue(t.equals(new Vector3f(1, -2, 3), 1e-5f), t.toString());
        assertTrue(s.equals(new Vector3f(2f, 0.5f, 3f), 1e-5f), s.toString());
        assertEquals(1f, r.lengthSquared(), 1e-5f);
        assertTrue(new Matrix4f().translationRotateScale(t, r, s).equals(matrix, 1e-5f));

        Matrix4f mirrored = new Matrix4f(matrix).scale(-1f, 1f, 1f);
        ModelReader.decompose(mirrored, t, r, s);
        assertTrue(s.x < 0f, s.toString());
        assertTrue(new Matrix4f().translationRotateScale(t, r, s).equals(mirrored, 1e-5f));

        ModelReader.decompose(new Matrix4f().scaling(0f, 1f, 1f), t, r, s);
        assertEquals(new Quaternionf(), r);
    }

    @Test
    void assimpMatricesAreTransposedIntoJoml() {
        try (MemoryStack stack = MemoryStack.stackPush()) {
            AIMatrix4x4 m = AIMatrix4x4.calloc(stack);
            // row-major: a rotation of 90 degrees about Z, then a move to (4, 5, 6)
            m.a1(0f).a2(-1f).a3(0f).a4(4f)
                    .b1(1f).b2(0f).b3(0f).b4(5f)
                    .c1(0f).c2(0f).c3(1f).c4(6f)
                    .d1(0f).d2(0f).d3(0f).d4(1f);
            Matrix4f joml = ModelReader.toJoml(m, new Matrix4f());
            assertEquals(new Vector3f(4, 5, 6), joml.getTranslation(new Vector3f()));
            Vector3f x = joml.transformDirection(new Vector3f(1, 0, 0));
            assertTrue(x.equals(new Vector3f(0, 1, 0), 1e-6f), "X axis goes to " + x);
        }
    }

    // ---- helpers ----

    private Path write(String name, String text) throws IOException {
        return Files.writeString(dir.resolve(name), text, StandardCharsets.UTF_8);
    }

    private void assertRefused(Path file, String reason) {
        SceneNode holder = scene.rootNode().createChild("holder");
        ModelException e = assertThrows(ModelException.class,
                () -> ModelImporter.load(file, renderer, scene, holder));
        assertTrue(e.getMessage().contains(file.getFileName().toString()), e.getMessage());
        assertTrue(e.getMessage().contains(reason), e.getMessage());
        assertEquals(file.toString(), e.source());
        assertEquals(0, holder.childCount());
        assertSceneUntouched(2, 0);
    }

    /** The scene holds {@code nodes} nodes, the root included, and {@code items} items; the renderer nothing. */
    private void assertSceneUntouched(int nodes, int items) {
        scene.validate();
        assertEquals(nodes, scene.nodeCount());
        assertEquals(items, scene.itemCount());
        assertEquals(0, renderer.meshes().count());
        assertEquals(0, renderer.materials().count());
    }

    /** For a model imported under the root, whose bounds are in world space. */
    private void assertRendersWithoutErrors(ImportedModel model) {
        assertRendersWithoutErrors(model.items(), model.bounds());
    }

    private void assertRendersWithoutErrors(int items, Aabb worldBounds) {
        RenderStats stats = renderer.render(scene, frame(worldBounds), target);
        assertEquals(items, stats.instances());
        assertEquals(0, stats.glErrors());
    }

    /** A camera looking at {@code bounds} from the front right and above, close enough that they fill the view. */
    private Camera frame(Aabb bounds) {
        Vector3f center = new Vector3f(bounds.centerX(), bounds.centerY(), bounds.centerZ());
        float radius = new Vector3f(bounds.halfX(), bounds.halfY(), bounds.halfZ()).length();
        float fovY = (float) Math.toRadians(45);
        Vector3f eye = new Vector3f(-0.8f, 0.7f, 1f).normalize().mul(radius / (float) Math.sin(fovY / 2) * 0.9f)
                .add(center);
        Camera camera = scene.createCamera("viewer");
        camera.setPerspective(fovY, radius * 0.05f, radius * 20f).setViewport(WIDTH, HEIGHT);
        scene.rootNode().createChild("viewer").setPosition(eye).lookAt(center, Space.PARENT).attachObject(camera);
        Light sun = scene.createLight("sun", Light.Type.DIRECTIONAL).setColor(0.9f, 0.88f, 0.85f);
        scene.rootNode().createChild("sun").yaw(-0.5f, Space.LOCAL).pitch(-0.9f, Space.LOCAL).attachObject(sun);
        return camera;
    }

    private SceneNode only(String name) {
        List<SceneNode> found = scene.findNodesByName(name);
        assertEquals(1, found.size(), "nodes named " + name);
        return found.get(0);
    }

    private static Matrix4f localMatrix(SceneNode node) {
        return new Matrix4f().translationRotateScale(node.getPosition(new Vector3f()),
                node.getOrientation(new Quaternionf()), node.getScale(new Vector3f()));
    }

    private static List<String> ancestry(SceneNode node) {
        List<String> names = new ArrayList<>();
        for (SceneNode n = node; n != null; n = n.parent()) {
            names.add(n.name());
        }
        return names;
    }

    private static int subtreeSize(SceneNode node) {
        int size = 1;
        for (int c = 0; c < node.childCount(); c++) {
            size += subtreeSize(node.child(c));
        }
        return size;
    }

    private static int height(SceneNode node) {
        int deepest = 0;
        for (int c = 0; c < node.childCount(); c++) {
            deepest = Math.max(deepest, height(node.child(c)));
        }
        return deepest + 1;
    }

    private static boolean near(float a, float b) {
        return Math.abs(a - b) < 1e-5f;
    }
}
