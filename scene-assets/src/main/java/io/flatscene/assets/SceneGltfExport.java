package io.flatscene.assets;

import io.flatscene.core.scene.Item;
import io.flatscene.core.scene.MovableObject;
import io.flatscene.core.scene.SceneManager;
import io.flatscene.core.scene.SceneNode;
import io.flatscene.render.Material;
import io.flatscene.render.Mesh;
import io.flatscene.render.Primitive;
import io.flatscene.render.Renderer;
import io.flatscene.render.TextureRegistry;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import org.joml.Quaternionf;
import org.joml.Vector3f;

/**
 * Writes a scene's graph with its renderer's meshes, materials and textures as glTF 2.0: a {@code .gltf} JSON file
 * and its {@code .bin} buffer beside it, which holds the vertex data and the textures' images as PNG (glTF images
 * in buffer views), so the two files are the whole model.
 *
 * <p>Every node under the root, depth first in child order, becomes a glTF node with its name and local translation,
 * rotation and scale. A node's attached items become its glTF mesh, one primitive per item in attachment order,
 * which is how {@link ModelImporter} turns a glTF node back into a scene node with its items: nodes with the same
 * items' meshes and materials share one glTF mesh, and each renderer mesh's vertex data is written once, whatever
 * the number of primitives reading it. A primitive has the mesh's positions, normals, texture coordinates, tangents
 * and colours where it has them (normals and tangents scaled to length 1, as glTF requires), its indices and its
 * {@link Primitive} as glTF's mode. Detached nodes, detached
 * items, lights and cameras are not exported; node and item tags and item names go in the node's {@code extras}.
 *
 * <p>A material becomes glTF's metallic-roughness material: its base colour and opacity as {@code baseColorFactor}
 * (with alpha mode BLEND below full opacity), its base colour, normal and emissive textures, not metallic, and a
 * roughness of {@code sqrt(2 / (shininess + 2))}, the usual match of a Blinn-Phong exponent; its emission times its
 * base colour (or, with an emissive texture, the emission alone) as {@code emissiveFactor}, clamped to 1 as glTF
 * requires; its specular, shininess and emission as they are in the material's {@code extras}. Textures are read
 * back from the GPU ({@link TextureRegistry#pixels}) and written losslessly, with the renderer's sampling: repeat,
 * linear, mipmapped.
 *
 * <p>Written directly, not through Assimp's exporter: {@code aiExportScene} takes an {@code aiScene} that the caller
 * builds in native memory node by node and frees by hand, since Assimp did not allocate it; from Java through
 * LWJGL's struct setters that is several times the code of this JSON, with native ownership to get right. The
 * output is checked by reading it back through {@link ModelImporter}.
 */
public final class SceneGltfExport {
    private static final int FLOAT = 5_126;
    private static final int UNSIGNED_SHORT = 5_123;
    private static final int UNSIGNED_INT = 5_125;
    /** glTF's sampler values: the renderer's texture arrays repeat, and filter linearly between mipmaps. */
    private static final int LINEAR = 9_729;
    private static final int LINEAR_MIPMAP_LINEAR = 9_987;
    private static final int REPEAT = 10_497;
    /** The largest vertex count whose indices fit an unsigned short below 65535, which glTF reserves. */
    private static final int SHORT_INDEXED_VERTICES = 65_535;

    private final SceneManager scene;
    private final Renderer renderer;
    private final GltfBuffer buffer = new GltfBuffer();
    private final StringBuilder accessors = new StringBuilder();
    private int accessorCount;
    /** By renderer mesh id: the primitive JSON's attributes, indices and mode, without its material. */
    private final Map<Integer, String> primitives = new LinkedHashMap<>();
    /** By the (mesh id, material id) pairs of a node's items: the glTF mesh's index. */
    private final Map<List<Long>, Integer> meshes = new LinkedHashMap<>();
    private final StringBuilder meshJson = new StringBuilder();
    /** By renderer material id: the glTF material's index. */
    private final Map<Integer, Integer> materials = new LinkedHashMap<>();
    private final StringBuilder materialJson = new StringBuilder();
    /** By renderer texture id: the glTF texture's index, each with an image of the same index. */
    private final Map<Integer, Integer> textures = new LinkedHashMap<>();
    private final StringBuilder imageJson = new StringBuilder();

