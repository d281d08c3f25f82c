package io.flatscene.core.config;

import io.flatscene.core.container.Capacity;
import io.flatscene.core.container.GrowthPolicy;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;
import java.util.Properties;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;

/**
 * A scene's startup configuration: the capacity each manager allocates up front, what happens when one is exceeded,
 * the worker threads, validation mode and transform kernel. Immutable; every instance holds valid values.
 *
 * <p>Three ways to build one:
 * <pre>{@code
 * SceneConfig a = SceneConfig.builder().maxNodes(200_000).growthPolicy(GrowthPolicy.FAIL).build();
 * SceneConfig b = SceneConfig.load(Path.of("flatscene.properties")); // the file's values over the defaults
 * SceneConfig c = SceneConfig.defaults();
 * }</pre>
 * Each way ends in {@link Builder#build()}, which applies the JVM's {@code -Dflatscene.*} system properties last: a
 * setting given with {@code -D} at launch wins over the default, a file and a value set in code, so that whoever
 * starts the game can change any setting without a rebuild (the log says so once for each). Code cannot overrule a
 * {@code -D} setting; a value the game must have is one its launch line leaves alone.
 *
 * <p>A bad value fails there with a {@link ConfigException} naming the key, the value, the rule and where the value
 * came from, because a capacity that is wrong by an order of magnitude is far cheaper to learn about at startup than
 * as a copy mid-frame. So does a {@code flatscene.<name>} system property that is no key: a misspelt override would
 * otherwise change nothing without a word.
 *
 * <p>Each key is declared once, as one of the {@link Setting} constants below: its name, its rule, its default and
 * its documentation, from which the builder, the reading of files and system properties, the checks and
 * {@link #toString()} follow. {@code docs/flatscene.properties} lists every key as declared, held to the declarations
 * by a test.
 */
public final class SceneConfig {
    private static final Logger LOG = LogManager.getLogger(SceneConfig.class);

    /** Every key starts with this; a system property with this prefix that is no known key is an error. */
    public static final String KEY_PREFIX = "flatscene.";
    /**
     * The renderer's keys, which may share the scene's file: {@link #load} leaves them to the renderer's
     * configuration, which reads the same file and checks them.
     */
    public static final String RENDER_KEY_PREFIX = "flatscene.render.";
    /**
     * The largest capacity: the most slots whose widest array (a world matrix a node) still fits in the largest array
     * a JVM accepts. Growth under GROW stops there too.
     */
    public static final int MAX_CAPACITY = Capacity.MAX_STORE_SIZE;
    /** More worker threads than this is taken for a typo rather than a machine. */
    public static final int MAX_WORKER_THREADS = 1024;

    private static final SettingTable SETTINGS = new SettingTable("SceneConfig", KEY_PREFIX,
            SceneConfig::isSceneKeyShape);

    /** Key of {@link #maxNodes()}. */
    public static final String MAX_NODES_KEY = "flatscene.maxNodes";
    /** Default {@link #maxNodes()}: room for a large level without the 1M-node stress case's memory. */
    public static final int DEFAULT_MAX_NODES = 65_536;
    /** Declares {@value #MAX_NODES_KEY}, read by {@link #maxNodes()}. */
    public static final Setting<Integer> MAX_NODES = SETTINGS.integer(MAX_NODES_KEY, 1, MAX_CAPACITY,
            DEFAULT_MAX_NODES, "Scene nodes allocated up front, the root included.");

    /** Key of {@link #maxItems()}. */
    public static final String MAX_ITEMS_KEY = "flatscene.maxItems";
    /** Default {@link #maxItems()}: one item per node on average. */
    public static final int DEFAULT_MAX_ITEMS = 65_536;
    /** Declares {@value #MAX_ITEMS_KEY}, read by {@link #maxItems()}. */
    public static final Setting<Integer> MAX_ITEMS = SETTINGS.integer(MAX_ITEMS_KEY, 1, MAX_CAPACITY,
            DEFAULT_MAX_ITEMS, "Items (renderable objects) allocated up front.");

