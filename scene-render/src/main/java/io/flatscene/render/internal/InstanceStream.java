package io.flatscene.render.internal;

import io.flatscene.core.scene.RenderQueue;
import io.flatscene.render.MeshRegistry;
import java.util.Arrays;

/**
 * The resident path's thin instance stream as last built: each instance's transform slot and material in draw order
 * (the GPU reads the world matrix by slot), and each batch's draw command. Kept on the CPU so that a frame can tell
 * whether the queue's order and contents changed, by comparing as it rebuilds; {@link #version} counts the changes,
 * so each buffer region can tell whether it already holds the current stream and need not be written again.
 */
final class InstanceStream {
    static final int RECORD_INTS = 2;
    /** count, instanceCount, firstIndex, baseVertex, baseInstance: DrawElementsIndirectCommand. */
    static final int COMMAND_INTS = 5;

    private int[] records = new int[0];
    private int[] commands = new int[0];
    private int instances;
    private int batches;
    private long version;
    /** The queue and queue version the stream was last built from: a queue unchanged since is not read again. */
    private RenderQueue builtFrom;
    private long builtFromVersion;

    /** Rebuilds the stream from {@code queue}; returns whether anything in it changed. */
    boolean update(RenderQueue queue, MeshRegistry meshes) {
        if (queue == builtFrom && queue.version() == builtFromVersion) {
            return false;
        }
        builtFrom = queue;
        builtFromVersion = queue.version();
        int newInstances = queue.instanceCount();
        int newBatches = queue.batchCount();
        boolean changed = newInstances != instances || newBatches != batches;
        if (records.length < newInstances * RECORD_INTS) {
            records = Arrays.copyOf(records, Math.max(newInstances * RECORD_INTS, records.length * 2));
        }
        if (commands.length < newBatches * COMMAND_INTS) {
            commands = Arrays.copyOf(commands, Math.max(newBatches * COMMAND_INTS, commands.length * 2));
        }
        int[] r = records;
        int[] c = commands;
        for (int batch = 0; batch < newBatches; batch++) {
            int mesh = queue.batchMeshId(batch);
            int material = queue.batchMaterialId(batch);
            int first = queue.batchFirstInstance(batch);
            int count = queue.batchInstanceCount(batch);
            int at = batch * COMMAND_INTS;
            changed |= set(c, at, meshes.indexCount(mesh)) | set(c, at + 1, count)
                    | set(c, at + 2, meshes.firstIndex(mesh)) | set(c, at + 3, meshes.baseVertex(mesh))
                    | set(c, at + 4, first);
            for (int instance = first, end = first + count; instance < end; instance++) {
                int record = instance * RECORD_INTS;
                changed |= set(r, record, queue.instanceTransformSlot(instance)) | set(r, record + 1, material);
            }
        }
        instances = newInstances;
        batches = newBatches;
        if (changed) {
            version++;
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

    /** Slot and material of each instance, {@link #RECORD_INTS} ints an instance. */
    int[] records() {
        return records;
    }

    /** {@link #COMMAND_INTS} ints a batch. */
    int[] commands() {
        return commands;
    }
}
