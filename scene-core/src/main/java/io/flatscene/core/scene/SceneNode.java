package io.flatscene.core.scene;

import io.flatscene.core.container.GrowthPolicy;
import io.flatscene.core.container.HandleTable;
import io.flatscene.core.container.Index;
import io.flatscene.core.container.IndexField;
import io.flatscene.core.container.SwapPopArray;
import io.flatscene.core.layout.LaneBlocks;
import io.flatscene.core.scene.store.TransformStore;
import java.util.ConcurrentModificationException;
import java.util.Objects;
import java.util.function.Consumer;
import org.joml.Matrix4f;
import org.joml.Matrix4x3f;
import org.joml.Quaternionf;
import org.joml.Quaternionfc;
import org.joml.Vector3f;
import org.joml.Vector3fc;

/**
 * A node of the scene hierarchy. Its transform lives in the scene's flat transform store, found through its
 * handle; this object holds the hierarchy links: its place in the scene's node manager (global index), in its
 * parent's child list (parent index), its children and its attached objects. Setters are chainable and allocate
 * nothing, so a game can move nodes every frame.
 *
 * <p>World-space reads ({@link #getWorldMatrix}, {@link #getWorldPosition}, {@link #getWorldOrientation},
 * {@link #getWorldScale}), world-space setters and world-space operations ({@link Space#WORLD}) see the current
 * transforms, changes since the last {@link SceneManager#update()} included; culling alone reads the world matrices
 * as of the last transform pass.
 */
public final class SceneNode {
    static final IndexField<SceneNode> GLOBAL_INDEX = IndexField.of(node -> node.globalIndex,
            (node, index) -> node.globalIndex = index);

    static final IndexField<SceneNode> PARENT_INDEX = IndexField.of(node -> node.parentIndex,
            (node, index) -> node.parentIndex = index);

    private static final int INITIAL_LIST_CAPACITY = 4;
    private static final int L = LaneBlocks.LANES;

    private final SceneManager scene;
    private final String name;
    private final long handle;
    /**
     * The node's transform slot, or {@link Index#NONE} once destroyed: a copy of the store's id → slot entry, kept
     * by the store's slot listener (called from the one place a slot moves, through {@link #slotMoved}), so a setter
     * writes the slot with no look-up in the id table.
     */
    int slot;
    int globalIndex = Index.NONE;
    int parentIndex = Index.NONE;
    SceneNode parent;
    /** Created on the first child, so the many leaves of a scene pay nothing for it. */
    private SwapPopArray<SceneNode> children;
    private SwapPopArray<MovableObject> attachments;
    private Object userData;

    SceneNode(SceneManager scene, String name, long handle) {
        this.scene = scene;
        this.name = name == null ? "" : name;
        this.handle = handle;
        this.slot = scene.transforms().slotOrNone(handle);
    }

    /** The stable id: the index of the node's handle, fixed for its lifetime. */
    int id() {
        return HandleTable.idOf(handle);
    }

    /**
     * {@return the node's generational handle, fixed for its lifetime} Keep it instead of the node to refer to it
     * safely: {@link SceneManager#findNode} gives the node back, or nothing once it is destroyed.
     */
    public long handle() {
        return handle;
    }

    /** {@return the optional, not necessarily unique name given at creation ("" when none)} */
    public String name() {
        return name;
    }

    /** {@return the scene that created this node, for the node's whole life} */
    public SceneManager scene() {
        return scene;
    }

    /** {@return whether the node can be used: false once it is destroyed, or its scene closed} */
    public boolean isAlive() {
        return slot != Index.NONE;
    }

    /**
     * {@return the node's depth in its tree: 0 for the root and for detached nodes, their parent's depth plus one
     * otherwise} O(1) above depth {@link TransformStore#DEEP}, where the node's band tells it; counted up the parents
     * below.
     *
     * @throws IllegalStateException if the node was destroyed
     */
    public int depth() {
        int depth = scene.transforms().depth(readableSlot("the hierarchy"));
        if (depth < TransformStore.DEEP) {
            return depth;
        }
        for (SceneNode ancestor = parent; ancestor.bandDepth() == TransformStore.DEEP; ancestor = ancestor.parent) {
            depth++;
        }
        return depth;
    }

    /** The depth, or {@link TransformStore#DEEP} for a node at least that deep: what structural checks need. */
    int bandDepth() {
        return scene.transforms().depth(liveSlot());
    }

    /**
     * Marks the node static (or dynamic again). A static node's transform is expected to change rarely: static
     * nodes live apart from dynamic ones, so a static subtree costs nothing per frame until one of its nodes changes.
     * A static node's parent must be static or at depth 0 (the root, or a detached node).
     *
     * @param isStatic true to make the node static, false to make it dynamic again; setting the current state does
     *                 nothing
     * @return this node, for chaining
     * @throws IllegalArgumentException if the rule above would break (a dynamic parent deeper than depth 0 for a
     *                                  static node, or a static child for a node made dynamic), naming the node that
     *                                  breaks it
     * @throws IllegalStateException    if the node was destroyed, or the scene cannot change now (a frame runs, or
     *                                  another thread is changing its structure)
     */
    public SceneNode setStatic(boolean isStatic) {
        checkAlive();
        scene.setStatic(this, isStatic);
        return this;
    }

