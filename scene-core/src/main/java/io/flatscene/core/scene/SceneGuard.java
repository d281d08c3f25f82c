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
 * or another thread is changing the structure, and so is every read of the scene's state by another thread: a frame
 * rewrites world matrices, item order and the changed slots, and a structural change moves slots and links, so such a
 * read could see either half done. The value checks and reads test the holders without claiming anything: they
 * catch the other thread that holds the scene, and cost a setter no atomic operation.
 */
final class SceneGuard {
    private static final VarHandle FRAME_THREAD;
    private static final VarHandle CHANGE_THREAD;
    /**
     * Held as the changing thread once the scene is closed, for good: every claim, change and frame is then refused
     * by the checks they make anyway, so a closed scene costs the setters nothing. Never started.
     */
    private static final Thread CLOSED = new Thread("closed scene");

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
    /**
     * The thread of the latest pass, kept after it ends: a change refused because the transform pass was updating
     * can find {@link #frameThread} already cleared by the time the message is built, and still names the thread.
     */
    private volatile Thread lastPassThread;
    private final TransformStore transforms;
    /**
     * Set by every change the guard lets through, of values or of structure, and taken by {@link #takeUpdateDue} and
     * {@link #takeChanged}: clear, it says that nothing a game can change has changed since the last update or cull.
     * Stored, never read, by the changes: a setter loop would otherwise chain every call through a read and a write of
     * this one field.
     */
    private boolean changed;
    /**
     * A change {@link #takeUpdateDue} took for an update that no cull has counted yet, taken by {@link #takeChanged}.
     * Written by frames alone, so that a setter writes no more than {@link #changed}.
     */
    private boolean changedSinceCull;
    /**
     * Set with {@link #changed}, taken by the scene queries alone ({@link #takeQueriesStale}): clear, the world boxes
     * the last query brought up to date are still the scene's. Set at first, when there was no query yet.
     */
    private boolean queriesStale = true;
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
        boolean claimed = reserve(subject);
        if (claimed) {
            countStructuralChange();
        }
        return claimed;
    }

    /**
     * Claims the scene as {@link #claim} does, with the same refusals, counting no change yet: for a call that may
     * find nothing to change (a node made static that is, an empty destruction list, a node queued twice), so that a
     * kept cull stays kept. The caller calls {@link #countStructuralChange} before its first change. Pair with
     * {@link #release} in a finally block.
     *
     * @param subject what was to change, named in the message (described only when the change is refused)
     * @return false when this thread already holds the claim, true otherwise
     * @throws IllegalStateException if a frame runs or another thread is changing the scene
     */
    boolean reserve(Object subject) {
        return take(subject, null);
    }

    /** Records a structural change under a claim: what frames, kept culls and queries read may have moved. */
    void countStructuralChange() {
        changed = true;
        queriesStale = true;
        structureChanges++;
    }

    /**
     * Claims the scene as {@link #claim} does, for a call that changes nothing a frame or a query reads yet writes
     * what a structural change writes too (a look-up that builds the name index on its first call): it counts no
     * change, so that a kept cull stays kept. Pair with {@link #release} in a finally block.
     *
     * @param action what was to be done, after "cannot"
     * @return false when this thread already holds the claim, true otherwise
     * @throws IllegalStateException if the scene was closed, a frame runs or another thread is changing the scene
     */
    boolean hold(String action) {
        return take(null, action);
    }

    /**
     * Takes the claim for this thread, counting nothing; a refusal names {@code subject} as a structural change's does,
     * or, where it is null, {@code action} as a call's does.
     */
    private boolean take(Object subject, String action) {
        Thread current = Thread.currentThread();
        // The exchange hands back the holder it found, so a refusal names the thread that held the claim even when
        // it lets go at once; reading the field again could find it empty and blame a frame instead.
        Thread holder = (Thread) CHANGE_THREAD.compareAndExchange(this, null, current);
        if (holder == current) {
            return false;
        }
        if (holder != null) {
            throw subject != null ? refusal(subject, null, holder) : callRefusal(action, current, null, holder);
        }
        Thread running = frameThread;
        if (running != null || transforms.isUpdating()) {
            changeThread = null;
            throw subject != null ? refusal(subject, running, null) : callRefusal(action, current, running, null);
        }
        return true;
    }

    /**
     * Counts the structural changes let through (each claim, and each change a reserved call went on to make): a
     * cull that kept only what a change of values can alter checks that this count has not moved.
     */
    long structureChanges() {
        return structureChanges;
    }

    void release(boolean claimed) {
        if (claimed) {
            changeThread = null;
        }
    }

    /** Checks once that the node lives and no other thread holds the scene, and returns its slot, for a read. */
    int readableSlot(SceneNode node, String what) {
        int slot = node.liveSlot();
        checkReadable(what, node);
        return slot;
    }

    /** Checks once that the node lives and the scene is open to changes of values, and returns the slot to write. */
    int writableSlot(SceneNode node) {
        int slot = node.liveSlot();
        checkMutable(node);
        return slot;
    }

    /**
     * Refuses a change of values (not structure) while a frame runs or another thread is changing the structure.
     *
     * @param subject what was to change, named in the message (described only when the change is refused)
     */
    void checkMutable(Object subject) {
        checkChangeable(subject);
        changed = true;
        queriesStale = true;
    }

    /**
     * Refuses a change of values as {@link #checkMutable} does, recording none: for a call that may find nothing to
     * change (detaching what is detached), whose change, when there is one, claims or checks again.
     *
     * @param subject what was to change, named in the message (described only when the change is refused)
     */
    void checkChangeable(Object subject) {
        // The pass sets its thread before it starts updating, so reading the flag first catches a pass that began
        // between the two reads; one that ended between them is named through lastPassThread.
        boolean updating = transforms.isUpdating();
        Thread running = frameThread;
        Thread changing = changeThread;
        if (running != null || updating || (changing != null && changing != Thread.currentThread())) {
            throw refusal(subject, running, changing);
        }
    }

    /**
     * Refuses a read of an object's state while another thread runs a frame or pass, or changes the structure: a
     * frame rewrites world matrices, item order and the changed slots, a structural change moves slots and links, so
     * the read could see either half done. A frame's own thread runs no game code inside a pass, so reads between
     * frames on the frame thread always pass. A closed scene's reads are refused by the object's own check, with its
     * own message.
     *
     * @param what    what of the subject was to be read, after "cannot read": "the world transform", "the tag"
     * @param subject the object read, named in the message (described only when the read is refused)
     */
    void checkReadable(String what, Object subject) {
        Thread current = Thread.currentThread();
        boolean updating = transforms.isUpdating();
        Thread running = frameThread;
        Thread changing = changeThread;
        if (heldElsewhere(current, updating, running, changing)) {
            throw new IllegalStateException("cannot read " + what + " of " + subject + ": "
                    + holder(current, running, changing) + "; read it between frames, on the thread that runs them");
        }
    }

    /**
     * Refuses a call on the scene itself (a count, a look-up, a live view) once the scene is closed, whose objects
     * are all destroyed, or while another thread holds it, for the reasons {@link #checkReadable} gives.
     *
     * @param action what was to be done, after "cannot"
     */
    void checkAvailable(String action) {
        Thread current = Thread.currentThread();
        boolean updating = transforms.isUpdating();
        Thread running = frameThread;
        Thread changing = changeThread;
        if (changing == CLOSED || heldElsewhere(current, updating, running, changing)) {
            throw callRefusal(action, current, running, changing);
        }
    }

    private IllegalStateException callRefusal(String action, Thread current, Thread running, Thread changing) {
        if (changing == CLOSED) {
            return new IllegalStateException("cannot " + action + ": the scene was closed");
        }
        return new IllegalStateException("cannot " + action + ": " + holder(current, running, changing)
                + "; call it between frames, on the thread that runs them");
    }

    /** Whether a frame or pass runs on another thread, or another thread is changing the structure. */
    private static boolean heldElsewhere(Thread current, boolean updating, Thread running, Thread changing) {
        return ((running != null || updating) && running != current)
                || (changing != null && changing != current && changing != CLOSED);
    }

    /** Who holds the scene against {@code current}, from the holders the check read, for a refusal's message. */
    private String holder(Thread current, Thread running, Thread changing) {
        if (changing != null && changing != current && changing != CLOSED) {
            return "thread '" + changing.getName() + "' is changing the scene's structure";
        }
        Thread frame = running != null ? running : lastPassThread;
        return "a frame is running" + (frame == null ? "" : " on thread '" + frame.getName() + "'");
    }

    /**
     * Whether a change was let through since the last update took it, kept for the next {@link #takeChanged}; called
     * by an update inside its pass.
     */
    boolean takeUpdateDue() {
        boolean was = changed;
        changed = false;
        changedSinceCull |= was;
        return was;
    }

    /** Whether a change was let through since the last cull took it; called by a cull inside its pass. */
    boolean takeChanged() {
        boolean was = changed | changedSinceCull;
        changed = false;
        changedSinceCull = false;
        return was;
    }

    /** Whether a change was let through since the last call; called by queries, inside a pass they claimed. */
    boolean takeQueriesStale() {
        boolean was = queriesStale;
        queriesStale = false;
        return was;
    }

    private IllegalStateException refusal(Object subject, Thread running, Thread changing) {
        if (changing == CLOSED) {
            return new IllegalStateException("cannot change " + subject + ": its scene was closed");
        }
        Thread frame = running != null ? running : lastPassThread;
        String why = changing != null ? "thread '" + changing.getName() + "' is changing the scene's structure"
                : "the scene cannot change while a frame runs"
                + (frame == null ? "" : " (on thread '" + frame.getName() + "')");
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
        Thread running = (Thread) FRAME_THREAD.compareAndExchange(this, null, current);
        if (running != null) {
            throw new IllegalStateException("cannot " + action + (camera == null ? "" : " for " + camera.describe())
                    + ": a frame is already running on thread '" + running.getName() + "'; frames run one at a time");
        }
        lastPassThread = current;
        Thread changing = changeThread;
        if (changing == CLOSED) {
            frameThread = null;
            throw new IllegalStateException("cannot " + action + (camera == null ? "" : " for " + camera.describe())
                    + ": the scene was closed");
        }
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

    /**
     * Closes the scene for good, unless a frame runs or another thread is changing it.
     *
     * @return false if it was closed already
     * @throws IllegalStateException if a frame runs or another thread is changing the scene
     */
    boolean close() {
        Thread changing = (Thread) CHANGE_THREAD.compareAndExchange(this, null, CLOSED);
        if (changing == CLOSED) {
            return false;
        }
        if (changing != null) {
            throw new IllegalStateException("cannot close the scene: thread '" + changing.getName()
                    + "' is changing its structure; close it between frames, on the thread that runs them");
        }
        Thread running = frameThread;
        if (running != null || transforms.isUpdating()) {
            changeThread = null;
            throw new IllegalStateException("cannot close the scene while a frame runs"
                    + (running == null ? "" : " (on thread '" + running.getName() + "')")
                    + "; close it between frames, on the thread that runs them");
        }
        return true;
    }

    boolean isClosed() {
        return changeThread == CLOSED;
    }
}
