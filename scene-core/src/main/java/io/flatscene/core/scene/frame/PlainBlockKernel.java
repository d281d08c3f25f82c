package io.flatscene.core.scene.frame;

import io.flatscene.core.config.TransformKernel;

/**
 * Computes the world matrices of a block of eight neighbouring nodes (one {@link io.flatscene.core.layout.LaneBlocks
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

    /**
     * When slots {@code [first, first + 8)} all inherit orientation and scale from {@code parentSlot} (one family, as
     * most blocks are): writes their world matrices as {@link #writeBlock} does, gives the {@code stale} lanes a plain
     * child's flags ({@link TransformKernels#plainChildFlags} with the parent's), and returns true. Otherwise writes
     * nothing and returns false. The check and the flags are the pass's bookkeeping per block, which costs as much as
     * the matrices when it is done a lane at a time.
     *
     * @param stale the lanes whose flags the recompute updates, bit {@code i} for slot {@code first + i}
     */
    boolean writeFamilyBlock(float[] position, float[] orientation, float[] scale, float[] world, int[] flags,
                             int[] parentSlots, int first, int parentSlot, int stale);

    /**
     * {@link #writeFamilyBlock} with every lane stale, over the longest run of family blocks of {@code parentSlot}
     * from {@code first}, at most {@code blocks} of them: one call for the run of a family's blocks, so that the
     * per-call cost (the kernel's steps are too large for C2 to inline) is paid once per run, not per block.
     *
     * @return the blocks written, 0 when the block at {@code first} is not one of the family
     */
    int writeFamilyRun(float[] position, float[] orientation, float[] scale, float[] world, int[] flags,
                       int[] parentSlots, int first, int blocks, int parentSlot);

    /** Which of the configurable kernels this is: {@code VECTOR} or {@code SCALAR}. */
    TransformKernel kind();

    /** What the startup log calls this kernel. */
    String description();
}
