package io.flatscene.core.scene.frame;

import io.flatscene.core.config.SceneConfig;
import io.flatscene.core.config.TransformKernel;
import io.flatscene.core.layout.LaneBlocks;
import io.flatscene.core.scene.SceneManager;
import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;

import static io.flatscene.core.scene.frame.TransformKernels.PLAIN;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The block kernels give, lane for lane, the bits of {@link TransformKernels#writePlainChild}, so which one runs
 * never changes a scene's matrices; and the kernel a scene runs is the one its configuration asks for. The test JVM
 * resolves {@code jdk.incubator.vector} (see the module's surefire argLine), so the vector kernel is exercised here
 * even on a processor where AUTO would not pick it.
 */
class BlockKernelsTest {
    private static final int BLOCKS = 6;
    private static final int PARENT = 5;

    private final Random random = new Random(20261124);
    private final float[] position = new float[LaneBlocks.length(BLOCKS * 8, 3)];
    private final float[] orientation = new float[LaneBlocks.length(BLOCKS * 8, 4)];
    private final float[] scale = new float[LaneBlocks.length(BLOCKS * 8, 3)];

    @Test
    void vectorKernelGivesTheScalarBits() {
        assertSameBits(new VectorBlockKernel());
    }

    @Test
    void scalarKernelGivesTheSingleNodeBits() {
        assertSameBits(new ScalarBlockKernel());
    }

    private void assertSameBits(PlainBlockKernel kernel) {
        for (int trial = 0; trial < 500; trial++) {
            float[] world = new float[LaneBlocks.length(BLOCKS * 8, 12)];
            randomize(world);
            float[] expected = world.clone();
            int first = 8 * (1 + random.nextInt(BLOCKS - 1));
            for (int slot = first; slot < first + 8; slot++) {
                TransformKernels.writePlainChild(position, orientation, scale, expected, slot, PARENT);
            }
            kernel.writeBlock(position, orientation, scale, world, first, PARENT);
            assertSameBits(expected, world, new int[0], new int[0], kernel.description() + ", trial " + trial);
        }
    }

    private static void assertSameBits(float[] expectedWorld, float[] world, int[] expectedFlags, int[] flags,
                                       String context) {
        for (int i = 0; i < world.length; i++) {
            assertEquals(Float.floatToRawIntBits(expectedWorld[i]), Float.floatToRawIntBits(world[i]),
                    context + ", float " + i);
        }
        for (int slot = 0; slot < flags.length; slot++) {
            assertEquals(expectedFlags[slot], flags[slot], context + ", flags of slot " + slot);
        }
    }

    @Test
    void vectorFamilyBlocksGiveTheScalarBitsAndFlags() {
        assertFamilyBlocks(new VectorBlockKernel());
    }

    @Test
    void scalarFamilyBlocksGiveTheSingleNodeBitsAndFlags() {
        assertFamilyBlocks(new ScalarBlockKernel());
    }

    /**
     * Random blocks, most of them one family of plain children, some with a lane of another parent or a lane that
     * does not inherit: a family gets every matrix and its stale lanes' flags, anything else is left untouched.
     */
    private void assertFamilyBlocks(PlainBlockKernel kernel) {
        int families = 0;
        for (int trial = 0; trial < 500; trial++) {
            float[] world = new float[LaneBlocks.length(BLOCKS * 8, 12)];
            randomize(world);
            int[] flags = new int[BLOCKS * 8];
            int[] parents = new int[BLOCKS * 8];
            randomizeFamilies(flags, parents, 40);
            int first = 8 * (1 + random.nextInt(BLOCKS - 1));
            int stale = 1 + random.nextInt(255);
            boolean family = true;
            for (int slot = first; slot < first + 8; slot++) {
                family &= parents[slot] == PARENT && (flags[slot] & PLAIN) == PLAIN;
            }
            float[] expectedWorld = world.clone();
            int[] expectedFlags = flags.clone();
            if (family) {
                families++;
                for (int slot = first; slot < first + 8; slot++) {
                    TransformKernels.writePlainChild(position, orientation, scale, expectedWorld, slot, PARENT);
                    if ((stale & (1 << (slot - first))) != 0) {
                        expectedFlags[slot] = TransformKernels.plainChildFlags(flags[slot], flags[PARENT]);
                    }
                }
            }
            String context = kernel.description() + ", trial " + trial;
            assertEquals(family, kernel.writeFamilyBlock(position, orientation, scale, world, flags, parents, first,
                    PARENT, stale), context);
            assertSameBits(expectedWorld, world, expectedFlags, flags, context);
        }
        assertTrue(families > 100 && families < 450, families + " of 500 blocks were families: both kinds are run");
    }

    @Test
    void vectorFamilyRunsGiveTheScalarBitsAndFlags() {
        assertFamilyRuns(new VectorBlockKernel());
    }

    @Test
    void scalarFamilyRunsGiveTheSingleNodeBitsAndFlags() {
        assertFamilyRuns(new ScalarBlockKernel());
    }

    /**
     * Runs of up to five blocks from block 1, where a block now and then has a lane of another parent or one that does
     * not inherit: the kernel writes the leading family blocks whole, every lane's matrix and flags, and stops at the
     * first other block or at the count asked for.
     */
    private void assertFamilyRuns(PlainBlockKernel kernel) {
        int[] runs = new int[BLOCKS];
        for (int trial = 0; trial < 500; trial++) {
            float[] world = new float[LaneBlocks.length(BLOCKS * 8, 12)];
            randomize(world);
            int[] flags = new int[BLOCKS * 8];
            int[] parents = new int[BLOCKS * 8];
            randomizeFamilies(flags, parents, 60);
            int blocks = 1 + random.nextInt(BLOCKS - 1);
            int run = 0;
            while (run < blocks && isFamily(flags, parents, 8 * (1 + run))) {
                run++;
            }
            runs[run]++;
            float[] expectedWorld = world.clone();
            int[] expectedFlags = flags.clone();
            for (int slot = 8; slot < 8 * (1 + run); slot++) {
                TransformKernels.writePlainChild(position, orientation, scale, expectedWorld, slot, PARENT);
                expectedFlags[slot] = TransformKernels.plainChildFlags(flags[slot], flags[PARENT]);
            }
            String context = kernel.description() + ", trial " + trial + ", " + blocks + " blocks asked";
            assertEquals(run, kernel.writeFamilyRun(position, orientation, scale, world, flags, parents, 8, blocks,
                    PARENT), context);
            assertSameBits(expectedWorld, world, expectedFlags, flags, context);
        }
        for (int run = 0; run < BLOCKS - 1; run++) {
            assertTrue(runs[run] > 0, "no trial wrote a run of " + run + " blocks: " + Arrays.toString(runs));
        }
    }

    /** Random flags, mostly inheriting both, and parents, mostly {@link #PARENT}: one lane in {@code odds} is not. */
    private void randomizeFamilies(int[] flags, int[] parents, int odds) {
        for (int slot = 0; slot < flags.length; slot++) {
            flags[slot] = random.nextInt() & ~PLAIN | (random.nextInt(odds) == 0 ? 0 : PLAIN);
            parents[slot] = random.nextInt(odds) == 0 ? PARENT - 1 : PARENT;
        }
    }

    private static boolean isFamily(int[] flags, int[] parents, int first) {
        for (int slot = first; slot < first + 8; slot++) {
            if (parents[slot] != PARENT || (flags[slot] & PLAIN) != PLAIN) {
                return false;
            }
        }
        return true;
    }

    /** Random local transforms (some scales negative, some tiny or huge) and a random affine parent matrix. */
    private void randomize(float[] world) {
        for (int i = 0; i < position.length; i++) {
            position[i] = (random.nextFloat() - 0.5f) * 200f;
            scale[i] = (random.nextFloat() - 0.3f) * (random.nextInt(10) == 0 ? 1e4f : 3f);
        }
        for (int slot = 0; slot < BLOCKS * 8; slot++) {
            float x = random.nextFloat() - 0.5f;
            float y = random.nextFloat() - 0.5f;
            float z = random.nextFloat() - 0.5f;
            float w = random.nextFloat() - 0.5f;
            float inverse = (float) (1.0 / Math.sqrt(x * x + y * y + z * z + w * w));
            int q = LaneBlocks.base(slot, 4);
            orientation[q] = x * inverse;
            orientation[q + 8] = y * inverse;
            orientation[q + 16] = z * inverse;
            orientation[q + 24] = w * inverse;
        }
        for (int i = 0; i < world.length; i++) {
            world[i] = (random.nextFloat() - 0.5f) * 20f;
        }
    }

    @Test
    void eachKernelSaysWhatItIs() {
        assertEquals("scalar (fused, one node at a time)", new ScalarBlockKernel().description());
        assertEquals("vector (jdk.incubator.vector, 8 float lanes)", new VectorBlockKernel().description());
        assertEquals(TransformKernel.SCALAR, new ScalarBlockKernel().kind());
        assertEquals(TransformKernel.VECTOR, new VectorBlockKernel().kind());
    }

    @Test
    void scalarIsScalarWhateverTheRuntime() {
        try (SceneManager scene = scene(TransformKernel.SCALAR)) {
            assertEquals(TransformKernel.SCALAR, scene.transformKernel());
        }
    }

    @Test
    void autoRunsTheVectorKernelWhereItIsFast() {
        try (SceneManager scene = scene(TransformKernel.AUTO)) {
            assertEquals(VectorBlockKernel.isFast() ? TransformKernel.VECTOR : TransformKernel.SCALAR,
                    scene.transformKernel());
        }
    }

    @Test
    void vectorIsVectorOrRefusedWithTheReason() {
        if (VectorBlockKernel.isFast()) {
            try (SceneManager scene = scene(TransformKernel.VECTOR)) {
                assertEquals(TransformKernel.VECTOR, scene.transformKernel());
            }
        } else {
            IllegalStateException refused = assertThrows(IllegalStateException.class,
                    () -> scene(TransformKernel.VECTOR));
            assertTrue(refused.getMessage().contains(SceneConfig.TRANSFORM_KERNEL_KEY), refused.getMessage());
            assertTrue(refused.getMessage().contains("256-bit"), refused.getMessage());
        }
    }

    @Test
    void withoutTheModuleAutoFallsBackAndVectorRefusesSayingWhy() {
        BlockKernels.Outcome none = new BlockKernels.Outcome(null, "the runtime has no module jdk.incubator.vector");
        assertEquals(TransformKernel.SCALAR, BlockKernels.of(TransformKernel.AUTO, none).kind());
        assertEquals(TransformKernel.SCALAR, BlockKernels.of(TransformKernel.SCALAR, none).kind());
        IllegalStateException refused = assertThrows(IllegalStateException.class,
                () -> BlockKernels.of(TransformKernel.VECTOR, none));
        assertEquals("flatscene.transformKernel is VECTOR, but the runtime has no module jdk.incubator.vector",
                refused.getMessage());
        BlockKernels.Outcome vector = new BlockKernels.Outcome(new VectorBlockKernel(), null);
        assertEquals(TransformKernel.VECTOR, BlockKernels.of(TransformKernel.AUTO, vector).kind());
        assertEquals(TransformKernel.VECTOR, BlockKernels.of(TransformKernel.VECTOR, vector).kind());
        assertEquals(TransformKernel.SCALAR, BlockKernels.of(TransformKernel.SCALAR, vector).kind());
    }

    private static SceneManager scene(TransformKernel kernel) {
        return new SceneManager(SceneConfig.builder().maxNodes(16).maxItems(4).transformKernel(kernel).build());
    }
}
