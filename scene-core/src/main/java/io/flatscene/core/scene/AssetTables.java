package io.flatscene.core.scene;

import java.util.HashMap;
import java.util.Map;

/**
 * The mesh and material tables of a scene file as the objects see them: a save numbers each id an object uses by
 * the order it first meets it (the entry the file stores in its place), a load maps each entry back to the id of
 * this run. scene-core knows meshes and materials only as ids, which mean nothing after a restart: the tables carry
 * their names beside them.
 */
final class AssetTables {
    private final Map<Integer, Integer> meshEntries = new HashMap<>();
    private final Map<Integer, Integer> materialEntries = new HashMap<>();
    private final int[] meshIds;
    private final int[] materialIds;

    private AssetTables(int[] meshIds, int[] materialIds) {
        this.meshIds = meshIds;
        this.materialIds = materialIds;
    }

    /** {@return tables that number the ids a save meets} */
    static AssetTables forSave() {
        return new AssetTables(new int[0], new int[0]);
    }

    /** {@return tables that map a file's entries to the ids of this run, resolved already} */
    static AssetTables forLoad(int[] meshIds, int[] materialIds) {
        return new AssetTables(meshIds, materialIds);
    }

    int meshEntry(int meshId) {
        return meshEntries.computeIfAbsent(meshId, id -> meshEntries.size());
    }

    int materialEntry(int materialId) {
        return materialEntries.computeIfAbsent(materialId, id -> materialEntries.size());
    }

    int meshId(int entry) {
        return meshIds[entry];
    }

    int materialId(int entry) {
        return materialIds[entry];
    }

    /** The ids a save met, by entry. */
    int[] savedMeshIds() {
        return ids(meshEntries);
    }

    int[] savedMaterialIds() {
        return ids(materialEntries);
    }

    private static int[] ids(Map<Integer, Integer> entries) {
        int[] ids = new int[entries.size()];
        for (Map.Entry<Integer, Integer> entry : entries.entrySet()) {
            ids[entry.getValue()] = entry.getKey();
        }
        return ids;
    }
}
