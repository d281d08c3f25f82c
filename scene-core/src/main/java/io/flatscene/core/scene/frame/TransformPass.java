package io.flatscene.core.scene.frame;

import io.flatscene.core.container.Index;
import io.flatscene.core.container.SummaryBitSet;
import io.flatscene.core.container.SummaryByteSet;
import io.flatscene.core.layout.LaneBlocks;
import io.flatscene.core.parallel.WorkerPool;
import io.flatscene.core.scene.store.BandAllocator;
import io.flatscene.core.scene.store.TransformStore;
import java.util.Arrays;

import static io.flatscene.core.scene.frame.TransformKernels.BLOCK;
import static io.flatscene.core.scene.frame.TransformKernels.PLAIN;
import static io.flatscene.core.scene.store.TransformStore.HIDDEN;
import static io.flatscene.core.scene.store.TransformStore.INHERIT_ORIENTATION;
import static io.flatscene.core.scene.store.TransformStore.INHERIT_SCALE;
import static io.flatscene.core.scene.store.TransformStore.IN_GRAPH;
import static io.flatscene.core.scene.store.TransformStore.MIRRORED;
import static io.flatscene.core.scene.store.TransformStore.SHOWN;

/**
 * The transform pass: recomputes the world matrix (and the in-graph and mirrored bits) of every node that is dirty or
 * whose parent was recomputed in this pass, band by band, and publishes the recomputed slots in the store's changed
 * set. Each node reads only its own data and its parent's finished matrix, so the result is the same for any number
 * of workers and for either way of visiting a band.
 *
 * <p>Per band, the work follows what changed:
 * <ul>
 *   <li>no dirty bit in the band's range (found through the dirty set's summary) and no recomputed parent: the
 *       band is skipped, so a still scene costs a few reads per band;</li>
 *   <li>no recomputed parent and few marked words (under a quarter of the band's): the dirty bits alone are
 *       visited, so one moved node costs one matrix;</li>
 *   <li>otherwise a sweep of the band, a 64-slot word at a time. A word none of whose parents changed (the store
 *       keeps the range of its parent slots, and the changed set has no bit in it) and whose dirty word is zero is
 *       passed over whole; in any other word a node is recomputed when it is dirty or its parent's changed bit is
 *       set, below depth 0 a block of eight at a time, or a run of a family's whole blocks in one kernel call (see
 *       {@link #recomputeFamilyRun}, {@link #recomputeBlock} and the {@link PlainBlockKernel}). Large bands are
 *       split across the workers in shares aligned to 64 slots, so no two workers write one word of a bitset; one
 *       barrier per band.</li>
 * </ul>
 * A static node's parent is static or at depth 0 (the scene enforces it), so below depth 1 a static band looks only
 * at the static band above it: a static subtree costs nothing per frame until one of its nodes changes. The deep bands
 * (depth {@link TransformStore#DEEP} and below), which hold parents and children together, are walked node by node,
 * parents first, on the caller's thread ({@link #updateDeep}).
 */
final class TransformPass {
    /** Bands smaller than this run on the caller's thread: splitting them costs more than it saves. */
    private static final int PARALLEL_BAND = 16_384;
    /** A band with fewer marked dirty words than its words over this has its dirty bits visited alone, not swept. */
    private static final int SPARSE_FRACTION = 4;
    private static final int LANES = LaneBlocks.LANES;

    private final TransformStore store;
    private final PlainBlockKernel blockKernel;
    private BandShares shares;
    /** The deep walk's path and done marks, one a deep slot: kept, so that once grown the pass allocates nothing. */
    private int[] deepPath = new int[0];
    private long[] deepDone = new long[0];
    /** The store's arrays, read once a pass: nothing grows the store while the pass runs. */
    private float[] position;
    private float[] orientation;
    private float[] scale;
    private float[] world;
    private int[] flags;
    private int[] parentSlot;
    private int graphRoot;

    TransformPass(TransformStore store, PlainBlockKernel blockKernel) {
        this.store = store;
        this.blockKernel = blockKernel;
    }

