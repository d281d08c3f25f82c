package io.flatscene.render.internal;

import java.util.Arrays;

/**
 * Where each registered mesh lies in the shared vertex and index buffers, by mesh id: its first index, its index
 * count and its base vertex, the three numbers a draw of it needs, and the GL mode it draws with. The mesh registry
 * appends a mesh's range when it uploads the mesh; the draw submissions read them while they record a frame's draws.
 */
public final class MeshRanges {
    private int count;
    private int[] firstIndex = new int[16];
    private int[] indexCount = new int[16];
    private int[] baseVertex = new int[16];
    private int[] mode = new int[16];

    /** Appends the next mesh's range and its GL draw mode; {@return its mesh id} */
    public int add(int first, int indices, int base, int glMode) {
        int id = count;
        if (id == firstIndex.length) {
            firstIndex = Arrays.copyOf(firstIndex, id * 2);
            indexCount = Arrays.copyOf(indexCount, id * 2);
            baseVertex = Arrays.copyOf(baseVertex, id * 2);
            mode = Arrays.copyOf(mode, id * 2);
        }
        firstIndex[id] = first;
        indexCount[id] = indices;
        baseVertex[id] = base;
        mode[id] = glMode;
        count++;
        return id;
    }

    /** {@return whether {@code meshId} names a registered mesh} */
    public boolean contains(int meshId) {
        return meshId >= 0 && meshId < count;
    }

    /**
     * {@return {@code meshId}, checked}
     *
     * @throws IllegalArgumentException if {@code meshId} is not registered, naming the number that are
     */
    public int check(int meshId) {
        if (!contains(meshId)) {
            throw new IllegalArgumentException("mesh id " + meshId + " is not registered (registry holds " + count
                    + " meshes)");
        }
        return meshId;
    }

    public int firstIndex(int meshId) {
        return firstIndex[check(meshId)];
    }

    public int indexCount(int meshId) {
        return indexCount[check(meshId)];
    }

    public int baseVertex(int meshId) {
        return baseVertex[check(meshId)];
    }

    public int mode(int meshId) {
        return mode[check(meshId)];
    }
}
