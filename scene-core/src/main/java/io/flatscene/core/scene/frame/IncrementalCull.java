package io.flatscene.core.scene.frame;

import io.flatscene.core.container.LongRadixSort;
import io.flatscene.core.parallel.WorkerPool;
import java.util.Arrays;

/**
 * Brings a queue culled before up to date when nothing but item boxes changed since: the items whose boxes a bounds
 * pass recomputed are found by their stamps and tested again. Those whose instance would not move (visible before
 * and now with the same key and slot, or out of view both times) stay where they are; the rest are sorted among
 * themselves and merged with the queue's other instances, which keep their keys and order. The result is a full
 * cull's: by key, then item, which is the order of a full cull's stable sort. When no instance moves, comes or goes,
 * the queue is left as it was (a top-down view of items moving sideways: their depth, and so their key, stays).
 *
 * <p>Every step but the sort and the settling splits across the frame's workers, each writing its own range of the
 * scratch: the stamps by words of 64 items, the re-tests by equal parts of the changed list, the draw index by item,
 * the queue by equal parts of its instances. Each part of the queue is then merged with the changed instances that
 * sort between its first instance and the next part's, into the output range those two counts fix. So the result is
 * the same for any number of workers.
 */
final class IncrementalCull {
    /** Ints in a cache line: the draw index's shares meet at line bounds, and each worker has a spare line. */
    private static final int INDEX_LINE = 16;
    /** The most incremental culls in a row that skip {@link #settle} after it did not pay. */
    private static final int MAX_SETTLE_BACKOFF = 15;

    private final CullPass cullPass;
    private final CullScratch scratch;
    private final LongRadixSort sort;

    private final WorkerPool.Task collectTask = this::collectShare;
    private final WorkerPool.Task retestTask = this::retestShare;
    private final WorkerPool.Task indexTask = this::indexShare;
    private final WorkerPool.Task keepTask = this::keepShare;
    private final WorkerPool.Task mergeTask = this::mergeShare;

    // the call in progress, for the tasks
    private int[] stamps;
    private int since;
    private int itemCount;
    private int changedCount;
    private int changedVisible;
    private CameraView view;
    private DrawList draws;
    private long retestedAt;
    private boolean instancesKept;

    IncrementalCull(CullPass cullPass, CullScratch scratch, LongRadixSort sort) {
        this.cullPass = cullPass;
        this.scratch = scratch;
        this.sort = sort;
    }

    /**
     * Brings {@code draws} up to date for {@code view}, its last cull's view, from the boxes that the bounds passes
     * after {@code since} recomputed ({@code stamps}). Declines, touching nothing, once more than {@code limit} items
     * changed.
     *
     * @param pool     the frame's workers, for the sort
     * @param parallel whether the other steps split across them, or run on the caller's thread alone
     * @return the queue's new instance count, or -1 where it declined
     */
    int run(CameraView view, int itemCount, DrawList draws, int[] stamps, int since, int limit, WorkerPool pool,
            boolean parallel) {
        int workers = parallel ? pool.size() : 1;
        // the queue's last cull, a full one or one of these, was for itemCount items too: the scratch and the queue
        // have room for them all; only the lists of this cull may not exist yet
        scratch.ensureChangedCapacity(itemCount, workers);
        this.stamps = stamps;
        this.since = since;
        this.itemCount = itemCount;
        this.view = view;
        this.draws = draws;
        try {
            if (!collect(workers, limit, pool, parallel)) {
                return -1;
            }
            retest(workers, pool, parallel);
            instancesKept = draws.settleSkips > 0 ? skipSettle() : settleWithBackoff(workers, pool, parallel);
            int visible = instancesKept ? draws.instanceCount : merge(workers, pool, parallel);
            Arrays.fill(scratch.changedBits, 0, wordCount(itemCount), 0L);
            return visible;
        } finally {
            this.stamps = null;
            this.view = null;
            this.draws = null;
        }
    }

    /** Lists and marks the changed items; false, with every mark cleared, when more than {@code limit} changed. */
    private boolean collect(int workers, int limit, WorkerPool pool, boolean parallel) {
        int[] starts = scratch.changedStarts;
        for (int w = 0; w <= workers; w++) {
            starts[w] = WorkerPool.alignedShareStart(0, itemCount, w, workers, Long.SIZE);
        }
        run(collectTask, pool, parallel);
        changedCount = pack(scratch.changedItems, null, null, scratch.changedPerWorker, starts, workers);
        if (changedCount > limit) {
            Arrays.fill(scratch.changedBits, 0, wordCount(itemCount), 0L);
            return false;
        }
        return true;
    }

