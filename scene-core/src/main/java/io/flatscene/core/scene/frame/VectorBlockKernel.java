package io.flatscene.core.scene.frame;

import io.flatscene.core.config.TransformKernel;
import io.flatscene.core.layout.LaneBlocks;
import jdk.incubator.vector.FloatVector;
import jdk.incubator.vector.IntVector;
import jdk.incubator.vector.VectorOperators;
import jdk.incubator.vector.VectorSpecies;

import static io.flatscene.core.scene.frame.TransformKernels.BLOCK;
import static io.flatscene.core.scene.frame.TransformKernels.PLAIN;
import static io.flatscene.core.scene.store.TransformStore.IN_GRAPH;
import static io.flatscene.core.scene.store.TransformStore.MATRIX_WIDTH;
import static io.flatscene.core.scene.store.TransformStore.MIRRORED;
import static io.flatscene.core.scene.store.TransformStore.QUATERNION_WIDTH;
import static io.flatscene.core.scene.store.TransformStore.SHOWN;
import static io.flatscene.core.scene.store.TransformStore.VECTOR_WIDTH;

/**
 * The plain-chain kernel on the incubator Vector API: eight nodes at once, a lane each, one 256-bit load or store per
 * component of the block (the store's {@link LaneBlocks} layout), the shared parent's matrix broadcast. Each lane
 * performs {@link TransformKernels#writePlainChild}'s multiplications and additions in its order, without fused
 * multiply-adds, so the bits are the scalar kernel's. Loaded only by {@link BlockKernels}, and only when the runtime
 * resolved {@code jdk.incubator.vector}.
 */
final class VectorBlockKernel implements PlainBlockKernel {
    private static final VectorSpecies<Float> SPECIES = FloatVector.SPECIES_256;
    private static final VectorSpecies<Integer> INTS = IntVector.SPECIES_256;
    private static final int L = LaneBlocks.LANES;
    /** Lane {@code i} holds bit {@code i}: a lane bit set, as an int, becomes a lane mask with one AND and compare. */
    private static final IntVector LANE_BITS = IntVector.fromArray(INTS, new int[] {1, 2, 4, 8, 16, 32, 64, 128}, 0);

    /**
     * Whether 256-bit float vectors are native here: where the widest is narrower, the API would emulate them and
     * run slower than the scalar kernel.
     */
    static boolean isFast() {
        return FloatVector.SPECIES_PREFERRED.vectorBitSize() >= SPECIES.vectorBitSize();
    }

    /**
     * In three steps, each a method of its own that loops over the blocks of a run: C2 stops inlining calls into a
     * method past a node budget, and a Vector API call it does not inline boxes every vector it takes or returns, so
     * one large method would allocate; and the steps are too large to inline, so each costs a call, paid once per run
     * of a family's blocks ({@link #writeFamilyRun}) rather than once per block. The steps hand over the local linear
     * part through the blocks' own world entries, which the second overwrites; a float stored and loaded back is the
     * same float, so the bits are still the scalar kernel's.
     */
    @Override
    public void writeBlock(float[] position, float[] orientation, float[] scale, float[] world, int first,
                           int parentSlot) {
        writeBlocks(position, orientation, scale, world, first, 1, parentSlot);
    }

    /** The matrices of {@code blocks} blocks from {@code first}, all children of {@code parentSlot}. */
    private static void writeBlocks(float[] position, float[] orientation, float[] scale, float[] world, int first,
                                    int blocks, int parentSlot) {
        int pw = LaneBlocks.base(parentSlot, MATRIX_WIDTH);
        writeLocalLinear(orientation, scale, world, first, blocks);
        applyParent(world, first, blocks, pw);
        writeTranslation(position, world, first, blocks, pw);
    }

    @Override
    public boolean writeFamilyBlock(float[] position, float[] orientation, float[] scale, float[] world, int[] flags,
                                    int[] parentSlots, int first, int parentSlot, int stale) {
        if (!isFamily(flags, parentSlots, first, parentSlot)) {
            return false;
        }
        writeBlocks(position, orientation, scale, world, first, 1, parentSlot);
        writeFlags(flags, first, flags[parentSlot], stale);
        return true;
    }

