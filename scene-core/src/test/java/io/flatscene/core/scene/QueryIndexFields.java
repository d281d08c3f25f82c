package io.flatscene.core.scene;

import io.flatscene.core.container.HandleTable;
import java.lang.reflect.Field;

/**
 * A scene's query index, read and written by field name: what the tests of its invariants and of its shape break or
 * inspect, where no query result shows it.
 */
final class QueryIndexFields {
    private final Object index;

    QueryIndexFields(SceneManager scene) throws ReflectiveOperationException {
        Field queries = SceneManager.class.getDeclaredField("queries");
        queries.setAccessible(true);
        Field indexField = SceneQueries.class.getDeclaredField("index");
        indexField.setAccessible(true);
        index = indexField.get(queries.get(scene));
    }

    private Field field(String name) throws ReflectiveOperationException {
        Field field = QueryIndex.class.getDeclaredField(name);
        field.setAccessible(true);
        return field;
    }

    int intField(String name) throws ReflectiveOperationException {
        return field(name).getInt(index);
    }

    void setInt(String name, int value) throws ReflectiveOperationException {
        field(name).setInt(index, value);
    }

    int[] ints(String name) throws ReflectiveOperationException {
        return (int[]) field(name).get(index);
    }

    float[] floats(String name) throws ReflectiveOperationException {
        return (float[]) field(name).get(index);
    }

    /** The index entry of {@code item}. */
    int entryOf(Item item) throws ReflectiveOperationException {
        return ints("entryOf")[HandleTable.idOf(item.handle)];
    }

    RayGrid grid() throws ReflectiveOperationException {
        return (RayGrid) field("grid").get(index);
    }
}
