package io.flatscene.assets.testing;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.zip.Adler32;
import java.util.zip.CRC32;
import org.joml.Matrix4f;

/**
 * Writes the sample viewer's default model, {@code flatscene-rover.gltf}: a small rover built from boxes and
 * cylinders (chassis, deck, four wheels with hubs, a mast with a beacon, a three-joint arm with a two-finger hand) in
 * seven colors, the chassis and the deck with a panel texture (seams, rivets and hazard stripes) over their color,
 * as glTF 2.0 with its buffer, the texture's PNG included, embedded as a base64 data URI so the one file is the whole
 * model. The importer's tests read it, and what it wrote, part by part; the viewer ships it as a resource.
 *
 * <p>The project makes its own model so that it ships no third-party asset. The viewer's {@code DefaultModelWriterTest}
 * fails while its checked-in copy differs from what this writes, and then writes this class's model beside its
 * message, to be copied over the checked-in one.
 * The output depends on nothing but this code: {@link StrictMath} for the geometry and fixed-precision number
 * formatting, so every JDK writes the same bytes.
 */
public final class DefaultModelWriter {
    private static final int ARRAY_BUFFER = 34962;
    private static final int ELEMENT_ARRAY_BUFFER = 34963;
    private static final int FLOAT = 5126;
    private static final int UNSIGNED_SHORT = 5123;
    private static final int CYLINDER_SEGMENTS = 20;
    /** The panel texture's edge in pixels. */
    public static final int PANEL_TEXTURE_SIZE = 32;

    private DefaultModelWriter() {
    }

    // ---- the model ----

    /** A material: a base color, times the panel texture where {@code textured}. */
    public record Color(String name, float red, float green, float blue, boolean textured) {
    }

    /** A glTF mesh: one primitive, one shape in one color. */
    record Part(String name, Shape shape, Color color) {
    }

    /** A glTF node: translation, rotation (x, y, z, w) and scale, written as a matrix when {@code asMatrix}. */
    public record Node(String name, Part part, float[] translation, float[] rotation, float[] scale, boolean asMatrix,
                List<Node> children) {
        /** The node's transform relative to its parent. */
        public Matrix4f localMatrix() {
            return new Matrix4f().translationRotateScale(translation[0], translation[1], translation[2],
                    rotation[0], rotation[1], rotation[2], rotation[3], scale[0], scale[1], scale[2]);
        }
    }

    public static final Color HULL = new Color("hull", 0.95f, 0.55f, 0.10f, true);
    public static final Color PANEL = new Color("panel", 0.88f, 0.88f, 0.84f, true);
    public static final Color TYRE = new Color("tyre", 0.10f, 0.10f, 0.11f, false);
    public static final Color METAL = new Color("metal", 0.62f, 0.64f, 0.68f, false);
    public static final Color ARM = new Color("arm", 0.15f, 0.38f, 0.88f, false);
    public static final Color BEACON = new Color("beacon", 0.92f, 0.12f, 0.10f, false);
    public static final Color GRIP = new Color("grip", 0.20f, 0.78f, 0.30f, false);