    /** @return the number of world matrices recomputed */
    int run(WorkerPool pool) {
        BandAllocator bands = store.bands();
        store.openChangedSet();
        position = store.positions();
        orientation = store.orientations();
        scale = store.scales();
        world = store.worlds();
        flags = store.flags();
        parentSlot = store.parentSlots();
        graphRoot = store.graphRoot();
        SummaryByteSet dirty = store.dirtySlots();
        int updated = 0;
        for (int band = 0; band < Math.min(bands.bands(), TransformStore.DEEP_BAND); band++) {
            int start = bands.start(band);
            int end = bands.end(band);
            boolean parentsChanged = parentsChanged(bands, band);
            if (!parentsChanged && dirty.nextSetBit(start, end) == Index.NONE) {
                bands.passed(band, false);
                continue;
            }
            store.refreshParentSlots(band);
            int firstWord = start >>> 6;
            int endWord = (end + 63) >>> 6;
            int changed = !parentsChanged
                    && dirty.markedWords(firstWord, endWord) < (endWord - firstWord) / SPARSE_FRACTION
                    ? updateDirty(band >>> 1, start, end)
                    : sweepBand(bands, band, parentsChanged, pool);
            dirty.clear(start, end);
            bands.passed(band, changed > 0);
            updated += changed;
        }
        if (bands.bands() > TransformStore.DEEP_BAND) {
            updated += updateDeep(bands, dirty);
        }
        store.publishChangedSet();
        return updated;
    }

    /**
     * Recomputes the stale nodes of the deep bands, the last two, where a parent may lie at any slot of either: each
     * node that is not yet done climbs through its undone ancestors in the deep bands, then the climbed path is
     * computed parents first. So every node is visited once, any depth costs no recursion, and a node's changed bit is
     * set (in the word, at once) before any of its children reads it.
     */
    private int updateDeep(BandAllocator bands, SummaryByteSet dirty) {
        int first = TransformStore.DEEP_BAND;
        int start = bands.start(first);
        int end = bands.total();
        boolean parentsChanged = bands.changed(first - 2) || bands.changed(first - 1);
        int count = 0;
        if (parentsChanged || dirty.nextSetBit(start, end) != Index.NONE) {
            for (int band = first; band < bands.bands(); band++) {
                store.refreshParentSlots(band);
            }
            count = walkDeep(start, end, dirty);
            store.changedSlots().summarize(start >>> 6, (end + 63) >>> 6);
            dirty.clear(start, end);
        }
        for (int band = first; band < bands.bands(); band++) {
            bands.passed(band, count > 0);
        }
        return count;
    }

    private int walkDeep(int start, int end, SummaryByteSet dirty) {
        int length = end - start;
        if (deepPath.length < length) {
            deepPath = new int[length];
            deepDone = new long[(length + 63) >>> 6];
        }
        int[] path = deepPath;
        long[] done = deepDone;
        Arrays.fill(done, 0, (length + 63) >>> 6, 0L);
        long[] changedWords = store.changedSlots().words();
        int count = 0;
        for (int slot = start; slot < end; slot++) {
            int top = 0;
            // parents of deep nodes are never NONE, and a parent outside the deep bands lies before them
            for (int node = slot; node >= start && !isSet(done, node - start); node = parentSlot[node]) {
                done[(node - start) >>> 6] |= 1L << (node - start);
                path[top++] = node;
            }
            while (top > 0) {
                int node = path[--top];
                if (dirty.get(node) || isSet(changedWords, parentSlot[node])) {
                    recompute(TransformStore.DEEP, node);
                    changedWords[node >>> 6] |= 1L << node;
                    count++;
                }
            }
        }
        return count;
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

    /**
     * Recomputes the dirty nodes of slots {@code [from, to)}, none of whose parents changed in this pass, found through
     * the dirty set's summary.
     */
    private int updateDirty(int depth, int from, int to) {
        SummaryByteSet dirty = store.dirtySlots();
        SummaryBitSet changed = store.changedSlots();
        int count = 0;
        for (int slot = dirty.nextSetBit(from, to); slot != Index.NONE; slot = dirty.nextSetBit(slot + 1, to)) {
            recompute(depth, slot);
            changed.set(slot);
            count++;
        }
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
            // shares meet at multiples of 64 slots, so no two workers write one word of a bitset
            changed[worker] = sweep(depth, WorkerPool.alignedShareStart(start, end, worker, workers, 64),
                    WorkerPool.alignedShareStart(start, end, worker + 1, workers, 64), parentsChanged);
        }
    }

