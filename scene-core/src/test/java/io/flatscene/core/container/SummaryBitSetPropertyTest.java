package io.flatscene.core.container;

import java.util.BitSet;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Model-based check of {@link SummaryBitSet} against {@link java.util.BitSet}: random sets, clears, range clears,
 * unions, direct word writes followed by {@code summarize}, and growth, in sparse and dense mixes, with every query
 * compared over random ranges and the summary invariant validated after each step. A range clear must also leave
 * unmarked every word it empties, and the marked words of a range lie between its non-zero words and all of them.
 */
class SummaryBitSetPropertyTest {

    @Property(tries = 200)
    void behavesLikeABitSet(@ForAll long seed, @ForAll @IntRange(min = 1, max = 20_000) int capacity) {
        Random random = new Random(seed);
        SummaryBitSet set = new SummaryBitSet(capacity);
        BitSet model = new BitSet();
        int size = capacity;
        for (int step = 0; step < 300; step++) {
            int op = random.nextInt(100);
            int a = random.nextInt(size);
            int b = a + random.nextInt(size - a + 1);
            String context = "seed " + seed + " step " + step + " op " + op + " [" + a + ", " + b + ")";
            if (op < 40) {
                set.set(a);
                model.set(a);
            } else if (op < 55) {
                set.clear(a);
                model.clear(a);
            } else if (op < 65) {
                set.clear(a, b);
                model.clear(a, b);
                SummaryChecks.assertRangeUnmarked(set::markedWords, model, a, b, context);
            } else if (op < 68) {
                set.clear();
                model.clear();
            } else if (op < 78) {
                SummaryBitSet other = new SummaryBitSet(size);
                for (int i = a; i < b; i += 1 + random.nextInt(200)) {
                    other.set(i);
                    model.set(i);
                }
                set.or(other);
            } else if (op < 88) {
                // a worker's direct writes: whole words, then the summary brought up to date over them
                long[] words = set.words();
                int fromWord = a >>> 6;
                int toWord = Math.min(words.length, fromWord + 1 + random.nextInt(4));
                for (int w = fromWord; w < toWord; w++) {
                    long bits = random.nextInt(3) == 0 ? 0L : random.nextLong();
                    for (int bit = 0; bit < 64; bit++) {
                        int index = (w << 6) + bit;
                        if (index >= size) {
                            bits &= ~(1L << bit);
                        }
                    }
                    words[w] = bits;
                    for (int bit = 0; bit < 64; bit++) {
                        model.set((w << 6) + bit, (bits & (1L << bit)) != 0);
                    }
                }
                set.summarize(fromWord, toWord);
            } else if (op < 90) {
                size += random.nextInt(5_000);
                set.ensureCapacity(size);
            } else {
                assertQueries(set, model, a, b, context);
            }
            set.validate(context);
            assertEquals(model.cardinality(), set.cardinality(), context + ": cardinality");
        }
        assertQueries(set, model, 0, size, "seed " + seed + " at the end");
    }

    private static void assertQueries(SummaryBitSet set, BitSet model, int from, int to, String context) {
        for (int i = from; i < to; i++) {
            assertEquals(model.get(i), set.get(i), context + ": bit " + i);
        }
        int expectedSet = model.nextSetBit(from);
        assertEquals(expectedSet < 0 || expectedSet >= to ? Index.NONE : expectedSet, set.nextSetBit(from, to),
                context + ": next set bit");
        assertEquals(model.get(from, Math.max(from, to)).cardinality(), set.cardinality(from, to),
                context + ": cardinality of the range");
        SummaryChecks.assertMarkedWordsBounded(set::markedWords, model, from, to, context);
        int expectedClear = model.nextClearBit(from);
        assertEquals(Math.min(expectedClear, to), set.nextClearBit(from, to), context + ": next clear bit");
        for (int bit = set.nextSetBit(from, to), expected = model.nextSetBit(from); bit != Index.NONE;
             bit = set.nextSetBit(bit + 1, to), expected = model.nextSetBit(expected + 1)) {
            assertEquals(expected, bit, context + ": walk");
        }
    }
}
