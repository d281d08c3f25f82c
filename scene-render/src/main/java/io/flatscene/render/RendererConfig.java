package io.flatscene.render;

import io.flatscene.core.config.ConfigException;
import io.flatscene.core.config.SceneConfig;
import io.flatscene.core.config.Setting;
import io.flatscene.core.config.SettingTable;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;
import java.util.Properties;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;

/**
 * Startup settings of a {@link Renderer}: the draw path, the sizes of its material and light arrays and instance
 * buffers, its debugging aids, and how it shares a context with a game (what it clears, the GL state it restores).
 * Immutable; every instance holds valid values.
 *
 * <p>Built like {@link io.flatscene.core.config.SceneConfig}:
 * <pre>{@code
 * RendererConfig a = RendererConfig.builder().drawPath(DrawPath.INSTANCED).maxLocalLights(16).build();
 * RendererConfig b = RendererConfig.load(Path.of("renderer.properties")); // the file's values over the defaults
 * RendererConfig c = RendererConfig.defaults();
 * }</pre>
 * Each way ends in {@link Builder#build()}, which applies the JVM's {@code -Dflatscene.render.*} system properties
 * last: a setting given with {@code -D} at launch wins over the default, a file and a value set in code, so that
 * whoever starts the game can force, say, the draw path without a rebuild (the log says so once for each). Code
 * cannot overrule a {@code -D} setting. A bad value fails there with a {@link ConfigException} naming the key, the
 * value, the rule and where the value came from; so does a {@value #KEY_PREFIX} system property that is no key.
 *
 * <p>Each key is declared once, as one of the {@link Setting} constants below: its name, its rule, its default and
 * its documentation, from which the builder, the reading of files and system properties, the checks and
 * {@link #toString()} follow. {@code docs/flatscene.properties} lists every key as declared, held to the declarations
 * by a test.
 */
public final class RendererConfig {
    private static final Logger LOG = LogManager.getLogger(RendererConfig.class);

    /**
     * Every key starts with this; a system property with this prefix that is no known key is an error. The scene's
     * configuration leaves these keys to the renderer.
     */
    public static final String KEY_PREFIX = SceneConfig.RENDER_KEY_PREFIX;
    /**
     * 1024 materials of 48 bytes take 48 KiB; the renderer refuses a count past its context's uniform block limit
     * (naming the most it holds), so a driver with less takes fewer.
     */
    public static final int MAX_MATERIALS_LIMIT = 1024;
    /** The largest {@link #maxLocalLights()}. */
    public static final int MAX_LOCAL_LIGHTS_LIMIT = 64;
    /** More is taken for a typo: the multi-draw path's three regions of that many instances take gigabytes. */
    public static final int INITIAL_INSTANCES_LIMIT = 1 << 26;

    private static final SettingTable SETTINGS = new SettingTable("RendererConfig", KEY_PREFIX,
            key -> key.startsWith(KEY_PREFIX));

    /** Key of {@link #drawPath()}. */
    public static final String DRAW_PATH_KEY = "flatscene.render.drawPath";
    /** Declares {@value #DRAW_PATH_KEY}, read by {@link #drawPath()}. */
    public static final Setting<DrawPath> DRAW_PATH = SETTINGS.choice(DRAW_PATH_KEY, DrawPath.AUTO,
            "How instances reach the GPU: AUTO takes MULTI_DRAW_INDIRECT where the context has GL 4.3 multi-draw "
                    + "and 4.4 buffer storage, else INSTANCED, which is what GL 4.1 (macOS) can do.");

    /** Key of {@link #maxMaterials()}. */
    public static final String MAX_MATERIALS_KEY = "flatscene.render.maxMaterials";
    /** Default {@link #maxMaterials()}. */
    public static final int DEFAULT_MAX_MATERIALS = 256;
    /** Declares {@value #MAX_MATERIALS_KEY}, read by {@link #maxMaterials()}. */
    public static final Setting<Integer> MAX_MATERIALS = SETTINGS.integer(MAX_MATERIALS_KEY, 1, MAX_MATERIALS_LIMIT,
            DEFAULT_MAX_MATERIALS, "Materials the registry can hold; the shader's material array has this size.");