    /** Key of {@link #maxLights()}. */
    public static final String MAX_LIGHTS_KEY = "flatscene.maxLights";
    /** Default {@link #maxLights()}. */
    public static final int DEFAULT_MAX_LIGHTS = 256;
    /** Declares {@value #MAX_LIGHTS_KEY}, read by {@link #maxLights()}. */
    public static final Setting<Integer> MAX_LIGHTS = SETTINGS.integer(MAX_LIGHTS_KEY, 1, MAX_CAPACITY,
            DEFAULT_MAX_LIGHTS, "Lights allocated up front.");

    /** Key of {@link #maxCameras()}. */
    public static final String MAX_CAMERAS_KEY = "flatscene.maxCameras";
    /** Default {@link #maxCameras()}. */
    public static final int DEFAULT_MAX_CAMERAS = 16;
    /** Declares {@value #MAX_CAMERAS_KEY}, read by {@link #maxCameras()}. */
    public static final Setting<Integer> MAX_CAMERAS = SETTINGS.integer(MAX_CAMERAS_KEY, 1, MAX_CAPACITY,
            DEFAULT_MAX_CAMERAS, "Cameras allocated up front.");

    /** Key of {@link #growthPolicy()}. */
    public static final String GROWTH_POLICY_KEY = "flatscene.growthPolicy";
    /** Declares {@value #GROWTH_POLICY_KEY}, read by {@link #growthPolicy()}. */
    public static final Setting<GrowthPolicy> GROWTH_POLICY = SETTINGS.choice(GROWTH_POLICY_KEY, GrowthPolicy.GROW,
            "Past a capacity: GROW copies into storage half as large again and logs one WARN naming the key to "
                    + "raise; FAIL throws CapacityExceededException naming it and leaves the scene unchanged; "
                    + "ON_DEMAND grows as GROW does, without the warning.");

    /** Key of {@link #workerThreads()}. */
    public static final String WORKER_THREADS_KEY = "flatscene.workerThreads";
    /** Declares {@value #WORKER_THREADS_KEY}, read by {@link #workerThreads()}. */
    public static final Setting<Integer> WORKER_THREADS = SETTINGS.integer(WORKER_THREADS_KEY, 1,
            MAX_WORKER_THREADS, SceneConfig::defaultWorkerThreads, "the number of available processors",
            "Threads for parallel passes such as visibility; 1 runs them on the caller's thread.");

    /** Key of {@link #validation()}. */
    public static final String VALIDATION_KEY = "flatscene.validation";
    /** Default {@link #validation()}: off, because validating after every change costs O(scene) per change. */
    public static final boolean DEFAULT_VALIDATION = false;
    /** Declares {@value #VALIDATION_KEY}, read by {@link #validation()}. */
    public static final Setting<Boolean> VALIDATION = SETTINGS.bool(VALIDATION_KEY, DEFAULT_VALIDATION,
            "Check every scene invariant after every structural change: a debugging aid costing O(scene size) per "
                    + "change.");

    /** Key of {@link #transformKernel()}. */
    public static final String TRANSFORM_KERNEL_KEY = "flatscene.transformKernel";
    /** Declares {@value #TRANSFORM_KERNEL_KEY}, read by {@link #transformKernel()}. */
    public static final Setting<TransformKernel> TRANSFORM_KERNEL = SETTINGS.choice(TRANSFORM_KERNEL_KEY,
            TransformKernel.AUTO, "The transform pass's kernel: AUTO runs the vector kernel where the JVM has the "
                    + "incubator Vector API (started with --add-modules jdk.incubator.vector) and 256-bit float "
                    + "vectors, else the scalar one; VECTOR always runs the vector kernel, and the scene fails to "
                    + "start where it is unavailable; SCALAR always runs the scalar kernel.");

    /** A value for each declared setting, each keeping its rule; never handed out, so never changed. */
    private final SettingTable.Values values;

    private SceneConfig(SettingTable.Values values) {
        this.values = values;
    }