    /**
     * {@return whether the node is static; see {@link #setStatic}}
     *
     * @throws IllegalStateException if the node was destroyed
     */
    public boolean isStatic() {
        return scene.transforms().isStatic(readableSlot("the flags"));
    }

    /** {@return the parent, or null for the root and for detached nodes} */
    public SceneNode parent() {
        checkReadable("the hierarchy");
        return parent;
    }

    /** {@return whether this node is its scene's root, which lives as long as the scene and has no parent} */
    public boolean isRoot() {
        checkReadable("the hierarchy");
        return this == scene.rootNode();
    }

    /**
     * {@return whether this node hangs (through its ancestors) from the scene's root, and so is part of what is
     * drawn} True for the root itself. O(depth).
     */
    public boolean isInSceneGraph() {
        checkReadable("the hierarchy");
        SceneNode top = this;
        while (top.parent != null) {
            top = top.parent;
        }
        return top.isRoot();
    }

    /** {@return the number of direct children (not the whole subtree)} */
    public int childCount() {
        checkReadable("the hierarchy");
        return children == null ? 0 : children.size();
    }

    /**
     * Reads a direct child by position, in O(1); swap-and-pop removal reorders children, so indices are not stable.
     *
     * @param index the child's position, 0 to {@code childCount() - 1}
     * @return the child at that position
     * @throws IndexOutOfBoundsException if {@code index} is outside 0 to {@code childCount() - 1}
     */
    public SceneNode child(int index) {
        checkReadable("the hierarchy");
        if (children == null) {
            throw new IndexOutOfBoundsException(describe() + " has no children");
        }
        return children.get(index);
    }

    /**
     * Creates an unnamed node as a child of this one, with an identity local transform.
     *
     * @return the new child
     * @throws IllegalStateException if this node was destroyed, or the scene cannot change now (a frame runs, or
     *                               another thread is changing its structure)
     */
    public SceneNode createChild() {
        return createChild("");
    }

    /**
     * Creates a named node as a child of this one, with an identity local transform.
     *
     * @param name the child's name, not necessarily unique; null or "" for none
     * @return the new child
     * @throws IllegalStateException if this node was destroyed, or the scene cannot change now (a frame runs, or
     *                               another thread is changing its structure)
     */
    public SceneNode createChild(String name) {
        checkAlive();
        return scene.createNode(this, name);
    }

    /**
     * Makes a detached node a child of this one; it keeps its local transform and subtree.
     *
     * @param child a node of this scene with no parent
     * @return this node, for chaining
     * @throws IllegalArgumentException if {@code child} already has a parent (use {@link #reparent}), is this node or
     *                                  one of its ancestors, or is from another scene
     * @throws IllegalStateException    if this node or {@code child} was destroyed
     */
    public SceneNode addChild(SceneNode child) {
        checkAlive();
        scene.checkOwned(child, "be added as a child");
        // before the parent is read: another thread changing the structure may be rewriting it
        scene.guard().checkChangeable(this);
        if (child.parent != null) {
            throw new IllegalArgumentException("cannot add " + child.describe() + " to " + describe() + ": it is a "
                    + "child of " + child.parent.describe() + "; detach or reparent it");
        }
        scene.reparent(child, this);
        return this;
    }

    /**
     * Detaches a child of this node; it becomes a detached node with its subtree, no longer drawn.
     *
     * @param child a direct child of this node
     * @return this node, for chaining
     * @throws IllegalArgumentException if {@code child} is not a child of this node, or is from another scene
     * @throws IllegalStateException    if this node or {@code child} was destroyed
     */
    public SceneNode removeChild(SceneNode child) {
        checkAlive();
        scene.checkOwned(child, "be removed as a child");
        // before the parent is read: another thread changing the structure may be rewriting it
        scene.guard().checkChangeable(this);
        if (child.parent != this) {
            throw new IllegalArgumentException("cannot remove " + child.describe() + " from " + describe()
                    + ": it is not a child of it");
        }
        scene.reparent(child, null);
        return this;
    }

    /**
     * Moves this node, with its subtree, under {@code newParent}. O(1) when the depth stays the same, O(subtree)
     * otherwise. Local transforms are kept, so world transforms follow the new parent. To detach the node, use
     * {@link #detachFromParent}.
     *
     * @param newParent the new parent, a node of this scene outside this node's subtree; not null
     * @return this node, for chaining
     * @throws NullPointerException     if {@code newParent} is null
     * @throws IllegalArgumentException if this node is the root, {@code newParent} is in this node's subtree, is from
     *                                  another scene, or the static rule of {@link #setStatic} would break
     * @throws IllegalStateException    if this node or {@code newParent} was destroyed
     */
    public SceneNode reparent(SceneNode newParent) {
        checkAlive();
        Objects.requireNonNull(newParent, () -> "cannot move " + describe() + " under null: detachFromParent() "
                + "detaches a node");
        scene.checkOwned(newParent, "become a parent");
        scene.reparent(this, newParent);
        return this;
    }

