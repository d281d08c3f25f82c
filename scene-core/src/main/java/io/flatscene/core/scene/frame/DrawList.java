package io.flatscene.core.scene.frame;

import java.util.Arrays;

/**
 * A cull's output, in draw order: each instance's item, transform slot and sort key, and the batches that cut it into
 * runs of one mesh and material. The cull writes the keys and sorts them in place; {@link BatchBuilder} writes the
 * rest. Read through the public render queue.
 */
public final class DrawList {
    public int instanceCount;
    public long[] keys = new long[0];
    public int[] items = new int[0];
    public int[] slots = new int[0];
    /** The scene's world matrices as of the cull: 12 floats a slot, valid until the scene next changes. */
    public float[] world = new float[0];
    /** The scene's item tints as of the cull, by the item's global index: valid until the scene next changes. */
    public int[] tints = new int[0];

    /** Whether a visible item has a mesh or material id its sort key cannot tell apart (batches then compare ids). */
    public boolean wideIds;

    /**
     * Where each item's instance is, by the item's global index, while {@link #drawIndexValid}: {@code
     * items[drawIndex[i]] == i} where item {@code i} is among the first {@link #instanceCount}, anything where it is
     * not (the check tells). Built by an incremental cull when it needs it ({@link IncrementalCull}), so that a queue
     * rewritten every frame never pays for it, and one whose instances stay keeps it; every cull that rewrites the
     * instances clears the flag.
     */
    int[] drawIndex = new int[0];
    boolean drawIndexValid;
    /**
     * How many incremental culls of this queue skip settling the instances that stay in place, and how many skipped
     * after the last settling that did not pay ({@link IncrementalCull}).
     */
    int settleSkips;
    int settleBackoff;

    public int batchCount;
    public int[] batchMesh = new int[0];
    public int[] batchMaterial = new int[0];
    public int[] batchGroup = new int[0];
    public boolean[] batchTransparent = new boolean[0];
    public boolean[] batchMirrored = new boolean[0];
    public int[] batchFirst = new int[0];
    public int[] batchInstances = new int[0];

    void ensureCapacity(int capacity) {
        if (keys.length < capacity) {
            keys = Arrays.copyOf(keys, capacity);
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
}
