package io.flatscene.core.container;

import java.lang.reflect.Field;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Every container's {@code validate()} is the debugging aid that names the first broken invariant; no public call
 * breaks one, so these tests break each invariant by writing the container's private fields, and check that validate
 * reports that invariant (by its message) rather than failing some other way, and that an intact container at its
 * limits (full, at the largest version) passes.
 */
class ValidateDetectsCorruptionTest {

    private static Object field(Object owner, String name) {
        try {
            Field f = owner.getClass().getDeclaredField(name);
            f.setAccessible(true);
            return f.get(owner);
        } catch (ReflectiveOperationException e) {
            throw new AssertionError(e);
        }
    }

    private static void setField(Object owner, String name, Object value) {
        try {
            Field f = owner.getClass().getDeclaredField(name);
            f.setAccessible(true);
            f.set(owner, value);
        } catch (ReflectiveOperationException e) {
            throw new AssertionError(e);
        }
    }

    private static void assertReports(Executable validate, String expected) {
        IllegalStateException e = assertThrows(IllegalStateException.class, validate,
                "validate should report: " + expected);
        assertTrue(e.getMessage().contains(expected), "expected a message containing '" + expected + "' but got: "
                + e.getMessage());
    }

    // ---- SparseSet ----

    private static SparseSet fullSparseSet() {
        SparseSet set = new SparseSet("set", 4, GrowthPolicy.FAIL);
        set.add(3);
        set.add(0);
        set.add(2 * SparseSet.PAGE_SIZE + 1);
        set.add(7);
        return set;
    }

    @Test
    void sparseSetFullAndWithUnusedPagesIsValid() {
        SparseSet set = fullSparseSet();
        assertDoesNotThrow(set::validate, "a full set whose middle sparse page was never allocated");
    }

    @Test
    void sparseSetSizeOutsideItsCapacityIsReported() {
        SparseSet empty = new SparseSet("set", 4, GrowthPolicy.FAIL);
        setField(empty, "size", -1);
        assertReports(empty::validate, "size -1 outside capacity 4");
        SparseSet full = fullSparseSet();
        setField(full, "size", 5);
        assertReports(full::validate, "size 5 outside capacity 4");
    }

    @Test
    void sparseSetNegativeOrMisrecordedIdsAreReported() {
        SparseSet negative = fullSparseSet();
        ((int[]) field(negative, "dense"))[1] = -4;
        assertReports(negative::validate, "position 1 holds negative id -4");
        SparseSet misrecorded = fullSparseSet();
        ((int[]) field(misrecorded, "dense"))[1] = 5;
        assertReports(misrecorded::validate, "id 5 at position 1 is recorded at position -1");
    }

    @Test
    void sparseSetEntriesPointingOutsideTheSetAreReported() {
        SparseSet past = fullSparseSet();
        int[][] pages = (int[][]) field(past, "pages");
        pages[0][9] = 5;
        assertReports(past::validate, "id 9 maps to position 4 outside size 4");
        SparseSet negative = fullSparseSet();
        ((int[][]) field(negative, "pages"))[2][5] = -2;
        assertReports(negative::validate, "id " + (2 * SparseSet.PAGE_SIZE + 5) + " maps to position -3");
        SparseSet extra = fullSparseSet();
        ((int[][]) field(extra, "pages"))[0][9] = 2;
        assertReports(extra::validate, "sparse array holds 5 entries for 4 ids");
    }

    // ---- DeadEntryVector ----

    @Test
    void deadEntryVectorFullWithDeadEntriesIsValid() {
        DeadEntryVector v = new DeadEntryVector("v", 3, GrowthPolicy.FAIL);
        v.addEntry();
        v.addEntry();
        v.addEntry();
        v.markAsDead(2);
        v.markAsDead(0);
        assertDoesNotThrow(v::validate, "a full vector with two dead entries");
    }

