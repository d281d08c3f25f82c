package io.flatscene.core.scene.frame;

import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

/**
 * The frame's output lists and the cull's scratch grow to the capacity asked for, keeping what they hold, and never
 * shrink; chunks of items are 64, rounded up.
 */
class FrameListsTest {
    @Test
    void lightListGrowsKeepingItsLights() {
        LightList lights = new LightList();
        assertEquals(0, lights.type.length);
        assertEquals(0, lights.values.length);
        lights.ensureCapacity(2);
        assertEquals(2, lights.type.length);
        assertEquals(2 * LightList.FLOATS, lights.values.length);
        lights.type[1] = 3;
        lights.values[LightList.FLOATS + LightList.DISTANCE_SQUARED] = 7f;
        lights.ensureCapacity(5);
        assertEquals(5, lights.type.length);
        assertEquals(5 * LightList.FLOATS, lights.values.length);
        assertEquals(3, lights.type[1]);
        assertEquals(7f, lights.values[LightList.FLOATS + LightList.DISTANCE_SQUARED]);
        int[] type = lights.type;
        float[] values = lights.values;
        lights.ensureCapacity(5);
        lights.ensureCapacity(1);
        assertSame(type, lights.type);
        assertSame(values, lights.values);
    }

    @Test
    void lightListLayoutIsThirteenFloats() {
        assertArrayEquals(new int[] {0, 3, 6, 9, 10, 11, 12, 13}, new int[] {LightList.POSITION, LightList.DIRECTION,
            LightList.COLOR, LightList.RANGE, LightList.SPOT_INNER, LightList.SPOT_OUTER, LightList.DISTANCE_SQUARED,
            LightList.FLOATS});
    }

    @Test
    void drawListGrowsEveryArrayKeepingItsEntries() {
        DrawList draws = new DrawList();
        draws.ensureCapacity(2);
        assertLengths(draws, 2);
        draws.keys[1] = 11L;
        draws.items[1] = 12;
        draws.slots[1] = 13;
        draws.batchMesh[1] = 14;
        draws.batchMaterial[1] = 15;
        draws.batchGroup[1] = 16;
        draws.batchTransparent[1] = true;
        draws.batchMirrored[1] = true;
        draws.batchFirst[1] = 17;
        draws.batchInstances[1] = 18;
        draws.ensureCapacity(6);
        assertLengths(draws, 6);
        assertEquals(11L, draws.keys[1]);
        assertEquals(12, draws.items[1]);
        assertEquals(13, draws.slots[1]);
        assertEquals(14, draws.batchMesh[1]);
        assertEquals(15, draws.batchMaterial[1]);
        assertEquals(16, draws.batchGroup[1]);
        assertEquals(true, draws.batchTransparent[1]);
        assertEquals(true, draws.batchMirrored[1]);
        assertEquals(17, draws.batchFirst[1]);
        assertEquals(18, draws.batchInstances[1]);
        long[] keys = draws.keys;
        draws.ensureCapacity(6);
        draws.ensureCapacity(3);
        assertSame(keys, draws.keys);
        assertLengths(draws, 6);
    }

    /**
     * Shares of whole chunks, each taking chunks while its running total stays at or under its fraction of the whole
     * work: a tie at the fraction goes to the earlier share, a costly first chunk leaves the first share empty, and
     * chunks of no work all go to the first share, whose end is then clamped to the item count.
     */
    @Test
    void cullScratchBalancesSharesByTheLastCullsChunkWork() {
        int chunk = ChunkBounds.SIZE;
        assertEquals(List.of(0, 2 * chunk, 4 * chunk), shares(4 * chunk, 2, 1, 1, 1, 1), "a tie at the half");
        assertEquals(List.of(0, chunk, 8 * chunk - 3), shares(8 * chunk - 3, 2, 10, 1, 1, 1, 1, 1, 1, 4));
        assertEquals(List.of(0, 0, 4 * chunk, 8 * chunk - 3), shares(8 * chunk - 3, 3, 10, 1, 1, 1, 1, 1, 1, 4),
                "the first chunk alone is worth more than a third");
        assertEquals(List.of(0, 130, 130), shares(130, 2, 0, 0, 0), "no work: the first share takes every chunk");
        assertEquals(List.of(0, 2 * chunk, 4 * chunk, 7 * chunk), shares(7 * chunk, 3, 1, 2, 3, 4, 2, 3, 1));
    }

