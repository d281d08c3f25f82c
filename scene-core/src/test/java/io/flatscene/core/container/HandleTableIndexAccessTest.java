package io.flatscene.core.container;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** The bare-id accessors an owner uses for ids it knows are alive, such as a child's reference to its parent. */
class HandleTableIndexAccessTest {

    @Test
    void bareIdReadsAndWritesTheSameEntryAsTheHandle() {
        HandleTable table = new HandleTable("nodes", 4, GrowthPolicy.GROW);
        long handle = table.create(7);
        int id = HandleTable.idOf(handle);
        assertEquals(7, table.indexOfId(id));
        table.setIndexOfId(id, 3);
        assertEquals(3, table.indexOf(handle));
        assertEquals(handle, table.handleOfId(id));
        table.validate();
    }

    @Test
    void aFreedEntryCannotBeReachedById() {
        HandleTable table = new HandleTable("nodes", 4, GrowthPolicy.GROW);
        long handle = table.create(1);
        int id = HandleTable.idOf(handle);
        table.release(handle);
        assertThrows(IllegalStateException.class, () -> table.indexOfId(id));
        assertThrows(IllegalStateException.class, () -> table.setIndexOfId(id, 2));
        assertThrows(IllegalStateException.class, () -> table.handleOfId(id));
        table.validate();
    }

    @Test
    void aRetiredEntryCannotBeReachedById() {
        HandleTable table = new HandleTable("nodes", 4, GrowthPolicy.GROW, 1);
        long handle = table.create(1);
        int id = HandleTable.idOf(handle);
        table.release(handle);
        assertEquals(1, table.retiredCount());
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> table.indexOfId(id));
        assertEquals("nodes: entry " + id + " is retired", e.getMessage());
        assertThrows(IllegalStateException.class, () -> table.setIndexOfId(id, 0));
        table.validate();
    }

    @Test
    void aNegativeIndexIsRejectedAndChangesNothing() {
        HandleTable table = new HandleTable("nodes", 4, GrowthPolicy.GROW);
        long handle = table.create(5);
        assertThrows(IllegalArgumentException.class, () -> table.setIndexOfId(HandleTable.idOf(handle), -1));
        assertEquals(5, table.indexOf(handle));
        table.validate();
    }
}
