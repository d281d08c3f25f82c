package io.flatscene.core.scene;

import org.joml.Vector3f;

/**
 * A renderable object: a mesh drawn with a material, with local bounds. Its data lives in the scene's item
 * structure-of-arrays at its global index; this object is the handle a game holds.
 */
public final class Item extends MovableObject {
    public static final int DEFAULT_RENDER_QUEUE_GROUP = 50;
    public static final int DEFAULT_VISIBILITY_FLAGS = 0xFFFF_FFFF;
    public static final int DEFAULT_QUERY_FLAGS = 0xFFFF_FFFF;

    Item(SceneManager scene, String name) {
        super(scene, name);
    }

    private ItemStore store() {
        checkAlive();
        return scene.items();
    }

    public int meshId() {
        return store().meshId[globalIndex];
    }

    public int materialId() {
        return store().materialId[globalIndex];
    }

    public Item setMaterialId(int materialId) {
        scene.checkMutable(this);
        store().materialId[globalIndex] = materialId;
        return this;
    }

    /** Draw order between groups: lower groups draw first. */
    public int renderQueueGroup() {
        return store().renderQueueGroup[globalIndex];
    }

    public Item setRenderQueueGroup(int group) {
        scene.checkMutable(this);
        if (group < 0 || group > 255) {
            throw new IllegalArgumentException(describe() + ": render queue group " + group + " must be 0..255");
        }
        store().renderQueueGroup[globalIndex] = group;
        return this;
    }

    /** Transparent items draw after the opaque ones of their group, back to front. */
    public boolean isTransparent() {
        return store().transparent[globalIndex];
    }

    public Item setTransparent(boolean transparent) {
        scene.checkMutable(this);
        store().transparent[globalIndex] = transparent;
        return this;
    }

    public int visibilityFlags() {
        return store().visibilityFlags[globalIndex];
    }

    public Item setVisibilityFlags(int flags) {
        scene.checkMutable(this);
        store().visibilityFlags[globalIndex] = flags;
        return this;
    }

    public int queryFlags() {
        return store().queryFlags[globalIndex];
    }

    public Item setQueryFlags(int flags) {
        scene.checkMutable(this);
        store().queryFlags[globalIndex] = flags;
        return this;
    }

    public Aabb localAabb() {
        return store().local(globalIndex);
    }

    public Item setLocalAabb(Aabb local) {
        scene.checkMutable(this);
        if (local == null) {
            throw new IllegalArgumentException(describe() + ": local bounds must not be null");
        }
        store().setLocal(globalIndex, local);
        return this;
    }

    /** The world bounds' centre as of the last {@link SceneManager#updateAllBounds()}. */
    public Vector3f getWorldCenter(Vector3f dest) {
        float[] c = store().worldCenter;
        int o = globalIndex * 3;
        return dest.set(c[o], c[o + 1], c[o + 2]);
    }

    /** The world bounds' half extents as of the last {@link SceneManager#updateAllBounds()}. */
    public Vector3f getWorldHalfExtents(Vector3f dest) {
        float[] h = store().worldHalf;
        int o = globalIndex * 3;
        return dest.set(h[o], h[o + 1], h[o + 2]);
    }

    @Override
    void attachedTo(SceneNode node) {
        super.attachedTo(node);
        scene.items().nodeId[globalIndex] = node == null ? NodeTransforms.NO_PARENT : node.id();
    }

    @Override
    String kind() {
        return "item";
    }
}
