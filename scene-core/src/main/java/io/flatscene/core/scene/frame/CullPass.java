package io.flatscene.core.scene.frame;

import io.flatscene.core.container.Index;
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
     * way up), sharing a bit with the camera's mask,
     * and not wholly outside any frustum plane (a box is outside a plane when its center's distance is below minus
     * its extent along the normal). Infinite boxes always pass. Writes the visible ones and their keys from
     * {@code from} on into {@code outItems} and {@code keys}, the arrays the key sort then sorts, so that the sorted
     * items come out of it with no gather from a list in item order; and notes in {@code out.wideIds[worker]} whether
     * a visible item has a mesh or material id outside 0..65535, which its key cannot tell apart, and in
     * {@code out.chunkWork} what each chunk cost, for the next cull's shares. {@code from} is the first item of a
     * chunk.
     *
     * @return how many it wrote
     */
    int run(int from, int to, int worker, CameraView camera, long[] keys, int[] outItems, CullScratch out) {
        int[] chunkWork = out.chunkWork;
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
            int chunk = start >>> ChunkBounds.SHIFT;
            end = Math.min(to, (chunk + 1) << ChunkBounds.SHIFT);
            int coverage = chunks.classify(chunk, p);
            chunkWork[chunk] = coverage == ChunkBounds.OUTSIDE ? 1
                    : coverage == ChunkBounds.INSIDE ? 1 + (end - start) : 1 + ITEMS_ACROSS * (end - start);
            if (coverage == ChunkBounds.OUTSIDE) {
                continue;
            }
            boolean testPlanes = coverage == ChunkBounds.ACROSS;
            for (int i = start; i < end; i++) {
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
                if (testPlanes && outside(p, cx, cy, cz, half[o], half[o + 1], half[o + 2])) {
                    continue;
                }
                outItems[written] = i;
                keys[written] = SortKeys.key(group[i], transparent[i] != 0,
                        (slotFlags & TransformStore.MIRRORED) != 0, material[i], mesh[i], depth(camera, cx, cy, cz));
                wideIds |= (mesh[i] | material[i]) >>> 16 != 0;
                written++;
            }
        }
        out.wideIds[worker] = wideIds;
        return written - from;
    }

    /**
     * Tests the items listed in {@code list[from, to)} (ascending) one by one, as {@link #run} tests an item of a
     * chunk across the planes, and writes the visible ones, their slots and keys from {@code from} on, in list order.
     *
     * @return how many it wrote; {@code wide[worker]} tells whether one has an id outside 0..65535
     */
    int runList(int[] list, int from, int to, CameraView camera, long[] keys, int[] outItems, int[] outSlots,
                boolean[] wide, int worker) {
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
        int written = from;
        boolean wideIds = false;
        for (int n = from; n < to; n++) {
            int i = list[n];
            int slot = nodeSlot[i];
            if (slot == Index.NONE || (visibility[i] & camera.mask) == 0
                    || (flags[slot] & TransformStore.SHOWN) == 0) {
                continue;
            }
            int o = i * 3;
            if (outside(p, center[o], center[o + 1], center[o + 2], half[o], half[o + 1], half[o + 2])) {
                continue;
            }
            outItems[written] = i;
            outSlots[written] = slot;
            keys[written] = SortKeys.key(group[i], transparent[i] != 0,
                    (flags[slot] & TransformStore.MIRRORED) != 0, material[i], mesh[i],
                    depth(camera, center[o], center[o + 1], center[o + 2]));
            wideIds |= (mesh[i] | material[i]) >>> 16 != 0;
            written++;
        }
        wide[worker] = wideIds;
        return written - from;
    }

    /**
     * Whether a box is wholly outside a plane; an infinite box never is. A box with a NaN in it (its node's world
     * matrix overflowed the float range) always is: written as "not inside", every comparison with NaN rejects it,
     * where "outside" would let it through to be drawn from nowhere.
     */
    private static boolean outside(float[] p, float cx, float cy, float cz, float hx, float hy, float hz) {
        if (hx == Float.POSITIVE_INFINITY) {
            return Float.isNaN(cx + cy + cz);
        }
        boolean outside = false;
        for (int k = 0; k < 24 && !outside; k += 4) {
            float distance = p[k] * cx + p[k + 1] * cy + p[k + 2] * cz + p[k + 3];
            float extent = Math.abs(p[k]) * hx + Math.abs(p[k + 1]) * hy + Math.abs(p[k + 2]) * hz;
            outside = !(distance >= -extent);
        }
        return outside;
    }

    /** The box center's depth along the camera's forward axis, clamped to [0, far] and quantized for the key. */
    private static long depth(CameraView camera, float cx, float cy, float cz) {
        float depth = (cx - camera.x) * camera.forwardX + (cy - camera.y) * camera.forwardY
                + (cz - camera.z) * camera.forwardZ;
        float normalized = Math.min(Math.max(depth / camera.far, 0f), 1f);
        return (long) (normalized * SortKeys.DEPTH_MAX);
    }
}
