package io.flatscene.core.scene.store;

import io.flatscene.core.container.GrowthPolicy;
import io.flatscene.core.container.HandleTable;
import io.flatscene.core.container.Index;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The slot listener hears of every node that changes slot, so a copy of the id → slot table kept from what it hears
 * (as scene nodes keep their own slot) matches the store's after any sequence of structural changes.
 */
class SlotListenerTest {

    @Test
    void aTableKeptFromTheListenerMatchesTheStoreAfterRandomStructuralChanges() {
        int[] heard = new int[512];
        Arrays.fill(heard, Index.NONE);
        int[] moves = new int[1];
        TransformStore store = new TransformStore("nodes", 16, GrowthPolicy.ON_DEMAND, (id, slot) -> {
            heard[id] = slot;
            moves[0]++;
        });
        List<Integer> live = new ArrayList<>();
        Random random = new Random(12);
        for (int step = 0; step < 2_000; step++) {
            int op = live.isEmpty() ? 0 : random.nextInt(4);
            if (op == 0 || live.size() < 8) {
                int parent = live.isEmpty() || random.nextInt(5) == 0 ? Index.NONE
                        : live.get(random.nextInt(live.size()));
                if (parent == Index.NONE || store.depth(store.slotOfId(parent)) < 4) {
                    int id = HandleTable.idOf(store.create(parent));
                    heard[id] = store.slotOfId(id);
                    live.add(id);
                }
            } else {
                int id = live.get(random.nextInt(live.size()));
                if (hasChildren(store, live, id)) {
                    continue;
                }
                if (op == 1) {
                    store.destroy(id);
                    live.remove(Integer.valueOf(id));
                    heard[id] = Index.NONE;
                } else if (op == 2) {
                    store.setParent(id, Index.NONE);
                } else if (store.depth(store.slotOfId(id)) <= 1) {
                    store.setStatic(id, !store.isStatic(store.slotOfId(id)));
                }
            }
            for (int id : live) {
                assertEquals(store.slotOfId(id), heard[id], "slot of id " + id + " after step " + step);
            }
        }
        store.validate();
        assertTrue(moves[0] > 100, "the sequence moved slots " + moves[0] + " times");
    }

    private static boolean hasChildren(TransformStore store, List<Integer> live, int id) {
        for (int other : live) {
            if (store.parentId(store.slotOfId(other)) == id) {
                return true;
            }
        }
        return false;
    }
}
