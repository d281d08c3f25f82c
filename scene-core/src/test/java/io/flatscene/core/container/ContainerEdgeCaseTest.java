package io.flatscene.core.container;

import io.flatscene.core.parallel.WorkerPool;
import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The edges the model-based tests reach rarely or not at all: floats columns wider than one float under every move a
 * set makes, the limits of each argument check, the exact messages and descriptions, and the radix sort's parallel
 * paths with an odd number of passes or too few keys to split.
 */
class ContainerEdgeCaseTest {

    // ---- FloatColumn of width 3 ----

    private static float value(int id, int component) {
        return id * 10f + component + 1f;
    }

    private static void put(SparseSet set, FloatColumn wide, int id) {
        int p = set.add(id);
        for (int c = 0; c < 3; c++) {
            wide.set(p, c, value(id, c));
        }
    }

    private static void assertWide(SparseSet set, FloatColumn wide, String when) {
        for (int p = 0; p < set.size(); p++) {
            int id = set.idAt(p);
            for (int c = 0; c < 3; c++) {
                assertEquals(value(id, c), wide.get(p, c), when + ": id " + id + " component " + c + " at " + p);
            }
            assertEquals(value(id, 0), wide.get(p), when + ": component 0 of id " + id + " through get(position)");
        }
    }

    private static void assertZeroFrom(SparseSet set, FloatColumn wide, int from, String when) {
        for (int p = from; p < set.size(); p++) {
            for (int c = 0; c < 3; c++) {
                assertEquals(0f, wide.get(p, c), when + ": fresh position " + p + " component " + c);
            }
        }
    }

    @Test
    void aWideFloatColumnMovesWithItsIdsThroughRemovalsSwapsAndSorts() {
        SparseSet set = new SparseSet("wide", 8, GrowthPolicy.GROW);
        FloatColumn wide = set.addFloatColumn(3);
        IntColumn key = set.addIntColumn();
        for (int id : new int[] {5, 1, 4, 2, 3}) {
            put(set, wide, id);
            key.set(set.indexOf(id), -id);
        }
        assertWide(set, wide, "after adds");
        set.swapPositions(0, 3);
        assertWide(set, wide, "after swapPositions(0, 3)");
        set.sortInPlace(Integer::compare);
        assertWide(set, wide, "after sortInPlace");
        assertEquals(1, set.idAt(0), "sorted by id");
        set.sort((a, b) -> Integer.compare(b, a));
        assertWide(set, wide, "after the mixed sort, descending");
        set.sortByPermutation(Integer::compare);
        assertWide(set, wide, "after sortByPermutation");

        set.remove(2); // not last: the last id's three floats move into its place, the old last position resets
        assertWide(set, wide, "after removing an inner id");
        set.remove(set.idAt(set.size() - 1)); // last: its three floats reset
        assertWide(set, wide, "after removing the last id");
        set.add(9);
        set.add(8);
        assertZeroFrom(set, wide, set.size() - 2, "vacated positions reused");
    }

    @Test
    void aWideFloatColumnGatheredBySortByClearsWhatASmallerSetNoLongerHolds() {
        SparseSet set = new SparseSet("wide", 8, GrowthPolicy.GROW);
        FloatColumn wide = set.addFloatColumn(3);
        IntColumn key = set.addIntColumn();
        for (int id = 1; id <= 6; id++) {
            put(set, wide, id);
            key.set(set.indexOf(id), 7 - id);
        }
        set.sortBy(key);
        assertWide(set, wide, "after the first sortBy");
        assertEquals(6, set.idAt(0), "smallest key first");
        set.remove(set.idAt(5));
        set.remove(set.idAt(4));
        set.remove(set.idAt(3));
        set.sortBy(key); // gathers into the array the first sort left, whose positions 3..5 still held values
        assertWide(set, wide, "after the second sortBy");
        set.add(20);
        set.add(21);
        set.add(22);
        assertZeroFrom(set, wide, 3, "positions the second sort cleared");
        set.sortBy(key);
        for (int p = 0; p < 3; p++) {
            assertEquals(20 + p, set.idAt(p), "ids keyed 0 first, in their order");
            for (int c = 0; c < 3; c++) {
                assertEquals(0f, wide.get(p, c), "id " + set.idAt(p) + " component " + c + " after the third sortBy");
            }
        }
    }