    private SceneGltfExport(SceneManager scene, Renderer renderer) {
        this.scene = scene;
        this.renderer = renderer;
    }

    /**
     * Writes the scene's graph, with each item's mesh and material from {@code renderer}, to {@code gltf} and its
     * buffer to the same name with {@code .bin} in place of the extension, replacing both if they exist.
     *
     * @param scene    an open scene, not in a frame
     * @param renderer the renderer whose registries hold the items' meshes, materials and textures; open, on its
     *                 thread with its context current where a material has a texture, which is read back from the
     *                 GPU (meshes and materials are read anywhere)
     * @param gltf     the JSON file to write, named {@code *.gltf}
     * @throws IOException              if a file cannot be written
     * @throws IllegalArgumentException if {@code gltf} does not end in {@code .gltf}, or an item's mesh or material
     *                                  id, or a material's texture id, is not registered with {@code renderer}
     *                                  (naming the item or material)
     * @throws IllegalStateException    if the scene was closed, or when a texture is read back, as the renderer's
     *                                  calls: after it was closed, off its thread or without its context
     */
    public static void write(SceneManager scene, Renderer renderer, Path gltf) throws IOException {
        Objects.requireNonNull(scene, "scene");
        Objects.requireNonNull(renderer, "renderer");
        Objects.requireNonNull(gltf, "gltf");
        // a file system's root has no file name
        String fileName = Objects.toString(gltf.getFileName(), "");
        if (!fileName.endsWith(".gltf")) {
            throw new IllegalArgumentException("glTF export " + gltf + ": the file name must end in .gltf");
        }
        String binName = fileName.substring(0, fileName.length() - ".gltf".length()) + ".bin";
        SceneGltfExport export = new SceneGltfExport(scene, renderer);
        String json = export.json(binName);
        Files.write(gltf.resolveSibling(binName), export.buffer.bytes());
        Files.writeString(gltf, json, StandardCharsets.UTF_8);
    }

    /** Node indices are given depth first, a node before its children. */
    private String json(String binName) {
        List<SceneNode> order = new ArrayList<>();
        Map<SceneNode, Integer> index = new LinkedHashMap<>();
        Deque<SceneNode> walk = new ArrayDeque<>();
        walk.push(scene.rootNode());
        while (!walk.isEmpty()) {
            SceneNode next = walk.pop();
            index.put(next, order.size());
            order.add(next);
            for (int c = next.childCount() - 1; c >= 0; c--) {
                walk.push(next.child(c));
            }
        }
        StringBuilder nodes = new StringBuilder(160 * order.size());
        Vector3f vector = new Vector3f();
        Quaternionf rotation = new Quaternionf();
        for (int i = 0; i < order.size(); i++) {
            nodes.append(i == 0 ? "{" : ",{");
            appendNode(nodes, order.get(i), index, vector, rotation);
            nodes.append('}');
        }
        byte[] bin = buffer.bytes();
        StringBuilder out = new StringBuilder(512 + nodes.length() + meshJson.length() + accessors.length());
        out.append("{\"asset\":{\"version\":\"2.0\",\"generator\":\"FlatScene SceneGltfExport\"},\"scene\":0,")
                .append("\"scenes\":[{\"nodes\":[0]}],\"nodes\":[").append(nodes).append(']');
        section(out, "meshes", meshJson);
        section(out, "materials", materialJson);
        if (!textures.isEmpty()) {
            StringBuilder list = new StringBuilder();
            for (int t = 0; t < textures.size(); t++) {
                list.append(t == 0 ? "" : ",").append("{\"sampler\":0,\"source\":").append(t).append('}');
            }
            section(out, "textures", list);
            section(out, "images", imageJson);
            out.append(",\"samplers\":[{\"magFilter\":").append(LINEAR).append(",\"minFilter\":")
                    .append(LINEAR_MIPMAP_LINEAR).append(",\"wrapS\":").append(REPEAT).append(",\"wrapT\":")
                    .append(REPEAT).append("}]");
        }
        if (bin.length > 0) {
            out.append(",\"buffers\":[{\"uri\":").append(string(binName)).append(",\"byteLength\":")
                    .append(bin.length).append("}]");
            section(out, "bufferViews", new StringBuilder(buffer.views()));
            section(out, "accessors", accessors);
        }
        return out.append("}\n").toString();
    }

