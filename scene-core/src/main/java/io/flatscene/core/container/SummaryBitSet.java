package io.flatscene.core.container;

import java.util.Arrays;

/**
 * A bitset with a summary level: summary bit {@code w} is set whenever 64-bit word {@code w} may hold a set bit, and
 * is clear only when the word is zero. Finding, counting and clearing the set bits then costs in proportion to the
 * words in use plus one summary bit per 64 words, not to the capacity: a million bits with a handful set are walked
 * in a few hundred summary reads.
 *
 * <p>Writers that fill {@link #words()} directly (several threads, each on its own words) restore the summary with
 * {@link #summarize} before anyone reads. Bits past the capacity are never set.
 */
public final class SummaryBitSet {
    /**
     * The largest capacity: the largest multiple of 64 an int holds, since {@link #capacity()} counts whole words of
     * 64 bits (past it, the count would turn negative). Its words take 256 MiB.
     */
    public static final int MAX_CAPACITY = Integer.MAX_VALUE & -64;

    private long[] words;
    private long[] summary;

    /**
     * A set with room for bits {@code [0, capacity)}, all clear.
     *
     * @param capacity the number of bits, 0 to {@link #MAX_CAPACITY}; rounded up to a multiple of 64
     * @throws IllegalArgumentException if {@code capacity} is negative or above {@link #MAX_CAPACITY}
     */
    public SummaryBitSet(int capacity) {
        checkCapacity(capacity);
        words = new long[SummaryWords.wordsFor(capacity)];
        summary = new long[SummaryWords.wordsFor(words.length)];
    }

    /**
     * Room for bits {@code [0, capacity)}: grows, keeping every bit, when the set is smaller.
     *
     * @param capacity the number of bits needed, 0 to {@link #MAX_CAPACITY}; the set grows by at least half its size,
     *                 so repeated calls stay cheap
     * @throws IllegalArgumentException if {@code capacity} is negative or above {@link #MAX_CAPACITY}; the set is
     *                                  unchanged
     */
    public void ensureCapacity(int capacity) {
        checkCapacity(capacity);
        int needed = SummaryWords.wordsFor(capacity);
        if (needed > words.length) {
            words = Arrays.copyOf(words, Math.max(needed, Math.min(words.length + (words.length >> 1),
                    MAX_CAPACITY >>> 6)));
            summary = Arrays.copyOf(summary, SummaryWords.wordsFor(words.length));
        }
    }

    /** A negative capacity would round to a huge unsigned word count, and one past the largest to a negative size. */
    private static void checkCapacity(int capacity) {
        if (capacity < 0 || capacity > MAX_CAPACITY) {
            throw new IllegalArgumentException("SummaryBitSet capacity " + capacity + " must be between 0 and "
                    + MAX_CAPACITY);
        }
    }

    /**
     * The number of bits the set has room for: a multiple of 64.
     *
     * @return the number of bits, 0 or more, a multiple of 64
     */
    public int capacity() {
        return words.length << 6;
    }

    /**
     * Reads one bit.
     *
     * @param bit the bit's index, 0 to {@code capacity() - 1}
     * @return whether it is set
     * @throws ArrayIndexOutOfBoundsException if {@code bit} is outside 0 to {@code capacity() - 1}
     */
    public boolean get(int bit) {
        return (words[bit >>> 6] & (1L << bit)) != 0;
    }

    /**
     * Sets one bit and marks its word in the summary.
     *
     * @param bit the bit's index, 0 to {@code capacity() - 1}
     * @throws ArrayIndexOutOfBoundsException if {@code bit} is outside 0 to {@code capacity() - 1}
     */
    public void set(int bit) {
        int w = bit >>> 6;
        words[w] |= 1L << bit;
        // read before written: setting neighbouring bits one after another then stores to the summary once per word,
        // rather than chaining every call through a store to the same summary word
        long mark = 1L << w;
        if ((summary[w >>> 6] & mark) == 0L) {
            summary[w >>> 6] |= mark;
        }
    }