    /** Tests the changed items against the view and lists the visible ones with their slots and keys. */
    private void retest(int workers, WorkerPool pool, boolean parallel) {
        int[] starts = scratch.changedStarts;
        for (int w = 0; w <= workers; w++) {
            starts[w] = WorkerPool.shareStart(changedCount, w, workers);
        }
        run(retestTask, pool, parallel);
        changedVisible = pack(scratch.changedVisible, scratch.changedSlots, scratch.changedKeys,
                scratch.changedPerWorker, starts, workers);
        retestedAt = System.nanoTime();
    }

    private boolean skipSettle() {
        draws.settleSkips--;
        return false;
    }

    /**
     * Settles the instances that stay in place ({@link #settle}), building the draw index first if the queue was
     * rewritten since. Where most of the changed instances move in draw order all the same (a perspective view, whose
     * depths change), settling costs more than it saves: the next {@code 2n + 1} culls skip it after {@code n} did,
     * up to {@link #MAX_SETTLE_BACKOFF}, and one where it pays resets the count.
     */
    private boolean settleWithBackoff(int workers, WorkerPool pool, boolean parallel) {
        if (!draws.drawIndexValid) {
            int length = itemCount + workers * INDEX_LINE;
            if (draws.drawIndex.length < length) {
                draws.drawIndex = new int[length];
            }
            run(indexTask, pool, parallel);
            draws.drawIndexValid = true;
        }
        int retested = changedVisible;
        boolean kept = settle();
        boolean paid = changedVisible * 2 <= retested;
        draws.settleBackoff = paid ? 0 : Math.min(draws.settleBackoff * 2 + 1, MAX_SETTLE_BACKOFF);
        draws.settleSkips = draws.settleBackoff;
        return kept;
    }

    /** Sorts the changed visible instances and merges them with the kept ones; returns the new instance count. */
    private int merge(int workers, WorkerPool pool, boolean parallel) {
        int[] order = scratch.order;
        for (int i = 0; i < changedVisible; i++) {
            order[i] = i;
        }
        sort.sort(scratch.changedKeys, order, changedVisible, pool);
        run(keepTask, pool, parallel);
        int visible = splitMerge(workers);
        run(mergeTask, pool, parallel);
        // the instances moved: the draw index is rebuilt by the next cull that settles
        draws.drawIndexValid = false;
        return visible;
    }

    /** Whether any re-tested visible item has an id its key cannot tell apart ({@link SortKeys#wide}). */
    boolean wideIds(int workers) {
        boolean wide = false;
        for (int w = 0; w < workers; w++) {
            wide |= scratch.changedWide[w];
        }
        return wide;
    }

    /** The number of re-tested items of the last call, for the frame's statistics. */
    int tested() {
        return changedCount;
    }

    /**
     * Whether the last call left the queue's instances as they were: every changed item kept its key and slot, or
     * stayed out of view. Its batches are then what they were too.
     */
    boolean instancesKept() {
        return instancesKept;
    }

    /** When the last call had re-tested its items ({@link System#nanoTime}), for the frame's timings. */
    long retestedAt() {
        return retestedAt;
    }

    private static void run(WorkerPool.Task task, WorkerPool pool, boolean parallel) {
        if (parallel) {
            pool.run(task);
        } else {
            task.run(0, 1);
        }
    }

    static int wordCount(int itemCount) {
        return (itemCount + Long.SIZE - 1) >>> 6;
    }

    /**
     * Packs each worker's part (written from {@code starts[w]}, {@code counts[w]} long) down behind the previous
     * worker's; returns the total. {@code slots} and {@code keys} move with {@code ints} where given.
     */
    private static int pack(int[] ints, int[] slots, long[] keys, int[] counts, int[] starts, int workers) {
        int packed = counts[0];
        for (int w = 1; w < workers; w++) {
            int from = starts[w];
            int count = counts[w];
            System.arraycopy(ints, from, ints, packed, count);
            if (slots != null) {
                System.arraycopy(slots, from, slots, packed, count);
                System.arraycopy(keys, from, keys, packed, count);
            }
            packed += count;
        }
        return packed;
    }

