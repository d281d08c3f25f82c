package io.flatscene.core.scene;

import io.flatscene.core.scene.store.ItemStore;
import org.joml.Matrix4x3f;
import org.joml.Vector3f;
import org.joml.Vector4f;

/**
 * A renderable object: a mesh drawn with a material, with local bounds. Its data lives in the scene's item
 * structure-of-arrays at its global index; this object is the handle a game holds.
 */
public final class Item extends MovableObject {
    /** The render-queue group of a new item ({@value}): groups below it draw before it (a sky), above it after. */
    public static final int DEFAULT_RENDER_QUEUE_GROUP = 50;
    /** The visibility flags of a new item: all bits, so every camera's mask sees it. */
    public static final int DEFAULT_VISIBILITY_FLAGS = 0xFFFF_FFFF;
    /** The query flags of a new item: all bits, so every query's mask finds it. */
    public static final int DEFAULT_QUERY_FLAGS = 0xFFFF_FFFF;
    /** The tint of a new item, opaque white as {@link #tintRgba()} packs it: the material's colour as it is. */
    public static final int DEFAULT_TINT = ItemStore.OPAQUE_WHITE;

    /** The items' columns, the same for the item's whole life. */
    private final ItemStore data;

    Item(ItemKind kind, String name) {
        super(kind, name);
        this.data = kind.data;
    }

    /** The item data, once this item is known to be alive. */
    private ItemStore data(String what) {
        checkReadable(what);
        return data;
    }

    /** The item data, once this item is known to be alive and the scene open to changes. */
    private ItemStore writableData() {
        checkWritable();
        data.propertiesChanging();
        return data;
    }

    /** {@return the id of the mesh the item is drawn with, as the renderer's mesh registry numbers meshes} */
    public int meshId() {
        return data("the properties").meshIdArray()[globalIndex];
    }

    /**
     * Draws the item with another mesh from the next cull on (a level-of-detail swap): the render queue batches
     * items by mesh and material, so the item joins the batch of its new mesh. The mesh's bounds are the game's to
     * keep in step ({@link #setLocalAabb}) where they differ.
     *
     * @param meshId the new mesh's id in the renderer's mesh registry, &gt;= 0; the renderer refuses an unregistered
     *               one when it prepares the frame
     * @return this item, for chaining
     * @throws IllegalArgumentException if {@code meshId} is negative, naming the item
     * @throws IllegalStateException    if the item was destroyed, or the scene cannot change now (a frame runs)
     */
    public Item setMesh(int meshId) {
        checkAlive();
        if (meshId < 0) {
            throw new IllegalArgumentException(describe() + ": mesh id " + meshId + " must be >= 0");
        }
        writableData().meshIdArray()[globalIndex] = meshId;
        return this;
    }

    /** {@return the id of the material the item is drawn with, as the renderer's material registry numbers them} */
    public int materialId() {
        return data("the properties").materialIdArray()[globalIndex];
    }

    /**
     * Draws the item with another material from the next cull on; the render queue batches items by mesh and
     * material, so the item joins the batch of its new material.
     *
     * @param materialId the material's id in the renderer's material registry, &gt;= 0; the renderer refuses an
     *                   unregistered one when it prepares the frame
     * @return this item, for chaining
     * @throws IllegalArgumentException if {@code materialId} is negative, naming the item
     * @throws IllegalStateException    if the item was destroyed, or the scene cannot change now (a frame runs)
     */
    public Item setMaterialId(int materialId) {
        checkAlive();
        if (materialId < 0) {
            throw new IllegalArgumentException(describe() + ": material id " + materialId + " must be >= 0");
        }
        writableData().materialIdArray()[globalIndex] = materialId;
        return this;
    }

    /**
     * The item's tint, written into {@code dest}: red, green, blue and alpha, each 0 to 1 in steps of 1/255 (opaque
     * white when new).
     *
     * @param dest receives the tint
     * @return {@code dest}
     * @throws IllegalStateException if the item was destroyed
     */
    public Vector4f getTint(Vector4f dest) {
        int rgba = tintRgba();
        return dest.set((rgba & 0xFF) / 255f, (rgba >>> 8 & 0xFF) / 255f, (rgba >>> 16 & 0xFF) / 255f,
                (rgba >>> 24) / 255f);
    }

    /**
     * {@return the item's tint packed as the renderer uploads it: red in the lowest byte, then green, blue and alpha,
     * each 0 to 255}
     *
     * @throws IllegalStateException if the item was destroyed
     */
    public int tintRgba() {
        return data("the properties").tintArray()[globalIndex];
    }