    /**
     * Clears one bit. Its word stays marked in the summary even when this leaves it zero, so searches may visit it
     * until {@link #clear(int, int)} or {@link #summarize} covers it.
     *
     * @param bit the bit's index, 0 to {@code capacity() - 1}
     * @throws ArrayIndexOutOfBoundsException if {@code bit} is outside 0 to {@code capacity() - 1}
     */
    public void clear(int bit) {
        words[bit >>> 6] &= ~(1L << bit);
    }

    /**
     * The first set bit in {@code [from, to)}, or {@link Index#NONE}.
     *
     * @param from the first bit to look at, 0 to {@code capacity() - 1}
     * @param to   the end of the range, exclusive, at most {@code capacity()}; {@code from >= to} finds nothing
     * @return the bit's index, {@code from} to {@code to - 1}, or {@link Index#NONE} if none is set there
     */
    public int nextSetBit(int from, int to) {
        if (from >= to) {
            return Index.NONE;
        }
        int w = from >>> 6;
        long bits = words[w] & (-1L << from);
        int lastWord = (to - 1) >>> 6;
        while (bits == 0) {
            w = nextMarkedWord(w + 1, lastWord);
            if (w == Index.NONE) {
                return Index.NONE;
            }
            bits = words[w];
        }
        int bit = (w << 6) + Long.numberOfTrailingZeros(bits);
        return bit < to ? bit : Index.NONE;
    }

    /**
     * The first clear bit in {@code [from, to)}, or {@code to} when every bit there is set.
     *
     * @param from the first bit to look at, 0 to {@code capacity() - 1}
     * @param to   the end of the range, exclusive, at most {@code capacity()}; {@code from >= to} returns {@code to}
     * @return the bit's index, {@code from} to {@code to - 1}, or {@code to}
     */
    public int nextClearBit(int from, int to) {
        if (from >= to) {
            return to;
        }
        int w = from >>> 6;
        long clear = ~words[w] & (-1L << from);
        int lastWord = (to - 1) >>> 6;
        while (clear == 0) {
            if (++w > lastWord) {
                return to;
            }
            clear = ~words[w];
        }
        return Math.min(to, (w << 6) + Long.numberOfTrailingZeros(clear));
    }

    /**
     * The first word in {@code [from, last]} the summary marks, or {@link Index#NONE}: every word holding a set bit is
     * marked, and a marked word may hold none (its bits cleared one at a time since).
     *
     * @param from the first word to look at, 0 or more
     * @param last the last word to look at, inclusive, below {@code capacity() / 64}
     * @return the word's index, {@code from} to {@code last}, or {@link Index#NONE} if none is marked there
     */
    public int nextMarkedWord(int from, int last) {
        return SummaryWords.nextMarked(summary, from, last);
    }

    /**
     * The number of set bits.
     *
     * @return the number of set bits, 0 to {@code capacity()}
     */
    public int cardinality() {
        return cardinality(0, capacity());
    }

    /**
     * The number of set bits in {@code [from, to)}, reading only the words the summary marks.
     *
     * @param from the first bit to count, 0 or more
     * @param to   the end of the range, exclusive, at most {@code capacity()}; {@code from >= to} counts 0
     * @return the number of set bits in the range
     */
    public int cardinality(int from, int to) {
        if (from >= to) {
            return 0;
        }
        int first = from >>> 6;
        int last = (to - 1) >>> 6;
        int count = 0;
        for (int w = nextMarkedWord(first, last); w != Index.NONE; w = nextMarkedWord(w + 1, last)) {
            long bits = words[w];
            if (w == first) {
                bits &= -1L << from;
            }
            if (w == last) {
                bits &= -1L >>> -to;
            }
            count += Long.bitCount(bits);
        }
        return count;
    }

    /** Clears every bit, visiting only the words the summary marks. */
    public void clear() {
        for (int s = 0; s < summary.length; s++) {
            long marks = summary[s];
            while (marks != 0) {
                words[(s << 6) + Long.numberOfTrailingZeros(marks)] = 0L;
                marks &= marks - 1;
            }
            summary[s] = 0L;
        }
    }

