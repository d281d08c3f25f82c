package io.flatscene.core.config;

/**
 * The capacities a scene declares at startup, each named by the configuration key that sets it.
 *
 * <p>Managers name their containers with {@link #key()}, so that a
 * {@link io.flatscene.core.container.CapacityExceededException} or a growth warning tells the game exactly which
 * setting to raise.
 */
public enum SceneCapacity {
    /** Scene nodes, the root included. */
    NODES(SceneConfig.MAX_NODES_KEY),
    /** Renderable items. */
    ITEMS(SceneConfig.MAX_ITEMS_KEY),
    /** Lights of every type. */
    LIGHTS(SceneConfig.MAX_LIGHTS_KEY),
    /** Cameras. */
    CAMERAS(SceneConfig.MAX_CAMERAS_KEY);

    private final String key;

    SceneCapacity(String key) {
        this.key = key;
    }

    /** The configuration key that sets this capacity, e.g. {@code flatscene.maxNodes}. */
    public String key() {
        return key;
    }
}
