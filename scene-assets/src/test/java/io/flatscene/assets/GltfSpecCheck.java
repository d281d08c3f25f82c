package io.flatscene.assets;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The rules of the glTF 2.0 specification an export must keep, beyond what {@link GltfCheck} asks for the import:
 * buffer views inside the buffer and aligned, accessors inside their views with the component types and types
 * their attribute allows, positions' min and max equal to the data's, unit normals and tangents, colours from 0 to
 * 1, indices inside the vertices and below the type's reserved maximum, as many as the mode joins, and images that
 * are PNG files.
 */
final class GltfSpecCheck {
    private static final int BYTE = 5_121;
    private static final int SHORT = 5_123;
    private static final int INT = 5_125;
    private static final int FLOAT = 5_126;
    private static final Map<String, String> ATTRIBUTE_TYPES = Map.of("POSITION", "VEC3", "NORMAL", "VEC3",
            "TEXCOORD_0", "VEC2", "TANGENT", "VEC4", "COLOR_0", "VEC4");
    private static final Map<String, Integer> COMPONENTS = Map.of("SCALAR", 1, "VEC2", 2, "VEC3", 3, "VEC4", 4);

    private final Map<?, ?> json;
    private final ByteBuffer bin;

    private GltfSpecCheck(Map<?, ?> json, ByteBuffer bin) {
        this.json = json;
        this.bin = bin;
    }

    /** {@return the file's JSON} after checking the file and its buffer */
    static Map<?, ?> check(Path gltf) throws IOException {
        byte[] text = Files.readAllBytes(gltf);
        GltfCheck.check(gltf.toString(), ByteBuffer.wrap(text));
        Map<?, ?> json = (Map<?, ?>) JsonParser.parse(new String(text, StandardCharsets.UTF_8),
                ModelImporter.MAX_DEPTH);
        assertEquals("2.0", ((Map<?, ?>) json.get("asset")).get("version"));
        List<?> buffers = list(json, "buffers");
        ByteBuffer bin = ByteBuffer.allocate(0);
        if (!buffers.isEmpty()) {
            assertEquals(1, buffers.size(), "buffers");
            Map<?, ?> buffer = (Map<?, ?>) buffers.get(0);
            bin = ByteBuffer.wrap(Files.readAllBytes(gltf.resolveSibling((String) buffer.get("uri"))))
                    .order(ByteOrder.LITTLE_ENDIAN);
            assertEquals(bin.capacity(), number(buffer, "byteLength"), "the buffer's byteLength");
        }
        new GltfSpecCheck(json, bin).checkAll();
        return json;
    }

    /** {@return the accessors the file's primitives read positions from} */
    static Set<Integer> positionAccessors(Map<?, ?> json) {
        Set<Integer> accessors = new HashSet<>();
        for (Object mesh : list(json, "meshes")) {
            for (Object primitive : list((Map<?, ?>) mesh, "primitives")) {
                accessors.add(number((Map<?, ?>) ((Map<?, ?>) primitive).get("attributes"), "POSITION"));
            }
        }
        return accessors;
    }

