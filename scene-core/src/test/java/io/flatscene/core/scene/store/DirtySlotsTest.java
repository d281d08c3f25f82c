package io.flatscene.core.scene.store;

import io.flatscene.core.container.GrowthPolicy;
import io.flatscene.core.container.HandleTable;
import io.flatscene.core.container.Index;
import io.flatscene.core.container.SummaryByteSet;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The dirty bit belongs to a node, not to a slot: it travels with the node's data through every slot move (a band
 * change, a destruction that fills the hole, the shifts that open room in an earlier band), and no slot past the used
 * ones keeps one, which {@link TransformStore#validate} checks.
 */
class DirtySlotsTest {

    /** A root with three children, each with three children: ids in creation order. */
    private static List<Integer> tree(TransformStore store) {
        List<Integer> ids = new ArrayList<>();
        int root = HandleTable.idOf(store.create(Index.NONE));
        ids.add(root);
        for (int c = 0; c < 3; c++) {
            int child = HandleTable.idOf(store.create(root));
            ids.add(child);
            for (int g = 0; g < 3; g++) {
                ids.add(HandleTable.idOf(store.create(child)));
            }
        }
        return ids;
    }

    /** {@link #tree}, with no node dirty. */
    private static List<Integer> cleanTree(TransformStore store) {
        List<Integer> ids = tree(store);
        cleanAll(store);
        return ids;
    }

    private static void cleanAll(TransformStore store) {
        store.dirtySlots().clear(0, store.size());
    }

    /** The ids of the dirty nodes, read through their slots' bits. */
    private static List<Integer> dirtyIds(TransformStore store) {
        List<Integer> ids = new ArrayList<>();
        SummaryByteSet dirty = store.dirtySlots();
        for (int slot = dirty.nextSetBit(0, store.size()); slot != Index.NONE;
             slot = dirty.nextSetBit(slot + 1, store.size())) {
            ids.add(store.idAt(slot));
        }
        ids.sort(null);
        return ids;
    }

    @Test
    void aNewNodeIsDirtyAndASetterMarksOnlyItsSlot() {
        TransformStore store = new TransformStore("nodes", 32, GrowthPolicy.FAIL, (id, slot) -> { });
        List<Integer> ids = tree(store);
        assertEquals(ids.size(), store.dirtySlots().cardinality());
        cleanAll(store);
        int leaf = ids.get(6);
        store.setPosition(store.slotOfId(leaf), 1f, 2f, 3f);
        assertEquals(List.of(leaf), dirtyIds(store));
        store.validate();
    }

    @Test
    void theDirtyBitTravelsWithTheNodeThroughEverySlotMove() {
        TransformStore store = new TransformStore("nodes", 32, GrowthPolicy.FAIL, (id, slot) -> { });
        List<Integer> ids = cleanTree(store);
        int movedLeaf = ids.get(7);
        int lastLeaf = ids.get(ids.size() - 1);
        store.setScale(store.slotOfId(movedLeaf), 2f, 2f, 2f);
        store.setPosition(store.slotOfId(lastLeaf), 0f, 1f, 0f);

        // a child turning static leaves the dynamic band of depth 1, shifting the slots of every later band
        int child = ids.get(1);
        store.setStatic(child, true);
        assertEquals(List.of(child, movedLeaf, lastLeaf).stream().sorted().toList(), dirtyIds(store));
        assertTrue(store.slotMoves() > 0);
        store.validate();

        // destroying a leaf fills its slot with the band's last node: that node's bit moves, the freed copy goes
        cleanAll(store);
        store.setPosition(store.slotOfId(lastLeaf), 0f, 2f, 0f);
        int doomed = ids.get(3);
        store.destroy(doomed);
        assertEquals(List.of(lastLeaf), dirtyIds(store));
        assertEquals(Index.NONE, store.dirtySlots().nextSetBit(store.size(), store.dirtySlots().capacity()));
        store.validate();

        // the last slot itself destroyed while dirty: its bit must not outlive it
        int lastSlot = store.size() - 1;
        int lastId = store.idAt(lastSlot);
        store.setPosition(lastSlot, 5f, 5f, 5f);
        store.destroy(lastId);
        assertEquals(List.of(lastLeaf), dirtyIds(store));
        store.validate();
    }

    @Test
    void reparentingToAnotherDepthKeepsTheNodeDirtyAndNothingElse() {
        TransformStore store = new TransformStore("nodes", 32, GrowthPolicy.FAIL, (id, slot) -> { });
        List<Integer> ids = cleanTree(store);
        int leaf = ids.get(2);
        assertTrue(store.setParent(leaf, ids.get(0)), "from depth 2 to depth 1");
        assertEquals(List.of(leaf), dirtyIds(store));
        store.validate();
    }

    @Test
    void validateReportsADirtyBitPastTheUsedSlots() {
        TransformStore store = new TransformStore("nodes", 32, GrowthPolicy.FAIL, (id, slot) -> { });
        tree(store);
        store.dirtySlots().set(store.size() + 3);
        IllegalStateException e = assertThrows(IllegalStateException.class, store::validate);
        assertTrue(e.getMessage().contains("slot " + (store.size() + 3) + " is marked dirty but holds no node"),
                e.getMessage());
    }
}
