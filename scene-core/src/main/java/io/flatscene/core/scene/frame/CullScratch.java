package io.flatscene.core.scene.frame;

import java.util.Arrays;

/**
 * The cull's output: the visible items and their keys, sorted into draw order (a parallel cull writes each worker's
 * in item order from the start of its share, sorts them there, then merges them), the count and id width each worker
 * found, what balances the workers' shares, and an incremental cull's lists. Scratch of one pipeline, reused by every
 * cull.
 */
final class CullScratch {
    /**
     * What a key sort carries beside the keys (for a full cull, the queue's key array, written and sorted in place, so
     * no copy follows): a full cull's visible items (each key's item, in draw order once sorted), an incremental
     * cull's positions in its lists of changed items.
     */
    int[] order = new int[0];
    /**
     * A parallel cull's keys and their items, each worker's sorted in its own share ({@link ShareSort}) before they
     * are merged into the queue's keys and {@link #order}; empty while every cull runs on one thread.
     */
    long[] shareKeys = new long[0];
    int[] shareOrder = new int[0];
    /** An incremental cull's kept instances, their items and slots ({@link IncrementalCull}). */
    int[] visibleItems = new int[0];
    int[] visibleSlots = new int[0];
    int[] visiblePerWorker = new int[1];
    boolean[] wideIds = new boolean[1];
    /** Worker {@code w} culls items {@code [shareStarts[w], shareStarts[w + 1])}: whole chunks, work balanced. */
    int[] shareStarts = new int[2];
    /**
     * Per chunk of items, what culling it cost the last time it was culled, in rough units (see {@link CullPass}):
     * a chunk the frustum rejects whole costs one, one whose items are visited costs more. A camera moves little
     * between frames, so the last cull's costs cut the next one's shares evenly, where equal item counts would give
     * one worker the visible half of a spatially sorted scene. A chunk not culled yet is counted as costly.
     */
    int[] chunkWork = new int[0];
    /**
     * An incremental cull's lists ({@link IncrementalCull}), grown on its first use: the items re-tested, the visible
     * ones among them with their slots and keys (sorted with {@link #order}), and the keys of the instances it keeps
     * (their items and slots go to {@link #visibleItems} and {@link #visibleSlots}).
     */
    int[] changedItems = new int[0];
    int[] changedVisible = new int[0];
    int[] changedSlots = new int[0];
    long[] changedKeys = new long[0];
    long[] keptKeys = new long[0];
    /** The re-tested items as a bitset, all clear between culls. */
    long[] changedBits = new long[0];
    /** Per worker: where its part of the step in progress starts (one more, the end), what it found, kept or saw. */
    int[] changedStarts = new int[2];
    int[] changedPerWorker = new int[1];
    int[] keptPerWorker = new int[1];
    boolean[] changedWide = new boolean[1];
    /** Worker {@code w} merges the sorted changed instances {@code [changedSplit[w], changedSplit[w + 1])}. */
    int[] changedSplit = new int[2];

    /**
     * Cuts items {@code [0, itemCount)} into one share of whole chunks per worker in {@link #shareStarts}, each worth
     * about the same of the last cull's {@link #chunkWork}: a share takes chunks while its running total stays at or
     * under its fraction of the whole. Any cut gives the same visible list, packed in worker order; the cut only
     * balances the work.
     */
    void balanceShares(int itemCount, int workers) {
        int chunkCount = ChunkBounds.chunkCount(itemCount);
        long total = 0;
        for (int chunk = 0; chunk < chunkCount; chunk++) {
            total += chunkWork[chunk];
        }
        long sum = 0;
        int chunk = 0;
        for (int w = 1; w < workers; w++) {
            long target = total * w / workers;
            while (chunk < chunkCount && sum + chunkWork[chunk] <= target) {
                sum += chunkWork[chunk++];
            }
            shareStarts[w] = Math.min(itemCount, chunk << ChunkBounds.SHIFT);
        }
        shareStarts[0] = 0;
        shareStarts[workers] = itemCount;
    }

    void ensureCapacity(int capacity, int workers) {
        if (visiblePerWorker.length != workers) {
            visiblePerWorker = new int[workers];
            wideIds = new boolean[workers];
            shareStarts = new int[workers + 1];
        }
        int chunks = ChunkBounds.chunkCount(capacity);
        if (chunkWork.length < chunks) {
            int old = chunkWork.length;
            chunkWork = Arrays.copyOf(chunkWork, chunks);
            Arrays.fill(chunkWork, old, chunks, CullPass.UNKNOWN_WORK);
        }
        if (order.length < capacity) {
            order = Arrays.copyOf(order, capacity);
            visibleItems = Arrays.copyOf(visibleItems, capacity);
            visibleSlots = Arrays.copyOf(visibleSlots, capacity);
        }
        if (workers > 1 && shareKeys.length < capacity) {
            shareKeys = new long[order.length];
            shareOrder = new int[order.length];
        }
    }

    void ensureChangedCapacity(int capacity, int workers) {
        if (changedItems.length < capacity) {
            changedItems = new int[capacity];
            changedVisible = new int[capacity];
            changedSlots = new int[capacity];
            changedKeys = new long[capacity];
            keptKeys = new long[capacity];
            changedBits = new long[IncrementalCull.wordCount(capacity)];
        }
        if (changedPerWorker.length != workers) {
            changedStarts = new int[workers + 1];
            changedPerWorker = new int[workers];
            keptPerWorker = new int[workers];
            changedWide = new boolean[workers];
            changedSplit = new int[workers + 1];
        }
    }
}
