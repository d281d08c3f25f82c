package io.flatscene.core.scene.frame;

import io.flatscene.core.container.Index;
import io.flatscene.core.container.SummaryBitSet;
import io.flatscene.core.layout.LaneBlocks;
import io.flatscene.core.scene.store.ItemStore;
import io.flatscene.core.scene.store.TransformStore;
import java.util.Arrays;

/**
 * World bounds of items: the center through the node's world matrix, the half extents through the absolute values of
 * its linear part (the tight box around the transformed box). Infinite boxes stay infinite, centered on the node;
 * detached items keep their last bounds.
 *
 * <p>Only boxes that can have changed are recomputed: those of items whose node's slot is in the store's changed set
 * (its world matrix was recomputed by the last transform pass, or the slot moved before it), and those marked dirty
 * (new, re-attached, a new local box). Items are visited by chunks of 64: a chunk that the item store did not mark
 * and whose nodes' slot range holds no changed slot is passed over with two int reads and a bit test, so a still
 * scene's bounds pass costs a few reads per 64 items. Each box written marks its {@link ChunkBounds} chunk for
 * recomputing.
 */
final class BoundsPass {
    private static final int L = LaneBlocks.LANES;

    private final ItemStore items;
    private final TransformStore transforms;
    private final ChunkBounds chunks;
    /**
     * Per chunk of 64 items, the range of their nodes' transform slots as of the last visit (empty, min above max,
     * when none is attached): a chunk whose range holds no changed slot, and that the item store did not mark, has
     * nothing to recompute. Valid while no node moves slot and no item moves chunk; either makes the pipeline visit
     * every chunk at the next pass.
     */
    private int[] slotMin = new int[0];
    private int[] slotMax = new int[0];
    /**
     * Per item, the number of the bounds pass that last recomputed its box: an incremental cull re-tests the items
     * stamped after its queue's last cull. Meaningful while no item moves index (a structural change or the spatial
     * sort makes the next cull a full one).
     */
    private int[] stamps = new int[0];
    /**
     * Set once a box came out with a NaN or infinity in it (but an infinite box's extents): its node's world matrix
     * overflowed the float range. Written by any worker, only ever to true.
     */
    private volatile boolean nonFiniteSeen;

    BoundsPass(ItemStore items, TransformStore transforms, ChunkBounds chunks) {
        this.items = items;
        this.transforms = transforms;
        this.chunks = chunks;
    }

    /** Makes room for the node-slot ranges of {@code itemCount} items' chunks; before a pass, on one thread. */
    void ensureCapacity(int itemCount) {
        if (stamps.length < itemCount) {
            stamps = Arrays.copyOf(stamps, Math.max(itemCount, stamps.length + (stamps.length >> 1)));
        }
        int chunks = (itemCount + 63) >>> 6;
        if (slotMin.length < chunks) {
            int grown = Math.max(chunks, slotMin.length + (slotMin.length >> 1));
            slotMin = Arrays.copyOf(slotMin, grown);
            slotMax = Arrays.copyOf(slotMax, grown);
        }
    }

    /** The bounds pass that last recomputed each item's box (see {@link #stamps}). */
    int[] stamps() {
        return stamps;
    }

    /** Whether any pass since the last call computed a box that is not finite; clears the note. */
    boolean takeNonFinite() {
        boolean seen = nonFiniteSeen;
        nonFiniteSeen = false;
        return seen;
    }

