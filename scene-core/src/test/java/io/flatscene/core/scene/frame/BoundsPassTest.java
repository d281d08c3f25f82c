package io.flatscene.core.scene.frame;

import io.flatscene.core.container.GrowthPolicy;
import io.flatscene.core.container.HandleTable;
import io.flatscene.core.container.Index;
import io.flatscene.core.container.SparseSet;
import io.flatscene.core.geometry.Frustum;
import io.flatscene.core.layout.LaneBlocks;
import io.flatscene.core.scene.store.ItemStore;
import io.flatscene.core.scene.store.TransformStore;
import java.util.Random;
import java.util.function.IntPredicate;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The bounds pass over stores filled by hand: 150 items (chunks of 64, 64 and 22) on 100 nodes with random affine
 * world matrices, or on none, a few with infinite local boxes. A full pass gives every attached item the box its
 * documentation states (the center through the matrix, the half extents through its absolute linear part, infinite
 * boxes infinite), stamps it and marks its chunk; an incremental pass recomputes only the items whose node's slot is
 * in the changed set or that are dirty, and visits a chunk only when marked, when its slot range holds a changed slot,
 * or when told to visit all.
 */
class BoundsPassTest {
    private static final int ITEMS = 150;
    private static final int NODES = 100;
    private static final int L = LaneBlocks.LANES;
    /** Six planes far around every box. */
    private static final float[] ROOMY = {0f, 1f, 0f, 1e6f, 0f, -1f, 0f, 1e6f, 0f, 0f, 1f, 1e6f, 0f, 0f, -1f, 1e6f,
        1f, 0f, 0f, 1e6f, -1f, 0f, 0f, 1e6f};

    private final Random random = new Random(2026_11_25L);
    private final TransformStore transforms = new TransformStore("nodes", NODES, GrowthPolicy.FAIL, (id, slot) -> { });
    private final SparseSet set = new SparseSet("items", ITEMS, GrowthPolicy.FAIL);
    private final ItemStore items = new ItemStore(set);
    private final ChunkBounds chunks = new ChunkBounds(items);
    private final BoundsPass pass = new BoundsPass(items, transforms, chunks);
    private final int[] slots = new int[NODES];

    BoundsPassTest() {
        for (int n = 0; n < NODES; n++) {
            slots[n] = transforms.slotOfId(HandleTable.idOf(transforms.create(Index.NONE)));
            writeMatrix(slots[n]);
        }
        for (int id = 0; id < ITEMS; id++) {
            int index = set.add(id);
            // one in twenty infinite along one axis, any of the three
            int infinite = random.nextInt(20) == 0 ? random.nextInt(3) : -1;
            float[] half = new float[3];
            for (int axis = 0; axis < 3; axis++) {
                half[axis] = axis == infinite ? Float.POSITIVE_INFINITY : 0.1f + random.nextFloat();
            }
            items.setLocal(index, signed(2f), signed(2f), signed(2f), half[0], half[1], half[2]);
            items.init(index, 1, 1, 0, -1, -1);
            // the first chunk's items on the first half of the nodes, so that later slots lie outside its range
            if (random.nextInt(10) != 0) {
                items.attach(index, slots[random.nextInt(index < 64 ? NODES / 2 : NODES)]);
            }
        }
        chunks.ensureCapacity(ITEMS);
        pass.ensureCapacity(ITEMS);
    }

    private float signed(float range) {
        return (random.nextFloat() * 2f - 1f) * range;
    }

    /** A random linear part and translation into the slot's world matrix. */
    private void writeMatrix(int slot) {
        float[] m = transforms.worlds();
        int w = LaneBlocks.base(slot, TransformStore.MATRIX_WIDTH);
        for (int k = 0; k < 9; k++) {
            m[w + k * L] = signed(2f);
        }
        for (int k = 9; k < 12; k++) {
            m[w + k * L] = signed(50f);
        }
    }

    /** The box the documentation states for item {@code i} on its node, as center then half extents. */
    private float[] expected(int i) {
        float[] m = transforms.worlds();
        int w = LaneBlocks.base(items.nodeSlotArray()[i], TransformStore.MATRIX_WIDTH);
        float[] c = items.localCenterArray();
        float[] h = items.localHalfArray();
        float[] box = new float[6];
        for (int r = 0; r < 3; r++) {
            box[r] = m[w + r * L] * c[i * 3] + m[w + (3 + r) * L] * c[i * 3 + 1] + m[w + (6 + r) * L] * c[i * 3 + 2]
                    + m[w + (9 + r) * L];
            boolean infinite = h[i * 3] == Float.POSITIVE_INFINITY || h[i * 3 + 1] == Float.POSITIVE_INFINITY
                    || h[i * 3 + 2] == Float.POSITIVE_INFINITY;
            box[3 + r] = infinite ? Float.POSITIVE_INFINITY
                    : Math.abs(m[w + r * L]) * h[i * 3] + Math.abs(m[w + (3 + r) * L]) * h[i * 3 + 1]
                    + Math.abs(m[w + (6 + r) * L]) * h[i * 3 + 2];
        }
        return box;
    }

