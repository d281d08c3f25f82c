package io.flatscene.core.scene;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * The scene's thread rule, in one place: a scene is held by one thread, its owner, which is the only thread that may
 * read or change it. The owner is the thread that created the scene, until it hands the scene over
 * ({@link #handOver}); every call from another thread is refused before it reads or writes anything, every time,
 * whether or not the owner is busy, so two threads can never interleave their calls on one scene. A hand-over is a
 * volatile write of {@link #owner}, and every check starts with a read of it, so everything the old owner wrote
 * happens-before whatever the new owner reads.
 *
 * <p>On the owner's thread the guard keeps what a frame and a structural change are doing, so that neither runs
 * halfway through the other: while a frame or a single pass runs, no change of values or of structure, no other
 * frame, close or hand-over gets through; while a structural change is under way, no frame, close or hand-over does.
 * Only the owner reads and writes that state, so it is plain fields, and a setter's check costs a volatile read, a
 * thread comparison and one plain read. The worker threads of a frame run pass code alone, which never calls a
 * guarded method.
 */
final class SceneGuard {
    private static final VarHandle OWNER;
    /** The owner once the scene is closed, for good: never started, so no caller is ever it. */
    private static final Thread CLOSED = new Thread("closed scene");

    static {
        try {
            OWNER = MethodHandles.lookup().findVarHandle(SceneGuard.class, "owner", Thread.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /**
     * The thread that may call the scene: its creator until a hand-over, null while it is handed to whichever thread
     * calls next (that thread takes it by a compare-and-set, so exactly one does), {@link #CLOSED} once closed.
     */
    private volatile Thread owner = Thread.currentThread();
    /** A frame, pass or query runs on the owner's thread: a change would be half seen, another frame would clash. */
    private boolean passRunning;
    /** A structural change is under way on the owner's thread: a frame would read broken indices. */
    private boolean changing;
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

    /**
     * Claims the scene for a structural change on the owner's thread, so that no frame or pass starts halfway
     * through it; pair with {@link #release} in a finally block.
     *
     * @param subject what was to change, named in the message (described only when the change is refused)
     * @return false when the change is made inside another, which holds the claim already; true otherwise
     * @throws IllegalStateException if the calling thread does not own the scene, the scene was closed, or a frame
     *                               runs
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
     * @return false when the change is made inside another, true otherwise
     * @throws IllegalStateException as {@link #claim} does
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
     * @return false when the call is made inside a change, true otherwise
     * @throws IllegalStateException as {@link #claim} does, with a call's message
     */
    boolean hold(String action) {
        return take(null, action);
    }

    /**
     * Takes the claim, counting nothing; a refusal names {@code subject} as a structural change's does, or, where it
     * is null, {@code action} as a call's does.
     */
    private boolean take(Object subject, String action) {
        Thread current = Thread.currentThread();
        Thread other = otherThan(current);
        if (other != null || passRunning) {
            throw subject != null ? changeRefusal(subject, current, other) : callRefusal(action, current, other);
        }
        if (changing) {
            return false;
        }
        changing = true;
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
            changing = false;
        }
    }

    /** Checks once that the node lives and the calling thread owns the scene, and returns its slot, for a read. */
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
     * Refuses a change of values (not structure) from a thread that does not own the scene, or while a frame runs.
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
        Thread current = Thread.currentThread();
        Thread other = otherThan(current);
        if (other != null || passRunning) {
            throw changeRefusal(subject, current, other);
        }
    }

    /**
     * Refuses a read of an object's state from a thread that does not own the scene: the owner may be rewriting
     * what it reads, and nothing would make the owner's writes visible to it. The owner reads during its own frame's
     * passes too. A closed scene's reads are refused by the object's own check, with its own message, before this one.
     *
     * @param what    what of the subject was to be read, after "cannot read": "the world transform", "the tag"
     * @param subject the object read, named in the message (described only when the read is refused)
     */
    void checkReadable(String what, Object subject) {
        Thread current = Thread.currentThread();
        Thread other = otherThan(current);
        if (other != null) {
            throw new IllegalStateException("cannot read " + what + " of " + subject + ": " + notOwner(current, other));
        }
    }

    /**
     * Refuses a call on the scene itself (a count, a look-up, a live view) once the scene is closed, whose objects
     * are all destroyed, or from a thread that does not own it, for the reasons {@link #checkReadable} gives.
     *
     * @param action what was to be done, after "cannot"
     */
    void checkAvailable(String action) {
        Thread current = Thread.currentThread();
        Thread other = otherThan(current);
        if (other != null) {
            throw callRefusal(action, current, other);
        }
    }

    /**
     * The thread that holds the scene against {@code current}, or null when {@code current} owns it: the owner, or
     * {@link #CLOSED}. A scene handed to no thread is taken by {@code current} here, unless another thread took it
     * first, which is then the one returned.
     */
    private Thread otherThan(Thread current) {
        Thread holder = owner;
        if (holder == current) {
            return null;
        }
        return holder != null ? holder : (Thread) OWNER.compareAndExchange(this, null, current);
    }

    /** Why a thread that does not own the scene was refused, and what to do instead, for a refusal's message. */
    private static String notOwner(Thread current, Thread owner) {
        if (owner == CLOSED) {
            return "the scene was closed";
        }
        return "the scene belongs to thread '" + owner.getName() + "', not to thread '" + current.getName()
                + "'; call it on its owner's thread, or have the owner hand it over with SceneManager.handOver";
    }

    /** A refused call, from another thread than the owner's ({@code other} not null) or while a frame runs. */
    private static IllegalStateException callRefusal(String action, Thread current, Thread other) {
        if (other != null) {
            return new IllegalStateException("cannot " + action + ": " + notOwner(current, other));
        }
        return new IllegalStateException("cannot " + action + ": a frame is running on thread '" + current.getName()
                + "'; call it between frames");
    }

    /** A refused change, from another thread than the owner's ({@code other} not null) or while a frame runs. */
    private static IllegalStateException changeRefusal(Object subject, Thread current, Thread other) {
        if (other == CLOSED) {
            return new IllegalStateException("cannot change " + subject + ": its scene was closed");
        }
        if (other != null) {
            return new IllegalStateException("cannot change " + subject + ": " + notOwner(current, other));
        }
        return new IllegalStateException("cannot change " + subject + ": the scene cannot change while a frame runs "
                + "(on thread '" + current.getName() + "'); change it between frames");
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

    /**
     * Claims the scene for a pass; pair with {@link #endPass} in a finally block. The message is built only when
     * the pass is refused, so that a frame allocates nothing.
     *
     * @param camera named in the message, or null
     * @throws IllegalStateException if the calling thread does not own the scene, the scene was closed, another
     *                               frame is running or a structural change is under way
     */
    void beginPass(String action, Camera camera) {
        Thread current = Thread.currentThread();
        Thread other = otherThan(current);
        if (other != null) {
            throw callRefusal(passCall(action, camera), current, other);
        }
        if (passRunning) {
            throw new IllegalStateException("cannot " + passCall(action, camera) + ": a frame is already running on "
                    + "thread '" + current.getName() + "'; frames run one at a time");
        }
        if (changing) {
            throw new IllegalStateException("cannot " + passCall(action, camera) + ": a structural change is under "
                    + "way on thread '" + current.getName() + "'; run frames between changes");
        }
        passRunning = true;
    }

    private static String passCall(String action, Camera camera) {
        return camera == null ? action : action + " for " + camera.describe();
    }

    void endPass() {
        passRunning = false;
    }

    /**
     * Hands the scene to {@code next}, or to no thread for null (the next thread that calls takes it), unless a frame
     * runs or a change is under way.
     *
     * @throws IllegalStateException if the calling thread does not own the scene, the scene was closed, a frame runs
     *                               or a structural change is under way
     */
    void handOver(Thread next) {
        Thread current = Thread.currentThread();
        String action = "hand the scene over to " + (next == null ? "no thread" : "thread '" + next.getName() + "'");
        checkSettled(action, current);
        owner = next;
    }

    /**
     * Closes the scene for good, unless the calling thread does not own it, a frame runs or a change is under way.
     *
     * @return false if it was closed already, whichever thread asks
     * @throws IllegalStateException if the calling thread does not own the scene, a frame runs or a structural
     *                               change is under way
     */
    boolean close() {
        if (owner == CLOSED) {
            return false;
        }
        checkSettled("close the scene", Thread.currentThread());
        owner = CLOSED;
        return true;
    }

    /** Refuses a call that ends the owner's hold unless {@code current} owns the scene and nothing is under way. */
    private void checkSettled(String action, Thread current) {
        Thread other = otherThan(current);
        if (other != null) {
            throw callRefusal(action, current, other);
        }
        if (passRunning || changing) {
            throw new IllegalStateException("cannot " + action + " while " + (passRunning ? "a frame runs"
                    : "a structural change is under way") + " (on thread '" + current.getName() + "'); call it "
                    + "between frames");
        }
    }

    boolean isClosed() {
        return owner == CLOSED;
    }
}