    @Override
    public int writeFamilyRun(float[] position, float[] orientation, float[] scale, float[] world, int[] flags,
                              int[] parentSlots, int first, int blocks, int parentSlot) {
        int run = 0;
        while (run < blocks && isFamily(flags, parentSlots, first + run * L, parentSlot)) {
            run++;
        }
        if (run == 0) {
            return 0;
        }
        writeBlocks(position, orientation, scale, world, first, run, parentSlot);
        int parentFlags = flags[parentSlot];
        for (int block = 0; block < run; block++) {
            writeFlags(flags, first + block * L, parentFlags, BLOCK);
        }
        return run;
    }

    /** Whether the eight nodes all inherit orientation and scale, from {@code parentSlot}: two compares. */
    private static boolean isFamily(int[] flags, int[] parentSlots, int first, int parentSlot) {
        return IntVector.fromArray(INTS, parentSlots, first).compare(VectorOperators.EQ, parentSlot).allTrue()
                && IntVector.fromArray(INTS, flags, first).and(PLAIN).compare(VectorOperators.EQ, PLAIN).allTrue();
    }

    /** {@link TransformKernels#plainChildFlags} lane by lane, written to the {@code stale} lanes only. */
    private static void writeFlags(int[] flags, int first, int parentFlags, int stale) {
        IntVector f = IntVector.fromArray(INTS, flags, first);
        IntVector updated = f.and(~(IN_GRAPH | MIRRORED | SHOWN)).or(parentFlags & IN_GRAPH)
                .or(f.lanewise(VectorOperators.LSHL, 4).not().and(parentFlags & SHOWN))
                .or(f.lanewise(VectorOperators.LSHR, 1).and(MIRRORED).lanewise(VectorOperators.XOR,
                        parentFlags & MIRRORED));
        if (stale == BLOCK) {
            updated.intoArray(flags, first);
        } else {
            f.blend(updated, LANE_BITS.and(stale).compare(VectorOperators.NE, 0)).intoArray(flags, first);
        }
    }

    /** R · S of the lanes of {@code blocks} blocks from {@code first} into the linear part of their world entries. */
    private static void writeLocalLinear(float[] orientation, float[] scale, float[] world, int first, int blocks) {
        for (int block = first; block < first + blocks * L; block += L) {
            int w = LaneBlocks.base(block, MATRIX_WIDTH);
            int q = LaneBlocks.base(block, QUATERNION_WIDTH);
            FloatVector x = FloatVector.fromArray(SPECIES, orientation, q);
            FloatVector y = FloatVector.fromArray(SPECIES, orientation, q + L);
            FloatVector z = FloatVector.fromArray(SPECIES, orientation, q + 2 * L);
            FloatVector qw = FloatVector.fromArray(SPECIES, orientation, q + 3 * L);
            FloatVector xx = x.mul(x);
            FloatVector yy = y.mul(y);
            FloatVector zz = z.mul(z);
            FloatVector xy = x.mul(y);
            FloatVector xz = x.mul(z);
            FloatVector yz = y.mul(z);
            FloatVector xw = x.mul(qw);
            FloatVector yw = y.mul(qw);
            FloatVector zw = z.mul(qw);
            int s = LaneBlocks.base(block, VECTOR_WIDTH);
            FloatVector sx = FloatVector.fromArray(SPECIES, scale, s);
            FloatVector sy = FloatVector.fromArray(SPECIES, scale, s + L);
            FloatVector sz = FloatVector.fromArray(SPECIES, scale, s + 2 * L);
            // 1 - 2t is computed as -(2t) + 1: IEEE subtraction is the addition of the negation, so the bits agree
            yy.add(zz).mul(2f).neg().add(1f).mul(sx).intoArray(world, w);
            xy.add(zw).mul(2f).mul(sx).intoArray(world, w + L);
            xz.sub(yw).mul(2f).mul(sx).intoArray(world, w + 2 * L);
            xy.sub(zw).mul(2f).mul(sy).intoArray(world, w + 3 * L);
            xx.add(zz).mul(2f).neg().add(1f).mul(sy).intoArray(world, w + 4 * L);
            yz.add(xw).mul(2f).mul(sy).intoArray(world, w + 5 * L);
            xz.add(yw).mul(2f).mul(sz).intoArray(world, w + 6 * L);
            yz.sub(xw).mul(2f).mul(sz).intoArray(world, w + 7 * L);
            xx.add(yy).mul(2f).neg().add(1f).mul(sz).intoArray(world, w + 8 * L);
        }
    }