    /**
     * Clears the bits {@code [from, to)}; bits outside the range keep their value. The summary forgets the words left
     * zero, so a range cleared after its bits were read costs nothing to search again.
     *
     * @param from the first bit to clear, 0 or more
     * @param to   the end of the range, exclusive, at most {@code capacity()}; {@code from >= to} clears nothing
     */
    public void clear(int from, int to) {
        if (from >= to) {
            return;
        }
        int first = from >>> 6;
        int last = (to - 1) >>> 6;
        long firstMask = -1L << from;
        long lastMask = -1L >>> -to;
        if (first == last) {
            words[first] &= ~(firstMask & lastMask);
        } else {
            words[first] &= ~firstMask;
            for (int w = nextMarkedWord(first + 1, last - 1); w != Index.NONE; w = nextMarkedWord(w + 1, last - 1)) {
                words[w] = 0L;
            }
            words[last] &= ~lastMask;
        }
        unmarkIfZero(first);
        if (last > first) {
            SummaryWords.unmarkRange(summary, first + 1, last);
            unmarkIfZero(last);
        }
    }

    private void unmarkIfZero(int w) {
        if (words[w] == 0L) {
            SummaryWords.unmark(summary, w);
        }
    }

    /**
     * The number of words in {@code [fromWord, toWord)} the summary marks: every word there holding a set bit, and
     * possibly words whose bits were cleared one at a time since.
     *
     * @param fromWord the first word to count, 0 or more
     * @param toWord   the end of the range of words, exclusive, at most {@code capacity() / 64}
     * @return the number of marked words in the range: an upper bound on the words holding a set bit
     */
    public int markedWords(int fromWord, int toWord) {
        return SummaryWords.count(summary, fromWord, toWord);
    }

    /**
     * Sets every bit that is set in {@code other}, visiting only the words its summary marks.
     *
     * <p>This set grows first if {@code other} is larger.
     *
     * @param other the set whose bits to add, not null; it is not changed
     */
    public void or(SummaryBitSet other) {
        ensureCapacity(other.capacity());
        long[] otherSummary = other.summary;
        for (int s = 0; s < otherSummary.length; s++) {
            long marks = otherSummary[s];
            while (marks != 0) {
                int w = (s << 6) + Long.numberOfTrailingZeros(marks);
                long bits = other.words[w];
                if (bits != 0) {
                    words[w] |= bits;
                    summary[s] |= 1L << w;
                }
                marks &= marks - 1;
            }
        }
    }

    /**
     * The words themselves, 64 bits each, bit {@code i} in word {@code i >>> 6}; replaced when the set grows. A writer
     * that sets bits through this array calls {@link #summarize} over the words it wrote.
     *
     * @return the live array, not a copy
     */
    public long[] words() {
        return words;
    }

    /**
     * Brings the summary of words {@code [fromWord, toWord)} up to date after direct writes to {@link #words()}.
     *
     * @param fromWord the first word written, 0 or more
     * @param toWord   the end of the range of words, exclusive, at most {@code capacity() / 64}
     */
    public void summarize(int fromWord, int toWord) {
        for (int w = fromWord; w < toWord; w++) {
            long mark = 1L << w;
            if (words[w] != 0) {
                summary[w >>> 6] |= mark;
            } else {
                summary[w >>> 6] &= ~mark;
            }
        }
    }

    /**
     * Checks the summary invariant: a word with a set bit has its summary bit set.
     *
     * @param name names the set in the exception's message
     * @throws IllegalStateException naming the first word that breaks it
     */
    public void validate(String name) {
        for (int w = 0; w < words.length; w++) {
            if (words[w] != 0 && !SummaryWords.isMarked(summary, w)) {
                throw new IllegalStateException(name + ": word " + w + " holds bits its summary does not mark");
            }
        }
    }
}