    /**
     * The defaults: {@link #DEFAULT_MAX_NODES} nodes and so on, GROW, one worker per processor, no validation, the
     * AUTO transform kernel; then the system properties, as every way of building does.
     *
     * @return the default configuration, with the {@code -Dflatscene.*} system properties applied
     * @throws ConfigException if a {@value #KEY_PREFIX} system property is unknown or has a bad value
     */
    public static SceneConfig defaults() {
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
     *                       renderer's ({@value #RENDER_KEY_PREFIX}), which are left to the renderer's configuration
     * @return the checked configuration; a key set in neither place keeps its default
     * @throws ConfigException if the file cannot be read, or holds an unknown key or a bad value, or a
     *                         {@value #KEY_PREFIX} system property is unknown or bad
     */
    public static SceneConfig load(Path propertiesFile) {
        Objects.requireNonNull(propertiesFile, "propertiesFile");
        return from(SettingTable.read(propertiesFile), "file " + propertiesFile, new Properties());
    }

    /**
     * The configuration {@link #load(Path)} builds, from properties already in memory, with a second layer over
     * them (a launcher's own settings, say); the system properties win over both.
     *
     * @param file      the file's properties: every key must be known, or one of the renderer's
     * @param overrides applied after {@code file} and winning over it; only keys starting with {@value #KEY_PREFIX}
     *                  are read, and each must be known
     * @return the checked configuration; neither argument is read again or changed
     * @throws ConfigException on an unknown key or a bad value in either, or in a {@value #KEY_PREFIX} system
     *                         property
     */
    public static SceneConfig fromProperties(Properties file, Properties overrides) {
        return from(Objects.requireNonNull(file, "file"), "properties file",
                Objects.requireNonNull(overrides, "overrides"));
    }

    private static SceneConfig from(Properties file, String fileSource, Properties overrides) {
        Builder builder = builder();
        List<String> read = SETTINGS.apply(file, key -> !key.startsWith(RENDER_KEY_PREFIX), builder.values,
                fileSource);
        LOG.debug("Read scene configuration from {}: {}", fileSource, read);
        List<String> overridden = SETTINGS.apply(overrides, SceneConfig::isSceneKeyShape, builder.values, "override");
        LOG.debug("Scene configuration overrides: {}", overridden.isEmpty() ? "none" : overridden);
        return builder.build();
    }

    /**
     * Scene keys are {@code flatscene.<name>}; a further dot marks another component's namespace, such as the
     * renderer's {@code flatscene.render.*}, which share the system properties but are not the scene's to judge.
     */
    private static boolean isSceneKeyShape(String key) {
        return key.startsWith(KEY_PREFIX) && key.indexOf('.', KEY_PREFIX.length()) < 0;
    }

    /**
     * Every configuration key, in the order {@link #toString()} lists them.
     *
     * @return the scene's keys, unmodifiable; the renderer's are not among them
     */
    public static List<String> keys() {
        return SETTINGS.keys();
    }

    /**
     * Every setting's declaration, in the order {@link #toString()} lists them.
     *
     * @return the scene's settings, unmodifiable
     */
    public static List<Setting<?>> settings() {
        return SETTINGS.settings();
    }

    /**
     * The key that sets a capacity: the name to give its container, so that running out names what to raise.
     *
     * @param capacity the capacity, not null
     * @return its key, e.g. {@value #MAX_NODES_KEY}
     */
    public static String keyFor(SceneCapacity capacity) {
        return capacity.key();
    }

    /**
     * The default number of worker threads: the available processors, capped at {@link #MAX_WORKER_THREADS}.
     *
     * @return 1 to {@link #MAX_WORKER_THREADS}
     */
    public static int defaultWorkerThreads() {
        return Math.min(Math.max(1, Runtime.getRuntime().availableProcessors()), MAX_WORKER_THREADS);
    }

    /**
     * The number of scene nodes the node manager allocates up front.
     *
     * @return 1 to {@link #MAX_CAPACITY}
     */
    public int maxNodes() {
        return values.get(MAX_NODES);
    }

    /**
     * The number of items the item manager allocates up front.
     *
     * @return 1 to {@link #MAX_CAPACITY}
     */
    public int maxItems() {
        return values.get(MAX_ITEMS);
    }

    /**
     * The number of lights the light manager allocates up front.
     *
     * @return 1 to {@link #MAX_CAPACITY}
     */
    public int maxLights() {
        return values.get(MAX_LIGHTS);
    }

    /**
     * The number of cameras the camera manager allocates up front.
     *
     * @return 1 to {@link #MAX_CAPACITY}
     */
    public int maxCameras() {
        return values.get(MAX_CAMERAS);
    }

    /**
     * The given capacity's value; pairs with {@link SceneCapacity#key()} when constructing a container.
     *
     * @param capacity which capacity, not null
     * @return its value, 1 to {@link #MAX_CAPACITY}
     */
    public int capacity(SceneCapacity capacity) {
        return values.get(SETTINGS.setting(capacity.key(), Integer.class));
    }

    /**
     * The value of any of the scene's settings, as its typed accessor returns it.
     *
     * @param <T>     the setting's type
     * @param setting one of the scene's settings, e.g. {@link #MAX_NODES}
     * @return its value, never null
     * @throws IllegalArgumentException if the setting is not the scene's
     */
    public <T> T get(Setting<T> setting) {
        return values.get(setting);
    }

    /**
     * What a manager does past its capacity: {@link GrowthPolicy#GROW} grows and logs one WARN naming the key to
     * raise; {@link GrowthPolicy#FAIL} throws a {@link io.flatscene.core.container.CapacityExceededException} naming
     * it; {@link GrowthPolicy#ON_DEMAND} grows without the warning.
     *
     * @return the policy, never null
     */
    public GrowthPolicy growthPolicy() {
        return values.get(GROWTH_POLICY);
    }

    /**
     * Threads for parallel passes (visibility); 1 runs them on the caller's thread.
     *
     * @return 1 to {@link #MAX_WORKER_THREADS}
     */
    public int workerThreads() {
        return values.get(WORKER_THREADS);
    }

    /**
     * Whether the scene validates every invariant after every structural change (a debugging aid: O(scene) each).
     *
     * @return whether validation is on
     */
    public boolean validation() {
        return values.get(VALIDATION);
    }

    /**
     * Which kernel the transform pass computes world matrices with: {@link TransformKernel#AUTO} the vector kernel
     * where the runtime offers it, else the scalar one; {@link TransformKernel#VECTOR} the vector kernel or a failure
     * to create the scene; {@link TransformKernel#SCALAR} the scalar kernel always.
     *
     * @return the requested kernel, never null
     */
    public TransformKernel transformKernel() {
        return values.get(TRANSFORM_KERNEL);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof SceneConfig && values.equals(((SceneConfig) o).values);
    }

    @Override
    public int hashCode() {
        return values.hashCode();
    }

    /**
     * Every effective value with its key on one line, in the form a properties file or {@code -D} accepts, e.g.
     * {@code SceneConfig[flatscene.maxNodes=65536, ..., flatscene.transformKernel=AUTO]}: the scene manager logs it
     * once.
     */
    @Override
    public String toString() {
        return values.toString();
    }

    /**
     * Collects values for a {@link SceneConfig}, starting from the defaults. Setters accept anything; {@link #build()}
     * checks every value, so a builder fed from user input reports the bad value with its key, and then applies the
     * system properties, which win over what the builder holds.
     */
    public static final class Builder {
        private final SettingTable.Values values;

        private Builder() {
            values = SETTINGS.defaults();
        }

        private Builder(SceneConfig c) {
            values = c.values.copy();
        }

        /**
         * Sets {@value SceneConfig#MAX_NODES_KEY}: 1 to {@value SceneConfig#MAX_CAPACITY}.
         *
         * @param maxNodes the number of nodes, 1 to {@value SceneConfig#MAX_CAPACITY}; checked by {@link #build()}
         * @return this builder
         */
        public Builder maxNodes(int maxNodes) {
            return set(MAX_NODES, maxNodes);
        }

        /**
         * Sets {@value SceneConfig#MAX_ITEMS_KEY}: 1 to {@value SceneConfig#MAX_CAPACITY}.
         *
         * @param maxItems the number of items, 1 to {@value SceneConfig#MAX_CAPACITY}; checked by {@link #build()}
         * @return this builder
         */
        public Builder maxItems(int maxItems) {
            return set(MAX_ITEMS, maxItems);
        }

        /**
         * Sets {@value SceneConfig#MAX_LIGHTS_KEY}: 1 to {@value SceneConfig#MAX_CAPACITY}.
         *
         * @param maxLights the number of lights, 1 to {@value SceneConfig#MAX_CAPACITY}; checked by {@link #build()}
         * @return this builder
         */
        public Builder maxLights(int maxLights) {
            return set(MAX_LIGHTS, maxLights);
        }

        /**
         * Sets {@value SceneConfig#MAX_CAMERAS_KEY}: 1 to {@value SceneConfig#MAX_CAPACITY}.
         *
         * @param maxCameras the number of cameras, 1 to {@value SceneConfig#MAX_CAPACITY}; checked by {@link #build()}
         * @return this builder
         */
        public Builder maxCameras(int maxCameras) {
            return set(MAX_CAMERAS, maxCameras);
        }

        /**
         * Sets the given capacity.
         *
         * @param capacity which capacity, not null
         * @param value    its value, 1 to {@value SceneConfig#MAX_CAPACITY}; checked by {@link #build()}
         * @return this builder
         */
        public Builder capacity(SceneCapacity capacity, int value) {
            return set(SETTINGS.setting(capacity.key(), Integer.class), value);
        }

        /**
         * Sets any of the scene's settings, as its typed setter does.
         *
         * @param <T>     the setting's type
         * @param setting one of the scene's settings, e.g. {@link SceneConfig#MAX_NODES}
         * @param value   the value, not null; checked by {@link #build()}
         * @return this builder
         * @throws IllegalArgumentException if the setting is not the scene's
         * @throws NullPointerException     if {@code value} is null
         */
        public <T> Builder set(Setting<T> setting, T value) {
            values.set(setting, value);
            return this;
        }

        /**
         * Sets {@value SceneConfig#GROWTH_POLICY_KEY}.
         *
         * @param growthPolicy the policy, not null
         * @return this builder
         * @throws NullPointerException if {@code growthPolicy} is null
         */
        public Builder growthPolicy(GrowthPolicy growthPolicy) {
            return set(GROWTH_POLICY, Objects.requireNonNull(growthPolicy, "growthPolicy"));
        }

        /**
         * Sets {@value SceneConfig#WORKER_THREADS_KEY}: 1 (the caller's thread) to
         * {@value SceneConfig#MAX_WORKER_THREADS}.
         *
         * @param workerThreads the number of threads, the caller's included; checked by {@link #build()}
         * @return this builder
         */
        public Builder workerThreads(int workerThreads) {
            return set(WORKER_THREADS, workerThreads);
        }

        /**
         * Sets {@value SceneConfig#VALIDATION_KEY}.
         *
         * @param validation whether to check every invariant after every structural change, at O(scene) each
         * @return this builder
         */
        public Builder validation(boolean validation) {
            return set(VALIDATION, validation);
        }

        /**
         * Sets {@value SceneConfig#TRANSFORM_KERNEL_KEY}.
         *
         * @param transformKernel the kernel, not null
         * @return this builder
         * @throws NullPointerException if {@code transformKernel} is null
         */
        public Builder transformKernel(TransformKernel transformKernel) {
            return set(TRANSFORM_KERNEL, Objects.requireNonNull(transformKernel, "transformKernel"));
        }

        /**
         * The configuration: every value the builder holds is checked, then every {@value SceneConfig#KEY_PREFIX}
         * system property is applied over them and wins (each logged once at INFO with the value it replaced).
         *
         * @return a new, immutable configuration; the builder can go on being used, and holds what code set
         * @throws ConfigException naming the first key whose value breaks its rule: one the builder holds (even if a
         *                         system property replaces it: the code is wrong all the same), then one set by a
         *                         system property, or a system property that is no key
         */
        public SceneConfig build() {
            return new SceneConfig(SETTINGS.build(values));
        }
    }
}
