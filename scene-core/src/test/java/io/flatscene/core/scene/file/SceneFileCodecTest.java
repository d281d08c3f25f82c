package io.flatscene.core.scene.file;

import io.flatscene.core.container.Index;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.zip.CRC32C;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The codec alone, over a kind table of its own: three counted kinds, then two named ones, one with a column of longs
 * (a type no scene kind uses yet). Files are built by encoding an image by hand and then edited at known offsets
 * (the counts at 24, the strings at 52, a kind section at the end) and resealed, so that each rule is broken alone.
 */
class SceneFileCodecTest {
    private static final String FILE = "test.fscene";
    private static final KindFormat.RecordCheck ANY = (image, records, row) -> null;
    private static final KindFormat ITEMS = new KindFormat("item", "items", true, List.of(FileColumn.ints(1)), ANY);
    private static final KindFormat LIGHTS = new KindFormat("light", "lights", true, List.of(FileColumn.oneByte()),
            ANY);
    private static final KindFormat CAMERAS = new KindFormat("camera", "cameras", true, List.of(FileColumn.floats(2)),
            ANY);
    private static final KindFormat MARKERS = new KindFormat("marker", "markers", false,
            List.of(new FileColumn(FileColumn.Type.LONG, 2)), ANY);
    private static final KindFormat PINS = new KindFormat("pin", "pins", false, List.of(FileColumn.ints(1)), ANY);
    private static final List<KindFormat> FORMATS = List.of(ITEMS, LIGHTS, CAMERAS, MARKERS, PINS);
    private static final int COUNTS = SceneFileCodec.HEADER_BYTES;
    private static final int STRINGS = COUNTS + SceneFileCodec.COUNTS_BYTES;
    /** A marker record: node, name and tag, and two longs. */
    private static final int MARKER_BYTES = 32;

    /** The root alone, every string empty: nothing past the fixed parts. */
    private static SceneImage rootOnly() {
        SceneImage image = new SceneImage();
        image.allocateNodes(1);
        image.nodeParent[0] = Index.NONE;
        image.orientation[3] = 1f;
        Arrays.fill(image.scale, 1f);
        image.objects = new ObjectRecords[FORMATS.size()];
        for (int k = 0; k < FORMATS.size(); k++) {
            image.objects[k] = new ObjectRecords(FORMATS.get(k), 0);
        }
        return image;
    }

    /**
     * A root, a static child of it and a detached node; a named and an unnamed table entry; an item, a camera, and
     * {@code markers} markers and {@code pins} pins.
     */
    private static SceneImage image(int markers, int pins) {
        SceneImage image = new SceneImage();
        image.strings = new String[] {"", "markers", "pins", "root", "ü"};
        image.meshIds = new int[] {4, 6};
        image.meshNames = new int[] {Index.NONE, 4};
        image.materialIds = new int[] {7};
        image.materialNames = new int[] {3};
        image.allocateNodes(3);
        image.nodeParent[0] = Index.NONE;
        image.nodeParent[1] = 0;
        image.nodeParent[2] = Index.NONE;
        image.nodeName[0] = 3;
        image.nodeFlags[1] = (byte) (SceneImage.STATIC | SceneImage.INHERIT_SCALE);
        image.nodeFlags[2] = SceneImage.HIDDEN;
        for (int n = 0; n < 3; n++) {
            image.position[3 * n] = n + 0.5f;
            image.position[3 * n + 2] = -n;
            image.orientation[4 * n + n] = 1f;
            Arrays.fill(image.scale, 3 * n, 3 * n + 3, n + 1f);
            image.nodeTag[n] = 100L * n - 1L;
        }
        image.objects = new ObjectRecords[FORMATS.size()];
        ObjectRecords items = new ObjectRecords(ITEMS, 1);
        items.nodes()[0] = 1;
        items.ints(0)[0] = 9;
        items.tags()[0] = 5L;
        ObjectRecords cameras = new ObjectRecords(CAMERAS, 1);
        cameras.nodes()[0] = Index.NONE;
        cameras.names()[0] = 3;
        cameras.floats(0)[0] = 0.25f;
        cameras.floats(0)[1] = 2f;
        ObjectRecords marked = new ObjectRecords(MARKERS, markers);
        for (int r = 0; r < markers; r++) {
            marked.nodes()[r] = r % 3;
            marked.longs(0)[2 * r] = Long.MIN_VALUE + r;
            marked.longs(0)[2 * r + 1] = r * 1_000_000_007L;
            marked.tags()[r] = -r;
        }
        ObjectRecords pinned = new ObjectRecords(PINS, pins);
        for (int r = 0; r < pins; r++) {
            pinned.nodes()[r] = 2;
            pinned.names()[r] = 2;
            pinned.ints(0)[r] = -r - 1;
        }
        image.objects[0] = items;
        image.objects[1] = new ObjectRecords(LIGHTS, 0);
        image.objects[2] = cameras;
        image.objects[3] = marked;
        image.objects[4] = pinned;
        return image;
    }