    /**
     * Detaches this node from its parent; it keeps its subtree and is no longer part of the drawn scene. Does
     * nothing for a node that has no parent.
     *
     * @return this node, for chaining
     */
    public SceneNode detachFromParent() {
        checkAlive();
        // refused like a change even when there is none to make: another thread changing the structure may be
        // rewriting the parent
        scene.guard().checkChangeable(this);
        if (parent != null) {
            scene.reparent(this, null);
        }
        return this;
    }

    SwapPopArray<SceneNode> children() {
        if (children == null) {
            children = new SwapPopArray<>("children of " + describe(), INITIAL_LIST_CAPACITY, GrowthPolicy.ON_DEMAND,
                    PARENT_INDEX);
        }
        return children;
    }

    SwapPopArray<SceneNode> childrenOrNull() {
        return children;
    }

    SwapPopArray<MovableObject> attachmentsOrNull() {
        return attachments;
    }

    /**
     * Ends the node with its closed scene: it reads as destroyed, and drops its links to other nodes, its objects and
     * the game's data, so that a node the game still holds keeps nothing of the scene reachable.
     */
    void close() {
        slot = Index.NONE;
        parent = null;
        children = null;
        attachments = null;
        userData = null;
    }

    /** The store moved this node's transform to {@code slot}: the node and what hangs from it keep the new slot. */
    void slotMoved(int slot) {
        this.slot = slot;
        if (attachments != null) {
            for (int i = 0; i < attachments.size(); i++) {
                attachments.get(i).nodeMoved(slot);
            }
        }
    }

    // ---- attached objects ----

    /**
     * Attaches an object to this node in O(1): it follows the node's world transform from the next update.
     *
     * @param object an item, light or camera of this scene that is attached to no node
     * @return this node, for chaining
     * @throws IllegalArgumentException if the object is attached to a node already
     * @throws IllegalStateException    if this node or the object was destroyed
     */
    public SceneNode attachObject(MovableObject object) {
        checkAlive();
        scene.checkOwned(object, "be attached");
        boolean claimed = scene.guard().claim(this);
        try {
            if (object.parentNode != null) {
                throw new IllegalArgumentException("cannot attach " + object.describe() + " to " + describe()
                        + ": it is attached to " + object.parentNode.describe());
            }
            if (attachments == null) {
                attachments = new SwapPopArray<>("objects of " + describe(), INITIAL_LIST_CAPACITY,
                        GrowthPolicy.ON_DEMAND, MovableObject.PARENT_INDEX);
            }
            attachments.add(object);
            object.attachedTo(this);
            scene.afterStructuralChange();
            return this;
        } finally {
            scene.guard().release(claimed);
        }
    }

    /**
     * Detaches an object from this node in O(1); it stays alive, and is no longer drawn or lit from.
     *
     * @param object an object attached to this node
     * @return this node, for chaining
     * @throws IllegalArgumentException if the object is not attached to this node, or is from another scene
     * @throws IllegalStateException    if this node or the object was destroyed
     */
    public SceneNode detachObject(MovableObject object) {
        checkAlive();
        scene.checkOwned(object, "be detached");
        boolean claimed = scene.guard().claim(this);
        try {
            if (object.parentNode != this) {
                throw new IllegalArgumentException("cannot detach " + object.describe() + " from " + describe()
                        + ": it is attached to "
                        + (object.parentNode == null ? "no node" : object.parentNode.describe()));
            }
            attachments.remove(object);
            object.attachedTo(null);
            scene.afterStructuralChange();
            return this;
        } finally {
            scene.guard().release(claimed);
        }
    }

    /** {@return the number of objects attached to this node (not to its children)} */
    public int attachedObjectCount() {
        checkReadable("the attached objects");
        return attachments == null ? 0 : attachments.size();
    }

    /**
     * Reads an attached object by position, in O(1); detaching reorders them, so indices are not stable.
     *
     * @param index the object's position, 0 to {@code attachedObjectCount() - 1}
     * @return the object at that position
     * @throws IndexOutOfBoundsException if {@code index} is outside 0 to {@code attachedObjectCount() - 1}
     */
    public MovableObject attachedObject(int index) {
        checkReadable("the attached objects");
        if (attachments == null) {
            throw new IndexOutOfBoundsException(describe() + " has no attached objects");
        }
        return attachments.get(index);
    }

