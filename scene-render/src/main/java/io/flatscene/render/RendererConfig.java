package io.flatscene.render;

import io.flatscene.core.config.ConfigException;
import io.flatscene.core.config.ConfigReader;
import io.flatscene.core.config.SceneConfig;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;
import java.util.Properties;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;

import static io.flatscene.core.config.ConfigReader.checkRange;
import static io.flatscene.core.config.ConfigReader.enumRule;
import static io.flatscene.core.config.ConfigReader.parseBoolean;
import static io.flatscene.core.config.ConfigReader.parseEnum;
import static io.flatscene.core.config.ConfigReader.parseInt;
import static io.flatscene.core.config.ConfigReader.rangeRule;

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
 * <p>Keys and rules:
 * <table>
 *   <caption>Configuration keys</caption>
 *   <tr><th>key</th><th>default</th><th>rule</th></tr>
 *   <tr><td>{@value #DRAW_PATH_KEY}</td><td>AUTO</td>
 *       <td>AUTO, MULTI_DRAW_INDIRECT or INSTANCED, any case</td></tr>
 *   <tr><td>{@value #MAX_MATERIALS_KEY}</td><td>{@value #DEFAULT_MAX_MATERIALS}</td>
 *       <td>1 to {@value #MAX_MATERIALS_LIMIT}</td></tr>
 *   <tr><td>{@value #MAX_LOCAL_LIGHTS_KEY}</td><td>{@value #DEFAULT_MAX_LOCAL_LIGHTS}</td>
 *       <td>0 to {@value #MAX_LOCAL_LIGHTS_LIMIT}</td></tr>
 *   <tr><td>{@value #INITIAL_INSTANCES_KEY}</td><td>{@value #DEFAULT_INITIAL_INSTANCES}</td>
 *       <td>1 to {@value #INITIAL_INSTANCES_LIMIT}</td></tr>
 *   <tr><td>{@value #DEBUG_OUTPUT_KEY}</td><td>{@value #DEFAULT_DEBUG_OUTPUT}</td><td>true or false, any case</td></tr>
 *   <tr><td>{@value #GPU_TIMING_KEY}</td><td>{@value #DEFAULT_GPU_TIMING}</td><td>true or false, any case</td></tr>
 *   <tr><td>{@value #RESTORE_GL_STATE_KEY}</td><td>{@value #DEFAULT_RESTORE_GL_STATE}</td>
 *       <td>true or false, any case</td></tr>
 *   <tr><td>{@value #CLEAR_KEY}</td><td>COLOR_AND_DEPTH</td><td>NONE, DEPTH or COLOR_AND_DEPTH, any case</td></tr>
 * </table>
 */
public final class RendererConfig {
    private static final Logger LOG = LogManager.getLogger(RendererConfig.class);

    /**
     * Every key starts with this; a system property with this prefix that is no known key is an error. The scene's
     * configuration leaves these keys to the renderer.
     */
    public static final String KEY_PREFIX = SceneConfig.RENDER_KEY_PREFIX;
    /** Key of {@link #drawPath()}. */
    public static final String DRAW_PATH_KEY = "flatscene.render.drawPath";
    /** Key of {@link #maxMaterials()}. */
    public static final String MAX_MATERIALS_KEY = "flatscene.render.maxMaterials";
    /** Key of {@link #maxLocalLights()}. */
    public static final String MAX_LOCAL_LIGHTS_KEY = "flatscene.render.maxLocalLights";
    /** Key of {@link #initialInstances()}. */
    public static final String INITIAL_INSTANCES_KEY = "flatscene.render.initialInstances";
    /** Key of {@link #debugOutput()}. */
    public static final String DEBUG_OUTPUT_KEY = "flatscene.render.debugOutput";
    /** Key of {@link #gpuTiming()}. */
    public static final String GPU_TIMING_KEY = "flatscene.render.gpuTiming";
    /** Key of {@link #restoreGlState()}. */
    public static final String RESTORE_GL_STATE_KEY = "flatscene.render.restoreGlState";
    /** Key of {@link #clear()}. */
    public static final String CLEAR_KEY = "flatscene.render.clear";

    /**
     * 1024 materials of 48 bytes take 48 KiB; the renderer refuses a count past its context's uniform block limit
     * (naming the most it holds), so a driver with less takes fewer.
     */
    public static final int MAX_MATERIALS_LIMIT = 1024;
    /** The largest {@link #maxLocalLights()}. */
    public static final int MAX_LOCAL_LIGHTS_LIMIT = 64;
    /** More is taken for a typo: the multi-draw path's three regions of that many instances take gigabytes. */
    public static final int INITIAL_INSTANCES_LIMIT = 1 << 26;

    /** Default {@link #maxMaterials()}. */
    public static final int DEFAULT_MAX_MATERIALS = 256;
    /** Default {@link #maxLocalLights()}. */
    public static final int DEFAULT_MAX_LOCAL_LIGHTS = 8;
    /** Default {@link #initialInstances()}. */
    public static final int DEFAULT_INITIAL_INSTANCES = 16_384;
    /** Default {@link #debugOutput()}: off, since synchronous debug output slows every GL call. */
    public static final boolean DEFAULT_DEBUG_OUTPUT = false;
    /** Default {@link #gpuTiming()}. */
    public static final boolean DEFAULT_GPU_TIMING = true;
    /** Default {@link #restoreGlState()}: off, since only a context the game also draws with needs it. */
    public static final boolean DEFAULT_RESTORE_GL_STATE = false;

    private static final List<String> KEYS = List.of(DRAW_PATH_KEY, MAX_MATERIALS_KEY, MAX_LOCAL_LIGHTS_KEY,
            INITIAL_INSTANCES_KEY, DEBUG_OUTPUT_KEY, GPU_TIMING_KEY, RESTORE_GL_STATE_KEY, CLEAR_KEY);

    private final DrawPath drawPath;
    private final int maxMaterials;
    private final int maxLocalLights;
    private final int initialInstances;
    private final boolean debugOutput;
    private final boolean gpuTiming;
    private final boolean restoreGlState;
    private final ClearMode clear;

    private RendererConfig(Builder b) {
        drawPath = b.drawPath;
        maxMaterials = b.maxMaterials;
        maxLocalLights = b.maxLocalLights;
        initialInstances = b.initialInstances;
        debugOutput = b.debugOutput;
        gpuTiming = b.gpuTiming;
        restoreGlState = b.restoreGlState;
        clear = b.clear;
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
        return from(builder(), ConfigReader.read(propertiesFile), "file " + propertiesFile, null, null);
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
            List<String> read = ConfigReader.apply(file, key -> !SceneConfig.keys().contains(key),
                    (key, value) -> builder.set(key, value, fileSource));
            LOG.debug("Read renderer configuration from {}: {}", fileSource, read);
        }
        if (overrides != null) {
            List<String> overridden = ConfigReader.apply(overrides, key -> key.startsWith(KEY_PREFIX),
                    (key, value) -> builder.set(key, value, overrideSource));
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
        return KEYS;
    }

    /**
     * How instances reach the GPU; {@link DrawPath#AUTO} picks by the context.
     *
     * @return the requested path, never null
     */
    public DrawPath drawPath() {
        return drawPath;
    }

    /**
     * Materials the registry can hold; the shader's material array has this size.
     *
     * @return 1 to {@link #MAX_MATERIALS_LIMIT}
     */
    public int maxMaterials() {
        return maxMaterials;
    }

    /**
     * Point and spot lights shaded per frame, the nearest to the camera; the directional light is extra.
     *
     * @return 0 (directional light only) to {@link #MAX_LOCAL_LIGHTS_LIMIT}
     */
    public int maxLocalLights() {
        return maxLocalLights;
    }

    /**
     * Instances the buffers hold before their first growth.
     *
     * @return 1 to {@link #INITIAL_INSTANCES_LIMIT}
     */
    public int initialInstances() {
        return initialInstances;
    }

    /**
     * Routes KHR_debug output to the log and counts GL errors; create the context with debug on to get them all. A
     * callback the context had (the game's) keeps getting the messages raised outside the renderer's calls, with its
     * user parameter, and is put back on {@link Renderer#close()}; only those raised inside count here.
     *
     * @return whether debug output is on
     */
    public boolean debugOutput() {
        return debugOutput;
    }

    /**
     * Measures each frame's GPU time with timer queries; turn off when the game runs its own GL_TIME_ELAPSED query.
     *
     * @return whether GPU timing is on
     */
    public boolean gpuTiming() {
        return gpuTiming;
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
     * uses, and loading a texture the active unit, unit 0's 2D array texture, the pixel-unpack buffer and the unpack
     * settings, whatever this setting says.
     *
     * @return whether the renderer saves and restores the GL state
     */
    public boolean restoreGlState() {
        return restoreGlState;
    }

    /**
     * What {@link Renderer#draw} clears before drawing: {@link ClearMode#COLOR_AND_DEPTH} for a renderer that draws
     * the whole picture, {@link ClearMode#DEPTH} for a game that drew its background first, {@link ClearMode#NONE}
     * for a game that prepared depth too.
     *
     * @return the clear policy, never null
     */
    public ClearMode clear() {
        return clear;
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof RendererConfig)) {
            return false;
        }
        RendererConfig other = (RendererConfig) o;
        return drawPath == other.drawPath && maxMaterials == other.maxMaterials
                && maxLocalLights == other.maxLocalLights && initialInstances == other.initialInstances
                && debugOutput == other.debugOutput && gpuTiming == other.gpuTiming
                && restoreGlState == other.restoreGlState && clear == other.clear;
    }

    @Override
    public int hashCode() {
        return Objects.hash(drawPath, maxMaterials, maxLocalLights, initialInstances, debugOutput, gpuTiming,
                restoreGlState, clear);
    }

    /**
     * Every effective value with its key on one line, in the form a properties file or {@code -D} accepts, e.g.
     * {@code RendererConfig[flatscene.render.drawPath=AUTO, ..., flatscene.render.clear=COLOR_AND_DEPTH]}: the
     * renderer logs it once.
     */
    @Override
    public String toString() {
        return "RendererConfig[" + DRAW_PATH_KEY + "=" + drawPath + ", " + MAX_MATERIALS_KEY + "=" + maxMaterials
                + ", " + MAX_LOCAL_LIGHTS_KEY + "=" + maxLocalLights + ", " + INITIAL_INSTANCES_KEY + "="
                + initialInstances + ", " + DEBUG_OUTPUT_KEY + "=" + debugOutput + ", " + GPU_TIMING_KEY + "="
                + gpuTiming + ", " + RESTORE_GL_STATE_KEY + "=" + restoreGlState + ", " + CLEAR_KEY + "=" + clear
                + "]";
    }

    /**
     * Collects values for a {@link RendererConfig}, starting from the defaults. Setters accept any number;
     * {@link #build()} checks every value, so a builder fed from user input reports the bad value with its key, and
     * then applies the system properties, which win over what the builder holds.
     */
    public static final class Builder {
        private static final String MAX_MATERIALS_RULE = rangeRule(1, MAX_MATERIALS_LIMIT);
        private static final String MAX_LOCAL_LIGHTS_RULE = rangeRule(0, MAX_LOCAL_LIGHTS_LIMIT);
        private static final String INITIAL_INSTANCES_RULE = rangeRule(1, INITIAL_INSTANCES_LIMIT);
        private static final String DRAW_PATH_RULE = enumRule(DrawPath.class);
        private static final String CLEAR_RULE = enumRule(ClearMode.class);
        private static final String BOOLEAN_RULE = "must be true or false (case-insensitive)";

        private DrawPath drawPath = DrawPath.AUTO;
        private int maxMaterials = DEFAULT_MAX_MATERIALS;
        private int maxLocalLights = DEFAULT_MAX_LOCAL_LIGHTS;
        private int initialInstances = DEFAULT_INITIAL_INSTANCES;
        private boolean debugOutput = DEFAULT_DEBUG_OUTPUT;
        private boolean gpuTiming = DEFAULT_GPU_TIMING;
        private boolean restoreGlState = DEFAULT_RESTORE_GL_STATE;
        private ClearMode clear = ClearMode.COLOR_AND_DEPTH;

        private Builder() {
        }

        private Builder(RendererConfig c) {
            drawPath = c.drawPath;
            maxMaterials = c.maxMaterials;
            maxLocalLights = c.maxLocalLights;
            initialInstances = c.initialInstances;
            debugOutput = c.debugOutput;
            gpuTiming = c.gpuTiming;
            restoreGlState = c.restoreGlState;
            clear = c.clear;
        }

        /**
         * Sets {@value RendererConfig#DRAW_PATH_KEY}.
         *
         * @param drawPath the path, not null
         * @return this builder
         * @throws NullPointerException if {@code drawPath} is null
         */
        public Builder drawPath(DrawPath drawPath) {
            this.drawPath = Objects.requireNonNull(drawPath, "drawPath");
            return this;
        }

        /**
         * Sets {@value RendererConfig#MAX_MATERIALS_KEY}: 1 to {@value RendererConfig#MAX_MATERIALS_LIMIT}.
         *
         * @param maxMaterials the number of materials; checked by {@link #build()}
         * @return this builder
         */
        public Builder maxMaterials(int maxMaterials) {
            this.maxMaterials = maxMaterials;
            return this;
        }

        /**
         * Sets {@value RendererConfig#MAX_LOCAL_LIGHTS_KEY}: 0 to {@value RendererConfig#MAX_LOCAL_LIGHTS_LIMIT}.
         *
         * @param maxLocalLights the number of point and spot lights shaded per frame; checked by {@link #build()}
         * @return this builder
         */
        public Builder maxLocalLights(int maxLocalLights) {
            this.maxLocalLights = maxLocalLights;
            return this;
        }

        /**
         * Sets {@value RendererConfig#INITIAL_INSTANCES_KEY}: 1 to {@value RendererConfig#INITIAL_INSTANCES_LIMIT}.
         *
         * @param initialInstances the number of instances; checked by {@link #build()}
         * @return this builder
         */
        public Builder initialInstances(int initialInstances) {
            this.initialInstances = initialInstances;
            return this;
        }

        /**
         * Sets {@value RendererConfig#DEBUG_OUTPUT_KEY}.
         *
         * @param debugOutput whether to route KHR_debug output to the log and count GL errors
         * @return this builder
         */
        public Builder debugOutput(boolean debugOutput) {
            this.debugOutput = debugOutput;
            return this;
        }

        /**
         * Sets {@value RendererConfig#GPU_TIMING_KEY}.
         *
         * @param gpuTiming whether to measure each frame's GPU time with timer queries
         * @return this builder
         */
        public Builder gpuTiming(boolean gpuTiming) {
            this.gpuTiming = gpuTiming;
            return this;
        }

        /**
         * Sets {@value RendererConfig#RESTORE_GL_STATE_KEY}.
         *
         * @param restoreGlState whether to save and restore the GL state the renderer touches, for a shared context
         * @return this builder
         */
        public Builder restoreGlState(boolean restoreGlState) {
            this.restoreGlState = restoreGlState;
            return this;
        }

        /**
         * Sets {@value RendererConfig#CLEAR_KEY}.
         *
         * @param clear what {@link Renderer#draw} clears before drawing, not null
         * @return this builder
         * @throws NullPointerException if {@code clear} is null
         */
        public Builder clear(ClearMode clear) {
            this.clear = Objects.requireNonNull(clear, "clear");
            return this;
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
            checkRange(MAX_MATERIALS_KEY, maxMaterials, 1, MAX_MATERIALS_LIMIT, MAX_MATERIALS_RULE);
            checkRange(MAX_LOCAL_LIGHTS_KEY, maxLocalLights, 0, MAX_LOCAL_LIGHTS_LIMIT, MAX_LOCAL_LIGHTS_RULE);
            checkRange(INITIAL_INSTANCES_KEY, initialInstances, 1, INITIAL_INSTANCES_LIMIT, INITIAL_INSTANCES_RULE);
            // a copy takes the overrides, so that the next build logs what the code set as the value replaced
            Builder effective = new RendererConfig(this).toBuilder();
            ConfigReader.applySystemProperties(key -> key.startsWith(KEY_PREFIX), effective::get,
                    (key, value) -> effective.set(key, value, ConfigReader.SYSTEM_PROPERTY));
            return new RendererConfig(effective);
        }

        /** The value {@code key} holds, as {@link #set} sets it; null for a key that is not the renderer's. */
        private Object get(String key) {
            return switch (key) {
                case DRAW_PATH_KEY -> drawPath;
                case MAX_MATERIALS_KEY -> maxMaterials;
                case MAX_LOCAL_LIGHTS_KEY -> maxLocalLights;
                case INITIAL_INSTANCES_KEY -> initialInstances;
                case DEBUG_OUTPUT_KEY -> debugOutput;
                case GPU_TIMING_KEY -> gpuTiming;
                case RESTORE_GL_STATE_KEY -> restoreGlState;
                case CLEAR_KEY -> clear;
                default -> null;
            };
        }

        /**
         * Parses one textual value (already trimmed) into this builder; the check of the parsed value against its
         * rule happens here too, so the exception can quote the text as written and say where it came from.
         */
        void set(String key, String value, String source) {
            switch (key) {
                case DRAW_PATH_KEY -> drawPath = parseEnum(DrawPath.class, key, value, DRAW_PATH_RULE, source);
                case MAX_MATERIALS_KEY -> maxMaterials = parseInt(key, value, 1, MAX_MATERIALS_LIMIT,
                        MAX_MATERIALS_RULE, source);
                case MAX_LOCAL_LIGHTS_KEY -> maxLocalLights = parseInt(key, value, 0, MAX_LOCAL_LIGHTS_LIMIT,
                        MAX_LOCAL_LIGHTS_RULE, source);
                case INITIAL_INSTANCES_KEY -> initialInstances = parseInt(key, value, 1, INITIAL_INSTANCES_LIMIT,
                        INITIAL_INSTANCES_RULE, source);
                case DEBUG_OUTPUT_KEY -> debugOutput = parseBoolean(key, value, BOOLEAN_RULE, source);
                case GPU_TIMING_KEY -> gpuTiming = parseBoolean(key, value, BOOLEAN_RULE, source);
                case RESTORE_GL_STATE_KEY -> restoreGlState = parseBoolean(key, value, BOOLEAN_RULE, source);
                case CLEAR_KEY -> clear = parseEnum(ClearMode.class, key, value, CLEAR_RULE, source);
                default -> throw new ConfigException(key, value, ConfigReader.unknownKeyRule(key, KEY_PREFIX, KEYS),
                        source);
            }
        }
    }
}
