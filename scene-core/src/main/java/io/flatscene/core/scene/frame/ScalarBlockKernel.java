package io.flatscene.core.scene.frame;

import io.flatscene.core.config.TransformKernel;
import io.flatscene.core.layout.LaneBlocks;

import static io.flatscene.core.scene.frame.TransformKernels.BLOCK;
import static io.flatscene.core.scene.frame.TransformKernels.PLAIN;

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
    public boolean writeFamilyBlock(float[] position, float[] orientation, float[] scale, float[] world, int[] flags,
                                    int[] parentSlots, int first, int parentSlot, int stale) {
        if (!isFamily(flags, parentSlots, first, parentSlot)) {
            return false;
        }
        writeBlock(position, orientation, scale, world, first, parentSlot);
        int parentFlags = flags[parentSlot];
        for (int lanes = stale; lanes != 0; lanes &= lanes - 1) {
            int slot = first + Integer.numberOfTrailingZeros(lanes);
            flags[slot] = TransformKernels.plainChildFlags(flags[slot], parentFlags);
        }
        return true;
    }

    @Override
    public int writeFamilyRun(float[] position, float[] orientation, float[] scale, float[] world, int[] flags,
                              int[] parentSlots, int first, int blocks, int parentSlot) {
        int run = 0;
        while (run < blocks && writeFamilyBlock(position, orientation, scale, world, flags, parentSlots,
                first + run * LaneBlocks.LANES, parentSlot, BLOCK)) {
            run++;
        }
        return run;
    }

    private static boolean isFamily(int[] flags, int[] parentSlots, int first, int parentSlot) {
        int plain = PLAIN;
        boolean family = true;
        for (int slot = first; slot < first + LaneBlocks.LANES; slot++) {
            plain &= flags[slot];
            family &= parentSlots[slot] == parentSlot;
        }
        return family && plain == PLAIN;
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
