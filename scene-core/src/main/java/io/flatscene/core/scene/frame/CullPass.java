package io.flatscene.core.scene.frame;

import io.flatscene.core.container.Index;
import io.flatscene.core.geometry.Frustum;
import io.flatscene.core.scene.store.ItemStore;
import io.flatscene.core.scene.store.TransformStore;

/**
 * Frustum culling with sort keys: tests items against a {@link CameraView} and writes the visible ones and their
 * keys, for the key sort (and, for an incremental cull's list, their transform slots).
 *
 * <p>Items are visited by {@link ChunkBounds} chunk: a chunk whose box is outside a plane is skipped whole, one
 * inside every plane has its items' plane tests skipped, any other is tested item by item. The chunk test answers
 * outside or inside only where each item's own test would, so the visible set and its order are those of testing
 * every item.
 */
final class CullPass {
    /**
     * The cost units of culling a chunk (its classification costing one): an item of a chunk inside the frustum
     * costs one, of a chunk across its planes two (the plane tests); what a chunk never culled is counted as.
     */
    private static final int ITEMS_ACROSS = 2;
    static final int UNKNOWN_WORK = 1 + ITEMS_ACROSS * ChunkBounds.SIZE;

    private final ItemStore items;
    private final TransformStore transforms;
    private final ChunkBounds chunks;

    CullPass(ItemStore items, TransformStore transforms, ChunkBounds chunks) {
        this.items = items;
        this.transforms = transforms;
        this.chunks = chunks;
    }

    /**
     * Tests items {@code [from, to)}: attached to a node shown in the scene graph (in it, with no hidden node on its
     * way up), sharing a bit with the camera's mask, and not outside the frustum ({@link Frustum#outside}). Writes the
     * visible ones and their keys from {@code from} on into {@code outItems} and {@code keys}, the arrays the key sort
     * then sorts, so that the sorted items come out of it with no gather from a list in item order; and notes in
     * {@code out.wideIds[worker]} whether a visible item has a mesh or material id its key cannot tell apart
     * ({@link SortKeys#wide}), and in {@code out.chunkWork} what each chunk cost, for the next cull's shares.
     * {@code from} is the first item of a chunk.
     *
     * @return how many it wrote
     */
    int run(int from, int to, int worker, CameraView camera, long[] keys, int[] outItems, CullScratch out) {
        return visit(null, from, to, camera, keys, outItems, null, out.wideIds, worker, out.chunkWork);
    }

    /**
     * Tests the items listed in {@code list[from, to)} (ascending) one by one, as {@link #run} tests an item of a
     * chunk across the planes, and writes the visible ones, their slots and keys from {@code from} on, in list order.
     *
     * @return how many it wrote; {@code wide[worker]} tells whether one has an id its key cannot tell apart
     */
    int runList(int[] list, int from, int to, CameraView camera, long[] keys, int[] outItems, int[] outSlots,
                boolean[] wide, int worker) {
        return visit(list, from, to, camera, keys, outItems, outSlots, wide, worker, null);
    }

    /**
     * The one visit loop: with no {@code list}, items {@code [from, to)} by chunk, each chunk classified first (and its
     * cost written to {@code chunkWork}); with one, the items it lists at {@code [from, to)}, every one tested against
     * the planes and its slot written to {@code outSlots}. A list is handed or not for the whole call: the branches on
     * it go the same way for every item, and the compiler may split the loop on them.
     */
    private int visit(int[] list, int from, int to, CameraView camera, long[] keys, int[] outItems, int[] outSlots,
                      boolean[] wide, int worker, int[] chunkWork) {
        boolean listed = list != null;
        int[] nodeSlot = items.nodeSlotArray();
        int[] visibility = items.visibilityFlagsArray();
        float[] center = items.worldCenterArray();
        float[] half = items.worldHalfArray();
        int[] mesh = items.meshIdArray();
        int[] material = items.materialIdArray();
        int[] group = items.renderQueueGroupArray();
        int[] transparent = items.transparentArray();
        int[] flags = transforms.flags();
        float[] p = camera.planes;
        int mask = camera.mask;
        boolean wideIds = false;
        int written = from;
        for (int start = from, end; start < to; start = end) {
            boolean testPlanes = true;
            if (listed) {
                end = to;
            } else {
                int chunk = start >>> ChunkBounds.SHIFT;
                end = Math.min(to, (chunk + 1) << ChunkBounds.SHIFT);
                int coverage = chunks.classify(chunk, p);
                chunkWork[chunk] = coverage == Frustum.OUTSIDE ? 1
                        : coverage == Frustum.INSIDE ? 1 + (end - start) : 1 + ITEMS_ACROSS * (end - start);
                if (coverage == Frustum.OUTSIDE) {
                    continue;
                }
                testPlanes = coverage == Frustum.ACROSS;
            }
            for (int n = start; n < end; n++) {
                int i = listed ? list[n] : n;
                int slot = nodeSlot[i];
                if (slot == Index.NONE || (visibility[i] & mask) == 0) {
                    continue;
                }
                int slotFlags = flags[slot];
                if ((slotFlags & TransformStore.SHOWN) == 0) {
                    continue;
                }
                int o = i * 3;
                float cx = center[o];
                float cy = center[o + 1];
                float cz = center[o + 2];
                if (testPlanes && Frustum.outside(p, cx, cy, cz, half[o], half[o + 1], half[o + 2])) {
                    continue;
                }
                outItems[written] = i;
                if (listed) {
                    outSlots[written] = slot;
                }
                keys[written] = SortKeys.key(group[i], transparent[i] != 0,
                        (slotFlags & TransformStore.MIRRORED) != 0, material[i], mesh[i], depth(camera, cx, cy, cz));
                wideIds |= SortKeys.wide(material[i], mesh[i]);
                written++;
            }
        }
        wide[worker] = wideIds;
        return written - from;
    }

    /** The box center's depth along the camera's forward axis, clamped to [0, far] and quantized for the key. */
    private static long depth(CameraView camera, float cx, float cy, float cz) {
        float depth = (cx - camera.x) * camera.forwardX + (cy - camera.y) * camera.forwardY
                + (cz - camera.z) * camera.forwardZ;
        float normalized = Math.min(Math.max(depth / camera.far, 0f), 1f);
        return (long) (normalized * SortKeys.DEPTH_MAX);
    }
}