    /** Key of {@link #maxLocalLights()}. */
    public static final String MAX_LOCAL_LIGHTS_KEY = "flatscene.render.maxLocalLights";
    /** Default {@link #maxLocalLights()}. */
    public static final int DEFAULT_MAX_LOCAL_LIGHTS = 8;
    /** Declares {@value #MAX_LOCAL_LIGHTS_KEY}, read by {@link #maxLocalLights()}. */
    public static final Setting<Integer> MAX_LOCAL_LIGHTS = SETTINGS.integer(MAX_LOCAL_LIGHTS_KEY, 0,
            MAX_LOCAL_LIGHTS_LIMIT, DEFAULT_MAX_LOCAL_LIGHTS, "Point and spot lights shaded per frame, the nearest "
                    + "to the camera first; beyond the first directional light and these, lights are not drawn.");

    /** Key of {@link #initialInstances()}. */
    public static final String INITIAL_INSTANCES_KEY = "flatscene.render.initialInstances";
    /** Default {@link #initialInstances()}. */
    public static final int DEFAULT_INITIAL_INSTANCES = 16_384;
    /** Declares {@value #INITIAL_INSTANCES_KEY}, read by {@link #initialInstances()}. */
    public static final Setting<Integer> INITIAL_INSTANCES = SETTINGS.integer(INITIAL_INSTANCES_KEY, 1,
            INITIAL_INSTANCES_LIMIT, DEFAULT_INITIAL_INSTANCES,
            "Instances the instance buffers hold before they grow.");

    /** Key of {@link #debugOutput()}. */
    public static final String DEBUG_OUTPUT_KEY = "flatscene.render.debugOutput";
    /** Default {@link #debugOutput()}: off, since synchronous debug output slows every GL call. */
    public static final boolean DEFAULT_DEBUG_OUTPUT = false;
    /** Declares {@value #DEBUG_OUTPUT_KEY}, read by {@link #debugOutput()}. */
    public static final Setting<Boolean> DEBUG_OUTPUT = SETTINGS.bool(DEBUG_OUTPUT_KEY, DEFAULT_DEBUG_OUTPUT,
            "Route the context's KHR_debug output to the log and count GL errors; slows every GL call. A debug "
                    + "callback the game installed before keeps getting the messages the game's own GL calls raise, "
                    + "and is put back when the renderer closes.");

    /** Key of {@link #gpuTiming()}. */
    public static final String GPU_TIMING_KEY = "flatscene.render.gpuTiming";
    /** Default {@link #gpuTiming()}. */
    public static final boolean DEFAULT_GPU_TIMING = true;
    /** Declares {@value #GPU_TIMING_KEY}, read by {@link #gpuTiming()}. */
    public static final Setting<Boolean> GPU_TIMING = SETTINGS.bool(GPU_TIMING_KEY, DEFAULT_GPU_TIMING,
            "Measure each frame's GPU time with timer queries; turn off when the game runs its own "
                    + "GL_TIME_ELAPSED query.");

    /** Key of {@link #restoreGlState()}. */
    public static final String RESTORE_GL_STATE_KEY = "flatscene.render.restoreGlState";
    /** Default {@link #restoreGlState()}: off, since only a context the game also draws with needs it. */
    public static final boolean DEFAULT_RESTORE_GL_STATE = false;
    /** Declares {@value #RESTORE_GL_STATE_KEY}, read by {@link #restoreGlState()}. */
    public static final Setting<Boolean> RESTORE_GL_STATE = SETTINGS.bool(RESTORE_GL_STATE_KEY,
            DEFAULT_RESTORE_GL_STATE, "Save and restore the GL state the renderer touches around each of its calls, "
                    + "for a context the game also draws with.");

    /** Key of {@link #clear()}. */
    public static final String CLEAR_KEY = "flatscene.render.clear";
    /** Declares {@value #CLEAR_KEY}, read by {@link #clear()}. */
    public static final Setting<ClearMode> CLEAR = SETTINGS.choice(CLEAR_KEY, ClearMode.COLOR_AND_DEPTH,
            "What the renderer clears in its target before drawing: COLOR_AND_DEPTH starts its frame from its clear "
                    + "colour; DEPTH clears depth alone, keeping the colour a game drew first (its sky, a 2D "
                    + "background); NONE draws over colour and depth as they are, for a game that prepared both.");

    /** A value for each declared setting, each keeping its rule; never handed out, so never changed. */
    private final SettingTable.Values values;

    private RendererConfig(SettingTable.Values values) {
        this.values = values;
    }