    @Test
    void deadEntryVectorSizeOutsideItsCapacityIsReported() {
        DeadEntryVector low = new DeadEntryVector("v", 3, GrowthPolicy.FAIL);
        setField(low, "size", -1);
        assertReports(low::validate, "size -1 outside capacity 3");
        DeadEntryVector high = new DeadEntryVector("v", 3, GrowthPolicy.FAIL);
        setField(high, "size", 4);
        assertReports(high::validate, "size 4 outside capacity 3");
    }

    @Test
    void deadEntryVectorWrongDeadCountIsReported() {
        DeadEntryVector v = new DeadEntryVector("v", 3, GrowthPolicy.FAIL);
        v.addEntry();
        v.addEntry();
        v.markAsDead(1);
        setField(v, "numberDead", 2);
        assertReports(v::validate, "1 entries are dead but numberDead is 2");
    }

    @Test
    void deadEntryVectorFreeListLeavingTheEntriesIsReported() {
        DeadEntryVector atSize = new DeadEntryVector("v", 8, GrowthPolicy.FAIL);
        atSize.addEntry();
        atSize.addEntry();
        setField(atSize, "firstDead", 2);
        assertReports(atSize::validate, "free list reaches index 2 outside size 2");
        DeadEntryVector negative = new DeadEntryVector("v", 8, GrowthPolicy.FAIL);
        negative.addEntry();
        setField(negative, "firstDead", -5);
        assertReports(negative::validate, "free list reaches index -5 outside size 1");
    }

    @Test
    void deadEntryVectorFreeListReachingALiveEntryIsReported() {
        DeadEntryVector v = new DeadEntryVector("v", 4, GrowthPolicy.FAIL);
        v.addEntry(); // live, holding -1: the smallest live value
        v.addEntry();
        v.markAsDead(1);
        setField(v, "firstDead", 0);
        assertReports(v::validate, "free list reaches live entry 0");
    }

    @Test
    void deadEntryVectorFreeListCycleOrShortChainIsReported() {
        DeadEntryVector cycle = new DeadEntryVector("v", 4, GrowthPolicy.FAIL);
        cycle.addEntry();
        cycle.addEntry();
        cycle.markAsDead(0);
        cycle.markAsDead(1);
        ((int[]) field(cycle, "values"))[1] = DeadEntryVector.encodeLink(1);
        assertReports(cycle::validate, "free list is longer than numberDead 2");
        DeadEntryVector shortChain = new DeadEntryVector("v", 4, GrowthPolicy.FAIL);
        shortChain.addEntry();
        shortChain.addEntry();
        shortChain.markAsDead(0);
        shortChain.markAsDead(1);
        ((int[]) field(shortChain, "values"))[1] = DeadEntryVector.encodeLink(Index.NONE);
        assertReports(shortChain::validate, "free list holds 1 entries but numberDead is 2");
    }

    // ---- HandleTable ----

    @Test
    void handleTableFreeEntryAtTheLargestVersionIsValid() {
        HandleTable table = new HandleTable("t", 2, GrowthPolicy.FAIL, 2);
        long first = table.create(0);
        table.create(3);
        table.release(first); // version 1 -> 2, the largest
        assertDoesNotThrow(table::validate, "a free entry at version maxVersion");
    }

    @Test
    void handleTableChecksItsVectorToo() {
        HandleTable table = new HandleTable("t", 4, GrowthPolicy.FAIL);
        table.release(table.create(0));
        setField(field(table, "entries"), "numberDead", 0);
        assertReports(table::validate, "entries are dead but numberDead is 0");
    }

    @Test
    void handleTableEntryOfAnotherKindIsReported() {
        HandleTable table = HandleTable.ofKind("t", 4, GrowthPolicy.FAIL, 1);
        table.create(0);
        table.release(table.create(1));
        assertDoesNotThrow(table::validate);
        int[] versions = (int[]) field(table, "versions");
        int live = versions[0];
        versions[0] = (int) (HandleTable.ofKind("u", 1, GrowthPolicy.FAIL, 6).create(0) >>> 32);
        assertReports(table::validate, "entry 0 has kind 6 in a table of kind 1");
        versions[0] = live;
        versions[1] = versions[1] & HandleTable.MAX_VERSION;
        assertReports(table::validate, "entry 1 has kind 0 in a table of kind 1");
    }

