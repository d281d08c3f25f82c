package io.flatscene.assets;

import io.flatscene.core.container.CapacityExceededException;
import io.flatscene.core.scene.Item;
import io.flatscene.core.scene.SceneManager;
import io.flatscene.core.scene.SceneNode;
import io.flatscene.render.Material;
import io.flatscene.render.Mesh;
import io.flatscene.render.Renderer;
import io.flatscene.render.RendererConfig;
import java.io.IOException;
import java.nio.Buffer;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.function.Supplier;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;
import org.lwjgl.assimp.AIScene;
import org.lwjgl.system.MemoryUtil;

import static org.lwjgl.assimp.Assimp.aiGetErrorString;
import static org.lwjgl.assimp.Assimp.aiImportFile;
import static org.lwjgl.assimp.Assimp.aiImportFileFromMemory;
import static org.lwjgl.assimp.Assimp.aiProcess_FlipUVs;
import static org.lwjgl.assimp.Assimp.aiProcess_GenSmoothNormals;
import static org.lwjgl.assimp.Assimp.aiProcess_JoinIdenticalVertices;
import static org.lwjgl.assimp.Assimp.aiProcess_SortByPType;
import static org.lwjgl.assimp.Assimp.aiProcess_Triangulate;
import static org.lwjgl.assimp.Assimp.aiProcess_ValidateDataStructure;
import static org.lwjgl.assimp.Assimp.aiReleaseImport;

/**
 * Imports glTF 2.0 ({@code .gltf}, {@code .glb}) and Wavefront OBJ models through Assimp into a scene: each node of
 * the model becomes a {@link SceneNode} with the node's translation, rotation and scale, each mesh a
 * {@link Mesh} in the renderer, each color a {@link Material}, each image a texture in the renderer's
 * {@link io.flatscene.render.TextureRegistry}, and each mesh a node uses an {@link Item} attached to it.
 *
 * <p>What is kept: triangle geometry with positions, normals (smooth ones are made where the file has none) and the
 * first set of texture coordinates; lines and points (glTF's line strips and loops arrive from Assimp as lines; OBJ's
 * {@code l} and {@code p}) as meshes of {@link io.flatscene.render.Primitive#LINES} and
 * {@link io.flatscene.render.Primitive#POINTS}, with positions, and normals facing up where the file has none; the
 * diffuse or base color with its opacity; the base colour (OBJ's {@code map_Kd}), normal and emissive textures, read
 * from files next to the model or from images embedded in it (glTF buffer views and data URIs); and the hierarchy.
 * Vertex colors, skins, animations, lights and cameras are not, nor the texture coordinates of lines and points, and
 * a shear in a node's matrix, which a translation-rotation-scale node cannot hold, is lost. A model read from memory
 * can only use embedded images.
 *
 * <p>Everything is read and checked, and the renderer's free material ids counted, before the scene or the
 * renderer is touched, so a bad file changes neither; an image is checked as far as its header there, and decoded
 * by the renderer. If the import fails after that (the scene runs out of room for the nodes, or the renderer
 * refuses a mesh or an image), the nodes and items made so far are destroyed again, but the meshes, textures and
 * materials already registered with the renderer stay, because its registries cannot remove one: they are left
 * unused, and cost their memory until the renderer closes.
 *
 * <p>Limits, so that a broken or hostile file ends in a {@link ModelException}, never in a crash or a corrupt
 * scene:
 * <ul>
 *   <li>a glTF file's node hierarchy, and the nesting of the arrays and objects in its JSON, are at most
 *       {@link #MAX_DEPTH} levels deep, and its nodes form trees (no cycles, one parent each, children that exist).
 *       This is checked on the file's JSON before Assimp reads it, because Assimp recurses once per level on the
 *       native stack, where running out kills the process. An OBJ file has no hierarchy to speak of;</li>
 *   <li>vertex positions, and each mesh's box where its nodes place it, are finite and at most
 *       {@link #MAX_COORDINATE} from the origin on each axis, so that bounds and the scene's products of
 *       coordinates (squared distances, projections) cannot overflow a float;</li>
 *   <li>node transforms are finite, and the model makes at most {@link #MAX_ITEMS} items.</li>
 * </ul>
 * Assimp itself runs on a thread of its own with a 16 MiB stack, which holds far deeper hierarchies than
 * {@link #MAX_DEPTH} (over 38,000 levels measured; 1 MiB, a thread's default, holds about 2,400), and nothing in this
 * importer recurses over the hierarchy.
 *
 * <p>Like the renderer, an import must run on the renderer's thread, with its context current, and before the
 * renderer is closed. The renderer judges that when the import first reaches it, after the file was read: one that
 * refuses ends the import in a {@link ModelException} with the renderer's reason, the scene untouched.
 */
