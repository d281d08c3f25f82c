package io.flatscene.render.overlay;

import java.nio.Buffer;
import java.nio.ByteBuffer;
import java.nio.IntBuffer;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;
import org.lwjgl.system.MemoryUtil;

import static org.lwjgl.opengl.GL11C.GL_FLOAT;
import static org.lwjgl.opengl.GL11C.GL_UNSIGNED_BYTE;
import static org.lwjgl.opengl.GL11C.GL_UNSIGNED_INT;
import static org.lwjgl.opengl.GL11C.glDrawElements;
import static org.lwjgl.opengl.GL11C.glGetInteger;
import static org.lwjgl.opengl.GL15C.GL_ARRAY_BUFFER;
import static org.lwjgl.opengl.GL15C.GL_ARRAY_BUFFER_BINDING;
import static org.lwjgl.opengl.GL15C.GL_ELEMENT_ARRAY_BUFFER;
import static org.lwjgl.opengl.GL15C.GL_STATIC_DRAW;
import static org.lwjgl.opengl.GL15C.GL_STREAM_DRAW;
import static org.lwjgl.opengl.GL15C.glBindBuffer;
import static org.lwjgl.opengl.GL15C.glBufferData;
import static org.lwjgl.opengl.GL15C.glDeleteBuffers;
import static org.lwjgl.opengl.GL15C.glGenBuffers;
import static org.lwjgl.opengl.GL15C.nglBufferData;
import static org.lwjgl.opengl.GL20C.glEnableVertexAttribArray;
import static org.lwjgl.opengl.GL20C.glVertexAttribPointer;
import static org.lwjgl.opengl.GL30C.GL_VERTEX_ARRAY_BINDING;
import static org.lwjgl.opengl.GL30C.glBindVertexArray;
import static org.lwjgl.opengl.GL30C.glDeleteVertexArrays;
import static org.lwjgl.opengl.GL30C.glGenVertexArrays;

/**
 * Overlay geometry built on the CPU each frame: 16-byte vertices (x, y, z as floats, then RGBA as unsigned bytes,
 * the layout stb_easy_font writes) in native memory, streamed to a GL buffer at each draw and drawn through an
 * index buffer that repeats one pattern per primitive (a quad's two triangles, a box's twelve edges). The index
 * buffer only changes when the vertex capacity grows, so a frame uploads vertices and nothing else.
 */
final class OverlayGeometry {
    static final int VERTEX_BYTES = 16;
    /** stb_easy_font takes the buffer size as an int; a HUD needing more than this is a bug, not a bigger HUD. */
    static final long MAX_BYTES = 1L << 30;
    private static final Logger LOG = LogManager.getLogger(OverlayGeometry.class);

    private final String owner;
    private final int[] pattern;
    private final int primitiveBytes;
    private ByteBuffer vertices;
    private long address;
    private int capacity;
    private int used;
    private int vertexArray;
    private int vertexBuffer;
    private int indexBuffer;
    /** Primitives the GL index store covers. */
    private int indexedPrimitives;