    @Test
    void floatComponentsOutsideTheWidthAndWidthsBelowOneAreRefused() {
        SparseSet set = new SparseSet("wide", 4, GrowthPolicy.FAIL);
        FloatColumn wide = set.addFloatColumn(3);
        set.add(0);
        set.add(1);
        wide.set(0, 2, 7f);
        assertEquals(7f, wide.get(0, 2), "the last component");
        wide.set(1, 5f);
        assertEquals(5f, wide.get(1, 0), "set(position, value) writes component 0 of that position");
        assertEquals(0f, wide.get(0, 0), "and nothing of another position");
        wide.set(1, 0f);
        assertThrows(IndexOutOfBoundsException.class, () -> wide.get(0, 3), "component == width");
        assertThrows(IndexOutOfBoundsException.class, () -> wide.set(0, 3, 1f), "component == width");
        assertThrows(IndexOutOfBoundsException.class, () -> wide.get(1, -1), "a negative component");
        assertThrows(IndexOutOfBoundsException.class, () -> wide.set(1, -1, 1f), "a negative component");
        assertEquals(0f, wide.get(1, 0), "the refused writes changed nothing");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> set.addFloatColumn(0));
        assertTrue(e.getMessage().contains("at least 1 float per position, not 0"), e.getMessage());
        assertEquals(1, set.addFloatColumn(1).width(), "width 1 is the narrowest");
    }

    // ---- SparseSet ----

    @Test
    void isEmptyFollowsTheSize() {
        SparseSet set = new SparseSet("set", 2, GrowthPolicy.GROW);
        assertTrue(set.isEmpty(), "new set");
        set.add(3);
        assertFalse(set.isEmpty(), "one id");
        set.remove(3);
        assertTrue(set.isEmpty(), "after removing it");
        assertEquals("SparseSet[set, size 0, 0 columns]", set.toString());
    }

    // ---- SwapPopArray ----

    private static SwapPopArray<SwapPopArrayTest.Node> array(SwapPopArrayTest.Node... nodes) {
        SwapPopArray<SwapPopArrayTest.Node> array = new SwapPopArray<>("scene.nodes", 4, GrowthPolicy.FAIL,
                SwapPopArrayTest.GLOBAL);
        for (SwapPopArrayTest.Node node : nodes) {
            array.add(node);
        }
        return array;
    }

    @Test
    void containsAndRemoveWorkAtPositionZeroAndRefuseAnElementInNoArray() {
        SwapPopArrayTest.Node first = new SwapPopArrayTest.Node(0);
        SwapPopArrayTest.Node second = new SwapPopArrayTest.Node(1);
        SwapPopArrayTest.Node stranger = new SwapPopArrayTest.Node(9);
        SwapPopArray<SwapPopArrayTest.Node> array = array(first, second);
        assertTrue(array.contains(first), "the element at position 0");
        assertFalse(array.contains(stranger), "an element in no array");
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> array.remove(stranger));
        assertTrue(e.getMessage().contains("records position -1 but the array holds positions 0 to 1"),
                e.getMessage());
        assertEquals(0, array.remove(first), "removing position 0 returns it");
        assertFalse(array.contains(first));
        assertTrue(array.contains(second));
        assertEquals("scene.nodes", array.name());
        assertEquals("SwapPopArray[scene.nodes, size 1, capacity 4]", array.toString());
    }

    @Test
    void aStaleIndexIsDescribedByWhatItPointsAt() {
        SwapPopArrayTest.Node a = new SwapPopArrayTest.Node(0);
        SwapPopArrayTest.Node b = new SwapPopArrayTest.Node(1);
        SwapPopArray<SwapPopArrayTest.Node> array = array(a, b);
        SwapPopArrayTest.Node impostor = new SwapPopArrayTest.Node(5);
        impostor.globalIndex = 1;
        IllegalStateException inside = assertThrows(IllegalStateException.class, () -> array.remove(impostor));
        assertTrue(inside.getMessage().contains("records position 1 but that position holds Node#1"),
                inside.getMessage());
        impostor.globalIndex = 0;
        IllegalStateException first = assertThrows(IllegalStateException.class, () -> array.remove(impostor));
        assertTrue(first.getMessage().contains("records position 0 but that position holds Node#0"),
                first.getMessage());
        impostor.globalIndex = 2;
        IllegalStateException past = assertThrows(IllegalStateException.class, () -> array.remove(impostor));
        assertTrue(past.getMessage().contains("records position 2 but the array holds positions 0 to 1"),
                past.getMessage());
    }

    @Test
    void anIndexJustPastAFullArrayIsNotInIt() {
        SwapPopArray<SwapPopArrayTest.Node> full = array(new SwapPopArrayTest.Node(0), new SwapPopArrayTest.Node(1),
                new SwapPopArrayTest.Node(2), new SwapPopArrayTest.Node(3));
        SwapPopArrayTest.Node impostor = new SwapPopArrayTest.Node(7);
        impostor.globalIndex = 4;
        assertFalse(full.contains(impostor), "position 4 of an array holding 4");
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> full.remove(impostor));
        assertTrue(e.getMessage().contains("records position 4 but the array holds positions 0 to 3"),
                e.getMessage());
    }

    @Test
    void indexFieldOfReadsAndWritesThroughTheGivenFunctions() {
        IndexField<SwapPopArrayTest.Node> field = IndexField.of(n -> n.parentIndex, (n, i) -> n.parentIndex = i);
        SwapPopArray<SwapPopArrayTest.Node> children = new SwapPopArray<>("children", 2, GrowthPolicy.GROW, field);
        SwapPopArrayTest.Node a = new SwapPopArrayTest.Node(0);
        SwapPopArrayTest.Node b = new SwapPopArrayTest.Node(1);
        children.add(a);
        children.add(b);
        assertEquals(1, b.parentIndex, "written through the setter");
        assertEquals(1, field.get(b), "read through the getter");
        assertEquals(Index.NONE, a.globalIndex, "another field untouched");
        children.remove(a);
        assertEquals(0, b.parentIndex, "the moved element's field fixed");
        assertEquals(Index.NONE, a.parentIndex);
    }

    // ---- toString and small accessors ----

    @Test
    void descriptionsNameTheContainerAndItsCounts() {
        DeadEntryVector v = new DeadEntryVector("v", 4, GrowthPolicy.GROW);
        v.addEntry();
        v.addEntry();
        v.markAsDead(0);
        assertEquals("DeadEntryVector[v, size 2, dead 1]", v.toString());
        HandleTable table = new HandleTable("t", 4, GrowthPolicy.GROW, 1);
        table.create(0);
        table.release(table.create(1));
        assertEquals("HandleTable[t, 1 live, 1 retired]", table.toString());
        IntrusiveListPool pool = new IntrusiveListPool("pool", 5, 2, GrowthPolicy.GROW);
        pool.newList(0);
        assertEquals(2, pool.channels());
        assertEquals("IntrusiveListPool[pool, 1 lists, 2 channels, capacity 5]", pool.toString());
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> pool.size(3));
        assertTrue(e.getMessage().contains("no list 3 (lists 0 to 0 exist)"), e.getMessage());
    }

    @Test
    void indexOfIdReadsIndexZero() {
        HandleTable table = new HandleTable("t", 2, GrowthPolicy.FAIL);
        long handle = table.create(0);
        assertEquals(0, table.indexOfId(HandleTable.idOf(handle)), "an object at index 0");
        table.setIndexOfId(HandleTable.idOf(handle), 0);
        assertEquals(handle, table.handleOfId(HandleTable.idOf(handle)));
    }

    @Test
    void initialCapacitiesAreCheckedAtBothEnds() {
        assertEquals(0, Capacity.checkInitial("x", 0), "zero");
        assertEquals(Capacity.MAX_ARRAY_LENGTH, Capacity.checkInitial("x", Capacity.MAX_ARRAY_LENGTH), "the largest");
        IllegalArgumentException low = assertThrows(IllegalArgumentException.class,
                () -> Capacity.checkInitial("x", -1));
        assertTrue(low.getMessage().contains("x: capacity -1 must be between 0 and " + Capacity.MAX_ARRAY_LENGTH),
                low.getMessage());
        assertThrows(IllegalArgumentException.class, () -> Capacity.checkInitial("x", Capacity.MAX_ARRAY_LENGTH + 1));
    }

    /** Capacities whose arrays a computation would size past an int: a clear refusal, not an arithmetic failure. */
    @Test
    void capacitiesPastTheLargestArrayAreRefusedByName() {
        IllegalArgumentException bytes = assertThrows(IllegalArgumentException.class,
                () -> new SummaryByteSet(Integer.MAX_VALUE));
        assertTrue(bytes.getMessage().startsWith("capacity 2147483647 exceeds the largest"), bytes.getMessage());
        SummaryByteSet small = new SummaryByteSet(64);
        small.set(3);
        assertThrows(IllegalArgumentException.class, () -> small.ensureCapacity(Integer.MAX_VALUE));
        assertTrue(small.get(3));
        assertEquals(64, small.capacity(), "a refused growth changes nothing");

        SparseSet set = new SparseSet("wide", 1024, GrowthPolicy.GROW);
        IllegalArgumentException wide = assertThrows(IllegalArgumentException.class,
                () -> set.addFloatColumn(Integer.MAX_VALUE));
        assertTrue(wide.getMessage().contains("2147483647 floats per position cannot hold the set's 1024 positions"),
                wide.getMessage());
        set.add(7);
        set.validate();
    }

    /**
     * A float column holds its width times the positions in one array, so it bounds the set's growth: a set grew by
     * half to a capacity no column could hold, and failed with the dense array grown and the columns not.
     */
    @Test
    void aSetGrowsNoFurtherThanItsWidestColumnHolds() {
        SparseSet set = new SparseSet("wide", 0, GrowthPolicy.GROW);
        IntColumn narrow = set.addIntColumn();
        set.addFloatColumn(Integer.MAX_VALUE);
        CapacityExceededException e = assertThrows(CapacityExceededException.class, () -> set.add(7));
        assertEquals("wide is full at 0: it cannot grow past 0, the most one container can hold, under any growth "
                + "policy", e.getMessage());
        assertEquals(0, set.size());
        assertEquals(0, set.capacity(), "nothing grew");
        assertEquals(0, narrow.values().length, "no column grew");
        assertFalse(set.contains(7));
        set.validate();
    }

    /** A negative capacity once rounded to 2^26 words (512 MiB), and one past the largest to a negative size. */
    @Test
    void summaryBitSetCapacitiesAreCheckedAtBothEnds() {
        for (int bad : new int[] {-1, -100, SummaryBitSet.MAX_CAPACITY + 1, Integer.MAX_VALUE}) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new SummaryBitSet(bad));
            assertEquals("SummaryBitSet capacity " + bad + " must be between 0 and " + SummaryBitSet.MAX_CAPACITY,
                    e.getMessage());
        }
        SummaryBitSet set = new SummaryBitSet(64);
        set.set(5);
        assertThrows(IllegalArgumentException.class, () -> set.ensureCapacity(-100));
        assertThrows(IllegalArgumentException.class, () -> set.ensureCapacity(Integer.MAX_VALUE));
        assertEquals(64, set.capacity(), "a refused growth changes nothing");
        assertTrue(set.get(5));
        SummaryBitSet largest = new SummaryBitSet(SummaryBitSet.MAX_CAPACITY);
        assertEquals(SummaryBitSet.MAX_CAPACITY, largest.capacity(), "the largest is allocated, and counted right");
        largest.set(SummaryBitSet.MAX_CAPACITY - 1);
        assertEquals(SummaryBitSet.MAX_CAPACITY - 1, largest.nextSetBit(0, SummaryBitSet.MAX_CAPACITY));
    }

    // ---- SummaryBitSet ----

    @Test
    void summaryBitSetEdges() {
        SummaryBitSet empty = new SummaryBitSet(0);
        assertEquals(0, empty.capacity(), "capacity 0 is allowed");
        SummaryBitSet set = new SummaryBitSet(128);
        for (int i = 0; i < 64; i++) {
            set.set(i);
        }
        assertEquals(64, set.nextClearBit(0, 100), "the first clear bit is in the last word of the range");
        assertEquals(128, set.nextClearBit(128, 128), "an empty range at the capacity");
        set.set(64);
        set.set(65);
        assertEquals(66, set.nextClearBit(3, 128));
        SummaryBitSet big = new SummaryBitSet(20_000);
        big.set(19_999);
        set.or(big);
        assertTrue(set.capacity() >= 20_000, "or grows the set to hold the other's bits");
        assertTrue(set.get(19_999));
        assertEquals(67, set.cardinality());
    }

    // ---- IntroSort ----

    @Test
    void introSortOfManyRandomValuesStaysWithinNLogNComparisons() {
        Random random = new Random(11);
        int n = 50_000;
        int[] a = new int[n];
        for (int i = 0; i < n; i++) {
            a[i] = random.nextInt();
        }
        int[] expected = a.clone();
        Arrays.sort(expected);
        long[] comparisons = new long[1];
        IntroSort.sort(a, n, (x, y) -> {
            comparisons[0]++;
            return Integer.compare(x, y);
        }, null);
        assertArrayEquals(expected, a);
        long bound = 3L * n * (32 - Integer.numberOfLeadingZeros(n));
        assertTrue(comparisons[0] <= bound, comparisons[0] + " comparisons, more than " + bound);
    }

    // ---- LongRadixSort ----

    @Test
    void parallelSortWithOneDigitPassCopiesTheResultBack() {
        Random random = new Random(7);
        int n = 70_000;
        long[] keys = new long[n];
        int[] values = new int[n];
        for (int i = 0; i < n; i++) {
            keys[i] = random.nextInt(1 << 11); // one 11-bit digit: one pass, which ends in the scratch arrays
            values[i] = i;
        }
        long[] original = keys.clone();
        long[] expected = keys.clone();
        Arrays.sort(expected);
        try (WorkerPool pool = new WorkerPool("radix", 2)) {
            new LongRadixSort().sort(keys, values, n, pool);
        }
        assertArrayEquals(expected, keys, "sorted keys back in the caller's array");
        for (int i = 0; i < n; i++) {
            assertEquals(original[values[i]], keys[i], "the value at " + i + " moved with its key");
        }
        for (int i = 1; i < n; i++) {
            assertTrue(keys[i - 1] < keys[i] || values[i - 1] < values[i], "stable at " + i);
        }
    }

    @Test
    void smallOrSingleWorkerParallelSortsRunOnTheCaller() {
        long[] keys = {5, 3, -1, 3};
        int[] values = {0, 1, 2, 3};
        try (WorkerPool pool = new WorkerPool("radix", 2)) {
            new LongRadixSort().sort(keys, values, 4, pool);
        }
        assertArrayEquals(new long[] {3, 3, 5, -1}, keys, "unsigned order");
        assertArrayEquals(new int[] {1, 3, 0, 2}, values);
        long[] more = {2, 1};
        int[] moreValues = {0, 1};
        try (WorkerPool pool = new WorkerPool("radix", 1)) {
            new LongRadixSort().sort(more, moreValues, 2, pool);
        }
        assertArrayEquals(new long[] {1, 2}, more);
    }

    @Test
    void tooManyEntriesAreRefusedWhicheverArrayIsShort() {
        LongRadixSort sort = new LongRadixSort();
        assertThrows(IllegalArgumentException.class, () -> sort.sort(new long[3], new int[10], 5));
        assertThrows(IllegalArgumentException.class, () -> sort.sort(new long[10], new int[3], 5));
        try (WorkerPool pool = new WorkerPool("radix", 2)) {
            assertThrows(IllegalArgumentException.class,
                    () -> sort.sort(new long[3], new int[70_000], 70_000, pool));
            assertThrows(IllegalArgumentException.class,
                    () -> sort.sort(new long[70_000], new int[3], 70_000, pool));
        }
    }
}
