package io.flatscene.core.scene.frame;

import io.flatscene.core.container.LongRadixSort;
import io.flatscene.core.parallel.WorkerPool;

/**
 * The key sort of a parallel cull, split so that it needs no barrier of its own: each worker sorts the keys it found
 * visible, in its own share where it culled them, right after culling it; then each worker merges one part of the
 * output from every share. Equal keys come in share order and, within a share, in item order: the order one stable
 * sort of the shares packed in worker order gives, so the queue does not depend on the worker count.
 *
 * <p>A worker's part of the output is {@link WorkerPool#alignedShareStart} of the total, whole words of 64 entries, so
 * that the worker can go on to gather its part for the batches ({@link BatchBuilder#gatherPart}), which writes a bit
 * an entry; where the part begins in each share is found by rank: the smallest key with more entries at or below it
 * than the part's first position, then the entries equal to it taken share by share.
 */
final class ShareSort {
    private LongRadixSort[] sorters = new LongRadixSort[0];
    /** Per worker, per share: where the worker's part of the output begins in the share, then where it ends. */
    private int[] from = new int[0];
    private int[] to = new int[0];

    void ensureWorkers(int workers) {
        if (sorters.length < workers) {
            LongRadixSort[] grown = new LongRadixSort[workers];
            System.arraycopy(sorters, 0, grown, 0, sorters.length);
            for (int w = sorters.length; w < workers; w++) {
                grown[w] = new LongRadixSort();
            }
            sorters = grown;
            from = new int[workers * workers];
            to = new int[workers * workers];
        }
    }

    /** Sorts share {@code worker}'s keys {@code [start, start + count)}, moving the entries of {@code order} along. */
    void sortShare(int worker, long[] keys, int[] order, int start, int count) {
        sorters[worker].sort(keys, order, start, start + count);
    }

    /**
     * Merges worker {@code worker}'s part of the sorted shares (share {@code s} is {@code [starts[s], starts[s] +
     * counts[s])} of {@code keys} and {@code order}) into {@code [0, total)} of {@code outKeys} and {@code outOrder}.
     */
    void merge(int worker, int workers, int[] starts, int[] counts, int total, long[] keys, int[] order,
               long[] outKeys, int[] outOrder) {
        int row = worker * workers;
        int first = WorkerPool.alignedShareStart(0, total, worker, workers, 64);
        int last = WorkerPool.alignedShareStart(0, total, worker + 1, workers, 64);
        split(first, workers, starts, counts, total, keys, from, row);
        split(last, workers, starts, counts, total, keys, to, row);
        if (workers == 2) {
            mergeTwo(keys, order, from[row], to[row], from[row + 1], to[row + 1], outKeys, outOrder, first);
        } else {
            mergeAny(keys, order, row, workers, outKeys, outOrder, first, last);
        }
    }

    /** Writes into {@code splits[row, row + shares)} where output position {@code rank} falls in each share. */
    private static void split(int rank, int shares, int[] starts, int[] counts, int total, long[] keys, int[] splits,
                              int row) {
        if (rank >= total) {
            for (int s = 0; s < shares; s++) {
                splits[row + s] = starts[s] + counts[s];
            }
            return;
        }
        // the smallest key K with more than rank entries at or below it: the key at position rank
        long lo = 0L;
        long hi = -1L;
        while (lo != hi) {
            long mid = lo + ((hi - lo) >>> 1);
            long atOrBelow = 0;
            for (int s = 0; s < shares; s++) {
                atOrBelow += above(keys, starts[s], starts[s] + counts[s], mid) - starts[s];
            }
            if (atOrBelow > rank) {
                hi = mid;
            } else {
                lo = mid + 1;
            }
        }
        // every entry below K goes before rank; of those equal to K, the first shares' go first
        int left = rank;
        for (int s = 0; s < shares; s++) {
            int below = lo == 0L ? starts[s] : above(keys, starts[s], starts[s] + counts[s], lo - 1);
            splits[row + s] = below;
            left -= below - starts[s];
        }
        for (int s = 0; s < shares && left > 0; s++) {
            int equal = above(keys, starts[s], starts[s] + counts[s], lo) - splits[row + s];
            int taken = Math.min(equal, left);
            splits[row + s] += taken;
            left -= taken;
        }
    }

    /** {@return the first position in sorted {@code keys[start, end)} whose key is above {@code key}, unsigned} */
    private static int above(long[] keys, int start, int end, long key) {
        int lo = start;
        int hi = end;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (Long.compareUnsigned(keys[mid], key) <= 0) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return lo;
    }

    /** Two shares, with no branch on which key is taken: the keys are in no order the processor could predict. */
    private static void mergeTwo(long[] keys, int[] order, int a, int aEnd, int b, int bEnd, long[] outKeys,
                                 int[] outOrder, int out) {
        while (a < aEnd && b < bEnd) {
            long keyA = keys[a];
            long keyB = keys[b];
            boolean takeB = Long.compareUnsigned(keyB, keyA) < 0;
            outKeys[out] = takeB ? keyB : keyA;
            outOrder[out] = order[takeB ? b : a];
            out++;
            a += takeB ? 0 : 1;
            b += takeB ? 1 : 0;
        }
        System.arraycopy(keys, a, outKeys, out, aEnd - a);
        System.arraycopy(order, a, outOrder, out, aEnd - a);
        out += aEnd - a;
        System.arraycopy(keys, b, outKeys, out, bEnd - b);
        System.arraycopy(order, b, outOrder, out, bEnd - b);
    }

    /** Any number of shares: the smallest head each time, the first share's on a tie. */
    private void mergeAny(long[] keys, int[] order, int row, int shares, long[] outKeys, int[] outOrder, int out,
                          int end) {
        int[] heads = from;
        int[] ends = to;
        for (; out < end; out++) {
            int best = -1;
            long bestKey = 0L;
            for (int s = 0; s < shares; s++) {
                int head = heads[row + s];
                if (head < ends[row + s] && (best < 0 || Long.compareUnsigned(keys[head], bestKey) < 0)) {
                    best = s;
                    bestKey = keys[head];
                }
            }
            int at = heads[row + best]++;
            outKeys[out] = bestKey;
            outOrder[out] = order[at];
        }
    }
}
