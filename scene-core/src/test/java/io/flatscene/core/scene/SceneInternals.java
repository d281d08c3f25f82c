package io.flatscene.core.scene;

/**
 * What the frame package's tests read of the scene's transform store, which is package-private here: they drive the
 * passes through the public API and check what the passes leave in the store. Only exported types cross it.
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
}