    /** The model's root node; the rover faces +Z with +Y up and its wheels standing on y = 0, as glTF has it. */
    static Node rover() {
        Part wheel = new Part("wheel", Shape.cylinder(0.27f, 0.18f, CYLINDER_SEGMENTS), TYRE);
        Part hub = new Part("hub", Shape.cylinder(0.11f, 0.22f, CYLINDER_SEGMENTS), METAL);
        Part finger = new Part("finger", Shape.box(-0.015f, 0f, -0.03f, 0.015f, 0.1f, 0.03f), GRIP);
        List<Node> chassisChildren = new ArrayList<>();
        chassisChildren.add(node("deck", new Part("deck", Shape.box(-0.38f, 0f, -0.45f, 0.38f, 0.22f, 0.45f), PANEL),
                t(0f, 0.15f, -0.25f)));
        // left is +X for a rover facing +Z; each wheel's cylinder axis (Y) is turned onto X
        String[] wheelNames = {"wheel.front.left", "wheel.front.right", "wheel.rear.left", "wheel.rear.right"};
        float[][] wheelPositions = {{0.62f, -0.15f, 0.55f}, {-0.62f, -0.15f, 0.55f}, {0.62f, -0.15f, -0.55f},
                {-0.62f, -0.15f, -0.55f}};
        for (int w = 0; w < wheelNames.length; w++) {
            chassisChildren.add(new Node(wheelNames[w], wheel, wheelPositions[w], axisAngle(0, 0, 1, 90),
                    one(), false, List.of(node(wheelNames[w] + ".hub", hub, t(0f, 0f, 0f)))));
        }
        // the beacon is written as a matrix, with a squashed scale, so both glTF transform encodings are covered
        Node beacon = new Node("beacon", new Part("beacon", Shape.box(-0.09f, -0.09f, -0.09f, 0.09f, 0.09f, 0.09f),
                BEACON), t(0f, 0.4f, 0f), axisAngle(0, 1, 0, 45), new float[]{1f, 0.6f, 1f}, true, List.of());
        chassisChildren.add(new Node("mast", new Part("mast", Shape.cylinder(0.035f, 0.7f, CYLINDER_SEGMENTS),
                METAL), t(-0.3f, 0.5f, -0.6f), identity(), one(), false, List.of(beacon)));
        // the right finger is the left one mirrored (scale -1 on X): a negative-determinant transform to decompose
        Node hand = node("hand", new Part("hand", Shape.box(-0.09f, 0f, -0.05f, 0.09f, 0.05f, 0.05f), GRIP),
                t(0f, 0.42f, 0f),
                node("finger.left", finger, t(0.06f, 0.05f, 0f)),
                new Node("finger.right", finger, t(-0.06f, 0.05f, 0f), identity(), new float[]{-1f, 1f, 1f}, false,
                        List.of()));
        Node forearm = new Node("forearm", new Part("forearm", Shape.box(-0.04f, 0f, -0.04f, 0.04f, 0.42f, 0.04f),
                ARM), t(0f, 0.5f, 0f), axisAngle(1, 0, 0, 60), one(), false, List.of(hand));
        Node upperArm = new Node("upper.arm", new Part("upper.arm", Shape.box(-0.05f, 0f, -0.05f, 0.05f, 0.5f,
                0.05f), ARM), t(0f, 0.06f, 0f), axisAngle(1, 0, 0, 35), one(), false, List.of(forearm));
        chassisChildren.add(new Node("turret", new Part("turret", Shape.cylinder(0.17f, 0.12f, CYLINDER_SEGMENTS),
                ARM), t(0.1f, 0.21f, 0.4f), axisAngle(0, 1, 0, 25), one(), false, List.of(upperArm)));
        Node chassis = new Node("chassis", new Part("chassis", Shape.box(-0.5f, -0.15f, -0.8f, 0.5f, 0.15f, 0.8f),
                HULL), t(0f, 0.42f, 0f), identity(), one(), false, chassisChildren);
        return new Node("rover", null, t(0f, 0f, 0f), identity(), one(), false, List.of(chassis));
    }

    private static Node node(String name, Part part, float[] translation, Node... children) {
        return new Node(name, part, translation, identity(), one(), false, List.of(children));
    }

    private static float[] t(float x, float y, float z) {
        return new float[]{x, y, z};
    }

    private static float[] one() {
        return new float[]{1f, 1f, 1f};
    }

    private static float[] identity() {
        return new float[]{0f, 0f, 0f, 1f};
    }

    private static float[] axisAngle(float x, float y, float z, double degrees) {
        double half = StrictMath.toRadians(degrees) / 2;
        float s = (float) StrictMath.sin(half);
        return new float[]{x * s, y * s, z * s, (float) StrictMath.cos(half)};
    }

    /** Every node of the model by name, parents before children. */
    public static Map<String, Node> nodesByName() {
        return nodesByName(rover());
    }

    private static Map<String, Node> nodesByName(Node root) {
        Map<String, Node> nodes = new LinkedHashMap<>();
        collect(root, nodes);
        return nodes;
    }