    /**
     * The defaults: AUTO, {@value #DEFAULT_MAX_MATERIALS} materials and so on, GPU timing on, no debugging aids;
     * then the system properties, as every way of building does.
     *
     * @return the default configuration, with the {@code -Dflatscene.render.*} system properties applied
     * @throws ConfigException if a {@value #KEY_PREFIX} system property is unknown or has a bad value
     */
    public static RendererConfig defaults() {
        return builder().build();
    }

    /**
     * A builder holding the defaults.
     *
     * @return a new builder; {@link Builder#build()} applies the system properties over what it holds then
     */
    public static Builder builder() {
        return new Builder();
    }

    /**
     * A builder holding this configuration's values, to derive a variant.
     *
     * @return a new builder; changing it leaves this configuration as it is
     */
    public Builder toBuilder() {
        return new Builder(this);
    }

    /**
     * Reads a properties file over the defaults, then applies every JVM system property whose name starts with
     * {@value #KEY_PREFIX}, which wins over the file.
     *
     * @param propertiesFile a {@link Properties} file in UTF-8; every key in it must be a known key, or one of the
     *                       scene's ({@link SceneConfig#keys()}), which are left to {@link SceneConfig#load}, so
     *                       that one file can configure both
     * @return the checked configuration; a key set in neither place keeps its default
     * @throws ConfigException if the file cannot be read, or holds an unknown key or a bad value, or a
     *                         {@value #KEY_PREFIX} system property is unknown or bad
     */
    public static RendererConfig load(Path propertiesFile) {
        Objects.requireNonNull(propertiesFile, "propertiesFile");
        return from(builder(), SettingTable.read(propertiesFile), "file " + propertiesFile, null, null);
    }

    /**
     * The configuration {@link #load(Path)} builds, from properties already in memory, with a second layer over
     * them (a launcher's own settings, say); the system properties win over both.
     *
     * @param file      the file's properties: every key must be known, or one of the scene's
     * @param overrides applied after {@code file} and winning over it; only keys starting with {@value #KEY_PREFIX}
     *                  are read, and each must be known
     * @return the checked configuration; neither argument is read again or changed
     * @throws ConfigException on an unknown key or a bad value in either, or in a {@value #KEY_PREFIX} system
     *                         property
     */
    public static RendererConfig fromProperties(Properties file, Properties overrides) {
        return from(builder(), Objects.requireNonNull(file, "file"), "properties file",
                Objects.requireNonNull(overrides, "overrides"), "override");
    }

    /**
     * This configuration with every {@value #KEY_PREFIX} key of {@code properties} applied over it; keys without the
     * prefix belong to someone else and are ignored. The system properties win over both, as always.
     *
     * @param source where the properties came from, for the exception's message
     * @param properties the properties to apply, not null; not changed
     * @return a new configuration; this one is unchanged
     * @throws ConfigException on an unknown {@value #KEY_PREFIX} key or a bad value, in {@code properties} or in a
     *                         system property
     */
    public RendererConfig withProperties(Properties properties, String source) {
        return from(toBuilder(), null, null, Objects.requireNonNull(properties, "properties"), source);
    }

    /** A null {@code file} or {@code overrides} is none: the builder's values stand until the next layer. */
    private static RendererConfig from(Builder builder, Properties file, String fileSource, Properties overrides,
                                       String overrideSource) {
        if (file != null) {
            List<String> read = SETTINGS.apply(file, key -> !SceneConfig.keys().contains(key), builder.values,
                    fileSource);
            LOG.debug("Read renderer configuration from {}: {}", fileSource, read);
        }
        if (overrides != null) {
            List<String> overridden = SETTINGS.apply(overrides, key -> key.startsWith(KEY_PREFIX), builder.values,
                    overrideSource);
            LOG.debug("Renderer configuration overrides ({}): {}", overrideSource, overridden);
        }
        return builder.build();
    }

    /**
     * Every configuration key, in the order {@link #toString()} lists them.
     *
     * @return the renderer's keys, unmodifiable; the scene's are not among them
     */
    public static List<String> keys() {
        return SETTINGS.keys();
    }

    /**
     * Every setting's declaration, in the order {@link #toString()} lists them.
     *
     * @return the renderer's settings, unmodifiable
     */
    public static List<Setting<?>> settings() {
        return SETTINGS.settings();
    }

