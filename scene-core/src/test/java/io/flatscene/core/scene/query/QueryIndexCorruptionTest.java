package io.flatscene.core.scene.query;

import io.flatscene.core.config.SceneConfig;
import io.flatscene.core.container.Index;
import io.flatscene.core.scene.Aabb;
import io.flatscene.core.scene.Item;
import io.flatscene.core.scene.QueryInternals;
import io.flatscene.core.scene.SceneManager;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The scene's validation pass catches each broken link of the query index on its own: every test breaks one field of
 * a healthy index, the way a forgotten update after a swap, a rebuild or a removal would, and expects the check that
 * names it. The index is built (300 items), holds pending entries (3 items indexed since the build) and a dead one.
 */
class QueryIndexCorruptionTest {
    private static final Aabb UNIT = new Aabb(0f, 0f, 0f, 0.5f, 0.5f, 0.5f);

    private final SceneManager scene = new SceneManager(SceneConfig.builder().maxNodes(512).maxItems(512)
            .workerThreads(1).build());
    private final List<Item> built = new ArrayList<>();
    private final List<Item> pending = new ArrayList<>();
    private final int deadId;
    private final QueryIndexFields index;

    QueryIndexCorruptionTest() throws ReflectiveOperationException {
        for (int i = 0; i < 300; i++) {
            built.add(placed(i % 10 * 3f, i / 10 % 10 * 3f, i / 100 * 3f));
        }
        Item doomed = placed(-9f, -9f, -9f);
        scene.queries().box(Aabb.INFINITE, -1);
        for (int i = 0; i < 3; i++) {
            pending.add(placed(50f + i, 50f, 50f));
        }
        deadId = QueryInternals.itemId(doomed);
        scene.destroyItem(doomed);
        scene.queries().box(Aabb.INFINITE, -1);
        index = new QueryIndexFields(scene);
        assertEquals(301, index.intField("builtCount"), "the first query built the tree over every item then");
        assertEquals(304, index.intField("entryCount"));
        assertEquals(1, index.intField("deadCount"));
        scene.validate();
    }

    private Item placed(float x, float y, float z) {
        Item item = scene.createItem(0, 0, UNIT);
        scene.rootNode().createChild().setPosition(x, y, z).attachObject(item);
        return item;
    }

    @AfterEach
    void close() {
        scene.close();
    }

    private int entryOf(Item item) throws ReflectiveOperationException {
        return index.entryOf(item);
    }

    private void assertCaught(String... fragments) {
        String message = assertThrows(IllegalStateException.class, scene::validate).getMessage();
        for (String fragment : fragments) {
            assertTrue(message.contains(fragment), "expected '" + fragment + "' in: " + message);
        }
    }

    /** Item 0 is the one at global index 0, which a message's check must not take for a dead one. */
    @ParameterizedTest
    @ValueSource(ints = {0, 8})
    void anEntryNamingTheItemOfAnotherEntry(int item) throws ReflectiveOperationException {
        assertEquals(built.get(0), scene.item(0));
        int e = entryOf(built.get(7));
        int other = entryOf(built.get(item));
        int[] entryId = index.ints("entryId");
        entryId[e] = entryId[other];
        assertCaught("query index entry " + e + " names item id " + entryId[other], "maps to entry " + other);
    }

    @Test
    void anEntryNamingAnItemNoLongerLive() throws ReflectiveOperationException {
        int e = entryOf(built.get(7));
        index.ints("entryId")[e] = deadId;
        assertCaught("query index entry " + e + " names item id " + deadId, "which no live item has");
    }

    @Test
    void anEntryNamingAnItemNoLongerLiveThatMapsBackToIt() throws ReflectiveOperationException {
        int e = entryOf(built.get(7));
        index.ints("entryId")[e] = deadId;
        index.ints("entryOf")[deadId] = e;
        assertCaught("query index entry " + e + " names item id " + deadId, "which no live item has");
    }

    @Test
    void aBuiltEntryNamingALeafThatDoesNotHoldIt() throws ReflectiveOperationException {
        int e = entryOf(built.get(0));
        int[] entryLeaf = index.ints("entryLeaf");
        int elsewhere = entryLeaf[entryOf(built.get(299))];
        assertNotEquals(entryLeaf[e], elsewhere);
        entryLeaf[e] = elsewhere;
        assertCaught("query index entry " + e + " of 301 built names leaf location " + elsewhere,
                "which does not hold it");
    }

    @Test
    void aBuiltEntryNamingALocationPastTheInnerNodes() throws ReflectiveOperationException {
        int e = entryOf(built.get(0));
        int past = index.intField("innerTotal") * 4;
        index.ints("entryLeaf")[e] = past;
        assertCaught("query index entry " + e + " of 301 built names leaf location " + past, "which does not hold it");
        index.ints("entryLeaf")[e] = -5;
        assertCaught("names leaf location -5", "which does not hold it");
    }