    /**
     * Lists the items of this worker's words whose stamp is later than {@link #since} from its share's start, and
     * marks them in the changed bits, with no branch per item: a tenth of the items moved at random would mispredict
     * a branch on every one of them.
     */
    private void collectShare(int worker, int workers) {
        int from = scratch.changedStarts[worker];
        int to = scratch.changedStarts[worker + 1];
        int[] stamps = this.stamps;
        int since = this.since;
        int[] changedItems = scratch.changedItems;
        long[] changedBits = scratch.changedBits;
        int count = from;
        for (int base = from; base < to; base += Long.SIZE) {
            int end = Math.min(base + Long.SIZE, to);
            long bits = 0L;
            for (int i = base; i < end; i++) {
                // the stamps count up and may wrap, so a difference tells later from earlier: later where it is
                // positive, which its negation in long tells by its sign bit; the shift takes i modulo 64
                bits |= (-(long) (stamps[i] - since) >>> 63) << i;
            }
            changedBits[base >>> 6] = bits;
            for (long rest = bits; rest != 0L; rest &= rest - 1) {
                changedItems[count++] = base + Long.numberOfTrailingZeros(rest);
            }
        }
        scratch.changedPerWorker[worker] = count - from;
    }

    private void retestShare(int worker, int workers) {
        int from = scratch.changedStarts[worker];
        int to = scratch.changedStarts[worker + 1];
        scratch.changedPerWorker[worker] = cullPass.runList(scratch.changedItems, from, to, view,
                scratch.changedKeys, scratch.changedVisible, scratch.changedSlots, scratch.changedWide, worker);
    }

    /**
     * Copies this worker's part of the queue, less the instances of changed items, to the same place in the scratch
     * (keys, items, slots). Each instance is written whatever its item and kept only where that did not change: no
     * branch to mispredict on changed items scattered in draw order. The changed bits stay in cache.
     */
    private void keepShare(int worker, int workers) {
        int from = WorkerPool.shareStart(draws.instanceCount, worker, workers);
        int to = WorkerPool.shareStart(draws.instanceCount, worker + 1, workers);
        long[] keys = draws.keys;
        int[] items = draws.items;
        int[] slots = draws.slots;
        long[] changedBits = scratch.changedBits;
        long[] keptKeys = scratch.keptKeys;
        int[] keptItems = scratch.visibleItems;
        int[] keptSlots = scratch.visibleSlots;
        int kept = from;
        for (int i = from; i < to; i++) {
            int item = items[i];
            keptKeys[kept] = keys[i];
            keptItems[kept] = item;
            keptSlots[kept] = slots[i];
            kept += 1 - (int) (changedBits[item >>> 6] >>> item & 1L);
        }
        scratch.keptPerWorker[worker] = kept - from;
    }

    /**
     * Writes the draw index of this worker's share of the items, walking the whole queue: split by item, not by
     * instance, so that no two workers write one cache line of it. An instance of another worker's item is written
     * to this worker's spare entry past the items instead, where a branch would mispredict on every other instance.
     */
    private void indexShare(int worker, int workers) {
        int from = WorkerPool.alignedShareStart(0, itemCount, worker, workers, INDEX_LINE);
        int to = WorkerPool.alignedShareStart(0, itemCount, worker + 1, workers, INDEX_LINE);
        int spare = itemCount + worker * INDEX_LINE;
        int[] items = draws.items;
        int[] drawIndex = draws.drawIndex;
        int last = to - 1;
        for (int i = 0, n = draws.instanceCount; i < n; i++) {
            int item = items[i];
            // all ones where the item is another worker's (below from, or past last), no bit where it is this one's
            int other = (item - from | last - item) >> 31;
            drawIndex[item + (spare - item & other)] = i;
        }
    }

