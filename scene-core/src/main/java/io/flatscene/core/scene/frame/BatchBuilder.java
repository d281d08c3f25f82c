package io.flatscene.core.scene.frame;

import io.flatscene.core.container.Index;
import io.flatscene.core.parallel.WorkerPool;
import io.flatscene.core.scene.store.ItemStore;
import java.util.Arrays;

/**
 * Gathers each instance's item, slot and key in draw order and cuts runs of equal (group, transparency, mirroring,
 * mesh, material) into batches, in two steps. First, split across the workers in shares of 64 instances, each
 * instance's item and slot are gathered and a bit is set where a batch starts: where the key's batch bits differ
 * from the instance before ({@link SortKeys#batchBits}), or, when some id does not fit its 16 key bits, the full
 * mesh or material id does. Then one thread walks the set bits, a read per 64 instances and a write per batch.
 */
final class BatchBuilder {
    /** Below this many instances the gather runs on the caller's thread: a barrier costs more than it saves. */
    private static final int PARALLEL_INSTANCES = 65_536;

    private final ItemStore items;
    /** Bit {@code i} is set when instance {@code i} starts a batch; a word a share's 64 instances. */
    private long[] batchStarts = new long[0];
    private final WorkerPool.Task gatherTask = this::gatherShare;
    // the run a worker pool is gathering; the task is made once, so a parallel run allocates nothing
    private CullScratch sorted;
    private DrawList out;
    private int visible;
    private boolean wideIds;

    BatchBuilder(ItemStore items) {
        this.items = items;
    }

    void run(CullScratch sorted, int visible, boolean wideIds, DrawList out, WorkerPool pool) {
        ensureCapacity(visible);
        this.sorted = sorted;
        this.out = out;
        this.visible = visible;
        this.wideIds = wideIds;
        if (pool.size() > 1 && visible >= PARALLEL_INSTANCES) {
            pool.run(gatherTask);
        } else {
            gather(0, visible);
        }
        this.sorted = null;
        this.out = null;
        cut(visible, out);
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
     * Whether instance {@code i} starts a batch: the first one, one whose key's batch bits differ from the instance
     * before, or, when ids may not fit their key bits, one whose mesh or material id does.
     */
    private static boolean startsBatch(int i, long bits, long previousBits, boolean compareIds, int[] mesh,
                                       int[] material, int item, int previousItem) {
        return i == 0 || bits != previousBits || compareIds
                && (mesh[item] != mesh[previousItem] || material[item] != material[previousItem]);
    }

    private void gatherShare(int worker, int workers) {
        gather(WorkerPool.alignedShareStart(0, visible, worker, workers, 64),
                WorkerPool.alignedShareStart(0, visible, worker + 1, workers, 64));
    }

    /**
     * Gathers instances {@code [from, to)} and writes their batch-start bits; {@code from} is a multiple of 64. With
     * no sorted scratch, the instances are already in place: each is copied onto itself, and the order is the
     * identity.
     */
    private void gather(int from, int to) {
        int[] mesh = items.meshIdArray();
        int[] material = items.materialIdArray();
        boolean inPlace = sorted == null;
        int[] order = inPlace ? null : sorted.order;
        int[] visibleItems = inPlace ? out.items : sorted.visibleItems;
        int[] visibleSlots = inPlace ? out.slots : sorted.visibleSlots;
        long[] keys = inPlace ? out.keys : sorted.keys;
        int[] outItems = out.items;
        int[] outSlots = out.slots;
        long[] starts = batchStarts;
        boolean compareIds = wideIds;
        // the instance before a share's first is read from the scratch, which no worker writes
        int previousItem = from == 0 ? Index.NONE : visibleItems[inPlace ? from - 1 : order[from - 1]];
        long previousBits = from == 0 ? 0L : SortKeys.batchBits(keys[from - 1]);
        long word = 0L;
        for (int i = from; i < to; i++) {
            int at = inPlace ? i : order[i];
            int item = visibleItems[at];
            outItems[i] = item;
            outSlots[i] = visibleSlots[at];
            long bits = SortKeys.batchBits(keys[i]);
            if (startsBatch(i, bits, previousBits, compareIds, mesh, material, item, previousItem)) {
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
