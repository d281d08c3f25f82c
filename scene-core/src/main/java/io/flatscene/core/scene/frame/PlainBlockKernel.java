package io.flatscene.core.scene.frame;

import io.flatscene.core.config.TransformKernel;

/**
 * Computes the world matrices of a block of eight neighbouring nodes (one {@link io.flatscene.core.container.LaneBlocks
 * block}) that inherit orientation and scale from one shared parent: world = parent · T · R · S for each. Every
 * implementation gives, lane for lane, the bits {@link TransformKernels#writePlainChild} gives, so which one runs
 * changes the speed of a pass, never its result.
 */
interface PlainBlockKernel {
    /**
     * Writes the world matrices of slots {@code [first, first + 8)}, {@code first} a multiple of 8, all children of
     * {@code parentSlot}, which lies in an earlier block.
     */
    void writeBlock(float[] position, float[] orientation, float[] scale, float[] world, int first, int parentSlot);

    /** Which of the configurable kernels this is: {@code VECTOR} or {@code SCALAR}. */
    TransformKernel kind();

    /** What the startup log calls this kernel. */
    String description();
}
