package io.flatscene.render;

import io.flatscene.core.container.Capacity;
import io.flatscene.core.container.GrowthPolicy;
import io.flatscene.core.scene.Aabb;
import io.flatscene.render.internal.MeshRanges;
import io.flatscene.render.internal.VertexLayout;
import io.flatscene.render.owner.GlOwner;
import java.nio.Buffer;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;
import org.lwjgl.system.MemoryUtil;

import static org.lwjgl.opengl.GL11C.glGetInteger;
import static org.lwjgl.opengl.GL15C.GL_BUFFER_SIZE;
import static org.lwjgl.opengl.GL15C.GL_STATIC_DRAW;
import static org.lwjgl.opengl.GL15C.glBindBuffer;
import static org.lwjgl.opengl.GL15C.glBufferData;
import static org.lwjgl.opengl.GL15C.glBufferSubData;
import static org.lwjgl.opengl.GL15C.glDeleteBuffers;
import static org.lwjgl.opengl.GL15C.glGenBuffers;
import static org.lwjgl.opengl.GL31C.GL_COPY_READ_BUFFER;
import static org.lwjgl.opengl.GL31C.GL_COPY_WRITE_BUFFER;
import static org.lwjgl.opengl.GL31C.glCopyBufferSubData;
import static org.lwjgl.opengl.GL32C.glGetBufferParameteri64;

/**
 * Every mesh the renderer draws, in one shared vertex buffer (position, normal, texture coordinates,
 * tangent and colour interleaved, 44 bytes a vertex)
 * and one shared index buffer, so that one multi-draw call can draw any mix of meshes. A mesh's id is what
 * {@link io.flatscene.core.scene.SceneManager#createItem(int, int, Aabb)} takes as {@code meshId}. The renderer
 * points its vertex arrays at the buffers every frame, so a buffer replaced by a larger one needs no fix-up.
 *
 * <p>Adding uses GL, so like its renderer it is done on the renderer's thread with its context current; reading what
 * was registered works anywhere, also after close.
 */
public final class MeshRegistry {
    private static final Logger LOG = LogManager.getLogger(MeshRegistry.class);
    /** What {@link #idsByName} holds for a name several meshes have, which {@link #idOf} cannot tell apart. */
    private static final int SHARED = -1;

    private final GlOwner owner;
    private final List<Mesh> meshes = new ArrayList<>();
    /** Each mesh name's id, or {@link #SHARED}. */
    private final Map<String, Integer> idsByName = new HashMap<>();
    /** Draw parameters per mesh id, read by the renderer for every batch. */
    private final MeshRanges ranges = new MeshRanges();

    private int vertexBuffer;
    private int indexBuffer;
    private int vertexCapacity;
    private int indexCapacity;
    private int vertexCount;
    private int totalIndexCount;
    private boolean closed;

    MeshRegistry(GlOwner owner, int initialVertices, int initialIndices) {
        this.owner = owner;
        vertexCapacity = initialVertices;
        indexCapacity = initialIndices;
        vertexBuffer = newBuffer("mesh vertex", (long) vertexCapacity * VertexLayout.VERTEX_STRIDE);
        try {
            indexBuffer = newBuffer("mesh index", (long) indexCapacity * Integer.BYTES);
        } catch (RuntimeException e) {
            glDeleteBuffers(vertexBuffer);
            throw e;
        }
    }

    /**
     * Made through the copy-write binding, which the constructor's caller (the renderer) restores if it must. A
     * driver out of memory leaves the buffer without storage, which its size tells.
     */
    private static int newBuffer(String what, long bytes) {
        int buffer = glGenBuffers();
        glBindBuffer(GL_COPY_WRITE_BUFFER, buffer);
        glBufferData(GL_COPY_WRITE_BUFFER, bytes, GL_STATIC_DRAW);
        long allocated = glGetBufferParameteri64(GL_COPY_WRITE_BUFFER, GL_BUFFER_SIZE);
        glBindBuffer(GL_COPY_WRITE_BUFFER, 0);
        if (allocated != bytes) {
            glDeleteBuffers(buffer);
            throw new IllegalStateException("the driver could not allocate a " + what + " buffer of " + bytes
                    + " bytes (out of GPU memory?)");
        }
        return buffer;
    }

