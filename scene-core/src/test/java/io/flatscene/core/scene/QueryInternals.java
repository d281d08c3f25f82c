package io.flatscene.core.scene;

import io.flatscene.core.container.HandleTable;
import io.flatscene.core.scene.query.QueryIndex;
import io.flatscene.core.scene.query.RayCaster;
import io.flatscene.core.scene.store.ItemStore;
import java.lang.reflect.Field;

/**
 * What the query engine's tests read of a scene, which is package-private here: the index and ray caster its queries
 * hold, an item's id and global index, the item store, and a pass claimed as a frame claims one.
 */
// "exports": the query engine's types are the module's own, unexported; only the module's tests read them through here
@SuppressWarnings("exports")
public final class QueryInternals {
    private QueryInternals() {
    }

    public static QueryIndex index(SceneManager scene) throws ReflectiveOperationException {
        return (QueryIndex) queriesField(scene, "index");
    }

    /** The ray caster the scene's single-ray queries use. */
    public static RayCaster caster(SceneManager scene) throws ReflectiveOperationException {
        return (RayCaster) queriesField(scene, "caster");
    }

    private static Object queriesField(SceneManager scene, String name) throws ReflectiveOperationException {
        Field queries = SceneManager.class.getDeclaredField("queries");
        queries.setAccessible(true);
        Field field = SceneQueries.class.getDeclaredField(name);
        field.setAccessible(true);
        return field.get(queries.get(scene));
    }

    /** The item's id in its store's sparse set, which the index keys its entries by. */
    public static int itemId(Item item) {
        return HandleTable.idOf(item.handle);
    }

    public static int globalIndex(Item item) {
        return item.globalIndex;
    }

    public static ItemStore itemData(SceneManager scene) {
        return scene.itemData();
    }

    /** Claims the scene for a pass on the calling thread, as a frame does. */
    public static void beginPass(SceneManager scene, String action) {
        scene.guard().beginPass(action, null);
    }

    public static void endPass(SceneManager scene) {
        scene.guard().endPass();
    }
}
