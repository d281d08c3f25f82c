package io.flatscene.assets;

import io.flatscene.core.scene.Aabb;
import io.flatscene.core.scene.Item;
import io.flatscene.core.scene.MovableObject;
import io.flatscene.core.scene.SceneManager;
import io.flatscene.core.scene.SceneNode;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import org.joml.Quaternionf;
import org.joml.Vector3f;

/**
 * Writes a scene's graph as glTF 2.0, a {@code .gltf} JSON file and its {@code .bin} buffer beside it, so that other
 * tools can open it: every node under the root, depth first in child order, with its name and local translation,
 * rotation and scale; after a node's children, one child node per attached item that places a cube over the item's
 * local bounds ({@code Aabb.INFINITE} items get no cube). scene-core knows meshes only as the renderer's ids, so an
 * item's geometry is its box; its mesh and material ids go in the node's {@code extras}. Detached nodes, lights and
 * cameras are not exported.
 *
 * <p>Written directly, not through Assimp's exporter: {@code aiExportScene} takes an {@code aiScene} that the caller
 * builds in native memory node by node (names, transforms, child pointer arrays, meshes with their vertex arrays) and
 * frees by hand, since Assimp did not allocate it; from Java through LWJGL's struct setters that is several times the
 * code of this JSON, with native ownership to get right. The output is checked by reading it back through Assimp.
 */
public final class SceneGltfExport {
    /** The cube's eight corners, at +-1 on each axis. */
    private static final float[] CORNERS = {-1, -1, -1, 1, -1, -1, 1, 1, -1, -1, 1, -1, -1, -1, 1, 1, -1, 1, 1, 1, 1,
        -1, 1, 1};
    /** Twelve triangles, counter-clockwise seen from outside. */
    private static final short[] TRIANGLES = {0, 3, 2, 0, 2, 1, 4, 5, 6, 4, 6, 7, 0, 1, 5, 0, 5, 4, 3, 7, 6, 3, 6, 2,
        0, 4, 7, 0, 7, 3, 1, 2, 6, 1, 6, 5};
    private static final int ARRAY_BUFFER = 34_962;
    private static final int ELEMENT_ARRAY_BUFFER = 34_963;
    private static final int FLOAT = 5_126;
    private static final int UNSIGNED_SHORT = 5_123;

    private SceneGltfExport() {
    }

    /**
     * Writes the scene's graph to {@code gltf} and its buffer to the same name with {@code .bin} in place of the
     * extension, replacing both if they exist.
     *
     * @param scene an open scene, not in a frame
     * @param gltf  the JSON file to write, named {@code *.gltf}
     * @throws IOException              if a file cannot be written
     * @throws IllegalArgumentException if {@code gltf} does not end in {@code .gltf}
     */
    public static void write(SceneManager scene, Path gltf) throws IOException {
        Objects.requireNonNull(scene, "scene");
        Objects.requireNonNull(gltf, "gltf");
        // a file system's root has no file name
        String fileName = Objects.toString(gltf.getFileName(), "");
        if (!fileName.endsWith(".gltf")) {
            throw new IllegalArgumentException("glTF export " + gltf + ": the file name must end in .gltf");
        }
        String binName = fileName.substring(0, fileName.length() - ".gltf".length()) + ".bin";
        byte[] buffer = cube();
        Files.write(gltf.resolveSibling(binName), buffer);
        Files.writeString(gltf, json(scene, binName, buffer.length), StandardCharsets.UTF_8);
    }

    private static byte[] cube() {
        ByteBuffer b = ByteBuffer.allocate(CORNERS.length * Float.BYTES + TRIANGLES.length * Short.BYTES)
                .order(ByteOrder.LITTLE_ENDIAN);
        for (float c : CORNERS) {
            b.putFloat(c);
        }
        for (short t : TRIANGLES) {
            b.putShort(t);
        }
        return b.array();
    }

