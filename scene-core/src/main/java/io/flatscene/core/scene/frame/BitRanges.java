package io.flatscene.core.scene.frame;

import io.flatscene.core.container.Index;
import io.flatscene.core.container.SummaryBitSet;

/** Range tests over a bitset's raw words, as the passes read the store's changed set to skip whole runs of work. */
final class BitRanges {
    /** Ranges over more words than this are answered through the bitset's summary rather than word by word. */
    private static final int MOST_WORDS = 4;

    private BitRanges() {
    }

    /**
     * Whether a bit in {@code [min, max]} of {@code set} is set (no for an empty range, {@code min > max}): from its
     * raw words for a range within {@value #MOST_WORDS} words, through its summary for a wider one (a chunk of items
     * sorted by place holds nodes from many rows of a grid), so the summary must be current over the range.
     */
    static boolean anySet(SummaryBitSet set, int min, int max) {
        long[] words = set.words();
        if (min > max) {
            return false;
        }
        int first = min >>> 6;
        int last = max >>> 6;
        if (last - first >= MOST_WORDS) {
            return set.nextSetBit(min, max + 1) != Index.NONE;
        }
        if (first == last) {
            return (words[first] & (-1L << min) & (-1L >>> ~max)) != 0L;
        }
        long any = words[first] & (-1L << min);
        for (int w = first + 1; w < last; w++) {
            any |= words[w];
        }
        return (any | (words[last] & (-1L >>> ~max))) != 0L;
    }
}
