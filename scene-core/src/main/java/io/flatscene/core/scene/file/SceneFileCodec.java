package io.flatscene.core.scene.file;

import io.flatscene.core.container.Capacity;
import io.flatscene.core.container.Index;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;
import java.util.zip.CRC32C;

/**
 * The bytes of a scene file (docs/scene-file-format.md): a 24-byte header, then the payload, every number little
 * endian. Decoding checks the header and the checksum, then every count against the bytes left before it allocates
 * for it, then every index and value the scene could not hold, so that a file it accepts builds a scene, and a file it
 * refuses costs no more memory than its own length.
 *
 * <p>Each kind of movable object is read and written through its {@link KindFormat}, in the order of the scene's
 * kind table: the counted kinds (items, lights, cameras) in the sections of format version 1, any other kind in a
 * named kind section after them, announced by the header flag {@link #KIND_SECTIONS}. A file of a scene without such
 * objects is a plain version 1 file.
 */
public final class SceneFileCodec {
    /** "FSCN" read as a little-endian int. */
    public static final int MAGIC = 0x4E43_5346;
    public static final int VERSION = 1;
    public static final int HEADER_BYTES = 24;
    /** Bytes of the counts that open the payload: nodes, items, lights, cameras, strings, meshes, materials. */
    public static final int COUNTS_BYTES = 7 * Integer.BYTES;
    public static final int NODE_BYTES = 4 + 4 + 1 + 12 + 16 + 12 + 8;
    /** The header flag that says named kind sections follow the cameras. */
    public static final int KIND_SECTIONS = 1;
    static final int TABLE_ENTRY_BYTES = 8;
    /** How far a stored quaternion's squared length may be from 1: far above float rounding, far below a real error. */
    static final double UNIT_TOLERANCE = 1e-4;
    /** The kinds the counts section counts, the ones format version 1 knows. */
    private static final int COUNTED_KINDS = COUNTS_BYTES / Integer.BYTES - 4;

    private SceneFileCodec() {
    }

    // ---- encode ----

    /**
     * Writes the image whose object tables follow {@code formats}, the scene's kind table.
     *
     * @throws FileFormatException if the file would exceed the longest array a JVM allocates
     */
    public static ByteBuffer encode(SceneImage image, List<KindFormat> formats, String file)
            throws FileFormatException {
        checkCounted(formats);
        int sections = 0;
        long payload = COUNTS_BYTES;
        for (String s : image.strings) {
            payload += Integer.BYTES + s.getBytes(StandardCharsets.UTF_8).length;
        }
        payload += (long) TABLE_ENTRY_BYTES * (image.meshIds.length + image.materialIds.length)
                + (long) NODE_BYTES * image.nodeCount;
        for (int k = 0; k < formats.size(); k++) {
            ObjectRecords records = image.objects[k];
            if (!formats.get(k).counted() && records.count() > 0) {
                sections++;
                payload += 2 * Integer.BYTES;
            }
            payload += (long) formats.get(k).recordBytes() * records.count();
        }
        payload += sections > 0 ? Integer.BYTES : 0;
        if (payload > Capacity.MAX_ARRAY_LENGTH - HEADER_BYTES) {
            throw new FileFormatException(String.format(Locale.ROOT, "scene file %s: the scene needs %,d bytes, "
                    + "above the %,d a scene file holds (the longest array, less the header)", file, payload,
                    Capacity.MAX_ARRAY_LENGTH - HEADER_BYTES));
        }
        ByteBuffer b = ByteBuffer.allocate(HEADER_BYTES + (int) payload).order(ByteOrder.LITTLE_ENDIAN);
        b.position(HEADER_BYTES);
        b.putInt(image.nodeCount);
        for (int k = 0; k < formats.size(); k++) {
            if (formats.get(k).counted()) {
                b.putInt(image.objects[k].count());
            }
        }
        b.putInt(image.strings.length).putInt(image.meshIds.length).putInt(image.materialIds.length);
        for (String s : image.strings) {
            byte[] bytes = s.getBytes(StandardCharsets.UTF_8);
            b.putInt(bytes.length).put(bytes);
        }
        putTable(b, image.meshIds, image.meshNames);
        putTable(b, image.materialIds, image.materialNames);
        putInts(b, image.nodeParent);
        putInts(b, image.nodeName);
        b.put(image.nodeFlags);
        putFloats(b, image.position);
        putFloats(b, image.orientation);
        putFloats(b, image.scale);
        putLongs(b, image.nodeTag);
        for (int k = 0; k < formats.size(); k++) {
            if (formats.get(k).counted()) {
                putRecords(b, image.objects[k]);
            }
        }
        if (sections > 0) {
            b.putInt(sections);
            for (int k = 0; k < formats.size(); k++) {
                ObjectRecords records = image.objects[k];
                if (!formats.get(k).counted() && records.count() > 0) {
                    b.putInt(stringIndex(image, formats.get(k).plural())).putInt(records.count());
                    putRecords(b, records);
                }
            }
        }
        CRC32C crc = new CRC32C();
        crc.update(b.flip().position(HEADER_BYTES));
        b.position(0);
        b.putInt(MAGIC).putInt(VERSION).putLong(payload).putInt((int) crc.getValue())
                .putInt(sections > 0 ? KIND_SECTIONS : 0);
        return b.position(0);
    }

