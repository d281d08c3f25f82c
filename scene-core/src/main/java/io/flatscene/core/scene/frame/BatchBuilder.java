package io.flatscene.core.scene.frame;

import io.flatscene.core.scene.store.ItemStore;

/**
 * Gathers each instance's item, slot and key in draw order and cuts runs of equal (group, transparency, mirroring,
 * mesh, material) into batches. When every id fits its 16 key bits, the key alone tells where a batch ends
 * ({@link SortKeys#batchBits}) and the item arrays are read once a batch; otherwise the full ids are compared
 * instance by instance.
 */
final class BatchBuilder {
    private final ItemStore items;

    BatchBuilder(ItemStore items) {
        this.items = items;
    }

    void run(CullScratch sorted, int visible, boolean wideIds, DrawList out) {
        int[] mesh = items.meshIdArray();
        int[] material = items.materialIdArray();
        int[] group = items.renderQueueGroupArray();
        int[] transparent = items.transparentArray();
        int batches = 0;
        long currentBits = 0L;
        for (int i = 0; i < visible; i++) {
            int at = sorted.order[i];
            int item = sorted.visibleItems[at];
            long key = sorted.keys[i];
            out.items[i] = item;
            out.slots[i] = sorted.visibleSlots[at];
            long bits = SortKeys.batchBits(key);
            int last = batches - 1;
            if (batches > 0 && bits == currentBits && (!wideIds
                    || (out.batchMesh[last] == mesh[item] && out.batchMaterial[last] == material[item]))) {
                out.batchInstances[last]++;
                continue;
            }
            currentBits = bits;
            out.batchMesh[batches] = mesh[item];
            out.batchMaterial[batches] = material[item];
            out.batchGroup[batches] = group[item];
            out.batchTransparent[batches] = transparent[item] != 0;
            out.batchMirrored[batches] = SortKeys.mirrored(key);
            out.batchFirst[batches] = i;
            out.batchInstances[batches] = 1;
            batches++;
        }
        out.instanceCount = visible;
        out.batchCount = batches;
    }
}