    private float[] world(int i) {
        float[] box = new float[6];
        System.arraycopy(items.worldCenterArray(), i * 3, box, 0, 3);
        System.arraycopy(items.worldHalfArray(), i * 3, box, 3, 3);
        return box;
    }

    /** A pass over everything, then the marks and the changed set cleared, as after a frame. */
    private void settle() {
        pass.run(0, ITEMS, true, true, false, 1);
        items.dirtyChunks().clear();
        transforms.changedSlots().clear();
        chunks.refresh(ITEMS);
    }

    @Test
    void aFullPassGivesEveryAttachedItemItsBox() {
        // an infinite box opens its chunk, as each chunk holds one: boxed chunks show the marks the pass leaves
        chunks.refresh(ITEMS);
        for (int chunk = 0; chunk < 3; chunk++) {
            assertEquals(Frustum.ACROSS, chunks.classify(chunk, ROOMY), "chunk " + chunk + " is open");
        }
        float[] worldHalf = items.worldHalfArray();
        for (int i = 0; i < ITEMS * 3; i++) {
            worldHalf[i] = Math.min(worldHalf[i], 1f);
        }
        chunks.markReordered(0, ITEMS);
        chunks.refresh(ITEMS);
        for (int chunk = 0; chunk < 3; chunk++) {
            assertEquals(Frustum.INSIDE, chunks.classify(chunk, ROOMY), "chunk " + chunk + " boxed");
        }
        float[][] before = new float[ITEMS][];
        for (int i = 0; i < ITEMS; i++) {
            before[i] = world(i);
        }
        pass.run(0, 64, true, false, false, 7);
        pass.run(64, ITEMS, true, false, false, 7);
        for (int i = 0; i < ITEMS; i++) {
            boolean attached = items.nodeSlotArray()[i] != Index.NONE;
            assertArrayEquals(attached ? expected(i) : before[i], world(i), "item " + i + " (detached keep theirs)");
            assertEquals(attached ? 7 : 0, pass.stamps()[i], "item " + i);
            assertEquals(attached ? 0 : 1, items.boundsDirtyArray()[i], "item " + i);
        }
        for (int chunk = 0; chunk < 3; chunk++) {
            assertEquals(Frustum.ACROSS, chunks.classify(chunk, ROOMY), "a recomputed box marks its chunk");
        }
        assertFalse(pass.takeNonFinite());
    }

    @Test
    void aMatrixOverflowedToInfinityIsNoted() {
        int i = 0;
        while (items.nodeSlotArray()[i] == Index.NONE || !Float.isFinite(items.localHalfArray()[i * 3]
                + items.localHalfArray()[i * 3 + 1] + items.localHalfArray()[i * 3 + 2])) {
            i++;
        }
        float[] m = transforms.worlds();
        int w = LaneBlocks.base(items.nodeSlotArray()[i], TransformStore.MATRIX_WIDTH);
        for (int k = 0; k < 9; k++) {
            m[w + k * L] = Float.POSITIVE_INFINITY;
        }
        pass.run(0, ITEMS, true, true, false, 1);
        assertTrue(pass.takeNonFinite());
        assertFalse(pass.takeNonFinite(), "the note is cleared once taken");
        writeMatrix(items.nodeSlotArray()[i]);
        pass.run(0, ITEMS, true, true, false, 2);
        assertFalse(pass.takeNonFinite());
        assertArrayEquals(expected(i), world(i), "a full pass recomputes an item neither dirty nor in the changed set");
    }

    @Test
    void anIncrementalPassRecomputesOnlyWhatChanged() {
        settle();
        int moved = items.nodeSlotArray()[3] != Index.NONE ? items.nodeSlotArray()[3] : items.nodeSlotArray()[4];
        assertTrue(moved != Index.NONE, "item 3 or 4 is attached");
        int dirty = 100;
        while (items.nodeSlotArray()[dirty] == Index.NONE) {
            dirty++;
        }
        // every matrix changes, but only one slot is in the changed set: the other nodes' items keep their boxes
        for (int n = 0; n < NODES; n++) {
            writeMatrix(slots[n]);
        }
        transforms.changedSlots().set(moved);
        items.setLocal(dirty, 0.5f, 0.5f, 0.5f, 1f, 1f, 1f);
        float[][] before = new float[ITEMS][];
        for (int i = 0; i < ITEMS; i++) {
            before[i] = world(i);
        }
        pass.run(0, ITEMS, false, false, false, 2);
        for (int i = 0; i < ITEMS; i++) {
            int slot = items.nodeSlotArray()[i];
            boolean recomputed = slot != Index.NONE && (slot == moved || i == dirty);
            assertArrayEquals(recomputed ? expected(i) : before[i], world(i), "item " + i);
            assertEquals(slot == Index.NONE ? 0 : recomputed ? 2 : 1, pass.stamps()[i], "item " + i);
        }
    }

