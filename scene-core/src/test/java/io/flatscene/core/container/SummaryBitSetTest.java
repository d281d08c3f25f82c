package io.flatscene.core.container;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class SummaryBitSetTest {

    @Test
    void aNegativeCapacityIsRefused() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new SummaryBitSet(-1));
        assertTrue(e.getMessage().contains("-1"), e.getMessage());
    }

    @Test
    void capacityIsRoundedToWholeWordsAndGrowthKeepsBits() {
        SummaryBitSet set = new SummaryBitSet(65);
        assertEquals(128, set.capacity());
        set.set(127);
        set.ensureCapacity(100);
        assertEquals(128, set.capacity(), "room enough: no growth");
        set.ensureCapacity(10_000);
        assertTrue(set.capacity() >= 10_000);
        assertTrue(set.get(127));
        set.set(9_999);
        assertEquals(9_999, set.nextSetBit(128, 10_000));
    }

    @Test
    void bitsFarApartAreFoundThroughTheSummary() {
        SummaryBitSet set = new SummaryBitSet(1 << 20);
        set.set(3);
        set.set(700_000);
        set.set((1 << 20) - 1);
        assertEquals(3, set.nextSetBit(0, 1 << 20));
        assertEquals(700_000, set.nextSetBit(4, 1 << 20));
        assertEquals(Index.NONE, set.nextSetBit(4, 700_000), "the range ends before the bit");
        assertEquals((1 << 20) - 1, set.nextSetBit(700_001, 1 << 20));
        assertEquals(Index.NONE, set.nextSetBit(5, 5), "an empty range");
        assertEquals(3, set.cardinality());
        set.clear(0, 700_001);
        assertFalse(set.get(3));
        assertFalse(set.get(700_000));
        assertTrue(set.get((1 << 20) - 1));
        set.clear();
        assertEquals(0, set.cardinality());
        assertEquals(Index.NONE, set.nextSetBit(0, 1 << 20));
    }

    @Test
    void clearingARangeUnmarksTheWordsItEmptiesAndOnlyThose() {
        SummaryBitSet set = new SummaryBitSet(1 << 16);
        for (int bit = 0; bit < 1 << 16; bit += 32) {
            set.set(bit);
        }
        assertEquals(1 << 10, set.markedWords(0, 1 << 10));
        set.clear(100, 60_000);
        // word 1 keeps bits 64 and 96, word 937 (bits 59,968 to 60,031) keeps bit 60,000; words 2 to 936 are empty
        assertEquals(2, set.markedWords(1, 938));
        assertEquals(0, set.markedWords(2, 937));
        assertEquals(1, set.markedWords(937, 938));
        assertEquals(0, set.markedWords(5, 5), "an empty range of words");
        set.clear(64, 65);
        set.clear(96, 97);
        set.clear(60_000, 60_001);
        assertEquals(0, set.markedWords(1, 2), "a single clear that empties its word unmarks it too");
        assertEquals(1, set.markedWords(0, 1));
        set.clear(0, 1);
        set.clear(32, 33);
        assertEquals(0, set.markedWords(0, 938), "a range within one word that empties it");
        assertEquals(1024 - 938, set.markedWords(938, 1024));
    }

    @Test
    void clearingARangeWithinOneWordKeepsItsNeighbours() {
        SummaryBitSet set = new SummaryBitSet(64);
        for (int i = 0; i < 64; i++) {
            set.set(i);
        }
        set.clear(10, 20);
        assertEquals(54, set.cardinality());
        assertTrue(set.get(9));
        assertFalse(set.get(10));
        assertFalse(set.get(19));
        assertTrue(set.get(20));
        assertEquals(10, set.nextClearBit(0, 64));
        assertEquals(64, set.nextClearBit(20, 64), "every bit from 20 on is set");
        set.clear(30, 30);
        assertTrue(set.get(30), "an empty range clears nothing");
    }

    @Test
    void aWordWrittenWithoutItsSummaryIsReported() {
        SummaryBitSet set = new SummaryBitSet(256);
        set.words()[2] = 1L;
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> set.validate("changed slots"));
        assertTrue(e.getMessage().contains("changed slots") && e.getMessage().contains("word 2"), e.getMessage());
        set.summarize(0, 4);
        set.validate("changed slots");
        assertEquals(128, set.nextSetBit(0, 256));
        set.words()[2] = 0L;
        set.summarize(2, 3);
        assertEquals(Index.NONE, set.nextSetBit(0, 256));
    }
}
