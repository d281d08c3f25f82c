package io.flatscene.core.container;

import java.util.Arrays;

/**
 * The summary level that {@link SummaryBitSet} and {@link SummaryByteSet} share: bit {@code w} of a {@code long[]}
 * stands for the set's word {@code w} (64 members), set whenever that word may hold a member and clear only when it
 * holds none. Searching, counting and clearing then cost one summary bit per empty word.
 */
final class SummaryWords {
    private SummaryWords() {
    }

    /** The 64-member words that hold {@code members} members; also the summary's length for that many words. */
    static int wordsFor(int members) {
        return (members + 63) >>> 6;
    }

    static boolean isMarked(long[] summary, int w) {
        return (summary[w >>> 6] & (1L << w)) != 0L;
    }

    static void unmark(long[] summary, int w) {
        summary[w >>> 6] &= ~(1L << w);
    }

    /** The first word in {@code [from, last]} whose summary bit is set, or {@link Index#NONE}. */
    static int nextMarked(long[] summary, int from, int last) {
        if (from > last) {
            return Index.NONE;
        }
        int s = from >>> 6;
        long marks = summary[s] & (-1L << from);
        int lastSummary = last >>> 6;
        while (marks == 0) {
            if (++s > lastSummary) {
                return Index.NONE;
            }
            marks = summary[s];
        }
        int w = (s << 6) + Long.numberOfTrailingZeros(marks);
        return w <= last ? w : Index.NONE;
    }

    /** The number of marked words in {@code [fromWord, toWord)}. */
    static int count(long[] summary, int fromWord, int toWord) {
        if (fromWord >= toWord) {
            return 0;
        }
        int first = fromWord >>> 6;
        int last = (toWord - 1) >>> 6;
        long firstMask = -1L << fromWord;
        long lastMask = -1L >>> -toWord;
        if (first == last) {
            return Long.bitCount(summary[first] & firstMask & lastMask);
        }
        int count = Long.bitCount(summary[first] & firstMask) + Long.bitCount(summary[last] & lastMask);
        for (int s = first + 1; s < last; s++) {
            count += Long.bitCount(summary[s]);
        }
        return count;
    }

    /** Sets the summary bits of words {@code [fromWord, toWord)}. */
    static void markRange(long[] summary, int fromWord, int toWord) {
        writeRange(summary, fromWord, toWord, true);
    }

    /** Clears the summary bits of words {@code [fromWord, toWord)}, which hold no member. */
    static void unmarkRange(long[] summary, int fromWord, int toWord) {
        writeRange(summary, fromWord, toWord, false);
    }

    /** Sets ({@code mark}) or clears the bits of words {@code [fromWord, toWord)}: the two edge longs masked. */
    private static void writeRange(long[] summary, int fromWord, int toWord, boolean mark) {
        if (fromWord >= toWord) {
            return;
        }
        int first = fromWord >>> 6;
        int last = (toWord - 1) >>> 6;
        long firstMask = -1L << fromWord;
        long lastMask = -1L >>> -toWord;
        if (first == last) {
            write(summary, first, firstMask & lastMask, mark);
            return;
        }
        write(summary, first, firstMask, mark);
        Arrays.fill(summary, first + 1, last, mark ? -1L : 0L);
        write(summary, last, lastMask, mark);
    }

    private static void write(long[] summary, int s, long mask, boolean mark) {
        summary[s] = mark ? summary[s] | mask : summary[s] & ~mask;
    }
}
