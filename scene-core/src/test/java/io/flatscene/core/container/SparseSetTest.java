package io.flatscene.core.container;

import java.util.ArrayList;
import java.util.List;
import java.util.function.BiConsumer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class SparseSetTest {

    /** A set with one column of each kind, every value derived from its id so attachment is checkable. */
    private static final class Fixture {
        final SparseSet set;
        final IntColumn ints;
        final FloatColumn floats;
        final LongColumn longs;
        final ObjectColumn<String> names;

        Fixture(String name, int capacity, GrowthPolicy policy) {
            set = new SparseSet(name, capacity, policy);
            ints = set.addIntColumn();
            floats = set.addFloatColumn();
            longs = set.addLongColumn();
            names = set.addObjectColumn();
        }

        void add(int id) {
            int p = set.add(id);
            ints.set(p, intOf(id));
            floats.set(p, floatOf(id));
            longs.set(p, longOf(id));
            names.set(p, nameOf(id));
        }

        void addAll(int... ids) {
            for (int id : ids) {
                add(id);
            }
        }

        List<Integer> ids() {
            List<Integer> out = new ArrayList<>();
            for (int p = 0; p < set.size(); p++) {
                out.add(set.idAt(p));
            }
            return out;
        }

        /** Every id's position round-trips and every column at that position still holds that id's values. */
        void assertAttached() {
            set.validate();
            for (int p = 0; p < set.size(); p++) {
                int id = set.idAt(p);
                assertEquals(p, set.indexOf(id), "indexOf(" + id + ")");
                assertTrue(set.contains(id));
                assertEquals(intOf(id), ints.get(p), "int of id " + id);
                assertEquals(floatOf(id), floats.get(p), "float of id " + id);
                assertEquals(longOf(id), longs.get(p), "long of id " + id);
                assertEquals(nameOf(id), names.get(p), "name of id " + id);
            }
        }

        String snapshot() {
            StringBuilder s = new StringBuilder("size=").append(set.size()).append(" capacity=")
                    .append(set.capacity()).append(" pages=").append(set.allocatedPages());
            for (int p = 0; p < set.size(); p++) {
                s.append(" [").append(set.idAt(p)).append(' ').append(ints.get(p)).append(' ')
                        .append(floats.get(p)).append(' ').append(longs.get(p)).append(' ').append(names.get(p))
                        .append(']');
            }
            return s.toString();
        }

        <T extends Throwable> T assertRejectedUnchanged(Class<T> type, Executable call) {
            String before = snapshot();
            T thrown = assertThrows(type, call);
            set.validate();
            assertEquals(before, snapshot(), "a rejected call must leave the set as it was");
            return thrown;
        }
    }

    static int intOf(int id) {
        return id * 7 + 1;
    }

    static float floatOf(int id) {
        return id * 0.5f - 3f;
    }

    static long longOf(int id) {
        return (long) id << 33 | 5L;
    }

    static String nameOf(int id) {
        return "id-" + id;
    }

    @Test
    void addPlacesIdsAtTheEndAndNewColumnValuesStartAtDefaults() {
        Fixture f = new Fixture("basic", 8, GrowthPolicy.FAIL);
        assertTrue(f.set.isEmpty());
        assertEquals(0, f.set.add(42));
        assertEquals(0, f.ints.get(0));
        assertEquals(0f, f.floats.get(0));
        assertEquals(0L, f.longs.get(0));
        assertNull(f.names.get(0));
        assertEquals(1, f.set.add(7));
        assertEquals(2, f.set.add(0));
        assertEquals(3, f.set.size());
        assertEquals(List.of(42, 7, 0), f.ids());
        assertEquals(0, f.set.indexOf(42));
        assertEquals(1, f.set.indexOf(7));
        assertEquals(2, f.set.indexOf(0));
        assertEquals(-1, f.set.indexOf(8));
        assertEquals(-1, f.set.indexOf(-3));
        assertFalse(f.set.contains(8));
        assertFalse(f.set.contains(-3));
        assertFalse(f.set.contains(Integer.MAX_VALUE));
        f.set.validate();
    }

    @Test
    void swapAndPopRemoveCarriesEveryColumnWithItsId() {
        Fixture f = new Fixture("remove", 8, GrowthPolicy.FAIL);
        f.addAll(10, 20, 30, 40, 50);
        f.assertAttached();

        assertEquals(1, f.set.remove(20), "remove returns the position the id had");
        assertEquals(List.of(10, 50, 30, 40), f.ids(), "the last id fills the hole");
        assertFalse(f.set.contains(20));
        assertEquals(-1, f.set.indexOf(20));
        f.assertAttached();

        assertEquals(3, f.set.remove(40), "removing the last id moves nothing");
        assertEquals(List.of(10, 50, 30), f.ids());
        f.assertAttached();

        assertEquals(0, f.set.remove(10));
        assertEquals(List.of(30, 50), f.ids());
        f.assertAttached();

        f.set.remove(30);
        f.set.remove(50);
        assertTrue(f.set.isEmpty());
        f.set.validate();

        // Removed ids can come back and get fresh defaults, not their old values.
        assertEquals(0, f.set.add(20));
        assertEquals(0, f.ints.get(0));
        assertNull(f.names.get(0));
    }

    @Test
    void setWritesOnlyTheAddressedPosition() {
        Fixture f = new Fixture("set", 4, GrowthPolicy.FAIL);
        f.addAll(1, 2, 3);
        f.ints.set(f.set.indexOf(2), -9);
        f.floats.set(f.set.indexOf(2), 2.25f);
        f.longs.set(f.set.indexOf(2), Long.MIN_VALUE);
        f.names.set(f.set.indexOf(2), "two");
        assertEquals(intOf(1), f.ints.get(f.set.indexOf(1)));
        assertEquals(intOf(3), f.ints.get(f.set.indexOf(3)));
        f.set.remove(1);
        int p = f.set.indexOf(2);
        assertEquals(-9, f.ints.get(p));
        assertEquals(2.25f, f.floats.get(p));
        assertEquals(Long.MIN_VALUE, f.longs.get(p));
        assertEquals("two", f.names.get(p));
    }

    @Test
    void objectColumnKeepsNoReferenceInAVacatedPosition() {
        Fixture f = new Fixture("objects", 4, GrowthPolicy.FAIL);
        f.addAll(1, 2, 3);
        Object held = f.names.get(f.set.indexOf(3));

        // Removing from the middle: position 2 is vacated by the moved last id.
        f.set.remove(1);
        assertEquals(2, f.set.add(9));
        assertNull(f.names.get(2), "the vacated position must not still hold the moved id's reference");
        assertSame(held, f.names.get(f.set.indexOf(3)), "the moved id keeps its own reference");

        // Removing the last id: its own position is vacated.
        f.set.remove(9);
        assertEquals(2, f.set.add(11));
        assertNull(f.names.get(2));
        assertEquals(0, f.ints.get(2));
        assertEquals(0f, f.floats.get(2));
        assertEquals(0L, f.longs.get(2));

        f.set.clear();
        assertEquals(0, f.set.add(4));
        assertNull(f.names.get(0), "clear must drop references too");
        assertEquals(0, f.ints.get(0));
    }

    @Test
    void pagedSparseAllocatesOnlyPagesInUse() {
        SparseSet set = new SparseSet("pages", 4, GrowthPolicy.GROW);
        assertEquals(0, set.allocatedPages());
        set.add(0);
        assertEquals(1, set.allocatedPages());
        set.add(10_000_000);
        assertEquals(2, set.allocatedPages());
        set.add(1);
        set.add(SparseSet.PAGE_SIZE - 1);
        assertEquals(2, set.allocatedPages(), "ids on an allocated page need no new page");
        set.add(SparseSet.PAGE_SIZE);
        assertEquals(3, set.allocatedPages());
        assertTrue(set.contains(10_000_000));
        assertEquals(1, set.indexOf(10_000_000));
        assertFalse(set.contains(10_000_001));
        assertFalse(set.contains(9_999_999));
        set.validate();

        set.remove(10_000_000);
        set.clear();
        assertEquals(3, set.allocatedPages(), "pages stay allocated for reuse");
        set.validate();
        set.add(10_000_000);
        assertEquals(3, set.allocatedPages());
        set.add(Integer.MAX_VALUE);
        assertEquals(4, set.allocatedPages());
        assertTrue(set.contains(Integer.MAX_VALUE));
        set.validate();
    }

    /** The three sorts behind one name, so each walk-through runs against all of them. */
    private enum Sort {
        IN_PLACE(SparseSet::sortInPlace), PERMUTATION(SparseSet::sortByPermutation), MIXED(SparseSet::sort);

        final BiConsumer<SparseSet, IdComparator> run;

        Sort(BiConsumer<SparseSet, IdComparator> run) {
            this.run = run;
        }
    }

    @Test
    void everySortOrdersByIdAndKeepsValuesAttached() {
        for (Sort sort : Sort.values()) {
            Fixture f = new Fixture("walk-" + sort, 8, GrowthPolicy.FAIL);
            f.addAll(5, 1, 4, 3, 2);
            sort.run.accept(f.set, Integer::compare);
            assertEquals(List.of(1, 2, 3, 4, 5), f.ids(), sort.name());
            f.assertAttached();

            sort.run.accept(f.set, (a, b) -> Integer.compare(b, a));
            assertEquals(List.of(5, 4, 3, 2, 1), f.ids(), sort.name());
            f.assertAttached();

            // Sorting what is already sorted must keep it so.
            sort.run.accept(f.set, (a, b) -> Integer.compare(b, a));
            assertEquals(List.of(5, 4, 3, 2, 1), f.ids(), sort.name());
            f.assertAttached();
        }
    }

    @Test
    void everySortOrdersByAColumnReadThroughIndexOf() {
        for (Sort sort : Sort.values()) {
            Fixture f = new Fixture("column-" + sort, 8, GrowthPolicy.FAIL);
            f.addAll(5, 1, 4, 3, 2);
            // Keys unrelated to id order, so a sort that compared ids instead of keys would be caught.
            int[] keyOf = {0, 40, 10, 50, 20, 30};
            IntColumn key = f.set.addIntColumn();
            for (int p = 0; p < f.set.size(); p++) {
                key.set(p, keyOf[f.set.idAt(p)]);
            }

            sort.run.accept(f.set, (a, b) -> Integer.compare(key.get(f.set.indexOf(a)), key.get(f.set.indexOf(b))));
            assertEquals(List.of(2, 4, 5, 1, 3), f.ids(), sort.name());
            f.assertAttached();
            for (int p = 0; p < f.set.size(); p++) {
                assertEquals(keyOf[f.set.idAt(p)], key.get(p), sort.name() + " key of id " + f.set.idAt(p));
            }

            // Descending by the float column, whose values follow the ids.
            sort.run.accept(f.set,
                    (a, b) -> Float.compare(f.floats.get(f.set.indexOf(b)), f.floats.get(f.set.indexOf(a))));
            assertEquals(List.of(5, 4, 3, 2, 1), f.ids(), sort.name());
            f.assertAttached();
            for (int p = 0; p < f.set.size(); p++) {
                assertEquals(keyOf[f.set.idAt(p)], key.get(p), sort.name() + " key of id " + f.set.idAt(p));
            }
        }
    }

    @Test
    void everySortHandlesLargerSetsAcrossPagesWithDuplicateKeys() {
        for (Sort sort : Sort.values()) {
            Fixture f = new Fixture("large-" + sort, 16, GrowthPolicy.GROW);
            // Ids spread over pages in a scrambled order, many sharing a key.
            int n = 3000;
            for (int i = 0; i < n; i++) {
                f.add((int) ((i * 7919L) % 50_021) * 3);
            }
            IdComparator byIntMod = (a, b) -> Integer.compare(f.ints.get(f.set.indexOf(a)) % 17,
                    f.ints.get(f.set.indexOf(b)) % 17);
            sort.run.accept(f.set, byIntMod);
            f.assertAttached();
            assertEquals(n, f.set.size());
            for (int p = 1; p < n; p++) {
                assertTrue(byIntMod.compare(f.set.idAt(p - 1), f.set.idAt(p)) <= 0, sort + " at " + p);
            }
        }
    }

    @Test
    void everySortKeepsValuesAttachedWhenQuicksortFallsBackToHeapsort() {
        // Keys in the median-of-three killer pattern drive the introsort past its depth limit, so the heapsort
        // path's swaps must carry the columns too.
        int n = 4096;
        int[] killer = IntroSortTest.medianOfThreeKiller(n);
        for (Sort sort : Sort.values()) {
            Fixture f = new Fixture("heap-" + sort, n, GrowthPolicy.FAIL);
            for (int id = 0; id < n; id++) {
                f.add(id);
            }
            IntColumn key = f.set.addIntColumn();
            for (int p = 0; p < n; p++) {
                key.set(p, killer[f.set.idAt(p)]);
            }
            sort.run.accept(f.set, (a, b) -> Integer.compare(key.get(f.set.indexOf(a)), key.get(f.set.indexOf(b))));
            f.assertAttached();
            for (int p = 0; p < n; p++) {
                assertEquals(killer[f.set.idAt(p)], key.get(p), sort + " key of id " + f.set.idAt(p));
                if (p > 0) {
                    assertTrue(key.get(p - 1) <= key.get(p), sort + " out of order at " + p);
                }
            }
        }
    }

    @Test
    void sortsOfEmptyAndSingletonSetsAreHarmless() {
        for (Sort sort : Sort.values()) {
            Fixture f = new Fixture("tiny-" + sort, 2, GrowthPolicy.FAIL);
            sort.run.accept(f.set, Integer::compare);
            f.set.validate();
            f.add(3);
            sort.run.accept(f.set, Integer::compare);
            assertEquals(List.of(3), f.ids());
            f.assertAttached();
            assertThrows(NullPointerException.class, () -> sort.run.accept(f.set, null));
        }
    }

    @Test
    void sortByPermutationWorksAfterTheSetGrows() {
        // The permutation scratch is sized on first use: a later, larger sort must not reuse a short one.
        Fixture f = new Fixture("regrow", 2, GrowthPolicy.GROW);
        f.addAll(2, 1);
        f.set.sortByPermutation(Integer::compare);
        for (int id = 100; id > 2; id--) {
            f.add(id);
        }
        f.set.sortByPermutation(Integer::compare);
        List<Integer> expected = new ArrayList<>();
        for (int id = 1; id <= 100; id++) {
            expected.add(id);
        }
        assertEquals(expected, f.ids());
        f.assertAttached();
    }

    @Test
    void sortAsPutsSharedIdsFirstInTheOtherSetsOrder() {
        Fixture f = new Fixture("mine", 16, GrowthPolicy.FAIL);
        f.addAll(1, 2, 3, 4, 5, 6, 7);
        SparseSet other = new SparseSet("theirs", 16, GrowthPolicy.FAIL);
        for (int id : new int[] {6, 100, 2, 9, 4, 1}) {
            other.add(id);
        }

        f.set.sortAs(other);
        f.assertAttached();
        List<Integer> ids = f.ids();
        assertEquals(List.of(6, 2, 4, 1), ids.subList(0, 4));
        assertEquals(List.of(3, 5, 7), ids.subList(4, 7).stream().sorted().toList());
        assertEquals(List.of(6, 100, 2, 9, 4, 1), otherIds(other), "the other set is only read");
        other.validate();

        // No shared ids: nothing moves.
        SparseSet disjoint = new SparseSet("disjoint", 4, GrowthPolicy.FAIL);
        disjoint.add(50);
        List<Integer> before = f.ids();
        f.set.sortAs(disjoint);
        assertEquals(before, f.ids());

        // Sorting as itself changes nothing; sorting as an empty set changes nothing.
        f.set.sortAs(f.set);
        assertEquals(before, f.ids());
        f.set.sortAs(new SparseSet("empty", 0, GrowthPolicy.FAIL));
        assertEquals(before, f.ids());
        f.assertAttached();
        assertThrows(NullPointerException.class, () -> f.set.sortAs(null));
    }

    @Test
    void sortAsASupersetMatchesItsOrderExactly() {
        Fixture f = new Fixture("subset", 8, GrowthPolicy.FAIL);
        f.addAll(3, 1, 2);
        SparseSet other = new SparseSet("superset", 8, GrowthPolicy.FAIL);
        for (int id : new int[] {2, 8, 3, 1, 0}) {
            other.add(id);
        }
        f.set.sortAs(other);
        assertEquals(List.of(2, 3, 1), f.ids());
        f.assertAttached();
    }

    private static List<Integer> otherIds(SparseSet set) {
        List<Integer> out = new ArrayList<>();
        for (int p = 0; p < set.size(); p++) {
            out.add(set.idAt(p));
        }
        return out;
    }

    @Test
    void swapPositionsSwapsIdsAndColumns() {
        Fixture f = new Fixture("swap", 4, GrowthPolicy.FAIL);
        f.addAll(1, 2, 3);
        f.set.swapPositions(0, 2);
        assertEquals(List.of(3, 2, 1), f.ids());
        f.assertAttached();
        f.set.swapPositions(1, 1);
        assertEquals(List.of(3, 2, 1), f.ids());
        f.assertRejectedUnchanged(IndexOutOfBoundsException.class, () -> f.set.swapPositions(0, 3));
        f.assertRejectedUnchanged(IndexOutOfBoundsException.class, () -> f.set.swapPositions(-1, 0));
    }

    @Test
    void clearEmptiesTheSetAndIdsCanReturn() {
        Fixture f = new Fixture("clear", 4, GrowthPolicy.FAIL);
        f.addAll(3, 4000, 9000);
        f.set.clear();
        f.set.validate();
        assertEquals(0, f.set.size());
        assertFalse(f.set.contains(3));
        assertFalse(f.set.contains(4000));
        assertFalse(f.set.contains(9000));
        f.addAll(9000, 3);
        assertEquals(List.of(9000, 3), f.ids());
        f.assertAttached();
    }

    @Test
    void badInputIsRejectedAndChangesNothing() {
        Fixture f = new Fixture("bad", 8, GrowthPolicy.GROW);
        f.addAll(4, 8, 15);

        f.assertRejectedUnchanged(IllegalArgumentException.class, () -> f.set.add(-1));
        f.assertRejectedUnchanged(IllegalArgumentException.class, () -> f.set.add(Integer.MIN_VALUE));
        IllegalStateException duplicate = f.assertRejectedUnchanged(IllegalStateException.class, () -> f.set.add(8));
        assertTrue(duplicate.getMessage().contains("8"), duplicate.getMessage());
        f.assertRejectedUnchanged(IllegalStateException.class, () -> f.set.remove(16));
        f.assertRejectedUnchanged(IllegalStateException.class, () -> f.set.remove(-4));
        f.assertRejectedUnchanged(IllegalStateException.class, () -> f.set.remove(1_000_000));

        int size = f.set.size();
        f.assertRejectedUnchanged(IndexOutOfBoundsException.class, () -> f.ints.get(size));
        f.assertRejectedUnchanged(IndexOutOfBoundsException.class, () -> f.floats.get(size));
        f.assertRejectedUnchanged(IndexOutOfBoundsException.class, () -> f.longs.get(size + 1));
        f.assertRejectedUnchanged(IndexOutOfBoundsException.class, () -> f.names.get(size));
        f.assertRejectedUnchanged(IndexOutOfBoundsException.class, () -> f.ints.get(-1));
        // Positions between size and capacity exist in the arrays but hold no id, so they are refused too.
        assertTrue(f.set.capacity() > size);
        f.assertRejectedUnchanged(IndexOutOfBoundsException.class, () -> f.ints.set(size, 1));
        f.assertRejectedUnchanged(IndexOutOfBoundsException.class, () -> f.floats.set(size, 1f));
        f.assertRejectedUnchanged(IndexOutOfBoundsException.class, () -> f.longs.set(size, 1L));
        f.assertRejectedUnchanged(IndexOutOfBoundsException.class, () -> f.names.set(size, "x"));
        f.assertRejectedUnchanged(IndexOutOfBoundsException.class, () -> f.set.idAt(size));
        f.assertRejectedUnchanged(IndexOutOfBoundsException.class, () -> f.set.idAt(-1));

        // After removal the old last position is out of range.
        f.set.remove(4);
        f.assertRejectedUnchanged(IndexOutOfBoundsException.class, () -> f.ints.get(2));
        f.assertAttached();
    }

    @Test
    void failPolicyRefusesTheIdPastCapacityAndChangesNothing() {
        Fixture f = new Fixture("fixed", 3, GrowthPolicy.FAIL);
        f.addAll(1, 5000, 2);
        int pages = f.set.allocatedPages();
        CapacityExceededException thrown = f.assertRejectedUnchanged(CapacityExceededException.class,
                () -> f.set.add(3));
        assertEquals("fixed", thrown.capacityName());
        assertEquals(3, thrown.capacity());
        // An id on a fresh page must not leave a page behind either.
        f.assertRejectedUnchanged(CapacityExceededException.class, () -> f.set.add(1_000_000));
        assertEquals(pages, f.set.allocatedPages());
        assertFalse(f.set.contains(3));
        assertEquals(3, f.set.capacity());

        // Room freed by a removal is usable again.
        f.set.remove(5000);
        f.add(3);
        f.assertAttached();
    }

    @Test
    void growPolicyGrowsEveryColumnWithTheSet() {
        Fixture f = new Fixture("grow", 0, GrowthPolicy.GROW);
        for (int id = 0; id < 200; id++) {
            f.add(id * 31);
        }
        assertTrue(f.set.capacity() >= 200);
        f.assertAttached();
        // A column added after growth sees the grown capacity.
        IntColumn late = f.set.addIntColumn();
        for (int p = 0; p < f.set.size(); p++) {
            assertEquals(0, late.get(p));
            late.set(p, p);
        }
        f.set.remove(0);
        assertEquals(199, late.get(0), "the late column moves with the ids too");
    }

    @Test
    void constructorRejectsBadArguments() {
        assertThrows(IllegalArgumentException.class, () -> new SparseSet("x", -1, GrowthPolicy.GROW));
        assertThrows(NullPointerException.class, () -> new SparseSet(null, 1, GrowthPolicy.GROW));
        assertThrows(NullPointerException.class, () -> new SparseSet("x", 1, null));
    }

    // ---- sorts by a column: radix over (key, position), every column gathered once ----

    @Test
    void sortByAnIntColumnOrdersSignedKeysAndKeepsEqualKeysInOrder() {
        SparseSet set = new SparseSet("by int", 8, GrowthPolicy.FAIL);
        IntColumn key = set.addIntColumn();
        ObjectColumn<String> tag = set.addObjectColumn();
        int[] keys = {5, -3, 5, Integer.MIN_VALUE, 0, Integer.MAX_VALUE, -3, 5};
        for (int id = 0; id < keys.length; id++) {
            int p = set.add(id * 10);
            key.set(p, keys[id]);
            tag.set(p, "id" + id * 10);
        }
        set.sortBy(key);
        set.validate();
        assertEquals(List.of(30, 10, 60, 40, 0, 20, 70, 50), idsOf(set), "stable: equal keys keep their order");
        for (int p = 0; p < set.size(); p++) {
            assertEquals("id" + set.idAt(p), tag.get(p), "every column moves with its id");
            assertEquals(keys[set.idAt(p) / 10], key.get(p));
        }
    }

    @Test
    void sortByAFloatColumnFollowsFloatCompare() {
        float[] keys = {Float.NaN, 1.5f, -0.0f, Float.NEGATIVE_INFINITY, 0.0f, -2f, Float.POSITIVE_INFINITY, -0.0f,
            Float.MIN_VALUE, -Float.MIN_VALUE};
        SparseSet set = new SparseSet("by float", keys.length, GrowthPolicy.FAIL);
        FloatColumn key = set.addFloatColumn();
        FloatColumn wide = set.addFloatColumn(3);
        for (int id = 0; id < keys.length; id++) {
            int p = set.add(id);
            key.set(p, keys[id]);
            wide.set(p, 0, id);
            wide.set(p, 2, -id);
        }
        set.sortBy(key);
        set.validate();
        for (int p = 1; p < set.size(); p++) {
            assertTrue(Float.compare(key.get(p - 1), key.get(p)) <= 0, "position " + p);
        }
        assertEquals(List.of(3, 5, 9, 2, 7, 4, 8, 1, 6, 0), idsOf(set), "-0.0 before 0.0, NaN last, stable");
        for (int p = 0; p < set.size(); p++) {
            assertEquals(set.idAt(p), wide.get(p, 0), "a wide column moves its whole block");
            assertEquals(-set.idAt(p), wide.get(p, 2));
        }
    }

    @Test
    void sortByALongColumnAndAgainKeepsTheSpareArraysCoherent() {
        Fixture f = new Fixture("by long", 4, GrowthPolicy.GROW);
        f.addAll(9, 2, 7, 4, 11, 0);
        f.set.sortBy(f.longs);
        f.assertAttached();
        for (int p = 1; p < f.set.size(); p++) {
            assertTrue(f.longs.get(p - 1) <= f.longs.get(p));
        }
        // a second sort after growth and removal reuses or reallocates the spares without mixing up positions
        f.addAll(40, 1, 33);
        f.set.remove(7);
        f.set.sortBy(f.ints);
        f.assertAttached();
        f.set.sortBy(f.floats);
        f.assertAttached();
        for (int p = 1; p < f.set.size(); p++) {
            assertTrue(Float.compare(f.floats.get(p - 1), f.floats.get(p)) <= 0);
        }
    }

    @Test
    void sortByRefusesAWideOrForeignColumnAndLeavesTheSetAsItWas() {
        Fixture f = new Fixture("refuse", 8, GrowthPolicy.FAIL);
        f.addAll(3, 1, 2);
        FloatColumn wide = f.set.addFloatColumn(2);
        SparseSet other = new SparseSet("other", 4, GrowthPolicy.FAIL);
        IntColumn foreign = other.addIntColumn();
        assertThrows(IllegalArgumentException.class, () -> f.set.sortBy(wide));
        assertThrows(IllegalArgumentException.class, () -> f.set.sortBy(foreign));
        assertThrows(NullPointerException.class, () -> f.set.sortBy((IntColumn) null));
        assertEquals(List.of(3, 1, 2), f.ids());
        f.assertAttached();
    }

    @Test
    void sortAsOfALargeOtherSetGathersAndKeepsTheRestInOrder() {
        Fixture f = new Fixture("as", 16, GrowthPolicy.FAIL);
        f.addAll(1, 2, 3, 4, 5, 6, 7, 8);
        SparseSet other = new SparseSet("other", 16, GrowthPolicy.FAIL);
        for (int id : new int[] {8, 40, 6, 4, 2}) {
            other.add(id);
        }
        f.set.sortAs(other);
        assertEquals(List.of(8, 6, 4, 2, 1, 3, 5, 7), f.ids());
        f.assertAttached();
    }

    private static List<Integer> idsOf(SparseSet set) {
        List<Integer> out = new ArrayList<>();
        for (int p = 0; p < set.size(); p++) {
            out.add(set.idAt(p));
        }
        return out;
    }
}
