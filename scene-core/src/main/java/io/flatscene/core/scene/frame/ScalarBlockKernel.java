package io.flatscene.core.scene.frame;

import io.flatscene.core.config.TransformKernel;
import io.flatscene.core.container.LaneBlocks;

/** The fallback: the fused scalar kernel, one node after the other. */
final class ScalarBlockKernel implements PlainBlockKernel {
    @Override
    public void writeBlock(float[] position, float[] orientation, float[] scale, float[] world, int first,
                           int parentSlot) {
        for (int slot = first; slot < first + LaneBlocks.LANES; slot++) {
            TransformKernels.writePlainChild(position, orientation, scale, world, slot, parentSlot);
        }
    }

    @Override
    public TransformKernel kind() {
        return TransformKernel.SCALAR;
    }

    @Override
    public String description() {
        return "scalar (fused, one node at a time)";
    }
}