    /** The string table index of a kind section's name, which the capture adds to the table. */
    private static int stringIndex(SceneImage image, String value) {
        for (int s = 0; s < image.strings.length; s++) {
            if (image.strings[s].equals(value)) {
                return s;
            }
        }
        throw new IllegalStateException("the string table lacks the kind name '" + value + "'");
    }

    private static void checkCounted(List<KindFormat> formats) {
        int counted = 0;
        for (int k = 0; k < formats.size(); k++) {
            if (formats.get(k).counted() && k != counted++) {
                throw new IllegalArgumentException("the counted kinds must open the kind table: "
                        + formats.get(k).plural() + " is at " + k);
            }
        }
        if (counted != COUNTED_KINDS) {
            throw new IllegalArgumentException("format version " + VERSION + " counts " + COUNTED_KINDS
                    + " kinds, and the kind table has " + counted);
        }
    }

    private static void putRecords(ByteBuffer b, ObjectRecords records) {
        putInts(b, records.nodes());
        putInts(b, records.names());
        List<FileColumn> columns = records.format().columns();
        for (int c = 0; c < columns.size(); c++) {
            switch (columns.get(c).type()) {
                case BYTE -> b.put(records.bytes(c));
                case INT -> putInts(b, records.ints(c));
                case FLOAT -> putFloats(b, records.floats(c));
                case LONG -> putLongs(b, records.longs(c));
            }
        }
        putLongs(b, records.tags());
    }

    private static void putTable(ByteBuffer b, int[] ids, int[] names) {
        for (int e = 0; e < ids.length; e++) {
            b.putInt(ids[e]).putInt(names[e]);
        }
    }

    private static void putInts(ByteBuffer b, int[] values) {
        b.asIntBuffer().put(values);
        b.position(b.position() + Integer.BYTES * values.length);
    }

    private static void putFloats(ByteBuffer b, float[] values) {
        b.asFloatBuffer().put(values);
        b.position(b.position() + Float.BYTES * values.length);
    }

    private static void putLongs(ByteBuffer b, long[] values) {
        b.asLongBuffer().put(values);
        b.position(b.position() + Long.BYTES * values.length);
    }

    // ---- decode ----

    /**
     * Reads a whole file for a scene whose kind table is {@code formats}.
     *
     * @throws FileFormatException naming the first rule the file breaks
     */
    public static SceneImage decode(ByteBuffer b, List<KindFormat> formats, String file) throws FileFormatException {
        checkCounted(formats);
        return new Reader(b, formats, file).read();
    }

