package io.flatscene.core.scene;

import io.flatscene.core.container.Capacity;
import io.flatscene.core.container.Index;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.zip.CRC32C;

/**
 * The bytes of a scene file (docs/scene-file-format.md): a 24-byte header, then the payload, every number little
 * endian. Decoding checks the header and the checksum, then every count against the bytes left before it allocates
 * for it, then every index and value the scene could not hold, so that a file it accepts builds a scene, and a file it
 * refuses costs no more memory than its own length.
 */
final class SceneFileCodec {
    /** "FSCN" read as a little-endian int. */
    static final int MAGIC = 0x4E43_5346;
    static final int VERSION = 1;
    static final int HEADER_BYTES = 24;
    /** Bytes of the counts that open the payload: nodes, items, lights, cameras, strings, meshes, materials. */
    static final int COUNTS_BYTES = 7 * Integer.BYTES;
    static final int NODE_BYTES = 4 + 4 + 1 + 12 + 16 + 12 + 8;
    static final int ITEM_BYTES = 4 + 4 + 4 + 4 + 12 + 12 + 4 + 4 + 4 + 1 + 4 + 8;
    static final int LIGHT_BYTES = 4 + 4 + 1 + 4 * SceneImage.LIGHT_PARAMETERS + 8;
    static final int CAMERA_BYTES = 4 + 4 + 1 + 4 * SceneImage.CAMERA_PARAMETERS + 4 * SceneImage.CAMERA_INTS + 8;
    static final int TABLE_ENTRY_BYTES = 8;
    /** How far a stored quaternion's squared length may be from 1: far above float rounding, far below a real error. */
    static final double UNIT_TOLERANCE = 1e-4;

    private SceneFileCodec() {
    }

    // ---- encode ----

    static long payloadBytes(SceneImage image) {
        long bytes = COUNTS_BYTES;
        for (String s : image.strings) {
            bytes += Integer.BYTES + s.getBytes(StandardCharsets.UTF_8).length;
        }
        return bytes + (long) TABLE_ENTRY_BYTES * (image.meshIds.length + image.materialIds.length)
                + (long) NODE_BYTES * image.nodeCount + (long) ITEM_BYTES * image.itemCount
                + (long) LIGHT_BYTES * image.lightCount + (long) CAMERA_BYTES * image.cameraCount;
    }