    /**
     * Multiplies the colour the item's material gives it by {@code (red, green, blue, alpha)}, from the next frame
     * on, without a material of its own: a per-instance colour, stored and uploaded as 4 bytes (each component is
     * rounded to the nearest 1/255). Alpha below 1 blends only where the item is {@link #setTransparent transparent}.
     *
     * @param red   0 to 1
     * @param green 0 to 1
     * @param blue  0 to 1
     * @param alpha 0 to 1
     * @return this item, for chaining
     * @throws IllegalArgumentException if a component is outside 0 to 1 or NaN, naming the item
     * @throws IllegalStateException    if the item was destroyed, or the scene cannot change now (a frame runs)
     */
    public Item setTint(float red, float green, float blue, float alpha) {
        checkAlive();
        if (!(unit(red) && unit(green) && unit(blue) && unit(alpha))) {
            throw new IllegalArgumentException(describe() + ": tint (" + red + ", " + green + ", " + blue + ", "
                    + alpha + ") must have every component in 0..1");
        }
        writableData().tintArray()[globalIndex] = toByte(red) | toByte(green) << 8 | toByte(blue) << 16
                | toByte(alpha) << 24;
        return this;
    }

    private static boolean unit(float component) {
        return component >= 0f && component <= 1f;
    }

    private static int toByte(float component) {
        return Math.round(component * 255f);
    }

    /**
     * {@return the item's render-queue group, 0 to 255 ({@value #DEFAULT_RENDER_QUEUE_GROUP} when new): the draw
     * order between groups, lower groups first}
     */
    public int renderQueueGroup() {
        return data("the properties").renderQueueGroupArray()[globalIndex];
    }

    /**
     * Moves the item to another render-queue group: every group is drawn, opaque items then transparent ones, before
     * the next group starts (a sky in a low group, an overlay in a high one).
     *
     * @param group the group, 0 to 255; lower groups draw first
     * @return this item, for chaining
     * @throws IllegalArgumentException if {@code group} is outside 0 to 255, naming the item
     * @throws IllegalStateException    if the item was destroyed, or the scene cannot change now (a frame runs)
     */
    public Item setRenderQueueGroup(int group) {
        checkAlive();
        if (group < 0 || group > 255) {
            throw new IllegalArgumentException(describe() + ": render queue group " + group + " must be 0..255");
        }
        writableData().renderQueueGroupArray()[globalIndex] = group;
        return this;
    }

    /**
     * {@return whether the item is transparent (false when new)} Transparent items draw after the opaque ones of
     * their group, back to front.
     */
    public boolean isTransparent() {
        return data("the properties").transparentArray()[globalIndex] != 0;
    }

    /**
     * Makes the item transparent or opaque. A transparent item is drawn after the opaque ones of its group, back to
     * front; FlatScene's renderer blends it, writes no depth for it and culls none of its faces.
     *
     * @param transparent true to draw the item as transparent
     * @return this item, for chaining
     * @throws IllegalStateException if the item was destroyed, or the scene cannot change now (a frame runs)
     */
    public Item setTransparent(boolean transparent) {
        writableData().transparentArray()[globalIndex] = transparent ? 1 : 0;
        return this;
    }

    /**
     * {@return the item's visibility flags (all bits when new): a camera draws it only if they share a bit with its
     * {@link Camera#visibilityMask()}}
     */
    public int visibilityFlags() {
        return data("the properties").visibilityFlagsArray()[globalIndex];
    }

    /**
     * Sets which cameras draw the item: those whose {@link Camera#visibilityMask()} shares a bit with {@code flags}.
     *
     * @param flags any bits; 0 hides the item from every camera
     * @return this item, for chaining
     * @throws IllegalStateException if the item was destroyed, or the scene cannot change now (a frame runs)
     */
    public Item setVisibilityFlags(int flags) {
        writableData().visibilityFlagsArray()[globalIndex] = flags;
        return this;
    }

    /**
     * {@return the item's query flags (all bits when new): a scene query finds it only if they share a bit with the
     * query's mask} Separate from the visibility flags.
     */
    public int queryFlags() {
        return data("the properties").queryFlagsArray()[globalIndex];
    }

    /**
     * Sets which scene queries (ray, box, sphere) find the item: those whose mask shares a bit with {@code flags}.
     *
     * @param flags any bits; 0 hides the item from every query
     * @return this item, for chaining
     * @throws IllegalStateException if the item was destroyed, or the scene cannot change now (a frame runs)
     */
    public Item setQueryFlags(int flags) {
        writableData().queryFlagsArray()[globalIndex] = flags;
        return this;
    }

