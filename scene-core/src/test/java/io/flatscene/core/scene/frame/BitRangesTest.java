package io.flatscene.core.scene.frame;

import io.flatscene.core.container.SummaryBitSet;
import java.util.Random;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@link BitRanges#anySet} against a bit-by-bit count, over every range of small sets with few bits set (so that the
 * answer is often no and a bit just outside a range's ends decides it): empty ranges, one word, several words, and
 * the wide ranges it answers through the set's summary.
 */
class BitRangesTest {
    private static final int BITS = 8 * 64;

    private final Random random = new Random(20261124);

    @Test
    void everyRangeOfSparseSetsAgreesWithCountingTheBits() {
        for (int trial = 0; trial < 24; trial++) {
            SummaryBitSet set = new SummaryBitSet(BITS);
            int bitCount = trial % 4;
            for (int b = 0; b < bitCount; b++) {
                set.set(random.nextInt(BITS));
            }
            if (trial % 6 == 5) {
                set.set(0);
                set.set(BITS - 1);
            }
            assertEveryRange(set);
        }
    }

    @Test
    void eachBitIsFoundExactlyByTheRangesThatHoldIt() {
        // word ends and middles, on their own: a range that stops one bit short must miss it
        for (int bit : new int[] {0, 1, 62, 63, 64, 65, 127, 128, 200, 255, 256, 319, 320, 383, 384, BITS - 1}) {
            SummaryBitSet set = new SummaryBitSet(BITS);
            set.set(bit);
            assertEveryRange(set);
        }
    }

    @Test
    void anEmptyRangeHoldsNoBitEvenOverSetBits() {
        SummaryBitSet set = new SummaryBitSet(BITS);
        for (int b = 0; b < BITS; b++) {
            set.set(b);
        }
        assertFalse(BitRanges.anySet(set, 1, 0));
        assertFalse(BitRanges.anySet(set, 64, 63));
        assertFalse(BitRanges.anySet(set, BITS - 1, 0));
        assertTrue(BitRanges.anySet(set, 5, 5));
        assertTrue(BitRanges.anySet(set, 0, BITS - 1));
    }

    @Test
    void rangesOverFourWordsOrFewerReadTheWordsAndWiderOnesTheSummary() {
        // a bit written straight into the words and not yet summarized: the raw words show it, the summary does not
        // (the wide ranges start before the bit's word: the summary's search reads a range's first word itself)
        SummaryBitSet set = new SummaryBitSet(BITS);
        long[] words = set.words();
        words[2] = 1L << 7;
        int bit = 2 * 64 + 7;
        assertTrue(BitRanges.anySet(set, bit, bit), "one word");
        assertTrue(BitRanges.anySet(set, 64, 4 * 64 - 1), "words 1 to 3");
        assertTrue(BitRanges.anySet(set, 0, 4 * 64 - 1), "words 0 to 3: four words");
        assertFalse(BitRanges.anySet(set, 0, 5 * 64 - 1), "words 0 to 4 go through the summary");
        assertFalse(BitRanges.anySet(set, 64, 6 * 64), "words 1 to 6 go through the summary");
        set.summarize(2, 3);
        assertTrue(BitRanges.anySet(set, 0, 5 * 64 - 1), "once summarized");
        assertTrue(BitRanges.anySet(set, 64, 6 * 64), "once summarized");
        assertFalse(BitRanges.anySet(set, bit + 1, BITS - 1), "a wide range past the bit");
    }

    private static void assertEveryRange(SummaryBitSet set) {
        int[] before = new int[BITS + 1];
        for (int b = 0; b < BITS; b++) {
            before[b + 1] = before[b] + (set.get(b) ? 1 : 0);
        }
        for (int min = 0; min < BITS; min++) {
            for (int max = min - 1; max < BITS; max++) {
                boolean expected = max >= min && before[max + 1] - before[min] > 0;
                if (BitRanges.anySet(set, min, max) != expected) {
                    assertEquals(expected, BitRanges.anySet(set, min, max), "[" + min + ", " + max + "]");
                }
            }
        }
    }
}
