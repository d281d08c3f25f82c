package io.flatscene.core.scene.query;

import io.flatscene.core.container.Index;
import io.flatscene.core.container.SummaryBitSet;
import io.flatscene.core.scene.store.ItemStore;
import java.util.Arrays;

/** The checks of a {@link QueryIndex}'s invariants against its items, which {@link QueryIndex#validate} runs. */
final class QueryIndexValidation {
    private final QueryIndex index;
    private final ItemStore items;

    QueryIndexValidation(QueryIndex index, ItemStore items) {
        this.index = index;
        this.items = items;
    }

    /**
     * Checks that the entries and the items agree both ways, that every item in a chunk not marked for the next sync
     * is indexed with its world box and its global index, and that every node's box holds what lies below it.
     *
     * @throws IllegalStateException naming the first broken invariant
     */
    void validate(int itemCount) {
        int dead = 0;
        for (int e = 0; e < index.entryCount; e++) {
            int id = index.entryId[e];
            if (id == Index.NONE) {
                if (index.entryIndex[e] != Index.NONE) {
                    throw new IllegalStateException("query index entry " + e + " is dead but holds global index "
                            + index.entryIndex[e]);
                }
                dead++;
                continue;
            }
            if (index.entryOf[id] != e || index.itemSet.indexOf(id) < 0) {
                throw new IllegalStateException("query index entry " + e + " names item id " + id + ", which "
                        + (index.itemSet.indexOf(id) < 0 ? "no live item has" : "maps to entry " + index.entryOf[id]));
            }
            int leaf = index.entryLeaf[e];
            boolean inLeaf = false;
            if (index.builtCount > 0 && (leaf == QueryIndex.ROOT || leaf >= 0 && leaf >>> 2 < index.innerTotal)) {
                int ref = index.refAt(leaf);
                inLeaf = (ref & QueryIndex.COUNT_MASK) != 0 && e >= ref >>> QueryIndex.COUNT_BITS
                        && e < (ref >>> QueryIndex.COUNT_BITS) + (ref & QueryIndex.COUNT_MASK);
            }
            if (e < index.builtCount != inLeaf) {
                throw new IllegalStateException("query index entry " + e + " of " + index.builtCount + " built names "
                        + "leaf location " + leaf + (inLeaf ? ", which holds it, but it is pending"
                        : ", which does not hold it"));
            }
        }
        if (dead != index.deadCount) {
            throw new IllegalStateException("query index counts " + index.deadCount + " dead entries but holds "
                    + dead);
        }
        SummaryBitSet marked = items.queryChunks();
        float[] c = items.worldCenterArray();
        float[] h = items.worldHalfArray();
        for (int i = 0; i < itemCount; i++) {
            if (i >>> 6 < marked.capacity() && marked.get(i >>> 6)) {
                continue;
            }
            int id = index.itemSet.idAt(i);
            int e = id < index.entryOf.length ? index.entryOf[id] : Index.NONE;
            if (e == Index.NONE) {
                throw new IllegalStateException("item at global index " + i + " (id " + id + ") is in no query index "
                        + "entry, and its chunk is not marked for the next sync");
            }
            if (index.entryIndex[e] != i) {
                throw new IllegalStateException("item at global index " + i + " (id " + id + ") has query index "
                        + "entry " + e + ", which holds global index " + index.entryIndex[e] + ", and its chunk is "
                        + "not marked for the next sync");
            }
            for (int k = 0; k < 3; k++) {
                if (!QueryIndex.same(index.entryBox[e * 6 + k], c[i * 3 + k])
                        || !QueryIndex.same(index.entryBox[e * 6 + 3 + k], h[i * 3 + k])) {
                    throw new IllegalStateException("item at global index " + i + " has world bounds that its query "
                            + "index entry " + e + " does not hold on axis " + k + ", and its chunk is not marked "
                            + "for the next sync");
                }
            }
        }
        if (index.builtCount > 0) {
            validateNode(QueryIndex.ROOT, 0);
        }
        index.grid.validate(index.entryBox, index.entryId, index.entryOf);
    }

    /**
     * Checks the subtree whose box lies at {@code location}, whose entries start at {@code first}: every record's way
     * up, every inner node's span of entries, and every box.
     *
     * @return the entry after the subtree's last
     */
    private int validateNode(int location, int first) {
        int ref = index.refAt(location);
        int k = ref >>> QueryIndex.COUNT_BITS;
        boolean inner = (ref & QueryIndex.COUNT_MASK) == 0;
        if (!inner && k != first) {
            throw new IllegalStateException("query index leaf at location " + location + " starts at entry " + k
                    + ", not at entry " + first + " after its siblings before it");
        }
        if (inner && (k >= index.innerTotal || index.up[k] != location)) {
            throw new IllegalStateException("query index node " + k + " lies at location " + location + " but "
                    + (k >= index.innerTotal ? "only " + index.innerTotal + " inner nodes exist"
                    : "names location " + index.up[k]));
        }
        float[] box = index.boxes(location);
        int n = QueryIndex.offset(location);
        float[] saved = Arrays.copyOfRange(box, n, n + 6);
        int end = first + (ref & QueryIndex.COUNT_MASK);
        if (inner) {
            for (int branch = 0; branch < QueryIndex.ARITY; branch++) {
                if (index.childRef[QueryIndex.ARITY * k + branch] != QueryIndex.EMPTY) {
                    end = validateNode(QueryIndex.ARITY * k + branch, end);
                }
            }
            if (index.span[2 * k] != first || index.span[2 * k + 1] != end - first) {
                throw new IllegalStateException("query index node " + k + " names entries " + index.span[2 * k]
                        + " on, " + index.span[2 * k + 1] + " of them, but entries " + first + " to " + (end - 1)
                        + " lie below it");
            }
            index.boxInner(k, location);
        } else {
            index.boxLeaf(location, k, ref & QueryIndex.COUNT_MASK);
        }
        float[] expected = Arrays.copyOfRange(box, n, n + 6);
        System.arraycopy(saved, 0, box, n, 6);
        if (!Arrays.equals(saved, expected)) {
            throw new IllegalStateException("query index node at location " + location + " has box "
                    + Arrays.toString(saved) + " but what lies below it makes " + Arrays.toString(expected));
        }
        return end;
    }
}
