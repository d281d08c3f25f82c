package io.flatscene.core.scene.store;

import io.flatscene.core.container.GrowthPolicy;
import io.flatscene.core.container.Index;
import io.flatscene.core.container.SparseSet;
import io.flatscene.core.container.SummaryBitSet;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

/**
 * The items' columns over their sparse set: what a new item holds, what each write marks for the bounds pass and the
 * query index, and that every column moves with its item.
 */
class ItemStoreTest {

    private static List<Integer> setBits(SummaryBitSet bits) {
        List<Integer> set = new ArrayList<>();
        for (int bit = bits.nextSetBit(0, bits.capacity()); bit != Index.NONE;
             bit = bits.nextSetBit(bit + 1, bits.capacity())) {
            set.add(bit);
        }
        return set;
    }

    private static float[] triple(float[] array, int index) {
        return new float[] {array[3 * index], array[3 * index + 1], array[3 * index + 2]};
    }

    @Test
    void aNewItemStartsWithItsWorldBoxAsItsLocalBoxOnNoNodeAndOpaqueWhite() {
        SparseSet set = new SparseSet("maxItems", 4, GrowthPolicy.FAIL);
        ItemStore items = new ItemStore(set);
        set.add(0);
        int index = set.add(1);
        items.setLocal(index, 1f, 2f, 3f, 0.5f, 0.25f, 4f);
        items.init(index, 7, 8, 9, 10, 11);
        assertArrayEquals(new float[] {1f, 2f, 3f}, triple(items.localCenterArray(), index));
        assertArrayEquals(new float[] {0.5f, 0.25f, 4f}, triple(items.localHalfArray(), index));
        assertArrayEquals(new float[] {1f, 2f, 3f}, triple(items.worldCenterArray(), index));
        assertArrayEquals(new float[] {0.5f, 0.25f, 4f}, triple(items.worldHalfArray(), index));
        assertArrayEquals(new float[] {0f, 0f, 0f}, triple(items.worldCenterArray(), 0), "item 0 untouched");
        assertEquals(Index.NONE, items.nodeSlotArray()[index]);
        assertEquals(7, items.meshIdArray()[index]);
        assertEquals(8, items.materialIdArray()[index]);
        assertEquals(9, items.renderQueueGroupArray()[index]);
        assertEquals(10, items.visibilityFlagsArray()[index]);
        assertEquals(11, items.queryFlagsArray()[index]);
        assertEquals(0, items.transparentArray()[index]);
        assertEquals(ItemStore.OPAQUE_WHITE, items.tintArray()[index]);
        assertEquals(1, items.boundsDirtyArray()[index]);
    }

    @Test
    void aReusedIndexForgetsTheTransparencyAndTintOfItsLastItem() {
        SparseSet set = new SparseSet("maxItems", 4, GrowthPolicy.FAIL);
        ItemStore items = new ItemStore(set);
        int index = set.add(0);
        items.transparentArray()[index] = 1;
        items.tintArray()[index] = 0x1234;
        items.nodeSlotArray()[index] = 5;
        items.inGraphArray()[index] = 1;
        items.init(index, 0, 0, 0, 0, 0);
        assertEquals(0, items.inGraphArray()[index]);
        assertEquals(0, items.transparentArray()[index]);
        assertEquals(ItemStore.OPAQUE_WHITE, items.tintArray()[index]);
        assertEquals(Index.NONE, items.nodeSlotArray()[index]);
    }