    /**
     * Calls {@code action} with each child, in {@link #child} order, allocating nothing. The action must not add or
     * remove this node's children: the walk would skip or repeat one.
     *
     * @param action called once per direct child; not null
     * @throws ConcurrentModificationException if the action changed the number of children, naming the node
     */
    public void forEachChild(Consumer<? super SceneNode> action) {
        checkReadable("the hierarchy");
        Objects.requireNonNull(action, "action");
        int count = childCount();
        for (int i = 0; i < count; i++) {
            action.accept(children.get(i));
            checkUnchanged("children", count, childCount());
        }
    }

    /**
     * Calls {@code action} with each attached object, in {@link #attachedObject} order, allocating nothing. The action
     * must not attach objects to or detach them from this node.
     *
     * @param action called once per attached object; not null
     * @throws ConcurrentModificationException if the action changed the number of attached objects, naming the node
     */
    public void forEachAttachment(Consumer<? super MovableObject> action) {
        checkReadable("the attached objects");
        Objects.requireNonNull(action, "action");
        int count = attachedObjectCount();
        for (int i = 0; i < count; i++) {
            action.accept(attachments.get(i));
            checkUnchanged("attached objects", count, attachedObjectCount());
        }
    }

    private void checkUnchanged(String what, int before, int now) {
        if (now != before) {
            throw new ConcurrentModificationException(describe() + " had " + before + " " + what + " when the walk "
                    + "began and has " + now + ": an action must not add or remove them while it runs");
        }
    }

    // ---- visibility ----

    /**
     * Shows or hides this node's subtree (shown by default): items attached in a hidden subtree are neither culled
     * nor drawn, and lights there do not shine; queries still find its items, as jME's picking finds culled geometry.
     * The flag is the node's own: a node is drawn when it and every ancestor are visible, so showing a node under a
     * hidden one shows nothing until the ancestor is shown. Changing it recomputes the subtree's transforms at the
     * next update, once; a hidden subtree costs the cull nothing more than its item count's reads after that.
     *
     * @param visible true to show the subtree, false to hide it
     * @return this node, for chaining
     * @throws IllegalStateException if the node was destroyed, or the scene cannot change now (a frame runs)
     */
    public SceneNode setVisible(boolean visible) {
        int slot = writableSlot();
        TransformStore t = scene.transforms();
        if (t.isHidden(slot) == visible) {
            t.setHidden(slot, !visible);
            // what a kept or incremental cull assumed about its items' visibility may no longer hold
            scene.itemData().propertiesChanging();
        }
        return this;
    }

    /** {@return this node's own visibility switch, whatever its ancestors' say; see {@link #setVisible}} */
    public boolean isVisible() {
        return !scene.transforms().isHidden(readableSlot("the flags"));
    }

    // ---- the game's data ----

    /**
     * Hangs any object of the game's on this node (null to clear): the scene keeps it and reads nothing of it.
     *
     * @param userData the game's object, or null
     * @return this node, for chaining
     * @throws IllegalStateException if the node was destroyed, or the scene cannot change now (a frame runs)
     */
    public SceneNode setUserData(Object userData) {
        checkWritable();
        this.userData = userData;
        return this;
    }

    /** {@return what {@link #setUserData} last set, or null} */
    public Object userData() {
        checkReadable("the user data");
        return userData;
    }

    /**
     * Sets a number of the game's (an entity id, a bit set of its own kinds): stored flat beside the node's transform,
     * so a data-oriented game reads it without the node object. 0 when new.
     *
     * @param tag any value; the scene gives it no meaning
     * @return this node, for chaining
     * @throws IllegalStateException if the node was destroyed, or the scene cannot change now (a frame runs)
     */
    public SceneNode setTag(long tag) {
        int slot = writableSlot();
        scene.transforms().tags()[slot] = tag;
        return this;
    }

    /** {@return what {@link #setTag} last set, or 0} */
    public long tag() {
        return scene.transforms().tags()[readableSlot("the tag")];
    }

    // ---- local transform ----

    /**
     * Sets the local position: the node's origin in its parent's space, in the parent's units (world units for a
     * node with no parent).
     *
     * @param x the position along the parent's x axis
     * @param y the position along the parent's y axis
     * @param z the position along the parent's z axis
     * @return this node, for chaining
     * @throws IllegalArgumentException if a value is not finite; the node is unchanged
     * @throws IllegalStateException    if the node was destroyed, or the scene cannot change now (a frame runs, or
     *                                  another thread is changing its structure)
     */
    public SceneNode setPosition(float x, float y, float z) {
        int slot = writableSlot();
        checkFinite("position", x, y, z, 0f);
        scene.transforms().setPosition(slot, x, y, z);
        return this;
    }

    /**
     * Sets the local position, as {@link #setPosition(float, float, float)} does.
     *
     * @param position the node's origin in its parent's space; read, not kept
     * @return this node, for chaining
     */
    public SceneNode setPosition(Vector3fc position) {
        return setPosition(position.x(), position.y(), position.z());
    }