    /**
     * Needs a current context; leaves the vertex array and array buffer bindings as it found them.
     *
     * @param pattern           the indices of one primitive, relative to its first vertex
     * @param primitiveVertices the vertices each primitive adds
     */
    OverlayGeometry(String owner, int[] pattern, int primitiveVertices, int initialPrimitives) {
        this.owner = owner;
        this.pattern = pattern;
        this.primitiveBytes = primitiveVertices * VERTEX_BYTES;
        int previousVertexArray = glGetInteger(GL_VERTEX_ARRAY_BINDING);
        int previousArrayBuffer = glGetInteger(GL_ARRAY_BUFFER_BINDING);
        try {
            vertices = MemoryUtil.memAlloc(initialPrimitives * primitiveBytes);
            address = MemoryUtil.memAddress(vertices);
            capacity = vertices.capacity();
            vertexArray = glGenVertexArrays();
            vertexBuffer = glGenBuffers();
            indexBuffer = glGenBuffers();
            glBindVertexArray(vertexArray);
            glBindBuffer(GL_ARRAY_BUFFER, vertexBuffer);
            glEnableVertexAttribArray(0);
            glVertexAttribPointer(0, 3, GL_FLOAT, false, VERTEX_BYTES, 0L);
            glEnableVertexAttribArray(1);
            glVertexAttribPointer(1, 4, GL_UNSIGNED_BYTE, true, VERTEX_BYTES, 3L * Float.BYTES);
            // the element binding belongs to the vertex array, so it is set once here and never again
            glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, indexBuffer);
            writeIndices();
        } catch (RuntimeException | Error e) {
            release(true);
            throw e;
        } finally {
            glBindVertexArray(previousVertexArray);
            glBindBuffer(GL_ARRAY_BUFFER, previousArrayBuffer);
        }
    }

    /** Where the next vertex goes. */
    long cursor() {
        return address + used;
    }

    int remainingBytes() {
        return capacity - used;
    }

    int usedBytes() {
        return used;
    }

    int capacityBytes() {
        return capacity;
    }

    /** Grows the native store by doubling until {@code bytes} more fit; what was written stays. */
    void ensureRemaining(int bytes) {
        long needed = (long) used + bytes;
        if (needed <= capacity) {
            return;
        }
        long grown = capacity;
        while (grown < needed) {
            grown *= 2;
        }
        if (grown > MAX_BYTES) {
            throw new IllegalStateException(owner + ": " + needed + " bytes of vertices for one draw exceed the "
                    + "limit of " + MAX_BYTES);
        }
        vertices = MemoryUtil.memRealloc(vertices, (int) grown);
        address = MemoryUtil.memAddress(vertices);
        capacity = (int) grown;
        LOG.debug("{} vertex buffer grew to {} bytes", owner, capacity);
    }

    /** Counts {@code bytes} just written at {@link #cursor()} as used. */
    void advance(int bytes) {
        used += bytes;
    }

    /** Writes one vertex at the cursor and advances past it. */
    void put(float x, float y, float z, int red, int green, int blue, int alpha) {
        long at = address + used;
        MemoryUtil.memPutFloat(at, x);
        MemoryUtil.memPutFloat(at + 4, y);
        MemoryUtil.memPutFloat(at + 8, z);
        MemoryUtil.memPutByte(at + 12, (byte) red);
        MemoryUtil.memPutByte(at + 13, (byte) green);
        MemoryUtil.memPutByte(at + 14, (byte) blue);
        MemoryUtil.memPutByte(at + 15, (byte) alpha);
        used += VERTEX_BYTES;
    }

    void clear() {
        used = 0;
    }

    /**
     * Uploads the written vertices and draws them as whole primitives with {@code mode}, in one call. Leaves this
     * geometry's vertex array and buffer bound; {@link #unbind()} puts 0 back.
     */
    void draw(int mode) {
        glBindVertexArray(vertexArray);
        glBindBuffer(GL_ARRAY_BUFFER, vertexBuffer);
        // a new store each frame: the driver never makes this frame wait for the GPU to finish reading the last
        nglBufferData(GL_ARRAY_BUFFER, used, address, GL_STREAM_DRAW);
        if (indexedPrimitives < capacity / primitiveBytes) {
            writeIndices();
        }
        glDrawElements(mode, used / primitiveBytes * pattern.length, GL_UNSIGNED_INT, 0L);
    }

    void unbind() {
        glBindVertexArray(0);
        glBindBuffer(GL_ARRAY_BUFFER, 0);
    }

    /** Fills the bound vertex array's index buffer with the pattern for every primitive the capacity holds. */
    private void writeIndices() {
        int primitives = capacity / primitiveBytes;
        int vertexStride = primitiveBytes / VERTEX_BYTES;
        IntBuffer indices = MemoryUtil.memAllocInt(primitives * pattern.length);
        try {
            for (int primitive = 0, i = 0; primitive < primitives; primitive++) {
                int first = primitive * vertexStride;
                for (int index : pattern) {
                    indices.put(i++, first + index);
                }
            }
            glBufferData(GL_ELEMENT_ARRAY_BUFFER, indices, GL_STATIC_DRAW);
        } finally {
            // memFree(Buffer): LWJGL 3.3.3 has no memFree(IntBuffer), which 3.4 added
            MemoryUtil.memFree((Buffer) indices);
        }
        indexedPrimitives = primitives;
    }

    /**
     * Deletes whatever GL objects exist while their context is current (once it is gone, they went with it), and
     * frees the native store either way; safe on a half-made geometry and a second time.
     */
    void release(boolean contextCurrent) {
        if (contextCurrent) {
            if (vertexArray != 0) {
                glDeleteVertexArrays(vertexArray);
            }
            if (vertexBuffer != 0) {
                glDeleteBuffers(vertexBuffer);
            }
            if (indexBuffer != 0) {
                glDeleteBuffers(indexBuffer);
            }
        }
        vertexArray = 0;
        vertexBuffer = 0;
        indexBuffer = 0;
        // memFree(Buffer): LWJGL 3.3.3 has no memFree(ByteBuffer), which 3.4 added
        MemoryUtil.memFree((Buffer) vertices);
        vertices = null;
        address = 0L;
        capacity = 0;
        used = 0;
    }
}
