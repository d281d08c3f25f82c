package io.flatscene.core.container;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class DeadEntryVectorTest {

    private static List<Integer> live(DeadEntryVector v) {
        List<Integer> out = new ArrayList<>();
        for (int i = v.nextLive(0); i < v.size(); i = v.nextLive(i + 1)) {
            out.add(v.get(i));
        }
        return out;
    }

    /** Every entry as the caller can observe it: its value, or null where it is dead. */
    private static List<Integer> snapshot(DeadEntryVector v) {
        List<Integer> out = new ArrayList<>();
        for (int i = 0; i < v.size(); i++) {
            out.add(v.entryIsDead(i) ? null : v.get(i));
        }
        return out;
    }

    /**
     * The seed's picture: [1,9,3,4,3] stored with dead entries at 1, 4 and 5, which were killed in the order
     * 4, 1, 5, so the free list runs 5 -> 1 -> 4.
     */
    private static DeadEntryVector seedExample() {
        DeadEntryVector v = new DeadEntryVector("mesh.edges", 8, GrowthPolicy.FAIL);
        int[] layout = {1, 100, 9, 3, 101, 102, 4, 3};
        for (int value : layout) {
            int i = v.addEntry();
            v.set(i, value);
        }
        v.markAsDead(4);
        v.markAsDead(1);
        v.markAsDead(5);
        return v;
    }

    @Test
    void seedSequenceIteratesLiveEntriesOnly() {
        DeadEntryVector v = seedExample();
        v.validate();
        assertEquals(List.of(1, 9, 3, 4, 3), live(v));
        assertEquals(8, v.size());
        assertEquals(3, v.numberDead());
        assertEquals(5, v.liveCount());
        assertFalse(v.isEmpty());
        boolean[] dead = {false, true, false, false, true, true, false, false};
        for (int i = 0; i < dead.length; i++) {
            assertEquals(dead[i], v.entryIsDead(i), "entry " + i);
        }
        assertEquals(0, v.nextLive(-5));
        assertEquals(2, v.nextLive(1));
        assertEquals(6, v.nextLive(4));
        assertEquals(8, v.nextLive(8));
    }

    @Test
    void nextLivePastTheEndReturnsSize() {
        DeadEntryVector v = seedExample();
        // The javadoc promises size() when there is no live entry at or after from, whatever from is; a caller
        // that compares the result with size() using == (not <) depends on it.
        assertEquals(v.size(), v.nextLive(v.size() + 1));
        assertEquals(v.size(), v.nextLive(100));
        v.markAsDead(7);
        v.markAsDead(6);
        assertEquals(v.size(), v.nextLive(6));
    }

    @Test
    void addEntryReusesMostRecentlyFreedFirst() {
        DeadEntryVector v = seedExample();
        // Freed in the order 4, 1, 5: the seed's free list is a stack.
        assertEquals(5, v.addEntry());
        assertEquals(-1, v.get(5), "a reused entry must read -1, not its old value or its free-list link");
        assertEquals(2, v.numberDead());
        v.validate();
        assertEquals(1, v.addEntry());
        assertEquals(-1, v.get(1));
        v.validate();
        assertEquals(4, v.addEntry());
        assertEquals(-1, v.get(4));
        assertEquals(0, v.numberDead());
        v.validate();
        assertEquals(8, v.size(), "reuse must not grow the vector");
        assertThrows(CapacityExceededException.class, v::addEntry, "the free list is empty and capacity is 8");
    }

    @Test
    void killingAReusedEntryPutsItBackOnTop() {
        DeadEntryVector v = seedExample();
        assertEquals(5, v.addEntry());
        v.markAsDead(6);
        v.markAsDead(5);
        v.validate();
        assertEquals(5, v.addEntry());
        assertEquals(6, v.addEntry());
        assertEquals(1, v.addEntry());
        assertEquals(4, v.addEntry());
        v.validate();
    }

    @Test
    void freshEntryReadsMinusOne() {
        DeadEntryVector v = new DeadEntryVector("v", 4, GrowthPolicy.GROW);
        assertTrue(v.isEmpty());
        int i = v.addEntry();
        assertEquals(0, i);
        assertEquals(-1, v.get(0));
        assertFalse(v.entryIsDead(0));
        assertEquals(1, v.size());
        assertEquals(1, v.liveCount());
        v.validate();
    }

    @Test
    void setAcceptsMinusOneAndZero() {
        DeadEntryVector v = new DeadEntryVector("v", 4, GrowthPolicy.GROW);
        int i = v.addEntry();
        v.set(i, 0);
        assertEquals(0, v.get(i));
        v.set(i, -1);
        assertEquals(-1, v.get(i));
        assertFalse(v.entryIsDead(i), "-1 is a live value in the seed's mesh, not a dead marker");
        v.set(i, Integer.MAX_VALUE);
        assertEquals(Integer.MAX_VALUE, v.get(i));
        v.validate();
    }

    @Test
    void linkEncodingRoundTripsAndIsAlwaysBelowMinusOne() {
        assertEquals(-2, DeadEntryVector.encodeLink(-1));
        assertEquals(-3, DeadEntryVector.encodeLink(0));
        for (int x = -1; x <= 100_000; x++) {
            int e = DeadEntryVector.encodeLink(x);
            assertTrue(e <= -2, "encodeLink(" + x + ") = " + e);
            assertEquals(x, DeadEntryVector.decodeLink(e));
        }
        // The largest index any array can have: the encoding must still not collide with live values.
        int[] large = {1 << 20, 1 << 30, Capacity.MAX_ARRAY_LENGTH - 2, Capacity.MAX_ARRAY_LENGTH - 1};
        for (int x : large) {
            int e = DeadEntryVector.encodeLink(x);
            assertTrue(e <= -2, "encodeLink(" + x + ") = " + e);
            assertEquals(x, DeadEntryVector.decodeLink(e));
        }
        // The seed notes the mapping is its own inverse.
        for (int e = -2; e >= -100_000; e--) {
            assertEquals(e, DeadEntryVector.encodeLink(DeadEntryVector.decodeLink(e)));
            assertEquals(DeadEntryVector.encodeLink(e), DeadEntryVector.decodeLink(e));
        }
    }

    @Test
    void consolidateReturnsRemapTableAndCompacts() {
        DeadEntryVector v = seedExample();
        int capacity = v.capacity();
        int[] remaps = v.consolidate();
        assertArrayEquals(new int[] {0, -1, 1, 2, -1, -1, 3, 4}, remaps);
        v.validate();
        assertEquals(5, v.size());
        assertEquals(0, v.numberDead());
        assertEquals(5, v.liveCount());
        for (int i = 0; i < v.size(); i++) {
            assertFalse(v.entryIsDead(i));
        }
        assertEquals(List.of(1, 9, 3, 4, 3), live(v));
        assertEquals(List.of(1, 9, 3, 4, 3), snapshot(v));
        assertEquals(capacity, v.capacity());
        // The free list was emptied, so the next entry is appended, and reads -1 despite the stale value behind it.
        assertEquals(5, v.addEntry());
        assertEquals(-1, v.get(5));
        v.validate();
    }

    @Test
    void consolidateOfEmptyAndAllDeadVectors() {
        DeadEntryVector empty = new DeadEntryVector("v", 0, GrowthPolicy.GROW);
        assertArrayEquals(new int[0], empty.consolidate());
        empty.validate();

        DeadEntryVector v = new DeadEntryVector("v", 2, GrowthPolicy.GROW);
        for (int i = 0; i < 5; i++) {
            v.set(v.addEntry(), i);
        }
        for (int i = 0; i < 5; i++) {
            v.markAsDead(i);
        }
        assertEquals(5, v.numberDead());
        assertEquals(0, v.liveCount());
        assertEquals(5, v.nextLive(0));
        assertArrayEquals(new int[] {-1, -1, -1, -1, -1}, v.consolidate());
        assertEquals(0, v.size());
        assertTrue(v.isEmpty());
        v.validate();
        assertEquals(0, v.addEntry());
    }

    @Test
    void consolidateWithoutDeadEntriesIsIdentity() {
        DeadEntryVector v = new DeadEntryVector("v", 4, GrowthPolicy.GROW);
        for (int i = 0; i < 4; i++) {
            v.set(v.addEntry(), 10 * i);
        }
        assertArrayEquals(new int[] {0, 1, 2, 3}, v.consolidate());
        assertEquals(List.of(0, 10, 20, 30), snapshot(v));
        v.validate();
    }

    @Test
    void setOfValueBelowMinusOneIsRejected() {
        DeadEntryVector v = seedExample();
        assertRejected(v, IllegalArgumentException.class, () -> v.set(0, -2));
        assertRejected(v, IllegalArgumentException.class, () -> v.set(3, Integer.MIN_VALUE));
        // -2 is exactly the encoding of the end of the free list; accepting it would make entry 0 look dead.
        assertFalse(v.entryIsDead(0));
    }

    @Test
    void deadEntriesCannotBeReadSetOrKilledAgain() {
        DeadEntryVector v = seedExample();
        for (int dead : new int[] {1, 4, 5}) {
            IllegalStateException e = assertRejected(v, IllegalStateException.class, () -> v.get(dead));
            assertTrue(e.getMessage().contains("mesh.edges"), e.getMessage());
            assertRejected(v, IllegalStateException.class, () -> v.set(dead, 7));
            // Killing twice would push the entry on the free list twice and make a cycle.
            assertRejected(v, IllegalStateException.class, () -> v.markAsDead(dead));
        }
    }

    @Test
    void indicesOutOfRangeAreRejected() {
        DeadEntryVector v = seedExample();
        for (int bad : new int[] {-1, 8, 9, Integer.MIN_VALUE, Integer.MAX_VALUE}) {
            assertRejected(v, IndexOutOfBoundsException.class, () -> v.get(bad));
            assertRejected(v, IndexOutOfBoundsException.class, () -> v.set(bad, 0));
            assertRejected(v, IndexOutOfBoundsException.class, () -> v.markAsDead(bad));
            assertRejected(v, IndexOutOfBoundsException.class, () -> v.entryIsDead(bad));
        }
        // Within the capacity but past the size is still out of range.
        assertTrue(v.capacity() >= 8);
        DeadEntryVector roomy = new DeadEntryVector("roomy", 16, GrowthPolicy.FAIL);
        roomy.addEntry();
        assertRejected(roomy, IndexOutOfBoundsException.class, () -> roomy.get(1));
        assertRejected(roomy, IndexOutOfBoundsException.class, () -> roomy.markAsDead(1));
    }

    /**
     * Asserts the call throws and that no entry, count or capacity changed. The free-list order is visible only
     * through the order addEntry hands entries back, so {@link #freeListOrderSurvivesRejectedCalls} checks it.
     */
    private static <T extends Throwable> T assertRejected(DeadEntryVector v, Class<T> type, Executable call) {
        List<Integer> before = snapshot(v);
        int dead = v.numberDead();
        int capacity = v.capacity();
        T e = assertThrows(type, call);
        v.validate();
        assertEquals(before, snapshot(v));
        assertEquals(dead, v.numberDead());
        assertEquals(capacity, v.capacity());
        return e;
    }

    @Test
    void freeListOrderSurvivesRejectedCalls() {
        DeadEntryVector v = seedExample();
        assertThrows(IllegalStateException.class, () -> v.markAsDead(1));
        assertThrows(IllegalStateException.class, () -> v.set(5, 3));
        assertThrows(IllegalArgumentException.class, () -> v.set(0, -3));
        assertThrows(IndexOutOfBoundsException.class, () -> v.markAsDead(8));
        assertEquals(5, v.addEntry());
        assertEquals(1, v.addEntry());
        assertEquals(4, v.addEntry());
        v.validate();
    }

    @Test
    void failPolicyRefusesToGrowAndLeavesVectorUnchanged() {
        DeadEntryVector v = new DeadEntryVector("mesh.maxEdges", 3, GrowthPolicy.FAIL);
        for (int i = 0; i < 3; i++) {
            v.set(v.addEntry(), i + 10);
        }
        CapacityExceededException e = assertRejected(v, CapacityExceededException.class, v::addEntry);
        assertEquals("mesh.maxEdges", e.capacityName());
        assertEquals(3, e.capacity());
        assertTrue(e.getMessage().contains("mesh.maxEdges"), e.getMessage());
        assertEquals(3, v.size());
        // A dead entry can be reused even when full: reuse needs no room.
        v.markAsDead(1);
        assertEquals(1, v.addEntry());
        v.validate();
        assertEquals(List.of(10, -1, 12), snapshot(v));
    }

    @Test
    void growPolicyGrowsByHalfAndKeepsValues() {
        DeadEntryVector v = new DeadEntryVector("v", 4, GrowthPolicy.GROW);
        List<Integer> expected = new ArrayList<>();
        int capacity = v.capacity();
        for (int i = 0; i < 50; i++) {
            boolean full = v.size() == v.capacity();
            int index = v.addEntry();
            assertEquals(i, index);
            v.set(index, i * 3);
            expected.add(i * 3);
            if (full) {
                int grown = v.capacity();
                assertTrue(grown >= capacity + capacity / 2 && grown <= capacity + capacity / 2 + 1,
                        "grew from " + capacity + " to " + grown);
                capacity = grown;
            }
        }
        assertEquals(expected, snapshot(v));
        v.validate();
    }

    @Test
    void negativeCapacityIsRejected() {
        assertThrows(IllegalArgumentException.class, () -> new DeadEntryVector("v", -1, GrowthPolicy.GROW));
    }
}