    private static final class Reader {
        private final ByteBuffer b;
        private final List<KindFormat> formats;
        private final String file;
        private final SceneImage image = new SceneImage();
        private int flags;

        Reader(ByteBuffer b, List<KindFormat> formats, String file) {
            this.b = b;
            this.formats = formats;
            this.file = file;
        }

        private FileFormatException fail(String rule) {
            return new FileFormatException("scene file " + file + ": " + rule);
        }

        SceneImage read() throws FileFormatException {
            header();
            int nodes = b.getInt();
            int[] counts = new int[COUNTED_KINDS];
            for (int k = 0; k < counts.length; k++) {
                counts[k] = b.getInt();
            }
            int strings = b.getInt();
            int meshes = b.getInt();
            int materials = b.getInt();
            if (nodes < 1 || negative(counts) || strings < 0 || meshes < 0 || materials < 0) {
                throw fail(String.format(Locale.ROOT, "counts must be >= 0 with at least the root node; the file "
                        + "declares %d nodes, %s, %d strings, %d meshes, %d materials", nodes,
                        countedKinds(counts, "%d %s"), strings, meshes, materials));
            }
            long fixed = (long) Integer.BYTES * strings + (long) TABLE_ENTRY_BYTES * (meshes + (long) materials)
                    + (long) NODE_BYTES * nodes;
            for (int k = 0; k < counts.length; k++) {
                fixed += (long) formats.get(k).recordBytes() * counts[k];
            }
            if (fixed > b.remaining()) {
                throw fail(String.format(Locale.ROOT, "%,d nodes, %s and %,d strings need at least %,d bytes after "
                        + "the counts, but the file holds %,d", nodes, countedKinds(counts, "%,d %s"), strings,
                        fixed, b.remaining()));
            }
            strings(strings, fixed - (long) Integer.BYTES * strings);
            image.meshIds = new int[meshes];
            image.meshNames = new int[meshes];
            table("mesh", image.meshIds, image.meshNames);
            image.materialIds = new int[materials];
            image.materialNames = new int[materials];
            table("material", image.materialIds, image.materialNames);
            nodes(nodes);
            image.objects = new ObjectRecords[formats.size()];
            for (int k = 0; k < formats.size(); k++) {
                image.objects[k] = k < counts.length ? records(formats.get(k), counts[k])
                        : new ObjectRecords(formats.get(k), 0);
            }
            if ((flags & KIND_SECTIONS) != 0) {
                kindSections();
            }
            if (b.hasRemaining()) {
                throw fail(b.remaining() + " bytes follow the last section");
            }
            return image;
        }

        private static boolean negative(int[] counts) {
            for (int count : counts) {
                if (count < 0) {
                    return true;
                }
            }
            return false;
        }

        private String countedKinds(int[] counts, String format) {
            StringBuilder text = new StringBuilder();
            for (int k = 0; k < counts.length; k++) {
                text.append(k == 0 ? "" : ", ").append(String.format(Locale.ROOT, format, counts[k],
                        formats.get(k).plural()));
            }
            return text.toString();
        }

        private void header() throws FileFormatException {
            long length = b.remaining();
            if (length < HEADER_BYTES + COUNTS_BYTES) {
                throw fail(String.format(Locale.ROOT, "%,d bytes are too few for a scene file (header and counts "
                        + "take %d)", length, HEADER_BYTES + COUNTS_BYTES));
            }
            int magic = b.getInt();
            if (magic != MAGIC) {
                throw fail(String.format(Locale.ROOT, "not a FlatScene scene file: it starts with 0x%08x, not "
                        + "\"FSCN\"", Integer.reverseBytes(magic)));
            }
            int version = b.getInt();
            if (version != VERSION) {
                throw fail("format version " + version + ", and this FlatScene reads version " + VERSION);
            }
            long payload = b.getLong();
            if (payload != length - HEADER_BYTES) {
                throw fail(String.format(Locale.ROOT, "the header declares a payload of %,d bytes, but %,d follow "
                        + "it (truncated or extended)", payload, length - HEADER_BYTES));
            }
            int expected = b.getInt();
            flags = b.getInt();
            if ((flags & ~KIND_SECTIONS) != 0) {
                throw fail("header flags 0x" + Integer.toHexString(flags) + " are unknown to version " + VERSION);
            }
            CRC32C crc = new CRC32C();
            crc.update(b.duplicate());
            if ((int) crc.getValue() != expected) {
                throw fail(String.format(Locale.ROOT, "checksum mismatch (CRC32C of the payload 0x%08x, header says "
                        + "0x%08x): the file is corrupt", (int) crc.getValue(), expected));
            }
        }

