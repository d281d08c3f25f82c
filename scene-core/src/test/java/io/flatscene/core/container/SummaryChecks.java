package io.flatscene.core.container;

import java.util.BitSet;
import java.util.function.IntBinaryOperator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The summary-level checks the property tests of {@link SummaryBitSet} and {@link SummaryByteSet} share, read through
 * a set's {@code markedWords(fromWord, toWord)} against a {@link BitSet} model.
 */
final class SummaryChecks {
    private SummaryChecks() {
    }

    /** After {@code clear(from, to)}: no word inside the range is marked, nor an edge word the clear emptied. */
    static void assertRangeUnmarked(IntBinaryOperator markedWords, BitSet model, int from, int to, String context) {
        if (from >= to) {
            return;
        }
        assertEquals(0, markedWords.applyAsInt((from + 63) >>> 6, to >>> 6),
                context + ": words inside the cleared range");
        for (int w : new int[] {from >>> 6, (to - 1) >>> 6}) {
            if (model.get(w << 6, (w << 6) + 64).isEmpty()) {
                assertEquals(0, markedWords.applyAsInt(w, w + 1), context + ": emptied edge word " + w);
            }
        }
    }

    /** The marked words of the words over {@code [from, to)} lie between the non-empty ones and all of them. */
    static void assertMarkedWordsBounded(IntBinaryOperator markedWords, BitSet model, int from, int to,
                                         String context) {
        int fromWord = from >>> 6;
        int toWord = (to + 63) >>> 6;
        int nonZero = 0;
        for (int w = fromWord; w < toWord; w++) {
            nonZero += model.get(w << 6, (w << 6) + 64).isEmpty() ? 0 : 1;
        }
        int marked = markedWords.applyAsInt(fromWord, toWord);
        assertTrue(marked >= nonZero && marked <= toWord - fromWord,
                context + ": " + marked + " marked words for " + nonZero + " non-zero of " + (toWord - fromWord));
    }
}
