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
    NODES(SceneConfig.MAX_NODES_KEY, 135),
    /** Renderable items. */
    ITEMS(SceneConfig.MAX_ITEMS_KEY, 117),
    /** Lights of every type. */
    LIGHTS(SceneConfig.MAX_LIGHTS_KEY, 58),
    /** Cameras. */
    CAMERAS(SceneConfig.MAX_CAMERAS_KEY, 24);

    private final String key;
    private final int reservedBytes;

    SceneCapacity(String key, int reservedBytes) {
        this.key = key;
        this.reservedBytes = reservedBytes;
    }

    /**
     * The heap a scene takes up front for each unit of this capacity, as measured on JDK 17 with compressed
     * references (a scene of a million nodes and one of everything else took 127 bytes a node more than one of one
     * of each), plus the 8 bytes of the game's tag added since: for the message that says why a scene does not fit
     * in the heap, not for accounting.
     *
     * @return bytes per unit, an estimate
     */
    public int reservedBytes() {
        return reservedBytes;
    }

    /**
     * The configuration key that sets this capacity, e.g. {@code flatscene.maxNodes}.
     *
     * @return the key, never null
     */
    public String key() {
        return key;
    }
}
