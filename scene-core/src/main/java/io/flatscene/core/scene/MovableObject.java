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
public abstract sealed class MovableObject permits Item, Light, Camera {
    /** The global index: the object's position in its kind's store, written only by that store. */
    static final IndexField<MovableObject> GLOBAL_INDEX = IndexField.of(object -> object.globalIndex,
            (object, index) -> object.globalIndex = index);

    static final IndexField<MovableObject> PARENT_INDEX = IndexField.of(object -> object.parentIndex,
            (object, index) -> object.parentIndex = index);

    final SceneManager scene;
    private final String name;
    long handle = HandleTable.NULL;
    int globalIndex = Index.NONE;
    int parentIndex = Index.NONE;
    SceneNode parentNode;
    boolean destroyed;

    MovableObject(SceneManager scene, String name) {
        this.scene = scene;
        this.name = name == null ? "" : name;
    }

    /** The optional, not necessarily unique name given at creation ("" when none). */
    public String name() {
        return name;
    }

    /** The generational handle that {@code SceneManager.find...} accepts; stale once the object is destroyed. */
    public long handle() {
        return handle;
    }

    public SceneManager scene() {
        return scene;
    }

    public boolean isAlive() {
        return !destroyed;
    }

    /** The node this object is attached to, or null. */
    public SceneNode parentNode() {
        checkAlive();
        return parentNode;
    }

    public boolean isAttached() {
        return parentNode() != null;
    }

    /** Detaches this object from its node; nothing happens if it is not attached. */
    public void detachFromParent() {
        checkAlive();
        if (parentNode != null) {
            parentNode.detachObject(this);
        }
    }

    /** Called by the node after this object joined or left its attachment list. */
    void attachedTo(SceneNode node) {
        parentNode = node;
    }

    /** Called by the node this object hangs from when the node's transform moved to slot {@code slot}. */
    void nodeMoved(int slot) {
    }

    /** Refuses a change of this object's values when it is destroyed, or while a frame runs. */
    final void checkWritable() {
        checkAlive();
        scene.guard().checkMutable(this);
    }

    final void checkAlive() {
        if (destroyed) {
            throw new IllegalStateException(describe() + " was destroyed and cannot be used");
        }
    }

    /** The object as messages name it: kind, handle and name. */
    String describe() {
        return kind() + " " + HandleTable.describe(handle) + (name.isEmpty() ? "" : " '" + name + "'");
    }

    abstract String kind();

    @Override
    public String toString() {
        return describe();
    }
}