public final class ModelImporter {
    private static final Logger LOG = LogManager.getLogger(ModelImporter.class);

    /**
     * The file extensions, and format hints of the import from memory, this importer accepts: the formats whose
     * materials it knows how to read (Assimp reads many more).
     */
    public static final Set<String> FORMATS = Set.of("gltf", "glb", "obj");

    /**
     * The deepest node hierarchy, and JSON nesting, a glTF file may have: thousands of times what models need (an
     * animated character's skeleton has tens of levels), and a small part of what Assimp's stack holds.
     */
    public static final int MAX_DEPTH = 1_000;

    /**
     * How far from the origin, on each axis, a vertex may lie where its node places it. The square of this times a
     * few hundred million is still a float, so neither bounds nor squared distances overflow.
     */
    public static final double MAX_COORDINATE = 1e15;

    /**
     * The most items one model may make (one for each mesh each node uses). A file can name a mesh of thousands of
     * parts from thousands of nodes, so a few kilobytes could otherwise ask for billions of items.
     */
    public static final int MAX_ITEMS = 1_000_000;

    /**
     * Triangulate first so that SortByPType leaves points and lines in meshes of their own, one primitive a mesh;
     * JoinIdenticalVertices makes the indexed meshes the renderer wants from formats without indices; FlipUVs puts
     * the texture coordinates' origin at the image's top-left corner, as glTF and the renderer have it (Assimp turns
     * every format's to OpenGL's bottom-left); validation turns a broken file into an error message instead of a
     * crash.
     */
    private static final int POST_PROCESSING = aiProcess_Triangulate | aiProcess_GenSmoothNormals
            | aiProcess_JoinIdenticalVertices | aiProcess_SortByPType | aiProcess_FlipUVs
            | aiProcess_ValidateDataStructure;

    private ModelImporter() {
    }

    /**
     * Imports the model in {@code file} under {@code parent}.
     *
     * @param file     a {@code .gltf}, {@code .glb} or {@code .obj} file; the files it names (buffers, material
     *                 libraries, images) are looked up beside it
     * @param renderer the renderer that takes the model's meshes, materials and textures; its context current
     * @param scene    the scene that takes the model's nodes and items
     * @param parent   the node of {@code scene} the model's root is made a child of
     * @return what the import made
     * @throws ModelException             naming the file and the reason when it is missing, unreadable, not a
     *                                    {@link #FORMATS supported format}, not a valid model, breaks one of the
     *                                    limits above, holds nothing to draw, or does not fit in the renderer
     * @throws CapacityExceededException  when the scene fills up under the FAIL growth policy (naming the setting);
     *                                    what the import had made is gone again
     * @throws IllegalArgumentException   if {@code parent} belongs to another scene
     * @throws IllegalStateException      if {@code parent} was destroyed or the scene closed
     */
    public static ImportedModel load(Path file, Renderer renderer, SceneManager scene, SceneNode parent) {
        Objects.requireNonNull(file, "file");
        checkTargets(renderer, scene, parent);
        String source = file.toString();
        if (!Files.exists(file)) {
            throw new ModelException(source, "no such file");
        }
        if (!Files.isRegularFile(file)) {
            throw new ModelException(source, "not a regular file");
        }
        if (!Files.isReadable(file)) {
            throw new ModelException(source, "the file is not readable");
        }
        String name = file.getFileName().toString();
        int dot = name.lastIndexOf('.');
        String format = checkFormat(source, dot < 0 ? "" : name.substring(dot + 1), "file extension");
        long start = System.nanoTime();
        if (!format.equals("obj")) {
            checkGltfFile(source, file);
        }
        Path absolute = file.toAbsolutePath();
        String path = absolute.toString();
        ModelData model = read(source, name, absolute.getParent(), () -> aiImportFile(path, POST_PROCESSING));
        return build(source, model, renderer, scene, parent, start);
    }