    /**
     * Recomputes the nodes of slots {@code [from, to)} that are dirty or whose parent changed, writing the changed
     * set's words directly (a word at a time; the caller restores the summary).
     */
    private int sweep(int depth, int from, int to, boolean parentsChanged) {
        int[] parentSlot = this.parentSlot;
        SummaryBitSet changedSet = store.changedSlots();
        long[] changedWords = changedSet.words();
        SummaryByteSet dirty = store.dirtySlots();
        int[] parentMin = store.wordParentMins();
        int[] parentMax = store.wordParentMaxes();
        boolean readParents = depth > 0 && parentsChanged;
        int count = 0;
        int slot = from;
        while (slot < to) {
            int w = slot >>> 6;
            int wordEnd = Math.min(to, (slot | 63) + 1);
            // parents lie in earlier bands, whose changed words were summarized when their pass ended
            boolean parentsMaybe = readParents
                    && BitRanges.anySet(changedSet, parentMin[w], parentMax[w]);
            long dirtyBits = dirty.word(w);
            if (!parentsMaybe && dirtyBits == 0L) {
                // neither a parent of this word changed nor a node of it is dirty
                slot = wordEnd;
                continue;
            }
            long bits = 0L;
            while (slot < wordEnd) {
                if (depth > 0 && (slot & (LANES - 1)) == 0 && slot + LANES <= wordEnd) {
                    int run = recomputeFamilyRun(slot, (wordEnd - slot) / LANES, dirtyBits, parentsMaybe,
                            changedWords);
                    if (run > 0) {
                        int lanes = run * LANES;
                        bits |= (lanes == Long.SIZE ? -1L : (1L << lanes) - 1) << slot;
                        count += lanes;
                        slot += lanes;
                        continue;
                    }
                    int stale = recomputeBlock(depth, slot, (int) (dirtyBits >>> slot) & BLOCK, parentsMaybe,
                            changedWords);
                    bits |= (long) stale << slot;
                    count += Integer.bitCount(stale);
                    slot += LANES;
                    continue;
                }
                boolean stale = (dirtyBits & (1L << slot)) != 0L;
                if (!stale && parentsMaybe) {
                    int parent = parentSlot[slot];
                    stale = (changedWords[parent >>> 6] & (1L << parent)) != 0;
                }
                if (stale) {
                    recompute(depth, slot);
                    bits |= 1L << slot;
                    count++;
                }
                slot++;
            }
            if (bits != 0L) {
                changedWords[(slot - 1) >>> 6] |= bits;
            }
        }
        return count;
    }

    /**
     * Recomputes, below depth 0, the run of whole blocks from {@code first} (at most {@code maxBlocks}, within one
     * word) that are one family and wholly stale: every lane dirty, or the family's parent recomputed in this pass.
     * One kernel call for the run, where {@link #recomputeBlock} would make one a block.
     *
     * @return the blocks recomputed; 0 when the block at {@code first} is not such a block
     */
    private int recomputeFamilyRun(int first, int maxBlocks, long dirtyBits, boolean parentsMaybe,
                                   long[] changedWords) {
        int parent = parentSlot[first];
        // the blocks from first whose eight dirty bits are all set: the run of ones, in whole blocks
        int blocks = parentsMaybe && isSet(changedWords, parent) ? maxBlocks
                : Math.min(maxBlocks, Long.numberOfTrailingZeros(~(dirtyBits >>> first)) / LANES);
        return blocks == 0 ? 0 : blockKernel.writeFamilyRun(position, orientation, scale, world, flags, parentSlot,
                first, blocks, parent);
    }

