package io.flatscene.render.internal;

import io.flatscene.core.scene.RenderQueue;
import java.util.Arrays;

/**
 * The resident path's thin instance stream as last built: each instance's transform slot, material and tint in
 * draw order (the GPU reads the world matrix by slot), and each batch's draw command. Kept on the CPU so that a
 * frame can tell whether the queue's order and contents changed, comparing the slots and tints in bulk and the
 * batches one by one; {@link #version} counts the changes, so each buffer region can tell whether it already holds
 * the current stream and need not be written again.
 */
final class InstanceStream {
    /** count, instanceCount, firstIndex, baseVertex, baseInstance: DrawElementsIndirectCommand. */
    static final int COMMAND_INTS = 5;

    private int[] slots = new int[0];
    private int[] materials = new int[0];
    private int[] tints = new int[0];
    private int[] commands = new int[0];
    /** Each batch's material: with the commands, what decides {@link #materials}. */
    private int[] batchMaterials = new int[0];
    private int instances;
    private int batches;
    private long version;
    /** The queue and queue version the stream was last built from: a queue unchanged since is not read again. */
    private RenderQueue builtFrom;
    private long builtFromVersion;

    /** Rebuilds the stream from {@code queue}; returns whether anything in it changed. */
    boolean update(RenderQueue queue, MeshRanges meshes) {
        if (queue == builtFrom && queue.version() == builtFromVersion) {
            return false;
        }
        builtFrom = queue;
        builtFromVersion = queue.version();
        int newInstances = queue.instanceCount();
        int newBatches = queue.batchCount();
        if (slots.length < newInstances) {
            int capacity = Math.max(newInstances, slots.length * 2);
            slots = Arrays.copyOf(slots, capacity);
            materials = Arrays.copyOf(materials, capacity);
            tints = Arrays.copyOf(tints, capacity);
        }
        if (batchMaterials.length < newBatches) {
            int capacity = Math.max(newBatches, batchMaterials.length * 2);
            batchMaterials = Arrays.copyOf(batchMaterials, capacity);
            commands = Arrays.copyOf(commands, capacity * COMMAND_INTS);
        }
        int[] queueSlots = queue.instanceTransformSlots();
        boolean changed = newInstances != instances || newBatches != batches
                || !Arrays.equals(queueSlots, 0, newInstances, slots, 0, newInstances);
        if (changed) {
            System.arraycopy(queueSlots, 0, slots, 0, newInstances);
        }
        changed |= gatherTints(queue, newInstances);
        for (int batch = 0; batch < newBatches; batch++) {
            int mesh = queue.batchMeshId(batch);
            int material = queue.batchMaterialId(batch);
            int first = queue.batchFirstInstance(batch);
            int count = queue.batchInstanceCount(batch);
            int at = batch * COMMAND_INTS;
            boolean batchChanged = set(batchMaterials, batch, material) | set(commands, at, meshes.indexCount(mesh))
                    | set(commands, at + 1, count) | set(commands, at + 2, meshes.firstIndex(mesh))
                    | set(commands, at + 3, meshes.baseVertex(mesh)) | set(commands, at + 4, first);
            if (batchChanged || changed) {
                Arrays.fill(materials, first, first + count, material);
            }
            changed |= batchChanged;
        }
        instances = newInstances;
        batches = newBatches;
        if (changed) {
            version++;
        }
        return changed;
    }

    /**
     * Gathers each instance's tint from the scene's column by item; a queue is re-culled when a tint changes, so the
     * tints are read only when the queue's version moved.
     */
    private boolean gatherTints(RenderQueue queue, int count) {
        int[] itemTints = queue.itemTints();
        boolean changed = false;
        for (int i = 0; i < count; i++) {
            int tint = itemTints[queue.instanceItem(i)];
            changed |= tints[i] != tint;
            tints[i] = tint;
        }
        return changed;
    }

    private static boolean set(int[] array, int index, int value) {
        boolean differs = array[index] != value;
        array[index] = value;
        return differs;
    }

    long version() {
        return version;
    }

    int instances() {
        return instances;
    }

    int batches() {
        return batches;
    }

    /** Each instance's transform slot, in draw order. */
    int[] slots() {
        return slots;
    }

    /** Each instance's material id, in draw order. */
    int[] materials() {
        return materials;
    }

    /** Each instance's tint, RGBA bytes with red lowest, in draw order. */
    int[] tints() {
        return tints;
    }

    /** {@link #COMMAND_INTS} ints a batch. */
    int[] commands() {
        return commands;
    }
}
