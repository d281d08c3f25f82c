package io.flatscene.core.scene.store;

import io.flatscene.core.container.CapacityExceededException;
import io.flatscene.core.container.GrowthPolicy;
import io.flatscene.core.container.HandleTable;
import io.flatscene.core.container.Index;
import io.flatscene.core.container.SummaryBitSet;
import io.flatscene.core.container.SummaryByteSet;
import io.flatscene.core.layout.LaneBlocks;
import java.lang.reflect.Field;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

import static io.flatscene.core.scene.store.TransformStore.HIDDEN;
import static io.flatscene.core.scene.store.TransformStore.INHERIT_ORIENTATION;
import static io.flatscene.core.scene.store.TransformStore.INHERIT_SCALE;
import static io.flatscene.core.scene.store.TransformStore.IN_GRAPH;
import static io.flatscene.core.scene.store.TransformStore.MATRIX_WIDTH;
import static io.flatscene.core.scene.store.TransformStore.QUATERNION_WIDTH;
import static io.flatscene.core.scene.store.TransformStore.SCALE_MIRRORS;
import static io.flatscene.core.scene.store.TransformStore.VECTOR_WIDTH;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The transform store's contract, over the store alone: what a new node holds, where each node's band puts it, the
 * slot moves of a destruction or a band change and what hears of them, handles and their generations, growth under
 * each policy, the setters and the flags they keep, the dirty, changed and moved bookkeeping, the parent-slot cache
 * and every broken invariant {@link TransformStore#validate} names.
 */
class TransformStoreTest {
    private static final float[] IDENTITY_WORLD = {1f, 0f, 0f, 0f, 1f, 0f, 0f, 0f, 1f, 0f, 0f, 0f};

    /** Every slot move the store reported, as "id->slot". */
    private final List<String> heard = new ArrayList<>();

    private TransformStore store(int capacity, GrowthPolicy policy) {
        return new TransformStore("nodes", capacity, policy, (id, slot) -> heard.add(id + "->" + slot));
    }

    private static int create(TransformStore store, int parent) {
        return HandleTable.idOf(store.create(parent));
    }

    private static float[] vector(float[] array, int slot, int width) {
        float[] v = new float[width];
        int o = LaneBlocks.base(slot, width);
        for (int c = 0; c < width; c++) {
            v[c] = array[o + c * LaneBlocks.LANES];
        }
        return v;
    }

    private static float[] position(TransformStore store, int id) {
        return vector(store.positions(), store.slotOfId(id), VECTOR_WIDTH);
    }

    private static float[] orientation(TransformStore store, int id) {
        return vector(store.orientations(), store.slotOfId(id), QUATERNION_WIDTH);
    }

    private static float[] scale(TransformStore store, int id) {
        return vector(store.scales(), store.slotOfId(id), VECTOR_WIDTH);
    }

    private static boolean dirty(TransformStore store, int id) {
        return store.dirtySlots().get(store.slotOfId(id));
    }

    private static void clean(TransformStore store) {
        store.dirtySlots().clear(0, store.size());
    }

    @SuppressWarnings("unchecked")
    private static <T> T field(TransformStore store, String name) throws ReflectiveOperationException {
        Field field = TransformStore.class.getDeclaredField(name);
        field.setAccessible(true);
        return (T) field.get(store);
    }

    private static void assertRefused(TransformStore store, String message) {
        IllegalStateException e = assertThrows(IllegalStateException.class, store::validate);
        assertEquals(message, e.getMessage());
    }

    // ---- construction and a new node ----

    @Test
    void theConstructorRefusesNullsNamingThem() {
        TransformStore.SlotListener none = (id, slot) -> { };
        assertEquals("capacityName", assertThrows(NullPointerException.class,
                () -> new TransformStore(null, 4, GrowthPolicy.FAIL, none)).getMessage());
        assertEquals("policy", assertThrows(NullPointerException.class,
                () -> new TransformStore("nodes", 4, null, none)).getMessage());
        assertEquals("slotListener", assertThrows(NullPointerException.class,
                () -> new TransformStore("nodes", 4, GrowthPolicy.FAIL, null)).getMessage());
    }

    @Test
    void aNewNodeHasTheIdentityTransformInheritsBothAndIsDirty() {
        TransformStore store = store(8, GrowthPolicy.FAIL);
        assertEquals(0, store.size());
        assertEquals(8, store.capacity());
        long handle = store.create(Index.NONE);
        int id = HandleTable.idOf(handle);
        int slot = store.slotOfId(id);
        assertEquals(TransformStore.NODE_HANDLES, HandleTable.kindOf(handle));
        assertEquals(1, store.size());
        assertEquals(0, slot);
        assertEquals(id, store.idAt(slot));
        assertTrue(store.isLive(handle));
        assertEquals(slot, store.slotOrNone(handle));
        assertEquals(Index.NONE, store.parentId(slot));
        assertEquals(Index.NONE, store.parentSlots()[slot]);
        assertEquals(0, store.depth(slot));
        assertEquals(0, store.band(slot));
        assertFalse(store.isStatic(slot));
        assertTrue(store.inheritsOrientation(slot));
        assertTrue(store.inheritsScale(slot));
        assertFalse(store.isHidden(slot));
        assertFalse(store.isInGraph(slot));
        assertEquals(INHERIT_ORIENTATION | INHERIT_SCALE, store.flags()[slot]);
        assertArrayEquals(new float[] {0f, 0f, 0f}, position(store, id));
        assertArrayEquals(new float[] {0f, 0f, 0f, 1f}, orientation(store, id));
        assertArrayEquals(new float[] {1f, 1f, 1f}, scale(store, id));
        assertArrayEquals(IDENTITY_WORLD, vector(store.worlds(), slot, MATRIX_WIDTH));
        assertEquals(0L, store.tags()[slot]);
        assertTrue(dirty(store, id));
        assertEquals(Integer.MAX_VALUE, store.wordParentMins()[0]);
        assertEquals(Integer.MIN_VALUE, store.wordParentMaxes()[0]);
        store.validate();
    }

    @Test
    void aSlotFreedAndReusedHoldsTheIdentityAgainNotWhatItsLastNodeLeft() {
        TransformStore store = store(8, GrowthPolicy.FAIL);
        int root = create(store, Index.NONE);
        int old = create(store, root);
        int slot = store.slotOfId(old);
        store.setPosition(slot, 1f, 2f, 3f);
        store.setOrientation(slot, 0f, 1f, 0f, 0f);
        store.setScale(slot, -2f, 2f, 2f);
        store.setHidden(slot, true);
        store.setInherit(slot, false, false);
        store.tags()[slot] = 77L;
        int w = LaneBlocks.base(slot, MATRIX_WIDTH);
        for (int c = 0; c < MATRIX_WIDTH; c++) {
            store.worlds()[w + c * LaneBlocks.LANES] = 9f;
        }
        store.destroy(old);
        int reused = create(store, root);
        assertEquals(slot, store.slotOfId(reused));
        assertArrayEquals(new float[] {0f, 0f, 0f}, position(store, reused));
        assertArrayEquals(new float[] {0f, 0f, 0f, 1f}, orientation(store, reused));
        assertArrayEquals(new float[] {1f, 1f, 1f}, scale(store, reused));
        assertArrayEquals(IDENTITY_WORLD, vector(store.worlds(), slot, MATRIX_WIDTH));
        assertEquals(0L, store.tags()[slot]);
        assertEquals((2 << TransformStore.BAND_SHIFT) | INHERIT_ORIENTATION | INHERIT_SCALE, store.flags()[slot]);
        store.validate();
    }

    @Test
    void aChildGoesOneBandPairDeeperUntilTheDeepBandsWhichEveryDeeperNodeShares() {
        TransformStore store = store(64, GrowthPolicy.FAIL);
        List<Integer> chain = new ArrayList<>();
        chain.add(create(store, Index.NONE));
        for (int d = 1; d <= TransformStore.DEEP + 3; d++) {
            chain.add(create(store, chain.get(d - 1)));
        }
        for (int d = 0; d < chain.size(); d++) {
            int slot = store.slotOfId(chain.get(d));
            int depth = Math.min(d, TransformStore.DEEP);
            assertEquals(depth, store.depth(slot), "node at depth " + d);
            assertEquals(2 * depth, store.band(slot));
            assertEquals(2 * depth, TransformStore.bandOf(store.flags()[slot]));
            assertEquals(d == 0 ? Index.NONE : chain.get(d - 1), store.parentId(slot));
            assertEquals(d == 0 ? Index.NONE : store.slotOfId(chain.get(d - 1)), store.parentSlots()[slot]);
        }
        assertEquals(TransformStore.DEEP_BAND + 1, store.bands().bands());
        store.validate();
    }

    // ---- handles, destruction and slot moves ----

    @Test
    void aDestroyedNodesHandleGoesStaleAndItsIdComesBackWithAnotherVersion() {
        TransformStore store = store(8, GrowthPolicy.FAIL);
        long first = store.create(Index.NONE);
        int versionsBefore = store.slotVersion();
        store.destroy(HandleTable.idOf(first));
        assertFalse(store.isLive(first));
        assertEquals(Index.NONE, store.slotOrNone(first));
        assertEquals(0, store.size());
        assertEquals(versionsBefore + 1, store.slotVersion(), "a freed slot changes the slot version");
        long second = store.create(Index.NONE);
        assertEquals(HandleTable.idOf(first), HandleTable.idOf(second));
        assertNotEquals(HandleTable.versionOf(first), HandleTable.versionOf(second));
        assertFalse(store.isLive(first));
        assertEquals(Index.NONE, store.slotOrNone(first));
        assertTrue(store.isLive(second));
        assertEquals(0, store.slotOrNone(second));
        store.validate();
    }

    @Test
    void destructionFillsTheHoleWithTheLastOfItsBandAndPullsEachLaterBandDown() {
        TransformStore store = store(16, GrowthPolicy.FAIL);
        int a = create(store, Index.NONE);
        int b = create(store, Index.NONE);
        int c = create(store, Index.NONE);
        int child = create(store, c);
        int grandchild = create(store, child);
        int cSlot = store.slotOfId(c);
        store.setPosition(cSlot, 3f, 0f, 0f);
        store.setOrientation(cSlot, 0f, 0f, 0f, -1f);
        store.setScale(cSlot, 5f, 6f, 7f);
        int w = LaneBlocks.base(cSlot, MATRIX_WIDTH);
        for (int k = 0; k < MATRIX_WIDTH; k++) {
            store.worlds()[w + k * LaneBlocks.LANES] = 10f + k;
        }
        store.tags()[cSlot] = 33L;
        clean(store);
        // the doomed node is dirty and the one that fills its slot is not: the slot must end clean
        store.setPosition(store.slotOfId(a), 1f, 1f, 1f);
        heard.clear();
        int movesBefore = store.slotMoves();
        int versionBefore = store.slotVersion();

        store.destroy(a);
        // c, last of band 0, into a's slot 0; child, band 2's only node, down to 2; grandchild down to 3
        assertEquals(List.of(c + "->0", child + "->2", grandchild + "->3"), heard);
        assertEquals(movesBefore + 3, store.slotMoves());
        assertEquals(versionBefore + 4, store.slotVersion(), "three moves and a freed slot");
        assertEquals(0, store.slotOfId(c));
        assertEquals(1, store.slotOfId(b));
        assertArrayEquals(new float[] {3f, 0f, 0f}, position(store, c), "the data moved with the node");
        assertArrayEquals(new float[] {0f, 0f, 0f, -1f}, orientation(store, c));
        assertArrayEquals(new float[] {5f, 6f, 7f}, scale(store, c));
        assertArrayEquals(new float[] {10f, 11f, 12f, 13f, 14f, 15f, 16f, 17f, 18f, 19f, 20f, 21f},
                vector(store.worlds(), 0, MATRIX_WIDTH));
        assertEquals(33L, store.tags()[0]);
        assertEquals(c, store.parentId(store.slotOfId(child)));
        assertEquals(4, store.size());
        assertTrue(store.dirtySlots().cardinality() == 0, "moves make nothing dirty");
        store.validate();
    }

    @Test
    void destroyingTheLastNodeOfTheLastBandMovesNothing() {
        TransformStore store = store(8, GrowthPolicy.FAIL);
        int root = create(store, Index.NONE);
        create(store, root);
        int last = create(store, root);
        heard.clear();
        int moves = store.slotMoves();
        store.destroy(last);
        assertTrue(heard.isEmpty());
        assertEquals(moves, store.slotMoves());
        store.validate();
    }

    // ---- growth ----

    @Test
    void aFullStoreUnderFailRefusesNamingItsCapacityAndChangesNothing() {
        TransformStore store = store(2, GrowthPolicy.FAIL);
        int root = create(store, Index.NONE);
        create(store, root);
        CapacityExceededException e = assertThrows(CapacityExceededException.class, () -> store.create(root));
        assertEquals("nodes is full at its capacity of 2 (growth policy FAIL): declare a larger capacity for nodes",
                e.getMessage());
        assertEquals("nodes", e.capacityName());
        assertEquals(2, e.capacity());
        assertEquals(2, store.size());
        assertEquals(2, store.capacity());
        store.validate();
    }

    @Test
    void underGrowAndOnDemandAFullStoreGrowsByHalfKeepingEveryNode() {
        for (GrowthPolicy policy : List.of(GrowthPolicy.GROW, GrowthPolicy.ON_DEMAND)) {
            TransformStore store = store(4, policy);
            List<Integer> ids = new ArrayList<>();
            ids.add(create(store, Index.NONE));
            for (int i = 1; i < 4; i++) {
                ids.add(create(store, ids.get(0)));
                store.setPosition(store.slotOfId(ids.get(i)), i, 0f, 0f);
            }
            ids.add(create(store, ids.get(1)));
            assertEquals(7, store.capacity(), policy.name());
            assertEquals(5, store.size());
            for (int i = 1; i < 4; i++) {
                assertArrayEquals(new float[] {i, 0f, 0f}, position(store, ids.get(i)), policy.name());
            }
            // the staging slot moved to the end of the grown arrays: a band change still works
            store.setStatic(ids.get(2), true);
            assertArrayEquals(new float[] {2f, 0f, 0f}, position(store, ids.get(2)), policy.name());
            store.validate();
        }
    }

    /** A capacity of 0 is a declaration like any other: FAIL refuses the first node, GROW makes room for it. */
    @Test
    void aStoreDeclaredForNoNodesRefusesOrGrowsAtTheFirst() {
        TransformStore full = store(0, GrowthPolicy.FAIL);
        assertThrows(CapacityExceededException.class, () -> full.create(Index.NONE));
        assertEquals(0, full.size());
        full.validate();

        TransformStore store = store(0, GrowthPolicy.GROW);
        int root = create(store, Index.NONE);
        int child = create(store, root);
        assertEquals(2, store.size());
        assertEquals(2, store.capacity());
        assertEquals(0, store.slotOfId(root));
        assertTrue(dirty(store, root) && dirty(store, child));
        assertTrue(store.dirtySlots().capacity() > store.capacity(), "room for the staging slot too");
        store.setStatic(child, true);
        assertTrue(store.isStatic(store.slotOfId(child)));
        store.validate();
    }

    @Test
    void growthPastAWordOfSlotsStartsTheNewWordsParentRangesEmpty() {
        TransformStore store = store(100, GrowthPolicy.ON_DEMAND);
        int root = create(store, Index.NONE);
        for (int i = 1; i < 101; i++) {
            create(store, root);
        }
        assertEquals(151, store.capacity());
        int words = store.wordParentMins().length;
        assertEquals(3, words, "152 slots with the staging one");
        assertTrue(store.dirtySlots().capacity() > store.capacity(), "the dirty set grows with the slots");
        assertTrue(store.changedSlots().capacity() > store.capacity(), "the changed set grows with the slots");
        assertEquals(0, store.wordParentMins()[1], "word 1 holds children of the root at slot 0");
        assertEquals(0, store.wordParentMaxes()[1]);
        assertEquals(Integer.MAX_VALUE, store.wordParentMins()[words - 1]);
        assertEquals(Integer.MIN_VALUE, store.wordParentMaxes()[words - 1]);
        store.validate();
    }

    // ---- reparenting and band changes ----

    @Test
    void reparentingToAnotherDepthMovesTheNodeToThatDepthsBandAndSaysSo() {
        TransformStore store = store(16, GrowthPolicy.FAIL);
        int root = create(store, Index.NONE);
        int other = create(store, Index.NONE);
        int child = create(store, root);
        int leaf = create(store, child);
        store.setPosition(store.slotOfId(leaf), 5f, 6f, 7f);
        clean(store);
        heard.clear();
        int moves = store.slotMoves();
        int parentChanges = store.parentChanges();

        assertTrue(store.setParent(leaf, root));
        assertEquals(parentChanges + 1, store.parentChanges(), "each new parent is counted");
        int slot = store.slotOfId(leaf);
        assertEquals(1, store.depth(slot));
        assertEquals(root, store.parentId(slot));
        assertEquals(store.slotOfId(root), store.parentSlots()[slot]);
        assertArrayEquals(new float[] {5f, 6f, 7f}, position(store, leaf));
        assertTrue(dirty(store, leaf));
        assertEquals(1, store.dirtySlots().cardinality());
        assertEquals(moves + 1, store.slotMoves());
        assertTrue(heard.contains(leaf + "->" + slot), heard.toString());
        store.validate();

        heard.clear();
        assertFalse(store.setParent(leaf, other), "depth 1 to depth 1");
        assertEquals(other, store.parentId(store.slotOfId(leaf)));
        assertEquals(store.slotOfId(other), store.parentSlots()[store.slotOfId(leaf)]);
        assertTrue(heard.isEmpty(), "no band change, no move");
        assertEquals(parentChanges + 2, store.parentChanges(), "a new parent at the same depth too");
        store.setStatic(leaf, true);
        assertEquals(parentChanges + 2, store.parentChanges(), "a band change of its own is no new parent");
        assertTrue(store.setParent(leaf, Index.NONE));
        assertEquals(0, store.depth(store.slotOfId(leaf)));
        assertEquals(Index.NONE, store.parentSlots()[store.slotOfId(leaf)]);
        store.validate();
    }

    @Test
    void reparentingKeepsAStaticNodeStatic() {
        TransformStore store = store(16, GrowthPolicy.FAIL);
        int root = create(store, Index.NONE);
        int node = create(store, Index.NONE);
        store.setStatic(node, true);
        assertEquals(1, store.band(store.slotOfId(node)));
        assertTrue(store.setParent(node, root));
        assertEquals(3, store.band(store.slotOfId(node)));
        assertTrue(store.isStatic(store.slotOfId(node)));
        store.validate();
    }

    @Test
    void belowTheDeepBoundaryAReparentChangesNoBand() {
        TransformStore store = store(128, GrowthPolicy.FAIL);
        List<Integer> chain = new ArrayList<>();
        chain.add(create(store, Index.NONE));
        for (int d = 1; d <= TransformStore.DEEP + 4; d++) {
            chain.add(create(store, chain.get(d - 1)));
        }
        int deepest = chain.get(chain.size() - 1);
        assertFalse(store.setParent(deepest, chain.get(TransformStore.DEEP + 1)), "deep to deep");
        assertEquals(TransformStore.DEEP, store.depth(store.slotOfId(deepest)));
        assertTrue(store.setParent(deepest, chain.get(TransformStore.DEEP - 2)), "deep to depth DEEP - 1");
        assertEquals(TransformStore.DEEP - 1, store.depth(store.slotOfId(deepest)));
        store.validate();
    }

    @Test
    void aStaticToggleMovesTheNodeBetweenItsDepthsTwoBands() {
        TransformStore store = store(16, GrowthPolicy.FAIL);
        int root = create(store, Index.NONE);
        int a = create(store, root);
        int b = create(store, root);
        store.setPosition(store.slotOfId(a), 1f, 1f, 1f);
        store.setHidden(store.slotOfId(a), true);
        store.tags()[store.slotOfId(a)] = 9L;
        clean(store);
        store.setStatic(a, true);
        int slot = store.slotOfId(a);
        assertEquals(3, store.band(slot));
        assertTrue(store.isStatic(slot));
        assertEquals(1, store.depth(slot));
        assertTrue(store.isHidden(slot), "the low flags travel with the node");
        assertEquals(9L, store.tags()[slot]);
        assertArrayEquals(new float[] {1f, 1f, 1f}, position(store, a));
        assertTrue(dirty(store, a));
        assertFalse(dirty(store, b));
        assertFalse(store.dirtySlots().get(store.capacity()), "the staging slot keeps no dirty mark");
        store.validate();

        int moves = store.slotMoves();
        clean(store);
        store.setStatic(a, true);
        assertEquals(moves, store.slotMoves(), "already static: nothing moves");
        assertTrue(dirty(store, a));
        store.setStatic(a, false);
        assertEquals(2, store.band(store.slotOfId(a)));
        store.validate();
    }

    /**
     * A node leaving a band whose parent slots are stale for one that was read since takes its parent's current slot:
     * the stale one it carried would be trusted there.
     */
    @Test
    void aNodeMovingIntoABandReadSinceItsParentMovedCachesThatParentsCurrentSlot() {
        TransformStore store = store(16, GrowthPolicy.FAIL);
        int first = create(store, Index.NONE);
        int parent = create(store, Index.NONE);
        int child = create(store, parent);
        store.setStatic(child, true);
        store.destroy(first);
        assertEquals(0, store.slotOfId(parent));
        assertEquals(1, store.parentSlots()[store.slotOfId(child)], "stale in the static band");
        store.refreshParentSlots(2);
        assertFalse(store.bands().parentsMoved(2));
        assertTrue(store.bands().parentsMoved(3));

        store.setStatic(child, false);
        int slot = store.slotOfId(child);
        assertEquals(2, store.band(slot));
        assertEquals(0, store.parentSlots()[slot], "the parent's slot now");
        store.validate();
    }

    /** Eight levels, the deepest static: bands 0 to 15, every one the band table holds before it grows. */
    @Test
    void aStoreUsingEveryBandOfItsFirstBandTableValidates() {
        TransformStore store = store(16, GrowthPolicy.FAIL);
        int node = create(store, Index.NONE);
        for (int depth = 1; depth < 8; depth++) {
            node = create(store, node);
            store.setStatic(node, true);
        }
        assertEquals(15, store.band(store.slotOfId(node)));
        assertEquals(16, store.bands().bands());
        store.validate();
    }

    // ---- setters and flags ----

    @Test
    void eachSetterWritesItsValueAndMarksOnlyItsNodeDirty() {
        TransformStore store = store(16, GrowthPolicy.FAIL);
        int root = create(store, Index.NONE);
        int node = create(store, root);
        int other = create(store, root);
        int slot = store.slotOfId(node);
        List<Runnable> setters = List.of(
                () -> store.setPosition(slot, 1f, 2f, 3f),
                () -> store.setOrientation(slot, 0f, 0f, 1f, 0f),
                () -> store.setUnitOrientation(slot, 0f, 1f, 0f, 0f),
                () -> store.setScale(slot, 2f, 3f, 4f),
                () -> store.setHidden(slot, true),
                () -> store.setInherit(slot, false, true));
        for (Runnable setter : setters) {
            clean(store);
            setter.run();
            assertTrue(dirty(store, node));
            assertFalse(dirty(store, other));
            assertFalse(dirty(store, root));
        }
        assertArrayEquals(new float[] {1f, 2f, 3f}, position(store, node));
        assertArrayEquals(new float[] {0f, 1f, 0f, 0f}, orientation(store, node));
        assertArrayEquals(new float[] {2f, 3f, 4f}, scale(store, node));
        assertTrue(store.isHidden(slot));
        assertFalse(store.inheritsOrientation(slot));
        assertTrue(store.inheritsScale(slot));
        assertArrayEquals(new float[] {0f, 0f, 0f}, position(store, other));
        store.validate();
    }

    @Test
    void orientationIsStoredNormalizedEvenFromASubnormalQuaternion() {
        TransformStore store = store(4, GrowthPolicy.FAIL);
        int id = create(store, Index.NONE);
        int slot = store.slotOfId(id);
        store.setOrientation(slot, 0f, 0f, 0f, 2f);
        assertArrayEquals(new float[] {0f, 0f, 0f, 1f}, orientation(store, id));
        store.setOrientation(slot, 3f, 0f, 4f, 0f);
        assertArrayEquals(new float[] {0.6f, 0f, 0.8f, 0f}, orientation(store, id), 1e-7f);
        store.setOrientation(slot, 0f, Float.MIN_VALUE, 0f, 0f);
        assertArrayEquals(new float[] {0f, 1f, 0f, 0f}, orientation(store, id));
        store.setOrientation(slot, 1f, 1f, 1f, 1f);
        assertArrayEquals(new float[] {0.5f, 0.5f, 0.5f, 0.5f}, orientation(store, id));
    }

    @Test
    void aUnitOrientationIsStoredAsGiven() {
        TransformStore store = store(4, GrowthPolicy.FAIL);
        int id = create(store, Index.NONE);
        float[] q = {0.1f, 0.2f, 0.3f, (float) Math.sqrt(1 - 0.01 - 0.04 - 0.09)};
        store.setUnitOrientation(store.slotOfId(id), q[0], q[1], q[2], q[3]);
        assertArrayEquals(q, orientation(store, id));
    }

    @Test
    void theScaleMirrorsFlagFollowsTheSignOfTheScalesProduct() {
        TransformStore store = store(4, GrowthPolicy.FAIL);
        int slot = store.slotOfId(create(store, Index.NONE));
        store.setHidden(slot, true);
        store.setScale(slot, -1f, 1f, 1f);
        assertEquals(SCALE_MIRRORS, store.flags()[slot] & SCALE_MIRRORS);
        store.setScale(slot, -1f, -1f, 1f);
        assertEquals(0, store.flags()[slot] & SCALE_MIRRORS);
        store.setScale(slot, 1f, 1f, -0.5f);
        assertEquals(SCALE_MIRRORS, store.flags()[slot] & SCALE_MIRRORS);
        store.setScale(slot, 0f, 1f, -1f);
        assertEquals(0, store.flags()[slot] & SCALE_MIRRORS, "a zero scale mirrors nothing");
        store.validate();
        store.setScale(slot, -1f, 0f, 1f);
        assertEquals(0, store.flags()[slot] & SCALE_MIRRORS, "a zero scale mirrors nothing");
        store.validate();
        store.setScale(slot, 1f, -1f, 0f);
        assertEquals(0, store.flags()[slot] & SCALE_MIRRORS, "a zero scale mirrors nothing");
        store.validate();
        store.setScale(slot, 2f, 2f, 2f);
        assertEquals(0, store.flags()[slot] & SCALE_MIRRORS);
        assertTrue(store.isHidden(slot), "the other flags stay");
        assertTrue(store.inheritsOrientation(slot));
        store.validate();
    }

    @Test
    void hiddenAndInheritanceFlagsChangeOnlyTheirOwnBits() {
        TransformStore store = store(4, GrowthPolicy.FAIL);
        int root = create(store, Index.NONE);
        int slot = store.slotOfId(create(store, root));
        store.setScale(slot, -1f, 1f, 1f);
        int band = store.band(slot);
        store.setHidden(slot, true);
        assertEquals(HIDDEN, store.flags()[slot] & HIDDEN);
        store.setHidden(slot, false);
        assertFalse(store.isHidden(slot));
        for (boolean orientation : new boolean[] {false, true}) {
            for (boolean scale : new boolean[] {false, true}) {
                store.setInherit(slot, orientation, scale);
                assertEquals(orientation, store.inheritsOrientation(slot));
                assertEquals(scale, store.inheritsScale(slot));
            }
        }
        store.setHidden(slot, true);
        store.setInherit(slot, false, false);
        assertTrue(store.isHidden(slot));
        assertEquals(SCALE_MIRRORS, store.flags()[slot] & SCALE_MIRRORS);
        assertEquals(band, store.band(slot));
        store.validate();
    }

    @Test
    void inGraphIsReadFromItsFlag() {
        TransformStore store = store(4, GrowthPolicy.FAIL);
        int slot = store.slotOfId(create(store, Index.NONE));
        store.flags()[slot] |= IN_GRAPH;
        assertTrue(store.isInGraph(slot));
        store.flags()[slot] &= ~IN_GRAPH;
        assertFalse(store.isInGraph(slot));
    }

    @Test
    void setPositionsWritesARunAcrossBlocksAndMarksExactlyItsSlotsDirty() {
        TransformStore store = store(64, GrowthPolicy.FAIL);
        int root = create(store, Index.NONE);
        for (int i = 1; i < 40; i++) {
            create(store, root);
        }
        clean(store);
        int first = 3;
        int count = 27;
        float[] values = new float[2 + 3 * count];
        for (int i = 0; i < values.length; i++) {
            values[i] = i + 0.5f;
        }
        store.setPositions(first, count, values, 2);
        for (int slot = 0; slot < store.size(); slot++) {
            float[] p = vector(store.positions(), slot, VECTOR_WIDTH);
            boolean inRun = slot >= first && slot < first + count;
            if (inRun) {
                int v = 2 + 3 * (slot - first);
                assertArrayEquals(new float[] {values[v], values[v + 1], values[v + 2]}, p, "slot " + slot);
            } else {
                assertArrayEquals(new float[] {0f, 0f, 0f}, p, "slot " + slot);
            }
            assertEquals(inRun, store.dirtySlots().get(slot), "dirty mark of slot " + slot);
        }
        store.setPositions(33, 2, values, 0);
        assertArrayEquals(new float[] {0f, 0f, 0f}, vector(store.positions(), 35, VECTOR_WIDTH),
                "a run inside one block ends where it ends");
        assertFalse(store.dirtySlots().get(35));
        store.setPositions(8, 8, values, 0);
        assertArrayEquals(new float[] {21f + 0.5f, 22f + 0.5f, 23f + 0.5f},
                vector(store.positions(), 15, VECTOR_WIDTH), "a run of exactly one block");
        store.validate();
    }

    @Test
    void theGraphRootIsRecordedAndMarkedDirty() {
        TransformStore store = store(4, GrowthPolicy.FAIL);
        assertEquals(Index.NONE, store.graphRoot());
        create(store, Index.NONE);
        int root = create(store, Index.NONE);
        clean(store);
        store.setGraphRoot(root);
        assertEquals(root, store.graphRoot());
        assertTrue(dirty(store, root));
        assertEquals(1, store.dirtySlots().cardinality());
    }

    // ---- changed and moved slots ----

    @Test
    void aPublishedChangedSetHoldsThePassesSlotsAndTheSlotsMovedSinceThePassBefore() {
        TransformStore store = store(16, GrowthPolicy.FAIL);
        int a = create(store, Index.NONE);
        create(store, Index.NONE);
        int c = create(store, Index.NONE);
        store.publishChangedSet();
        store.openChangedSet();
        assertEquals(1L, store.changedSets());
        SummaryBitSet changed = store.changedSlots();
        assertEquals(0, changed.cardinality(), "creation moves nothing");

        store.destroy(a);
        int cSlot = store.slotOfId(c);
        store.openChangedSet();
        assertEquals(2L, store.changedSets());
        assertEquals(0, changed.cardinality(), "opening the set empties it");
        changed.set(1);
        store.publishChangedSet();
        assertEquals(List.of(0, 1), setBits(changed, store.size()));
        assertEquals(0, cSlot);

        store.openChangedSet();
        store.publishChangedSet();
        assertEquals(0, changed.cardinality(), "the moved slots were published once");
        store.validate();
    }

    @Test
    void aSlotMovedAndThenFreedIsNotPublished() {
        TransformStore store = store(16, GrowthPolicy.FAIL);
        int a = create(store, Index.NONE);
        int b = create(store, Index.NONE);
        create(store, Index.NONE);
        store.openChangedSet();
        store.publishChangedSet();
        // a's destruction moves the last root into slot 0; b's then moves that root into slot 1 after it
        store.destroy(b);
        store.destroy(a);
        assertEquals(1, store.size());
        store.openChangedSet();
        store.publishChangedSet();
        assertEquals(List.of(0), setBits(store.changedSlots(), store.changedSlots().capacity()));
        store.validate();
    }

    private static List<Integer> setBits(SummaryBitSet bits, int to) {
        List<Integer> set = new ArrayList<>();
        for (int bit = bits.nextSetBit(0, to); bit != Index.NONE; bit = bits.nextSetBit(bit + 1, to)) {
            set.add(bit);
        }
        return set;
    }

    // ---- the parent-slot cache ----

    @Test
    void aParentsMoveMarksItsChildrensBandsStaleUntilTheirParentSlotsAreReadAgain() {
        TransformStore store = store(16, GrowthPolicy.FAIL);
        int first = create(store, Index.NONE);
        int parent = create(store, Index.NONE);
        int child = create(store, parent);
        int staticChild = create(store, parent);
        store.setStatic(staticChild, true);
        store.refreshParentSlots(2);
        store.refreshParentSlots(3);
        assertFalse(store.bands().parentsMoved(2));
        assertFalse(store.bands().parentsMoved(3));

        store.destroy(first);
        int parentSlot = store.slotOfId(parent);
        assertEquals(0, parentSlot);
        assertTrue(store.bands().parentsMoved(2));
        assertTrue(store.bands().parentsMoved(3));
        assertEquals(1, store.parentSlots()[store.slotOfId(child)], "stale until read");
        store.validate();

        store.refreshParentSlots(2);
        store.refreshParentSlots(3);
        assertFalse(store.bands().parentsMoved(2));
        assertEquals(0, store.parentSlots()[store.slotOfId(child)]);
        assertEquals(0, store.parentSlots()[store.slotOfId(staticChild)]);
        assertEquals(0, store.wordParentMins()[0], "the word's range narrows to the parents it holds");
        assertEquals(0, store.wordParentMaxes()[0]);
        store.validate();
    }

    @Test
    void refreshingABandWhoseParentsStayedReadsNothing() {
        TransformStore store = store(16, GrowthPolicy.FAIL);
        int root = create(store, Index.NONE);
        int child = create(store, root);
        store.refreshParentSlots(2);
        int slot = store.slotOfId(child);
        store.parentSlots()[slot] = 7;
        store.refreshParentSlots(2);
        assertEquals(7, store.parentSlots()[slot], "a band not marked stale is not read again");
    }

    /**
     * A band emptied by the moves that marked it stale reads no slot: the slot at its end is unused, and holds the copy
     * of a root, whose parent id is none.
     */
    @Test
    void refreshingAnEmptiedBandReadsNoSlot() {
        TransformStore store = store(8, GrowthPolicy.FAIL);
        create(store, Index.NONE);
        int parent = create(store, Index.NONE);
        create(store, Index.NONE);
        int child = create(store, parent);
        store.destroy(child);
        store.destroy(parent);
        assertTrue(store.bands().parentsMoved(2));
        assertEquals(store.bands().start(2), store.bands().end(2));
        assertEquals(Index.NONE, store.parentId(store.bands().end(2)));
        store.refreshParentSlots(2);
        assertFalse(store.bands().parentsMoved(2));
        store.validate();
    }

    @Test
    void aRefreshRefoldsEveryWordOfTheBandFromItsParents() {
        TransformStore store = store(256, GrowthPolicy.FAIL);
        List<Integer> roots = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
            roots.add(create(store, Index.NONE));
        }
        List<Integer> children = new ArrayList<>();
        for (int i = 0; i < 150; i++) {
            // after the destruction below, word 0 holds the children of roots.get(1), words 1 and 2 those of the other
            children.add(create(store, roots.get(i < 60 || i == 149 ? 1 : 2)));
        }
        store.refreshParentSlots(2);
        store.destroy(roots.get(0));
        store.refreshParentSlots(2);
        int[] mins = store.wordParentMins();
        int[] maxes = store.wordParentMaxes();
        for (int w = 0; w < (store.size() + 63) >>> 6; w++) {
            int min = Integer.MAX_VALUE;
            int max = Integer.MIN_VALUE;
            for (int slot = w << 6; slot < Math.min(store.size(), (w << 6) + 64); slot++) {
                int parent = store.parentSlots()[slot];
                if (parent != Index.NONE) {
                    min = Math.min(min, parent);
                    max = Math.max(max, parent);
                }
            }
            assertEquals(w == 0 ? 1 : 2, min, "the test's layout");
            assertEquals(min, mins[w], "least parent of word " + w);
            assertEquals(max, maxes[w], "greatest parent of word " + w);
        }
        for (int child : children) {
            int slot = store.slotOfId(child);
            assertEquals(store.slotOfId(store.parentId(slot)), store.parentSlots()[slot]);
        }
        store.validate();
    }

    // ---- what validate names ----

    @Test
    void validateNamesANodeWhoseFlagsRecordAnotherBand() {
        TransformStore store = store(8, GrowthPolicy.FAIL);
        int root = create(store, Index.NONE);
        int child = create(store, root);
        int slot = store.slotOfId(child);
        store.flags()[slot] = (store.flags()[slot] & 0xFF) | (3 << TransformStore.BAND_SHIFT);
        assertRefused(store, "nodes: node id " + child + " in band 2 records band 3");
    }

    @Test
    void validateNamesAStaleParentSlotInABandNotMarkedStale() {
        TransformStore store = store(8, GrowthPolicy.FAIL);
        int root = create(store, Index.NONE);
        create(store, Index.NONE);
        int child = create(store, root);
        store.refreshParentSlots(2);
        store.parentSlots()[store.slotOfId(child)] = 1;
        store.wordParentMaxes()[0] = 1;
        assertRefused(store, "nodes: node id " + child + " caches parent slot 1 but its parent id " + root
                + " is at slot 0");
    }

    @Test
    void validateNamesAParentSlotOutsideItsWordsRange() {
        TransformStore store = store(8, GrowthPolicy.FAIL);
        int root = create(store, Index.NONE);
        int child = create(store, root);
        store.wordParentMins()[0] = 1;
        assertRefused(store, "nodes: node id " + child + " caches parent slot 0 outside its word's parent range "
                + "[1, 0]");
        store.wordParentMins()[0] = 0;
        store.wordParentMaxes()[0] = -1;
        assertRefused(store, "nodes: node id " + child + " caches parent slot 0 outside its word's parent range "
                + "[0, -1]");
    }

    @Test
    void validateNamesAScaleMirrorsFlagThatDisagreesWithTheScale() {
        TransformStore store = store(8, GrowthPolicy.FAIL);
        int id = create(store, Index.NONE);
        int slot = store.slotOfId(id);
        store.flags()[slot] |= SCALE_MIRRORS;
        assertRefused(store, "nodes: node id " + id + " has a scale whose product is 1.0 but its scale-mirrors flag "
                + "is true");
        store.setScale(slot, -1f, 1f, 1f);
        store.flags()[slot] &= ~SCALE_MIRRORS;
        assertRefused(store, "nodes: node id " + id + " has a scale whose product is -1.0 but its scale-mirrors "
                + "flag is false");
    }

    @Test
    void validateNamesADepthZeroNodeWithAParent() throws ReflectiveOperationException {
        TransformStore store = store(8, GrowthPolicy.FAIL);
        int root = create(store, Index.NONE);
        int other = create(store, Index.NONE);
        int[] parentId = field(store, "parentId");
        parentId[store.slotOfId(other)] = root;
        store.parentSlots()[store.slotOfId(other)] = store.slotOfId(root);
        store.wordParentMins()[0] = 0;
        store.wordParentMaxes()[0] = 0;
        assertRefused(store, "nodes: depth-0 node id " + other + " has parent " + root);
    }

    @Test
    void validateNamesAParentThatIsNotOneLevelUp() throws ReflectiveOperationException {
        TransformStore store = store(8, GrowthPolicy.FAIL);
        int root = create(store, Index.NONE);
        int child = create(store, root);
        int grandchild = create(store, child);
        int[] parentId = field(store, "parentId");
        parentId[store.slotOfId(grandchild)] = root;
        store.bands().markParentsMoved(4);
        assertRefused(store, "nodes: node id " + grandchild + " at depth 2 has parent id " + root + " at depth 0");
    }

    @Test
    void validateNamesAStaticNodeWithADynamicParentBelowDepthOne() throws ReflectiveOperationException {
        TransformStore store = store(8, GrowthPolicy.FAIL);
        int root = create(store, Index.NONE);
        int staticParent = create(store, root);
        int dynamicParent = create(store, root);
        store.setStatic(staticParent, true);
        int child = create(store, staticParent);
        store.setStatic(child, true);
        store.validate();
        int[] parentId = field(store, "parentId");
        parentId[store.slotOfId(child)] = dynamicParent;
        store.bands().markParentsMoved(5);
        assertRefused(store, "nodes: static node id " + child + " has dynamic parent id " + dynamicParent);
    }

    @Test
    void aStaticNodeAtDepthOneMayHangFromADynamicRoot() {
        TransformStore store = store(8, GrowthPolicy.FAIL);
        int root = create(store, Index.NONE);
        int node = create(store, root);
        store.setStatic(node, true);
        store.validate();
    }

    @Test
    void validateNamesASlotWhoseIdMapsToAnotherSlot() throws ReflectiveOperationException {
        TransformStore store = store(8, GrowthPolicy.FAIL);
        int a = create(store, Index.NONE);
        int b = create(store, Index.NONE);
        int[] idAt = field(store, "idAt");
        idAt[0] = b;
        assertRefused(store, "nodes: slot 0 holds node id " + b + " whose table entry points at slot 1");
        idAt[0] = a;
        store.destroy(b);
        idAt[0] = b;
        IllegalStateException e = assertThrows(IllegalStateException.class, store::validate);
        assertTrue(e.getMessage().startsWith("nodes: "), e.getMessage());
    }

    @Test
    void validateChecksTheIdTableItself() throws ReflectiveOperationException {
        TransformStore store = store(8, GrowthPolicy.FAIL);
        create(store, Index.NONE);
        int freed = create(store, Index.NONE);
        store.destroy(freed);
        Field versions = HandleTable.class.getDeclaredField("versions");
        versions.setAccessible(true);
        ((int[]) versions.get(field(store, "ids")))[freed] = 0;
        assertRefused(store, "nodes: free entry " + freed + " has version 0 outside 1.." + HandleTable.MAX_VERSION);
    }

    @Test
    void validateNamesANodeAboveTheDeepBandsWhoseParentIsDeep() throws ReflectiveOperationException {
        TransformStore store = store(64, GrowthPolicy.FAIL);
        int deep = create(store, Index.NONE);
        for (int d = 1; d <= TransformStore.DEEP; d++) {
            deep = create(store, deep);
        }
        int shallow = create(store, create(store, Index.NONE));
        int[] parentId = field(store, "parentId");
        parentId[store.slotOfId(shallow)] = deep;
        store.bands().markParentsMoved(2);
        assertRefused(store, "nodes: node id " + shallow + " at depth 1 has parent id " + deep + " at depth "
                + TransformStore.DEEP);
    }

    @Test
    void validateNamesADeepNodeWhoseParentIsNeitherDeepNorOneLevelUp() throws ReflectiveOperationException {
        TransformStore store = store(64, GrowthPolicy.FAIL);
        List<Integer> chain = new ArrayList<>();
        chain.add(create(store, Index.NONE));
        for (int d = 1; d <= TransformStore.DEEP + 1; d++) {
            chain.add(create(store, chain.get(d - 1)));
        }
        store.validate();
        int deepest = chain.get(TransformStore.DEEP + 1);
        int[] parentId = field(store, "parentId");
        parentId[store.slotOfId(deepest)] = chain.get(5);
        store.bands().markParentsMoved(TransformStore.DEEP_BAND);
        assertRefused(store, "nodes: node id " + deepest + " at depth " + TransformStore.DEEP + " has parent id "
                + chain.get(5) + " at depth 5");
    }

    @Test
    void validateNamesLiveIdsThatOutnumberTheSlots() throws ReflectiveOperationException {
        TransformStore store = store(8, GrowthPolicy.FAIL);
        create(store, Index.NONE);
        HandleTable ids = field(store, "ids");
        ids.create(0);
        assertRefused(store, "nodes: 2 live ids for 1 slots");
    }

    @Test
    void validateChecksTheBandsAndEveryBitsetsSummary() throws ReflectiveOperationException {
        TransformStore store = store(8, GrowthPolicy.FAIL);
        int root = create(store, Index.NONE);
        create(store, root);
        Field start = BandAllocator.class.getDeclaredField("start");
        start.setAccessible(true);
        ((int[]) start.get(store.bands()))[1] = 2;
        assertRefused(store, "nodes: band 1 starts at 2 after its end 1");

        TransformStore other = store(8, GrowthPolicy.FAIL);
        create(other, Index.NONE);
        other.changedSlots().words()[0] |= 1L;
        assertTrue(assertThrows(IllegalStateException.class, other::validate).getMessage()
                .startsWith("nodes changed slots"));

        TransformStore third = store(8, GrowthPolicy.FAIL);
        create(third, Index.NONE);
        SummaryBitSet moved = field(third, "movedBits");
        moved.words()[0] |= 1L;
        assertTrue(assertThrows(IllegalStateException.class, third::validate).getMessage()
                .startsWith("nodes moved slots"));

        TransformStore fourth = store(8, GrowthPolicy.FAIL);
        create(fourth, Index.NONE);
        clean(fourth);
        Field marks = SummaryByteSet.class.getDeclaredField("bytes");
        marks.setAccessible(true);
        ((byte[]) marks.get(fourth.dirtySlots()))[0] = 1;
        assertTrue(assertThrows(IllegalStateException.class, fourth::validate).getMessage()
                .startsWith("nodes dirty slots"));
    }
}
