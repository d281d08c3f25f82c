package io.flatscene.core.scene.frame;

import io.flatscene.core.container.Index;
import io.flatscene.core.container.SummaryBitSet;
import io.flatscene.core.parallel.WorkerPool;
import io.flatscene.core.scene.store.BandAllocator;
import io.flatscene.core.scene.store.TransformStore;

import static io.flatscene.core.scene.store.TransformStore.DIRTY;
import static io.flatscene.core.scene.store.TransformStore.INHERIT_ORIENTATION;
import static io.flatscene.core.scene.store.TransformStore.INHERIT_SCALE;
import static io.flatscene.core.scene.store.TransformStore.IN_GRAPH;
import static io.flatscene.core.scene.store.TransformStore.MIRRORED;

/**
 * The transform pass: recomputes the world matrix (and the in-graph and mirrored bits) of every node that is dirty or
 * whose parent was recomputed in this pass, band by band, and publishes the recomputed slots in the store's changed
 * set. Each node reads only its own data and its parent's finished matrix, so the result is the same for any number
 * of workers and for either way of visiting a band.
 *
 * <p>Per band, the work follows what changed:
 * <ul>
 *   <li>no dirty node and no recomputed parent: the band is skipped, so a still scene costs one check per band;</li>
 *   <li>no recomputed parent and few dirty nodes (under a quarter of the band): the dirty nodes alone are visited,
 *       found through the dirty bitset's words, so one moved node costs one matrix and a few word reads;</li>
 *   <li>otherwise a sweep of the band: a node is recomputed when it is dirty or its parent's changed bit is set.
 *       Large bands are split across the workers in shares aligned to 64 slots, so no two workers write one word of
 *       a bitset; one barrier per band.</li>
 * </ul>
 * A static node's parent is static or at depth 0 (the scene enforces it), so below depth 1 a static band looks only
 * at the static band above it: a static subtree costs nothing per frame until one of its nodes changes.
 */
final class TransformPass {
    /** Bands smaller than this run on the caller's thread: splitting them costs more than it saves. */
    private static final int PARALLEL_BAND = 16_384;
    /** A band whose dirty nodes are fewer than its size over this is visited node by node, not swept. */
    private static final int SPARSE_FRACTION = 4;

    private final TransformStore store;
    private BandShares shares;
    /** The store's arrays, read once a pass: nothing grows the store while the pass runs. */
    private float[] position;
    private float[] orientation;
    private float[] scale;
    private float[] world;
    private int[] flags;
    private int[] parentSlot;
    private int graphRoot;

    TransformPass(TransformStore store) {
        this.store = store;
    }

    /** @return the number of world matrices recomputed */
    int run(WorkerPool pool) {
        BandAllocator bands = store.bands();
        store.setUpdating(true);
        try {
            store.openChangedSet();
            position = store.positions();
            orientation = store.orientations();
            scale = store.scales();
            world = store.worlds();
            flags = store.flags();
            parentSlot = store.parentSlots();
            graphRoot = store.graphRoot();
            int updated = 0;
            for (int band = 0; band < bands.bands(); band++) {
                boolean parentsChanged = parentsChanged(bands, band);
                if (!bands.isDirty(band) && !parentsChanged) {
                    bands.passed(band, false);
                    continue;
                }
                store.refreshParentSlots(band);
                int size = bands.end(band) - bands.start(band);
                int changed = !parentsChanged && bands.dirtyCount(band) < size / SPARSE_FRACTION
                        ? updateDirty(band >>> 1, bands.start(band), bands.end(band))
                        : sweepBand(bands, band, parentsChanged, pool);
                bands.passed(band, changed > 0);
                updated += changed;
            }
            store.publishChangedSet();
            return updated;
        } finally {
            store.setUpdating(false);
        }
    }

    /** Whether a band its nodes' parents may live in changed in this pass. */
    private static boolean parentsChanged(BandAllocator bands, int band) {
        int depth = band >>> 1;
        if (depth == 0) {
            return false;
        }
        boolean isStaticBand = (band & 1) != 0;
        int parentStatic = 2 * (depth - 1) + 1;
        if (isStaticBand && depth > 1) {
            return bands.changed(parentStatic);
        }
        return bands.changed(parentStatic - 1) || bands.changed(parentStatic);
    }

    /** Recomputes the dirty nodes of slots {@code [from, to)}, none of whose parents changed in this pass. */
    private int updateDirty(int depth, int from, int to) {
        SummaryBitSet dirty = store.dirtySlots();
        SummaryBitSet changed = store.changedSlots();
        int count = 0;
        for (int slot = dirty.nextSetBit(from, to); slot != Index.NONE; slot = dirty.nextSetBit(slot + 1, to)) {
            recompute(depth, slot);
            changed.set(slot);
            count++;
        }
        dirty.clear(from, to);
        return count;
    }

