package io.flatscene.core.scene.store;

import io.flatscene.core.container.CapacityExceededException;
import io.flatscene.core.container.GrowthPolicy;
import io.flatscene.core.container.HandleTable;
import io.flatscene.core.container.Index;
import io.flatscene.core.container.IndexField;
import io.flatscene.core.container.IntColumn;
import io.flatscene.core.container.LongColumn;
import io.flatscene.core.container.SparseSet;
import java.lang.reflect.Field;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * One kind's object store over its sparse set: generational handles of the store's kind, swap-and-pop removal that
 * fixes the moved object's dense index, columns and tags that move with their object, growth under each policy and
 * every refusal.
 */
class ObjectStoreTest {
    private static final int KIND = 3;

    /** An object as the store sees one: its dense index, written only by the store, and the handle it was given. */
    private static final class Thing {
        final String name;
        int dense = Index.NONE;
        long handle;

        Thing(String name) {
            this.name = name;
        }

        @Override
        public String toString() {
            return name;
        }
    }

    private static final IndexField<Thing> DENSE = IndexField.of(t -> t.dense, (t, i) -> t.dense = i);

    private static ObjectStore<Thing> store(int capacity, GrowthPolicy policy) {
        return new ObjectStore<>("maxThings", capacity, policy, DENSE, t -> t.handle, KIND);
    }

    private static Thing add(ObjectStore<Thing> store, String name) {
        Thing thing = new Thing(name);
        thing.handle = store.add(thing);
        return thing;
    }

    @Test
    void anAddedObjectGetsAHandleOfTheStoresKindAndTheNextDenseIndex() {
        ObjectStore<Thing> store = store(4, GrowthPolicy.FAIL);
        Thing a = add(store, "a");
        Thing b = add(store, "b");
        assertEquals(KIND, HandleTable.kindOf(a.handle));
        assertEquals(0, HandleTable.idOf(a.handle));
        assertEquals(1, HandleTable.idOf(b.handle));
        assertEquals(0, a.dense);
        assertEquals(1, b.dense);
        assertSame(a, store.get(0));
        assertSame(b, store.get(1));
        assertSame(a, store.find(a.handle));
        assertSame(b, store.find(b.handle));
        assertEquals(2, store.size());
        assertEquals(4, store.capacity());
        assertEquals(0L, store.tagArray()[0]);
        store.validate();
    }

    @Test
    void removalMovesTheLastObjectIntoTheHoleWithItsColumnsAndTag() {
        ObjectStore<Thing> store = store(4, GrowthPolicy.FAIL);
        IntColumn values = store.columns().addIntColumn();
        Thing[] things = new Thing[4];
        for (int i = 0; i < 4; i++) {
            things[i] = add(store, "t" + i);
            values.values()[i] = 100 + i;
            store.tagArray()[i] = 1000L + i;
        }
        store.remove(things[1]);
        assertEquals(3, store.size());
        assertEquals(Index.NONE, things[1].dense);
        assertNull(store.find(things[1].handle));
        assertSame(things[3], store.get(1));
        assertEquals(1, things[3].dense);
        assertEquals(103, values.values()[1]);
        assertEquals(1003L, store.tagArray()[1]);
        assertSame(things[3], store.find(things[3].handle));
        store.validate();

        // the last object itself: nothing moves
        store.remove(things[3]);
        assertEquals(List.of(things[0], things[2]), List.of(store.get(0), store.get(1)));
        assertEquals(1, things[2].dense);
        assertEquals(1002L, store.tagArray()[1]);
        store.validate();
    }

    @Test
    void aNewObjectStartsWithNoTagWhereARemovedOneLeftItsTag() {
        ObjectStore<Thing> store = store(4, GrowthPolicy.FAIL);
        Thing a = add(store, "a");
        store.tagArray()[0] = 42L;
        store.remove(a);
        add(store, "b");
        assertEquals(0L, store.tagArray()[0]);
    }

    @Test
    void aRemovedObjectsHandleStaysStaleWhenItsIdIsReused() {
        ObjectStore<Thing> store = store(4, GrowthPolicy.FAIL);
        Thing old = add(store, "old");
        store.remove(old);
        Thing reused = add(store, "reused");
        assertEquals(HandleTable.idOf(old.handle), HandleTable.idOf(reused.handle));
        assertNotEquals(HandleTable.versionOf(old.handle), HandleTable.versionOf(reused.handle));
        assertNull(store.find(old.handle));
        assertSame(reused, store.find(reused.handle));
    }

