package io.flatscene.samples.viewer;

import io.flatscene.core.scene.Camera;
import io.flatscene.core.scene.SceneManager;
import io.flatscene.render.Renderer;

/** One of the viewer's scenes: builds its content once, then animates it frame by frame. */
interface DemoScene {
    /** Registers meshes and materials, builds the nodes, and points the camera rig at the content. */
    void build(Renderer renderer, SceneManager scene, CameraRig rig);

    /** Advances the animation to {@code time} seconds, {@code dt} after the previous frame. */
    void update(double time, double dt);

    /** Adds a burst of objects (the space key); scenes without a notion of it ignore it. */
    default void spawnBurst() {
    }

    /** Removes a burst of objects (backspace). */
    default void despawnBurst() {
    }

    /** Adds this frame's labels, placed on the screen through {@code camera}; scenes without any add none. */
    default void label(Camera camera, Labels labels) {
    }

    /** Where a scene's labels go: text at a window point, in pixels from the top-left corner. */
    interface Labels {
        void add(CharSequence text, float x, float y);
    }

    /** One line for the HUD about what this scene is doing, or "". */
    default String status() {
        return "";
    }

    static DemoScene of(ViewerOptions options, SceneKind kind) {
        return switch (kind) {
            case SOLAR -> new SolarScene();
            case FIELD -> new FieldScene(options.count());
            case MODEL -> new ModelScene(kind == options.scene() ? options.model() : null);
            case ASTEROIDS -> new AsteroidsScene();
            case TOWERS -> new TowersScene();
        };
    }
}