    /**
     * Leaves in place the changed items whose instance would not move: visible before and now, with the same key and
     * slot (a top-down view of items moving sideways keeps their depth), or out of view before and now. Their bits
     * are cleared and the visible ones leave the changed list, so the merge moves only the instances that must.
     *
     * @return whether no instance moves, comes or goes: the queue is what a full cull would write already
     */
    private boolean settle() {
        int[] changedItems = scratch.changedItems;
        long[] changedBits = scratch.changedBits;
        int[] visibleItems = scratch.changedVisible;
        int[] visibleSlots = scratch.changedSlots;
        long[] visibleKeys = scratch.changedKeys;
        int[] drawIndex = draws.drawIndex;
        int[] items = draws.items;
        int[] slots = draws.slots;
        long[] keys = draws.keys;
        int instances = draws.instanceCount;
        boolean leaving = false;
        int v = 0;
        int moving = 0;
        for (int c = 0; c < changedCount; c++) {
            int item = changedItems[c];
            int at = drawIndex[item];
            boolean was = at >= 0 && at < instances && items[at] == item;
            // the visible list is in changed-list order, a subset of it
            boolean now = v < changedVisible && visibleItems[v] == item;
            if (now) {
                long key = visibleKeys[v];
                int slot = visibleSlots[v];
                v++;
                if (was && keys[at] == key && slots[at] == slot) {
                    changedBits[item >>> 6] &= ~(1L << item);
                    continue;
                }
                visibleItems[moving] = item;
                visibleSlots[moving] = slot;
                visibleKeys[moving++] = key;
            } else {
                leaving |= was;
            }
        }
        changedVisible = moving;
        return moving == 0 && !leaving;
    }

    /**
     * Finds, for each worker's kept part, the first changed instance that sorts after the part's first instance, so
     * the changed instances before it merge into the parts before; returns the queue's new instance count.
     */
    private int splitMerge(int workers) {
        int[] split = scratch.changedSplit;
        int[] kept = scratch.keptPerWorker;
        split[workers] = changedVisible;
        int total = changedVisible;
        for (int w = workers - 1; w >= 0; w--) {
            total += kept[w];
            split[w] = w == 0 ? 0 : kept[w] == 0 ? split[w + 1]
                    : firstAfter(WorkerPool.shareStart(draws.instanceCount, w, workers), split[w + 1]);
        }
        return total;
    }

    /** The first of the sorted changed instances {@code [0, to)} that sorts after kept instance {@code at}. */
    private int firstAfter(int at, int to) {
        long key = scratch.keptKeys[at];
        int item = scratch.visibleItems[at];
        long[] changedKeys = scratch.changedKeys;
        int[] order = scratch.order;
        int[] changedItems = scratch.changedVisible;
        int low = 0;
        int high = to;
        while (low < high) {
            int middle = (low + high) >>> 1;
            if (sortsBefore(changedKeys[middle], changedItems[order[middle]], key, item)) {
                low = middle + 1;
            } else {
                high = middle;
            }
        }
        return low;
    }

    /**
     * Merges this worker's kept part with its changed instances into the queue, from where the parts before end.
     * The branches mispredict about once a changed instance, where a merge choosing afresh for each instance would
     * mispredict on every change of side.
     */
    private void mergeShare(int worker, int workers) {
        int keptFrom = WorkerPool.shareStart(draws.instanceCount, worker, workers);
        int keptTo = keptFrom + scratch.keptPerWorker[worker];
        int b = scratch.changedSplit[worker];
        int changedTo = scratch.changedSplit[worker + 1];
        int out = b;
        for (int w = 0; w < worker; w++) {
            out += scratch.keptPerWorker[w];
        }
        long[] keptKeys = scratch.keptKeys;
        int[] keptItems = scratch.visibleItems;
        int[] keptSlots = scratch.visibleSlots;
        long[] changedKeys = scratch.changedKeys;
        int[] order = scratch.order;
        int[] changedItems = scratch.changedVisible;
        int[] changedSlots = scratch.changedSlots;
        long[] outKeys = draws.keys;
        int[] outItems = draws.items;
        int[] outSlots = draws.slots;
        for (int a = keptFrom; a < keptTo; a++) {
            long key = keptKeys[a];
            int item = keptItems[a];
            while (b < changedTo && sortsBefore(changedKeys[b], changedItems[order[b]], key, item)) {
                int at = order[b];
                outKeys[out] = changedKeys[b++];
                outItems[out] = changedItems[at];
                outSlots[out++] = changedSlots[at];
            }
            outKeys[out] = key;
            outItems[out] = item;
            outSlots[out++] = keptSlots[a];
        }
        for (; b < changedTo; b++) {
            int at = order[b];
            outKeys[out] = changedKeys[b];
            outItems[out] = changedItems[at];
            outSlots[out++] = changedSlots[at];
        }
    }

    /** Draw order: by key, unsigned as the radix sort orders keys (groups of 128 and up set the top bit), then item. */
    private static boolean sortsBefore(long key, int item, long otherKey, int otherItem) {
        return key + Long.MIN_VALUE < otherKey + Long.MIN_VALUE || key == otherKey && item < otherItem;
    }
}