    /**
     * Uploads {@code mesh} into the shared buffers, growing them by at least half when full. A mesh that does not
     * fit leaves the registry as it was.
     *
     * @param mesh the mesh to upload, not null; the same mesh added twice is uploaded twice, under two ids
     * @return the mesh id to give items, 0 to {@code count() - 1}; ids are never reused
     * @throws IllegalArgumentException if {@code mesh} is null
     * @throws IllegalStateException    if called from another thread than the renderer's, after it was closed, when
     *                                  its context was closed or is not current, or when the buffers cannot grow
     *                                  to hold the mesh
     */
    public int add(Mesh mesh) {
        owner.check(closed);
        if (mesh == null) {
            throw new IllegalArgumentException("mesh must not be null");
        }
        owner.enter();
        try {
            upload(mesh);
        } finally {
            owner.leave();
        }

        int id = ranges.add(totalIndexCount, mesh.indexCount(), vertexCount, mesh.primitive().glMode());
        meshes.add(mesh);
        idsByName.merge(mesh.name(), id, (first, again) -> SHARED);
        vertexCount += mesh.vertexCount();
        totalIndexCount += mesh.indexCount();
        return id;
    }

    /** Appends the mesh's vertices and indices to the buffers, growing them first if they are too small. */
    private void upload(Mesh mesh) {
        // the copy bindings are the only state registration touches; a game's are put back as they were (GL 3.1
        // queries a copy binding by its target's own enum)
        int previousRead = glGetInteger(GL_COPY_READ_BUFFER);
        int previousWrite = glGetInteger(GL_COPY_WRITE_BUFFER);
        try {
            ensureRoom(mesh.vertexCount(), mesh.indexCount());
            ByteBuffer interleaved = MemoryUtil.memAlloc(Math.multiplyExact(mesh.vertexCount(),
                    VertexLayout.VERTEX_STRIDE));
            try {
                interleave(mesh, interleaved);
                glBindBuffer(GL_COPY_WRITE_BUFFER, vertexBuffer);
                glBufferSubData(GL_COPY_WRITE_BUFFER, (long) vertexCount * VertexLayout.VERTEX_STRIDE, interleaved);
            } finally {
                // memFree(Buffer): LWJGL 3.3.3 has no memFree(ByteBuffer), which 3.4 added
                MemoryUtil.memFree((Buffer) interleaved);
            }
            glBindBuffer(GL_COPY_WRITE_BUFFER, indexBuffer);
            glBufferSubData(GL_COPY_WRITE_BUFFER, (long) totalIndexCount * Integer.BYTES, mesh.indices());
        } finally {
            glBindBuffer(GL_COPY_READ_BUFFER, previousRead);
            glBindBuffer(GL_COPY_WRITE_BUFFER, previousWrite);
        }
    }

