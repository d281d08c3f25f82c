package io.flatscene.core.scene;

import io.flatscene.core.container.GrowthPolicy;
import io.flatscene.core.container.HandleTable;
import io.flatscene.core.container.Index;
import io.flatscene.core.container.IndexField;
import io.flatscene.core.container.LaneBlocks;
import io.flatscene.core.container.SwapPopArray;
import io.flatscene.core.scene.store.TransformStore;
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
 * <p>World-space reads ({@link #getWorldMatrix}) and world-space operations ({@link Space#WORLD}) use world
 * matrices as of the last {@link SceneManager#updateAllTransforms()}.
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

    public long handle() {
        return handle;
    }

    /** The optional, not necessarily unique name given at creation ("" when none). */
    public String name() {
        return name;
    }

    public SceneManager scene() {
        return scene;
    }

    public boolean isAlive() {
        return scene.transforms().isLive(handle);
    }

    /** 0 for the root and for detached nodes, their parent's depth plus one otherwise. */
    public int depth() {
        return scene.transforms().depth(liveSlot());
    }

    /**
     * Marks the node static (or dynamic again). A static node's transform is expected to change rarely: static
     * nodes live apart from dynamic ones, so a static subtree costs nothing per frame until one of its nodes changes.
     * A static node's parent must be static or at depth 0 (the root, or a detached node).
     *
     * @throws IllegalArgumentException if the rule above would break, naming the node that breaks it
     */
    public SceneNode setStatic(boolean isStatic) {
        checkAlive();
        scene.setStatic(this, isStatic);
        return this;
    }

    public boolean isStatic() {
        return scene.transforms().isStatic(liveSlot());
    }

    /** The parent, or null for the root and for detached nodes. */
    public SceneNode parent() {
        checkAlive();
        return parent;
    }

    public boolean isRoot() {
        return this == scene.rootNode();
    }

    /** Whether this node hangs (through its ancestors) from the scene's root, and so is part of what is drawn. */
    public boolean isInSceneGraph() {
        checkAlive();
        SceneNode top = this;
        while (top.parent != null) {
            top = top.parent;
        }
        return top.isRoot();
    }

    public int childCount() {
        checkAlive();
        return children == null ? 0 : children.size();
    }

    /** The child at {@code index}; swap-and-pop removal reorders children, so indices are not stable. */
    public SceneNode child(int index) {
        checkAlive();
        if (children == null) {
            throw new IndexOutOfBoundsException(describe() + " has no children");
        }
        return children.get(index);
    }

    public SceneNode createChild() {
        return createChild("");
    }

    public SceneNode createChild(String name) {
        checkAlive();
        return scene.createNode(this, name);
    }

    /**
     * Makes a detached node a child of this one.
     *
     * @throws IllegalArgumentException if {@code child} already has a parent (use {@link #reparent}), is this node or
     *                                  one of its ancestors, or is from another scene
     * @throws IllegalStateException    if this node or {@code child} was destroyed
     */
    public SceneNode addChild(SceneNode child) {
        checkAlive();
        scene.checkOwned(child, "be added as a child");
        if (child.parent != null) {
            throw new IllegalArgumentException("cannot add " + child.describe() + " to " + describe() + ": it is a "
                    + "child of " + child.parent.describe() + "; detach or reparent it");
        }
        scene.reparent(child, this);
        return this;
    }

    /** Detaches a child of this node; it becomes a detached node with its subtree. */
    public SceneNode removeChild(SceneNode child) {
        checkAlive();
        scene.checkOwned(child, "be removed as a child");
        if (child.parent != this) {
            throw new IllegalArgumentException("cannot remove " + child.describe() + " from " + describe()
                    + ": it is not a child of it");
        }
        scene.reparent(child, null);
        return this;
    }

    /**
     * Moves this node, with its subtree, under {@code newParent}. O(1) when the depth stays the same, O(subtree)
     * otherwise. Local transforms are kept, so world transforms follow the new parent.
     */
    public SceneNode reparent(SceneNode newParent) {
        checkAlive();
        scene.checkOwned(newParent, "become a parent");
        scene.reparent(this, newParent);
        return this;
    }

    /** Detaches this node from its parent; it keeps its subtree and is no longer part of the drawn scene. */
    public SceneNode detachFromParent() {
        checkAlive();
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
     * Attaches an object to this node in O(1).
     *
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
     * Detaches an object from this node in O(1).
     *
     * @throws IllegalArgumentException if the object is not attached to this node
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

    public int attachedObjectCount() {
        checkAlive();
        return attachments == null ? 0 : attachments.size();
    }

    public MovableObject attachedObject(int index) {
        checkAlive();
        if (attachments == null) {
            throw new IndexOutOfBoundsException(describe() + " has no attached objects");
        }
        return attachments.get(index);
    }

    // ---- local transform ----

    public SceneNode setPosition(float x, float y, float z) {
        int slot = writableSlot();
        checkFinite("position", x, y, z, 0f);
        scene.transforms().setPosition(slot, x, y, z);
        return this;
    }

    public SceneNode setPosition(Vector3fc position) {
        return setPosition(position.x(), position.y(), position.z());
    }

    public SceneNode setOrientation(float x, float y, float z, float w) {
        int slot = writableSlot();
        checkRotation(x, y, z, w);
        scene.transforms().setOrientation(slot, x, y, z, w);
        return this;
    }

    public SceneNode setOrientation(Quaternionfc orientation) {
        return setOrientation(orientation.x(), orientation.y(), orientation.z(), orientation.w());
    }

    public SceneNode setScale(float x, float y, float z) {
        int slot = writableSlot();
        checkFinite("scale", x, y, z, 0f);
        scene.transforms().setScale(slot, x, y, z);
        return this;
    }

    public SceneNode setScale(Vector3fc scale) {
        return setScale(scale.x(), scale.y(), scale.z());
    }

    /** Whether this node's orientation follows its parent's (default true). */
    public SceneNode setInheritOrientation(boolean inherit) {
        int slot = writableSlot();
        TransformStore t = scene.transforms();
        t.setInherit(slot, inherit, t.inheritsScale(slot));
        return this;
    }

    /** Whether this node's scale follows its parent's (default true). */
    public SceneNode setInheritScale(boolean inherit) {
        int slot = writableSlot();
        TransformStore t = scene.transforms();
        t.setInherit(slot, t.inheritsOrientation(slot), inherit);
        return this;
    }

    public boolean inheritsOrientation() {
        return scene.transforms().inheritsOrientation(liveSlot());
    }

    public boolean inheritsScale() {
        return scene.transforms().inheritsScale(liveSlot());
    }

    public Vector3f getPosition(Vector3f dest) {
        int o = LaneBlocks.base(liveSlot(), TransformStore.VECTOR_WIDTH);
        float[] p = scene.transforms().positions();
        return dest.set(p[o], p[o + L], p[o + 2 * L]);
    }

    public Quaternionf getOrientation(Quaternionf dest) {
        int o = LaneBlocks.base(liveSlot(), TransformStore.QUATERNION_WIDTH);
        float[] q = scene.transforms().orientations();
        return dest.set(q[o], q[o + L], q[o + 2 * L], q[o + 3 * L]);
    }

    public Vector3f getScale(Vector3f dest) {
        int o = LaneBlocks.base(liveSlot(), TransformStore.VECTOR_WIDTH);
        float[] s = scene.transforms().scales();
        return dest.set(s[o], s[o + L], s[o + 2 * L]);
    }

    // ---- relative operations ----

    /** Moves the node by a vector expressed in {@code space}. */
    public SceneNode translate(float x, float y, float z, Space space) {
        checkWritable();
        checkFinite("translation", x, y, z, 0f);
        Vector3f delta = scene.scratch().vector.set(x, y, z);
        switch (space) {
            case LOCAL -> getOrientation(scene.scratch().quaternion).transform(delta);
            case PARENT -> { }
            case WORLD -> toParentSpaceDirection(delta);
        }
        Vector3f position = getPosition(scene.scratch().vector2);
        return setPosition(position.x + delta.x, position.y + delta.y, position.z + delta.z);
    }

    /** Rotates the node by {@code rotation} expressed in {@code space}. */
    public SceneNode rotate(Quaternionfc rotation, Space space) {
        checkWritable();
        checkFinite("rotation", rotation.x(), rotation.y(), rotation.z(), rotation.w());
        Quaternionf orientation = getOrientation(scene.scratch().quaternion);
        switch (space) {
            case LOCAL -> orientation.mul(rotation);
            case PARENT -> orientation.premul(rotation);
            case WORLD -> {
                // In parent space the world rotation reads pr^-1 · q · pr, where pr is the parent's world rotation.
                Quaternionf parentRotation = parentWorldRotation(scene.scratch().quaternion2);
                Quaternionf inParent = scene.scratch().quaternion3.set(parentRotation).conjugate().mul(rotation)
                        .mul(parentRotation);
                orientation.premul(inParent);
            }
        }
        return setOrientation(orientation);
    }

    /** Rotates about the Y axis of {@code space} by {@code radians}. */
    public SceneNode yaw(float radians, Space space) {
        return rotate(scene.scratch().quaternion4.rotationY(radians), space);
    }

    /** Rotates about the X axis of {@code space} by {@code radians}. */
    public SceneNode pitch(float radians, Space space) {
        return rotate(scene.scratch().quaternion4.rotationX(radians), space);
    }

    /** Rotates about the Z axis of {@code space} by {@code radians}. */
    public SceneNode roll(float radians, Space space) {
        return rotate(scene.scratch().quaternion4.rotationZ(radians), space);
    }

    /**
     * Turns the node so that its -Z axis points at {@code target} (a point in {@code space}), keeping the parent's
     * +Y as up where possible.
     *
     * @throws IllegalArgumentException if the target coincides with the node's position
     */
    public SceneNode lookAt(Vector3fc target, Space space) {
        checkWritable();
        checkFinite("look-at target", target.x(), target.y(), target.z(), 0f);
        Vector3f point = scene.scratch().vector.set(target);
        Vector3f position = getPosition(scene.scratch().vector2);
        switch (space) {
            case LOCAL -> {
                point.mul(getScale(scene.scratch().vector3));
                getOrientation(scene.scratch().quaternion).transform(point);
                point.add(position);
            }
            case PARENT -> { }
            case WORLD -> {
                if (inheritsOrientation()) {
                    toParentSpacePoint(point);
                } else {
                    // The orientation alone turns this node in world space: aim along the world direction.
                    getWorldPosition(position);
                }
            }
        }
        Vector3f direction = point.sub(position);
        if (direction.lengthSquared() == 0f) {
            throw new IllegalArgumentException(describe() + ": cannot look at " + target + " in " + space
                    + " space: it is the node's own position");
        }
        direction.normalize();
        float upY = Math.abs(direction.y) > 0.9999f ? 0f : 1f;
        float upZ = upY == 0f ? 1f : 0f;
        // lookAlong builds the rotation taking its argument to +Z; its inverse takes +Z to -direction, so -Z to
        // direction.
        Quaternionf orientation = scene.scratch().quaternion.identity()
                .lookAlong(-direction.x, -direction.y, -direction.z, 0f, upY, upZ).conjugate();
        return setOrientation(orientation);
    }

    private void toParentSpaceDirection(Vector3f direction) {
        if (parent != null) {
            parent.getWorldMatrix(scene.scratch().matrix).invert().transformDirection(direction);
        }
    }

    private void toParentSpacePoint(Vector3f point) {
        if (parent != null) {
            parent.getWorldMatrix(scene.scratch().matrix).invert().transformPosition(point);
        }
    }

    /** The rotation this node's orientation is composed with in world space: none if it does not inherit one. */
    private Quaternionf parentWorldRotation(Quaternionf dest) {
        if (parent == null || !inheritsOrientation()) {
            return dest.identity();
        }
        // The parent's columns carry its scale: the unnormalized extraction divides it out.
        return parent.getWorldMatrix(scene.scratch().matrix).getUnnormalizedRotation(dest);
    }

    // ---- world transform ----

    /** The world matrix as of the last transform update, written into {@code dest}. */
    public Matrix4x3f getWorldMatrix(Matrix4x3f dest) {
        int w = LaneBlocks.base(liveSlot(), TransformStore.MATRIX_WIDTH);
        float[] m = scene.transforms().worlds();
        return dest.set(m[w], m[w + L], m[w + 2 * L], m[w + 3 * L], m[w + 4 * L], m[w + 5 * L], m[w + 6 * L],
                m[w + 7 * L], m[w + 8 * L], m[w + 9 * L], m[w + 10 * L], m[w + 11 * L]);
    }

    /** The world matrix as of the last transform update, written into {@code dest}. */
    public Matrix4f getWorldMatrix(Matrix4f dest) {
        int w = LaneBlocks.base(liveSlot(), TransformStore.MATRIX_WIDTH);
        float[] m = scene.transforms().worlds();
        return dest.set(m[w], m[w + L], m[w + 2 * L], 0f, m[w + 3 * L], m[w + 4 * L], m[w + 5 * L], 0f,
                m[w + 6 * L], m[w + 7 * L], m[w + 8 * L], 0f, m[w + 9 * L], m[w + 10 * L], m[w + 11 * L], 1f);
    }

    /** The world position as of the last transform update, written into {@code dest}. */
    public Vector3f getWorldPosition(Vector3f dest) {
        int w = LaneBlocks.base(liveSlot(), TransformStore.MATRIX_WIDTH);
        float[] m = scene.transforms().worlds();
        return dest.set(m[w + 9 * L], m[w + 10 * L], m[w + 11 * L]);
    }

    // ---- checks ----

    void checkAlive() {
        if (!isAlive()) {
            throw destroyed();
        }
    }

    private IllegalStateException destroyed() {
        return new IllegalStateException(describe() + " was destroyed and cannot be used");
    }

    private void checkWritable() {
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

    /** Checks the handle and the scene's openness to changes once, and returns the slot to write. */
    int writableSlot() {
        int slot = liveSlot();
        scene.guard().checkMutable(this);
        return slot;
    }

    /** A finite quaternion that is not zero: one the store can normalize into a rotation. */
    void checkRotation(float x, float y, float z, float w) {
        checkFinite("orientation", x, y, z, w);
        if (x * x + y * y + z * z + w * w == 0f) {
            throw new IllegalArgumentException(describe() + ": orientation (0, 0, 0, 0) is not a rotation");
        }
    }

    void checkFinite(String what, float x, float y, float z, float w) {
        if (!Float.isFinite(x) || !Float.isFinite(y) || !Float.isFinite(z) || !Float.isFinite(w)) {
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