    /**
     * An item whose node moved to a slot outside its chunk's slot range, unmarked (the pipeline visits every chunk
     * after a slot move): passed over unless every chunk is visited.
     */
    @Test
    void aChunkIsVisitedForItsSlotRangeItsMarkOrEveryChunk() {
        settle();
        int i = 10;
        while (items.nodeSlotArray()[i] == Index.NONE) {
            i++;
        }
        int highest = Integer.MIN_VALUE;
        for (int k = 0; k < 64; k++) {
            highest = Math.max(highest, items.nodeSlotArray()[k]);
        }
        int outside = NODES - 1;
        assertTrue(slots[outside] > highest, "the last node's slot lies outside the first chunk's range");
        items.nodeMoved(i, slots[outside]);
        transforms.changedSlots().set(slots[outside]);
        float[] before = world(i);
        pass.run(0, ITEMS, false, false, false, 2);
        assertArrayEquals(before, world(i), "the first chunk's range holds no changed slot");
        pass.run(0, ITEMS, false, true, false, 3);
        assertArrayEquals(expected(i), world(i), "every chunk visited");
        assertEquals(3, pass.stamps()[i]);
        // its range now holds the new slot: a change there is seen without visiting every chunk
        writeMatrix(slots[outside]);
        pass.run(0, ITEMS, false, false, false, 4);
        assertArrayEquals(expected(i), world(i), "the range grew to the new slot");
        transforms.changedSlots().clear();
        writeMatrix(slots[outside]);
        items.attach(i, slots[outside]);
        pass.run(0, ITEMS, false, false, false, 5);
        assertArrayEquals(expected(i), world(i), "a marked chunk is visited");
        assertEquals(5, pass.stamps()[i]);
    }

    /**
     * Each recomputed item copies its node's in-graph flag when it is new to its node, or when a node got a new parent
     * since the last bounds pass (the only way an existing node enters or leaves the graph); otherwise it keeps its
     * bit, and the pass reads no node flags. The check of the bits agrees at each step.
     */
    @Test
    void anItemCopiesItsNodesInGraphFlagWhenNewToItOrAfterAParentChange() {
        int[] flags = transforms.flags();
        for (int n = 0; n < NODES; n += 2) {
            flags[slots[n]] |= TransformStore.IN_GRAPH;
        }
        pass.run(0, ITEMS, false, true, false, 1);
        assertInGraphBits(n -> n % 2 == 0);
        pass.validate(ITEMS, true);

        // the transform pass takes every node out of the graph and recomputes it
        for (int n = 0; n < NODES; n++) {
            flags[slots[n]] &= ~TransformStore.IN_GRAPH;
            transforms.changedSlots().set(slots[n]);
        }
        int fresh = 0;
        while (items.nodeSlotArray()[fresh] == Index.NONE) {
            fresh++;
        }
        items.attach(fresh, items.nodeSlotArray()[fresh]);
        pass.run(0, ITEMS, false, false, false, 2);
        for (int i = 0; i < ITEMS; i++) {
            int slot = items.nodeSlotArray()[i];
            boolean kept = slot != Index.NONE && i != fresh && nodeOf(slot) % 2 == 0;
            assertEquals(kept ? 1 : 0, items.inGraphArray()[i], "item " + i + ": no parent changed, the bit is kept");
        }
        int stale = 0;
        while (items.inGraphArray()[stale] == 0) {
            stale++;
        }
        String message = assertThrows(IllegalStateException.class,
                () -> pass.validate(ITEMS, true)).getMessage();
        assertEquals("item at global index " + stale + " keeps in-graph bit 1 but its node in slot "
                + items.nodeSlotArray()[stale] + " is not in the graph", message);
        pass.validate(ITEMS, false);

        pass.run(0, ITEMS, false, false, true, 3);
        assertInGraphBits(n -> false);
        pass.validate(ITEMS, true);
    }

    private void assertInGraphBits(IntPredicate nodeInGraph) {
        for (int i = 0; i < ITEMS; i++) {
            int slot = items.nodeSlotArray()[i];
            boolean expected = slot != Index.NONE && nodeInGraph.test(nodeOf(slot));
            assertEquals(expected ? 1 : 0, items.inGraphArray()[i], "item " + i + " on slot " + slot);
        }
    }

    private int nodeOf(int slot) {
        for (int n = 0; n < NODES; n++) {
            if (slots[n] == slot) {
                return n;
            }
        }
        throw new AssertionError("no node in slot " + slot);
    }
}
