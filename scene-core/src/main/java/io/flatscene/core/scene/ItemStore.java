package io.flatscene.core.scene;

import io.flatscene.core.container.ParallelStorage;
import java.util.Arrays;

/**
 * Every item's data in structure-of-arrays form, indexed by the item's global index and moved with it by the item
 * manager's {@link io.flatscene.core.container.SwapPopArray}. The bounds pass ({@link #updateBounds}) streams through
 * it, reading each item's node world matrix from {@link NodeTransforms}.
 *
 * <p>Bounds are centre and half extents, 3 floats each. {@code nodeId[i]} is the stable id of the node item {@code i}
 * is attached to, or {@link NodeTransforms#NO_PARENT}; a detached item keeps its last world bounds.
 */
final class ItemStore implements ParallelStorage {
    float[] localCenter = new float[0];
    float[] localHalf = new float[0];
    float[] worldCenter = new float[0];
    float[] worldHalf = new float[0];
    int[] nodeId = new int[0];
    int[] meshId = new int[0];
    int[] materialId = new int[0];
    int[] renderQueueGroup = new int[0];
    int[] visibilityFlags = new int[0];
    int[] queryFlags = new int[0];
    boolean[] transparent = new boolean[0];

    ItemStore(int capacity) {
        resize(capacity);
    }

    @Override
    public void resize(int capacity) {
        localCenter = Arrays.copyOf(localCenter, capacity * 3);
        localHalf = Arrays.copyOf(localHalf, capacity * 3);
        worldCenter = Arrays.copyOf(worldCenter, capacity * 3);
        worldHalf = Arrays.copyOf(worldHalf, capacity * 3);
        nodeId = Arrays.copyOf(nodeId, capacity);
        meshId = Arrays.copyOf(meshId, capacity);
        materialId = Arrays.copyOf(materialId, capacity);
        renderQueueGroup = Arrays.copyOf(renderQueueGroup, capacity);
        visibilityFlags = Arrays.copyOf(visibilityFlags, capacity);
        queryFlags = Arrays.copyOf(queryFlags, capacity);
        transparent = Arrays.copyOf(transparent, capacity);
    }

    @Override
    public void move(int from, int to) {
        System.arraycopy(localCenter, from * 3, localCenter, to * 3, 3);
        System.arraycopy(localHalf, from * 3, localHalf, to * 3, 3);
        System.arraycopy(worldCenter, from * 3, worldCenter, to * 3, 3);
        System.arraycopy(worldHalf, from * 3, worldHalf, to * 3, 3);
        nodeId[to] = nodeId[from];
        meshId[to] = meshId[from];
        materialId[to] = materialId[from];
        renderQueueGroup[to] = renderQueueGroup[from];
        visibilityFlags[to] = visibilityFlags[from];
        queryFlags[to] = queryFlags[from];
        transparent[to] = transparent[from];
    }

    void init(int index, int mesh, int material, Aabb local) {
        setLocal(index, local);
        System.arraycopy(localCenter, index * 3, worldCenter, index * 3, 3);
        System.arraycopy(localHalf, index * 3, worldHalf, index * 3, 3);
        nodeId[index] = NodeTransforms.NO_PARENT;
        meshId[index] = mesh;
        materialId[index] = material;
        renderQueueGroup[index] = Item.DEFAULT_RENDER_QUEUE_GROUP;
        visibilityFlags[index] = Item.DEFAULT_VISIBILITY_FLAGS;
        queryFlags[index] = Item.DEFAULT_QUERY_FLAGS;
        transparent[index] = false;
    }

    void setLocal(int index, Aabb local) {
        int o = index * 3;
        localCenter[o] = local.centerX();
        localCenter[o + 1] = local.centerY();
        localCenter[o + 2] = local.centerZ();
        localHalf[o] = local.halfX();
        localHalf[o + 1] = local.halfY();
        localHalf[o + 2] = local.halfZ();
    }

    Aabb local(int index) {
        int o = index * 3;
        return new Aabb(localCenter[o], localCenter[o + 1], localCenter[o + 2],
                localHalf[o], localHalf[o + 1], localHalf[o + 2]);
    }

    /**
     * World bounds of items {@code [from, to)}: the centre through the node's world matrix, the half extents
     * through the absolute values of its linear part (the tight box around the transformed box). Infinite boxes stay
     * infinite, centred on the node.
     */
    void updateBounds(int from, int to, NodeTransforms transforms) {
        float[] m = transforms.worldArray();
        for (int i = from; i < to; i++) {
            int node = nodeId[i];
            if (node == NodeTransforms.NO_PARENT) {
                continue;
            }
            int w = transforms.slotOf(node) * 12;
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
