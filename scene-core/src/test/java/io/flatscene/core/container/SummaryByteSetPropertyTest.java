package io.flatscene.core.container;

import java.util.BitSet;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Model-based check of {@link SummaryByteSet} against {@link java.util.BitSet}: random adds, range adds, removes,
 * range clears and growth, in sparse and dense mixes, with every query (membership, the next member, the packed words,
 * the count, the marked words) compared over random ranges and the summary invariant validated after each step. A
 * range clear must leave unmarked every word it empties.
 */
class SummaryByteSetPropertyTest {

    @Property(tries = 200)
    void behavesLikeABitSet(@ForAll long seed, @ForAll @IntRange(min = 1, max = 20_000) int capacity) {
        Random random = new Random(seed);
        SummaryByteSet set = new SummaryByteSet(capacity);
        BitSet model = new BitSet();
        int size = capacity;
        for (int step = 0; step < 300; step++) {
            int op = random.nextInt(100);
            int a = random.nextInt(size);
            int b = a + random.nextInt(size - a + 1);
            String context = "seed " + seed + " step " + step + " op " + op + " [" + a + ", " + b + ")";
            if (op < 10) {
                set.set(a, b);
                model.set(a, b);
            } else if (op < 40) {
                // a run of neighbours, as a game's setters mark them
                for (int i = a; i < Math.min(b, a + 1 + random.nextInt(100)); i++) {
                    set.set(i);
                    model.set(i);
                }
            } else if (op < 55) {
                set.clear(a);
                model.clear(a);
            } else if (op < 70) {
                set.clear(a, b);
                model.clear(a, b);
                SummaryChecks.assertRangeUnmarked(set::markedWords, model, a, b, context);
            } else if (op < 75) {
                size += random.nextInt(5_000);
                set.ensureCapacity(size);
                assertTrue(set.capacity() >= size && set.capacity() % 64 == 0, context + ": capacity");
            } else {
                assertQueries(set, model, a, b, context);
            }
            set.validate(context);
            assertEquals(model.cardinality(), set.cardinality(), context + ": cardinality");
        }
        assertQueries(set, model, 0, size, "seed " + seed + " at the end");
    }

    private static void assertQueries(SummaryByteSet set, BitSet model, int from, int to, String context) {
        for (int i = from; i < to; i++) {
            assertEquals(model.get(i), set.get(i), context + ": member " + i);
        }
        for (int w = from >>> 6; w < (to + 63) >>> 6; w++) {
            BitSet word = model.get(w << 6, (w << 6) + 64);
            assertEquals(word.isEmpty() ? 0L : word.toLongArray()[0], set.word(w), context + ": packed word " + w);
        }
        SummaryChecks.assertMarkedWordsBounded(set::markedWords, model, from, to, context);
        for (int index = set.nextSetBit(from, to), expected = model.nextSetBit(from); ;
             index = set.nextSetBit(index + 1, to), expected = model.nextSetBit(expected + 1)) {
            assertEquals(expected < 0 || expected >= to ? Index.NONE : expected, index, context + ": walk");
            if (index == Index.NONE) {
                break;
            }
        }
    }
}
