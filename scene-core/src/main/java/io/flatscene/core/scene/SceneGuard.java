package io.flatscene.core.scene;

import io.flatscene.core.scene.store.TransformStore;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.ConcurrentModificationException;

/**
 * The scene's thread rule, in one place: the game changes a scene between frames, on the thread that runs them.
 * Frames and structural changes never overlap even when a game gets that wrong: a frame (or a single pass) claims
 * {@link #frameThread} and then checks {@link #changeThread}, a structural change claims {@code changeThread} and then
 * checks {@code frameThread}, both atomically, so whichever comes second is refused before it touches anything. Every
 * value change (a position, an item's flags, a light's color, a camera's projection) is refused while a frame runs
 * or another thread is changing the structure.
 */
final class SceneGuard {
    private static final VarHandle FRAME_THREAD;
    private static final VarHandle CHANGE_THREAD;

    static {
        try {
            MethodHandles.Lookup lookup = MethodHandles.lookup();
            FRAME_THREAD = lookup.findVarHandle(SceneGuard.class, "frameThread", Thread.class);
            CHANGE_THREAD = lookup.findVarHandle(SceneGuard.class, "changeThread", Thread.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /**
     * The thread running a frame or pass, and the thread in the middle of a structural change; each null when none.
     * A change half made would have a frame read broken indices, and a frame half run would lose a change's writes.
     * Fields of the guard itself, claimed through {@link VarHandle}s, so that the check every setter makes reads them
     * with no indirection.
     */
    private volatile Thread frameThread;
    private volatile Thread changeThread;
    private final TransformStore transforms;
    /**
     * Set by every change the guard lets through, of values or of structure, and taken by {@link #takeChanged}: clear,
     * it says that nothing a game can change has changed since the last take. Stored, never read, by the changes: a
     * setter loop would otherwise chain every call through a read and a write of this one field.
     */
    private boolean changed;
    private long structureChanges;

    SceneGuard(TransformStore transforms) {
        this.transforms = transforms;
    }

    /**
     * Claims the scene for a structural change by the calling thread, so that no frame or pass starts halfway
     * through it; pair with {@link #release} in a finally block.
     *
     * @param subject what was to change, named in the message (described only when the change is refused)
     * @return false when this thread already holds the claim (a change made inside another), true otherwise
     * @throws IllegalStateException if a frame runs or another thread is changing the scene
     */
    boolean claim(Object subject) {
        Thread current = Thread.currentThread();
        if (changeThread == current) {
            return false;
        }
        if (!CHANGE_THREAD.compareAndSet(this, null, current)) {
            throw refusal(subject, null, changeThread);
        }
        Thread running = frameThread;
        if (running != null || transforms.isUpdating()) {
            changeThread = null;
            throw refusal(subject, running, null);
        }
        changed = true;
        structureChanges++;
        return true;
    }

    /**
     * Counts the structural changes let through (each claim): a cull that kept only what a change of values can
     * alter checks that this count has not moved.
     */
    long structureChanges() {
        return structureChanges;
    }

    void release(boolean claimed) {
        if (claimed) {
            changeThread = null;
        }
    }

    /**
     * Refuses a change of values (not structure) while a frame runs or another thread is changing the structure.
     *
     * @param subject what was to change, named in the message (described only when the change is refused)
     */
    void checkMutable(Object subject) {
        // The pass sets its thread before it starts updating: reading the flag first means a refusal for a running
        // pass almost always finds the thread to name, rather than a frame that began between the two reads.
        boolean updating = transforms.isUpdating();
        Thread running = frameThread;
        Thread changing = changeThread;
        if (running != null || updating || (changing != null && changing != Thread.currentThread())) {
            throw refusal(subject, running, changing);
        }
        changed = true;
    }

    /** Whether a change was let through since the last call; called by frames, on the thread that runs them. */
    boolean takeChanged() {
        boolean was = changed;
        changed = false;
        return was;
    }

    private static IllegalStateException refusal(Object subject, Thread running, Thread changing) {
        String why = changing != null ? "thread '" + changing.getName() + "' is changing the scene's structure"
                : "the scene cannot change while a frame runs"
                + (running == null ? "" : " (on thread '" + running.getName() + "')");
        return new IllegalStateException("cannot change " + subject + ": " + why + "; change it between frames, on "
                + "the thread that runs them");
    }

    /**
     * Claims the scene for a pass; pair with {@link #endPass} in a finally block. The message is built only when
     * the pass is refused, so that a frame allocates nothing.
     *
     * @param camera named in the message, or null
     * @throws IllegalStateException           if another frame is running
     * @throws ConcurrentModificationException if another thread is changing the scene's structure
     */
    void beginPass(String action, Camera camera) {
        Thread current = Thread.currentThread();
        if (!FRAME_THREAD.compareAndSet(this, null, current)) {
            Thread running = frameThread;
            throw new IllegalStateException("cannot " + action + (camera == null ? "" : " for " + camera.describe())
                    + ": a frame is already running on thread '"
                    + (running == null ? "?" : running.getName()) + "'; frames run one at a time");
        }
        Thread changing = changeThread;
        if (changing != null) {
            frameThread = null;
            throw new ConcurrentModificationException("cannot " + action + (camera == null ? "" : " for "
                    + camera.describe()) + ": thread '" + changing.getName()
                    + "' is changing the scene's structure; change it between frames, on the thread that runs them");
        }
    }

    void endPass() {
        frameThread = null;
    }
}
