package io.flatscene.core.scene.query;

import io.flatscene.core.scene.Item;
import io.flatscene.core.scene.QueryInternals;
import io.flatscene.core.scene.SceneManager;
import java.lang.reflect.Field;

/**
 * A scene's query index, read and written by field name: what the tests of its invariants and of its shape break or
 * inspect, where no query result shows it.
 */
final class QueryIndexFields {
    private final QueryIndex index;

    QueryIndexFields(SceneManager scene) throws ReflectiveOperationException {
        index = QueryInternals.index(scene);
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

    /** Replaces the array (or other reference) a field holds. */
    void set(String name, Object value) throws ReflectiveOperationException {
        field(name).set(index, value);
    }

    int[] ints(String name) throws ReflectiveOperationException {
        return (int[]) field(name).get(index);
    }

    float[] floats(String name) throws ReflectiveOperationException {
        return (float[]) field(name).get(index);
    }

    /** The index entry of {@code item}. */
    int entryOf(Item item) throws ReflectiveOperationException {
        return ints("entryOf")[QueryInternals.itemId(item)];
    }

    RayGrid grid() throws ReflectiveOperationException {
        return (RayGrid) field("grid").get(index);
    }
}