    private int sweepBand(BandAllocator bands, int band, boolean parentsChanged, WorkerPool pool) {
        int start = bands.start(band);
        int end = bands.end(band);
        int changed;
        if (pool.size() == 1 || end - start < PARALLEL_BAND) {
            changed = sweep(band >>> 1, start, end, parentsChanged);
        } else {
            if (shares == null || shares.changed.length != pool.size()) {
                shares = new BandShares(pool.size());
            }
            shares.depth = band >>> 1;
            shares.start = start;
            shares.end = end;
            shares.parentsChanged = parentsChanged;
            pool.run(shares);
            changed = 0;
            for (int count : shares.changed) {
                changed += count;
            }
        }
        store.changedSlots().summarize(start >>> 6, (end + 63) >>> 6);
        return changed;
    }

    /** One band's share per worker; made once and reused, so a parallel pass allocates nothing. */
    private final class BandShares implements WorkerPool.Task {
        final int[] changed;
        int depth;
        int start;
        int end;
        boolean parentsChanged;

        BandShares(int workers) {
            changed = new int[workers];
        }

        @Override
        public void run(int worker, int workers) {
            changed[worker] = sweep(depth, boundary(worker, workers), boundary(worker + 1, workers), parentsChanged);
        }

        /** Where share {@code k} starts: a multiple of 64 inside the band, so shares never split a bitset word. */
        private int boundary(int k, int workers) {
            if (k == 0) {
                return start;
            }
            if (k == workers) {
                return end;
            }
            int even = start + WorkerPool.shareStart(end - start, k, workers);
            return Math.min(end, (even + 63) & -64);
        }
    }

    /**
     * Recomputes the nodes of slots {@code [from, to)} that are dirty or whose parent changed, writing the changed
     * set's words directly (a word at a time; the caller restores the summary) and clearing the range's dirty bits.
     */
    private int sweep(int depth, int from, int to, boolean parentsChanged) {
        int[] flags = this.flags;
        int[] parentSlot = this.parentSlot;
        long[] changedWords = store.changedSlots().words();
        boolean readParents = depth > 0 && parentsChanged;
        int count = 0;
        int slot = from;
        while (slot < to) {
            int wordEnd = Math.min(to, (slot | 63) + 1);
            long bits = 0L;
            for (; slot < wordEnd; slot++) {
                boolean stale = (flags[slot] & DIRTY) != 0;
                if (!stale && readParents) {
                    int parent = parentSlot[slot];
                    stale = (changedWords[parent >>> 6] & (1L << parent)) != 0;
                }
                if (stale) {
                    recompute(depth, slot);
                    bits |= 1L << slot;
                    count++;
                }
            }
            if (bits != 0L) {
                changedWords[(slot - 1) >>> 6] |= bits;
            }
        }
        store.dirtySlots().clear(from, to);
        return count;
    }

    /** Recomputes one node's world matrix and its in-graph and mirrored bits, and clears its dirty flag. */
    private void recompute(int depth, int slot) {
        int f = flags[slot];
        boolean inGraph;
        boolean mirrored;
        if (depth == 0) {
            TransformKernels.writeLocal(position, orientation, scale, world, slot);
            inGraph = store.idAt(slot) == graphRoot;
            mirrored = TransformKernels.scaleMirrors(scale, slot);
        } else {
            int parent = parentSlot[slot];
            int parentFlags = flags[parent];
            inGraph = (parentFlags & IN_GRAPH) != 0;
            if ((f & (INHERIT_ORIENTATION | INHERIT_SCALE)) == (INHERIT_ORIENTATION | INHERIT_SCALE)) {
                TransformKernels.writePlainChild(position, orientation, scale, world, slot, parent);
                // a rotation never mirrors, so down a plain matrix chain the sign of the determinant is the parent's
                // times the node's scale's
                mirrored = ((parentFlags & MIRRORED) != 0) != TransformKernels.scaleMirrors(scale, slot);
            } else {
                TransformKernels.writeChild(position, orientation, scale, world, slot, parent,
                        (f & INHERIT_ORIENTATION) != 0, (f & INHERIT_SCALE) != 0);
                // splitting the parent (partial inheritance) needs the real determinant
                mirrored = TransformKernels.linearDeterminant(world, slot) < 0f;
            }
        }
        flags[slot] = (f & ~(DIRTY | IN_GRAPH | MIRRORED)) | (inGraph ? IN_GRAPH : 0) | (mirrored ? MIRRORED : 0);
    }
}