    @Test
    void handleTableFreeEntryVersionOutOfRangeIsReported() {
        HandleTable retiredVersion = new HandleTable("t", 4, GrowthPolicy.FAIL, 3);
        retiredVersion.release(retiredVersion.create(0));
        ((int[]) field(retiredVersion, "versions"))[0] = HandleTable.RETIRED;
        assertReports(retiredVersion::validate, "free entry 0 has version 0 outside 1..3");
        HandleTable pastMax = new HandleTable("t", 4, GrowthPolicy.FAIL, 3);
        pastMax.release(pastMax.create(0));
        ((int[]) field(pastMax, "versions"))[0] = 4;
        assertReports(pastMax::validate, "free entry 0 has version 4 outside 1..3");
    }

    @Test
    void handleTableRetiredEntryPointingSomewhereIsReported() {
        HandleTable table = new HandleTable("t", 4, GrowthPolicy.FAIL, 1);
        table.release(table.create(0));
        ((DeadEntryVector) field(table, "entries")).set(0, 5);
        assertReports(table::validate, "retired entry 0 still points at index 5");
    }

    @Test
    void handleTableLiveEntryWithoutIndexOrPastTheLargestVersionIsReported() {
        HandleTable noIndex = new HandleTable("t", 4, GrowthPolicy.FAIL, 3);
        noIndex.create(2);
        ((DeadEntryVector) field(noIndex, "entries")).set(0, -1);
        assertReports(noIndex::validate, "live entry 0 has index -1 and version 1");
        HandleTable pastMax = new HandleTable("t", 4, GrowthPolicy.FAIL, 3);
        pastMax.create(2);
        ((int[]) field(pastMax, "versions"))[0] = 4;
        assertReports(pastMax::validate, "live entry 0 has index 2 and version 4");
    }

    @Test
    void handleTableWrongCountsAreReported() {
        HandleTable live = new HandleTable("t", 4, GrowthPolicy.FAIL, 1);
        live.create(0);
        live.release(live.create(1));
        setField(live, "live", 2);
        assertReports(live::validate, "counted 1 live and 1 retired entries but recorded 2 and 1");
        HandleTable retired = new HandleTable("t", 4, GrowthPolicy.FAIL, 1);
        retired.create(0);
        retired.release(retired.create(1));
        setField(retired, "retired", 0);
        assertReports(retired::validate, "counted 1 live and 1 retired entries but recorded 1 and 0");
    }

    // ---- IntrusiveListPool ----

    /** Two lists on channel 0 and one on channel 1: list 0 = [1, 2, 3], list 1 = [], list 2 = [2]; capacity 5. */
    private static IntrusiveListPool pool() {
        IntrusiveListPool pool = new IntrusiveListPool("pool", 5, 2, GrowthPolicy.FAIL);
        int a = pool.newList(0);
        pool.newList(0);
        int c = pool.newList(1);
        pool.pushBack(a, 1);
        pool.pushBack(a, 2);
        pool.pushBack(a, 3);
        pool.pushBack(c, 2);
        pool.validate();
        return pool;
    }

    /** The offset of an id's link for a channel in the pool's links array (2 channels, 3 ints a link). */
    private static int link(int id, int channel) {
        return (id * 2 + channel) * 3;
    }

    @Test
    void listPoolReachingAnIdOutsideItsCapacityIsReported() {
        IntrusiveListPool atCapacity = pool();
        ((int[]) field(atCapacity, "head"))[1] = 5;
        assertReports(atCapacity::validate, "list 1 reaches id 5 outside capacity 5");
        IntrusiveListPool negative = pool();
        ((int[]) field(negative, "head"))[1] = -4;
        assertReports(negative::validate, "list 1 reaches id -4 outside capacity 5");
    }

