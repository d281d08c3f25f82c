package io.flatscene.core.container;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.util.Arrays;

/**
 * A set of indices kept as a byte per index (1 for a member, 0 otherwise), with {@link SummaryBitSet}'s summary: a
 * bit per word of 64 indices, set whenever the word may hold a member, so searching, counting and clearing cost in
 * proportion to the words in use.
 *
 * <p>Why bytes: adding a member is one plain store. A bitset's word is read, or-ed and written back, so a loop that
 * adds neighbouring indices (a game's setters, node after node) waits at each call for the previous call's store to
 * the same word; the byte stores do not depend on one another (100k setter calls: 7.4 ns each with a bitset, 4.7 to
 * 5.4 with bytes, best of 300 frames). A reader that wants 64 members at a time takes {@link #word}: the word's
 * bytes packed into one long, bit {@code i} for index {@code 64w + i}.
 */
public final class SummaryByteSet {
    private static final VarHandle EIGHT_BYTES = MethodHandles.byteArrayViewVarHandle(long[].class,
            ByteOrder.LITTLE_ENDIAN);
    /**
     * Multiplied by eight bytes that are each 0 or 1, gathers them into the product's top byte, byte {@code i} at bit
     * {@code 56 + i}: every partial product lands on a bit of its own, so nothing carries.
     */
    private static final long GATHER = 0x0102040810204080L;
    /** The largest capacity: the largest multiple of 64 an array can hold. */
    private static final int MAX_CAPACITY = Capacity.MAX_ARRAY_LENGTH & -64;

    /** Every byte is 0 or 1, which {@link #GATHER} relies on; the length is a multiple of 64. */
    private byte[] bytes;
    private long[] summary;

    /**
     * A set with room for indices {@code [0, capacity)}, all absent.
     *
     * @param capacity the number of indices, 0 or more; rounded up to a multiple of 64
     * @throws IllegalArgumentException if {@code capacity} is negative or above the largest multiple of 64 an array
     *                                  holds
     */
    public SummaryByteSet(int capacity) {
        checkCapacity(capacity);
        int words = SummaryWords.wordsFor(capacity);
        bytes = new byte[words << 6];
        summary = new long[SummaryWords.wordsFor(words)];
    }

    /**
     * Room for indices {@code [0, capacity)}: grows, keeping every member, when the set is smaller.
     *
     * @param capacity the number of indices needed; the set grows by at least half its size, so repeated calls stay
     *                 cheap
     * @throws IllegalArgumentException if {@code capacity} is negative or above the largest multiple of 64 an array
     *                                  holds
     */
    public void ensureCapacity(int capacity) {
        checkCapacity(capacity);
        int needed = SummaryWords.wordsFor(capacity);
        int words = bytes.length >>> 6;
        if (needed > words) {
            int grown = Math.max(needed, Math.min(words + (words >> 1), MAX_CAPACITY >>> 6));
            bytes = Arrays.copyOf(bytes, grown << 6);
            summary = Arrays.copyOf(summary, SummaryWords.wordsFor(grown));
        }
    }

    /**
     * A byte a member, in whole words of 64: a capacity past the largest such array would round up to a negative
     * length (and fail as a NegativeArraySizeException naming nothing).
     */
    private static void checkCapacity(int capacity) {
        if (capacity < 0) {
            throw new IllegalArgumentException("capacity " + capacity + " is negative");
        }
        if (capacity > MAX_CAPACITY) {
            throw new IllegalArgumentException("capacity " + capacity + " exceeds the largest, " + MAX_CAPACITY);
        }
    }

    /**
     * The number of indices the set has room for: a multiple of 64.
     *
     * @return the number of indices, 0 or more, a multiple of 64
     */
    public int capacity() {
        return bytes.length;
    }

    /**
     * Whether an index is a member.
     *
     * @param index the index, 0 to {@code capacity() - 1}
     * @return whether it is a member
     * @throws ArrayIndexOutOfBoundsException if {@code index} is outside 0 to {@code capacity() - 1}
     */
    public boolean get(int index) {
        return bytes[index] != 0;
    }

    /**
     * Adds an index: one byte store, plus one summary store the first time its word gets a member.
     *
     * @param index the index, 0 to {@code capacity() - 1}
     * @throws ArrayIndexOutOfBoundsException if {@code index} is outside 0 to {@code capacity() - 1}
     */
    public void set(int index) {
        bytes[index] = 1;
        // read before written: a run of neighbouring indices stores to the summary once per word
        int s = index >>> 12;
        long mark = 1L << (index >>> 6);
        if ((summary[s] & mark) == 0L) {
            summary[s] |= mark;
        }
    }

    /**
     * Adds the indices {@code [from, to)}: a fill of their bytes, and their words marked in the summary.
     *
     * @param from the first index to add, 0 or more
     * @param to   the end of the range, exclusive, at most {@code capacity()}; {@code from >= to} adds nothing
     */
    public void set(int from, int to) {
        if (from >= to) {
            return;
        }
        Arrays.fill(bytes, from, to, (byte) 1);
        SummaryWords.markRange(summary, from >>> 6, ((to - 1) >>> 6) + 1);
    }