    private static void collect(Node node, Map<String, Node> into) {
        into.put(node.name(), node);
        node.children().forEach(child -> collect(child, into));
    }

    // ---- geometry ----

    /**
     * Flat-shaded boxes and smooth-sided cylinders, counter-clockwise from outside, as the renderer culls, with
     * texture coordinates: each box face and the cylinder's side wear the whole texture, its caps a disc of it.
     */
    record Shape(float[] positions, float[] normals, float[] uvs, int[] indices) {
        static Shape box(float minX, float minY, float minZ, float maxX, float maxY, float maxZ) {
            Builder b = new Builder();
            float[] min = {minX, minY, minZ};
            float[] max = {maxX, maxY, maxZ};
            for (int axis = 0; axis < 3; axis++) {
                for (int sign = -1; sign <= 1; sign += 2) {
                    // u x v = n keeps each face's corners counter-clockwise seen from where its normal points
                    int u = (axis + 1) % 3;
                    int v = (axis + 2) % 3;
                    if (sign < 0) {
                        int swap = u;
                        u = v;
                        v = swap;
                    }
                    float[] n = new float[3];
                    n[axis] = sign;
                    int first = b.vertexCount();
                    float[][] corners = {{0, 0}, {1, 0}, {1, 1}, {0, 1}};
                    for (float[] corner : corners) {
                        float[] p = new float[3];
                        p[axis] = sign < 0 ? min[axis] : max[axis];
                        p[u] = corner[0] == 0 ? min[u] : max[u];
                        p[v] = corner[1] == 0 ? min[v] : max[v];
                        // glTF's v runs down the image, so the image's top lies where the face's v axis points
                        b.vertex(p[0], p[1], p[2], n[0], n[1], n[2], corner[0], 1f - corner[1]);
                    }
                    b.quad(first, first + 1, first + 2, first + 3);
                }
            }
            return b.build();
        }

        /** Around the Y axis, centered on the origin. */
        static Shape cylinder(float radius, float height, int segments) {
            Builder b = new Builder();
            float half = height / 2;
            int side = b.vertexCount();
            for (int i = 0; i <= segments; i++) {
                double angle = 2 * StrictMath.PI * i / segments;
                float sin = (float) StrictMath.sin(angle);
                float cos = (float) StrictMath.cos(angle);
                float u = (float) i / segments;
                b.vertex(radius * sin, -half, radius * cos, sin, 0f, cos, u, 1f);
                b.vertex(radius * sin, half, radius * cos, sin, 0f, cos, u, 0f);
            }
            for (int i = 0; i < segments; i++) {
                int bottom = side + 2 * i;
                b.quad(bottom, bottom + 2, bottom + 3, bottom + 1);
            }
            for (int cap = -1; cap <= 1; cap += 2) {
                int center = b.vertexCount();
                b.vertex(0f, cap * half, 0f, 0f, cap, 0f, 0.5f, 0.5f);
                for (int i = 0; i < segments; i++) {
                    double angle = 2 * StrictMath.PI * i / segments;
                    float sin = (float) StrictMath.sin(angle);
                    float cos = (float) StrictMath.cos(angle);
                    b.vertex(radius * sin, cap * half, radius * cos, 0f, cap, 0f, 0.5f + 0.5f * sin,
                            0.5f - 0.5f * cos);
                }
                for (int i = 0; i < segments; i++) {
                    int a = center + 1 + i;
                    int c = center + 1 + (i + 1) % segments;
                    if (cap > 0) {
                        b.triangle(center, a, c);
                    } else {
                        b.triangle(center, c, a);
                    }
                }
            }
            return b.build();
        }

        int vertexCount() {
            return positions.length / 3;
        }

        float[] min() {
            return extreme(-1);
        }

        float[] max() {
            return extreme(1);
        }

        private float[] extreme(int sign) {
            float[] e = {positions[0], positions[1], positions[2]};
            for (int i = 3; i < positions.length; i++) {
                e[i % 3] = sign < 0 ? Math.min(e[i % 3], positions[i]) : Math.max(e[i % 3], positions[i]);
            }
            return e;
        }
    }

