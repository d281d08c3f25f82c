package io.flatscene.core.scene;

import io.flatscene.core.container.HandleTable;
import io.flatscene.core.container.Index;
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
 * as of the last transform pass. Finite scales can multiply down a chain past the float range (a node scaled by 1e20
 * under another): the world matrix then holds infinities or NaNs, the frame culls the items under it, and each world
 * read refuses what it would return overflowed rather than hand the game a NaN to spread, while world setters and
 * operations refuse a parent matrix they cannot invert or read.
 *
 * <p>Every method throws {@link IllegalStateException} for a node destroyed (or of a closed scene), and for a call
 * from a thread that does not own the scene; every setter and structural change also while the scene cannot change
 * (a frame runs: see {@link SceneManager}). A setter refuses a value that
 * is not finite with an {@link IllegalArgumentException} naming the node. A refused call leaves the node unchanged.
 * The {@code @throws} clauses name the refusals particular to each method.
 */
public final class SceneNode {
    private static final int L = LaneBlocks.LANES;

    private final SceneManager scene;
    private final String name;
    private final long handle;
    /**
     * The node's transform slot, or {@link Index#NONE} once destroyed: a copy of the store's id → slot entry, kept by
     * the store's slot listener ({@link SceneHierarchy#slotMoved}), so a setter writes the slot with no look-up.
     */
    int slot;
    int globalIndex = Index.NONE;
    int parentIndex = Index.NONE;
    SceneNode parent;
    /** Created by {@link SceneHierarchy} on the first child or attachment: the many leaves pay nothing for them. */
    SwapPopArray<SceneNode> children;
    SwapPopArray<MovableObject> attachments;
    Object userData;

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
     */
    public int depth() {
        return SceneHierarchy.depth(this, scene.transforms().depth(scene.guard().readableSlot(this, "the hierarchy")));
    }

    /** The depth, or {@link TransformStore#DEEP} for a node at least that deep: what structural checks need. */
    int bandDepth() {
        return scene.transforms().depth(liveSlot());
    }

    /**
     * Marks the node static (or dynamic again): static nodes live apart from dynamic ones, so a static subtree costs
     * nothing per frame until one of its nodes changes. A static node's parent must be static or at depth 0.
     *
     * @param isStatic true to make the node static, false to make it dynamic again; the current state does nothing
     * @return this node, for chaining
     * @throws IllegalArgumentException if that rule would break (for this node or a static child), naming the node
     */
    public SceneNode setStatic(boolean isStatic) {
        scene.changes().setStatic(this, isStatic);
        return this;
    }

    /**
     * {@return whether the node is static; see {@link #setStatic}}
     */
    public boolean isStatic() {
        return scene.transforms().isStatic(scene.guard().readableSlot(this, "the flags"));
    }

    /** {@return the parent, or null for the root and for detached nodes} */
    public SceneNode parent() {
        scene.guard().readableSlot(this, "the hierarchy");
        return parent;
    }

    /** {@return whether this node is its scene's root, which lives as long as the scene and has no parent} */
    public boolean isRoot() {
        scene.guard().readableSlot(this, "the hierarchy");
        return this == scene.rootNode();
    }

    /**
     * {@return whether this node hangs (through its ancestors) from the scene's root, and so is part of what is
     * drawn} True for the root itself. O(depth).
     */
    public boolean isInSceneGraph() {
        scene.guard().readableSlot(this, "the hierarchy");
        return SceneHierarchy.top(this) == scene.rootNode();
    }

    /** {@return the number of direct children (not the whole subtree)} */
    public int childCount() {
        scene.guard().readableSlot(this, "the hierarchy");
        return children == null ? 0 : children.size();
    }

    /**
     * Reads a direct child by position, in O(1); swap-and-pop removal reorders children, so indices are not stable.
     *
     * @param index the child's position, 0 to {@code childCount() - 1}
     * @return the child at that position; an index outside that range throws {@link IndexOutOfBoundsException}
     */
    public SceneNode child(int index) {
        scene.guard().readableSlot(this, "the hierarchy");
        if (children == null) {
            throw new IndexOutOfBoundsException(describe() + " has no children");
        }
        return children.get(index);
    }

    /**
     * Creates an unnamed node as a child of this one, with an identity local transform.
     *
     * @return the new child
     */
    public SceneNode createChild() {
        return createChild("");
    }

