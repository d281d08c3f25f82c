package io.flatscene.render;

import io.flatscene.core.container.Capacity;
import io.flatscene.core.container.GrowthPolicy;
import io.flatscene.core.scene.Aabb;
import io.flatscene.render.internal.VertexLayout;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;

import static org.lwjgl.opengl.GL11C.glGetInteger;
import static org.lwjgl.opengl.GL15C.GL_STATIC_DRAW;
import static org.lwjgl.opengl.GL15C.glBindBuffer;
import static org.lwjgl.opengl.GL15C.glBufferData;
import static org.lwjgl.opengl.GL15C.glBufferSubData;
import static org.lwjgl.opengl.GL15C.glDeleteBuffers;
import static org.lwjgl.opengl.GL15C.glGenBuffers;
import static org.lwjgl.opengl.GL31C.GL_COPY_READ_BUFFER;
import static org.lwjgl.opengl.GL31C.GL_COPY_WRITE_BUFFER;
import static org.lwjgl.opengl.GL31C.glCopyBufferSubData;

/**
 * Every mesh the renderer draws, in one shared vertex buffer (position and normal interleaved, 24 bytes a vertex)
 * and one shared index buffer, so that one multi-draw call can draw any mix of meshes. A mesh's id is what
 * {@link io.flatscene.core.scene.SceneManager#createItem(int, int, Aabb)} takes as {@code meshId}. The renderer
 * points its vertex arrays at the buffers every frame, so a buffer replaced by a larger one needs no fix-up.
 */
public final class MeshRegistry {
    private static final Logger LOG = LogManager.getLogger(MeshRegistry.class);

    private final Thread owner;
    private final List<Mesh> meshes = new ArrayList<>();
    /** Draw parameters per mesh id, read by the renderer for every batch. */
    private int[] firstIndex = new int[16];
    private int[] indexCount = new int[16];
    private int[] baseVertex = new int[16];

    private int vertexBuffer;
    private int indexBuffer;
    private int vertexCapacity;
    private int indexCapacity;
    private int vertexCount;
    private int totalIndexCount;

    MeshRegistry(Thread owner, int initialVertices, int initialIndices) {
        this.owner = owner;
        vertexCapacity = initialVertices;
        indexCapacity = initialIndices;
        vertexBuffer = newBuffer(GL_COPY_WRITE_BUFFER, (long) vertexCapacity * VertexLayout.VERTEX_STRIDE);
        indexBuffer = newBuffer(GL_COPY_WRITE_BUFFER, (long) indexCapacity * Integer.BYTES);
    }

    /** Made through the copy-write binding, which the constructor's caller (the renderer) restores if it must. */
    private static int newBuffer(int target, long bytes) {
        int buffer = glGenBuffers();
        glBindBuffer(target, buffer);
        glBufferData(target, bytes, GL_STATIC_DRAW);
        glBindBuffer(target, 0);
        return buffer;
    }

    /**
     * Uploads {@code mesh} into the shared buffers, growing them by at least half when full.
     *
     * @return the mesh id to give items
     */
    public int add(Mesh mesh) {
        if (mesh == null) {
            throw new IllegalArgumentException("mesh must not be null");
        }
        if (vertexBuffer == 0 || Thread.currentThread() != owner) {
            throw new IllegalStateException("cannot add " + mesh + ": the registry's renderer "
                    + (vertexBuffer == 0 ? "was closed" : "belongs to thread '" + owner.getName() + "'"));
        }
        // the copy bindings are the only state registration touches; a game's are put back as they were (GL 3.1
        // queries a copy binding by its target's own enum)
        int previousRead = glGetInteger(GL_COPY_READ_BUFFER);
        int previousWrite = glGetInteger(GL_COPY_WRITE_BUFFER);
        ensureRoom(mesh.vertexCount(), mesh.indexCount());
        float[] positions = mesh.positions();
        float[] normals = mesh.normals();
        float[] interleaved = new float[mesh.vertexCount() * VertexLayout.FLOATS_PER_VERTEX];
        for (int v = 0; v < mesh.vertexCount(); v++) {
            System.arraycopy(positions, v * 3, interleaved, v * VertexLayout.FLOATS_PER_VERTEX, 3);
            System.arraycopy(normals, v * 3, interleaved, v * VertexLayout.FLOATS_PER_VERTEX + 3, 3);
        }
        glBindBuffer(GL_COPY_WRITE_BUFFER, vertexBuffer);
        glBufferSubData(GL_COPY_WRITE_BUFFER, (long) vertexCount * VertexLayout.VERTEX_STRIDE, interleaved);
        glBindBuffer(GL_COPY_WRITE_BUFFER, indexBuffer);
        glBufferSubData(GL_COPY_WRITE_BUFFER, (long) totalIndexCount * Integer.BYTES, mesh.indices());
        glBindBuffer(GL_COPY_READ_BUFFER, previousRead);
        glBindBuffer(GL_COPY_WRITE_BUFFER, previousWrite);

        int id = meshes.size();
        if (id == firstIndex.length) {
            firstIndex = Arrays.copyOf(firstIndex, id * 2);
            indexCount = Arrays.copyOf(indexCount, id * 2);
            baseVertex = Arrays.copyOf(baseVertex, id * 2);
        }
        firstIndex[id] = totalIndexCount;
        indexCount[id] = mesh.indexCount();
        baseVertex[id] = vertexCount;
        meshes.add(mesh);
        vertexCount += mesh.vertexCount();
        totalIndexCount += mesh.indexCount();
        return id;
    }