    private static void section(StringBuilder out, String name, CharSequence entries) {
        if (entries.length() > 0) {
            out.append(",\"").append(name).append("\":[").append(entries).append(']');
        }
    }

    private void appendNode(StringBuilder out, SceneNode node, Map<SceneNode, Integer> index, Vector3f vector,
                            Quaternionf rotation) {
        out.append("\"name\":").append(string(node.name()));
        node.getPosition(vector);
        out.append(",\"translation\":");
        numbers(out, vector.x, vector.y, vector.z);
        node.getOrientation(rotation);
        out.append(",\"rotation\":");
        numbers(out, rotation.x, rotation.y, rotation.z, rotation.w);
        node.getScale(vector);
        out.append(",\"scale\":");
        numbers(out, vector.x, vector.y, vector.z);
        List<Item> items = new ArrayList<>();
        for (int a = 0; a < node.attachedObjectCount(); a++) {
            MovableObject object = node.attachedObject(a);
            if (object instanceof Item item) {
                items.add(item);
            }
        }
        out.append(",\"extras\":{\"tag\":").append(node.tag());
        if (!items.isEmpty()) {
            out.append(",\"items\":[");
            for (int i = 0; i < items.size(); i++) {
                out.append(i == 0 ? "{" : ",{").append("\"name\":").append(string(items.get(i).name()))
                        .append(",\"tag\":").append(items.get(i).tag()).append('}');
            }
            out.append("]}");
            out.append(",\"mesh\":").append(mesh(items));
        } else {
            out.append('}');
        }
        if (node.childCount() > 0) {
            out.append(",\"children\":[");
            for (int c = 0; c < node.childCount(); c++) {
                out.append(c == 0 ? "" : ",").append(index.get(node.child(c)));
            }
            out.append(']');
        }
    }

    /** {@return the index of the glTF mesh drawing {@code items}, written on first use} */
    private int mesh(List<Item> items) {
        List<Long> key = new ArrayList<>(items.size());
        for (Item item : items) {
            key.add((long) item.meshId() << 32 | Integer.toUnsignedLong(item.materialId()));
        }
        Integer known = meshes.get(key);
        if (known != null) {
            return known;
        }
        StringBuilder primitiveJson = new StringBuilder();
        for (int i = 0; i < items.size(); i++) {
            Item item = items.get(i);
            primitiveJson.append(i == 0 ? "{" : ",{").append(primitive(item)).append(",\"material\":")
                    .append(material(item)).append('}');
        }
        meshJson.append(meshJson.length() == 0 ? "{" : ",{");
        if (items.size() == 1) {
            meshJson.append("\"name\":").append(string(renderer.meshes().get(items.get(0).meshId()).name()))
                    .append(',');
        }
        meshJson.append("\"primitives\":[").append(primitiveJson).append("]}");
        meshes.put(key, meshes.size());
        return meshes.size() - 1;
    }

