package io.flatscene.core.scene.frame;

import io.flatscene.core.parallel.WorkerPool;
import io.flatscene.core.scene.store.BandAllocator;
import io.flatscene.core.scene.store.TransformStore;

import static io.flatscene.core.scene.store.TransformStore.BAND_SHIFT;
import static io.flatscene.core.scene.store.TransformStore.CHANGED;
import static io.flatscene.core.scene.store.TransformStore.DIRTY;
import static io.flatscene.core.scene.store.TransformStore.INHERIT_ORIENTATION;
import static io.flatscene.core.scene.store.TransformStore.INHERIT_SCALE;
import static io.flatscene.core.scene.store.TransformStore.IN_GRAPH;
import static io.flatscene.core.scene.store.TransformStore.MIRRORED;

/**
 * The transform pass: recomputes the world matrix (and the in-graph and mirrored bits) of every node that changed or
 * whose parent changed, band by band, large bands split across the pool's workers with one barrier per band. Each
 * node reads only its own data and its parent's finished matrix, so the result is the same for any number of workers.
 *
 * <p>A band is skipped whole when none of its nodes is dirty and no band its parents live in changed in this pass,
 * so a still scene costs one check per band; otherwise a node is recomputed when it is dirty or its parent changed in
 * this pass. A child reads its parent's CHANGED bit only when the parent's own band changed in this pass (a skipped
 * band keeps old bits), so a stale bit is never read. A static node's parent is static or at depth 0 (the scene
 * enforces it), so below depth 1 a static band looks only at the static band above it: a static subtree costs nothing
 * per frame until one of its nodes changes.
 */
final class TransformPass {
    /** Bands smaller than this run on the caller's thread: splitting them costs more than it saves. */
    private static final int PARALLEL_BAND = 16_384;

    private final TransformStore store;
    private BandShares shares;

    TransformPass(TransformStore store) {
        this.store = store;
    }

    /** @return the number of world matrices recomputed */
    int run(WorkerPool pool) {
        BandAllocator bands = store.bands();
        store.setUpdating(true);
        try {
            int updated = 0;
            for (int band = 0; band < bands.bands(); band++) {
                boolean parentsChanged = parentsChanged(bands, band);
                if (!bands.isDirty(band) && !parentsChanged) {
                    bands.passed(band, false);
                    continue;
                }
                int changed = updateBand(bands, band, parentsChanged, pool);
                bands.passed(band, changed > 0);
                updated += changed;
            }
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

    private int updateBand(BandAllocator bands, int band, boolean parentsChanged, WorkerPool pool) {
        int start = bands.start(band);
        int end = bands.end(band);
        if (pool.size() == 1 || end - start < PARALLEL_BAND) {
            return updateRange(band >>> 1, start, end, parentsChanged);
        }
        if (shares == null || shares.changed.length != pool.size()) {
            shares = new BandShares(pool.size());
        }
        shares.depth = band >>> 1;
        shares.start = start;
        shares.end = end;
        shares.parentsChanged = parentsChanged;
        pool.run(shares);
        int changed = 0;
        for (int count : shares.changed) {
            changed += count;
        }
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
            int count = end - start;
            changed[worker] = updateRange(depth, start + WorkerPool.shareStart(count, worker, workers),
                    start + WorkerPool.shareStart(count, worker + 1, workers), parentsChanged);
        }
    }

    private int updateRange(int depth, int from, int to, boolean parentsChanged) {
        BandAllocator bands = store.bands();
        float[] position = store.positions();
        float[] orientation = store.orientations();
        float[] scale = store.scales();
        float[] world = store.worlds();
        int[] flags = store.flags();
        int[] parentId = store.parentIds();
        int[] idAt = store.idsAtSlots();
        int graphRoot = store.graphRoot();
        int changed = 0;
        for (int slot = from; slot < to; slot++) {
            int f = flags[slot];
            int parentSlot = -1;
            boolean stale = (f & DIRTY) != 0;
            if (depth > 0 && (stale || parentsChanged)) {
                parentSlot = store.slotOfId(parentId[slot]);
                int parentFlags = flags[parentSlot];
                stale |= parentsChanged && bands.changed(parentFlags >>> BAND_SHIFT) && (parentFlags & CHANGED) != 0;
            }
            int updatedFlags;
            if (stale) {
                boolean inGraph;
                boolean mirrored;
                if (depth == 0) {
                    TransformKernels.writeLocal(position, orientation, scale, world, slot);
                    inGraph = idAt[slot] == graphRoot;
                    mirrored = TransformKernels.scaleMirrors(scale, slot);
                } else {
                    boolean plainChain = (f & (INHERIT_ORIENTATION | INHERIT_SCALE))
                            == (INHERIT_ORIENTATION | INHERIT_SCALE);
                    TransformKernels.writeChild(position, orientation, scale, world, slot, parentSlot,
                            (f & INHERIT_ORIENTATION) != 0, (f & INHERIT_SCALE) != 0);
                    inGraph = (flags[parentSlot] & IN_GRAPH) != 0;
                    // a rotation never mirrors, so down a plain matrix chain the sign of the determinant is the
                    // parent's times the node's scale's; splitting the parent (partial inheritance) needs the real one
                    mirrored = plainChain
                            ? ((flags[parentSlot] & MIRRORED) != 0) != TransformKernels.scaleMirrors(scale, slot)
                            : TransformKernels.linearDeterminant(world, slot) < 0f;
                }
                updatedFlags = (f & ~(DIRTY | IN_GRAPH | MIRRORED)) | CHANGED | (inGraph ? IN_GRAPH : 0)
                        | (mirrored ? MIRRORED : 0);
                changed++;
            } else {
                updatedFlags = f & ~CHANGED;
            }
            if (updatedFlags != f) {
                flags[slot] = updatedFlags;
            }
        }
        return changed;
    }
}
