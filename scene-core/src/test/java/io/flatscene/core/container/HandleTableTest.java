package io.flatscene.core.container;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class HandleTableTest {

    @Test
    void createIssuesValidHandlesThatReachTheirIndex() {
        HandleTable table = new HandleTable("scene.handles", 4, GrowthPolicy.FAIL);
        long a = table.create(7);
        long b = table.create(0);
        assertNotEquals(a, b);
        assertNotEquals(HandleTable.NULL, a);
        assertTrue(table.isValid(a));
        assertTrue(table.isValid(b));
        assertEquals(7, table.indexOf(a));
        assertEquals(0, table.indexOf(b));
        assertEquals(7, table.requireIndex(a));
        assertEquals(0, table.requireIndex(b));
        assertEquals(2, table.size());
        assertEquals(0, HandleTable.idOf(a));
        assertEquals(1, HandleTable.idOf(b));
        assertEquals(1, HandleTable.versionOf(a), "versions start at 1 so that no handle equals NULL");
        table.validate();
    }

    @Test
    void packAndUnpackRoundTrip() {
        int[] values = {0, 1, 2, 1000, Integer.MAX_VALUE, -1, Integer.MIN_VALUE};
        int[] versions = {0, 1, 2, 1000, HandleTable.MAX_VERSION};
        for (int index : values) {
            for (int version : versions) {
                long h = HandleTable.pack(index, version);
                assertEquals(index, HandleTable.idOf(h));
                assertEquals(version, HandleTable.versionOf(h));
            }
        }
        assertEquals(HandleTable.NULL, HandleTable.pack(0, HandleTable.RETIRED));
        assertEquals("3:5", HandleTable.describe(HandleTable.pack(3, 5)));
    }

    @Test
    void setIndexFollowsTheObjectAcrossMoves() {
        HandleTable table = new HandleTable("scene.handles", 4, GrowthPolicy.FAIL);
        long a = table.create(3);
        long b = table.create(5);
        // The owner swap-and-popped index 3 away and moved the element from index 5 there.
        table.setIndex(b, 3);
        assertEquals(3, table.indexOf(b));
        assertEquals(3, table.indexOf(a), "a is unaffected until its owner updates or releases it");
        table.setIndex(a, 0);
        assertEquals(0, table.requireIndex(a));
        assertEquals(3, table.requireIndex(b));
        table.validate();
    }

    @Test
    void releasedHandleIsStaleAndDoesNotReachTheNextOccupant() {
        HandleTable table = new HandleTable("scene.handles", 4, GrowthPolicy.FAIL);
        long old = table.create(11);
        long other = table.create(12);
        table.release(old);
        assertFalse(table.isValid(old));
        assertEquals(-1, table.indexOf(old));
        assertEquals(1, table.size());
        table.validate();

        long reuse = table.create(99);
        assertEquals(HandleTable.idOf(old), HandleTable.idOf(reuse), "the freed entry is reused first");
        assertNotEquals(HandleTable.versionOf(old), HandleTable.versionOf(reuse));
        assertNotEquals(old, reuse);
        assertTrue(table.isValid(reuse));
        assertEquals(99, table.indexOf(reuse));
        // The whole point of versions: the old handle must not see the new occupant.
        assertFalse(table.isValid(old));
        assertEquals(-1, table.indexOf(old));
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> table.requireIndex(old));
        assertTrue(e.getMessage().contains(HandleTable.describe(old)), e.getMessage());
        assertThrows(IllegalStateException.class, () -> table.setIndex(old, 1));
        assertEquals(99, table.indexOf(reuse), "a rejected setIndex through a stale handle must not move the new one");
        assertEquals(12, table.indexOf(other));
        table.validate();
    }

    @Test
    void freedEntriesAreReusedNewestFirst() {
        HandleTable table = new HandleTable("scene.handles", 8, GrowthPolicy.FAIL);
        List<Long> hs = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            hs.add(table.create(i));
        }
        table.release(hs.get(1));
        table.release(hs.get(3));
        assertEquals(3, HandleTable.idOf(table.create(0)));
        assertEquals(1, HandleTable.idOf(table.create(0)));
        assertEquals(5, HandleTable.idOf(table.create(0)));
        table.validate();
    }

    @Test
    void nullHandleIsNeverValid() {
        HandleTable table = new HandleTable("scene.handles", 4, GrowthPolicy.GROW);
        assertFalse(table.isValid(HandleTable.NULL));
        long first = table.create(0);
        // NULL shares index 0 with the first handle; only its version 0 keeps it apart.
        assertEquals(0, HandleTable.idOf(first));
        assertFalse(table.isValid(HandleTable.NULL));
        assertEquals(-1, table.indexOf(HandleTable.NULL));
        assertThrows(IllegalStateException.class, () -> table.requireIndex(HandleTable.NULL));
        assertThrows(IllegalStateException.class, () -> table.release(HandleTable.NULL));
        assertTrue(table.isValid(first));
        table.validate();
    }

    @Test
    void forgedHandlesAreInvalid() {
        HandleTable table = new HandleTable("scene.handles", 4, GrowthPolicy.GROW);
        long a = table.create(1);
        table.create(2);
        long[] forged = {
            HandleTable.pack(2, 1),                 // index past the entries issued
            HandleTable.pack(3, 1),                 // within capacity, never issued
            HandleTable.pack(1000, 1),
            HandleTable.pack(Integer.MAX_VALUE, 1),
            HandleTable.pack(0, 0),                 // version 0
            HandleTable.pack(1, 0),
            HandleTable.pack(0, 2),                 // a version the entry has not reached
            HandleTable.pack(0, -1),                // negative version
            HandleTable.pack(-1, 1),                // negative index
            HandleTable.pack(Integer.MIN_VALUE, 1),
            -1L,
            Long.MIN_VALUE,
            a | Long.MIN_VALUE,                     // a's index with a negative version
        };
        for (long h : forged) {
            assertFalse(table.isValid(h), HandleTable.describe(h));
            assertEquals(-1, table.indexOf(h), HandleTable.describe(h));
            assertRejected(table, IllegalStateException.class, () -> table.requireIndex(h));
            assertRejected(table, IllegalStateException.class, () -> table.release(h));
            assertRejected(table, IllegalStateException.class, () -> table.setIndex(h, 0));
        }
    }

    @Test
    void releaseTwiceIsRejectedNamingTheHandle() {
        HandleTable table = new HandleTable("scene.handles", 4, GrowthPolicy.FAIL);
        long a = table.create(1);
        long b = table.create(2);
        table.release(a);
        IllegalStateException e = assertRejected(table, IllegalStateException.class, () -> table.release(a));
        assertTrue(e.getMessage().contains(HandleTable.describe(a)), e.getMessage());
        assertTrue(e.getMessage().contains("scene.handles"), e.getMessage());
        // A double release must not push the entry on the free list twice: two creates get distinct entries.
        long c = table.create(3);
        long d = table.create(4);
        assertNotEquals(HandleTable.idOf(c), HandleTable.idOf(d));
        assertTrue(table.isValid(b));
        assertTrue(table.isValid(c));
        assertTrue(table.isValid(d));
        table.validate();
    }

    @Test
    void negativeIndicesAreRejected() {
        HandleTable table = new HandleTable("scene.handles", 4, GrowthPolicy.FAIL);
        long a = table.create(5);
        IllegalArgumentException e = assertRejected(table, IllegalArgumentException.class, () -> table.setIndex(a, -1));
        assertTrue(e.getMessage().contains("-1"), e.getMessage());
        assertRejected(table, IllegalArgumentException.class, () -> table.setIndex(a, Integer.MIN_VALUE));
        assertRejected(table, IllegalArgumentException.class, () -> table.create(-1));
        assertEquals(5, table.indexOf(a));
        // The rejected create must not have taken an entry.
        assertEquals(1, HandleTable.idOf(table.create(0)));
        table.validate();
    }

    @Test
    void failPolicyRefusesAndLeavesTableUnchanged() {
        HandleTable table = new HandleTable("scene.maxHandles", 2, GrowthPolicy.FAIL);
        long a = table.create(0);
        long b = table.create(1);
        CapacityExceededException e = assertRejected(table, CapacityExceededException.class, () -> table.create(2));
        assertEquals("scene.maxHandles", e.capacityName());
        assertEquals(2, e.capacity());
        table.release(a);
        long c = table.create(2);
        assertEquals(HandleTable.idOf(a), HandleTable.idOf(c));
        assertTrue(table.isValid(b));
        table.validate();
    }

    @Test
    void growPolicyKeepsEveryHandleValid() {
        HandleTable table = new HandleTable("scene.handles", 1, GrowthPolicy.GROW);
        List<Long> hs = new ArrayList<>();
        for (int i = 0; i < 200; i++) {
            hs.add(table.create(i * 2));
        }
        for (int i = 0; i < hs.size(); i++) {
            assertEquals(i * 2, table.requireIndex(hs.get(i)));
        }
        assertEquals(200, table.size());
        table.validate();
    }

    @Test
    void growFromZeroCapacity() {
        HandleTable table = new HandleTable("scene.handles", 0, GrowthPolicy.GROW);
        long h = table.create(4);
        assertEquals(4, table.requireIndex(h));
        table.validate();
    }

    @Test
    void entryRetiresWhenItsVersionIsExhausted() {
        HandleTable table = new HandleTable("scene.handles", 2, GrowthPolicy.GROW, 3);
        long keeper = table.create(100);
        Set<Long> released = new HashSet<>();
        int churned = HandleTable.idOf(table.create(0));
        assertEquals(1, churned);
        // Recreate the churned entry by hand: versions 1, 2 and 3 are issued, then the entry is spent.
        long h = HandleTable.pack(churned, 1);
        for (int version = 1; version <= 3; version++) {
            assertTrue(table.isValid(h));
            assertEquals(version, HandleTable.versionOf(h));
            assertEquals(0, table.retiredCount());
            table.release(h);
            released.add(h);
            table.validate();
            if (version < 3) {
                h = table.create(version);
                assertEquals(churned, HandleTable.idOf(h), "a non-retired entry is reused first");
            }
        }
        assertEquals(1, table.retiredCount());
        assertEquals(1, table.size());
        table.validate();

        // A retired entry is never handed out again, however much churn follows.
        Map<Long, Integer> live = new LinkedHashMap<>();
        live.put(keeper, 100);
        for (int round = 0; round < 50; round++) {
            long n = table.create(round);
            assertNotEquals(churned, HandleTable.idOf(n));
            live.put(n, round);
            if (round % 2 == 0) {
                table.release(n);
                live.remove(n);
                released.add(n);
            }
            table.validate();
        }
        for (long r : released) {
            assertFalse(table.isValid(r), HandleTable.describe(r));
            assertEquals(-1, table.indexOf(r));
        }
        for (Map.Entry<Long, Integer> e : live.entrySet()) {
            assertEquals((int) e.getValue(), table.requireIndex(e.getKey()));
        }
        // No version of the retired entry is valid, including the wrap-round ones a naive table would reissue.
        for (int version : new int[] {-1, 0, 1, 2, 3, 4, Integer.MAX_VALUE}) {
            assertFalse(table.isValid(HandleTable.pack(churned, version)));
        }
        assertEquals(live.size(), table.size());
        assertEquals(1, table.retiredCount(), "the later churn never exhausts a version");
    }

    @Test
    void maxVersionOneRetiresOnFirstRelease() {
        HandleTable table = new HandleTable("scene.handles", 4, GrowthPolicy.GROW, 1);
        Set<Integer> indices = new HashSet<>();
        for (int i = 0; i < 20; i++) {
            long h = table.create(i);
            assertTrue(indices.add(HandleTable.idOf(h)), "index " + HandleTable.idOf(h) + " was reused");
            table.release(h);
            assertFalse(table.isValid(h));
            assertEquals(i + 1, table.retiredCount());
            table.validate();
        }
        assertEquals(0, table.size());
    }

    @Test
    void releaseOfRetiredHandleIsRejected() {
        HandleTable table = new HandleTable("scene.handles", 4, GrowthPolicy.GROW, 1);
        long h = table.create(3);
        table.release(h);
        IllegalStateException e = assertRejected(table, IllegalStateException.class, () -> table.release(h));
        assertTrue(e.getMessage().contains(HandleTable.describe(h)), e.getMessage());
        assertRejected(table, IllegalStateException.class,
                () -> table.release(HandleTable.pack(HandleTable.idOf(h), HandleTable.RETIRED)));
        assertEquals(1, table.retiredCount());
    }

    @Test
    void maxVersionBelowOneIsRejected() {
        assertThrows(IllegalArgumentException.class, () -> new HandleTable("h", 4, GrowthPolicy.GROW, 0));
        assertThrows(IllegalArgumentException.class, () -> new HandleTable("h", 4, GrowthPolicy.GROW, -5));
        assertThrows(IllegalArgumentException.class, () -> new HandleTable("h", -1, GrowthPolicy.GROW));
        assertThrows(IllegalArgumentException.class,
                () -> new HandleTable("h", 4, GrowthPolicy.GROW, HandleTable.MAX_VERSION + 1));
    }

    @Test
    void handlesOfOneKindAreNeverValidInATableOfAnother() {
        HandleTable nodes = HandleTable.ofKind("nodes", 4, GrowthPolicy.GROW, 1);
        HandleTable items = HandleTable.ofKind("items", 4, GrowthPolicy.GROW, HandleTable.MAX_KIND);
        long node = nodes.create(0);
        long item = items.create(0);
        assertEquals(HandleTable.idOf(node), HandleTable.idOf(item), "same id");
        assertEquals(HandleTable.versionOf(node), HandleTable.versionOf(item), "same version");
        assertEquals(1, HandleTable.kindOf(node));
        assertEquals(HandleTable.MAX_KIND, HandleTable.kindOf(item));
        assertTrue(nodes.isValid(node));
        assertFalse(nodes.isValid(item));
        assertFalse(items.isValid(node));
        assertEquals(-1, items.indexOf(node));
        assertEquals(0, items.indexOf(item));
        for (int version = 1; version < 5; version++) {
            items.release(item);
            item = items.create(version);
            assertEquals(HandleTable.MAX_KIND, HandleTable.kindOf(item), "the kind survives version bumps");
            assertEquals(version, items.indexOf(item));
        }
        items.validate();
        assertThrows(IllegalArgumentException.class, () -> HandleTable.ofKind("h", 4, GrowthPolicy.GROW, -1));
        assertThrows(IllegalArgumentException.class,
                () -> HandleTable.ofKind("h", 4, GrowthPolicy.GROW, HandleTable.MAX_KIND + 1));
    }

    /**
     * Asserts the call throws and that the table looks the same afterwards, judged by the only state a caller can
     * see: which handles of the first entries are valid and where they point, and the counts.
     */
    private static <T extends Throwable> T assertRejected(HandleTable table, Class<T> type, Executable call) {
        Map<Long, Integer> before = observe(table);
        int size = table.size();
        int retired = table.retiredCount();
        T e = assertThrows(type, call);
        table.validate();
        assertEquals(before, observe(table));
        assertEquals(size, table.size());
        assertEquals(retired, table.retiredCount());
        return e;
    }

    private static Map<Long, Integer> observe(HandleTable table) {
        Map<Long, Integer> out = new LinkedHashMap<>();
        for (int index = 0; index < 16; index++) {
            for (int version = 1; version <= 8; version++) {
                long h = HandleTable.pack(index, version);
                if (table.isValid(h)) {
                    out.put(h, table.indexOf(h));
                }
            }
        }
        return out;
    }
}
