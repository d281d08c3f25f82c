package io.flatscene.core.container;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** The bare-index accessors an owner uses for ids it knows are alive, such as a child's reference to its parent. */
class HandleTableIndexAccessTest {

    @Test
    void bareIndexReadsAndWritesTheSameEntryAsTheHandle() {
        HandleTable table = new HandleTable("nodes", 4, GrowthPolicy.GROW);
        long handle = table.create(7);
        int index = HandleTable.idOf(handle);
        assertEquals(7, table.indexAt(index));
        table.setIndexAt(index, 3);
        assertEquals(3, table.indexOf(handle));
        assertEquals(handle, table.handleAt(index));
        table.validate();
    }

    @Test
    void aFreedEntryCannotBeReachedByIndex() {
        HandleTable table = new HandleTable("nodes", 4, GrowthPolicy.GROW);
        long handle = table.create(1);
        int index = HandleTable.idOf(handle);
        table.release(handle);
        assertThrows(IllegalStateException.class, () -> table.indexAt(index));
        assertThrows(IllegalStateException.class, () -> table.setIndexAt(index, 2));
        assertThrows(IllegalStateException.class, () -> table.handleAt(index));
        table.validate();
    }

    @Test
    void aRetiredEntryCannotBeReachedByIndex() {
        HandleTable table = new HandleTable("nodes", 4, GrowthPolicy.GROW, 1);
        long handle = table.create(1);
        int index = HandleTable.idOf(handle);
        table.release(handle);
        assertEquals(1, table.retiredCount());
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> table.indexAt(index));
        assertEquals("nodes: entry " + index + " is retired", e.getMessage());
        assertThrows(IllegalStateException.class, () -> table.setIndexAt(index, 0));
        table.validate();
    }

    @Test
    void aNegativeSlotIsRejectedAndChangesNothing() {
        HandleTable table = new HandleTable("nodes", 4, GrowthPolicy.GROW);
        long handle = table.create(5);
        assertThrows(IllegalArgumentException.class, () -> table.setIndexAt(HandleTable.idOf(handle), -1));
        assertEquals(5, table.indexOf(handle));
        table.validate();
    }
}