    private static byte[] encode(SceneImage image) throws FileFormatException {
        ByteBuffer b = SceneFileCodec.encode(image, FORMATS, FILE);
        byte[] bytes = new byte[b.remaining()];
        b.get(bytes);
        return bytes;
    }

    private static SceneImage decode(byte[] bytes) throws FileFormatException {
        return SceneFileCodec.decode(ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN), FORMATS, FILE);
    }

    /** The file's payload length and checksum made right again after an edit. */
    private static byte[] reseal(byte[] bytes) {
        CRC32C crc = new CRC32C();
        crc.update(bytes, SceneFileCodec.HEADER_BYTES, bytes.length - SceneFileCodec.HEADER_BYTES);
        ByteBuffer b = ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN);
        b.putLong(8, bytes.length - SceneFileCodec.HEADER_BYTES);
        b.putInt(16, (int) crc.getValue());
        return bytes;
    }

    private static byte[] edited(byte[] base, Consumer<ByteBuffer> edit) {
        byte[] bytes = base.clone();
        edit.accept(ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN));
        return reseal(bytes);
    }

    /** The rule a refused file breaks, without the "scene file NAME: " every refusal starts with. */
    private static String refusal(byte[] bytes) {
        FileFormatException e = assertThrows(FileFormatException.class, () -> decode(bytes));
        String prefix = "scene file " + FILE + ": ";
        assertEquals(prefix, e.getMessage().substring(0, prefix.length()), e.getMessage());
        return e.getMessage().substring(prefix.length());
    }

    private static void assertSameImage(SceneImage expected, SceneImage actual) {
        assertArrayEquals(expected.strings, actual.strings);
        assertArrayEquals(expected.meshIds, actual.meshIds);
        assertArrayEquals(expected.meshNames, actual.meshNames);
        assertArrayEquals(expected.materialIds, actual.materialIds);
        assertArrayEquals(expected.materialNames, actual.materialNames);
        assertEquals(expected.nodeCount, actual.nodeCount);
        assertArrayEquals(expected.nodeParent, actual.nodeParent);
        assertArrayEquals(expected.nodeName, actual.nodeName);
        assertArrayEquals(expected.nodeFlags, actual.nodeFlags);
        assertArrayEquals(expected.position, actual.position);
        assertArrayEquals(expected.orientation, actual.orientation);
        assertArrayEquals(expected.scale, actual.scale);
        assertArrayEquals(expected.nodeTag, actual.nodeTag);
        assertEquals(expected.objects.length, actual.objects.length);
        for (int k = 0; k < expected.objects.length; k++) {
            ObjectRecords e = expected.objects[k];
            ObjectRecords a = actual.objects[k];
            String kind = FORMATS.get(k).plural();
            assertEquals(FORMATS.get(k), a.format(), kind);
            assertEquals(e.count(), a.count(), kind);
            assertArrayEquals(e.nodes(), a.nodes(), kind);
            assertArrayEquals(e.names(), a.names(), kind);
            assertArrayEquals(e.tags(), a.tags(), kind);
            List<FileColumn> columns = FORMATS.get(k).columns();
            for (int c = 0; c < columns.size(); c++) {
                switch (columns.get(c).type()) {
                    case BYTE -> assertArrayEquals(e.bytes(c), a.bytes(c), kind);
                    case INT -> assertArrayEquals(e.ints(c), a.ints(c), kind);
                    case FLOAT -> assertArrayEquals(e.floats(c), a.floats(c), kind);
                    case LONG -> assertArrayEquals(e.longs(c), a.longs(c), kind);
                }
            }
        }
    }

    private static int headerFlags(byte[] bytes) {
        return ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN).getInt(20);
    }

    // ---- what a file holds ----

    /**
     * Every value comes back: the named kinds in sections (a column of longs among them), an empty named kind between
     * others written as no section, detached nodes and objects, unnamed table entries.
     */
    @Test
    void anImageComesBackFromItsBytes() throws FileFormatException {
        for (int[] named : new int[][] {{2, 0}, {0, 3}, {1, 1}}) {
            SceneImage image = image(named[0], named[1]);
            byte[] bytes = encode(image);
            assertEquals(SceneFileCodec.KIND_SECTIONS, headerFlags(bytes));
            int sections = (named[0] > 0 ? 1 : 0) + (named[1] > 0 ? 1 : 0);
            assertEquals(sections, ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN).getInt(bytes.length
                    - 8 * sections - MARKER_BYTES * named[0] - 20 * named[1] - 4), Arrays.toString(named));
            assertSameImage(image, decode(bytes));
        }
        SceneImage plain = image(0, 0);
        byte[] bytes = encode(plain);
        assertEquals(0, headerFlags(bytes), "no named kind's objects: a plain version 1 file");
        assertSameImage(plain, decode(bytes));
    }

    /** The root alone with the empty string: the file is exactly the fixed parts the counts promise, and loads. */
    @Test
    void aFileHoldingExactlyWhatItsCountsNeedLoads() throws FileFormatException {
        SceneImage image = rootOnly();
        byte[] bytes = encode(image);
        assertEquals(STRINGS + 4 + SceneFileCodec.NODE_BYTES, bytes.length);
        assertSameImage(image, decode(bytes));
    }

    @Test
    void theKindTableMustOpenWithTheThreeCountedKinds() {
        List<KindFormat> late = List.of(MARKERS, ITEMS, LIGHTS, CAMERAS);
        List<KindFormat> two = List.of(ITEMS, LIGHTS, MARKERS);
        SceneImage image = rootOnly();
        ByteBuffer empty = ByteBuffer.allocate(0);
        for (List<KindFormat> formats : List.of(late, two)) {
            image.objects = new ObjectRecords[formats.size()];
            for (int k = 0; k < formats.size(); k++) {
                image.objects[k] = new ObjectRecords(formats.get(k), 0);
            }
            String expected = formats == late ? "the counted kinds must open the kind table: items is at 1"
                    : "format version 1 counts 3 kinds, and the kind table has 2";
            assertEquals(expected, assertThrows(IllegalArgumentException.class,
                    () -> SceneFileCodec.encode(image, formats, FILE)).getMessage());
            assertEquals(expected, assertThrows(IllegalArgumentException.class,
                    () -> SceneFileCodec.decode(empty, formats, FILE)).getMessage());
        }
    }

    /** The size is summed in long before anything is allocated: a node count alone can exceed an array. */
    @Test
    void aSceneLargerThanAFileHoldsIsRefusedBeforeAnythingIsAllocated() {
        SceneImage image = rootOnly();
        image.nodeCount = 40_000_000;
        FileFormatException e = assertThrows(FileFormatException.class,
                () -> SceneFileCodec.encode(image, FORMATS, FILE));
        assertTrue(e.getMessage().startsWith("scene file test.fscene: the scene needs 2,280,000,032 bytes, above the "),
                e.getMessage());
    }

    /** A named kind's section name is the string the capture added to the table; without it the image is wrong. */
    @Test
    void aNamedKindMissingFromTheStringTableIsAnError() {
        SceneImage image = image(1, 0);
        image.strings = new String[] {"", "pins", "root", "ü", "x"};
        assertEquals("the string table lacks the kind name 'markers'",
                assertThrows(IllegalStateException.class, () -> encode(image)).getMessage());
    }

    // ---- the header and the counts ----

    @Test
    void theHeaderNamesWhatALengthOrPayloadMismatchIs() throws FileFormatException {
        byte[] base = encode(rootOnly());
        int payload = base.length - SceneFileCodec.HEADER_BYTES;
        assertEquals("the header declares a payload of " + payload + " bytes, but " + (payload - 3) + " follow it "
                + "(truncated or extended)", refusal(Arrays.copyOf(base, base.length - 3)));
        assertEquals("51 bytes are too few for a scene file (header and counts take 52)",
                refusal(reseal(Arrays.copyOf(base, 51))));
        // header and counts complete, and nothing after them: the counts' rule refuses it, not the length's
        assertEquals("1 nodes, 0 items, 0 lights, 0 cameras and 1 strings need at least 61 bytes after the counts, "
                + "but the file holds 0", refusal(reseal(Arrays.copyOf(base, 52))));
        assertEquals("4 bytes follow the last section", refusal(reseal(Arrays.copyOf(base, base.length + 4))));
    }

    @Test
    void everyCountIsCheckedAndTheStringTableMustOpenWithTheEmptyString() throws FileFormatException {
        byte[] base = encode(rootOnly());
        String[] names = {"nodes", "items", "lights", "cameras", "strings", "meshes", "materials"};
        for (int c = 0; c < names.length; c++) {
            int at = COUNTS + 4 * c;
            int bad = c == 0 ? 0 : -1;
            String message = refusal(edited(base, b -> b.putInt(at, bad)));
            assertTrue(message.startsWith("counts must be >= 0 with at least the root node; the file declares "),
                    names[c] + ": " + message);
        }
        assertEquals("the string table must start with the empty string, and it is empty",
                refusal(edited(base, b -> b.putInt(COUNTS + 16, 0))));
        SceneImage named = rootOnly();
        named.strings = new String[] {"root"};
        assertEquals("string 0 must be the empty string", refusal(encode(named)));
    }

    /**
     * A string's length is checked against the bytes left for it: the file's rest, less the later strings' lengths and
     * the fixed parts after the strings.
     */
    @Test
    void aStringLongerThanTheBytesLeftForItIsRefused() throws FileFormatException {
        SceneImage image = rootOnly();
        image.strings = new String[] {"", "ab", "cd"};
        byte[] base = encode(image);
        assertSameImage(image, decode(base));
        // "ab" and "cd": 4 bytes of characters in all
        assertEquals("string 1 declares 5 bytes, but 4 are left for it",
                refusal(edited(base, b -> b.putInt(STRINGS + 4, 5))));
        assertEquals("string 2 declares 3 bytes, but 2 are left for it",
                refusal(edited(base, b -> b.putInt(STRINGS + 10, 3))));
    }

    @Test
    void aNodeValueThatIsNotFiniteIsRefusedForEveryNode() throws FileFormatException {
        SceneImage root = rootOnly();
        root.position[2] = Float.NaN;
        assertEquals("node 0 position holds NaN; every value must be finite", refusal(encode(root)));
        SceneImage image = image(0, 0);
        image.scale[8] = Float.NEGATIVE_INFINITY;
        assertEquals("node 2 scale holds -Infinity; every value must be finite", refusal(encode(image)));
    }

    // ---- kind sections ----

    /** The file of {@link #image} with two markers ends: sections, name, count, then the markers' 64 bytes. */
    private static int sectionsAt(byte[] bytes) {
        return bytes.length - 2 * MARKER_BYTES - 12;
    }

    @Test
    void theKindSectionsAnnouncedMustBeThere() throws FileFormatException {
        byte[] plain = encode(image(0, 0));
        assertEquals("the file ends before the number of kind sections",
                refusal(edited(plain, b -> b.putInt(20, SceneFileCodec.KIND_SECTIONS))));
        byte[] base = encode(image(2, 0));
        int sections = sectionsAt(base);
        assertEquals("the header announces kind sections, and the file declares 0",
                refusal(edited(base, b -> b.putInt(sections, 0))));
        assertEquals("the file ends before kind section 0's name", refusal(reseal(Arrays.copyOf(base, sections + 4))));
        assertEquals("the file ends before kind section 0's count", refusal(reseal(Arrays.copyOf(base, sections + 8))));
        assertEquals("kind section 0 declares 2 markers, which need 64 bytes, and 0 are left",
                refusal(reseal(Arrays.copyOf(base, sections + 12))));
    }

    @Test
    void aKindSectionMustNameADeclaredKindOnceAndHoldItsCount() throws FileFormatException {
        byte[] base = encode(image(2, 0));
        int name = sectionsAt(base) + 4;
        int count = name + 4;
        assertEquals("kind section 0 names string 5, outside the table's 5",
                refusal(edited(base, b -> b.putInt(name, 5))));
        assertEquals("it holds a kind section of 'root', a kind of object this scene does not declare",
                refusal(edited(base, b -> b.putInt(name, 3))));
        assertEquals("kind section 0 declares 0 markers, which need 0 bytes, and 64 are left",
                refusal(edited(base, b -> b.putInt(count, 0))));
        assertEquals("kind section 0 declares 3 markers, which need 96 bytes, and 64 are left",
                refusal(edited(base, b -> b.putInt(count, 3))));
        // the markers' section twice
        byte[] twice = Arrays.copyOf(base, base.length + 8 + 2 * MARKER_BYTES);
        System.arraycopy(base, name, twice, base.length, 8 + 2 * MARKER_BYTES);
        assertEquals("kind section 1 repeats the kind 'markers'",
                refusal(edited(twice, b -> b.putInt(name - 4, 2))));
    }

    // ---- columns and tables ----

    @Test
    void aColumnHoldsAtLeastOneValueARecordOfItsTypesSize() {
        assertEquals("a file column holds at least one value a record, not 0", assertThrows(
                IllegalArgumentException.class, () -> new FileColumn(FileColumn.Type.INT, 0)).getMessage());
        assertEquals(8, new FileColumn(FileColumn.Type.LONG, 1).recordBytes());
        assertEquals(Map.of(FileColumn.Type.BYTE, 1, FileColumn.Type.INT, 4, FileColumn.Type.FLOAT, 4,
                FileColumn.Type.LONG, 8), Map.of(FileColumn.Type.BYTE, FileColumn.Type.BYTE.bytes(),
                FileColumn.Type.INT, FileColumn.Type.INT.bytes(), FileColumn.Type.FLOAT, FileColumn.Type.FLOAT.bytes(),
                FileColumn.Type.LONG, FileColumn.Type.LONG.bytes()));
        assertEquals(new FileColumn(FileColumn.Type.INT, 2), FileColumn.ints(2));
        assertEquals(new FileColumn(FileColumn.Type.FLOAT, 3), FileColumn.floats(3));
        assertEquals(new FileColumn(FileColumn.Type.BYTE, 1), FileColumn.oneByte());
        assertEquals(12, FileColumn.floats(3).recordBytes());
        assertEquals(4 + 4 + 8 + 12 + 1, new KindFormat("x", "xs", false,
                List.of(FileColumn.floats(3), FileColumn.oneByte()), ANY).recordBytes());
    }

    /** Named entries go through the resolver, which may answer any id from 0 up; the others keep their saved id. */
    @Test
    void aTablesNamedEntriesResolveToAnyIdFromZero() throws FileFormatException {
        SceneImage image = image(0, 0);
        assertArrayEquals(new int[] {4, 6}, image.resolve(FILE, "mesh", image.meshIds, image.meshNames, null));
        assertArrayEquals(new int[] {4, 0},
                image.resolve(FILE, "mesh", image.meshIds, image.meshNames, name -> name.equals("ü") ? 0 : -5));
        assertArrayEquals(new int[] {4, 11}, image.resolve(FILE, "mesh", image.meshIds, image.meshNames, name -> 11));
        assertArrayEquals(new int[] {0},
                image.resolve(FILE, "material", image.materialIds, image.materialNames, name -> 0));
        FileFormatException e = assertThrows(FileFormatException.class,
                () -> image.resolve(FILE, "material", image.materialIds, image.materialNames, name -> -1));
        assertEquals("scene file test.fscene: material 'root' (id 7 when saved) is unknown here: the resolver gave -1",
                e.getMessage());
    }
}