    private static final class Builder {
        private final List<Float> positions = new ArrayList<>();
        private final List<Float> normals = new ArrayList<>();
        private final List<Float> uvs = new ArrayList<>();
        private final List<Integer> indices = new ArrayList<>();

        int vertexCount() {
            return positions.size() / 3;
        }

        void vertex(float x, float y, float z, float nx, float ny, float nz, float u, float v) {
            uvs.add(u);
            uvs.add(v);
            positions.add(x);
            positions.add(y);
            positions.add(z);
            normals.add(nx);
            normals.add(ny);
            normals.add(nz);
        }

        void quad(int a, int b, int c, int d) {
            triangle(a, b, c);
            triangle(a, c, d);
        }

        /** Refuses a triangle wound against its vertices' normals: it would be culled from the side it faces. */
        void triangle(int a, int b, int c) {
            float[] pa = at(positions, a);
            float[] pb = at(positions, b);
            float[] pc = at(positions, c);
            float[] e1 = {pb[0] - pa[0], pb[1] - pa[1], pb[2] - pa[2]};
            float[] e2 = {pc[0] - pa[0], pc[1] - pa[1], pc[2] - pa[2]};
            float[] cross = {e1[1] * e2[2] - e1[2] * e2[1], e1[2] * e2[0] - e1[0] * e2[2],
                    e1[0] * e2[1] - e1[1] * e2[0]};
            float[] n = at(normals, a);
            if (cross[0] * n[0] + cross[1] * n[1] + cross[2] * n[2] <= 0f) {
                throw new IllegalStateException("triangle " + a + ", " + b + ", " + c + " winds clockwise");
            }
            indices.add(a);
            indices.add(b);
            indices.add(c);
        }

        private static float[] at(List<Float> values, int vertex) {
            return new float[]{values.get(3 * vertex), values.get(3 * vertex + 1), values.get(3 * vertex + 2)};
        }

        Shape build() {
            float[] p = new float[positions.size()];
            float[] n = new float[normals.size()];
            float[] uv = new float[uvs.size()];
            int[] i = new int[indices.size()];
            for (int k = 0; k < uv.length; k++) {
                uv[k] = uvs.get(k);
            }
            for (int k = 0; k < p.length; k++) {
                p[k] = positions.get(k);
                n[k] = normals.get(k);
            }
            for (int k = 0; k < i.length; k++) {
                i[k] = indices.get(k);
            }
            return new Shape(p, n, uv, i);
        }
    }

    // ---- glTF ----

    /** The whole file: JSON with one buffer holding, per part, positions, normals and 16-bit indices. */
    public static String gltf() {
        Document document = document();
        return document.json("data:application/octet-stream;base64,"
                + Base64.getEncoder().encodeToString(document.buffer()));
    }

    /**
     * The same model as a binary glTF: the JSON chunk (its buffer without a URI, as GLB's own chunk) and the binary
     * chunk, each padded to four bytes.
     */
    public static byte[] glb() {
        Document document = document();
        byte[] json = document.json(null).getBytes(StandardCharsets.UTF_8);
        int jsonLength = (json.length + 3) & ~3;
        int binLength = (document.buffer().length + 3) & ~3;
        ByteBuffer glb = ByteBuffer.allocate(12 + 8 + jsonLength + 8 + binLength).order(ByteOrder.LITTLE_ENDIAN);
        glb.putInt(0x46546C67).putInt(2).putInt(glb.capacity());
        glb.putInt(jsonLength).putInt(0x4E4F534A).put(json);
        while (glb.position() % 4 != 0) {
            glb.put((byte) ' ');
        }
        glb.putInt(binLength).putInt(0x004E4942).put(document.buffer());
        return glb.array();
    }