    /**
     * Recomputes the stale nodes of the block of eight slots from {@code first}, below depth 0. When all eight inherit
     * orientation and scale from at most two parents, the first lanes' and the last lanes' (siblings lie together, so
     * a block holds the end of one family and the start of the next), the block kernel computes them at once, and
     * the lanes of the parent of fewer are then recomputed one by one; otherwise every stale lane is computed one by
     * one. The block kernel writes all eight matrices, and a node that is not stale gets the bits it holds: its
     * parent's matrix and its own local transform are those it was last computed from, by the same arithmetic.
     *
     * @param dirtyLanes the block's dirty bits, bit {@code i} for slot {@code first + i}
     * @return the stale lanes, bit {@code i} for slot {@code first + i}
     */
    private int recomputeBlock(int depth, int first, int dirtyLanes, boolean parentsMaybe, long[] changedWords) {
        if (dirtyLanes == 0 && !parentsMaybe) {
            return 0;
        }
        int[] flags = this.flags;
        int[] parentSlot = this.parentSlot;
        int parent = parentSlot[first];
        // were the block one family, every lane would be stale if the parent changed
        int familyStale = parentsMaybe && isSet(changedWords, parent) ? BLOCK : dirtyLanes;
        if (familyStale != 0 && blockKernel.writeFamilyBlock(position, orientation, scale, world, flags, parentSlot,
                first, parent, familyStale)) {
            return familyStale;
        }
        int otherParent = parentSlot[first + LANES - 1];
        // without a branch per lane: the lanes whose parent is not the first lane's, and not the last lane's
        int plain = PLAIN;
        int notFirst = 0;
        int notLast = 0;
        for (int lane = 0; lane < LANES; lane++) {
            int p = parentSlot[first + lane];
            plain &= flags[first + lane];
            notFirst |= (p != parent ? 1 : 0) << lane;
            notLast |= (p != otherParent ? 1 : 0) << lane;
        }
        int split = Math.min(LANES, Integer.numberOfTrailingZeros(notFirst));
        // two parents at most, each on a run of lanes: the first lane's on lanes [0, split), the last's on the rest
        boolean blockable = plain == PLAIN && (notFirst & notLast) == 0 && notFirst == (BLOCK & (-1 << split));
        if (!blockable) {
            int stale = parentsMaybe ? dirtyLanes | changedParentLanes(first, changedWords) : dirtyLanes;
            for (int lanes = stale; lanes != 0; lanes &= lanes - 1) {
                recompute(depth, first + Integer.numberOfTrailingZeros(lanes));
            }
            return stale;
        }
        int firstLanes = (1 << split) - 1;
        int stale = dirtyLanes;
        if (parentsMaybe) {
            stale |= (isSet(changedWords, parent) ? firstLanes : 0)
                    | (isSet(changedWords, otherParent) ? BLOCK & ~firstLanes : 0);
        }
        if (stale == 0) {
            return 0;
        }
        // the block kernel computes every lane with the parent of most; the other parent's lanes are then redone
        int majority = split >= LANES - split ? parent : otherParent;
        blockKernel.writeBlock(position, orientation, scale, world, first, majority);
        if (split < LANES) {
            boolean redoLast = majority == parent;
            int minority = redoLast ? otherParent : parent;
            for (int lane = redoLast ? split : 0, end = redoLast ? LANES : split; lane < end; lane++) {
                TransformKernels.writePlainChild(position, orientation, scale, world, first + lane, minority);
            }
        }
        int parentFlags = flags[parent];
        int otherFlags = flags[otherParent];
        for (int lanes = stale; lanes != 0; lanes &= lanes - 1) {
            int lane = Integer.numberOfTrailingZeros(lanes);
            int slot = first + lane;
            flags[slot] = TransformKernels.plainChildFlags(flags[slot], lane < split ? parentFlags : otherFlags);
        }
        return stale;
    }

    /** The lanes of the block from {@code first} whose parent was recomputed in this pass. */
    private int changedParentLanes(int first, long[] changedWords) {
        int lanes = 0;
        for (int lane = 0; lane < LANES; lane++) {
            lanes |= isSet(changedWords, parentSlot[first + lane]) ? 1 << lane : 0;
        }
        return lanes;
    }

    private static boolean isSet(long[] words, int bit) {
        return (words[bit >>> 6] & (1L << bit)) != 0L;
    }

    /** Recomputes one node's world matrix and its in-graph and mirrored bits. */
    private void recompute(int depth, int slot) {
        int f = flags[slot];
        if (depth == 0) {
            TransformKernels.writeLocal(position, orientation, scale, world, slot);
            boolean inGraph = store.idAt(slot) == graphRoot;
            flags[slot] = (f & ~(IN_GRAPH | MIRRORED | SHOWN)) | (inGraph ? IN_GRAPH : 0)
                    | (inGraph && (f & HIDDEN) == 0 ? SHOWN : 0) | ((f >>> 1) & MIRRORED);
            return;
        }
        int parent = parentSlot[slot];
        int parentFlags = flags[parent];
        if ((f & PLAIN) == PLAIN) {
            TransformKernels.writePlainChild(position, orientation, scale, world, slot, parent);
            flags[slot] = TransformKernels.plainChildFlags(f, parentFlags);
            return;
        }
        TransformKernels.writeChild(position, orientation, scale, world, slot, parent,
                (f & INHERIT_ORIENTATION) != 0, (f & INHERIT_SCALE) != 0);
        // splitting the parent (partial inheritance) needs the real determinant
        boolean mirrored = TransformKernels.linearDeterminant(world, slot) < 0f;
        flags[slot] = TransformKernels.childGraphFlags(f, parentFlags) | (mirrored ? MIRRORED : 0);
    }
}
