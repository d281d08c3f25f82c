package io.flatscene.core.scene.frame;

import io.flatscene.core.container.Index;
import io.flatscene.core.parallel.WorkerPool;
import io.flatscene.core.scene.store.ItemStore;
import java.util.Arrays;

/**
 * Gathers each instance's item, slot and key in draw order and cuts runs of equal (group, transparency, mirroring,
 * mesh, material) into batches, in two steps. First, by parts of whole words of 64 instances (one per worker, each
 * worker's {@link WorkerPool#alignedShareStart}), each instance's item and slot are gathered and a bit is set where a
 * batch starts: where the key's batch bits differ from the instance before ({@link SortKeys#batchBits}), or, when
 * some id is {@link SortKeys#wide}, the full mesh or material id does. A part's first instance is compared with
 * the one before it after every part is gathered, since another worker writes that one. Then one thread walks the set
 * bits, a read per 64 instances and a write per batch. A parallel cull gathers each part right after merging it, in
 * the same task ({@link #gatherPart}); other culls call {@link #run}.
 */
final class BatchBuilder {
    /** Below this many instances the gather runs on the caller's thread: a barrier costs more than it saves. */
    private static final int PARALLEL_INSTANCES = 65_536;

    private final ItemStore items;
    /** Bit {@code i} is set when instance {@code i} starts a batch; a word a share's 64 instances. */
    private long[] batchStarts = new long[0];
    private final WorkerPool.Task gatherTask = this::gatherPart;
    // the run a worker pool is gathering; the task is made once, so a parallel run allocates nothing
    private CullScratch sorted;
    private DrawList out;
    private int visible;
    private boolean wideIds;

    BatchBuilder(ItemStore items) {
        this.items = items;
    }

    void run(CullScratch sorted, int visible, boolean wideIds, DrawList out, WorkerPool pool) {
        begin(sorted, visible, wideIds, out);
        if (pool.size() > 1 && visible >= PARALLEL_INSTANCES) {
            pool.run(gatherTask);
            finish(pool.size());
        } else {
            gather(0, visible);
            finish(1);
        }
    }

    /**
     * Readies a gather, by parts, of the first {@code visible} instances: their keys sorted in {@code out}'s key array,
     * each key's item in {@code sorted}'s order (none: in place in {@code out} already).
     */
    void begin(CullScratch sorted, int visible, boolean wideIds, DrawList out) {
        ensureCapacity(visible);
        this.sorted = sorted;
        this.out = out;
        this.visible = visible;
        this.wideIds = wideIds;
    }

    /** Gathers worker {@code worker}'s part of the instances, as {@link #begin} set them, on the worker's thread. */
    void gatherPart(int worker, int workers) {
        gather(WorkerPool.alignedShareStart(0, visible, worker, workers, 64),
                WorkerPool.alignedShareStart(0, visible, worker + 1, workers, 64));
    }

    /** Once the {@code workers} parts are gathered: compares each part's first instance, then cuts the batches. */
    void finish(int workers) {
        DrawList list = out;
        for (int w = 1; w < workers; w++) {
            int first = WorkerPool.alignedShareStart(0, visible, w, workers, 64);
            // a part that starts at 0 or holds nothing compared its first instance itself, or has none
            if (first > 0 && first < visible && startsBatch(SortKeys.batchBits(list.keys[first]),
                    SortKeys.batchBits(list.keys[first - 1]), wideIds, items.meshIdArray(),
                    items.materialIdArray(), list.items[first], list.items[first - 1])) {
                batchStarts[first >>> 6] |= 1L;
            }
        }
        this.sorted = null;
        this.out = null;
        cut(visible, list);
    }

    /**
     * Cuts {@code out}'s first {@code visible} instances into batches where they already are, in draw order (an
     * incremental cull merged them there): the gather's batch-start pass with nothing to move.
     */
    void cutInPlace(int visible, boolean wideIds, DrawList out, WorkerPool pool) {
        run(null, visible, wideIds, out, pool);
    }

    private void ensureCapacity(int visible) {
        int words = (visible + 63) >>> 6;
        if (batchStarts.length < words) {
            batchStarts = Arrays.copyOf(batchStarts, Math.max(words, batchStarts.length * 2));
        }
    }

    /**
     * Whether an instance after the first starts a batch: its key's batch bits differ from the instance before's, or,
     * when ids may not fit their key bits, its mesh or material id does.
     */
    private static boolean startsBatch(long bits, long previousBits, boolean compareIds, int[] mesh, int[] material,
                                       int item, int previousItem) {
        return bits != previousBits || compareIds
                && (mesh[item] != mesh[previousItem] || material[item] != material[previousItem]);
    }

    /**
     * Gathers instances {@code [from, to)} and writes their batch-start bits, but {@code from}'s unless it is 0 (see
     * {@link #finish}); {@code from} is a multiple of 64. With no sorted scratch, the instances are already in place:
     * each is copied onto itself, and the order is the identity.
     */
    private void gather(int from, int to) {
        int[] mesh = items.meshIdArray();
        int[] material = items.materialIdArray();
        boolean inPlace = sorted == null;
        int[] order = inPlace ? null : sorted.order;
        int[] nodeSlot = items.nodeSlotArray();
        long[] keys = out.keys;
        int[] outItems = out.items;
        int[] outSlots = out.slots;
        long[] starts = batchStarts;
        boolean compareIds = wideIds;
        int previousItem = Index.NONE;
        long previousBits = 0L;
        long word = 0L;
        for (int i = from; i < to; i++) {
            int item = inPlace ? outItems[i] : order[i];
            outItems[i] = item;
            outSlots[i] = inPlace ? outSlots[i] : nodeSlot[item];
            long bits = SortKeys.batchBits(keys[i]);
            if (i == from ? i == 0 : startsBatch(bits, previousBits, compareIds, mesh, material, item, previousItem)) {
                word |= 1L << i;
            }
            previousBits = bits;
            previousItem = item;
            if ((i & 63) == 63) {
                starts[i >>> 6] = word;
                word = 0L;
            }
        }
        if (from < to && (to & 63) != 0) {
            starts[to >>> 6] = word;
        }
    }

    /** Turns the batch-start bits into batches. */
    private void cut(int visible, DrawList out) {
        int[] mesh = items.meshIdArray();
        int[] material = items.materialIdArray();
        int[] group = items.renderQueueGroupArray();
        int[] transparent = items.transparentArray();
        long[] starts = batchStarts;
        int batches = 0;
        for (int w = 0, words = (visible + 63) >>> 6; w < words; w++) {
            for (long bits = starts[w]; bits != 0L; bits &= bits - 1) {
                int first = (w << 6) + Long.numberOfTrailingZeros(bits);
                int item = out.items[first];
                if (batches > 0) {
                    out.batchInstances[batches - 1] = first - out.batchFirst[batches - 1];
                }
                out.batchMesh[batches] = mesh[item];
                out.batchMaterial[batches] = material[item];
                out.batchGroup[batches] = group[item];
                out.batchTransparent[batches] = transparent[item] != 0;
                out.batchMirrored[batches] = SortKeys.mirrored(out.keys[first]);
                out.batchFirst[batches] = first;
                batches++;
            }
        }
        if (batches > 0) {
            out.batchInstances[batches - 1] = visible - out.batchFirst[batches - 1];
        }
        out.instanceCount = visible;
        out.batchCount = batches;
    }
}
