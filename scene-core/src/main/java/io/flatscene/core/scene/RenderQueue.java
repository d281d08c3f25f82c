package io.flatscene.core.scene;

import java.util.Arrays;

/**
 * The frame's visible items in draw order, cut into batches that each draw one mesh with one material as one
 * instanced draw. The scene reuses one instance, overwritten by every {@link SceneManager#updateFrame}.
 *
 * <p>Instance {@code i} (in draw order) is the item at global index {@link #instanceItem(int)}, drawn with the world
 * matrix at {@link #instanceTransformSlot(int)} of {@link #worldMatrices()}: 12 floats a slot, JOML
 * {@code Matrix4x3f} column order. A renderer copies those straight into its instance buffer.
 *
 * <p>Draw order: render-queue group ascending; within a group opaque items first, grouped by material then mesh and
 * front to back, then transparent items back to front. Equal keys keep the items' order in the scene, so a still
 * scene draws identically every frame.
 */
public final class RenderQueue {
    private static final int DEPTH_BITS = 22;
    private static final long TRANSPARENT_BIT = 1L << 55;
    private static final long MIRRORED_BIT = 1L << 54;
    static final long DEPTH_MAX = (1L << DEPTH_BITS) - 1;

    int instanceCount;
    /** Sort keys, and with them the position of each instance in the cull's output, which the sort carries. */
    long[] keys = new long[0];
    int[] order = new int[0];
    /** The cull's output, in item order: each visible item and its node's transform slot. */
    int[] visibleItems = new int[0];
    int[] visibleSlots = new int[0];
    /** Draw order: item and transform slot of each instance. */
    int[] items = new int[0];
    int[] slots = new int[0];
    float[] world = new float[0];

    int batchCount;
    int[] batchMesh = new int[0];
    int[] batchMaterial = new int[0];
    int[] batchGroup = new int[0];
    boolean[] batchTransparent = new boolean[0];
    boolean[] batchMirrored = new boolean[0];
    int[] batchFirst = new int[0];
    int[] batchInstances = new int[0];

    RenderQueue() {
    }

    /**
     * The bits of a key that identify its batch (all but the depth): two consecutive instances whose ids fit in
     * 16 bits share a batch exactly when these agree.
     */
    static long batchBits(long key) {
        boolean transparent = (key & TRANSPARENT_BIT) != 0;
        return transparent ? key & ~(DEPTH_MAX << 32) : key & ~DEPTH_MAX;
    }

    /**
     * The 64-bit sort key: group (8 bits), transparency (1), mirroring (1, opaque items only), then for opaque items
     * material (16), mesh (16) and depth (22) front to back, for transparent ones depth back to front (22), material
     * (16) and mesh (16). Only the low 16 bits of mesh and material ids sort; batches still split on the full ids.
     * Transparent items ignore mirroring, so that it cannot break their back-to-front order: renderers draw them
     * without face culling.
     */
    static long key(int group, boolean transparent, boolean mirrored, int material, int mesh, long depth) {
        long head = ((long) group << 56) | (transparent ? TRANSPARENT_BIT : 0L);
        long materialBits = material & 0xFFFFL;
        long meshBits = mesh & 0xFFFFL;
        if (transparent) {
            return head | ((DEPTH_MAX - depth) << 32) | (materialBits << 16) | meshBits;
        }
        return head | (mirrored ? MIRRORED_BIT : 0L) | (materialBits << 38) | (meshBits << 22) | depth;
    }

    static boolean mirrored(long key) {
        return (key & MIRRORED_BIT) != 0;
    }

    void ensureInstanceCapacity(int capacity) {
        if (keys.length < capacity) {
            keys = Arrays.copyOf(keys, capacity);
            order = Arrays.copyOf(order, capacity);
            visibleItems = Arrays.copyOf(visibleItems, capacity);
            visibleSlots = Arrays.copyOf(visibleSlots, capacity);
            items = Arrays.copyOf(items, capacity);
            slots = Arrays.copyOf(slots, capacity);
            batchMesh = Arrays.copyOf(batchMesh, capacity);
            batchMaterial = Arrays.copyOf(batchMaterial, capacity);
            batchGroup = Arrays.copyOf(batchGroup, capacity);
            batchTransparent = Arrays.copyOf(batchTransparent, capacity);
            batchMirrored = Arrays.copyOf(batchMirrored, capacity);
            batchFirst = Arrays.copyOf(batchFirst, capacity);
            batchInstances = Arrays.copyOf(batchInstances, capacity);
        }
    }

    public int instanceCount() {
        return instanceCount;
    }

    /** The global index of the item drawn as instance {@code instance}. */
    public int instanceItem(int instance) {
        return items[checkInstance(instance)];
    }

    /** Where instance {@code instance}'s world matrix starts in {@link #worldMatrices()}, divided by 12. */
    public int instanceTransformSlot(int instance) {
        return slots[checkInstance(instance)];
    }

    /** The sort key of instance {@code instance}, as {@link #key} builds it. */
    public long instanceKey(int instance) {
        return keys[checkInstance(instance)];
    }

    /** The scene's world matrices, 12 floats a slot; read only, valid until the scene next changes. */
    public float[] worldMatrices() {
        return world;
    }

    public int batchCount() {
        return batchCount;
    }

    public int batchMeshId(int batch) {
        return batchMesh[checkBatch(batch)];
    }

    public int batchMaterialId(int batch) {
        return batchMaterial[checkBatch(batch)];
    }

    public int batchRenderQueueGroup(int batch) {
        return batchGroup[checkBatch(batch)];
    }

    public boolean batchTransparent(int batch) {
        return batchTransparent[checkBatch(batch)];
    }

    /**
     * Whether the batch's world matrices mirror (negative determinant), so its front faces wind clockwise; always
     * false for transparent batches, which are drawn without face culling.
     */
    public boolean batchMirrored(int batch) {
        return batchMirrored[checkBatch(batch)];
    }

    public int batchFirstInstance(int batch) {
        return batchFirst[checkBatch(batch)];
    }

    public int batchInstanceCount(int batch) {
        return batchInstances[checkBatch(batch)];
    }

    private int checkInstance(int instance) {
        if (instance < 0 || instance >= instanceCount) {
            throw new IndexOutOfBoundsException("instance " + instance + " of " + instanceCount);
        }
        return instance;
    }

    private int checkBatch(int batch) {
        if (batch < 0 || batch >= batchCount) {
            throw new IndexOutOfBoundsException("batch " + batch + " of " + batchCount);
        }
        return batch;
    }
}