    /**
     * {@return the item's bounds in its node's local space, as last set; a new {@link Aabb} each call}
     *
     * @throws IllegalStateException if the item was destroyed
     */
    public Aabb localAabb() {
        ItemStore data = data("the properties");
        float[] c = data.localCenterArray();
        float[] h = data.localHalfArray();
        int o = globalIndex * 3;
        return new Aabb(c[o], c[o + 1], c[o + 2], h[o], h[o + 1], h[o + 2]);
    }

    /**
     * Sets the item's bounds, which culling and queries test once the next bounds pass has taken them to world
     * space.
     *
     * @param local the bounds in the node's local space, around the mesh's vertices; {@link Aabb#INFINITE} for an
     *              item that must never be culled
     * @return this item, for chaining
     * @throws IllegalArgumentException if {@code local} is null, naming the item
     * @throws IllegalStateException    if the item was destroyed, or the scene cannot change now (a frame runs)
     */
    public Item setLocalAabb(Aabb local) {
        checkAlive();
        if (local == null) {
            throw new IllegalArgumentException(describe() + ": local bounds must not be null");
        }
        writableData().setLocal(globalIndex, local.centerX(), local.centerY(), local.centerZ(), local.halfX(),
                local.halfY(), local.halfZ());
        return this;
    }

    /**
     * The current world bounds' center, written into {@code dest}: right after a change of the item's local bounds,
     * its node or an ancestor it is already the center the next bounds pass will store, bit for bit, computed on
     * demand from the local bounds and the node's current world matrix ({@link SceneNode#getWorldMatrix}: O(depth),
     * no allocation, the scene untouched), as the node's own world reads are. A detached item has no node to place
     * it: it reads what the last bounds pass stored for it while attached, or, if it never was, the local bounds it
     * was created with. Not finite when its node's world transform overflowed the float range: the cull then skips
     * the item.
     *
     * @param dest receives the center, in world space
     * @return {@code dest}
     * @throws IllegalStateException if the item was destroyed, or the calling thread does not own the scene
     */
    public Vector3f getWorldCenter(Vector3f dest) {
        ItemStore data = data("the world bounds");
        int o = globalIndex * 3;
        if (parentNode == null) {
            float[] c = data.worldCenterArray();
            return dest.set(c[o], c[o + 1], c[o + 2]);
        }
        Matrix4x3f m = parentNode.currentWorldMatrix(scene.scratch().world);
        float[] c = data.localCenterArray();
        float x = c[o];
        float y = c[o + 1];
        float z = c[o + 2];
        // the bounds pass's sums, term for term, so the bits match what it will store
        return dest.set(m.m00() * x + m.m10() * y + m.m20() * z + m.m30(),
                m.m01() * x + m.m11() * y + m.m21() * z + m.m31(),
                m.m02() * x + m.m12() * y + m.m22() * z + m.m32());
    }

    /**
     * The current world bounds' half extents, written into {@code dest}: the half sizes of the axis-aligned world box
     * around the local box through its node's current world matrix, fresh as {@link #getWorldCenter} is. Infinite in
     * every axis for infinite local bounds; infinite or NaN when its node's world transform overflowed the float
     * range, as {@link #getWorldCenter} says.
     *
     * @param dest receives the half extents, in world units, each &gt;= 0 (or NaN, as above)
     * @return {@code dest}
     * @throws IllegalStateException if the item was destroyed, or the calling thread does not own the scene
     */
    public Vector3f getWorldHalfExtents(Vector3f dest) {
        ItemStore data = data("the world bounds");
        int o = globalIndex * 3;
        if (parentNode == null) {
            float[] h = data.worldHalfArray();
            return dest.set(h[o], h[o + 1], h[o + 2]);
        }
        float[] h = data.localHalfArray();
        float x = h[o];
        float y = h[o + 1];
        float z = h[o + 2];
        if (x == Float.POSITIVE_INFINITY || y == Float.POSITIVE_INFINITY || z == Float.POSITIVE_INFINITY) {
            return dest.set(Float.POSITIVE_INFINITY);
        }
        Matrix4x3f m = parentNode.currentWorldMatrix(scene.scratch().world);
        return dest.set(Math.abs(m.m00()) * x + Math.abs(m.m10()) * y + Math.abs(m.m20()) * z,
                Math.abs(m.m01()) * x + Math.abs(m.m11()) * y + Math.abs(m.m21()) * z,
                Math.abs(m.m02()) * x + Math.abs(m.m12()) * y + Math.abs(m.m22()) * z);
    }

    @Override
    public Item detachFromParent() {
        super.detachFromParent();
        return this;
    }

    @Override
    public Item setUserData(Object userData) {
        super.setUserData(userData);
        return this;
    }

    @Override
    public Item setTag(long tag) {
        super.setTag(tag);
        return this;
    }
}
