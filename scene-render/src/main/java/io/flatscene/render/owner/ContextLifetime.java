package io.flatscene.render.owner;

import java.util.Map;
import java.util.WeakHashMap;
import org.lwjgl.opengl.GLCapabilities;

/**
 * Whether an OpenGL context FlatScene created is still open. Its GL names and mapped buffers end with it, so every
 * object made in it asks before touching them; a closed context leaves them dangling, and a mapped buffer written
 * after its context is gone crashes the JVM.
 *
 * <p>Found by the context's {@link GLCapabilities}: LWJGL makes one per context and keeps it current per thread, so
 * the one current when an object is made names the context the object lives in.
 */
public final class ContextLifetime {
    /** Weak keys: a context's entry goes once nothing holds its capabilities. Guarded by the class. */
    private static final Map<GLCapabilities, ContextLifetime> CREATED = new WeakHashMap<>();

    private final String description;
    /** Volatile because a context may be closed on another thread than the ones using it. */
    private volatile boolean ended;

    private ContextLifetime(String description) {
        this.description = description;
    }

    /** Registers a context FlatScene just created; {@link #end()} when it is destroyed. */
    public static synchronized ContextLifetime begin(GLCapabilities capabilities, String description) {
        ContextLifetime lifetime = new ContextLifetime(description);
        CREATED.put(capabilities, lifetime);
        return lifetime;
    }

    /** The lifetime of the context these capabilities belong to; null for a context FlatScene did not create. */
    static synchronized ContextLifetime of(GLCapabilities capabilities) {
        return CREATED.get(capabilities);
    }

    /** Marks the context destroyed, before it is, so that no owner starts a GL call into it. */
    public void end() {
        ended = true;
    }

    boolean ended() {
        return ended;
    }

    String description() {
        return description;
    }
}
