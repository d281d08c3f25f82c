package io.flatscene.assets.testing;

import io.flatscene.assets.ModelImporter;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

/**
 * Files for the importer's fuzz test, the same for the same seed: the bundled rover as glTF and GLB and a small OBJ
 * cube, with bytes changed, cut short, and numbers swapped for extreme ones, plus hand-made files: lines and points,
 * and files that each break one rule (deep, wide and cyclic hierarchies, counts and offsets past the data, values past
 * a float, names with line breaks).
 */
public final class FuzzCorpus {
    /** A file to write under {@code name}; {@code model} is false for a file that a model refers to. */
    private record Sample(String name, byte[] bytes, boolean model) {
    }

    private static final String CUBE_MTL = "newmtl red\nKd 0.9 0.1 0.1\nnewmtl glass\nKd 0.2 0.4 1.0\nd 0.5\n";
    private static final String CUBE_OBJ = """
            # a cube in two objects, with normals and a material library
            mtllib cube.mtl
            v 0 0 0
            v 1 0 0
            v 1 1 0
            v 0 1 0
            v 0 0 1
            v 1 0 1
            v 1 1 1
            v 0 1 1
            vn 0 0 -1
            vn 0 0 1
            o solid
            usemtl red
            f 1//1 4//1 3//1 2//1
            f 1 2 6 5
            f 4 8 7 3
            o pane
            usemtl glass
            f 5//2 6//2 7//2 8//2
            f 1 5 8 4
            f 2 3 7 6
            """;
    /** Bytes that change a file's structure rather than a value in it. */
    private static final byte[] SPECIAL = "[]{},\":0-9\n \u0000\u00ff.e/".getBytes(StandardCharsets.ISO_8859_1);
    private static final String[] JSON_NUMBERS = {"-1", "0", "65535", "2147483647", "2147483648", "4294967295",
        "99999999999999999999", "1e300", "-1e300", "3.5", "1e39"};
    private static final String[] OBJ_NUMBERS = {"3e38", "-3e38", "nan", "inf", "1e39", "2147483647", "-2147483648",
        "0", "-99999", "1e16"};
    private static final Pattern NUMBER = Pattern.compile("-?\\d+(\\.\\d+)?([eE][+-]?\\d+)?");
    private static final int MUTANTS = 30;
    private static final int TRUNCATIONS = 8;
    private static final int CHAIN = 10_000;

    private FuzzCorpus() {
    }

    /**
     * Writes the corpus of {@code seed} into {@code dir}.
     *
     * @return the model files by name, in the corpus's order; the files they refer to are written beside them
     */
    public static Map<String, Path> write(long seed, Path dir) throws IOException {
        Map<String, Path> models = new LinkedHashMap<>();
        for (Sample sample : of(seed)) {
            Path file = Files.write(dir.resolve(sample.name()), sample.bytes());
            if (sample.model()) {
                models.putIfAbsent(sample.name(), file);
            }
        }
        return models;
    }

    private static List<Sample> of(long seed) {
        Random random = new Random(seed);
        List<Sample> samples = new ArrayList<>();
        DefaultModelWriter.Document document = DefaultModelWriter.document();
        String gltf = DefaultModelWriter.gltf();
        String glbJson = document.json(null);
        byte[] bin = document.buffer();
        byte[] glb = glb(glbJson, bin);
        int uri = gltf.indexOf("\"uri\":");
        // the JSON's structure: everything but the base64 buffer, which is most of the file
        int structure = uri;
        int glbStructure = 20 + glbJson.length() + 8;
        samples.add(new Sample("cube.mtl", bytes(CUBE_MTL), false));
        samples.add(new Sample("rover.gltf", bytes(gltf), true));
        samples.add(new Sample("rover.glb", glb, true));
        samples.add(new Sample("cube.obj", bytes(CUBE_OBJ), true));
        for (int i = 0; i < MUTANTS; i++) {
            samples.add(new Sample("flip-" + i + ".gltf", flip(bytes(gltf), structure, random), true));
            samples.add(new Sample("flip-" + i + ".glb", flip(glb, glbStructure, random), true));
            samples.add(new Sample("flip-" + i + ".obj", flip(bytes(CUBE_OBJ), CUBE_OBJ.length(), random), true));
            samples.add(new Sample("numbers-" + i + ".gltf", bytes(renumber(gltf.substring(0, uri), JSON_NUMBERS,
                    random) + gltf.substring(uri)), true));
            samples.add(new Sample("numbers-" + i + ".glb", glb(renumber(glbJson, JSON_NUMBERS, random), bin), true));
            samples.add(new Sample("numbers-" + i + ".obj", bytes(renumber(CUBE_OBJ, OBJ_NUMBERS, random)), true));
        }
        int[] glbCuts = {0, 4, 11, 12, 19, 20, 21, glbStructure - 9, glbStructure - 1, glbStructure + 4};
        for (int cut : glbCuts) {
            samples.add(new Sample("cut-" + cut + ".glb", truncate(glb, cut), true));
        }
        for (int i = 0; i < TRUNCATIONS; i++) {
            samples.add(new Sample("cut-" + i + ".gltf", truncate(bytes(gltf), random.nextInt(gltf.length())), true));
            samples.add(new Sample("cut-r" + i + ".glb", truncate(glb, random.nextInt(glb.length)), true));
            samples.add(new Sample("cut-" + i + ".obj", truncate(bytes(CUBE_OBJ), random.nextInt(CUBE_OBJ.length())),
                    true));
        }
        handMade(samples);
        return Collections.unmodifiableList(samples);
    }