    /** Writes the mesh's vertices in the {@link VertexLayout} record, absent attributes as their neutral values. */
    private static void interleave(Mesh mesh, ByteBuffer out) {
        float[] positions = mesh.positions();
        float[] normals = mesh.normals();
        float[] uvs = mesh.uvs();
        float[] tangents = mesh.tangents();
        float[] colors = mesh.colors();
        for (int v = 0, vertices = mesh.vertexCount(); v < vertices; v++) {
            int at = v * VertexLayout.VERTEX_STRIDE;
            for (int c = 0; c < 3; c++) {
                out.putFloat(at + c * Float.BYTES, positions[v * 3 + c]);
                out.putFloat(at + (3 + c) * Float.BYTES, normals[v * 3 + c]);
            }
            out.putFloat(at + VertexLayout.UV_OFFSET, uvs.length == 0 ? 0f : uvs[v * 2]);
            out.putFloat(at + VertexLayout.UV_OFFSET + Float.BYTES, uvs.length == 0 ? 0f : uvs[v * 2 + 1]);
            if (tangents.length != 0) {
                float x = tangents[v * 4];
                float y = tangents[v * 4 + 1];
                float z = tangents[v * 4 + 2];
                // signed normalized shorts hold -1..1: the direction is kept, its length the shader drops anyway
                float scale = 1f / Math.max(Math.abs(x), Math.max(Math.abs(y), Math.abs(z)));
                out.putShort(at + VertexLayout.TANGENT_OFFSET, snorm(x * scale));
                out.putShort(at + VertexLayout.TANGENT_OFFSET + 2, snorm(y * scale));
                out.putShort(at + VertexLayout.TANGENT_OFFSET + 4, snorm(z * scale));
                out.putShort(at + VertexLayout.TANGENT_OFFSET + 6, snorm(tangents[v * 4 + 3]));
            } else {
                out.putLong(at + VertexLayout.TANGENT_OFFSET, 0L);
            }
            for (int c = 0; c < 4; c++) {
                out.put(at + VertexLayout.COLOR_OFFSET + c,
                        colors.length == 0 ? (byte) 0xFF : (byte) Math.round(colors[v * 4 + c] * 255f));
            }
        }
    }

    private static short snorm(float value) {
        return (short) Math.round(value * Short.MAX_VALUE);
    }

    private void ensureRoom(int vertices, int indices) {
        // GL draws take int vertex offsets and index counts, and the registry's arrays hold ints
        if ((long) vertexCount + vertices > Capacity.MAX_ARRAY_LENGTH
                || (long) totalIndexCount + indices > Capacity.MAX_ARRAY_LENGTH) {
            throw new IllegalStateException("mesh registry full: " + vertexCount + " vertices and " + totalIndexCount
                    + " indices registered, " + vertices + " and " + indices + " more exceed "
                    + Capacity.MAX_ARRAY_LENGTH);
        }
        if (vertexCount + vertices > vertexCapacity) {
            int grown = Capacity.next("mesh vertex buffer", GrowthPolicy.ON_DEMAND, vertexCapacity,
                    vertexCount + vertices);
            vertexBuffer = regrow("mesh vertex", vertexBuffer, (long) vertexCount * VertexLayout.VERTEX_STRIDE,
                    (long) grown * VertexLayout.VERTEX_STRIDE);
            LOG.info("mesh vertex buffer grew from {} to {} vertices", vertexCapacity, grown);
            vertexCapacity = grown;
        }
        if (totalIndexCount + indices > indexCapacity) {
            int grown = Capacity.next("mesh index buffer", GrowthPolicy.ON_DEMAND, indexCapacity,
                    totalIndexCount + indices);
            indexBuffer = regrow("mesh index", indexBuffer, (long) totalIndexCount * Integer.BYTES,
                    (long) grown * Integer.BYTES);
            LOG.info("mesh index buffer grew from {} to {} indices", indexCapacity, grown);
            indexCapacity = grown;
        }
    }

    private int regrow(String what, int old, long usedBytes, long newBytes) {
        int grown = newBuffer(what, newBytes);
        glBindBuffer(GL_COPY_READ_BUFFER, old);
        glBindBuffer(GL_COPY_WRITE_BUFFER, grown);
        glCopyBufferSubData(GL_COPY_READ_BUFFER, GL_COPY_WRITE_BUFFER, 0, 0, usedBytes);
        glBindBuffer(GL_COPY_READ_BUFFER, 0);
        glBindBuffer(GL_COPY_WRITE_BUFFER, 0);
        glDeleteBuffers(old);
        return grown;
    }

    /**
     * The number of meshes; ids run from 0 to {@code count() - 1}.
     *
     * @return the number of meshes added, 0 or more
     */
    public int count() {
        return meshes.size();
    }

    /**
     * The mesh registered under an id.
     *
     * @param meshId 0 to {@code count() - 1}
     * @return the mesh as it was added
     * @throws IllegalArgumentException if {@code meshId} is not registered
     */
    public Mesh get(int meshId) {
        return meshes.get(check(meshId));
    }

