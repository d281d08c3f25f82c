package io.flatscene.assets;

import io.flatscene.assets.testing.DefaultModelWriter;
import io.flatscene.assets.testing.HostileModels;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The check of a glTF file's hierarchy before Assimp recurses over it: the limit on depth, trees only, children that
 * exist, the JSON found in a binary glTF, and messages that name the node.
 */
class GltfCheckTest {
    private static final String SOURCE = "test.gltf";

    private static String chain(int depth) {
        return HostileModels.chain(depth, "");
    }

    private static byte[] glb(String json, byte padding) {
        return HostileModels.glb(json, padding);
    }

    private static void check(byte[] file) {
        GltfCheck.check(SOURCE, ByteBuffer.wrap(file));
    }

    private static void check(String json) {
        check(json.getBytes(StandardCharsets.UTF_8));
    }

    private static String refused(byte[] file) {
        String message = assertThrows(ModelException.class, () -> check(file)).getMessage();
        String prefix = "cannot import model '" + SOURCE + "': ";
        assertTrue(message.startsWith(prefix), message);
        return message.substring(prefix.length());
    }

    private static String refused(String json) {
        return refused(json.getBytes(StandardCharsets.UTF_8));
    }

    @Test
    void theBundledModelPassesAsJsonAndAsBinary() {
        check(DefaultModelWriter.gltf());
        check(DefaultModelWriter.glb());
    }

    @Test
    void aHierarchyAsDeepAsTheLimitPassesOneLevelMoreIsRefused() {
        check(chain(ModelImporter.MAX_DEPTH));
        assertEquals("its node hierarchy is 1001 levels deep (down to node 1000); at most 1000 are imported",
                refused(chain(ModelImporter.MAX_DEPTH + 1)));
        assertEquals("its node hierarchy is 1001 levels deep (down to node 1000); at most 1000 are imported",
                refused(glb(chain(ModelImporter.MAX_DEPTH + 1), (byte) ' ')));
    }

    @Test
    void aHundredThousandLevelsAreMeasuredWithoutRecursion() {
        assertEquals("its node hierarchy is 100000 levels deep (down to node 99999); at most 1000 are imported",
                refused(chain(100_000)));
    }

    @Test
    void theDeepestNodeIsNamedByItsNameWhereItHasOne() {
        String tip = "{\"mesh\":0}";
        String named = chain(ModelImporter.MAX_DEPTH + 1).replace(tip,
                "{\"name\":\"tip\\nof the\\tchain\",\"mesh\":0}");
        assertEquals("its node hierarchy is 1001 levels deep (down to node 1000 ('tip of the chain')); at most 1000 "
                + "are imported", refused(named));
        String longName = "x".repeat(500);
        String message = refused(chain(ModelImporter.MAX_DEPTH + 1).replace(tip, "{\"name\":\"" + longName
                + "\",\"mesh\":0}"));
        assertTrue(message.contains("'" + "x".repeat(60) + "...'"), message);
        assertFalse(message.contains("x".repeat(61)), message);
    }

