package io.flatscene.core.scene;

import io.flatscene.core.container.HandleTable;
import io.flatscene.core.container.Index;
import io.flatscene.core.container.IndexField;

/**
 * Something that is placed in the scene by attaching it to a {@link SceneNode}: an {@link Item}, a {@link Light}
 * or a {@link Camera}. Each lives in its type's manager at its global index and, while attached, in its node's
 * attachment list at its parent index (Ogre 2.0's {@code mGlobalIndex} and {@code mParentIndex}); only its store and
 * the {@link io.flatscene.core.container.SwapPopArray} of its node's attachments write those two fields.
 */
public abstract class MovableObject {
    /** The global index: the object's position in its kind's store, written only by that store. */
    static final IndexField<MovableObject> GLOBAL_INDEX = IndexField.of(object -> object.globalIndex,
            (object, index) -> object.globalIndex = index);

    static final IndexField<MovableObject> PARENT_INDEX = IndexField.of(object -> object.parentIndex,
            (object, index) -> object.parentIndex = index);

    final SceneManager scene;
    /** The kind whose store holds the object: every structural change reaches the kind's data through it. */
    final ObjectKind<?> kind;
    private final String name;
    long handle = HandleTable.NULL;
    int globalIndex = Index.NONE;
    int parentIndex = Index.NONE;
    SceneNode parentNode;
    boolean destroyed;
    private Object userData;

    MovableObject(ObjectKind<?> kind, String name) {
        this.kind = kind;
        this.scene = kind.scene;
        this.name = name == null ? "" : name;
    }

    /** {@return the optional, not necessarily unique name given at creation ("" when none)} */
    public String name() {
        return name;
    }

    /**
     * {@return the generational handle that {@code SceneManager.find...} accepts; stale once the object is
     * destroyed}
     */
    public long handle() {
        return handle;
    }

    /** {@return the scene that created this object, for the object's whole life} */
    public SceneManager scene() {
        return scene;
    }

    /** {@return whether the object can be used: false once it is destroyed, or its scene closed} */
    public boolean isAlive() {
        return !destroyed;
    }

    /** {@return the node this object is attached to, or null} */
    public SceneNode parentNode() {
        checkReadable("the attachment");
        return parentNode;
    }

    /**
     * {@return whether this object is attached to a node} An attached object may still not be drawn: its node must
     * hang from the root ({@link SceneNode#isInSceneGraph}).
     */
    public boolean isAttached() {
        return parentNode() != null;
    }

    /**
     * Detaches this object from its node; nothing happens if it is not attached.
     *
     * @return this object, for chaining; each kind returns its own type
     * @throws IllegalStateException if this object was destroyed, or the scene cannot change now (a frame runs)
     */
    public MovableObject detachFromParent() {
        checkAlive();
        // refused like a change even when there is none to make: the attachment is read only on the owner's thread,
        // between frames
        scene.guard().checkChangeable(this);
        if (parentNode != null) {
            parentNode.detachObject(this);
        }
        return this;
    }

    /**
     * Hangs any object of the game's on this one (null to clear): the scene keeps it and reads nothing of it.
     *
     * @param userData the game's object, or null
     * @return this object, for chaining; each kind returns its own type
     * @throws IllegalStateException if this object was destroyed, or the scene cannot change now (a frame runs)
     */
    public MovableObject setUserData(Object userData) {
        checkWritable();
        this.userData = userData;
        return this;
    }

    /** {@return what {@link #setUserData} last set, or null} */
    public final Object userData() {
        checkReadable("the user data");
        return userData;
    }

    /**
     * Sets a number of the game's (an entity id, a bit set of its own kinds): stored flat in a column of this object's
     * store, beside its other data, so it moves with the object and a data-oriented game reads it by global index.
     * 0 when new.
     *
     * @param tag any value; the scene gives it no meaning
     * @return this object, for chaining; each kind returns its own type
     * @throws IllegalStateException if this object was destroyed, or the scene cannot change now (a frame runs)
     */
    public MovableObject setTag(long tag) {
        checkWritable();
        kind.tags()[globalIndex] = tag;
        return this;
    }

    /** {@return what {@link #setTag} last set, or 0} */
    public final long tag() {
        checkReadable("the tag");
        return kind.tags()[globalIndex];
    }

    /** Called by the node after this object joined or left its attachment list. */
    final void attachedTo(SceneNode node) {
        kind.attach(this, node);
    }

    /**
     * Refuses a change of this object's values when it is destroyed, or while a frame runs, and otherwise counts the
     * change. A setter with arguments to check calls {@link #checkAlive} first and this once they pass: a dead object
     * says so before a bad argument does, and a refused call counts no change, which would cost the next cull its
     * kept queue.
     */
    final void checkWritable() {
        checkAlive();
        scene.guard().checkMutable(this);
    }

    /** Checks that the object lives and that the calling thread owns the scene, for a read of {@code what}. */
    final void checkReadable(String what) {
        checkAlive();
        scene.guard().checkReadable(what, this);
    }

    final void checkAlive() {
        if (destroyed) {
            throw new IllegalStateException(describe() + (scene.isClosed() ? " belongs to a closed scene"
                    : " was destroyed") + " and cannot be used");
        }
    }

    /** The object as messages name it: kind, handle and name. */
    String describe() {
        return kind.name() + " " + HandleTable.describe(handle) + (name.isEmpty() ? "" : " '" + name + "'");
    }

    @Override
    public String toString() {
        return describe();
    }
}
