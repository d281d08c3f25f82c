package io.flatscene.core.scene;

import io.flatscene.core.container.Capacity;
import io.flatscene.core.scene.file.SceneFileCodec;
import io.flatscene.core.scene.file.SceneImage;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.function.Consumer;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Each rule of the format, broken on purpose: the load throws {@link SceneFileException} naming the file and the rule.
 * The base scene has no objects and no names but the root's, so its sections sit at known offsets: the counts at 24,
 * the two strings ("" and "root", 12 bytes) at 52, then the tables (empty here) and the node parents at 64.
 */
class SceneFileBadInputTest {
    private static final int COUNTS = SceneFileCodec.HEADER_BYTES;
    private static final int TABLES = COUNTS + SceneFileCodec.COUNTS_BYTES + 12;
    private static final int PARENTS = TABLES;
    private static final int NODES = 5;

    @TempDir
    Path dir;
    private byte[] base;

    @BeforeEach
    void saveBase() throws IOException {
        Path file = dir.resolve("base.fscene");
        try (SceneManager scene = new SceneManager(SceneFileScenes.config())) {
            SceneNode a = scene.rootNode().createChild();
            a.createChild().createChild();
            scene.createSceneNode("");
            SceneFiles.save(scene, file);
        }
        base = Files.readAllBytes(file);
    }

    private String refusal(byte[] bytes) throws IOException {
        Path file = dir.resolve("bad.fscene");
        Files.write(file, bytes);
        SceneFileException e = assertThrows(SceneFileException.class,
                () -> SceneFiles.load(file, SceneFileScenes.config()).close());
        assertTrue(e.getMessage().startsWith("scene file " + file), e.getMessage());
        return e.getMessage();
    }

