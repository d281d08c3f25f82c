package io.flatscene.render.owner;

import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;
import org.lwjgl.opengl.GL;
import org.lwjgl.opengl.GLCapabilities;

/**
 * The context and thread an object's GL resources live in. GL objects only mean something in their context, a
 * context is current on one thread, and a GL call with no context current aborts the JVM, so every public entry
 * point that reaches GL checks here first: the creating thread, the object still open, its context not closed and
 * current. A context FlatScene created says when it closes ({@link ContextLifetime}); a game's own context is
 * recognised by its {@link GLCapabilities}, which LWJGL keeps current per thread, so one that was replaced or
 * released fails the identity check.
 *
 * <p>The check is a thread comparison, two field reads, a volatile read and LWJGL's thread-local capabilities: a few
 * nanoseconds, a handful of times a frame.
 *
 * <p>The entry points that call GL also mark their span with {@link #enter()} and {@link #leave()}, so that
 * {@link io.flatscene.render.gl.GlDebugLog} can tell FlatScene's debug messages from the game's, which arrive
 * through the same callback.
 */
public final class GlOwner {
    private static final Logger LOG = LogManager.getLogger(GlOwner.class);

    private final Object what;
    private final Thread thread;
    private final GLCapabilities capabilities;
    /** Null for a context the game made: then only the current capabilities tell whether it is still there. */
    private final ContextLifetime lifetime;
    /** Entry points under way on the owner's thread: a count, not a flag, so that one may call another. */
    private int entered;

    /**
     * @param what   the owner as messages name it (its {@code toString()} at the time), e.g. "renderer"
     * @param remedy what to do when no context is current, for the message
     * @throws IllegalStateException if no OpenGL 4.1 core context is current on this thread, or FlatScene closed the
     *                               one that is
     */
    public GlOwner(Object what, String remedy) {
        this.what = what;
        thread = Thread.currentThread();
        capabilities = current();
        if (capabilities == null) {
            throw new IllegalStateException("a " + what + " needs an OpenGL context current on the thread creating "
                    + "it ('" + thread.getName() + "'): " + remedy);
        }
        lifetime = ContextLifetime.of(capabilities);
        if (lifetime != null && lifetime.ended()) {
            throw closedContext("a " + what + " cannot be made in", lifetime);
        }
        if (!capabilities.OpenGL41) {
            throw new IllegalStateException("the current OpenGL context is older than 4.1 core; the " + what
                    + " needs 4.1 at least");
        }
    }

    /**
     * For GL helpers and static entry points that have no owner of their own.
     *
     * @param what the caller as a message's subject, e.g. "a GPU timer"
     * @return the capabilities of the context current on this thread
     * @throws IllegalStateException if no context is current on this thread, or FlatScene closed the one that is
     */
    public static GLCapabilities requireCurrent(String what) {
        GLCapabilities current = current();
        if (current == null) {
            throw new IllegalStateException(what + " needs an OpenGL context current on thread '"
                    + Thread.currentThread().getName() + "', and none is");
        }
        ContextLifetime lifetime = ContextLifetime.of(current);
        if (lifetime != null && lifetime.ended()) {
            throw closedContext(what + " cannot use", lifetime);
        }
        return current;
    }

    private static IllegalStateException closedContext(String subject, ContextLifetime lifetime) {
        return new IllegalStateException(subject + " the OpenGL context current on thread '"
                + Thread.currentThread().getName() + "' (" + lifetime.description() + "): it was closed");
    }

    /** LWJGL's capabilities for the calling thread; null when none are set. */
    private static GLCapabilities current() {
        try {
            return GL.getCapabilities();
        } catch (IllegalStateException none) {
            return null;
        }
    }

    /** The functions of the context that was current at creation. */
    public GLCapabilities capabilities() {
        return capabilities;
    }

    public Thread thread() {
        return thread;
    }

    /**
     * @throws IllegalStateException if called from another thread than the creating one, if {@code closed}, if the
     *                               owner's context was closed, or if it is not the context current on this thread
     */
    public void check(boolean closed) {
        if (Thread.currentThread() != thread) {
            throw wrongThread();
        }
        if (closed) {
            throw new IllegalStateException("the " + what + " was closed");
        }
        if (lifetime != null && lifetime.ended()) {
            throw new IllegalStateException("the OpenGL context of the " + what + " (" + lifetime.description()
                    + ") was closed, and its GL objects with it: close the " + what + " before its context");
        }
        GLCapabilities current = current();
        if (current != capabilities) {
            throw notCurrent(current);
        }
    }

    /**
     * Checks that the owner may close now, and says whether its GL objects can be deleted.
     *
     * @return true when the owner's context is current, so its GL objects can be deleted; false when they went with
     *         the context FlatScene closed, or when a game's own context is no longer current here: its objects are
     *         then left to that context, which frees them when it is destroyed (logged as a warning)
     * @throws IllegalStateException if called from another thread than the creating one, or if the owner's context
     *                               is one FlatScene created, still open but not current on this thread: closing
     *                               then would leave its objects behind in a context that lives on
     */
    public boolean checkClose() {
        if (Thread.currentThread() != thread) {
            throw wrongThread();
        }
        if (lifetime != null && lifetime.ended()) {
            return false;
        }
        GLCapabilities current = current();
        if (current == capabilities) {
            return true;
        }
        if (lifetime != null) {
            throw notCurrent(current);
        }
        LOG.warn("the {} is closed while its OpenGL context is not current on thread '{}': its GL objects are left "
                + "to that context, which frees them when it is destroyed", what, thread.getName());
        return false;
    }

    /**
     * Marks the start of an entry point's GL calls, once its {@link #check} has passed; {@link #leave()} in a
     * {@code finally} marks their end. Costs an increment.
     */
    public void enter() {
        entered++;
    }

    /** Marks the end of what {@link #enter()} began. */
    public void leave() {
        entered--;
    }

    /**
     * Whether the owner's thread is inside one of its entry points: every GL call FlatScene makes for this owner is,
     * and none of the game's is, since both run on this thread.
     */
    public boolean working() {
        return entered > 0;
    }

    private IllegalStateException wrongThread() {
        return new IllegalStateException("the " + what + " belongs to thread '" + thread.getName() + "', whose GL "
                + "context it uses; it was called from '" + Thread.currentThread().getName() + "'");
    }

    private IllegalStateException notCurrent(GLCapabilities current) {
        return new IllegalStateException("the OpenGL context of the " + what + " is not current on thread '"
                + thread.getName() + "' (" + (current == null ? "no context is" : "another context is") + "): "
                + "make it current again first");
    }
}