    /**
     * Imports a model held in memory, such as a resource, under {@code parent}. Only self-contained files can be
     * read this way: a {@code .gltf} whose buffers are data URIs, a {@code .glb}, an OBJ without a material library.
     *
     * @param name       names the model in messages and in its meshes' names
     * @param data       the file's bytes, from its position to its limit; left as it was
     * @param formatHint the file extension the data would have: one of {@link #FORMATS}
     * @param renderer   the renderer that takes the model's meshes, materials and textures; its context current
     * @param scene      the scene that takes the model's nodes and items
     * @param parent     the node of {@code scene} the model's root is made a child of
     * @return what the import made
     * @throws ModelException as {@link #load(Path, Renderer, SceneManager, SceneNode)}, naming {@code name}
     */
    public static ImportedModel load(String name, ByteBuffer data, String formatHint, Renderer renderer,
                                     SceneManager scene, SceneNode parent) {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(data, "data");
        Objects.requireNonNull(formatHint, "formatHint");
        checkTargets(renderer, scene, parent);
        String format = checkFormat(name, formatHint, "format hint");
        if (!data.hasRemaining()) {
            throw new ModelException(name, "no data (0 bytes)");
        }
        long start = System.nanoTime();
        if (!format.equals("obj")) {
            GltfCheck.check(name, data);
        }
        // Assimp reads native memory; a heap buffer is copied out for the length of the call
        ByteBuffer copy = data.isDirect() ? null : MemoryUtil.memAlloc(data.remaining()).put(data.duplicate()).flip();
        try {
            ByteBuffer bytes = copy != null ? copy : data;
            ModelData model = read(name, name, null, () -> aiImportFileFromMemory(bytes, POST_PROCESSING, format));
            return build(name, model, renderer, scene, parent, start);
        } finally {
            // memFree(Buffer): LWJGL 3.3.3 has no memFree(ByteBuffer), which 3.4 added
            MemoryUtil.memFree((Buffer) copy);
        }
    }

    private static void checkTargets(Renderer renderer, SceneManager scene, SceneNode parent) {
        Objects.requireNonNull(renderer, "renderer");
        Objects.requireNonNull(scene, "scene");
        Objects.requireNonNull(parent, "parent");
        if (parent.scene() != scene) {
            throw new IllegalArgumentException("cannot import a model under " + parent + ": it belongs to another "
                    + "scene");
        }
        if (!parent.isAlive()) {
            // a closed scene's nodes read as destroyed, but the caller's mistake is the scene, not the node
            throw new IllegalStateException("cannot import a model under " + parent + ": "
                    + (isClosed(scene) ? "its scene was closed" : "it was destroyed"));
        }
    }

    /** A scene tells that it was closed only by refusing calls; its root, never destroyed, is readable until then. */
    private static boolean isClosed(SceneManager scene) {
        try {
            scene.rootNode();
            return false;
        } catch (IllegalStateException e) {
            return true;
        }
    }