    @Test
    void glTF1NodesByIdAreCheckedToo() {
        List<String> nodes = new ArrayList<>();
        for (int i = 0; i <= ModelImporter.MAX_DEPTH; i++) {
            nodes.add("\"n" + i + "\":{" + (i < ModelImporter.MAX_DEPTH ? "\"children\":[\"n" + (i + 1) + "\"]" : "")
                    + "}");
        }
        String json = "{\"asset\":{\"version\":\"1.0\"},\"nodes\":{" + String.join(",", nodes) + "}}";
        assertEquals("its node hierarchy is 1001 levels deep (down to node 'n1000'); at most 1000 are imported",
                refused(json));
        assertEquals("node 'a' has the child 'b', which is not a node id",
                refused("{\"nodes\":{\"a\":{\"children\":[\"b\"]}}}"));
        check("{\"nodes\":{\"a\":{\"children\":[\"b\"]},\"b\":{}}}");
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "[{\"children\":[1]},{\"children\":[0]}]| its nodes form a cycle through node 0; a node hierarchy is a "
                    + "tree",
            "[{},{\"children\":[1]}]| its nodes form a cycle through node 1; a node hierarchy is a tree",
            "[{\"children\":[2]},{\"children\":[2]},{}]| node 2 is a child of both node 0 and node 1; a node has at "
                    + "most one parent",
            "[{\"children\":[1,1]},{}]| node 0 lists node 1 as a child twice",
            "[{\"children\":[2]},{}]| node 0 has the child 2, which is not a node index (0 to 1)",
            "[{\"children\":[-1]},{}]| node 0 has the child -1, which is not a node index (0 to 1)",
            "[{\"children\":[1.0]},{}]| node 0 has the child 1.0, which is not a node index (0 to 1)",
            "[{\"children\":[\"1\"]},{}]| node 0 has the child '1', which is not a node index (0 to 1)",
            "[{\"children\":[[1]]},{}]| node 0 has the child [...], which is not a node index (0 to 1)",
            "[{\"name\":\"hub\",\"children\":1},{}]| the children of node 0 ('hub') are not an array",
            "[{},7]| node 1 is not a JSON object",
            "7| its \"nodes\" is neither an array (glTF 2.0) nor an object (glTF 1.0)"})
    void nodesMustFormTreesOfNodesThatExist(String nodes, String reason) {
        assertEquals(reason, refused("{\"nodes\":" + nodes + "}"));
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "[{\"nodes\":[0,0]}]| scene 0 lists node 0 twice",
            "[{\"nodes\":[0]},{\"nodes\":[1]}]| scene 1 lists node 1, a child of node 0; a scene lists root nodes",
            "[{\"nodes\":[2]}]| scene 0 lists 2, which is not a node index (0 to 1)",
            "[{\"nodes\":{}}]| the nodes of scene 0 are not an array",
            "3| its \"scenes\" is neither an array (glTF 2.0) nor an object (glTF 1.0)"})
    void scenesListEachRootOnce(String scenes, String reason) {
        // Assimp imports a copy of the subtree of every entry: a root listed 5,000 times is 5,000 copies
        assertEquals(reason, refused("{\"nodes\":[{\"children\":[1]},{}],\"scenes\":" + scenes + "}"));
    }

    @Test
    void scenesThatListRootsOncePass() {
        check("{\"nodes\":[{\"children\":[1]},{},{}],\"scenes\":[{\"nodes\":[0,2]},{\"nodes\":[2]},{}]}");
        check("{\"nodes\":{\"a\":{}},\"scenes\":{\"s\":{\"nodes\":[\"a\"]}}}");
        assertEquals("scene 's' lists node 'a' twice",
                refused("{\"nodes\":{\"a\":{}},\"scenes\":{\"s\":{\"nodes\":[\"a\",\"a\"]}}}"));
        assertEquals("node 'b' is not a JSON object", refused("{\"nodes\":{\"a\":{},\"b\":null}}"));
    }

    @Test
    void theJsonItselfMustBeValidAndShallow() {
        assertEquals("its glTF JSON is not an object", refused("[]"));
        assertEquals("its glTF JSON is not valid: line 1, column 1010: arrays and objects nest deeper than 1000 "
                + "levels", refused("{\"extras\":" + "[".repeat(100_000) + "]".repeat(100_000) + "}"));
        assertEquals("its glTF JSON is not valid: line 1, column 1: the document ends where a value should be",
                refused(new byte[0]));
    }

    @Test
    void theJsonEndsAtTheFirstNulAsAssimpReadsItAndMayStartWithAByteOrderMark() {
        check(glb(chain(3), (byte) 0));
        check("{\"nodes\":[]}\0 anything after a NUL is not read");
        byte[] json = chain(3).getBytes(StandardCharsets.UTF_8);
        byte[] withBom = new byte[json.length + 3];
        withBom[0] = (byte) 0xEF;
        withBom[1] = (byte) 0xBB;
        withBom[2] = (byte) 0xBF;
        System.arraycopy(json, 0, withBom, 3, json.length);
        check(withBom);
    }

    @Test
    void aBinaryGltfMustHoldTheJsonItsHeaderPromises() {
        byte[] glb = glb(chain(3), (byte) ' ');
        assertEquals("its binary glTF header is cut short (8 bytes)", refused(Arrays.copyOf(glb, 8)));
        assertEquals("its binary glTF has no complete first chunk header", refused(Arrays.copyOf(glb, 16)));
        assertEquals("its binary glTF's JSON is " + (glb.length - 20) + " bytes long, but only 10 follow the header",
                refused(Arrays.copyOf(glb, 30)));
        ByteBuffer header = ByteBuffer.wrap(glb).order(ByteOrder.LITTLE_ENDIAN);
        header.putInt(12, -1);
        assertEquals("its binary glTF's JSON is 4294967295 bytes long, but only " + (glb.length - 20)
                + " follow the header", refused(glb));
        header.putInt(12, glb.length - 20).putInt(16, 0x004E4942);
        assertEquals("its binary glTF does not start with a JSON chunk", refused(glb));
        header.putInt(16, 0x4E4F534A).putInt(4, 3);
        assertEquals("its binary glTF has version 3; versions 1 and 2 exist", refused(glb));
    }

    @Test
    void aBinaryGltf1HoldsItsJsonAfterATwentyByteHeader() {
        byte[] json = chain(ModelImporter.MAX_DEPTH + 1).getBytes(StandardCharsets.UTF_8);
        ByteBuffer glb = ByteBuffer.allocate(20 + json.length).order(ByteOrder.LITTLE_ENDIAN);
        glb.putInt(0x46546C67).putInt(1).putInt(glb.capacity()).putInt(json.length).putInt(0).put(json);
        assertTrue(refused(glb.array()).startsWith("its node hierarchy is 1001 levels deep"));
    }
}