    /**
     * Sets the local orientation, relative to the parent's axes; the quaternion need not be unit: the store keeps
     * it normalized.
     *
     * @param x the quaternion's x component
     * @param y the quaternion's y component
     * @param z the quaternion's z component
     * @param w the quaternion's w (scalar) component
     * @return this node, for chaining
     * @throws IllegalArgumentException if a component is not finite, or the quaternion has length 0; the node is
     *                                  unchanged
     * @throws IllegalStateException    if the node was destroyed, or the scene cannot change now (a frame runs, or
     *                                  another thread is changing its structure)
     */
    public SceneNode setOrientation(float x, float y, float z, float w) {
        int slot = writableSlot();
        checkRotation(x, y, z, w);
        scene.transforms().setOrientation(slot, x, y, z, w);
        return this;
    }

    /**
     * Sets the local orientation, as {@link #setOrientation(float, float, float, float)} does.
     *
     * @param orientation the rotation relative to the parent's axes, not necessarily unit; read, not kept
     * @return this node, for chaining
     */
    public SceneNode setOrientation(Quaternionfc orientation) {
        return setOrientation(orientation.x(), orientation.y(), orientation.z(), orientation.w());
    }

    /**
     * Sets the local scale: factors along the node's own axes (1 for none). 0 and negative factors are allowed; a
     * negative one mirrors.
     *
     * @param x the factor along the node's x axis
     * @param y the factor along the node's y axis
     * @param z the factor along the node's z axis
     * @return this node, for chaining
     * @throws IllegalArgumentException if a value is not finite; the node is unchanged
     * @throws IllegalStateException    if the node was destroyed, or the scene cannot change now (a frame runs, or
     *                                  another thread is changing its structure)
     */
    public SceneNode setScale(float x, float y, float z) {
        int slot = writableSlot();
        checkFinite("scale", x, y, z, 0f);
        scene.transforms().setScale(slot, x, y, z);
        return this;
    }

    /**
     * Sets the local scale, as {@link #setScale(float, float, float)} does.
     *
     * @param scale the factors along the node's own axes; read, not kept
     * @return this node, for chaining
     */
    public SceneNode setScale(Vector3fc scale) {
        return setScale(scale.x(), scale.y(), scale.z());
    }

    /**
     * Sets whether this node's orientation follows its parent's (default true). With it off the node's world
     * orientation is its local one; its position still follows the parent's full world matrix.
     *
     * @param inherit true to compose the local orientation with the parent's world orientation
     * @return this node, for chaining
     * @throws IllegalStateException    if the node was destroyed, or the scene cannot change now (a frame runs, or
     *                                  another thread is changing its structure)
     */
    public SceneNode setInheritOrientation(boolean inherit) {
        int slot = writableSlot();
        TransformStore t = scene.transforms();
        t.setInherit(slot, inherit, t.inheritsScale(slot));
        return this;
    }

    /**
     * Sets whether this node's scale follows its parent's (default true). With it off the node's world scale is its
     * local one; its position still follows the parent's full world matrix.
     *
     * @param inherit true to compose the local scale with the parent's world scale
     * @return this node, for chaining
     * @throws IllegalStateException    if the node was destroyed, or the scene cannot change now (a frame runs, or
     *                                  another thread is changing its structure)
     */
    public SceneNode setInheritScale(boolean inherit) {
        int slot = writableSlot();
        TransformStore t = scene.transforms();
        t.setInherit(slot, t.inheritsOrientation(slot), inherit);
        return this;
    }

    /** {@return whether this node's orientation follows its parent's; see {@link #setInheritOrientation}} */
    public boolean inheritsOrientation() {
        return scene.transforms().inheritsOrientation(readableSlot("the flags"));
    }

    /** {@return whether this node's scale follows its parent's; see {@link #setInheritScale}} */
    public boolean inheritsScale() {
        return scene.transforms().inheritsScale(readableSlot("the flags"));
    }

    /**
     * Reads the local position, in the parent's space, as last set (no update needed).
     *
     * @param dest receives the position
     * @return {@code dest}
     * @throws IllegalStateException if the node was destroyed
     */
    public Vector3f getPosition(Vector3f dest) {
        int o = LaneBlocks.base(readableSlot("the local transform"), TransformStore.VECTOR_WIDTH);
        float[] p = scene.transforms().positions();
        return dest.set(p[o], p[o + L], p[o + 2 * L]);
    }

    /**
     * Reads the local orientation, relative to the parent's axes, normalized, as last set (no update needed).
     *
     * @param dest receives the unit quaternion
     * @return {@code dest}
     * @throws IllegalStateException if the node was destroyed
     */
    public Quaternionf getOrientation(Quaternionf dest) {
        int o = LaneBlocks.base(readableSlot("the local transform"), TransformStore.QUATERNION_WIDTH);
        float[] q = scene.transforms().orientations();
        return dest.set(q[o], q[o + L], q[o + 2 * L], q[o + 3 * L]);
    }