    /**
     * Creates a named node as a child of this one, with an identity local transform.
     *
     * @param name the child's name, not necessarily unique; null or "" for none
     * @return the new child
     */
    public SceneNode createChild(String name) {
        checkAlive();
        return scene.changes().createNode(this, name);
    }

    /**
     * Makes a detached node a child of this one; it keeps its local transform and subtree.
     *
     * @param child a node of this scene with no parent
     * @return this node, for chaining
     * @throws IllegalArgumentException if {@code child} already has a parent (use {@link #reparent}), is this node or
     *                                  one of its ancestors, or is from another scene
     */
    public SceneNode addChild(SceneNode child) {
        scene.changes().addChild(this, child);
        return this;
    }

    /**
     * Detaches a child of this node; it becomes a detached node with its subtree, no longer drawn.
     *
     * @param child a direct child of this node
     * @return this node, for chaining
     * @throws IllegalArgumentException if {@code child} is not a child of this node, or is from another scene
     */
    public SceneNode removeChild(SceneNode child) {
        scene.changes().removeChild(this, child);
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
     */
    public SceneNode reparent(SceneNode newParent) {
        scene.changes().moveUnder(this, newParent);
        return this;
    }

    /**
     * Detaches this node from its parent; it keeps its subtree and is no longer part of the drawn scene. Does
     * nothing for a node that has no parent.
     *
     * @return this node, for chaining
     */
    public SceneNode detachFromParent() {
        scene.changes().detachFromParent(this);
        return this;
    }

    /**
     * Attaches an object to this node in O(1): it follows the node's world transform from the next update.
     *
     * @param object an item, light or camera of this scene that is attached to no node
     * @return this node, for chaining
     * @throws IllegalArgumentException if the object is attached to a node already
     */
    public SceneNode attachObject(MovableObject object) {
        scene.changes().attach(this, object);
        return this;
    }

    /**
     * Detaches an object from this node in O(1); it stays alive, and is no longer drawn or lit from.
     *
     * @param object an object attached to this node
     * @return this node, for chaining
     * @throws IllegalArgumentException if the object is not attached to this node, or is from another scene
     */
    public SceneNode detachObject(MovableObject object) {
        scene.changes().detach(this, object);
        return this;
    }

    /** {@return the number of objects attached to this node (not to its children)} */
    public int attachedObjectCount() {
        scene.guard().readableSlot(this, "the attached objects");
        return attachments == null ? 0 : attachments.size();
    }

    /**
     * Reads an attached object by position, in O(1); detaching reorders them, so indices are not stable.
     *
     * @param index the object's position, 0 to {@code attachedObjectCount() - 1}
     * @return the object at that position; an index outside that range throws {@link IndexOutOfBoundsException}
     */
    public MovableObject attachedObject(int index) {
        scene.guard().readableSlot(this, "the attached objects");
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
        scene.guard().readableSlot(this, "the hierarchy");
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
        scene.guard().readableSlot(this, "the attached objects");
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

    /**
     * Shows or hides this node's subtree (shown by default): items attached in a hidden subtree are neither culled
     * nor drawn, and lights there do not shine; queries still find its items, as jME's picking finds culled geometry.
     * A node is drawn when it and every ancestor are visible. A hidden subtree costs the cull its item count's reads.
     *
     * @param visible true to show the subtree, false to hide it
     * @return this node, for chaining
     */
    public SceneNode setVisible(boolean visible) {
        int slot = scene.guard().writableSlot(this);
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
        return !scene.transforms().isHidden(scene.guard().readableSlot(this, "the flags"));
    }

    /**
     * Hangs any object of the game's on this node (null to clear): the scene keeps it and reads nothing of it.
     *
     * @param userData the game's object, or null
     * @return this node, for chaining
     */
    public SceneNode setUserData(Object userData) {
        scene.guard().writableSlot(this);
        this.userData = userData;
        return this;
    }

    /** {@return what {@link #setUserData} last set, or null} */
    public Object userData() {
        scene.guard().readableSlot(this, "the user data");
        return userData;
    }

    /**
     * Sets a number of the game's (an entity id, a bit set of its own kinds): stored flat beside the node's transform,
     * so a data-oriented game reads it without the node object. 0 when new.
     *
     * @param tag any value; the scene gives it no meaning
     * @return this node, for chaining
     */
    public SceneNode setTag(long tag) {
        int slot = scene.guard().writableSlot(this);
        scene.transforms().tags()[slot] = tag;
        return this;
    }

    /** {@return what {@link #setTag} last set, or 0} */
    public long tag() {
        return scene.transforms().tags()[scene.guard().readableSlot(this, "the tag")];
    }

    /**
     * Sets the local position: the node's origin in its parent's space, in the parent's units (world units for a
     * node with no parent).
     *
     * @param x the position along the parent's x axis
     * @param y the position along the parent's y axis
     * @param z the position along the parent's z axis
     * @return this node, for chaining
     */
    public SceneNode setPosition(float x, float y, float z) {
        int slot = scene.guard().writableSlot(this);
        Finite.check(this, "position", x, y, z, 0f);
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
     * Sets the local orientation, relative to the parent's axes, from a quaternion of any length (stored normalized).
     *
     * @param x the quaternion's x component
     * @param y the quaternion's y component
     * @param z the quaternion's z component
     * @param w the quaternion's w (scalar) component
     * @return this node, for chaining
     * @throws IllegalArgumentException if a component is not finite, or the quaternion has length 0; the node is
     *                                  unchanged
     */
    public SceneNode setOrientation(float x, float y, float z, float w) {
        int slot = scene.guard().writableSlot(this);
        Finite.checkRotation(this, x, y, z, w);
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
     */
    public SceneNode setScale(float x, float y, float z) {
        int slot = scene.guard().writableSlot(this);
        Finite.check(this, "scale", x, y, z, 0f);
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
     */
    public SceneNode setInheritOrientation(boolean inherit) {
        int slot = scene.guard().writableSlot(this);
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
     */
    public SceneNode setInheritScale(boolean inherit) {
        int slot = scene.guard().writableSlot(this);
        TransformStore t = scene.transforms();
        t.setInherit(slot, t.inheritsOrientation(slot), inherit);
        return this;
    }

    /** {@return whether this node's orientation follows its parent's; see {@link #setInheritOrientation}} */
    public boolean inheritsOrientation() {
        return scene.transforms().inheritsOrientation(scene.guard().readableSlot(this, "the flags"));
    }

    /** {@return whether this node's scale follows its parent's; see {@link #setInheritScale}} */
    public boolean inheritsScale() {
        return scene.transforms().inheritsScale(scene.guard().readableSlot(this, "the flags"));
    }

    /**
     * Reads the local position, in the parent's space, as last set (no update needed).
     *
     * @param dest receives the position
     * @return {@code dest}
     */
    public Vector3f getPosition(Vector3f dest) {
        int o = LaneBlocks.base(scene.guard().readableSlot(this, "the local transform"), TransformStore.VECTOR_WIDTH);
        float[] p = scene.transforms().positions();
        return dest.set(p[o], p[o + L], p[o + 2 * L]);
    }

    /**
     * Reads the local orientation, relative to the parent's axes, normalized, as last set (no update needed).
     *
     * @param dest receives the unit quaternion
     * @return {@code dest}
     */
    public Quaternionf getOrientation(Quaternionf dest) {
        int slot = scene.guard().readableSlot(this, "the local transform");
        int o = LaneBlocks.base(slot, TransformStore.QUATERNION_WIDTH);
        float[] q = scene.transforms().orientations();
        return dest.set(q[o], q[o + L], q[o + 2 * L], q[o + 3 * L]);
    }

    /**
     * Reads the local scale, along the node's own axes, as last set (no update needed).
     *
     * @param dest receives the scale factors
     * @return {@code dest}
     */
    public Vector3f getScale(Vector3f dest) {
        int o = LaneBlocks.base(scene.guard().readableSlot(this, "the local transform"), TransformStore.VECTOR_WIDTH);
        float[] s = scene.transforms().scales();
        return dest.set(s[o], s[o + L], s[o + 2 * L]);
    }

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
     * @throws IllegalArgumentException if the new position would leave the float range, or (in {@link Space#WORLD})
     *                                  the parent's world matrix has no inverse (a zero scale up the chain)
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
     * @throws IllegalArgumentException if the rotation has length 0, or (in {@link Space#WORLD}) the parent's world
     *                                  rotation cannot be read (a zero scale up the chain)
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
     * @throws IllegalArgumentException if the target coincides with the node's position, or cannot be taken into the
     *                                  parent's space, or (in {@link Space#WORLD}) the node's world position overflowed
     */
    public SceneNode lookAt(Vector3fc target, Space space) {
        return scene.nodeSpace().lookAt(this, target, space);
    }

    /**
     * The current world matrix, written into {@code dest}: right after a change of this node or an ancestor it is
     * already the matrix the next transform pass will store, bit for bit, computed on demand by walking up to the
     * root and composing down from the highest changed ancestor (O(depth), no allocation, the scene untouched).
     *
     * @param dest receives the matrix, from the node's local space to world space
     * @return {@code dest}
     * @throws IllegalStateException if the calling thread does not own the scene, or the matrix overflowed
     *                               ({@code dest} then holds it)
     */
    public Matrix4x3f getWorldMatrix(Matrix4x3f dest) {
        return scene.nodeSpace().getWorldMatrix(this, dest);
    }

    /**
     * The current world matrix, as {@link #getWorldMatrix(Matrix4x3f)} computes and refuses it.
     *
     * @param dest receives the matrix, its last row (0, 0, 0, 1)
     * @return {@code dest}
     */
    public Matrix4f getWorldMatrix(Matrix4f dest) {
        return scene.nodeSpace().getWorldMatrix(this, dest);
    }

    /**
     * The current world position, as {@link #getWorldMatrix(Matrix4x3f)} computes it; refused only if it overflowed.
     *
     * @param dest receives the node's origin in world space
     * @return {@code dest}
     */
    public Vector3f getWorldPosition(Vector3f dest) {
        return scene.nodeSpace().getWorldPosition(this, dest);
    }

    /**
     * The current world orientation: the rotation of the world matrix's columns once each is divided by its length.
     * When the world matrix mirrors (negative determinant) its x column is negated first, so the mirror is read as a
     * negative x scale (see {@link #getWorldScale}). Exact when the chain has no shear, which a non-uniform scale with
     * a rotated node below it makes; otherwise the nearest such reading.
     *
     * @param dest receives the unit quaternion
     * @return {@code dest}
     * @throws IllegalStateException if the world matrix's axes are zero or share a plane (a zero scale on the node
     *                               or an ancestor), which leaves no orientation
     */
    public Quaternionf getWorldOrientation(Quaternionf dest) {
        return scene.nodeSpace().getWorldOrientation(this, dest);
    }

    /**
     * The current world scale: the lengths of the world matrix's columns, the x one negated when the world matrix
     * mirrors; exact as {@link #getWorldOrientation} is. An axis of finite components can overflow here.
     *
     * @param dest receives the scale factors along the node's world axes
     * @return {@code dest}
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
     * @throws IllegalArgumentException if the parent's world matrix has no inverse (a zero scale up the chain), or the
     *                                  local position would leave the float range
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
     * the parent's current world orientation inverted, times {@code orientation} (as Ogre's derived orientation does),
     * conjugated by the x mirror when the parent's world matrix mirrors. Reading {@link #getWorldOrientation} back
     * gives {@code orientation} when the chain has no shear and the node's own scale does not mirror.
     *
     * @param x the quaternion's x component
     * @param y the quaternion's y component
     * @param z the quaternion's z component
     * @param w the quaternion's w (scalar) component
     * @return this node, for chaining
     * @throws IllegalArgumentException if the quaternion is zero, or the parent's world matrix has a zero axis
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
     * @throws IllegalArgumentException if a parent axis has length 0 (a zero scale up the chain), or a factor would
     *                                  leave the float range
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
        return scene.worldComposer().compose(scene.guard().readableSlot(this, "the world transform"), dest);
    }

    void checkAlive() {
        if (!isAlive()) {
            throw destroyed();
        }
    }

    private IllegalStateException destroyed() {
        return new IllegalStateException(describe() + (scene.isClosed() ? " belongs to a closed scene"
                : " was destroyed") + " and cannot be used");
    }

    /** Checks once that the node lives (its kept slot) and returns the slot, for the reads of a public call. */
    int liveSlot() {
        int slot = this.slot;
        if (slot < 0) {
            throw destroyed();
        }
        return slot;
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