    private byte[] edited(Consumer<ByteBuffer> edit) {
        byte[] bytes = base.clone();
        edit.accept(ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN));
        return SceneFileFuzzTest.reseal(bytes);
    }

    private static void assertContains(String message, String part) {
        assertTrue(message.contains(part), message);
    }

    /**
     * A save onto a directory, empty or not, is refused before anything is written, and leaves the directory as it
     * was with nothing beside it.
     */
    @Test
    void aSaveOntoADirectoryIsRefusedAndLeavesNothingBehind() throws IOException {
        Path full = Files.createDirectory(dir.resolve("full"));
        Files.writeString(full.resolve("inside.txt"), "kept");
        Path empty = Files.createDirectory(dir.resolve("empty"));
        try (SceneManager scene = new SceneManager(SceneFileScenes.config())) {
            for (Path target : List.of(full, empty)) {
                FileSystemException e = assertThrows(FileSystemException.class, () -> SceneFiles.save(scene, target));
                assertEquals(target + ": is a directory, which a scene file cannot replace", e.getMessage());
                assertTrue(Files.isDirectory(target), target + " is still a directory");
            }
        }
        assertEquals("kept", Files.readString(full.resolve("inside.txt")));
        try (Stream<Path> files = Files.list(dir)) {
            assertEquals(List.of("base.fscene", "empty", "full"), files.map(p -> p.getFileName().toString()).sorted()
                    .toList());
        }
    }

    @Test
    void truncatedExtendedAndCorruptFilesAreRefused() throws IOException {
        assertContains(refusal(Arrays.copyOf(base, base.length - 3)), "the header declares a payload of");
        assertContains(refusal(Arrays.copyOf(base, base.length + 1)), "(truncated or extended)");
        assertContains(refusal(Arrays.copyOf(base, 10)), "10 bytes are too few for a scene file");
        byte[] flipped = base.clone();
        flipped[PARENTS + 1] ^= 4;
        assertContains(refusal(flipped), "checksum mismatch");
    }

    /**
     * A file one byte longer than the longest array is refused by its length, before anything is read or allocated
     * (its bytes are a hole, so it takes no disk): it was allocated up to 2^31 - 1 bytes, past what a JVM allocates,
     * and failed with an OutOfMemoryError naming nothing.
     */
    @Test
    void aFileLongerThanAnArrayIsRefusedByItsLength() throws IOException {
        Path file = dir.resolve("huge.fscene");
        try (RandomAccessFile huge = new RandomAccessFile(file.toFile(), "rw")) {
            huge.setLength(Capacity.MAX_ARRAY_LENGTH + 1L);
        }
        SceneFileException e = assertThrows(SceneFileException.class,
                () -> SceneFiles.load(file, SceneFileScenes.config()).close());
        assertEquals("scene file " + file + ": 2,147,483,640 bytes, above the 2,147,483,639 a scene file holds (the "
                + "longest array)", e.getMessage());
    }

    @Test
    void anotherFormatOrVersionIsRefused() throws IOException {
        assertContains(refusal(edited(b -> b.putInt(0, 0x1234_5678))), "not a FlatScene scene file");
        assertContains(refusal(edited(b -> b.putInt(4, 2))), "format version 2, and this FlatScene reads version 1");
        assertContains(refusal(edited(b -> b.putInt(20, 2))), "header flags 0x2 are unknown");
        assertContains(refusal(edited(b -> b.putInt(20, SceneFileCodec.KIND_SECTIONS))),
                "the file ends before the number of kind sections");
    }

    @Test
    void hugeCountsAreRefusedBeforeAnythingIsAllocated() throws IOException {
        assertContains(refusal(edited(b -> b.putInt(COUNTS, Integer.MAX_VALUE))),
                "2,147,483,647 nodes, 0 items, 0 lights, 0 cameras and 2 strings need at least");
        assertContains(refusal(edited(b -> b.putInt(COUNTS + 4, 1 << 30))), "but the file holds");
        assertContains(refusal(edited(b -> b.putInt(COUNTS + 16, Integer.MAX_VALUE / 4))), "need at least");
        assertContains(refusal(edited(b -> b.putInt(COUNTS + 8, -1))), "counts must be >= 0");
        assertContains(refusal(edited(b -> b.putInt(COUNTS + SceneFileCodec.COUNTS_BYTES, 1 << 20))),
                "string 0 declares 1,048,576 bytes");
    }

    @Test
    void cyclesAndOutOfRangeParentsAreRefused() throws IOException {
        assertContains(refusal(edited(b -> b.putInt(PARENTS + 4, 3))),
                "node 1 has parent 3; a parent must come before its child");
        assertContains(refusal(edited(b -> b.putInt(PARENTS + 8, 2))), "node 2 has parent 2");
        assertContains(refusal(edited(b -> b.putInt(PARENTS + 8, -7))), "node 2 has parent -7");
        assertContains(refusal(edited(b -> b.putInt(PARENTS, 1))), "node 0 is the root and has no parent");
        assertContains(refusal(edited(b -> b.putInt(PARENTS + 4 * NODES, 9))), "node 0 names string 9");
    }

    @Test
    void badNodeValuesAreRefused() throws IOException {
        int flags = PARENTS + 8 * NODES;
        int positions = flags + NODES;
        int orientations = positions + 12 * NODES;
        assertContains(refusal(edited(b -> b.put(flags + 2, (byte) 0x40))), "node 2 has unknown flag bits 0x40");
        // file order: root, the detached node, then the chain under the root (2, 3, 4)
        assertContains(refusal(edited(b -> b.put(flags + 4, (byte) SceneImage.STATIC))),
                "node 4 is static under dynamic node 3, which is not at depth 0");
        assertContains(refusal(edited(b -> b.putFloat(positions + 12 + 4, Float.NaN))),
                "node 1 position holds NaN; every value must be finite");
        assertContains(refusal(edited(b -> b.putFloat(orientations + 16 * 3 + 12, 2f))),
                "node 3 orientation (0.0, 0.0, 0.0, 2.0) is not a unit quaternion");
        int scales = orientations + 16 * NODES;
        assertContains(refusal(edited(b -> b.putFloat(scales + 12 * 2 + 8, Float.POSITIVE_INFINITY))),
                "node 2 scale holds Infinity; every value must be finite");
    }

    @Test
    void objectsOutOfRangeOrRefusedBySettersLeaveNoScene() throws IOException {
        Path file = dir.resolve("objects.fscene");
        try (SceneManager scene = new SceneManager(SceneFileScenes.config())) {
            scene.rootNode().attachObject(scene.createItem(2, 3, Aabb.INFINITE));
            scene.rootNode().attachObject(scene.createLight("", Light.Type.POINT));
            SceneFiles.save(scene, file);
        }
        base = Files.readAllBytes(file);
        // the same strings, one mesh and one material entry, one node, then the item
        int item = TABLES + 16 + SceneFileCodec.NODE_BYTES;
        assertContains(refusal(edited(b -> b.putInt(item, 1))), "item 0 is attached to node 1, outside -1");
        assertContains(refusal(edited(b -> b.putInt(item + 8, 1))), "item 0 uses mesh table entry 1, outside");
        assertContains(refusal(edited(b -> b.putInt(TABLES, -5))), "mesh table entry 0 has id -5, below 0");
        int light = item + ItemKind.FORMAT.recordBytes();
        assertContains(refusal(edited(b -> b.put(light + 8, (byte) 3))), "light 0 has type 3, outside 0 to 2");
        String refused = refusal(edited(b -> b.putFloat(light + 9 + 12, -1f)));
        assertContains(refused, "an object was refused");
        assertContains(refused, "range");
        Path bad = dir.resolve("bad.fscene");
        SceneFileException e = assertThrows(SceneFileException.class,
                () -> SceneFiles.load(bad, SceneFileScenes.config()).close());
        assertInstanceOf(IllegalArgumentException.class, e.getCause());
    }

    /**
     * Every index an object record holds is checked while the file is read, at its exact bounds, with the rule in the
     * message: none is left to the build to trip over, whose refusal would name no rule.
     */
    @Test
    void objectIndicesAreCheckedAtTheirBoundsBeforeAnythingIsBuilt() throws IOException {
        Path file = dir.resolve("objects.fscene");
        try (SceneManager scene = new SceneManager(SceneFileScenes.config())) {
            scene.rootNode().attachObject(scene.createItem(2, 3, Aabb.INFINITE));
            scene.rootNode().attachObject(scene.createLight("", Light.Type.POINT));
            scene.rootNode().attachObject(scene.createCamera(""));
            SceneFiles.save(scene, file);
        }
        base = Files.readAllBytes(file);
        // two strings ("" and "root"), one mesh and one material entry, one node, then one item, light and camera
        int item = TABLES + 16 + SceneFileCodec.NODE_BYTES;
        int light = item + ItemKind.FORMAT.recordBytes();
        int camera = light + LightKind.FORMAT.recordBytes();
        assertContains(refusal(edited(b -> b.putInt(TABLES + 4, 2))), "mesh table entry 0 names string 2, outside");
        assertContains(refusal(edited(b -> b.putInt(item, -2))), "item 0 is attached to node -2, outside -1 "
                + "(detached) to 0");
        assertContains(refusal(edited(b -> b.putInt(item + 4, 2))), "item 0 names string 2, outside the table's 2");
        assertContains(refusal(edited(b -> b.putInt(item + 4, -1))), "item 0 names string -1");
        assertContains(refusal(edited(b -> b.putInt(item + 8, -1))), "item 0 uses mesh table entry -1");
        assertContains(refusal(edited(b -> b.putInt(item + 12, 1))), "item 0 uses material table entry 1, outside");
        assertContains(refusal(edited(b -> b.putInt(item + 12, -1))), "item 0 uses material table entry -1");
        assertContains(refusal(edited(b -> b.put(item + 52, (byte) 2))), "item 0 has transparency byte 2");
        assertContains(refusal(edited(b -> b.putInt(light, 1))), "light 0 is attached to node 1, outside");
        assertContains(refusal(edited(b -> b.putInt(light + 4, 2))), "light 0 names string 2");
        assertContains(refusal(edited(b -> b.put(light + 8, (byte) -1))), "light 0 has type -1");
        assertContains(refusal(edited(b -> b.putInt(camera, 1))), "camera 0 is attached to node 1, outside");
        assertContains(refusal(edited(b -> b.putInt(camera + 4, 2))), "camera 0 names string 2");
        assertContains(refusal(edited(b -> b.put(camera + 8, (byte) 2))), "camera 0 has projection 2, outside 0 to 1");
        assertContains(refusal(edited(b -> b.put(camera + 8, (byte) -1))), "camera 0 has projection -1");
    }

    @Test
    void aMissingFileIsAnIoError() {
        assertThrows(NoSuchFileException.class,
                () -> SceneFiles.load(dir.resolve("missing.fscene"), SceneFileScenes.config()));
    }
}