    @Test
    void handlesOfAnotherKindOrNoneFindNothing() {
        ObjectStore<Thing> store = store(4, GrowthPolicy.FAIL);
        ObjectStore<Thing> other = new ObjectStore<>("maxOthers", 4, GrowthPolicy.FAIL, DENSE, t -> t.handle, 5);
        add(store, "a");
        Thing elsewhere = new Thing("elsewhere");
        elsewhere.handle = other.add(elsewhere);
        assertEquals(HandleTable.idOf(elsewhere.handle), 0);
        assertNull(store.find(elsewhere.handle));
        assertNull(store.find(HandleTable.NULL));
    }

    @Test
    void aFullStoreUnderFailRefusesNamingItsCapacityAndChangesNothing() {
        ObjectStore<Thing> store = store(2, GrowthPolicy.FAIL);
        add(store, "a");
        add(store, "b");
        Thing third = new Thing("c");
        CapacityExceededException e = assertThrows(CapacityExceededException.class, () -> store.add(third));
        assertEquals("maxThings is full at its capacity of 2 (growth policy FAIL): declare a larger capacity for "
                + "maxThings", e.getMessage());
        assertEquals("maxThings", e.capacityName());
        assertEquals(2, e.capacity());
        assertEquals(Index.NONE, third.dense);
        assertEquals(2, store.size());
        assertEquals(2, store.capacity());
        store.validate();
    }

    @Test
    void underGrowAndOnDemandAFullStoreGrowsByHalfKeepingEveryObject() {
        for (GrowthPolicy policy : List.of(GrowthPolicy.GROW, GrowthPolicy.ON_DEMAND)) {
            ObjectStore<Thing> store = store(4, policy);
            LongColumn column = store.columns().addLongColumn();
            List<Thing> things = new ArrayList<>();
            for (int i = 0; i < 5; i++) {
                things.add(add(store, "t" + i));
                column.values()[i] = i * 7L;
            }
            assertEquals(7, store.capacity(), policy.name());
            for (int i = 0; i < 5; i++) {
                assertSame(things.get(i), store.get(i));
                assertSame(things.get(i), store.find(things.get(i).handle));
                assertEquals(i * 7L, column.values()[i]);
            }
            store.validate();
        }
    }