    private void checkAll() {
        for (Object view : list(json, "bufferViews")) {
            Map<?, ?> v = (Map<?, ?>) view;
            int offset = number(v, "byteOffset");
            assertEquals(0, offset % 4, "a buffer view's offset is a multiple of 4: " + v);
            assertTrue(number(v, "byteLength") >= 1 && offset + number(v, "byteLength") <= bin.capacity(),
                    "a buffer view inside the buffer: " + v);
        }
        for (Object mesh : list(json, "meshes")) {
            for (Object primitive : list((Map<?, ?>) mesh, "primitives")) {
                checkPrimitive((Map<?, ?>) primitive);
            }
        }
        for (Object material : list(json, "materials")) {
            Map<?, ?> pbr = (Map<?, ?>) ((Map<?, ?>) material).get("pbrMetallicRoughness");
            List<?> color = (List<?>) pbr.get("baseColorFactor");
            assertEquals(4, color.size(), "baseColorFactor");
            for (Object c : color) {
                double value = ((Number) c).doubleValue();
                assertTrue(value >= 0 && value <= 1, "baseColorFactor " + color);
            }
        }
        for (Object image : list(json, "images")) {
            Map<?, ?> i = (Map<?, ?>) image;
            assertEquals("image/png", i.get("mimeType"));
            byte[] signature = new byte[8];
            bin.get(number(view(number(i, "bufferView")), "byteOffset"), signature);
            assertArrayEquals(new byte[]{(byte) 0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n'}, signature, "PNG");
        }
    }

    private void checkPrimitive(Map<?, ?> primitive) {
        Map<?, ?> attributes = (Map<?, ?>) primitive.get("attributes");
        int vertices = -1;
        for (Map.Entry<?, ?> attribute : attributes.entrySet()) {
            String semantic = (String) attribute.getKey();
            Map<?, ?> accessor = accessor(((Number) attribute.getValue()).intValue());
            assertEquals(FLOAT, number(accessor, "componentType"), semantic);
            assertEquals(ATTRIBUTE_TYPES.get(semantic), accessor.get("type"), semantic);
            assertEquals(GltfBuffer.ARRAY_BUFFER, number(view(number(accessor, "bufferView")), "target"), semantic);
            int count = number(accessor, "count");
            assertTrue(vertices < 0 || vertices == count, "every attribute has as many vertices");
            vertices = count;
            float[] values = floats(accessor);
            switch (semantic) {
                case "POSITION" -> checkBounds(accessor, values);
                case "NORMAL" -> checkUnit(values, 3, semantic);
                case "TANGENT" -> checkUnit(values, 4, semantic);
                case "COLOR_0" -> {
                    for (float value : values) {
                        assertTrue(value >= 0f && value <= 1f, "COLOR_0 value " + value);
                    }
                }
                default -> {
                }
            }
        }
        Map<?, ?> indices = accessor(number(primitive, "indices"));
        int type = number(indices, "componentType");
        assertTrue(type == BYTE || type == SHORT || type == INT, "index component type " + type);
        assertEquals("SCALAR", indices.get("type"));
        assertEquals(GltfBuffer.ELEMENT_ARRAY_BUFFER, number(view(number(indices, "bufferView")), "target"));
        int count = number(indices, "count");
        int size = type == BYTE ? 1 : type == SHORT ? 2 : 4;
        long reserved = (1L << (8 * size)) - 1;
        int start = inView(indices, size);
        for (int i = 0; i < count; i++) {
            long index = size == 1 ? Byte.toUnsignedLong(bin.get(start + i))
                    : size == 2 ? Short.toUnsignedLong(bin.getShort(start + 2 * i))
                    : Integer.toUnsignedLong(bin.getInt(start + 4 * i));
            assertTrue(index < vertices && index < reserved, "index " + index + " of " + vertices + " vertices");
        }
        // glTF's default mode is triangles
        int mode = primitive.get("mode") == null ? 4 : number(primitive, "mode");
        assertTrue(switch (mode) {
            case 0 -> count >= 1;
            case 1 -> count >= 2 && count % 2 == 0;
            case 3 -> count >= 2;
            case 4 -> count >= 3 && count % 3 == 0;
            default -> false;
        }, count + " indices of mode " + mode);
    }

    /** glTF asks unit normals and tangent directions, and a tangent's w 1 or -1. */
    private static void checkUnit(float[] values, int stride, String semantic) {
        for (int v = 0; v < values.length; v += stride) {
            double length = Math.sqrt(values[v] * values[v] + values[v + 1] * values[v + 1]
                    + values[v + 2] * values[v + 2]);
            assertEquals(1.0, length, 1e-5, semantic + " of vertex " + v / stride);
            if (stride == 4) {
                assertEquals(1f, Math.abs(values[v + 3]), semantic + " w of vertex " + v / stride);
            }
        }
    }

    private void checkBounds(Map<?, ?> accessor, float[] values) {
        float[] min = {Float.MAX_VALUE, Float.MAX_VALUE, Float.MAX_VALUE};
        float[] max = {-Float.MAX_VALUE, -Float.MAX_VALUE, -Float.MAX_VALUE};
        for (int i = 0; i < values.length; i++) {
            min[i % 3] = Math.min(min[i % 3], values[i]);
            max[i % 3] = Math.max(max[i % 3], values[i]);
        }
        assertArrayEquals(min, floats((List<?>) accessor.get("min")), 0f, "POSITION min");
        assertArrayEquals(max, floats((List<?>) accessor.get("max")), 0f, "POSITION max");
    }

    private float[] floats(Map<?, ?> accessor) {
        int length = number(accessor, "count") * COMPONENTS.get((String) accessor.get("type"));
        int start = inView(accessor, Float.BYTES * COMPONENTS.get((String) accessor.get("type")));
        float[] values = new float[length];
        for (int i = 0; i < length; i++) {
            values[i] = bin.getFloat(start + Float.BYTES * i);
        }
        return values;
    }

    /** {@return where the accessor's data starts} after checking it lies in its view and is aligned */
    private int inView(Map<?, ?> accessor, int elementBytes) {
        Map<?, ?> view = view(number(accessor, "bufferView"));
        Object offset = accessor.get("byteOffset");
        int accessorOffset = offset == null ? 0 : ((Number) offset).intValue();
        int componentBytes = number(accessor, "componentType") == FLOAT ? 4
                : number(accessor, "componentType") == INT ? 4 : number(accessor, "componentType") == SHORT ? 2 : 1;
        int start = number(view, "byteOffset") + accessorOffset;
        assertEquals(0, start % componentBytes, "accessor aligned to its component: " + accessor);
        assertTrue(accessorOffset + number(accessor, "count") * elementBytes <= number(view, "byteLength"),
                "accessor inside its view: " + accessor);
        return start;
    }

    private Map<?, ?> accessor(int index) {
        return (Map<?, ?>) list(json, "accessors").get(index);
    }

    private Map<?, ?> view(int index) {
        return (Map<?, ?>) list(json, "bufferViews").get(index);
    }

    private static List<?> list(Map<?, ?> json, String key) {
        Object value = json.get(key);
        return value == null ? List.of() : (List<?>) value;
    }

    private static int number(Map<?, ?> json, String key) {
        Object value = json.get(key);
        assertNotNull(value, key + " in " + json);
        return ((Number) value).intValue();
    }

    private static float[] floats(List<?> values) {
        float[] out = new float[values.size()];
        for (int i = 0; i < out.length; i++) {
            out[i] = ((Number) values.get(i)).floatValue();
        }
        return out;
    }
}