    /** The whole file, header included, in one buffer positioned at 0. */
    static ByteBuffer encode(SceneImage image, String file) throws SceneFileException {
        long payload = payloadBytes(image);
        if (payload > Capacity.MAX_ARRAY_LENGTH - HEADER_BYTES) {
            throw new SceneFileException(String.format(Locale.ROOT, "scene file %s: the scene needs %,d bytes, "
                    + "above the %,d a scene file holds (the longest array, less the header)", file, payload,
                    Capacity.MAX_ARRAY_LENGTH - HEADER_BYTES));
        }
        ByteBuffer b = ByteBuffer.allocate(HEADER_BYTES + (int) payload).order(ByteOrder.LITTLE_ENDIAN);
        b.position(HEADER_BYTES);
        b.putInt(image.nodeCount).putInt(image.itemCount).putInt(image.lightCount).putInt(image.cameraCount)
                .putInt(image.strings.length).putInt(image.meshIds.length).putInt(image.materialIds.length);
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
        putInts(b, image.itemNode);
        putInts(b, image.itemName);
        putInts(b, image.itemMesh);
        putInts(b, image.itemMaterial);
        putFloats(b, image.localCenter);
        putFloats(b, image.localHalf);
        putInts(b, image.group);
        putInts(b, image.visibility);
        putInts(b, image.query);
        b.put(image.transparent);
        putInts(b, image.tint);
        putLongs(b, image.itemTag);
        putInts(b, image.lightNode);
        putInts(b, image.lightName);
        b.put(image.lightType);
        putFloats(b, image.lightParameters);
        putLongs(b, image.lightTag);
        putInts(b, image.cameraNode);
        putInts(b, image.cameraName);
        b.put(image.projection);
        putFloats(b, image.cameraParameters);
        putInts(b, image.cameraInts);
        putLongs(b, image.cameraTag);
        CRC32C crc = new CRC32C();
        crc.update(b.flip().position(HEADER_BYTES));
        b.position(0);
        b.putInt(MAGIC).putInt(VERSION).putLong(payload).putInt((int) crc.getValue()).putInt(0);
        return b.position(0);
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
     * Reads and checks a whole file held in {@code b} (position 0, little endian).
     *
     * @throws SceneFileException naming {@code file} and the first rule the bytes break
     */
    static SceneImage decode(ByteBuffer b, String file) throws SceneFileException {
        Reader r = new Reader(b, file);
        return r.read();
    }

    /** One decode: the buffer, the file's name for messages, and the image filled section by section. */
    private static final class Reader {
        private final ByteBuffer b;
        private final String file;
        private final SceneImage image = new SceneImage();

        Reader(ByteBuffer b, String file) {
            this.b = b;
            this.file = file;
        }

        private SceneFileException fail(String rule) {
            return new SceneFileException("scene file " + file + ": " + rule);
        }

        SceneImage read() throws SceneFileException {
            header();
            int nodes = b.getInt();
            int items = b.getInt();
            int lights = b.getInt();
            int cameras = b.getInt();
            int strings = b.getInt();
            int meshes = b.getInt();
            int materials = b.getInt();
            if (nodes < 1 || items < 0 || lights < 0 || cameras < 0 || strings < 0 || meshes < 0 || materials < 0) {
                throw fail(String.format(Locale.ROOT, "counts must be >= 0 with at least the root node; the file "
                        + "declares %d nodes, %d items, %d lights, %d cameras, %d strings, %d meshes, %d materials",
                        nodes, items, lights, cameras, strings, meshes, materials));
            }
            long fixed = (long) Integer.BYTES * strings + (long) TABLE_ENTRY_BYTES * (meshes + (long) materials)
                    + (long) NODE_BYTES * nodes + (long) ITEM_BYTES * items + (long) LIGHT_BYTES * lights
                    + (long) CAMERA_BYTES * cameras;
            if (fixed > b.remaining()) {
                throw fail(String.format(Locale.ROOT, "%,d nodes, %,d items, %,d lights, %,d cameras and %,d strings "
                        + "need at least %,d bytes after the counts, but the file holds %,d", nodes, items, lights,
                        cameras, strings, fixed, b.remaining()));
            }
            strings(strings, fixed - (long) Integer.BYTES * strings);
            image.meshIds = new int[meshes];
            image.meshNames = new int[meshes];
            table("mesh", image.meshIds, image.meshNames);
            image.materialIds = new int[materials];
            image.materialNames = new int[materials];
            table("material", image.materialIds, image.materialNames);
            nodes(nodes);
            items(items);
            lights(lights);
            cameras(cameras);
            if (b.hasRemaining()) {
                throw fail(b.remaining() + " bytes follow the last section");
            }
            return image;
        }

        private void header() throws SceneFileException {
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
            int reserved = b.getInt();
            if (reserved != 0) {
                throw fail("header flags 0x" + Integer.toHexString(reserved) + " are unknown to version " + VERSION);
            }
            CRC32C crc = new CRC32C();
            crc.update(b.duplicate());
            if ((int) crc.getValue() != expected) {
                throw fail(String.format(Locale.ROOT, "checksum mismatch (CRC32C of the payload 0x%08x, header says "
                        + "0x%08x): the file is corrupt", (int) crc.getValue(), expected));
            }
        }

        /** {@code rest} is what the sections after the strings need: each string's bytes must leave it. */
        private void strings(int count, long rest) throws SceneFileException {
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

        private void table(String kind, int[] ids, int[] names) throws SceneFileException {
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

        private void checkString(String kind, int index, int string) throws SceneFileException {
            if (string < 0 || string >= image.strings.length) {
                throw fail(kind + " " + index + " names string " + string + ", outside the table's "
                        + image.strings.length);
            }
        }

        private void nodes(int count) throws SceneFileException {
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
                int flags = image.nodeFlags[i];
                if ((flags & ~SceneImage.NODE_FLAGS) != 0) {
                    throw fail("node " + i + " has unknown flag bits 0x" + Integer.toHexString(flags & 0xFF));
                }
                if ((flags & SceneImage.STATIC) != 0 && p != Index.NONE && parent[p] != Index.NONE
                        && (image.nodeFlags[p] & SceneImage.STATIC) == 0) {
                    throw fail("node " + i + " is static under dynamic node " + p + ", which is not at depth 0");
                }
                checkFinite("node", i, "position", image.position, 3);
                checkFinite("node", i, "scale", image.scale, 3);
                checkUnit(i);
            }
        }

        private void checkUnit(int node) throws SceneFileException {
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

        /** The message is built only on failure: this runs for every node. */
        private void checkFinite(String kind, int index, String what, float[] values, int width)
                throws SceneFileException {
            for (int c = index * width; c < (index + 1) * width; c++) {
                if (!Float.isFinite(values[c])) {
                    throw fail(kind + " " + index + " " + what + " holds " + values[c] + "; every value must be "
                            + "finite");
                }
            }
        }

        /** The two indices every object record holds: its node (or -1, detached) and its name. */
        private void checkObject(String kind, int index, int node, int name) throws SceneFileException {
            if (node < Index.NONE || node >= image.nodeCount) {
                throw fail(kind + " " + index + " is attached to node " + node + ", outside -1 (detached) to "
                        + (image.nodeCount - 1));
            }
            checkString(kind, index, name);
        }

        private void items(int count) throws SceneFileException {
            image.allocateItems(count);
            getInts(image.itemNode);
            getInts(image.itemName);
            getInts(image.itemMesh);
            getInts(image.itemMaterial);
            getFloats(image.localCenter);
            getFloats(image.localHalf);
            getInts(image.group);
            getInts(image.visibility);
            getInts(image.query);
            b.get(image.transparent);
            getInts(image.tint);
            getLongs(image.itemTag);
            for (int i = 0; i < count; i++) {
                checkObject("item", i, image.itemNode[i], image.itemName[i]);
                if (image.itemMesh[i] < 0 || image.itemMesh[i] >= image.meshIds.length) {
                    throw fail("item " + i + " uses mesh table entry " + image.itemMesh[i] + ", outside the table's "
                            + image.meshIds.length);
                }
                if (image.itemMaterial[i] < 0 || image.itemMaterial[i] >= image.materialIds.length) {
                    throw fail("item " + i + " uses material table entry " + image.itemMaterial[i]
                            + ", outside the table's " + image.materialIds.length);
                }
                if ((image.transparent[i] & ~1) != 0) {
                    throw fail("item " + i + " has transparency byte " + image.transparent[i] + ", not 0 or 1");
                }
            }
        }

        private void lights(int count) throws SceneFileException {
            image.allocateLights(count);
            getInts(image.lightNode);
            getInts(image.lightName);
            b.get(image.lightType);
            getFloats(image.lightParameters);
            getLongs(image.lightTag);
            for (int i = 0; i < count; i++) {
                checkObject("light", i, image.lightNode[i], image.lightName[i]);
                if (image.lightType[i] < 0 || image.lightType[i] >= Light.TYPES.length) {
                    throw fail("light " + i + " has type " + image.lightType[i] + ", outside 0 to "
                            + (Light.TYPES.length - 1));
                }
            }
        }

        private void cameras(int count) throws SceneFileException {
            image.allocateCameras(count);
            getInts(image.cameraNode);
            getInts(image.cameraName);
            b.get(image.projection);
            getFloats(image.cameraParameters);
            getInts(image.cameraInts);
            getLongs(image.cameraTag);
            for (int i = 0; i < count; i++) {
                checkObject("camera", i, image.cameraNode[i], image.cameraName[i]);
                if (image.projection[i] < 0 || image.projection[i] >= Camera.Projection.values().length) {
                    throw fail("camera " + i + " has projection " + image.projection[i] + ", outside 0 to "
                            + (Camera.Projection.values().length - 1));
                }
            }
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