    private void ensureRoom(int vertices, int indices) {
        if (vertexCount + vertices > vertexCapacity) {
            int grown = Capacity.next("mesh vertex buffer", GrowthPolicy.ON_DEMAND, vertexCapacity,
                    vertexCount + vertices);
            vertexBuffer = regrow(vertexBuffer, (long) vertexCount * VertexLayout.VERTEX_STRIDE,
                    (long) grown * VertexLayout.VERTEX_STRIDE);
            LOG.info("mesh vertex buffer grew from {} to {} vertices", vertexCapacity, grown);
            vertexCapacity = grown;
        }
        if (totalIndexCount + indices > indexCapacity) {
            int grown = Capacity.next("mesh index buffer", GrowthPolicy.ON_DEMAND, indexCapacity,
                    totalIndexCount + indices);
            indexBuffer = regrow(indexBuffer, (long) totalIndexCount * Integer.BYTES, (long) grown * Integer.BYTES);
            LOG.info("mesh index buffer grew from {} to {} indices", indexCapacity, grown);
            indexCapacity = grown;
        }
    }

    private int regrow(int old, long usedBytes, long newBytes) {
        int grown = newBuffer(GL_COPY_WRITE_BUFFER, newBytes);
        glBindBuffer(GL_COPY_READ_BUFFER, old);
        glBindBuffer(GL_COPY_WRITE_BUFFER, grown);
        glCopyBufferSubData(GL_COPY_READ_BUFFER, GL_COPY_WRITE_BUFFER, 0, 0, usedBytes);
        glBindBuffer(GL_COPY_READ_BUFFER, 0);
        glBindBuffer(GL_COPY_WRITE_BUFFER, 0);
        glDeleteBuffers(old);
        return grown;
    }

    /** The number of meshes; ids run from 0 to {@code count() - 1}. */
    public int count() {
        return meshes.size();
    }

    public Mesh get(int meshId) {
        return meshes.get(check(meshId));
    }

    /** The local bounds of mesh {@code meshId}, to pass to {@code createItem}. */
    public Aabb bounds(int meshId) {
        return get(meshId).bounds();
    }

    boolean contains(int meshId) {
        return meshId >= 0 && meshId < meshes.size();
    }

    public int firstIndex(int meshId) {
        return firstIndex[meshId];
    }

    public int indexCount(int meshId) {
        return indexCount[meshId];
    }

    public int baseVertex(int meshId) {
        return baseVertex[meshId];
    }

    int vertexBuffer() {
        return vertexBuffer;
    }

    int indexBuffer() {
        return indexBuffer;
    }

    private int check(int meshId) {
        if (!contains(meshId)) {
            throw new IllegalArgumentException("mesh id " + meshId + " is not registered (registry holds "
                    + meshes.size() + " meshes)");
        }
        return meshId;
    }

    void delete() {
        glDeleteBuffers(vertexBuffer);
        glDeleteBuffers(indexBuffer);
        vertexBuffer = 0;
        indexBuffer = 0;
    }
}