    /** The model's JSON, its buffer at {@code bufferUri} (none: GLB's binary chunk), and the buffer's bytes. */
    public record Document(String nodes, String meshes, String materials, String accessors, String views,
                           int imageView, byte[] buffer) {
        /** The file's JSON, naming {@code bufferUri} as its buffer's. */
        public String json(String bufferUri) {
            return "{\n"
                    + "\"asset\":{\"version\":\"2.0\",\"generator\":\"FlatScene DefaultModelWriter\","
                    + "\"copyright\":\"FlatScene; generated by scene-assets/src/test/java/io/flatscene/assets/testing/"
                    + "DefaultModelWriter.java\"},\n"
                    + "\"scene\":0,\n"
                    + "\"scenes\":[{\"name\":\"rover\",\"nodes\":[0]}],\n"
                    + "\"nodes\":[\n" + nodes.replace("},{", "},\n{") + "\n],\n"
                    + "\"meshes\":[\n" + meshes.replace("]},{", "]},\n{") + "\n],\n"
                    + "\"materials\":[\n" + materials.replace("}},{", "}},\n{") + "\n],\n"
                    + "\"images\":[{\"name\":\"panel\",\"bufferView\":" + imageView
                    + ",\"mimeType\":\"image/png\"}],\n"
                    + "\"samplers\":[{\"magFilter\":9729,\"minFilter\":9987,\"wrapS\":10497,"
                    + "\"wrapT\":10497}],\n"
                    + "\"textures\":[{\"sampler\":0,\"source\":0}],\n"
                    + "\"accessors\":[\n" + accessors.replace("},{", "},\n{") + "\n],\n"
                    + "\"bufferViews\":[\n" + views.replace("},{", "},\n{") + "\n],\n"
                    + "\"buffers\":[{\"byteLength\":" + buffer.length
                    + (bufferUri == null ? "" : ",\"uri\":\"" + bufferUri + "\"") + "}]\n"
                    + "}\n";
        }
    }

    /** The model as its JSON parts and its buffer. */
    public static Document document() {
        Node root = rover();
        List<Part> parts = new ArrayList<>();
        List<Color> colors = new ArrayList<>();
        collectParts(root, parts, colors);

        ByteArrayOutputStream buffer = new ByteArrayOutputStream();
        StringBuilder views = new StringBuilder();
        StringBuilder accessors = new StringBuilder();
        StringBuilder meshes = new StringBuilder();
        int accessor = 0;
        for (int p = 0; p < parts.size(); p++) {
            Part part = parts.get(p);
            Shape shape = part.shape();
            if (shape.vertexCount() > 0xFFFF) {
                throw new IllegalStateException(part.name() + " has too many vertices for 16-bit indices");
            }
            int positions = accessor++;
            int normals = accessor++;
            int uvs = accessor++;
            int indices = accessor++;
            append(views, view(buffer, floats(shape.positions()), ARRAY_BUFFER));
            append(accessors, "{\"bufferView\":" + positions + ",\"componentType\":" + FLOAT + ",\"count\":"
                    + shape.vertexCount() + ",\"type\":\"VEC3\",\"min\":" + array(shape.min()) + ",\"max\":"
                    + array(shape.max()) + "}");
            append(views, view(buffer, floats(shape.normals()), ARRAY_BUFFER));
            append(accessors, "{\"bufferView\":" + normals + ",\"componentType\":" + FLOAT + ",\"count\":"
                    + shape.vertexCount() + ",\"type\":\"VEC3\"}");
            append(views, view(buffer, floats(shape.uvs()), ARRAY_BUFFER));
            append(accessors, "{\"bufferView\":" + uvs + ",\"componentType\":" + FLOAT + ",\"count\":"
                    + shape.vertexCount() + ",\"type\":\"VEC2\"}");
            append(views, view(buffer, shorts(shape.indices()), ELEMENT_ARRAY_BUFFER));
            append(accessors, "{\"bufferView\":" + indices + ",\"componentType\":" + UNSIGNED_SHORT + ",\"count\":"
                    + shape.indices().length + ",\"type\":\"SCALAR\"}");
            append(meshes, "{\"name\":\"" + part.name() + "\",\"primitives\":[{\"attributes\":{\"POSITION\":"
                    + positions + ",\"NORMAL\":" + normals + ",\"TEXCOORD_0\":" + uvs + "},\"indices\":" + indices
                    + ",\"material\":" + colors.indexOf(part.color()) + ",\"mode\":4}]}");
        }

        StringBuilder materials = new StringBuilder();
        for (Color color : colors) {
            append(materials, "{\"name\":\"" + color.name() + "\",\"pbrMetallicRoughness\":{\"baseColorFactor\":"
                    + array(new float[]{color.red(), color.green(), color.blue(), 1f})
                    + (color.textured() ? ",\"baseColorTexture\":{\"index\":0}" : "")
                    + ",\"metallicFactor\":0.0,\"roughnessFactor\":0.6}}");
        }
        int imageView = accessor;
        append(views, view(buffer, panelPng(), 0));

        List<Node> order = new ArrayList<>(nodesByName(root).values());
        StringBuilder nodes = new StringBuilder();
        for (Node node : order) {
            StringBuilder n = new StringBuilder("{\"name\":\"" + node.name() + "\"");
            if (node.part() != null) {
                n.append(",\"mesh\":").append(parts.indexOf(node.part()));
            }
            if (node.asMatrix()) {
                float[] m = new float[16];
                node.localMatrix().get(m);
                n.append(",\"matrix\":").append(array(m));
            } else {
                if (!isZero(node.translation())) {
                    n.append(",\"translation\":").append(array(node.translation()));
                }
                if (!isIdentity(node.rotation())) {
                    n.append(",\"rotation\":").append(array(node.rotation()));
                }
                if (!isOne(node.scale())) {
                    n.append(",\"scale\":").append(array(node.scale()));
                }
            }
            if (!node.children().isEmpty()) {
                StringBuilder children = new StringBuilder();
                for (Node child : node.children()) {
                    append(children, Integer.toString(order.indexOf(child)));
                }
                n.append(",\"children\":[").append(children).append(']');
            }
            append(nodes, n.append('}').toString());
        }

        return new Document(nodes.toString(), meshes.toString(), materials.toString(), accessors.toString(),
                views.toString(), imageView, buffer.toByteArray());
    }