    @Test
    void aLeafHoldingAnEntryCountedAsPending() throws ReflectiveOperationException {
        index.setInt("builtCount", 300);
        assertCaught("query index entry 300 of 300 built", "which holds it, but it is pending");
    }

    @Test
    void aPendingEntryNamingALeaf() throws ReflectiveOperationException {
        int e = entryOf(pending.get(1));
        int[] entryLeaf = index.ints("entryLeaf");
        assertEquals(Index.NONE, entryLeaf[e]);
        entryLeaf[e] = entryLeaf[entryOf(built.get(0))];
        // the leaf named does not hold an entry past the built ones: still an entry no leaf holds, as it should be
        scene.validate();
    }

    @Test
    void aDeadCountOffByOne() throws ReflectiveOperationException {
        index.setInt("deadCount", 2);
        assertCaught("query index counts 2 dead entries but holds 1");
        index.setInt("deadCount", 0);
        assertCaught("query index counts 0 dead entries but holds 1");
    }

    @Test
    void anItemInNoEntry() throws ReflectiveOperationException {
        Item item = built.get(42);
        int id = QueryInternals.itemId(item);
        int e = entryOf(item);
        index.ints("entryId")[e] = Index.NONE;
        index.ints("entryIndex")[e] = Index.NONE;
        index.ints("entryOf")[id] = Index.NONE;
        index.setInt("deadCount", 2);
        assertCaught("item at global index " + QueryInternals.globalIndex(item) + " (id " + id
                + ") is in no query index entry");
    }

    @ParameterizedTest
    @ValueSource(ints = {0, 1, 2, 3, 4, 5})
    void anEntryBoxOffOnOneValue(int value) throws ReflectiveOperationException {
        Item item = built.get(42);
        int e = entryOf(item);
        index.floats("entryBox")[e * 6 + value] += 0.25f;
        assertCaught("item at global index " + QueryInternals.globalIndex(item) + " has world bounds that its query "
                + "index entry " + e + " does not hold on axis " + value % 3);
    }

    @Test
    void anEntryOfAMarkedChunkIsLeftToTheNextSync() throws ReflectiveOperationException {
        Item item = pending.get(2);
        int e = entryOf(item);
        index.floats("entryBox")[e * 6] += 0.25f;
        assertCaught("item at global index " + QueryInternals.globalIndex(item) + " has world bounds");
        QueryInternals.itemData(scene).queryChunks().set(QueryInternals.globalIndex(item) >>> 6);
        scene.validate();
    }

    /** A second validation catches it again: the first leaves every box as it found it. */
    @Test
    void aNodeBoxThatDoesNotHoldWhatLiesBelowIt() throws ReflectiveOperationException {
        int leaf = index.ints("entryLeaf")[entryOf(built.get(42))];
        float[] tree = index.floats("tree");
        tree[leaf * 6 + 4] -= 1f;
        float broken = tree[leaf * 6 + 4];
        assertCaught("query index node at location " + leaf + " has box", "but what lies below it makes");
        assertEquals(broken, tree[leaf * 6 + 4]);
        assertCaught("query index node at location " + leaf + " has box", "but what lies below it makes");
    }

    /**
     * The first location past the inner nodes, whose record a larger tree of an earlier build could have left
     * holding a leaf of the entry: still no leaf of the tree.
     */
    @Test
    void aBuiltEntryNamingAStaleRecordPastTheInnerNodes() throws ReflectiveOperationException {
        int e = entryOf(built.get(0));
        int past = index.intField("innerTotal") * 4;
        int[] childRef = index.ints("childRef");
        assertTrue(past < childRef.length, "the build made room for more inner nodes than it used");
        childRef[past] = e << 4 | 1;
        index.ints("entryLeaf")[e] = past;
        assertCaught("query index entry " + e + " of 301 built names leaf location " + past, "which does not hold it");
    }

    /** With nothing built the leaf fields mean nothing, and the validation reads none of them. */
    @Test
    void anIndexWithNothingBuiltReadsNoLeaf() throws ReflectiveOperationException {
        try (SceneManager small = new SceneManager(SceneConfig.builder().maxNodes(8).maxItems(8).workerThreads(1)
                .build())) {
            Item item = small.createItem(0, 0, UNIT);
            small.rootNode().createChild().attachObject(item);
            small.queries().box(Aabb.INFINITE, -1);
            QueryIndexFields unbuilt = new QueryIndexFields(small);
            assertEquals(0, unbuilt.intField("builtCount"));
            int e = unbuilt.entryOf(item);
            unbuilt.setInt("rootRef", e << 4 | 1);
            unbuilt.ints("entryLeaf")[e] = -2;
            small.validate();
        }
    }

    /** The item made last, its entry gone and its id past the end of the entry map: in no entry. */
    @Test
    void anItemWhoseIdIsPastTheEntryMap() throws ReflectiveOperationException {
        Item item = pending.get(2);
        int id = QueryInternals.itemId(item);
        int e = entryOf(item);
        index.ints("entryId")[e] = Index.NONE;
        index.ints("entryIndex")[e] = Index.NONE;
        index.setInt("deadCount", 2);
        index.set("entryOf", Arrays.copyOf(index.ints("entryOf"), id));
        assertCaught("item at global index " + QueryInternals.globalIndex(item) + " (id " + id
                + ") is in no query index entry");
    }

