package io.flatscene.core.container;

import java.lang.reflect.Field;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class SummaryByteSetTest {

    @Test
    void aNegativeCapacityIsRefused() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new SummaryByteSet(-1));
        assertEquals("capacity -1 is negative", e.getMessage());
    }

    @Test
    void anEmptySetHasNoRoomAndGrowsByHalfItsWords() {
        SummaryByteSet set = new SummaryByteSet(0);
        assertEquals(0, set.capacity());
        assertEquals(Index.NONE, set.nextSetBit(0, 0));
        SummaryByteSet tenWords = new SummaryByteSet(640);
        tenWords.ensureCapacity(641);
        assertEquals(15 * 64, tenWords.capacity(), "ten words grow to fifteen, not to the eleven asked for");
    }

    @Test
    void validateReportsAMemberItsSummaryDoesNotMark() throws ReflectiveOperationException {
        SummaryByteSet set = new SummaryByteSet(256);
        set.set(3);
        set.validate("dirty");
        // a byte written behind the set's back: what a missed summary update would leave
        Field bytes = SummaryByteSet.class.getDeclaredField("bytes");
        bytes.setAccessible(true);
        ((byte[]) bytes.get(set))[130] = 1;
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> set.validate("dirty"));
        assertEquals("dirty: word 2 holds members its summary does not mark", e.getMessage());
    }

    @Test
    void capacityIsRoundedToWholeWordsAndGrowthKeepsMembers() {
        SummaryByteSet set = new SummaryByteSet(65);
        assertEquals(128, set.capacity());
        set.set(127);
        set.ensureCapacity(100);
        assertEquals(128, set.capacity(), "room enough: nothing grows");
        set.ensureCapacity(129);
        assertEquals(192, set.capacity(), "grows by at least half");
        set.ensureCapacity(10_000);
        assertEquals(10_048, set.capacity());
        assertTrue(set.get(127));
        assertEquals(1, set.cardinality());
        set.set(10_047);
        assertEquals(10_047, set.nextSetBit(128, 10_048));
    }

    @Test
    void aWordPacksItsMembersBitByBit() {
        SummaryByteSet set = new SummaryByteSet(256);
        long expected = 0L;
        for (int bit : new int[] {0, 1, 7, 8, 9, 31, 32, 55, 56, 62, 63}) {
            set.set(128 + bit);
            expected |= 1L << bit;
        }
        assertEquals(expected, set.word(2));
        assertEquals(0L, set.word(1));
        assertEquals(0L, set.word(3));
        set.clear(128 + 63);
        assertEquals(expected & ~(1L << 63), set.word(2));
    }

    @Test
    void membersFarApartAreFoundThroughTheSummary() {
        SummaryByteSet set = new SummaryByteSet(1 << 20);
        set.set(5);
        set.set(700_001);
        assertEquals(5, set.nextSetBit(0, 1 << 20));
        assertEquals(700_001, set.nextSetBit(6, 1 << 20));
        assertEquals(Index.NONE, set.nextSetBit(6, 700_001), "the end is exclusive");
        assertEquals(Index.NONE, set.nextSetBit(700_002, 1 << 20));
        assertEquals(Index.NONE, set.nextSetBit(9, 9), "an empty range");
        assertEquals(2, set.markedWords(0, (1 << 20) >>> 6));
        assertEquals(2, set.cardinality());
    }

    @Test
    void clearingARangeUnmarksTheWordsItEmptiesAndOnlyThose() {
        SummaryByteSet set = new SummaryByteSet(64 * 10);
        for (int w = 0; w < 10; w++) {
            set.set(w * 64 + 10);
        }
        set.set(64 * 9 + 40);
        set.clear(64 + 5, 64 * 9 + 20);
        assertFalse(set.get(64 + 10), "word 1 is emptied from its fifth index on");
        assertEquals(2, set.markedWords(0, 10), "word 0, before the range, and word 9 which keeps a member");
        assertTrue(set.get(10));
        assertFalse(set.get(64 * 9 + 10));
        assertTrue(set.get(64 * 9 + 40));
        set.clear(64 * 9, 64 * 9 + 50);
        assertEquals(1, set.markedWords(0, 10));
        set.clear(7, 7);
        assertTrue(set.get(10), "an empty range clears nothing");
        set.clear(0, 12);
        assertEquals(0, set.markedWords(0, 10));
        assertEquals(0, set.cardinality());
    }

    @Test
    void removingOneMemberLeavesItsWordMarkedUntilARangeClearFindsItEmpty() {
        SummaryByteSet set = new SummaryByteSet(128);
        set.set(70);
        set.clear(70);
        assertEquals(1, set.markedWords(0, 2), "a single removal does not read the word");
        assertEquals(Index.NONE, set.nextSetBit(0, 128));
        set.clear(100, 101);
        assertEquals(0, set.markedWords(0, 2));
        set.validate("set");
    }

    @Test
    void addingARangeSetsItsIndicesAndMarksTheWordsItTouchesAndOnlyThose() {
        // three summary longs' worth of words, so ranges start, end and span at word and summary-long boundaries
        int capacity = 3 * 64 * 64;
        int[] edges = {0, 1, 63, 64, 65, 4095, 4096, 4097, 8191, 8192, 8250, capacity - 1, capacity};
        for (int from : edges) {
            for (int to : edges) {
                SummaryByteSet set = new SummaryByteSet(capacity);
                set.set(from, to);
                String range = "[" + from + ", " + to + ")";
                int members = Math.max(0, to - from);
                assertEquals(members, set.cardinality(), range + ": members");
                assertEquals(members == 0 ? Index.NONE : from, set.nextSetBit(0, capacity), range + ": first");
                for (int w = 0; w < capacity / 64; w++) {
                    boolean touched = members > 0 && w >= from >>> 6 && w <= (to - 1) >>> 6;
                    assertEquals(touched ? 1 : 0, set.markedWords(w, w + 1), range + ": word " + w);
                }
                set.validate(range);
            }
        }
    }
}