    /** {@return a primitive's attributes, indices and mode for the item's mesh, its data written on first use} */
    private String primitive(Item item) {
        int meshId = item.meshId();
        String known = primitives.get(meshId);
        if (known != null) {
            return known;
        }
        Mesh mesh;
        try {
            mesh = renderer.meshes().get(meshId);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("glTF export: item " + item.name() + " uses mesh id " + meshId
                    + ", which the renderer's mesh registry does not hold (" + renderer.meshes().count()
                    + " meshes)", e);
        }
        int vertices = mesh.vertexCount();
        float[] positions = mesh.positions();
        StringBuilder json = new StringBuilder("\"attributes\":{\"POSITION\":");
        json.append(positionAccessor(positions, vertices)).append(",\"NORMAL\":")
                .append(floatAccessor(unit(mesh.normals(), 3), vertices, "VEC3"));
        if (mesh.hasUvs()) {
            json.append(",\"TEXCOORD_0\":").append(floatAccessor(mesh.uvs(), vertices, "VEC2"));
        }
        if (mesh.hasTangents()) {
            json.append(",\"TANGENT\":").append(floatAccessor(unit(mesh.tangents(), 4), vertices, "VEC4"));
        }
        if (mesh.hasColors()) {
            json.append(",\"COLOR_0\":").append(floatAccessor(mesh.colors(), vertices, "VEC4"));
        }
        int[] indices = mesh.indices();
        boolean wide = vertices > SHORT_INDEXED_VERTICES;
        json.append("},\"indices\":").append(accessor(buffer.add(indices, wide), wide ? UNSIGNED_INT : UNSIGNED_SHORT,
                indices.length, "SCALAR", "")).append(",\"mode\":").append(mode(mesh.primitive()));
        primitives.put(meshId, json.toString());
        return json.toString();
    }

    /**
     * {@return {@code values} with the x, y, z at the start of every {@code stride} floats scaled to length 1}, as
     * glTF requires of normals and tangents; the renderer's shader normalizes them, so a mesh may hold any length.
     * A zero vector, which no length fixes, stays zero.
     */
    private static float[] unit(float[] values, int stride) {
        for (int v = 0; v < values.length; v += stride) {
            double length = Math.sqrt((double) values[v] * values[v] + (double) values[v + 1] * values[v + 1]
                    + (double) values[v + 2] * values[v + 2]);
            if (length > 0) {
                values[v] = (float) (values[v] / length);
                values[v + 1] = (float) (values[v + 1] / length);
                values[v + 2] = (float) (values[v + 2] / length);
            }
        }
        return values;
    }

    /** glTF requires a position accessor's bounds. */
    private int positionAccessor(float[] positions, int vertices) {
        float[] min = {Float.MAX_VALUE, Float.MAX_VALUE, Float.MAX_VALUE};
        float[] max = {-Float.MAX_VALUE, -Float.MAX_VALUE, -Float.MAX_VALUE};
        for (int i = 0; i < positions.length; i++) {
            min[i % 3] = Math.min(min[i % 3], positions[i]);
            max[i % 3] = Math.max(max[i % 3], positions[i]);
        }
        StringBuilder bounds = new StringBuilder(",\"min\":");
        numbers(bounds, min);
        bounds.append(",\"max\":");
        numbers(bounds, max);
        return accessor(buffer.add(positions, GltfBuffer.ARRAY_BUFFER), FLOAT, vertices, "VEC3", bounds.toString());
    }

    private int floatAccessor(float[] values, int vertices, String type) {
        return accessor(buffer.add(values, GltfBuffer.ARRAY_BUFFER), FLOAT, vertices, type, "");
    }

    private int accessor(int view, int componentType, int count, String type, String bounds) {
        accessors.append(accessorCount == 0 ? "{" : ",{").append("\"bufferView\":").append(view)
                .append(",\"componentType\":").append(componentType).append(",\"count\":").append(count)
                .append(",\"type\":\"").append(type).append('"').append(bounds).append('}');
        return accessorCount++;
    }

    private static int mode(Primitive primitive) {
        return switch (primitive) {
            case POINTS -> 0;
            case LINES -> 1;
            case LINE_STRIP -> 3;
            case TRIANGLES -> 4;
        };
    }