    @Test
    void anObjectAlreadyStoredIsRefusedNamingWhereItIs() {
        ObjectStore<Thing> store = store(4, GrowthPolicy.FAIL);
        add(store, "a");
        Thing b = add(store, "b");
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> store.add(b));
        assertEquals("maxThings: cannot add b: it is already stored at 1", e.getMessage());
        assertEquals(2, store.size());
        store.validate();
    }

    @Test
    void swapExchangesTwoObjectsWithTheirColumnsAndFixesBothIndices() {
        ObjectStore<Thing> store = store(4, GrowthPolicy.FAIL);
        IntColumn values = store.columns().addIntColumn();
        Thing a = add(store, "a");
        Thing b = add(store, "b");
        Thing c = add(store, "c");
        for (int i = 0; i < 3; i++) {
            values.values()[i] = 10 * i;
            store.tagArray()[i] = i;
        }
        store.swap(0, 2);
        assertEquals(List.of(c, b, a), List.of(store.get(0), store.get(1), store.get(2)));
        assertEquals(List.of(2, 1, 0), List.of(a.dense, b.dense, c.dense));
        assertEquals(20, values.values()[0]);
        assertEquals(0, values.values()[2]);
        assertEquals(2L, store.tagArray()[0]);
        assertSame(a, store.find(a.handle));
        assertSame(c, store.find(c.handle));
        store.validate();
    }

    @Test
    void sortByOrdersAWindowByAColumnAndLeavesTheRestInPlace() {
        ObjectStore<Thing> store = store(8, GrowthPolicy.FAIL);
        LongColumn key = store.columns().addLongColumn();
        long[] keys = {5, 9, 3, 7, 1, 8, 2, 6};
        List<Thing> things = new ArrayList<>();
        for (int i = 0; i < keys.length; i++) {
            things.add(add(store, "k" + keys[i]));
            key.values()[i] = keys[i];
        }
        store.sortBy(key, 2, 6);
        List<String> order = new ArrayList<>();
        for (int i = 0; i < store.size(); i++) {
            order.add(store.get(i).name);
            assertEquals(i, store.get(i).dense, "dense index of " + store.get(i));
            assertEquals(Long.parseLong(store.get(i).name.substring(1)), key.values()[i]);
        }
        assertEquals(List.of("k5", "k9", "k1", "k3", "k7", "k8", "k2", "k6"), order);
        for (Thing thing : things) {
            assertSame(thing, store.find(thing.handle));
        }
        store.validate();

        // the whole set, up to its last position
        store.sortBy(key, 0, store.size());
        List<Long> sorted = new ArrayList<>();
        for (int i = 0; i < store.size(); i++) {
            assertEquals(i, store.get(i).dense);
            sorted.add(key.values()[i]);
        }
        assertEquals(List.of(1L, 2L, 3L, 5L, 6L, 7L, 8L, 9L), sorted);
        store.validate();
    }

    @Test
    void clearRemovesEveryObjectAndResetsTheirIndices() {
        ObjectStore<Thing> store = store(4, GrowthPolicy.FAIL);
        Thing a = add(store, "a");
        Thing b = add(store, "b");
        store.clear();
        assertEquals(0, store.size());
        assertEquals(Index.NONE, a.dense);
        assertEquals(Index.NONE, b.dense);
        assertEquals(0, store.columns().size());
    }

    @Test
    void randomAddsAndRemovesKeepEveryDenseIndexAndHandleRight() {
        ObjectStore<Thing> store = store(8, GrowthPolicy.GROW);
        IntColumn serial = store.columns().addIntColumn();
        List<Thing> live = new ArrayList<>();
        List<Thing> gone = new ArrayList<>();
        Random random = new Random(34);
        for (int step = 0; step < 2_000; step++) {
            if (live.isEmpty() || random.nextInt(3) != 0) {
                Thing thing = add(store, Integer.toString(step));
                serial.values()[thing.dense] = step;
                live.add(thing);
            } else {
                Thing thing = live.remove(random.nextInt(live.size()));
                store.remove(thing);
                gone.add(thing);
            }
            assertEquals(live.size(), store.size());
            for (Thing thing : live) {
                assertSame(thing, store.get(thing.dense), "step " + step);
                assertSame(thing, store.find(thing.handle), "step " + step);
                assertEquals(Integer.parseInt(thing.name), serial.values()[thing.dense], "step " + step);
            }
        }
        for (Thing thing : gone) {
            assertNull(store.find(thing.handle));
            assertEquals(Index.NONE, thing.dense);
        }
        store.validate();
    }

    @Test
    void validateNamesAnObjectWhoseDenseIndexIsWrong() {
        ObjectStore<Thing> store = store(4, GrowthPolicy.FAIL);
        Thing a = add(store, "a");
        add(store, "b");
        a.dense = 1;
        IllegalStateException e = assertThrows(IllegalStateException.class, store::validate);
        assertEquals("maxThings: a at global index 0 records global index 1", e.getMessage());
    }

    @Test
    void validateNamesAnObjectWhoseHandleMapsElsewhere() {
        ObjectStore<Thing> store = store(4, GrowthPolicy.FAIL);
        Thing a = add(store, "a");
        Thing b = add(store, "b");
        a.handle = b.handle;
        IllegalStateException e = assertThrows(IllegalStateException.class, store::validate);
        assertEquals("maxThings: a at global index 0 has handle " + HandleTable.describe(b.handle) + " mapping to 1",
                e.getMessage());
        a.handle = HandleTable.NULL;
        e = assertThrows(IllegalStateException.class, store::validate);
        assertTrue(e.getMessage().startsWith("maxThings: a at global index 0 has handle 0:0"), e.getMessage());
    }

    @Test
    void validateChecksTheSetAndTheHandleTableThemselves() throws ReflectiveOperationException {
        ObjectStore<Thing> store = store(4, GrowthPolicy.FAIL);
        add(store, "a");
        Field pages = SparseSet.class.getDeclaredField("pages");
        pages.setAccessible(true);
        ((int[][]) pages.get(store.columns()))[0][3] = 1;
        IllegalStateException e = assertThrows(IllegalStateException.class, store::validate);
        assertEquals("maxThings: sparse array holds 2 entries for 1 ids", e.getMessage());

        ObjectStore<Thing> other = store(4, GrowthPolicy.FAIL);
        add(other, "b");
        Thing freed = add(other, "freed");
        other.remove(freed);
        Field handles = ObjectStore.class.getDeclaredField("handles");
        handles.setAccessible(true);
        Field versions = HandleTable.class.getDeclaredField("versions");
        versions.setAccessible(true);
        ((int[]) versions.get(handles.get(other)))[1] = 0;
        e = assertThrows(IllegalStateException.class, other::validate);
        assertEquals("maxThings: free entry 1 has version 0 outside 1.." + HandleTable.MAX_VERSION, e.getMessage());
    }

    @Test
    void validateNamesHandlesThatOutnumberTheObjects() throws ReflectiveOperationException {
        ObjectStore<Thing> store = store(4, GrowthPolicy.FAIL);
        add(store, "a");
        java.lang.reflect.Field field = ObjectStore.class.getDeclaredField("handles");
        field.setAccessible(true);
        ((HandleTable) field.get(store)).create(0);
        IllegalStateException e = assertThrows(IllegalStateException.class, store::validate);
        assertEquals("maxThings: 2 live handles for 1 objects", e.getMessage());
    }
}
