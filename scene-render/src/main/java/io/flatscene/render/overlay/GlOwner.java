package io.flatscene.render.overlay;

import org.lwjgl.opengl.GL;
import org.lwjgl.opengl.GLCapabilities;

/**
 * The thread whose current context an overlay's GL objects live in. GL objects only mean something in their
 * context, and a context is current on one thread, so every call is checked to come from the creating thread.
 */
final class GlOwner {
    private final String what;
    private final Thread thread;

    /** @throws IllegalStateException if no OpenGL 4.1 core context is current on this thread */
    GlOwner(String what) {
        this.what = what;
        GLCapabilities capabilities;
        try {
            capabilities = GL.getCapabilities();
        } catch (IllegalStateException e) {
            throw new IllegalStateException("a " + what + " needs an OpenGL context current on the thread creating "
                    + "it ('" + Thread.currentThread().getName() + "'): create it where the Renderer was created", e);
        }
        if (!capabilities.OpenGL41) {
            throw new IllegalStateException("the current OpenGL context is older than 4.1 core; the " + what
                    + " needs 4.1 at least");
        }
        thread = Thread.currentThread();
    }

    String what() {
        return what;
    }

    /** @throws IllegalStateException if {@code closed}, or when called from another thread than the creating one */
    void check(boolean closed) {
        if (Thread.currentThread() != thread) {
            throw new IllegalStateException("the " + what + " belongs to thread '" + thread.getName()
                    + "', whose GL context it uses; it was called from '" + Thread.currentThread().getName() + "'");
        }
        if (closed) {
            throw new IllegalStateException("the " + what + " was closed");
        }
    }
}
