package io.flatscene.core.scene;

import io.flatscene.core.scene.store.TransformStore;

/**
 * The scene's package-private parts that the frame package's tests read: they drive the passes through the public API
 * and check what the passes leave in the store, which only the scene package can reach.
 */
public final class SceneInternals {
    private SceneInternals() {
    }

    public static TransformStore transforms(SceneManager scene) {
        return scene.transforms();
    }
}