    /** Mapped, not read: a binary glTF's JSON is a small part of it, and only the pages read are loaded. */
    private static void checkGltfFile(String source, Path file) {
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ)) {
            long size = channel.size();
            if (size > Integer.MAX_VALUE) {
                throw new ModelException(source, "it is " + size + " bytes long; a glTF file is read up to 2 GiB");
            }
            GltfCheck.check(source, channel.map(FileChannel.MapMode.READ_ONLY, 0, size));
        } catch (IOException e) {
            throw new ModelException(source, "cannot read it: " + e, e);
        }
    }

    private static String checkFormat(String source, String format, String what) {
        String lower = format.toLowerCase(Locale.ROOT);
        if (!FORMATS.contains(lower)) {
            throw new ModelException(source, "unsupported " + what + " '" + format + "'; supported: "
                    + String.join(", ", FORMATS.stream().sorted().toList()));
        }
        return lower;
    }

    // ---- building ----

    /**
     * Assimp's part, on the import thread: its scene is read into Java memory and released there, since releasing
     * recurses over the hierarchy too.
     */
    private static ModelData read(String source, String label, Path directory, Supplier<AIScene> assimp) {
        return ImportThread.call(() -> {
            AIScene imported = assimp.get();
            if (imported == null) {
                throw new ModelException(source, "Assimp could not read it: " + aiGetErrorString());
            }
            try {
                return ModelReader.read(source, label, imported, directory);
            } finally {
                aiReleaseImport(imported);
            }
        });
    }

    private static ImportedModel build(String source, ModelData model, Renderer renderer, SceneManager scene,
                                       SceneNode parent, long start) {
        Mesh[] meshes = model.meshes();
        int[] materialIds;
        int[] meshIds = new int[meshes.length];
        int meshCount = 0;
        int[] textureIds;
        try {
            textureIds = registerTextures(renderer, model.textures());
            materialIds = registerMaterials(source, renderer, model.materials(), textureIds);
            for (int m = 0; m < meshes.length; m++) {
                meshIds[m] = meshes[m] != null ? renderer.meshes().add(meshes[m]) : -1;
                meshCount += meshes[m] != null ? 1 : 0;
            }
        } catch (ModelException e) {
            throw e;
        } catch (RuntimeException e) {
            throw new ModelException(source, "the renderer refused it: " + e.getMessage(), e);
        }
        ImportedModel imported = createNodes(source, model, meshIds, materialIds, scene, parent, meshCount,
                textureIds.length);
        LOG.info("imported model '{}': {} nodes, {} meshes, {} materials, {} textures, {} items in {} ms", source,
                imported.nodes(), imported.meshes(), imported.materials(), imported.textures(), imported.items(),
                String.format(Locale.ROOT, "%.1f", (System.nanoTime() - start) / 1e6));
        return imported;
    }

    /** Loads each image into the renderer's textures; the renderer's ids, by the model's texture index. */
    private static int[] registerTextures(Renderer renderer, List<ModelData.Texture> textures) {
        int[] ids = new int[textures.size()];
        for (int t = 0; t < ids.length; t++) {
            ModelData.Texture texture = textures.get(t);
            ids[t] = renderer.textures().load(texture.name(), texture.encoded(), texture.colorSpace());
        }
        return ids;
    }

    /**
     * Registers each distinct material once, its textures turned into the renderer's ids, after checking they all
     * fit: a model that cannot have all its colors must not take the last free material ids from the rest of the
     * application.
     */
    private static int[] registerMaterials(String source, Renderer renderer, Material[] modelMaterials,
                                           int[] textureIds) {
        Material[] byMesh = new Material[modelMaterials.length];
        for (int m = 0; m < byMesh.length; m++) {
            Material material = modelMaterials[m];
            byMesh[m] = material == null ? null : material.withBaseColorTexture(id(material.baseColorTexture(),
                    textureIds)).withNormalTexture(id(material.normalTexture(), textureIds))
                    .withEmissiveTexture(id(material.emissiveTexture(), textureIds));
        }
        Map<Material, Integer> distinct = new LinkedHashMap<>();
        for (Material material : byMesh) {
            if (material != null) {
                distinct.putIfAbsent(material, -1);
            }
        }
        int free = renderer.materials().capacity() - renderer.materials().count();
        if (distinct.size() > free) {
            throw new ModelException(source, "it needs " + distinct.size() + " materials but the renderer has "
                    + free + " of " + renderer.materials().capacity() + " free; raise "
                    + RendererConfig.MAX_MATERIALS_KEY);
        }
        distinct.replaceAll((material, id) -> renderer.materials().add(material));
        int[] ids = new int[byMesh.length];
        for (int m = 0; m < byMesh.length; m++) {
            ids[m] = byMesh[m] == null ? -1 : distinct.get(byMesh[m]);
        }
        return ids;
    }

    private static int id(int modelTexture, int[] textureIds) {
        return modelTexture == Material.NO_TEXTURE ? Material.NO_TEXTURE : textureIds[modelTexture];
    }

    /** In the order of {@link ModelData#nodes()}, where each node's parent was made before it. */
    private static ImportedModel createNodes(String source, ModelData model, int[] meshIds, int[] materialIds,
                                             SceneManager scene, SceneNode parent, int meshCount, int textures) {
        Mesh[] meshes = model.meshes();
        List<SceneNode> created = new ArrayList<>(model.nodes().size());
        List<Item> items = new ArrayList<>();
        try {
            for (ModelData.Node node : model.nodes()) {
                SceneNode made = (node.parent() < 0 ? parent : created.get(node.parent())).createChild(node.name());
                created.add(made);
                made.setPosition(node.translation()).setOrientation(node.rotation()).setScale(node.scale());
                for (int mesh : node.meshes()) {
                    Item item = scene.createItem(meshes[mesh].name(), meshIds[mesh], materialIds[mesh],
                            meshes[mesh].bounds());
                    items.add(item);
                    item.setTransparent(model.materials()[mesh].alpha() < 1f);
                    made.attachObject(item);
                }
            }
        } catch (RuntimeException e) {
            undo(created, items, scene, e);
            // a full scene is the scene's limit, not the model's fault: the caller needs the setting it names
            if (e instanceof ModelException || e instanceof CapacityExceededException) {
                throw e;
            }
            throw new ModelException(source, "building its nodes failed: " + e.getMessage(), e);
        }
        int materialCount = (int) Arrays.stream(materialIds).filter(id -> id >= 0).distinct().count();
        return new ImportedModel(source, created.get(0), created.size(), meshCount, materialCount, textures,
                items.size(), model.bounds());
    }

    /**
     * Destroying the model's root takes its subtree, but only detaches items, which go one by one. Each step is
     * tried on its own so that one failure leaves as little behind as possible; failures ride along on the cause.
     */
    private static void undo(List<SceneNode> created, List<Item> items, SceneManager scene, RuntimeException cause) {
        for (Item item : items) {
            try {
                if (item.isAlive()) {
                    scene.destroyItem(item);
                }
            } catch (RuntimeException e) {
                cause.addSuppressed(e);
            }
        }
        try {
            if (!created.isEmpty() && created.get(0).isAlive()) {
                scene.destroySceneNode(created.get(0));
            }
        } catch (RuntimeException e) {
            cause.addSuppressed(e);
        }
    }
}