    /**
     * Reads the local scale, along the node's own axes, as last set (no update needed).
     *
     * @param dest receives the scale factors
     * @return {@code dest}
     * @throws IllegalStateException if the node was destroyed
     */
    public Vector3f getScale(Vector3f dest) {
        int o = LaneBlocks.base(readableSlot("the local transform"), TransformStore.VECTOR_WIDTH);
        float[] s = scene.transforms().scales();
        return dest.set(s[o], s[o + L], s[o + 2 * L]);
    }

    // ---- relative operations and the world transform, computed by the scene's NodeSpace ----

    /**
     * Moves the node by a vector expressed in {@code space}: {@link Space#LOCAL} along the node's own axes (turned by
     * its orientation, not scaled), {@link Space#PARENT} along the parent's, {@link Space#WORLD} along the world's,
     * through the parent's current world matrix.
     *
     * @param x     the offset along the x axis of {@code space}
     * @param y     the offset along the y axis of {@code space}
     * @param z     the offset along the z axis of {@code space}
     * @param space the frame the offset is expressed in
     * @return this node, for chaining
     * @throws IllegalArgumentException if a value is not finite, or the new position would leave the float range, or
     *                                  (in {@link Space#WORLD}) the parent's world matrix has no inverse (a zero scale
     *                                  up the chain) or overflowed the float range; the node is unchanged
     * @throws IllegalStateException    if the node was destroyed, or the scene cannot change now (a frame runs, or
     *                                  another thread is changing its structure)
     */
    public SceneNode translate(float x, float y, float z, Space space) {
        return scene.nodeSpace().translate(this, x, y, z, space);
    }

    /**
     * Rotates the node by {@code rotation} expressed in {@code space}: {@link Space#LOCAL} about the node's own axes,
     * {@link Space#PARENT} about the parent's, {@link Space#WORLD} about the world's.
     *
     * @param rotation the rotation to apply, not necessarily unit (it is normalized first); read, not kept
     * @param space    the frame whose axes the rotation turns about
     * @return this node, for chaining
     * @throws IllegalArgumentException if the rotation is not finite or has length 0, or (in {@link Space#WORLD}) the
     *                                  parent's world rotation cannot be read (a zero scale up the chain, or a world
     *                                  matrix that overflowed the float range); the node is unchanged
     * @throws IllegalStateException    if the node was destroyed, or the scene cannot change now (a frame runs, or
     *                                  another thread is changing its structure)
     */
    public SceneNode rotate(Quaternionfc rotation, Space space) {
        return scene.nodeSpace().rotate(this, rotation, space);
    }

    /**
     * Rotates about the Y axis of {@code space}, as {@link #rotate} does.
     *
     * @param radians the angle, counterclockwise looking down the axis toward the origin
     * @param space   the frame whose Y axis the node turns about
     * @return this node, for chaining
     */
    public SceneNode yaw(float radians, Space space) {
        return scene.nodeSpace().yaw(this, radians, space);
    }

    /**
     * Rotates about the X axis of {@code space}, as {@link #rotate} does.
     *
     * @param radians the angle, counterclockwise looking down the axis toward the origin
     * @param space   the frame whose X axis the node turns about
     * @return this node, for chaining
     */
    public SceneNode pitch(float radians, Space space) {
        return scene.nodeSpace().pitch(this, radians, space);
    }

    /**
     * Rotates about the Z axis of {@code space}, as {@link #rotate} does.
     *
     * @param radians the angle, counterclockwise looking down the axis toward the origin
     * @param space   the frame whose Z axis the node turns about
     * @return this node, for chaining
     */
    public SceneNode roll(float radians, Space space) {
        return scene.nodeSpace().roll(this, radians, space);
    }

    /**
     * Turns the node so that its -Z axis points at {@code target} (a point in {@code space}), keeping the parent's
     * +Y as up where possible (+Z when the direction is nearly vertical).
     *
     * @param target the point to face; read, not kept
     * @param space  the frame {@code target} is expressed in
     * @return this node, for chaining
     * @throws IllegalArgumentException if the target is not finite, coincides with the node's position, or cannot be
     *                                  taken into the parent's space (a zero scale up the chain, or a parent world
     *                                  matrix that overflowed the float range), or in {@link Space#WORLD} the node's
     *                                  own world position overflowed; the node is unchanged
     */
    public SceneNode lookAt(Vector3fc target, Space space) {
        return scene.nodeSpace().lookAt(this, target, space);
    }

    /**
     * The current world matrix, written into {@code dest}: right after a change of this node or an ancestor it is
     * already the matrix the next transform pass will store, bit for bit, computed on demand by walking up to the
     * root and composing down from the highest changed ancestor (O(depth), no allocation, the scene untouched).
     *
     * <p>Finite scales can multiply down a chain past the float range (a node scaled by 1e20 under another): the
     * matrix then holds infinities or NaNs, the frame culls the items under it, and the world reads refuse it rather
     * than hand the game a NaN to spread. Each read refuses only what it returns: a node whose axes overflowed may
     * still have a finite world position.
     *
     * @param dest receives the matrix, from the node's local space to world space
     * @return {@code dest}
     * @throws IllegalStateException if the node was destroyed, or a frame runs on another thread (world reads are
     *                               made between frames, on the thread that runs them), or the matrix overflowed the
     *                               float range ({@code dest} then holds it)
     */
    public Matrix4x3f getWorldMatrix(Matrix4x3f dest) {
        return scene.nodeSpace().getWorldMatrix(this, dest);
    }