    /** Node indices are given depth first, a node before its children and its items' nodes after its children. */
    private static String json(SceneManager scene, String binName, int bufferBytes) {
        List<Object> order = new ArrayList<>();
        Map<Object, List<Object>> children = new IdentityHashMap<>();
        Map<Object, Integer> index = new IdentityHashMap<>();
        Deque<Object> walk = new ArrayDeque<>();
        walk.push(scene.rootNode());
        while (!walk.isEmpty()) {
            Object next = walk.pop();
            index.put(next, order.size());
            order.add(next);
            if (next instanceof SceneNode node) {
                List<Object> below = new ArrayList<>();
                for (int c = 0; c < node.childCount(); c++) {
                    below.add(node.child(c));
                }
                for (int a = 0; a < node.attachedObjectCount(); a++) {
                    MovableObject object = node.attachedObject(a);
                    if (object instanceof Item) {
                        below.add(object);
                    }
                }
                children.put(node, below);
                for (int i = below.size() - 1; i >= 0; i--) {
                    walk.push(below.get(i));
                }
            }
        }
        StringBuilder out = new StringBuilder(256 + 160 * order.size());
        out.append("{\"asset\":{\"version\":\"2.0\",\"generator\":\"FlatScene SceneGltfExport\"},\"scene\":0,")
                .append("\"scenes\":[{\"nodes\":[0]}],\"nodes\":[");
        Vector3f vector = new Vector3f();
        Quaternionf rotation = new Quaternionf();
        for (int i = 0; i < order.size(); i++) {
            out.append(i == 0 ? "{" : ",{");
            if (order.get(i) instanceof SceneNode node) {
                appendNode(out, node, children.get(node), index, vector, rotation);
            } else {
                appendItem(out, (Item) order.get(i));
            }
            out.append('}');
        }
        out.append("],\"meshes\":[{\"primitives\":[{\"attributes\":{\"POSITION\":0},\"indices\":1,\"material\":0}]}],")
                .append("\"materials\":[{\"name\":\"item bounds\",\"pbrMetallicRoughness\":{\"baseColorFactor\":")
                .append("[0.8,0.8,0.8,1.0]}}],")
                .append("\"buffers\":[{\"uri\":").append(string(binName)).append(",\"byteLength\":")
                .append(bufferBytes).append("}],\"bufferViews\":[{\"buffer\":0,\"byteOffset\":0,\"byteLength\":")
                .append(CORNERS.length * Float.BYTES).append(",\"target\":").append(ARRAY_BUFFER)
                .append("},{\"buffer\":0,\"byteOffset\":").append(CORNERS.length * Float.BYTES)
                .append(",\"byteLength\":").append(TRIANGLES.length * Short.BYTES).append(",\"target\":")
                .append(ELEMENT_ARRAY_BUFFER).append("}],\"accessors\":[{\"bufferView\":0,\"componentType\":")
                .append(FLOAT).append(",\"count\":").append(CORNERS.length / 3)
                .append(",\"type\":\"VEC3\",\"min\":[-1.0,-1.0,-1.0],\"max\":[1.0,1.0,1.0]},{\"bufferView\":1,")
                .append("\"componentType\":").append(UNSIGNED_SHORT).append(",\"count\":").append(TRIANGLES.length)
                .append(",\"type\":\"SCALAR\"}]}\n");
        return out.toString();
    }

    private static void appendNode(StringBuilder out, SceneNode node, List<Object> below, Map<Object, Integer> index,
                                   Vector3f vector, Quaternionf rotation) {
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
        out.append(",\"extras\":{\"tag\":").append(node.tag()).append('}');
        if (!below.isEmpty()) {
            out.append(",\"children\":[");
            for (int c = 0; c < below.size(); c++) {
                out.append(c == 0 ? "" : ",").append(index.get(below.get(c)));
            }
            out.append(']');
        }
    }

    private static void appendItem(StringBuilder out, Item item) {
        Aabb bounds = item.localAabb();
        out.append("\"name\":").append(string(item.name().isEmpty() ? "item" : item.name()));
        out.append(",\"extras\":{\"meshId\":").append(item.meshId()).append(",\"materialId\":")
                .append(item.materialId()).append(",\"tag\":").append(item.tag()).append('}');
        if (!bounds.isInfinite()) {
            out.append(",\"mesh\":0,\"translation\":");
            numbers(out, bounds.centerX(), bounds.centerY(), bounds.centerZ());
            out.append(",\"scale\":");
            numbers(out, bounds.halfX(), bounds.halfY(), bounds.halfZ());
        }
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