    private static List<Integer> shares(int items, int workers, int... work) {
        CullScratch scratch = new CullScratch();
        scratch.ensureCapacity(items, workers);
        System.arraycopy(work, 0, scratch.chunkWork, 0, work.length);
        Arrays.fill(scratch.shareStarts, -1);
        scratch.balanceShares(items, workers);
        return Arrays.stream(scratch.shareStarts).boxed().toList();
    }

    @Test
    void cullScratchSizesPerWorkerAndPerChunkAndMarksNewChunksUnculled() {
        CullScratch scratch = new CullScratch();
        int items = 3 * ChunkBounds.SIZE + 1;
        scratch.ensureCapacity(items, 3);
        assertEquals(3, scratch.visiblePerWorker.length);
        assertEquals(3, scratch.wideIds.length);
        assertEquals(4, scratch.shareStarts.length);
        assertEquals(items, scratch.order.length);
        assertEquals(items, scratch.visibleItems.length);
        assertEquals(items, scratch.visibleSlots.length);
        assertEquals(4, scratch.chunkWork.length);
        for (int work : scratch.chunkWork) {
            assertEquals(CullPass.UNKNOWN_WORK, work);
        }
        scratch.chunkWork[0] = 1;
        scratch.order[1] = 21;
        scratch.visibleItems[1] = 22;
        scratch.visibleSlots[1] = 23;
        scratch.visiblePerWorker[1] = 24;
        int[] perWorker = scratch.visiblePerWorker;
        scratch.ensureCapacity(2 * items, 3);
        assertSame(perWorker, scratch.visiblePerWorker);
        assertEquals(2 * items, scratch.order.length);
        assertEquals(2 * items, scratch.visibleItems.length);
        assertEquals(2 * items, scratch.visibleSlots.length);
        assertEquals(21, scratch.order[1]);
        assertEquals(22, scratch.visibleItems[1]);
        assertEquals(23, scratch.visibleSlots[1]);
        assertEquals(7, scratch.chunkWork.length);
        assertEquals(1, scratch.chunkWork[0], "a culled chunk keeps its cost");
        for (int chunk = 1; chunk < scratch.chunkWork.length; chunk++) {
            assertEquals(CullPass.UNKNOWN_WORK, scratch.chunkWork[chunk], "chunk " + chunk);
        }
        scratch.ensureCapacity(items, 5);
        assertEquals(5, scratch.visiblePerWorker.length);
        assertEquals(5, scratch.wideIds.length);
        assertEquals(6, scratch.shareStarts.length);
        assertEquals(2 * items, scratch.order.length, "never shrinks");
        assertEquals(7, scratch.chunkWork.length, "never shrinks");
        int[] chunkWork = scratch.chunkWork;
        int[] order = scratch.order;
        scratch.ensureCapacity(2 * items, 5);
        assertSame(chunkWork, scratch.chunkWork, "large enough: not reallocated");
        assertSame(order, scratch.order, "large enough: not reallocated");
    }

    @Test
    void chunksAreSixtyFourItemsRoundedUp() {
        assertEquals(64, ChunkBounds.SIZE);
        assertEquals(0, ChunkBounds.chunkCount(0));
        assertEquals(1, ChunkBounds.chunkCount(1));
        assertEquals(1, ChunkBounds.chunkCount(64));
        assertEquals(2, ChunkBounds.chunkCount(65));
        assertEquals(2, ChunkBounds.chunkCount(128));
        assertEquals(1 << 25, ChunkBounds.chunkCount(Integer.MAX_VALUE), "the sum past int range is read unsigned");
    }

    private static void assertLengths(DrawList draws, int capacity) {
        assertArrayEquals(new int[] {capacity, capacity, capacity, capacity, capacity, capacity, capacity, capacity,
            capacity, capacity}, new int[] {draws.keys.length, draws.items.length, draws.slots.length,
                draws.batchMesh.length, draws.batchMaterial.length, draws.batchGroup.length,
                draws.batchTransparent.length, draws.batchMirrored.length, draws.batchFirst.length,
                draws.batchInstances.length});
    }
}