    /**
     * The name a scene file knows mesh {@code meshId} by: its mesh's {@link Mesh#name()}, which {@link #idOf} turns
     * back into the id. A resolver for {@code SceneFiles.save(scene, file, meshes::nameOf, materials::nameOf)}.
     *
     * @param meshId 0 to {@code count() - 1}
     * @return the mesh's name, not blank
     * @throws IllegalArgumentException if {@code meshId} is not registered, or another mesh has the same name (a
     *                                  load could not tell them apart); the message names the id and the name
     */
    public String nameOf(int meshId) {
        String name = get(meshId).name();
        if (idsByName.get(name) == SHARED) {
            throw new IllegalArgumentException("mesh id " + meshId + " cannot be named '" + name + "': "
                    + shared(name));
        }
        return name;
    }

    /**
     * The id of the mesh named {@code name}, this run's: the inverse of {@link #nameOf}. A resolver for
     * {@code SceneFiles.load(file, config, meshes::idOf, materials::idOf)}.
     *
     * @param name a {@link Mesh#name()}
     * @return the id of the one mesh of that name
     * @throws IllegalArgumentException if no mesh has that name, or several have; the message names it
     */
    public int idOf(String name) {
        Integer id = idsByName.get(name);
        if (id == null) {
            throw new IllegalArgumentException("no mesh is named '" + name + "' (the registry holds " + meshes.size()
                    + " meshes)");
        }
        if (id == SHARED) {
            throw new IllegalArgumentException("mesh name '" + name + "' is ambiguous: " + shared(name));
        }
        return id;
    }

    private String shared(String name) {
        List<Integer> ids = new ArrayList<>();
        for (int id = 0; id < meshes.size(); id++) {
            if (meshes.get(id).name().equals(name)) {
                ids.add(id);
            }
        }
        return "meshes " + ids + " all have it; give meshes distinct names to find them by name";
    }

    /**
     * The local bounds of mesh {@code meshId}, to pass to {@code createItem}.
     *
     * @param meshId 0 to {@code count() - 1}
     * @return the box around the mesh's positions, in its local space
     * @throws IllegalArgumentException if {@code meshId} is not registered
     */
    public Aabb bounds(int meshId) {
        return get(meshId).bounds();
    }

    boolean contains(int meshId) {
        return ranges.contains(meshId);
    }

    /**
     * Where the mesh's indices start in the shared index buffer: a draw's first index.
     *
     * @param meshId 0 to {@code count() - 1}
     * @return an offset counted in indices, not bytes, 0 or more
     * @throws IllegalArgumentException if {@code meshId} is not registered
     */
    public int firstIndex(int meshId) {
        return ranges.firstIndex(meshId);
    }

    /**
     * The number of indices a draw of the mesh reads.
     *
     * @param meshId 0 to {@code count() - 1}
     * @return {@link Mesh#indexCount()} of the mesh
     * @throws IllegalArgumentException if {@code meshId} is not registered
     */
    public int indexCount(int meshId) {
        return ranges.indexCount(meshId);
    }

    /**
     * Where the mesh's vertices start in the shared vertex buffer: a draw's base vertex, added to each of its indices.
     *
     * @param meshId 0 to {@code count() - 1}
     * @return an offset counted in vertices, 0 or more
     * @throws IllegalArgumentException if {@code meshId} is not registered
     */
    public int baseVertex(int meshId) {
        return ranges.baseVertex(meshId);
    }

    int vertexBuffer() {
        return vertexBuffer;
    }

    int indexBuffer() {
        return indexBuffer;
    }

    private int check(int meshId) {
        return ranges.check(meshId);
    }

    /** The meshes' draw ranges, which the draw submissions read. */
    MeshRanges ranges() {
        return ranges;
    }

    /** Deletes the buffers while their context is current; once it is gone, they went with it. */
    void release(boolean contextCurrent) {
        closed = true;
        if (contextCurrent) {
            glDeleteBuffers(vertexBuffer);
            glDeleteBuffers(indexBuffer);
        }
        vertexBuffer = 0;
        indexBuffer = 0;
    }
}