    /**
     * The current world matrix, as {@link #getWorldMatrix(Matrix4x3f)} computes it, written into {@code dest}.
     *
     * @param dest receives the matrix, its last row (0, 0, 0, 1)
     * @return {@code dest}
     * @throws IllegalStateException as {@link #getWorldMatrix(Matrix4x3f)} says
     */
    public Matrix4f getWorldMatrix(Matrix4f dest) {
        return scene.nodeSpace().getWorldMatrix(this, dest);
    }

    /**
     * The current world position, as {@link #getWorldMatrix(Matrix4x3f)} computes it, written into {@code dest}.
     *
     * @param dest receives the node's origin in world space
     * @return {@code dest}
     * @throws IllegalStateException if the position overflowed the float range (see {@link #getWorldMatrix}), or as
     *                               {@link #getWorldMatrix(Matrix4x3f)} says of a destroyed node and a running frame
     */
    public Vector3f getWorldPosition(Vector3f dest) {
        return scene.nodeSpace().getWorldPosition(this, dest);
    }

    /**
     * The current world orientation, written into {@code dest}: the rotation of the world matrix's columns once each
     * is divided by its length. When the world matrix mirrors (negative determinant) its x column is negated first,
     * so the mirror is read as a negative x scale (see {@link #getWorldScale}). Exact when the chain has no shear,
     * which a non-uniform scale with a rotated node below it makes; otherwise the nearest such reading.
     *
     * @param dest receives the unit quaternion
     * @return {@code dest}
     * @throws IllegalStateException if the world matrix's axes are zero or share a plane (a zero scale on the node
     *                               or an ancestor), which leaves no orientation, or overflowed the float range (see
     *                               {@link #getWorldMatrix}), or as {@link #getWorldMatrix(Matrix4x3f)} says of a
     *                               destroyed node and a running frame
     */
    public Quaternionf getWorldOrientation(Quaternionf dest) {
        return scene.nodeSpace().getWorldOrientation(this, dest);
    }

    /**
     * The current world scale, written into {@code dest}: the lengths of the world matrix's columns, the x one
     * negated when the world matrix mirrors. Exact as {@link #getWorldOrientation} is.
     *
     * @param dest receives the scale factors along the node's world axes
     * @return {@code dest}
     * @throws IllegalStateException if a factor overflowed the float range (see {@link #getWorldMatrix}; an axis of
     *                               finite components can be longer than the largest float), or as
     *                               {@link #getWorldMatrix(Matrix4x3f)} says of a destroyed node and a running frame
     */
    public Vector3f getWorldScale(Vector3f dest) {
        return scene.nodeSpace().getWorldScale(this, dest);
    }

    /**
     * Moves the node so that its current world position becomes {@code (x, y, z)}: the point is taken into the
     * parent's space through the inverse of the parent's current world matrix (in double), whatever the node
     * inherits, since a node's position always follows its parent's full matrix.
     *
     * @param x the world x coordinate, in world units
     * @param y the world y coordinate, in world units
     * @param z the world z coordinate, in world units
     * @return this node, for chaining
     * @throws IllegalArgumentException if a value is not finite, or the parent's world matrix has no inverse (a zero
     *                                  scale up the chain) or overflowed the float range, or the local position would
     *                                  leave the float range; the node is unchanged
     */
    public SceneNode setWorldPosition(float x, float y, float z) {
        return scene.nodeSpace().setWorldPosition(this, x, y, z);
    }

    /**
     * Moves the node to a world position, as {@link #setWorldPosition(float, float, float)} does.
     *
     * @param position the world position, in world units; read, not kept
     * @return this node, for chaining
     */
    public SceneNode setWorldPosition(Vector3fc position) {
        return setWorldPosition(position.x(), position.y(), position.z());
    }

    /**
     * Turns the node so that its world orientation becomes {@code orientation} (normalized): with
     * {@link #inheritsOrientation()} off the orientation is the local one; otherwise the local orientation becomes
     * the parent's current world orientation ({@link #getWorldOrientation}) inverted, times {@code orientation} (as
     * Ogre's derived orientation does), conjugated by the x mirror when the parent's world matrix mirrors. Reading
     * {@link #getWorldOrientation} back gives {@code orientation} when the chain has no shear and the node's own scale
     * does not mirror.
     *
     * @param x the quaternion's x component
     * @param y the quaternion's y component
     * @param z the quaternion's z component
     * @param w the quaternion's w (scalar) component
     * @return this node, for chaining
     * @throws IllegalArgumentException if the quaternion is not finite or zero, or the parent's world matrix has a
     *                                  zero axis (a zero scale up the chain) or overflowed the float range; the node
     *                                  is unchanged
     */
    public SceneNode setWorldOrientation(float x, float y, float z, float w) {
        return scene.nodeSpace().setWorldOrientation(this, x, y, z, w);
    }

