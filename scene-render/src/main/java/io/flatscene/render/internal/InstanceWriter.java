package io.flatscene.render.internal;

import io.flatscene.core.layout.LaneBlocks;
import io.flatscene.core.scene.RenderQueue;
import org.lwjgl.system.MemoryUtil;

/**
 * Copies a render queue's instances into GPU-bound memory in the {@link VertexLayout} record that carries the world
 * matrix, material and tint, in draw order: the instanced path's upload.
 */
public final class InstanceWriter {
    private static final int MATRIX_FLOATS = 12;

    private InstanceWriter() {
    }

    /** Writes every instance of {@code queue} from {@code address} on; the memory must hold them all. */
    static void write(RenderQueue queue, long address) {
        float[] world = queue.worldMatrices();
        int[] tints = queue.itemTints();
        for (int batch = 0, batches = queue.batchCount(); batch < batches; batch++) {
            int material = queue.batchMaterialId(batch);
            int first = queue.batchFirstInstance(batch);
            int end = first + queue.batchInstanceCount(batch);
            for (int instance = first; instance < end; instance++) {
                long record = address + (long) instance * VertexLayout.MATRIX_INSTANCE_BYTES;
                int base = LaneBlocks.base(queue.instanceTransformSlot(instance), MATRIX_FLOATS);
                for (int c = 0; c < MATRIX_FLOATS; c++) {
                    MemoryUtil.memPutFloat(record + (long) c * Float.BYTES, world[base + c * LaneBlocks.LANES]);
                }
                MemoryUtil.memPutInt(record + VertexLayout.MATERIAL_OFFSET, material);
                MemoryUtil.memPutInt(record + VertexLayout.TINT_OFFSET, tints[queue.instanceItem(instance)]);
            }
        }
    }
}