    /**
     * Updates items {@code [from, to)}, whole chunks of 64 unless {@code to} is the item count: all of them, or only
     * those that can have changed since the last transform pass (which must then be the only one since the last bounds
     * pass, with no slot moved since). With {@code all} false, a chunk is visited only when {@code visitAll}, when the
     * item store marked it, or when the changed set has a bit in the range of its items' node slots. Every box
     * recomputed is stamped with {@code pass}. In a chunk visited, the items marked dirty copy their node's in-graph
     * flag, and every attached item when {@code parentsChanged} (a node got a new parent since the last bounds pass).
     */
    void run(int from, int to, boolean all, boolean visitAll, boolean parentsChanged, int pass) {
        float[] m = transforms.worlds();
        SummaryBitSet changedSet = transforms.changedSlots();
        long[] changed = changedSet.words();
        long[] dirtyChunks = items.dirtyChunks().words();
        int[] nodeSlot = items.nodeSlotArray();
        int[] dirty = items.boundsDirtyArray();
        float[] localCenter = items.localCenterArray();
        float[] localHalf = items.localHalfArray();
        float[] worldCenter = items.worldCenterArray();
        float[] worldHalf = items.worldHalfArray();
        // stays 0 while every box is finite, NaN from the first that is not
        float probe = 0f;
        for (int start = from, end; start < to; start = end) {
            int chunk = start >>> 6;
            end = Math.min(to, (chunk + 1) << 6);
            boolean marked = chunk >>> 6 < dirtyChunks.length && (dirtyChunks[chunk >>> 6] & (1L << chunk)) != 0;
            if (!visitAll && !marked && !BitRanges.anySet(changedSet, slotMin[chunk], slotMax[chunk])) {
                continue;
            }
            if (marked || parentsChanged) {
                copyInGraph(start, end, parentsChanged);
            }
            int lowest = Integer.MAX_VALUE;
            int highest = Integer.MIN_VALUE;
            for (int i = start; i < end; i++) {
                int slot = nodeSlot[i];
                if (slot == Index.NONE) {
                    continue;
                }
                lowest = Math.min(lowest, slot);
                highest = Math.max(highest, slot);
                boolean moved = (changed[slot >>> 6] & (1L << slot)) != 0;
                if (!all && !moved && dirty[i] == 0) {
                    continue;
                }
                dirty[i] = 0;
                stamps[i] = pass;
                chunks.mark(i);
                int w = LaneBlocks.base(slot, TransformStore.MATRIX_WIDTH);
                int o = i * 3;
                float cx = localCenter[o];
                float cy = localCenter[o + 1];
                float cz = localCenter[o + 2];
                float hx = localHalf[o];
                float hy = localHalf[o + 1];
                float hz = localHalf[o + 2];
                worldCenter[o] = m[w] * cx + m[w + 3 * L] * cy + m[w + 6 * L] * cz + m[w + 9 * L];
                worldCenter[o + 1] = m[w + L] * cx + m[w + 4 * L] * cy + m[w + 7 * L] * cz + m[w + 10 * L];
                worldCenter[o + 2] = m[w + 2 * L] * cx + m[w + 5 * L] * cy + m[w + 8 * L] * cz + m[w + 11 * L];
                probe += (worldCenter[o] + worldCenter[o + 1] + worldCenter[o + 2]) * 0f;
                if (hx == Float.POSITIVE_INFINITY || hy == Float.POSITIVE_INFINITY || hz == Float.POSITIVE_INFINITY) {
                    worldHalf[o] = Float.POSITIVE_INFINITY;
                    worldHalf[o + 1] = Float.POSITIVE_INFINITY;
                    worldHalf[o + 2] = Float.POSITIVE_INFINITY;
                    continue;
                }
                worldHalf[o] = Math.abs(m[w]) * hx + Math.abs(m[w + 3 * L]) * hy
                        + Math.abs(m[w + 6 * L]) * hz;
                worldHalf[o + 1] = Math.abs(m[w + L]) * hx + Math.abs(m[w + 4 * L]) * hy
                        + Math.abs(m[w + 7 * L]) * hz;
                worldHalf[o + 2] = Math.abs(m[w + 2 * L]) * hx + Math.abs(m[w + 5 * L]) * hy
                        + Math.abs(m[w + 8 * L]) * hz;
                probe += (worldHalf[o] + worldHalf[o + 1] + worldHalf[o + 2]) * 0f;
            }
            slotMin[chunk] = lowest;
            slotMax[chunk] = highest;
        }
        if (probe != 0f) {
            nonFiniteSeen = true;
        }
    }

    /**
     * Copies the node's in-graph flag into each attached item of {@code [start, end)} marked dirty (new to its node),
     * or into every one: outside the box loop, which a still graph leaves as it was.
     */
    private void copyInGraph(int start, int end, boolean everyItem) {
        int[] nodeSlot = items.nodeSlotArray();
        int[] dirty = items.boundsDirtyArray();
        int[] inGraph = items.inGraphArray();
        for (int i = start; i < end; i++) {
            int slot = nodeSlot[i];
            if (slot != Index.NONE && (everyItem || dirty[i] != 0)) {
                inGraph[i] = transforms.isInGraph(slot) ? 1 : 0;
            }
        }
    }

    /**
     * Checks each item's in-graph bit ({@link ItemStore#inGraphArray}): 0 for a detached item; for an attached one
     * whose box the last bounds pass left current (not marked since), its node's in-graph flag, once no transform pass
     * ran after that bounds pass ({@code current}).
     *
     * @throws IllegalStateException naming the first item whose bit is wrong
     */
    void validate(int itemCount, boolean current) {
        int[] nodeSlot = items.nodeSlotArray();
        int[] dirty = items.boundsDirtyArray();
        int[] inGraph = items.inGraphArray();
        for (int i = 0; i < itemCount; i++) {
            int slot = nodeSlot[i];
            boolean expected;
            if (slot == Index.NONE) {
                expected = false;
            } else if (current && dirty[i] == 0) {
                expected = transforms.isInGraph(slot);
            } else {
                continue;
            }
            if ((inGraph[i] != 0) != expected) {
                throw new IllegalStateException("item at global index " + i + " keeps in-graph bit " + inGraph[i]
                        + " but " + (slot == Index.NONE ? "is detached" : "its node in slot " + slot + " is "
                        + (expected ? "" : "not ") + "in the graph"));
            }
        }
    }
}
