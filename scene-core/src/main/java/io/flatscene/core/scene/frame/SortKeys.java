package io.flatscene.core.scene.frame;

/**
 * The 64-bit render-queue sort key, and the one place that says which of its bits cut a batch.
 *
 * <p>Group (8 bits), transparency (1), mirroring (1, opaque items only), then for opaque items material (16), mesh
 * (16) and depth (22) front to back, for transparent ones depth back to front (22), material (16) and mesh (16). Only
 * the low 16 bits of mesh and material ids sort; batches still split on the full ids. Transparent items ignore
 * mirroring, so that it cannot break their back-to-front order: renderers draw them without face culling.
 */
final class SortKeys {
    private static final int DEPTH_BITS = 22;
    /** The bits of a mesh or material id that sort. */
    private static final int ID_BITS = 16;
    private static final long ID_MASK = (1L << ID_BITS) - 1;
    private static final long TRANSPARENT_BIT = 1L << 55;
    private static final long MIRRORED_BIT = 1L << 54;
    static final long DEPTH_MAX = (1L << DEPTH_BITS) - 1;

    private SortKeys() {
    }

    static long key(int group, boolean transparent, boolean mirrored, int material, int mesh, long depth) {
        long head = ((long) group << 56) | (transparent ? TRANSPARENT_BIT : 0L);
        long materialBits = material & ID_MASK;
        long meshBits = mesh & ID_MASK;
        if (transparent) {
            return head | ((DEPTH_MAX - depth) << 32) | (materialBits << 16) | meshBits;
        }
        return head | (mirrored ? MIRRORED_BIT : 0L) | (materialBits << 38) | (meshBits << 22) | depth;
    }

    /**
     * Whether a mesh or material id is wider than its field in the key, which cannot tell it from another: the
     * batches of a list holding such an id compare the full ids.
     */
    static boolean wide(int material, int mesh) {
        return (mesh | material) >>> ID_BITS != 0;
    }

    /**
     * The bits of a key that identify its batch (all but the depth): two consecutive instances whose ids are not
     * {@link #wide} share a batch exactly when these agree.
     */
    static long batchBits(long key) {
        boolean transparent = (key & TRANSPARENT_BIT) != 0;
        return transparent ? key & ~(DEPTH_MAX << 32) : key & ~DEPTH_MAX;
    }

    static boolean mirrored(long key) {
        return (key & MIRRORED_BIT) != 0;
    }
}