    /**
     * The linear part of world = parent · local for the lanes of {@code blocks} blocks from {@code first}, whose local
     * linear part {@link #writeLocalLinear} left in their world entries; the parent's matrix, based at {@code pw}, is
     * broadcast.
     */
    private static void applyParent(float[] world, int first, int blocks, int pw) {
        float p00 = world[pw];
        float p01 = world[pw + L];
        float p02 = world[pw + 2 * L];
        float p10 = world[pw + 3 * L];
        float p11 = world[pw + 4 * L];
        float p12 = world[pw + 5 * L];
        float p20 = world[pw + 6 * L];
        float p21 = world[pw + 7 * L];
        float p22 = world[pw + 8 * L];
        for (int block = first; block < first + blocks * L; block += L) {
            int w = LaneBlocks.base(block, MATRIX_WIDTH);
            FloatVector l00 = FloatVector.fromArray(SPECIES, world, w);
            FloatVector l01 = FloatVector.fromArray(SPECIES, world, w + L);
            FloatVector l02 = FloatVector.fromArray(SPECIES, world, w + 2 * L);
            FloatVector l10 = FloatVector.fromArray(SPECIES, world, w + 3 * L);
            FloatVector l11 = FloatVector.fromArray(SPECIES, world, w + 4 * L);
            FloatVector l12 = FloatVector.fromArray(SPECIES, world, w + 5 * L);
            FloatVector l20 = FloatVector.fromArray(SPECIES, world, w + 6 * L);
            FloatVector l21 = FloatVector.fromArray(SPECIES, world, w + 7 * L);
            FloatVector l22 = FloatVector.fromArray(SPECIES, world, w + 8 * L);
            l00.mul(p00).add(l01.mul(p10)).add(l02.mul(p20)).intoArray(world, w);
            l00.mul(p01).add(l01.mul(p11)).add(l02.mul(p21)).intoArray(world, w + L);
            l00.mul(p02).add(l01.mul(p12)).add(l02.mul(p22)).intoArray(world, w + 2 * L);
            l10.mul(p00).add(l11.mul(p10)).add(l12.mul(p20)).intoArray(world, w + 3 * L);
            l10.mul(p01).add(l11.mul(p11)).add(l12.mul(p21)).intoArray(world, w + 4 * L);
            l10.mul(p02).add(l11.mul(p12)).add(l12.mul(p22)).intoArray(world, w + 5 * L);
            l20.mul(p00).add(l21.mul(p10)).add(l22.mul(p20)).intoArray(world, w + 6 * L);
            l20.mul(p01).add(l21.mul(p11)).add(l22.mul(p21)).intoArray(world, w + 7 * L);
            l20.mul(p02).add(l21.mul(p12)).add(l22.mul(p22)).intoArray(world, w + 8 * L);
        }
    }

    /** The translation of world = parent · local: the parent applied to the local positions of the blocks' lanes. */
    private static void writeTranslation(float[] position, float[] world, int first, int blocks, int pw) {
        float p00 = world[pw];
        float p01 = world[pw + L];
        float p02 = world[pw + 2 * L];
        float p10 = world[pw + 3 * L];
        float p11 = world[pw + 4 * L];
        float p12 = world[pw + 5 * L];
        float p20 = world[pw + 6 * L];
        float p21 = world[pw + 7 * L];
        float p22 = world[pw + 8 * L];
        float tx = world[pw + 9 * L];
        float ty = world[pw + 10 * L];
        float tz = world[pw + 11 * L];
        for (int block = first; block < first + blocks * L; block += L) {
            int w = LaneBlocks.base(block, MATRIX_WIDTH);
            int s = LaneBlocks.base(block, VECTOR_WIDTH);
            FloatVector lx = FloatVector.fromArray(SPECIES, position, s);
            FloatVector ly = FloatVector.fromArray(SPECIES, position, s + L);
            FloatVector lz = FloatVector.fromArray(SPECIES, position, s + 2 * L);
            lx.mul(p00).add(ly.mul(p10)).add(lz.mul(p20)).add(tx).intoArray(world, w + 9 * L);
            lx.mul(p01).add(ly.mul(p11)).add(lz.mul(p21)).add(ty).intoArray(world, w + 10 * L);
            lx.mul(p02).add(ly.mul(p12)).add(lz.mul(p22)).add(tz).intoArray(world, w + 11 * L);
        }
    }

    @Override
    public TransformKernel kind() {
        return TransformKernel.VECTOR;
    }

    @Override
    public String description() {
        return "vector (jdk.incubator.vector, " + SPECIES.length() + " float lanes)";
    }
}
