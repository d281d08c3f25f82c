package io.flatscene.assets.testing;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

/**
 * Small glTF files built to break an importer, each with one drawable triangle so that what fails is the rule under
 * test and not "nothing to draw".
 */
public final class HostileModels {
    private HostileModels() {
    }

    /**
     * A chain of {@code depth} nodes, node 0 the root, each with the given extra members (JSON, "" for none) and the
     * last one holding the triangle.
     */
    public static String chain(int depth, String members) {
        String nodes = IntStream.range(0, depth).mapToObj(i -> "{" + members + (members.isEmpty() ? "" : ",")
                + (i + 1 < depth ? "\"children\":[" + (i + 1) + "]" : "\"mesh\":0") + "}")
                .collect(Collectors.joining(","));
        return gltf("[" + nodes + "]", 0f, 1f);
    }

    /** One node holding a triangle with corners at {@code low} and {@code high} on the axes. */
    public static String triangle(float low, float high) {
        return gltf("[{\"mesh\":0}]", low, high);
    }

    /** One node holding the triangle's corners drawn in glTF primitive mode {@code mode} (0 points, 3 a strip). */
    public static String primitive(int mode) {
        return triangle(0f, 1f).replace("{\"attributes\":{\"POSITION\":0}}",
                "{\"attributes\":{\"POSITION\":0},\"mode\":" + mode + "}");
    }

    /** A binary glTF 2.0 holding {@code json}, padded with {@code padding} as written, and no binary chunk. */
    public static byte[] glb(String json, byte padding) {
        byte[] text = json.getBytes(StandardCharsets.UTF_8);
        int length = (text.length + 3) & ~3;
        ByteBuffer glb = ByteBuffer.allocate(12 + 8 + length).order(ByteOrder.LITTLE_ENDIAN);
        glb.putInt(0x46546C67).putInt(2).putInt(glb.capacity()).putInt(length).putInt(0x4E4F534A).put(text);
        while (glb.hasRemaining()) {
            glb.put(padding);
        }
        return glb.array();
    }

    /** A glTF with {@code nodes} (the JSON array), a scene rooted at node 0, and mesh 0: one triangle. */
    public static String gltf(String nodes, float low, float high) {
        ByteBuffer positions = ByteBuffer.allocate(36).order(ByteOrder.LITTLE_ENDIAN);
        positions.putFloat(low).putFloat(low).putFloat(low).putFloat(high).putFloat(low).putFloat(low)
                .putFloat(low).putFloat(high).putFloat(low);
        String uri = "data:application/octet-stream;base64," + Base64.getEncoder().encodeToString(positions.array());
        return "{\"asset\":{\"version\":\"2.0\"},\"scene\":0,\"scenes\":[{\"nodes\":[0]}],\"nodes\":" + nodes + ","
                + "\"meshes\":[{\"primitives\":[{\"attributes\":{\"POSITION\":0}}]}],"
                + "\"accessors\":[{\"bufferView\":0,\"componentType\":5126,\"count\":3,\"type\":\"VEC3\","
                + "\"min\":[" + low + "," + low + "," + low + "],\"max\":[" + high + "," + high + "," + low + "]}],"
                + "\"bufferViews\":[{\"buffer\":0,\"byteLength\":36}],"
                + "\"buffers\":[{\"byteLength\":36,\"uri\":\"" + uri + "\"}]}";
    }
}
