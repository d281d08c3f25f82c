package io.flatscene.core.scene.frame;

/** Range tests over a bitset's raw words, as the passes read the store's changed set to skip whole runs of work. */
final class BitRanges {
    /** Ranges over more words than this answer yes unread: the caller then checks its items one by one. */
    private static final int MOST_WORDS = 4;

    private BitRanges() {
    }

    /**
     * Whether a bit in {@code [min, max]} may be set: exactly for a range within {@value #MOST_WORDS} words, yes for a
     * wider one (always right for a caller that then looks closer); no for an empty range ({@code min > max}).
     */
    static boolean anySet(long[] words, int min, int max) {
        if (min > max) {
            return false;
        }
        int first = min >>> 6;
        int last = max >>> 6;
        if (last - first >= MOST_WORDS) {
            return true;
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