    private static void handMade(List<Sample> samples) {
        gltf(samples, "points.gltf", HostileModels.primitive(0));
        gltf(samples, "line-loop.gltf", HostileModels.primitive(2));
        gltf(samples, "line-strip.gltf", HostileModels.primitive(3));
        obj(samples, "lines.obj", "v 0 0 0\nv 1 0 0\nv 1 1 0\nl 1 2 3\nl 3 1\n");
        obj(samples, "points.obj", "v 0 0 0\nv 1 0 0\np 1 2\n");
        String triangle = HostileModels.triangle(0f, 1f);
        String chain = HostileModels.chain(CHAIN, "");
        gltf(samples, "deep.gltf", chain);
        samples.add(new Sample("deep.glb", HostileModels.glb(chain, (byte) ' '), true));
        gltf(samples, "deep-at-the-limit.gltf", HostileModels.chain(ModelImporter.MAX_DEPTH, ""));
        gltf(samples, "deep-gltf1.gltf", "{\"asset\":{\"version\":\"1.0\"},\"nodes\":{" + IntStream.range(0, CHAIN)
                .mapToObj(i -> "\"n" + i + "\":{\"children\":[\"n" + (i + 1) + "\"]}").collect(Collectors.joining(","))
                + ",\"n" + CHAIN + "\":{}}}");
        gltf(samples, "deep-json.gltf", triangle.replace("\"asset\":", "\"extras\":" + "[".repeat(100_000)
                + "]".repeat(100_000) + ",\"asset\":"));
        gltf(samples, "wide.gltf", HostileModels.gltf("[{\"children\":[" + IntStream.rangeClosed(1, 5_000)
                .mapToObj(Integer::toString).collect(Collectors.joining(",")) + "]}" + ",{\"mesh\":0}".repeat(5_000)
                + "]", 0f, 1f));
        gltf(samples, "cycle.gltf", HostileModels.gltf("[{\"children\":[1],\"mesh\":0},{\"children\":[0]}]", 0f, 1f));
        gltf(samples, "own-child.gltf", HostileModels.gltf("[{\"children\":[0],\"mesh\":0}]", 0f, 1f));
        gltf(samples, "two-parents.gltf", HostileModels.gltf("[{\"children\":[1,2]},{\"children\":[3]},"
                + "{\"children\":[3]},{\"mesh\":0}]", 0f, 1f));
        // each node lists the next twice: 2^40 paths to the last one
        gltf(samples, "doubling.gltf", HostileModels.gltf("[" + IntStream.range(0, 40).mapToObj(i -> "{\"children\":["
                + (i + 1) + "," + (i + 1) + "]}").collect(Collectors.joining(",")) + ",{\"mesh\":0}]", 0f, 1f));
        // a root listed again and again: each listing is a copy of the whole chain
        gltf(samples, "roots-repeated.gltf", HostileModels.chain(ModelImporter.MAX_DEPTH, "").replace(
                "\"scenes\":[{\"nodes\":[0]}]", "\"scenes\":[{\"nodes\":[" + "0,".repeat(4_999) + "0]}]"));
        gltf(samples, "root-not-a-root.gltf", HostileModels.chain(5, "").replace("\"nodes\":[0]}", "\"nodes\":[3]}"));
        gltf(samples, "child-past-the-end.gltf", HostileModels.gltf("[{\"children\":[7],\"mesh\":0}]", 0f, 1f));
        gltf(samples, "child-negative.gltf", HostileModels.gltf("[{\"children\":[-1],\"mesh\":0}]", 0f, 1f));
        gltf(samples, "mesh-index.gltf", triangle.replace("\"mesh\":0", "\"mesh\":2147483647"));
        gltf(samples, "scene-index.gltf", triangle.replace("\"scene\":0", "\"scene\":99"));
        gltf(samples, "root-index.gltf", triangle.replace("\"nodes\":[0]}", "\"nodes\":[99]}"));
        gltf(samples, "count-huge.gltf", triangle.replace("\"count\":3", "\"count\":2147483647"));
        gltf(samples, "count-past-the-view.gltf", triangle.replace("\"count\":3", "\"count\":4"));
        gltf(samples, "count-zero.gltf", triangle.replace("\"count\":3", "\"count\":0"));
        gltf(samples, "view-length-huge.gltf", triangle.replace("\"buffer\":0,\"byteLength\":36",
                "\"buffer\":0,\"byteLength\":4294967295"));
        gltf(samples, "view-offset-huge.gltf", triangle.replace("\"buffer\":0,", "\"buffer\":0,\"byteOffset\":"
                + "2147483647,"));
        gltf(samples, "stride-past-the-end.gltf", triangle.replace("\"buffer\":0,",
                "\"buffer\":0,\"byteStride\":252,"));
        gltf(samples, "buffer-index.gltf", triangle.replace("\"buffer\":0,", "\"buffer\":5,"));
        gltf(samples, "buffer-device.gltf", triangle.replaceAll("\"buffers\":\\[\\{.*\\}\\]",
                "\"buffers\":[{\"byteLength\":1000000000,\"uri\":\"/dev/zero\"}]"));
        gltf(samples, "buffer-missing.gltf", triangle.replaceAll("\"uri\":\"[^\"]*\"", "\"uri\":\"missing.bin\""));
        gltf(samples, "buffer-bad-base64.gltf", triangle.replaceAll("base64,[^\"]*\"", "base64,@@@@\""));
        gltf(samples, "sparse-huge.gltf", triangle.replace("\"type\":\"VEC3\",", "\"type\":\"VEC3\",\"sparse\":"
                + "{\"count\":2147483647,\"indices\":{\"bufferView\":0,\"componentType\":5125},\"values\":"
                + "{\"bufferView\":0}},"));
        // a thousand nodes each drawing a mesh of two thousand parts: two million items from 80 kB
        String primitive = "{\"attributes\":{\"POSITION\":0}}";
        String children = IntStream.range(1, 1_000).mapToObj(Integer::toString).collect(Collectors.joining(","));
        gltf(samples, "primitives-repeated.gltf", triangle
                .replace("\"primitives\":[" + primitive + "]", "\"primitives\":[" + (primitive + ",").repeat(1_999)
                        + primitive + "]")
                .replace("\"nodes\":[{\"mesh\":0}]", "\"nodes\":[{\"mesh\":0,\"children\":[" + children + "]}"
                        + ",{\"mesh\":0}".repeat(999) + "]"));
        gltf(samples, "long-name.gltf", triangle.replace("\"mesh\":0", "\"name\":\"" + "line\\n".repeat(200_000)
                + "\",\"mesh\":0"));
        gltf(samples, "far.gltf", HostileModels.triangle(-3e38f, 3e38f));
        gltf(samples, "scaled-far.gltf", HostileModels.chain(3, "\"scale\":[1e30,1e30,1e30]"));
        gltf(samples, "matrix-infinite.gltf", triangle.replace("\"mesh\":0", "\"matrix\":[1e39,0,0,0,0,1,0,0,0,0,1,0,"
                + "0,0,0,1],\"mesh\":0"));
        obj(samples, "far.obj", "v 3e38 3e38 3e38\nv -3e38 -3e38 -3e38\nv 3e38 -3e38 0\nf 1 2 3\n");
        obj(samples, "nan.obj", "v nan 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 3\n");
        obj(samples, "face-index-huge.obj", "v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 2147483647\n");
        obj(samples, "face-index-negative.obj", "v 0 0 0\nv 1 0 0\nv 0 1 0\nf -1 -2 -100\n");
        obj(samples, "face-index-zero.obj", "v 0 0 0\nv 1 0 0\nv 0 1 0\nf 0 1 2\n");
        obj(samples, "face-wide.obj", IntStream.range(0, 1_000).mapToObj(i -> "v " + Math.cos(i * 0.00628) + " "
                + Math.sin(i * 0.00628) + " 0\n").collect(Collectors.joining()) + "f " + IntStream.rangeClosed(1, 1_000)
                .mapToObj(Integer::toString).collect(Collectors.joining(" ")) + "\n");
        obj(samples, "line-long.obj", "v " + "1".repeat(100_000) + " 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 3\n");
        obj(samples, "faces-only.obj", "f 1 2 3\nf 4 5 6\n");
        obj(samples, "coordinates-missing.obj", "v 1\nv\nv 1 2\nf 1 2 3\n");
        obj(samples, "names-with-control-characters.obj", "o a\u0001b\u007f\nv 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 3\n");
        obj(samples, "mtllib-device.obj", "mtllib /dev/zero\nv 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 3\n");
        obj(samples, "mtllib-self.obj", "mtllib mtllib-self.obj\nusemtl self\nv 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 3\n");
    }