        private void strings(int count, long rest) throws FileFormatException {
            if (count < 1) {
                throw fail("the string table must start with the empty string, and it is empty");
            }
            image.strings = new String[count];
            for (int s = 0; s < count; s++) {
                int length = b.getInt();
                long left = b.remaining() - (long) Integer.BYTES * (count - 1 - s) - rest;
                if (length < 0 || length > left) {
                    throw fail(String.format(Locale.ROOT, "string %d declares %,d bytes, but %,d are left for it",
                            s, length, left));
                }
                byte[] bytes = new byte[length];
                b.get(bytes);
                image.strings[s] = new String(bytes, StandardCharsets.UTF_8);
            }
            if (!image.strings[0].isEmpty()) {
                throw fail("string 0 must be the empty string");
            }
        }

        private void table(String kind, int[] ids, int[] names) throws FileFormatException {
            for (int e = 0; e < ids.length; e++) {
                ids[e] = b.getInt();
                names[e] = b.getInt();
                if (ids[e] < 0) {
                    throw fail(kind + " table entry " + e + " has id " + ids[e] + ", below 0");
                }
                if (names[e] != Index.NONE) {
                    checkString(kind + " table entry", e, names[e]);
                }
            }
        }

        private void checkString(String kind, int index, int string) throws FileFormatException {
            if (string < 0 || string >= image.strings.length) {
                throw fail(kind + " " + index + " names string " + string + ", outside the table's "
                        + image.strings.length);
            }
        }

        private void nodes(int count) throws FileFormatException {
            image.allocateNodes(count);
            getInts(image.nodeParent);
            getInts(image.nodeName);
            b.get(image.nodeFlags);
            getFloats(image.position);
            getFloats(image.orientation);
            getFloats(image.scale);
            getLongs(image.nodeTag);
            int[] parent = image.nodeParent;
            if (parent[0] != Index.NONE) {
                throw fail("node 0 is the root and has no parent, but the file gives it parent " + parent[0]);
            }
            for (int i = 0; i < count; i++) {
                int p = parent[i];
                // parents first: no cycle can pass this, and building in file order finds every parent built
                if (i > 0 && (p < Index.NONE || p >= i)) {
                    throw fail("node " + i + " has parent " + p + "; a parent must come before its child (-1 "
                            + "for a detached node)");
                }
                checkString("node", i, image.nodeName[i]);
                int nodeFlags = image.nodeFlags[i];
                if ((nodeFlags & ~SceneImage.NODE_FLAGS) != 0) {
                    throw fail("node " + i + " has unknown flag bits 0x" + Integer.toHexString(nodeFlags & 0xFF));
                }
                if ((nodeFlags & SceneImage.STATIC) != 0 && p != Index.NONE && parent[p] != Index.NONE
                        && (image.nodeFlags[p] & SceneImage.STATIC) == 0) {
                    throw fail("node " + i + " is static under dynamic node " + p + ", which is not at depth 0");
                }
                checkFinite("node", i, "position", image.position, 3);
                checkFinite("node", i, "scale", image.scale, 3);
                checkUnit(i);
            }
        }