    /** {@return the index of the item's glTF material, written on first use} */
    private int material(Item item) {
        int materialId = item.materialId();
        Integer known = materials.get(materialId);
        if (known != null) {
            return known;
        }
        Material material;
        try {
            material = renderer.materials().get(materialId);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("glTF export: item " + item.name() + " uses material id " + materialId
                    + ", which the renderer's material registry does not hold (" + renderer.materials().count()
                    + " materials)", e);
        }
        StringBuilder json = new StringBuilder(materialJson.length() == 0 ? "{" : ",{");
        json.append("\"name\":\"material ").append(materialId).append("\",\"pbrMetallicRoughness\":{")
                .append("\"baseColorFactor\":");
        numbers(json, material.red(), material.green(), material.blue(), material.alpha());
        appendTexture(json, "baseColorTexture", material.baseColorTexture(), materialId);
        json.append(",\"metallicFactor\":0.0,\"roughnessFactor\":")
                .append((float) Math.sqrt(2.0 / (material.shininess() + 2.0))).append('}');
        appendTexture(json, "normalTexture", material.normalTexture(), materialId);
        appendTexture(json, "emissiveTexture", material.emissiveTexture(), materialId);
        float emission = material.emission();
        if (emission > 0f) {
            boolean textured = material.emissiveTexture() != Material.NO_TEXTURE;
            json.append(",\"emissiveFactor\":");
            numbers(json, Math.min(1f, emission * (textured ? 1f : material.red())),
                    Math.min(1f, emission * (textured ? 1f : material.green())),
                    Math.min(1f, emission * (textured ? 1f : material.blue())));
        }
        if (material.alpha() < 1f) {
            json.append(",\"alphaMode\":\"BLEND\"");
        }
        json.append(",\"extras\":{\"specular\":").append(material.specular()).append(",\"shininess\":")
                .append(material.shininess()).append(",\"emission\":").append(emission).append("}}");
        materialJson.append(json);
        materials.put(materialId, materials.size());
        return materials.size() - 1;
    }

    private void appendTexture(StringBuilder json, String slot, int textureId, int materialId) {
        if (textureId != Material.NO_TEXTURE) {
            json.append(",\"").append(slot).append("\":{\"index\":").append(texture(textureId, materialId))
                    .append('}');
        }
    }

    /** {@return the index of the glTF texture, its image read back and written on first use} */
    private int texture(int textureId, int materialId) {
        Integer known = textures.get(textureId);
        if (known != null) {
            return known;
        }
        TextureRegistry registry = renderer.textures();
        if (textureId < 0 || textureId >= registry.count()) {
            throw new IllegalArgumentException("glTF export: material " + materialId + " uses texture id " + textureId
                    + ", which the renderer's texture registry does not hold (" + registry.count() + " textures)");
        }
        byte[] png = PngEncoder.encode(registry.width(textureId), registry.height(textureId),
                registry.pixels(textureId));
        imageJson.append(imageJson.length() == 0 ? "{" : ",{").append("\"name\":")
                .append(string(registry.name(textureId))).append(",\"bufferView\":")
                .append(buffer.add(png, GltfBuffer.NO_TARGET)).append(",\"mimeType\":\"image/png\"}");
        textures.put(textureId, textures.size());
        return textures.size() - 1;
    }

    /** Java's shortest round-tripping float text is valid JSON: the values are finite, the exponent form allowed. */
    private static void numbers(StringBuilder out, float... values) {
        out.append('[');
        for (int i = 0; i < values.length; i++) {
            out.append(i == 0 ? "" : ",").append(values[i]);
        }
        out.append(']');
    }

    private static String string(String value) {
        StringBuilder out = new StringBuilder(value.length() + 2).append('"');
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            if (c == '"' || c == '\\') {
                out.append('\\').append(c);
            } else if (c < 0x20) {
                out.append(String.format(Locale.ROOT, "\\u%04x", (int) c));
            } else {
                out.append(c);
            }
        }
        return out.append('"').toString();
    }
}