    /**
     * The value of any of the renderer's settings, as its typed accessor returns it.
     *
     * @param <T>     the setting's type
     * @param setting one of the renderer's settings, e.g. {@link #DRAW_PATH}
     * @return its value, never null
     * @throws IllegalArgumentException if the setting is not the renderer's
     */
    public <T> T get(Setting<T> setting) {
        return values.get(setting);
    }

    /**
     * How instances reach the GPU; {@link DrawPath#AUTO} picks by the context.
     *
     * @return the requested path, never null
     */
    public DrawPath drawPath() {
        return values.get(DRAW_PATH);
    }

    /**
     * Materials the registry can hold; the shader's material array has this size.
     *
     * @return 1 to {@link #MAX_MATERIALS_LIMIT}
     */
    public int maxMaterials() {
        return values.get(MAX_MATERIALS);
    }

    /**
     * Point and spot lights shaded per frame, the nearest to the camera; the directional light is extra.
     *
     * @return 0 (directional light only) to {@link #MAX_LOCAL_LIGHTS_LIMIT}
     */
    public int maxLocalLights() {
        return values.get(MAX_LOCAL_LIGHTS);
    }

    /**
     * Instances the buffers hold before their first growth.
     *
     * @return 1 to {@link #INITIAL_INSTANCES_LIMIT}
     */
    public int initialInstances() {
        return values.get(INITIAL_INSTANCES);
    }

    /**
     * Routes KHR_debug output to the log and counts GL errors; create the context with debug on to get them all. A
     * callback the context had (the game's) keeps getting the messages raised outside the renderer's calls, with its
     * user parameter, and is put back on {@link Renderer#close()}; only those raised inside count here.
     *
     * @return whether debug output is on
     */
    public boolean debugOutput() {
        return values.get(DEBUG_OUTPUT);
    }

    /**
     * Measures each frame's GPU time with timer queries; turn off when the game runs its own GL_TIME_ELAPSED query.
     *
     * @return whether GPU timing is on
     */
    public boolean gpuTiming() {
        return values.get(GPU_TIMING);
    }

    /**
     * Saves and restores, around each prepare and draw, the renderer's creation and its close, the GL state it touches,
     * for a context the game owns:
     * program, vertex array, array and indirect buffer bindings, uniform buffer bindings 0 and 1 and the generic
     * one, on the multi-draw path shader storage buffer binding 0 and the generic one, draw framebuffer, viewport,
     * clear color and depth, color and depth masks, depth function, cull face mode and front face, blend functions
     * and equations, whether depth test, blending, face culling and scissor test are enabled, the active texture unit,
     * and on the first {@value TextureRegistry#MAX_ARRAYS} texture units the 2D array texture and sampler object bound.
     * Costs a few dozen glGet calls a frame. Adding a mesh restores the copy-read and copy-write buffer bindings it
     * uses, and loading a texture the active unit, unit 0's 2D array texture, the pixel-pack and pixel-unpack buffers
     * and the pack and unpack settings (the pack ones when its array grows), whatever this setting says.
     *
     * @return whether the renderer saves and restores the GL state
     */
    public boolean restoreGlState() {
        return values.get(RESTORE_GL_STATE);
    }

    /**
     * What {@link Renderer#draw} clears before drawing: {@link ClearMode#COLOR_AND_DEPTH} for a renderer that draws
     * the whole picture, {@link ClearMode#DEPTH} for a game that drew its background first, {@link ClearMode#NONE}
     * for a game that prepared depth too.
     *
     * @return the clear policy, never null
     */
    public ClearMode clear() {
        return values.get(CLEAR);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof RendererConfig && values.equals(((RendererConfig) o).values);
    }

    @Override
    public int hashCode() {
        return values.hashCode();
    }

    /**
     * Every effective value with its key on one line, in the form a properties file or {@code -D} accepts, e.g.
     * {@code RendererConfig[flatscene.render.drawPath=AUTO, ..., flatscene.render.clear=COLOR_AND_DEPTH]}: the
     * renderer logs it once.
     */
    @Override
    public String toString() {
        return values.toString();
    }

    /**
     * Collects values for a {@link RendererConfig}, starting from the defaults. Setters accept any number;
     * {@link #build()} checks every value, so a builder fed from user input reports the bad value with its key, and
     * then applies the system properties, which win over what the builder holds.
     */
    public static final class Builder {
        private final SettingTable.Values values;