    private static void collectParts(Node node, List<Part> parts, List<Color> colors) {
        if (node.part() != null && !parts.contains(node.part())) {
            parts.add(node.part());
            if (!colors.contains(node.part().color())) {
                colors.add(node.part().color());
            }
        }
        node.children().forEach(child -> collectParts(child, parts, colors));
    }

    /**
     * Appends {@code bytes} 4-byte aligned, as glTF requires of float accessors, and describes where; a target of 0
     * (an image's view) is left out.
     */
    private static String view(ByteArrayOutputStream buffer, byte[] bytes, int target) {
        while (buffer.size() % 4 != 0) {
            buffer.write(0);
        }
        String view = "{\"buffer\":0,\"byteOffset\":" + buffer.size() + ",\"byteLength\":" + bytes.length
                + (target == 0 ? "" : ",\"target\":" + target) + "}";
        buffer.writeBytes(bytes);
        return view;
    }

    // ---- the panel texture ----

    /**
     * The panel texture's pixels, RGB rows from the top: near white (the material's color shows through), seams
     * along the edges, a rivet in each corner, and black hazard stripes along the bottom quarter.
     */
    static byte[] panelPixels() {
        int size = PANEL_TEXTURE_SIZE;
        byte[] rgb = new byte[size * size * 3];
        for (int y = 0; y < size; y++) {
            for (int x = 0; x < size; x++) {
                int value = 235;
                boolean seam = x < 2 || y < 2 || x >= size - 2 || y >= size - 2;
                boolean rivet = (x == 4 || x == size - 5) && (y == 4 || y == size - 5);
                boolean stripe = y >= size * 3 / 4 && y < size - 2 && (x + y) / 4 % 2 == 0;
                if (seam) {
                    value = 120;
                } else if (rivet || stripe) {
                    value = 40;
                }
                int at = (y * size + x) * 3;
                rgb[at] = (byte) value;
                rgb[at + 1] = (byte) value;
                rgb[at + 2] = (byte) value;
            }
        }
        return rgb;
    }

