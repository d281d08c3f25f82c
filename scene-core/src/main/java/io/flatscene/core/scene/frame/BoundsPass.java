package io.flatscene.core.scene.frame;

import io.flatscene.core.container.Index;
import io.flatscene.core.scene.store.ItemStore;
import io.flatscene.core.scene.store.TransformStore;

/**
 * World bounds of items: the center through the node's world matrix, the half extents through the absolute values of
 * its linear part (the tight box around the transformed box). Infinite boxes stay infinite, centered on the node;
 * detached items keep their last bounds.
 *
 * <p>Only boxes that can have changed are recomputed: those of items whose node's slot is in the store's changed set
 * (its world matrix was recomputed by the last transform pass, or the slot moved before it), and those marked dirty
 * (new, re-attached, a new local box). A still scene's bounds pass reads two ints and one bit an item.
 * Each box written marks its {@link ChunkBounds} chunk for recomputing.
 */
final class BoundsPass {
    private final ItemStore items;
    private final TransformStore transforms;
    private final ChunkBounds chunks;

    BoundsPass(ItemStore items, TransformStore transforms, ChunkBounds chunks) {
        this.items = items;
        this.transforms = transforms;
        this.chunks = chunks;
    }

    /**
     * Updates items {@code [from, to)}: all of them, or only those that can have changed since the last transform
     * pass (which must then be the only one since the last bounds pass, with no slot moved since).
     */
    void run(int from, int to, boolean all) {
        float[] m = transforms.worlds();
        long[] changed = transforms.changedSlots().words();
        int[] nodeId = items.nodeIdArray();
        int[] dirty = items.boundsDirtyArray();
        float[] localCenter = items.localCenterArray();
        float[] localHalf = items.localHalfArray();
        float[] worldCenter = items.worldCenterArray();
        float[] worldHalf = items.worldHalfArray();
        for (int i = from; i < to; i++) {
            int node = nodeId[i];
            if (node == Index.NONE) {
                continue;
            }
            int slot = transforms.slotOfId(node);
            boolean moved = (changed[slot >>> 6] & (1L << slot)) != 0;
            if (!all && !moved && dirty[i] == 0) {
                continue;
            }
            dirty[i] = 0;
            chunks.mark(i);
            int w = slot * 12;
            int o = i * 3;
            float cx = localCenter[o];
            float cy = localCenter[o + 1];
            float cz = localCenter[o + 2];
            float hx = localHalf[o];
            float hy = localHalf[o + 1];
            float hz = localHalf[o + 2];
            worldCenter[o] = m[w] * cx + m[w + 3] * cy + m[w + 6] * cz + m[w + 9];
            worldCenter[o + 1] = m[w + 1] * cx + m[w + 4] * cy + m[w + 7] * cz + m[w + 10];
            worldCenter[o + 2] = m[w + 2] * cx + m[w + 5] * cy + m[w + 8] * cz + m[w + 11];
            if (hx == Float.POSITIVE_INFINITY || hy == Float.POSITIVE_INFINITY || hz == Float.POSITIVE_INFINITY) {
                worldHalf[o] = Float.POSITIVE_INFINITY;
                worldHalf[o + 1] = Float.POSITIVE_INFINITY;
                worldHalf[o + 2] = Float.POSITIVE_INFINITY;
                continue;
            }
            worldHalf[o] = Math.abs(m[w]) * hx + Math.abs(m[w + 3]) * hy + Math.abs(m[w + 6]) * hz;
            worldHalf[o + 1] = Math.abs(m[w + 1]) * hx + Math.abs(m[w + 4]) * hy + Math.abs(m[w + 7]) * hz;
            worldHalf[o + 2] = Math.abs(m[w + 2]) * hx + Math.abs(m[w + 5]) * hy + Math.abs(m[w + 8]) * hz;
        }
    }
}