        private Builder() {
            values = SETTINGS.defaults();
        }

        private Builder(RendererConfig c) {
            values = c.values.copy();
        }

        /**
         * Sets {@value RendererConfig#DRAW_PATH_KEY}.
         *
         * @param drawPath the path, not null
         * @return this builder
         * @throws NullPointerException if {@code drawPath} is null
         */
        public Builder drawPath(DrawPath drawPath) {
            return set(DRAW_PATH, Objects.requireNonNull(drawPath, "drawPath"));
        }

        /**
         * Sets {@value RendererConfig#MAX_MATERIALS_KEY}: 1 to {@value RendererConfig#MAX_MATERIALS_LIMIT}.
         *
         * @param maxMaterials the number of materials; checked by {@link #build()}
         * @return this builder
         */
        public Builder maxMaterials(int maxMaterials) {
            return set(MAX_MATERIALS, maxMaterials);
        }

        /**
         * Sets {@value RendererConfig#MAX_LOCAL_LIGHTS_KEY}: 0 to {@value RendererConfig#MAX_LOCAL_LIGHTS_LIMIT}.
         *
         * @param maxLocalLights the number of point and spot lights shaded per frame; checked by {@link #build()}
         * @return this builder
         */
        public Builder maxLocalLights(int maxLocalLights) {
            return set(MAX_LOCAL_LIGHTS, maxLocalLights);
        }

        /**
         * Sets {@value RendererConfig#INITIAL_INSTANCES_KEY}: 1 to {@value RendererConfig#INITIAL_INSTANCES_LIMIT}.
         *
         * @param initialInstances the number of instances; checked by {@link #build()}
         * @return this builder
         */
        public Builder initialInstances(int initialInstances) {
            return set(INITIAL_INSTANCES, initialInstances);
        }

        /**
         * Sets {@value RendererConfig#DEBUG_OUTPUT_KEY}.
         *
         * @param debugOutput whether to route KHR_debug output to the log and count GL errors
         * @return this builder
         */
        public Builder debugOutput(boolean debugOutput) {
            return set(DEBUG_OUTPUT, debugOutput);
        }

        /**
         * Sets {@value RendererConfig#GPU_TIMING_KEY}.
         *
         * @param gpuTiming whether to measure each frame's GPU time with timer queries
         * @return this builder
         */
        public Builder gpuTiming(boolean gpuTiming) {
            return set(GPU_TIMING, gpuTiming);
        }

        /**
         * Sets {@value RendererConfig#RESTORE_GL_STATE_KEY}.
         *
         * @param restoreGlState whether to save and restore the GL state the renderer touches, for a shared context
         * @return this builder
         */
        public Builder restoreGlState(boolean restoreGlState) {
            return set(RESTORE_GL_STATE, restoreGlState);
        }

        /**
         * Sets {@value RendererConfig#CLEAR_KEY}.
         *
         * @param clear what {@link Renderer#draw} clears before drawing, not null
         * @return this builder
         * @throws NullPointerException if {@code clear} is null
         */
        public Builder clear(ClearMode clear) {
            return set(CLEAR, Objects.requireNonNull(clear, "clear"));
        }

        /**
         * The configuration: every value the builder holds is checked, then every {@value RendererConfig#KEY_PREFIX}
         * system property is applied over them and wins (each logged once at INFO with the value it replaced).
         *
         * @return a new, immutable configuration; the builder can go on being used, and holds what code set
         * @throws ConfigException naming the first key whose value breaks its rule: one the builder holds (even if a
         *                         system property replaces it: the code is wrong all the same), then one set by a
         *                         system property, or a system property that is no key
         */
        public RendererConfig build() {
            return new RendererConfig(SETTINGS.build(values));
        }

        /**
         * Sets any of the renderer's settings, as its typed setter does.
         *
         * @param <T>     the setting's type
         * @param setting one of the renderer's settings, e.g. {@link RendererConfig#DRAW_PATH}
         * @param value   the value, not null; checked by {@link #build()}
         * @return this builder
         * @throws IllegalArgumentException if the setting is not the renderer's
         * @throws NullPointerException     if {@code value} is null
         */
        public <T> Builder set(Setting<T> setting, T value) {
            values.set(setting, value);
            return this;
        }
    }
}
