package io.flatscene.core.scene;

import io.flatscene.core.container.Index;
import io.flatscene.core.scene.store.ItemStore;
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

    /** The item data, once this item is known to be alive. */
    private ItemStore data() {
        checkAlive();
        return scene.itemData();
    }

    /** The item data, once this item is known to be alive and the scene open to changes. */
    private ItemStore writableData() {
        checkWritable();
        ItemStore data = scene.itemData();
        data.propertiesChanging();
        return data;
    }

    public int meshId() {
        return data().meshIdArray()[globalIndex];
    }

    public int materialId() {
        return data().materialIdArray()[globalIndex];
    }

    public Item setMaterialId(int materialId) {
        writableData().materialIdArray()[globalIndex] = materialId;
        return this;
    }

    /** Draw order between groups: lower groups draw first. */
    public int renderQueueGroup() {
        return data().renderQueueGroupArray()[globalIndex];
    }

    public Item setRenderQueueGroup(int group) {
        ItemStore data = writableData();
        if (group < 0 || group > 255) {
            throw new IllegalArgumentException(describe() + ": render queue group " + group + " must be 0..255");
        }
        data.renderQueueGroupArray()[globalIndex] = group;
        return this;
    }

    /** Transparent items draw after the opaque ones of their group, back to front. */
    public boolean isTransparent() {
        return data().transparentArray()[globalIndex] != 0;
    }

    public Item setTransparent(boolean transparent) {
        writableData().transparentArray()[globalIndex] = transparent ? 1 : 0;
        return this;
    }

    public int visibilityFlags() {
        return data().visibilityFlagsArray()[globalIndex];
    }

    public Item setVisibilityFlags(int flags) {
        writableData().visibilityFlagsArray()[globalIndex] = flags;
        return this;
    }

    public int queryFlags() {
        return data().queryFlagsArray()[globalIndex];
    }

    public Item setQueryFlags(int flags) {
        writableData().queryFlagsArray()[globalIndex] = flags;
        return this;
    }

    public Aabb localAabb() {
        ItemStore data = data();
        float[] c = data.localCenterArray();
        float[] h = data.localHalfArray();
        int o = globalIndex * 3;
        return new Aabb(c[o], c[o + 1], c[o + 2], h[o], h[o + 1], h[o + 2]);
    }

    public Item setLocalAabb(Aabb local) {
        ItemStore data = writableData();
        if (local == null) {
            throw new IllegalArgumentException(describe() + ": local bounds must not be null");
        }
        data.setLocal(globalIndex, local.centerX(), local.centerY(), local.centerZ(), local.halfX(), local.halfY(),
                local.halfZ());
        return this;
    }

    /** The world bounds' center as of the last {@link SceneManager#update()} or bounds pass. */
    public Vector3f getWorldCenter(Vector3f dest) {
        float[] c = data().worldCenterArray();
        int o = globalIndex * 3;
        return dest.set(c[o], c[o + 1], c[o + 2]);
    }

    /** The world bounds' half extents as of the last {@link SceneManager#update()} or bounds pass. */
    public Vector3f getWorldHalfExtents(Vector3f dest) {
        float[] h = data().worldHalfArray();
        int o = globalIndex * 3;
        return dest.set(h[o], h[o + 1], h[o + 2]);
    }

    @Override
    void attachedTo(SceneNode node) {
        super.attachedTo(node);
        scene.itemData().attach(globalIndex, node == null ? Index.NONE : node.slot);
    }

    @Override
    void nodeMoved(int slot) {
        scene.itemData().nodeMoved(globalIndex, slot);
    }

    @Override
    String kind() {
        return "item";
    }
}