    /**
     * Removes an index. Its word stays marked in the summary even when this leaves it empty, so searches may visit
     * it until {@link #clear(int, int)} covers it.
     *
     * @param index the index, 0 to {@code capacity() - 1}
     * @throws ArrayIndexOutOfBoundsException if {@code index} is outside 0 to {@code capacity() - 1}
     */
    public void clear(int index) {
        bytes[index] = 0;
    }

    /**
     * Word {@code w}'s members packed into a long: bit {@code i} is set when index {@code 64w + i} is a member.
     *
     * @param w the word's index, 0 to {@code capacity() / 64 - 1}
     * @return the packed members; 0 without reading the bytes when the summary does not mark the word
     */
    public long word(int w) {
        if (!SummaryWords.isMarked(summary, w)) {
            return 0L;
        }
        int base = w << 6;
        long packed = 0L;
        for (int k = 0; k < Long.BYTES; k++) {
            long eight = (long) EIGHT_BYTES.get(bytes, base + k * Long.BYTES);
            packed |= ((eight * GATHER) >>> 56) << (k * Long.BYTES);
        }
        return packed;
    }

    /**
     * The first member in {@code [from, to)}, or {@link Index#NONE}.
     *
     * @param from the first index to look at, 0 to {@code capacity() - 1}
     * @param to   the end of the range, exclusive, at most {@code capacity()}; {@code from >= to} finds nothing
     * @return the member, {@code from} to {@code to - 1}, or {@link Index#NONE} if there is none in the range
     */
    public int nextSetBit(int from, int to) {
        if (from >= to) {
            return Index.NONE;
        }
        int w = from >>> 6;
        long members = word(w) & (-1L << from);
        int lastWord = (to - 1) >>> 6;
        while (members == 0L) {
            w = SummaryWords.nextMarked(summary, w + 1, lastWord);
            if (w == Index.NONE) {
                return Index.NONE;
            }
            members = word(w);
        }
        int index = (w << 6) + Long.numberOfTrailingZeros(members);
        return index < to ? index : Index.NONE;
    }

    /**
     * The number of members.
     *
     * @return the number of members, 0 to {@code capacity()}
     */
    public int cardinality() {
        int count = 0;
        int last = (bytes.length >>> 6) - 1;
        for (int w = SummaryWords.nextMarked(summary, 0, last); w != Index.NONE;
                w = SummaryWords.nextMarked(summary, w + 1, last)) {
            count += Long.bitCount(word(w));
        }
        return count;
    }

    /**
     * Removes the indices {@code [from, to)}; the others stay. The summary forgets the words left empty, so a range
     * cleared after its members were read costs nothing to search again.
     *
     * @param from the first index to remove, 0 or more
     * @param to   the end of the range, exclusive, at most {@code capacity()}; {@code from >= to} removes nothing
     */
    public void clear(int from, int to) {
        if (from >= to) {
            return;
        }
        int first = from >>> 6;
        int last = (to - 1) >>> 6;
        if (first == last) {
            clearWithin(first, from, to);
            return;
        }
        clearWithin(first, from, (first + 1) << 6);
        for (int w = SummaryWords.nextMarked(summary, first + 1, last - 1); w != Index.NONE;
                w = SummaryWords.nextMarked(summary, w + 1, last - 1)) {
            Arrays.fill(bytes, w << 6, (w + 1) << 6, (byte) 0);
        }
        SummaryWords.unmarkRange(summary, first + 1, last);
        clearWithin(last, last << 6, to);
    }

    /** Clears {@code [from, to)} within word {@code w}, and unmarks the word if that left it empty. */
    private void clearWithin(int w, int from, int to) {
        Arrays.fill(bytes, from, to, (byte) 0);
        if (word(w) == 0L) {
            SummaryWords.unmark(summary, w);
        }
    }

    /**
     * The number of words in {@code [fromWord, toWord)} the summary marks: every word there holding a member, and
     * possibly words whose members were removed one at a time since.
     *
     * @param fromWord the first word to count, 0 or more
     * @param toWord   the end of the range of words, exclusive, at most {@code capacity() / 64}
     * @return the number of marked words in the range: an upper bound on the words holding a member
     */
    public int markedWords(int fromWord, int toWord) {
        return SummaryWords.count(summary, fromWord, toWord);
    }

    /**
     * Checks the summary invariant: a word holding a member has its summary bit set. (Every byte is 0 or 1 by
     * construction: only {@link #set} and the clears write them.)
     *
     * @param name names the set in the exception's message
     * @throws IllegalStateException naming the first word that breaks it
     */
    public void validate(String name) {
        for (int i = 0; i < bytes.length; i++) {
            if (bytes[i] != 0 && !SummaryWords.isMarked(summary, i >>> 6)) {
                throw new IllegalStateException(name + ": word " + (i >>> 6) + " holds members its summary does "
                        + "not mark");
            }
        }
    }
}
