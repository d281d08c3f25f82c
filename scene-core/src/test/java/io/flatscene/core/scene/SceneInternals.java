package io.flatscene.core.scene;

import org.joml.Vector3f;

/**
 * What the frame package's tests read of the scene's transform and item stores, which are package-private here: they
 * drive the passes through the public API and check what the passes leave in the stores. Only exported types cross
 * it.
 */
public final class SceneInternals {
    private SceneInternals() {
    }

    /** The node's transform slot, or -1 once it is destroyed. */
    public static int slotOf(SceneManager scene, SceneNode node) {
        return scene.transforms().slotOrNone(node.handle());
    }

    /** The number of transform slots in use. */
    public static int slotCount(SceneManager scene) {
        return scene.transforms().size();
    }

    /** The id of the node in {@code slot}. */
    public static int idAt(SceneManager scene, int slot) {
        return scene.transforms().idAt(slot);
    }

    /** The store's in-graph bit of the node. */
    public static boolean isInGraph(SceneManager scene, SceneNode node) {
        return scene.transforms().isInGraph(slotOf(scene, node));
    }

    /** The world matrices, in the store's lane-block layout. */
    public static float[] worlds(SceneManager scene) {
        return scene.transforms().worlds();
    }

    /** How many slot moves the store has made since it was created. */
    public static int slotMoves(SceneManager scene) {
        return scene.transforms().slotMoves();
    }

    /**
     * The item's world center as the last bounds pass stored it, where culling and queries read it: what a test of
     * the pass checks, since {@link Item#getWorldCenter} computes the current one whatever the pass left.
     */
    public static Vector3f storedWorldCenter(Item item, Vector3f dest) {
        float[] c = item.scene().itemData().worldCenterArray();
        int o = item.globalIndex * 3;
        return dest.set(c[o], c[o + 1], c[o + 2]);
    }

    /** The item's world half extents as the last bounds pass stored them (see {@link #storedWorldCenter}). */
    public static Vector3f storedWorldHalfExtents(Item item, Vector3f dest) {
        float[] h = item.scene().itemData().worldHalfArray();
        int o = item.globalIndex * 3;
        return dest.set(h[o], h[o + 1], h[o + 2]);
    }
}