    @Test
    void aRootBoxThatDoesNotHoldTheTree() throws ReflectiveOperationException {
        index.floats("rootBox")[0] += 1f;
        assertCaught("query index node at location -2 has box");
        index.floats("rootBox")[0] -= 2f;
        assertCaught("query index node at location -2 has box");
    }

    @Test
    void anInnerNodeNamingTheWrongPlaceUp() throws ReflectiveOperationException {
        int[] up = index.ints("up");
        int k = index.intField("innerTotal") - 1;
        int location = up[k];
        up[k] = location ^ 1;
        assertCaught("query index node " + k + " lies at location " + location + " but names location "
                + (location ^ 1));
    }

    /** The first node past the count ({@code past} 0), and one five further. */
    @ParameterizedTest
    @ValueSource(ints = {0, 5})
    void aTreeNamingAnInnerNodePastTheCount(int past) throws ReflectiveOperationException {
        int total = index.intField("innerTotal");
        int[] childRef = index.ints("childRef");
        int rootRef = index.intField("rootRef");
        assertEquals(0, rootRef & 15, "the root of 301 entries is an inner node");
        int location = 4 * (rootRef >>> 4);
        while ((childRef[location] & 15) != 0) {
            location++;
        }
        childRef[location] = (total + past) << 4;
        assertCaught("query index node " + (total + past) + " lies at location " + location + " but only " + total
                + " inner nodes exist");
    }

    /** A removal that kills the entry's id but forgets its global index. */
    @Test
    void aDeadEntryHoldingAGlobalIndex() throws ReflectiveOperationException {
        Item item = built.get(42);
        int e = entryOf(item);
        index.ints("entryId")[e] = Index.NONE;
        index.ints("entryOf")[QueryInternals.itemId(item)] = Index.NONE;
        index.setInt("deadCount", 2);
        assertCaught("query index entry " + e + " is dead but holds global index "
                + QueryInternals.globalIndex(item));
    }

    /** The index of a built and of a pending entry, as a sync that forgot an item moved by a removal would leave. */
    @ParameterizedTest
    @ValueSource(ints = {0, 1})
    void anEntryHoldingAStaleGlobalIndex(int which) throws ReflectiveOperationException {
        Item item = which == 0 ? built.get(42) : pending.get(1);
        int e = entryOf(item);
        int at = QueryInternals.globalIndex(item);
        index.ints("entryIndex")[e] = at + 1;
        assertCaught("item at global index " + at + " (id " + QueryInternals.itemId(item) + ") has query index entry "
                + e + ", which holds global index " + (at + 1));
        QueryInternals.itemData(scene).queryChunks().set(at >>> 6);
        scene.validate();
    }

    /** Each end of an inner node's span of entries, off by one either way. */
    @ParameterizedTest
    @ValueSource(ints = {0, 1, 2, 3})
    void anInnerNodeNamingTheWrongSpan(int broken) throws ReflectiveOperationException {
        int[] span = index.ints("span");
        int k = index.intField("innerTotal") - 1;
        int first = span[2 * k];
        int count = span[2 * k + 1];
        span[2 * k + broken / 2] += broken % 2 == 0 ? 1 : -1;
        assertCaught("query index node " + k + " names entries " + span[2 * k] + " on, " + span[2 * k + 1]
                + " of them, but entries " + first + " to " + (first + count - 1) + " lie below it");
    }

    /**
     * Two leaves that trade places in their parent's record, boxes and entries' locations with them: sound but for
     * the order of their entries, which a subtree's span relies on.
     */
    @Test
    void leavesOutOfEntryOrder() throws ReflectiveOperationException {
        int[] childRef = index.ints("childRef");
        int[] entryLeaf = index.ints("entryLeaf");
        float[] tree = index.floats("tree");
        int k = index.intField("innerTotal") - 1;
        int a = childRef[4 * k];
        int b = childRef[4 * k + 1];
        assertTrue((a & 15) != 0 && (b & 15) != 0, "the last inner node's first two children are leaves");
        childRef[4 * k] = b;
        childRef[4 * k + 1] = a;
        for (int e = 0; e < index.intField("entryCount"); e++) {
            if (entryLeaf[e] == 4 * k || entryLeaf[e] == 4 * k + 1) {
                entryLeaf[e] ^= 1;
            }
        }
        for (int f = 0; f < 6; f++) {
            float box = tree[24 * k + f];
            tree[24 * k + f] = tree[24 * k + 6 + f];
            tree[24 * k + 6 + f] = box;
        }
        assertCaught("query index leaf at location " + 4 * k + " starts at entry " + (b >>> 4) + ", not at entry "
                + (a >>> 4) + " after its siblings before it");
    }
}
