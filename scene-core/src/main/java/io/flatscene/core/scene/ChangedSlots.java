package io.flatscene.core.scene;

import io.flatscene.core.container.Index;
import io.flatscene.core.scene.store.TransformStore;

/**
 * The transform slots whose world matrix the last transform pass may have changed: what a copy of the world matrices
 * kept by slot (a renderer's buffer on the GPU, say) must read again after {@link SceneManager#update}. Slots are the
 * ones {@link RenderQueue#instanceTransformSlot} names and {@link RenderQueue#worldMatrices} is indexed by.
 *
 * <p>A slot is in the set when the pass recomputed its matrix (the node or an ancestor moved, or the node is new) or
 * when a structural change since the pass before moved another node's data into it (creation, destruction,
 * reparenting, a static toggle). Every other slot below {@link #slotCount} holds the bits it held after the pass
 * before. The set is kept as a bitset with a summary level, so walking it costs in proportion to the changed slots
 * plus one read per 4,096 slots, never a read per slot. It is valid until the next structural change.
 *
 * <p>A live view of the scene, not a copy: each call reads the set as it is now, and is refused, as the scene's own
 * reads are, once the scene is closed or on a thread that does not own the scene.
 */
public final class ChangedSlots {
    private final TransformStore store;
    private final SceneGuard guard;

    ChangedSlots(TransformStore store, SceneGuard guard) {
        this.store = store;
        this.guard = guard;
    }

    /** The store, checked once per call: the transform pass rewrites the set, and a structural change its slots. */
    private TransformStore store() {
        guard.checkAvailable("read the changed slots");
        return store;
    }

    /**
     * The transform passes run so far, the one this set is of included. A copy brought up to date with the set of
     * pass {@code n} is brought up to date with pass {@code n + 1} by that pass's set alone; a copy that missed a
     * pass's set must read every slot again.
     *
     * @return the number of transform passes run so far, this set's included
     */
    public long passCount() {
        return store().changedSets();
    }

    /** {@return the number of slots in use: every changed slot is below it} */
    public int slotCount() {
        return store().size();
    }

    /**
     * {@return whether the slot's world matrix may have changed since the pass before}
     *
     * @param slot a transform slot, 0 to {@code slotCount() - 1}
     * @throws IllegalArgumentException if {@code slot} is outside 0 to {@code slotCount() - 1}
     */
    public boolean isChanged(int slot) {
        TransformStore s = store();
        if (slot < 0 || slot >= s.size()) {
            throw new IllegalArgumentException("slot " + slot + " is outside [0, " + s.size() + ")");
        }
        return s.changedSlots().get(slot);
    }

    /**
     * Finds the next changed slot.
     *
     * @param from the slot to start at; a negative value starts at 0
     * @return the first changed slot at or after {@code from}, or {@link Index#NONE} if none is below
     *         {@link #slotCount}
     */
    public int nextChanged(int from) {
        TransformStore s = store();
        return s.changedSlots().nextSetBit(Math.max(from, 0), s.size());
    }

    /**
     * The end of the run of changed slots that starts at {@code from}: the first unchanged slot after it, or
     * {@link #slotCount}. With {@link #nextChanged} it walks the set as ranges, one upload each.
     *
     * @param from the run's first slot, usually what {@link #nextChanged} returned; a negative value starts at 0
     * @return the first unchanged slot at or after {@code from}, or {@link #slotCount} if there is none
     */
    public int runEnd(int from) {
        TransformStore s = store();
        return s.changedSlots().nextClearBit(Math.max(from, 0), s.size());
    }

    /**
     * Slots {@code 64w} to {@code 64w + 63} as one long, bit {@code i} set when slot {@code 64w + i} changed: for a
     * reader that copies whole groups of slots (the lane blocks of eight).
     *
     * @param w the word's index, 0 to {@code wordCount() - 1}
     * @return the word's 64 changed bits, slot {@code 64w} in the lowest
     * @throws IllegalArgumentException if {@code w} is outside 0 to {@code wordCount() - 1}
     */
    public long word(int w) {
        TransformStore s = store();
        int words = wordCount(s);
        if (w < 0 || w >= words) {
            throw new IllegalArgumentException("word " + w + " is outside [0, " + words + ")");
        }
        return s.changedSlots().words()[w];
    }

    /**
     * Finds the next word that may hold a changed slot, through the summary level.
     *
     * @param from the word to start at; a negative value starts at 0
     * @return the first word at or after {@code from} that may hold a changed slot (it may hold none), or
     *         {@link Index#NONE}
     */
    public int nextChangedWord(int from) {
        TransformStore s = store();
        return s.changedSlots().nextMarkedWord(Math.max(from, 0), wordCount(s) - 1);
    }

    /** {@return the number of 64-slot words covering the slots in use} */
    public int wordCount() {
        return wordCount(store());
    }

    private static int wordCount(TransformStore store) {
        return (store.size() + 63) >>> 6;
    }

    /** {@return how many slots changed, counted over the words the summary marks} */
    public int count() {
        return store().changedSlots().cardinality();
    }
}