        private void checkUnit(int node) throws FileFormatException {
            float[] q = image.orientation;
            int o = 4 * node;
            checkFinite("node", node, "orientation", q, 4);
            double lengthSquared = (double) q[o] * q[o] + (double) q[o + 1] * q[o + 1] + (double) q[o + 2] * q[o + 2]
                    + (double) q[o + 3] * q[o + 3];
            if (!(Math.abs(lengthSquared - 1.0) <= UNIT_TOLERANCE)) {
                throw fail("node " + node + " orientation (" + q[o] + ", " + q[o + 1] + ", " + q[o + 2] + ", "
                        + q[o + 3] + ") is not a unit quaternion; the saver stores them normalized");
            }
        }

        private void checkFinite(String kind, int index, String what, float[] values, int width)
                throws FileFormatException {
            for (int c = index * width; c < (index + 1) * width; c++) {
                if (!Float.isFinite(values[c])) {
                    throw fail(kind + " " + index + " " + what + " holds " + values[c] + "; every value must be "
                            + "finite");
                }
            }
        }

        private ObjectRecords records(KindFormat format, int count) throws FileFormatException {
            ObjectRecords records = new ObjectRecords(format, count);
            getInts(records.nodes());
            getInts(records.names());
            List<FileColumn> columns = format.columns();
            for (int c = 0; c < columns.size(); c++) {
                switch (columns.get(c).type()) {
                    case BYTE -> b.get(records.bytes(c));
                    case INT -> getInts(records.ints(c));
                    case FLOAT -> getFloats(records.floats(c));
                    case LONG -> getLongs(records.longs(c));
                }
            }
            getLongs(records.tags());
            for (int i = 0; i < count; i++) {
                int node = records.nodes()[i];
                if (node < Index.NONE || node >= image.nodeCount) {
                    throw fail(format.singular() + " " + i + " is attached to node " + node + ", outside -1 "
                            + "(detached) to " + (image.nodeCount - 1));
                }
                checkString(format.singular(), i, records.names()[i]);
                String problem = format.check().problem(image, records, i);
                if (problem != null) {
                    throw fail(problem);
                }
            }
            return records;
        }

        private void kindSections() throws FileFormatException {
            int sections = sectionInt("the number of kind sections");
            if (sections < 1) {
                throw fail("the header announces kind sections, and the file declares " + sections);
            }
            for (int s = 0; s < sections; s++) {
                int name = sectionInt("kind section " + s + "'s name");
                checkString("kind section", s, name);
                int k = namedKind(image.strings[name]);
                if (image.objects[k].count() > 0) {
                    throw fail("kind section " + s + " repeats the kind '" + image.strings[name] + "'");
                }
                int count = sectionInt("kind section " + s + "'s count");
                KindFormat format = formats.get(k);
                if (count < 1 || (long) count * format.recordBytes() > b.remaining()) {
                    throw fail(String.format(Locale.ROOT, "kind section %d declares %,d %s, which need %,d bytes, "
                            + "and %,d are left", s, count, format.plural(), (long) count * format.recordBytes(),
                            b.remaining()));
                }
                image.objects[k] = records(format, count);
            }
        }

        private int sectionInt(String what) throws FileFormatException {
            if (b.remaining() < Integer.BYTES) {
                throw fail("the file ends before " + what);
            }
            return b.getInt();
        }

        private int namedKind(String name) throws FileFormatException {
            for (int k = COUNTED_KINDS; k < formats.size(); k++) {
                if (formats.get(k).plural().equals(name)) {
                    return k;
                }
            }
            throw fail("it holds a kind section of '" + name + "', a kind of object this scene does not declare");
        }

        private void getInts(int[] values) {
            b.asIntBuffer().get(values);
            b.position(b.position() + Integer.BYTES * values.length);
        }

        private void getFloats(float[] values) {
            b.asFloatBuffer().get(values);
            b.position(b.position() + Float.BYTES * values.length);
        }

        private void getLongs(long[] values) {
            b.asLongBuffer().get(values);
            b.position(b.position() + Long.BYTES * values.length);
        }
    }
}
