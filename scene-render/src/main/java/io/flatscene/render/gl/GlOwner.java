package io.flatscene.render.gl;

import org.lwjgl.opengl.GL;
import org.lwjgl.opengl.GLCapabilities;

/**
 * The thread whose current context an object's GL resources live in. GL objects only mean something in their
 * context, and a context is current on one thread, so every call is checked to come from the creating thread.
 */
public final class GlOwner {
    private final String what;
    private final Thread thread;
    private final GLCapabilities capabilities;

    /**
     * @param what   the owner as messages name it, e.g. "renderer"
     * @param remedy what to do when no context is current, for the message
     * @throws IllegalStateException if no OpenGL 4.1 core context is current on this thread
     */
    public GlOwner(String what, String remedy) {
        this.what = what;
        try {
            capabilities = GL.getCapabilities();
        } catch (IllegalStateException e) {
            throw new IllegalStateException("a " + what + " needs an OpenGL context current on the thread creating "
                    + "it ('" + Thread.currentThread().getName() + "'): " + remedy, e);
        }
        if (!capabilities.OpenGL41) {
            throw new IllegalStateException("the current OpenGL context is older than 4.1 core; the " + what
                    + " needs 4.1 at least");
        }
        thread = Thread.currentThread();
    }

    /** The functions of the context that was current at creation. */
    public GLCapabilities capabilities() {
        return capabilities;
    }

    public Thread thread() {
        return thread;
    }

    /** @throws IllegalStateException if {@code closed}, or when called from another thread than the creating one */
    public void check(boolean closed) {
        if (Thread.currentThread() != thread) {
            throw new IllegalStateException("the " + what + " belongs to thread '" + thread.getName()
                    + "', whose GL context it uses; it was called from '" + Thread.currentThread().getName() + "'");
        }
        if (closed) {
            throw new IllegalStateException("the " + what + " was closed");
        }
    }
}
