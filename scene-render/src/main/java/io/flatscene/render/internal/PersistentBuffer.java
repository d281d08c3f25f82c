package io.flatscene.render.internal;

import static org.lwjgl.opengl.GL15C.glBindBuffer;
import static org.lwjgl.opengl.GL15C.glDeleteBuffers;
import static org.lwjgl.opengl.GL15C.glGenBuffers;
import static org.lwjgl.opengl.GL15C.glUnmapBuffer;
import static org.lwjgl.opengl.GL30C.GL_MAP_WRITE_BIT;
import static org.lwjgl.opengl.GL30C.nglMapBufferRange;
import static org.lwjgl.opengl.GL44C.GL_MAP_COHERENT_BIT;
import static org.lwjgl.opengl.GL44C.GL_MAP_PERSISTENT_BIT;
import static org.lwjgl.opengl.GL44C.nglBufferStorage;

/**
 * One GL buffer with immutable storage, mapped once for writing, persistently and coherently: the CPU writes through
 * the address while the GPU reads, the caller's fences keeping the two apart. Leaves the target's binding at 0.
 */
final class PersistentBuffer {
    /** The callers view a mapping as an int or float buffer, whose capacity is an int. */
    static final long MAX_BYTES = (long) Integer.MAX_VALUE * Integer.BYTES;

    private final int target;
    private final String what;
    private int name;
    private long address;

    PersistentBuffer(int target, String what) {
        this.target = target;
        this.what = what;
    }

    /**
     * Makes the buffer {@code bytes} long and maps it; the caller has released the previous storage.
     *
     * @param remedy what to lower when this mapping fails, named in the message: what sized it
     * @throws IllegalStateException if the size is above {@link #MAX_BYTES}, checked before any GL call, or the
     *                               driver cannot map it
     */
    long map(long bytes, String remedy) {
        if (bytes > MAX_BYTES) {
            throw refused(bytes, "above the " + MAX_BYTES + " a buffer view addresses", remedy);
        }
        int flags = GL_MAP_WRITE_BIT | GL_MAP_PERSISTENT_BIT | GL_MAP_COHERENT_BIT;
        int buffer = glGenBuffers();
        glBindBuffer(target, buffer);
        nglBufferStorage(target, bytes, 0L, flags);
        long mapped = nglMapBufferRange(target, 0L, bytes, flags);
        glBindBuffer(target, 0);
        if (mapped == 0L) {
            glDeleteBuffers(buffer);
            throw refused(bytes, "the driver cannot map it", remedy);
        }
        name = buffer;
        address = mapped;
        return mapped;
    }

    private IllegalStateException refused(long bytes, String why, String remedy) {
        return new IllegalStateException("cannot map a persistent " + what + " buffer of " + bytes + " bytes ("
                + MultiDrawSubmission.REGIONS + " frames in flight): " + why + "; lower " + remedy);
    }

    int name() {
        return name;
    }

    long address() {
        return address;
    }

    /** Drops the buffer whose context is gone, and its mapping with it; nothing is left to delete. */
    void forget() {
        name = 0;
        address = 0L;
    }

    /** Unmaps and deletes the buffer, if there is one. */
    void release() {
        if (name == 0) {
            return;
        }
        glBindBuffer(target, name);
        glUnmapBuffer(target);
        glBindBuffer(target, 0);
        glDeleteBuffers(name);
        name = 0;
        address = 0L;
    }
}