    @Test
    void listPoolLinkRecordingAnotherListOrNeighborIsReported() {
        IntrusiveListPool owner = pool();
        ((int[]) field(owner, "links"))[link(2, 0) + 2] = 1;
        assertReports(owner::validate, "id 2 is reached from list 0 but its link records list 1");
        IntrusiveListPool previous = pool();
        ((int[]) field(previous, "links"))[link(3, 0) + 1] = 1;
        assertReports(previous::validate, "id 3 in list 0 has previous 1 but is reached from 2");
    }

    @Test
    void listPoolSizeOrTailDisagreeingWithTheChainIsReported() {
        IntrusiveListPool shorter = pool();
        ((int[]) field(shorter, "sizes"))[0] = 2;
        assertReports(shorter::validate, "list 0 is longer than its size 2");
        IntrusiveListPool longer = pool();
        ((int[]) field(longer, "sizes"))[0] = 4;
        assertReports(longer::validate, "list 0 holds 3 ids ending at 3 but records size 4 and tail 3");
        IntrusiveListPool tail = pool();
        ((int[]) field(tail, "tail"))[0] = 2;
        assertReports(tail::validate, "list 0 holds 3 ids ending at 3 but records size 3 and tail 2");
    }

    @Test
    void listPoolLinkRecordingAListOfAnotherChannelOrNoneIsReported() {
        IntrusiveListPool pastLists = pool();
        ((int[]) field(pastLists, "links"))[link(4, 0) + 2] = 3;
        assertReports(pastLists::validate, "id 4 channel 0 records list 3 which does not use that channel");
        IntrusiveListPool negative = pool();
        ((int[]) field(negative, "links"))[link(4, 0) + 2] = -2;
        assertReports(negative::validate, "id 4 channel 0 records list -2 which does not use that channel");
        IntrusiveListPool otherChannel = pool();
        ((int[]) field(otherChannel, "links"))[link(4, 1) + 2] = 0;
        assertReports(otherChannel::validate, "id 4 channel 1 records list 0 which does not use that channel");
    }

    @Test
    void listPoolUnlinkedIdKeepingNeighborsOrOwnerIsReported() {
        IntrusiveListPool next = pool();
        ((int[]) field(next, "links"))[link(4, 0)] = 1;
        assertReports(next::validate, "id 4 channel 0 is in no list but keeps neighbors -1 and 1");
        IntrusiveListPool previous = pool();
        ((int[]) field(previous, "links"))[link(4, 0) + 1] = 1;
        assertReports(previous::validate, "id 4 channel 0 is in no list but keeps neighbors 1 and -1");
        IntrusiveListPool stray = pool();
        ((int[]) field(stray, "links"))[link(4, 0) + 2] = 1;
        assertReports(stray::validate, "5 links record a list but the lists hold 4");
    }

    // ---- SwapPopArray ----

    private static SwapPopArray<SwapPopArrayTest.Node> fullArray() {
        SwapPopArray<SwapPopArrayTest.Node> array = new SwapPopArray<>("nodes", 3, GrowthPolicy.FAIL,
                SwapPopArrayTest.GLOBAL);
        for (int i = 0; i < 3; i++) {
            array.add(new SwapPopArrayTest.Node(i));
        }
        return array;
    }

    @Test
    void swapPopArrayFullIsValidAndSizeOutsideCapacityIsReported() {
        assertDoesNotThrow(fullArray()::validate, "a full array");
        SwapPopArray<SwapPopArrayTest.Node> low = fullArray();
        setField(low, "size", -1);
        assertReports(low::validate, "size -1 outside capacity 3");
        SwapPopArray<SwapPopArrayTest.Node> high = fullArray();
        setField(high, "size", 4);
        assertReports(high::validate, "size 4 outside capacity 3");
    }

    @Test
    void swapPopArrayNullElementOrReferencePastTheSizeIsReported() {
        SwapPopArray<SwapPopArrayTest.Node> hole = fullArray();
        ((Object[]) field(hole, "elements"))[1] = null;
        assertReports(hole::validate, "null element at position 1");
        SwapPopArray<SwapPopArrayTest.Node> stale = fullArray();
        setField(stale, "size", 2);
        assertReports(stale::validate, "position 2 past the size 2 still references Node#2");
    }
}