    private static void gltf(List<Sample> samples, String name, String json) {
        samples.add(new Sample(name, bytes(json), true));
    }

    private static void obj(List<Sample> samples, String name, String text) {
        samples.add(new Sample(name, bytes(text), true));
    }

    private static byte[] bytes(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }

    /** A GLB of {@code json} and {@code bin}, each chunk padded to four bytes as the format asks. */
    private static byte[] glb(String json, byte[] bin) {
        byte[] text = bytes(json);
        int jsonLength = (text.length + 3) & ~3;
        int binLength = (bin.length + 3) & ~3;
        ByteBuffer glb = ByteBuffer.allocate(12 + 8 + jsonLength + 8 + binLength).order(ByteOrder.LITTLE_ENDIAN);
        glb.putInt(0x46546C67).putInt(2).putInt(glb.capacity()).putInt(jsonLength).putInt(0x4E4F534A).put(text);
        while (glb.position() % 4 != 0) {
            glb.put((byte) ' ');
        }
        glb.putInt(binLength).putInt(0x004E4942).put(bin);
        return glb.array();
    }

    /**
     * One to eight bytes replaced, three in four within the first {@code structure} bytes (the part that is not
     * bulk data), with structural characters as often as random ones.
     */
    private static byte[] flip(byte[] original, int structure, Random random) {
        byte[] bytes = original.clone();
        int flips = 1 + random.nextInt(8);
        for (int i = 0; i < flips; i++) {
            int at = random.nextInt(4) < 3 ? random.nextInt(structure) : random.nextInt(bytes.length);
            bytes[at] = random.nextBoolean() ? SPECIAL[random.nextInt(SPECIAL.length)] : (byte) random.nextInt(256);
        }
        return bytes;
    }

    /** One to three of the numbers in {@code text} swapped for extreme ones. */
    private static String renumber(String text, String[] values, Random random) {
        List<int[]> numbers = new ArrayList<>();
        Matcher matcher = NUMBER.matcher(text);
        while (matcher.find()) {
            numbers.add(new int[]{matcher.start(), matcher.end()});
        }
        List<int[]> chosen = new ArrayList<>();
        int swaps = 1 + random.nextInt(3);
        for (int i = 0; i < swaps; i++) {
            chosen.add(numbers.get(random.nextInt(numbers.size())));
        }
        chosen.sort((a, b) -> Integer.compare(b[0], a[0]));
        StringBuilder swapped = new StringBuilder(text);
        int previousStart = Integer.MAX_VALUE;
        for (int[] number : chosen) {
            if (number[0] < previousStart) {
                swapped.replace(number[0], number[1], values[random.nextInt(values.length)]);
                previousStart = number[0];
            }
        }
        return swapped.toString();
    }

    private static byte[] truncate(byte[] bytes, int length) {
        byte[] cut = new byte[length];
        System.arraycopy(bytes, 0, cut, 0, length);
        return cut;
    }
}