    /**
     * Turns the node to a world orientation, as {@link #setWorldOrientation(float, float, float, float)} does.
     *
     * @param orientation the world orientation, not necessarily unit; read, not kept
     * @return this node, for chaining
     */
    public SceneNode setWorldOrientation(Quaternionfc orientation) {
        return setWorldOrientation(orientation.x(), orientation.y(), orientation.z(), orientation.w());
    }

    /**
     * Scales the node so that its world scale becomes {@code (x, y, z)}: with {@link #inheritsScale()} off the scale
     * is the local one; otherwise each factor is divided by the length of the parent's matching world axis (as
     * Ogre's derived scale does). Reading {@link #getWorldScale} back gives {@code (x, y, z)} when the parent's world
     * scale is uniform (or the node is not rotated against a non-uniform one) and does not mirror.
     *
     * @param x the world scale factor along the node's x axis
     * @param y the world scale factor along the node's y axis
     * @param z the world scale factor along the node's z axis
     * @return this node, for chaining
     * @throws IllegalArgumentException if a value is not finite, a parent axis has length 0 (a zero scale up the
     *                                  chain), the parent's world matrix overflowed the float range, or a factor would
     *                                  leave the float range; the node is unchanged
     */
    public SceneNode setWorldScale(float x, float y, float z) {
        return scene.nodeSpace().setWorldScale(this, x, y, z);
    }

    /**
     * Scales the node to a world scale, as {@link #setWorldScale(float, float, float)} does.
     *
     * @param scale the world scale factors along the node's axes; read, not kept
     * @return this node, for chaining
     */
    public SceneNode setWorldScale(Vector3fc scale) {
        return setWorldScale(scale.x(), scale.y(), scale.z());
    }

    /** The node's world matrix as of the last transform pass, what culling reads: no walk, no check. */
    Matrix4x3f storedWorldMatrix(Matrix4x3f dest) {
        return scene.worldComposer().stored(liveSlot(), dest);
    }

    /** The current world matrix as composed, finite or not: what the world reads and operations check. */
    Matrix4x3f currentWorldMatrix(Matrix4x3f dest) {
        return scene.worldComposer().compose(readableSlot("the world transform"), dest);
    }

    // ---- checks ----

    void checkAlive() {
        if (!isAlive()) {
            throw destroyed();
        }
    }

    private IllegalStateException destroyed() {
        return new IllegalStateException(describe() + (scene.isClosed() ? " belongs to a closed scene"
                : " was destroyed") + " and cannot be used");
    }

    void checkWritable() {
        checkAlive();
        scene.guard().checkMutable(this);
    }

    /** Checks once that the node lives (its kept slot) and returns the slot, for the reads of a public call. */
    int liveSlot() {
        int slot = this.slot;
        if (slot < 0) {
            throw destroyed();
        }
        return slot;
    }

    /** Checks once that the node lives and no other thread holds the scene, and returns the slot, for a read. */
    private int readableSlot(String what) {
        int slot = liveSlot();
        scene.guard().checkReadable(what, this);
        return slot;
    }

    /** Checks that the node lives and no other thread holds the scene, for a read that needs no slot. */
    private void checkReadable(String what) {
        checkAlive();
        scene.guard().checkReadable(what, this);
    }

    /** Checks the handle and the scene's openness to changes once, and returns the slot to write. */
    int writableSlot() {
        int slot = liveSlot();
        scene.guard().checkMutable(this);
        return slot;
    }

    /**
     * A finite quaternion that is not zero: one the store can normalize into a rotation. Its length is taken in double,
     * as the store takes it, so a tiny quaternion (whose squares vanish in float) is a rotation too.
     */
    void checkRotation(float x, float y, float z, float w) {
        checkFinite("orientation", x, y, z, w);
        if ((double) x * x + (double) y * y + (double) z * z + (double) w * w == 0.0) {
            throw new IllegalArgumentException(describe() + ": orientation (" + x + ", " + y + ", " + z + ", " + w
                    + ") has length 0, so it is no rotation");
        }
    }

    void checkFinite(String what, float x, float y, float z, float w) {
        if (!Finite.all(x, y, z, w)) {
            throw new IllegalArgumentException(describe() + ": " + what + " (" + x + ", " + y + ", " + z
                    + (what.equals("orientation") || what.equals("rotation") ? ", " + w : "")
                    + ") must be finite: NaN and infinity would spread to every descendant");
        }
    }

    /** The node as messages name it: handle (id:version) and name. */
    String describe() {
        return "node " + HandleTable.describe(handle) + (name.isEmpty() ? "" : " '" + name + "'");
    }

    @Override
    public String toString() {
        return describe();
    }
}