    /**
     * The panel texture as a PNG whose zlib stream is stored, not compressed, so every JDK writes the same bytes
     * (deflaters differ in their output between zlib versions).
     */
    public static byte[] panelPng() {
        int size = PANEL_TEXTURE_SIZE;
        byte[] pixels = panelPixels();
        ByteArrayOutputStream raw = new ByteArrayOutputStream();
        for (int y = 0; y < size; y++) {
            raw.write(0);
            raw.write(pixels, y * size * 3, size * 3);
        }
        byte[] scanlines = raw.toByteArray();
        ByteBuffer zlib = ByteBuffer.allocate(2 + 5 + scanlines.length + 4).order(ByteOrder.BIG_ENDIAN);
        zlib.put((byte) 0x78).put((byte) 0x01);
        // one final stored block: its length, then the length's complement, both little-endian
        zlib.put((byte) 1).put((byte) scanlines.length).put((byte) (scanlines.length >>> 8))
                .put((byte) ~scanlines.length).put((byte) (~scanlines.length >>> 8)).put(scanlines);
        Adler32 adler = new Adler32();
        adler.update(scanlines);
        zlib.putInt((int) adler.getValue());
        ByteArrayOutputStream png = new ByteArrayOutputStream();
        png.writeBytes(new byte[]{(byte) 0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n'});
        chunk(png, "IHDR", ByteBuffer.allocate(13).putInt(size).putInt(size).put((byte) 8).put((byte) 2)
                .put((byte) 0).put((byte) 0).put((byte) 0).array());
        chunk(png, "IDAT", zlib.array());
        chunk(png, "IEND", new byte[0]);
        return png.toByteArray();
    }

    private static void chunk(ByteArrayOutputStream png, String type, byte[] data) {
        byte[] typeBytes = type.getBytes(StandardCharsets.US_ASCII);
        CRC32 crc = new CRC32();
        crc.update(typeBytes);
        crc.update(data);
        png.writeBytes(ByteBuffer.allocate(4).putInt(data.length).array());
        png.writeBytes(typeBytes);
        png.writeBytes(data);
        png.writeBytes(ByteBuffer.allocate(4).putInt((int) crc.getValue()).array());
    }

    private static byte[] floats(float[] values) {
        ByteBuffer bytes = ByteBuffer.allocate(values.length * Float.BYTES).order(ByteOrder.LITTLE_ENDIAN);
        for (float v : values) {
            bytes.putFloat(v);
        }
        return bytes.array();
    }

    private static byte[] shorts(int[] values) {
        ByteBuffer bytes = ByteBuffer.allocate(values.length * Short.BYTES).order(ByteOrder.LITTLE_ENDIAN);
        for (int v : values) {
            bytes.putShort((short) v);
        }
        return bytes.array();
    }

    private static void append(StringBuilder list, String element) {
        if (list.length() > 0) {
            list.append(',');
        }
        list.append(element);
    }

    /** Six decimals, trailing zeros dropped: Float.toString's digits differ between JDK releases. */
    private static String array(float[] values) {
        StringBuilder s = new StringBuilder("[");
        for (int i = 0; i < values.length; i++) {
            if (i > 0) {
                s.append(',');
            }
            String number = String.format(Locale.ROOT, "%.6f", values[i] == 0f ? 0f : values[i]);
            number = number.replaceAll("0+$", "");
            s.append(number.endsWith(".") ? number + "0" : number);
        }
        return s.append(']').toString();
    }

    private static boolean isZero(float[] v) {
        return v[0] == 0f && v[1] == 0f && v[2] == 0f;
    }

    private static boolean isOne(float[] v) {
        return v[0] == 1f && v[1] == 1f && v[2] == 1f;
    }

    private static boolean isIdentity(float[] q) {
        return q[0] == 0f && q[1] == 0f && q[2] == 0f && q[3] == 1f;
    }
}