    @Test
    void aNewLocalBoxOrAttachmentMarksTheItemAndItsChunkForTheBoundsPass() {
        SparseSet set = new SparseSet("maxItems", 256, GrowthPolicy.FAIL);
        ItemStore items = new ItemStore(set);
        for (int id = 0; id < 200; id++) {
            set.add(id);
        }
        items.setLocal(70, 0f, 0f, 0f, 1f, 1f, 1f);
        assertEquals(1, items.boundsDirtyArray()[70]);
        assertEquals(List.of(1), setBits(items.dirtyChunks()));
        items.boundsDirtyArray()[70] = 0;
        items.dirtyChunks().clear();

        items.inGraphArray()[150] = 1;
        items.attach(150, 12);
        assertEquals(12, items.nodeSlotArray()[150]);
        assertEquals(0, items.inGraphArray()[150], "out of the queries until the bounds pass finds its node's place");
        assertEquals(1, items.boundsDirtyArray()[150]);
        assertEquals(List.of(2), setBits(items.dirtyChunks()));
        assertEquals(List.of(), setBits(items.queryChunks()), "the query index waits for the bounds pass");

        items.dirtyChunks().clear();
        items.boundsDirtyArray()[150] = 0;
        items.nodeMoved(150, 30);
        assertEquals(30, items.nodeSlotArray()[150]);
        assertEquals(0, items.boundsDirtyArray()[150], "the node's move changes no box");
        assertEquals(List.of(), setBits(items.dirtyChunks()));
    }

    @Test
    void anItemArrivingAtAnIndexMarksItsChunkForTheBoundsPassAndTheQueryIndex() {
        SparseSet set = new SparseSet("maxItems", 1024, GrowthPolicy.FAIL);
        ItemStore items = new ItemStore(set);
        items.moved(0);
        items.moved(63);
        items.moved(64);
        items.moved(700);
        assertEquals(List.of(0, 1, 10), setBits(items.dirtyChunks()));
        assertEquals(List.of(0, 1, 10), setBits(items.queryChunks()));
        assertEquals(List.of(0, 1, 10), setBits(items.arrivalChunks()), "the global indices to read again");
        items.queryChanged(20);
        assertEquals(List.of(0, 1, 10, 20), setBits(items.queryChunks()));
        assertEquals(List.of(0, 1, 10), setBits(items.dirtyChunks()));
        assertEquals(List.of(0, 1, 10), setBits(items.arrivalChunks()), "a changed box is no arrival");
    }

    @Test
    void propertyChangesAreCounted() {
        ItemStore items = new ItemStore(new SparseSet("maxItems", 4, GrowthPolicy.FAIL));
        assertEquals(0L, items.propertyChanges());
        items.propertiesChanging();
        items.propertiesChanging();
        assertEquals(2L, items.propertyChanges());
    }

    @Test
    void everyColumnMovesWithItsItem() {
        SparseSet set = new SparseSet("maxItems", 4, GrowthPolicy.FAIL);
        ItemStore items = new ItemStore(set);
        for (int id = 0; id < 3; id++) {
            int index = set.add(id);
            items.setLocal(index, id, id, id, id + 1, id + 1, id + 1);
            items.init(index, 10 + id, 20 + id, 30 + id, 40 + id, 50 + id);
            items.attach(index, 60 + id);
            items.transparentArray()[index] = id % 2;
            items.tintArray()[index] = 70 + id;
            items.inGraphArray()[index] = id / 2;
        }
        float[] centers = items.worldCenterArray();
        set.remove(0);
        assertSame(centers, items.worldCenterArray(), "no growth, the same array");
        assertArrayEquals(new float[] {2f, 2f, 2f}, triple(items.localCenterArray(), 0));
        assertArrayEquals(new float[] {3f, 3f, 3f}, triple(items.localHalfArray(), 0));
        assertArrayEquals(new float[] {2f, 2f, 2f}, triple(items.worldCenterArray(), 0));
        assertArrayEquals(new float[] {3f, 3f, 3f}, triple(items.worldHalfArray(), 0));
        assertEquals(List.of(12, 22, 32, 42, 52, 62, 0, 72, 1, 1), List.of(items.meshIdArray()[0],
                items.materialIdArray()[0], items.renderQueueGroupArray()[0], items.visibilityFlagsArray()[0],
                items.queryFlagsArray()[0], items.nodeSlotArray()[0], items.transparentArray()[0],
                items.tintArray()[0], items.boundsDirtyArray()[0], items.inGraphArray()[0]));
    }
}
