package io.flatscene.core.config;

import io.flatscene.core.container.Capacity;
import io.flatscene.core.container.GrowthPolicy;
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
 * <p>Keys and rules (the documented sample is {@code docs/flatscene.properties}):
 * <table>
 *   <caption>Configuration keys</caption>
 *   <tr><th>key</th><th>default</th><th>rule</th></tr>
 *   <tr><td>{@value #MAX_NODES_KEY}</td><td>{@value #DEFAULT_MAX_NODES}</td><td>1 to {@value #MAX_CAPACITY}</td></tr>
 *   <tr><td>{@value #MAX_ITEMS_KEY}</td><td>{@value #DEFAULT_MAX_ITEMS}</td><td>1 to {@value #MAX_CAPACITY}</td></tr>
 *   <tr><td>{@value #MAX_LIGHTS_KEY}</td><td>{@value #DEFAULT_MAX_LIGHTS}</td><td>1 to {@value #MAX_CAPACITY}</td></tr>
 *   <tr><td>{@value #MAX_CAMERAS_KEY}</td><td>{@value #DEFAULT_MAX_CAMERAS}</td>
 *       <td>1 to {@value #MAX_CAPACITY}</td></tr>
 *   <tr><td>{@value #GROWTH_POLICY_KEY}</td><td>GROW</td><td>GROW, FAIL or ON_DEMAND, any case</td></tr>
 *   <tr><td>{@value #WORKER_THREADS_KEY}</td><td>available processors</td>
 *       <td>1 to {@value #MAX_WORKER_THREADS}</td></tr>
 *   <tr><td>{@value #VALIDATION_KEY}</td><td>{@value #DEFAULT_VALIDATION}</td><td>true or false, any case</td></tr>
 *   <tr><td>{@value #TRANSFORM_KERNEL_KEY}</td><td>AUTO</td><td>AUTO, VECTOR or SCALAR, any case</td></tr>
 * </table>
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
    /** Key of {@link #maxNodes()}. */
    public static final String MAX_NODES_KEY = "flatscene.maxNodes";
    /** Key of {@link #maxItems()}. */
    public static final String MAX_ITEMS_KEY = "flatscene.maxItems";
    /** Key of {@link #maxLights()}. */
    public static final String MAX_LIGHTS_KEY = "flatscene.maxLights";
    /** Key of {@link #maxCameras()}. */
    public static final String MAX_CAMERAS_KEY = "flatscene.maxCameras";
    /** Key of {@link #growthPolicy()}. */
    public static final String GROWTH_POLICY_KEY = "flatscene.growthPolicy";
    /** Key of {@link #workerThreads()}. */
    public static final String WORKER_THREADS_KEY = "flatscene.workerThreads";
    /** Key of {@link #validation()}. */
    public static final String VALIDATION_KEY = "flatscene.validation";
    /** Key of {@link #transformKernel()}. */
    public static final String TRANSFORM_KERNEL_KEY = "flatscene.transformKernel";

    /**
     * The largest capacity: the most slots whose widest array (a world matrix a node) still fits in the largest array
     * a JVM accepts. Growth under GROW stops there too.
     */
    public static final int MAX_CAPACITY = Capacity.MAX_STORE_SIZE;
    /** More worker threads than this is taken for a typo rather than a machine. */
    public static final int MAX_WORKER_THREADS = 1024;

    /** Default {@link #maxNodes()}: room for a large level without the 1M-node stress case's memory. */
    public static final int DEFAULT_MAX_NODES = 65_536;
    /** Default {@link #maxItems()}: one item per node on average. */
    public static final int DEFAULT_MAX_ITEMS = 65_536;
    /** Default {@link #maxLights()}. */
    public static final int DEFAULT_MAX_LIGHTS = 256;
    /** Default {@link #maxCameras()}. */
    public static final int DEFAULT_MAX_CAMERAS = 16;
    /** Default {@link #validation()}: off, because validating after every change costs O(scene) per change. */
    public static final boolean DEFAULT_VALIDATION = false;

    private static final List<String> KEYS = List.of(MAX_NODES_KEY, MAX_ITEMS_KEY, MAX_LIGHTS_KEY, MAX_CAMERAS_KEY,
            GROWTH_POLICY_KEY, WORKER_THREADS_KEY, VALIDATION_KEY, TRANSFORM_KERNEL_KEY);

    private final int maxNodes;
    private final int maxItems;
    private final int maxLights;
    private final int maxCameras;
    private final GrowthPolicy growthPolicy;
    private final int workerThreads;
    private final boolean validation;
    private final TransformKernel transformKernel;

    private SceneConfig(Builder b) {
        this.maxNodes = b.maxNodes;
        this.maxItems = b.maxItems;
        this.maxLights = b.maxLights;
        this.maxCameras = b.maxCameras;
        this.growthPolicy = b.growthPolicy;
        this.workerThreads = b.workerThreads;
        this.validation = b.validation;
        this.transformKernel = b.transformKernel;
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
        return from(ConfigReader.read(propertiesFile), "file " + propertiesFile, new Properties());
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
        List<String> read = ConfigReader.apply(file, key -> !key.startsWith(RENDER_KEY_PREFIX),
                (key, value) -> builder.set(key, value, fileSource));
        LOG.debug("Read scene configuration from {}: {}", fileSource, read);
        List<String> overridden = ConfigReader.apply(overrides, SceneConfig::isSceneKeyShape,
                (key, value) -> builder.set(key, value, "override"));
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
        return KEYS;
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
        return maxNodes;
    }

    /**
     * The number of items the item manager allocates up front.
     *
     * @return 1 to {@link #MAX_CAPACITY}
     */
    public int maxItems() {
        return maxItems;
    }

    /**
     * The number of lights the light manager allocates up front.
     *
     * @return 1 to {@link #MAX_CAPACITY}
     */
    public int maxLights() {
        return maxLights;
    }

    /**
     * The number of cameras the camera manager allocates up front.
     *
     * @return 1 to {@link #MAX_CAPACITY}
     */
    public int maxCameras() {
        return maxCameras;
    }

    /**
     * The given capacity's value; pairs with {@link SceneCapacity#key()} when constructing a container.
     *
     * @param capacity which capacity, not null
     * @return its value, 1 to {@link #MAX_CAPACITY}
     */
    public int capacity(SceneCapacity capacity) {
        switch (capacity) {
            case NODES:
                return maxNodes;
            case ITEMS:
                return maxItems;
            case LIGHTS:
                return maxLights;
            case CAMERAS:
                return maxCameras;
            default:
                throw new AssertionError(capacity);
        }
    }

    /**
     * What a manager does past its capacity: {@link GrowthPolicy#GROW} grows and logs one WARN naming the key to
     * raise; {@link GrowthPolicy#FAIL} throws a {@link io.flatscene.core.container.CapacityExceededException} naming
     * it; {@link GrowthPolicy#ON_DEMAND} grows without the warning.
     *
     * @return the policy, never null
     */
    public GrowthPolicy growthPolicy() {
        return growthPolicy;
    }

    /**
     * Threads for parallel passes (visibility); 1 runs them on the caller's thread.
     *
     * @return 1 to {@link #MAX_WORKER_THREADS}
     */
    public int workerThreads() {
        return workerThreads;
    }

    /**
     * Whether the scene validates every invariant after every structural change (a debugging aid: O(scene) each).
     *
     * @return whether validation is on
     */
    public boolean validation() {
        return validation;
    }

    /**
     * Which kernel the transform pass computes world matrices with: {@link TransformKernel#AUTO} the vector kernel
     * where the runtime offers it, else the scalar one; {@link TransformKernel#VECTOR} the vector kernel or a failure
     * to create the scene; {@link TransformKernel#SCALAR} the scalar kernel always.
     *
     * @return the requested kernel, never null
     */
    public TransformKernel transformKernel() {
        return transformKernel;
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof SceneConfig)) {
            return false;
        }
        SceneConfig other = (SceneConfig) o;
        return maxNodes == other.maxNodes && maxItems == other.maxItems && maxLights == other.maxLights
                && maxCameras == other.maxCameras && growthPolicy == other.growthPolicy
                && workerThreads == other.workerThreads && validation == other.validation
                && transformKernel == other.transformKernel;
    }

    @Override
    public int hashCode() {
        return Objects.hash(maxNodes, maxItems, maxLights, maxCameras, growthPolicy, workerThreads, validation,
                transformKernel);
    }

    /**
     * Every effective value with its key on one line, in the form a properties file or {@code -D} accepts, e.g.
     * {@code SceneConfig[flatscene.maxNodes=65536, ..., flatscene.transformKernel=AUTO]}: the scene manager logs it
     * once.
     */
    @Override
    public String toString() {
        return "SceneConfig[" + MAX_NODES_KEY + "=" + maxNodes + ", " + MAX_ITEMS_KEY + "=" + maxItems + ", "
                + MAX_LIGHTS_KEY + "=" + maxLights + ", " + MAX_CAMERAS_KEY + "=" + maxCameras + ", "
                + GROWTH_POLICY_KEY + "=" + growthPolicy + ", " + WORKER_THREADS_KEY + "=" + workerThreads + ", "
                + VALIDATION_KEY + "=" + validation + ", " + TRANSFORM_KERNEL_KEY + "=" + transformKernel + "]";
    }

    /**
     * Collects values for a {@link SceneConfig}, starting from the defaults. Setters accept anything; {@link #build()}
     * checks every value, so a builder fed from user input reports the bad value with its key, and then applies the
     * system properties, which win over what the builder holds.
     */
    public static final class Builder {
        private static final String CAPACITY_RULE = rangeRule(1, MAX_CAPACITY);
        private static final String WORKER_THREADS_RULE = rangeRule(1, MAX_WORKER_THREADS);
        private static final String GROWTH_POLICY_RULE = enumRule(GrowthPolicy.class);
        private static final String VALIDATION_RULE = "must be true or false (case-insensitive)";
        private static final String TRANSFORM_KERNEL_RULE = enumRule(TransformKernel.class);

        private int maxNodes = DEFAULT_MAX_NODES;
        private int maxItems = DEFAULT_MAX_ITEMS;
        private int maxLights = DEFAULT_MAX_LIGHTS;
        private int maxCameras = DEFAULT_MAX_CAMERAS;
        private GrowthPolicy growthPolicy = GrowthPolicy.GROW;
        private int workerThreads = defaultWorkerThreads();
        private boolean validation = DEFAULT_VALIDATION;
        private TransformKernel transformKernel = TransformKernel.AUTO;

        private Builder() {
        }

        private Builder(SceneConfig c) {
            maxNodes = c.maxNodes;
            maxItems = c.maxItems;
            maxLights = c.maxLights;
            maxCameras = c.maxCameras;
            growthPolicy = c.growthPolicy;
            workerThreads = c.workerThreads;
            validation = c.validation;
            transformKernel = c.transformKernel;
        }

        /**
         * Sets {@value SceneConfig#MAX_NODES_KEY}: 1 to {@value SceneConfig#MAX_CAPACITY}.
         *
         * @param maxNodes the number of nodes, 1 to {@value SceneConfig#MAX_CAPACITY}; checked by {@link #build()}
         * @return this builder
         */
        public Builder maxNodes(int maxNodes) {
            this.maxNodes = maxNodes;
            return this;
        }

        /**
         * Sets {@value SceneConfig#MAX_ITEMS_KEY}: 1 to {@value SceneConfig#MAX_CAPACITY}.
         *
         * @param maxItems the number of items, 1 to {@value SceneConfig#MAX_CAPACITY}; checked by {@link #build()}
         * @return this builder
         */
        public Builder maxItems(int maxItems) {
            this.maxItems = maxItems;
            return this;
        }

        /**
         * Sets {@value SceneConfig#MAX_LIGHTS_KEY}: 1 to {@value SceneConfig#MAX_CAPACITY}.
         *
         * @param maxLights the number of lights, 1 to {@value SceneConfig#MAX_CAPACITY}; checked by {@link #build()}
         * @return this builder
         */
        public Builder maxLights(int maxLights) {
            this.maxLights = maxLights;
            return this;
        }

        /**
         * Sets {@value SceneConfig#MAX_CAMERAS_KEY}: 1 to {@value SceneConfig#MAX_CAPACITY}.
         *
         * @param maxCameras the number of cameras, 1 to {@value SceneConfig#MAX_CAPACITY}; checked by {@link #build()}
         * @return this builder
         */
        public Builder maxCameras(int maxCameras) {
            this.maxCameras = maxCameras;
            return this;
        }

        /**
         * Sets the given capacity.
         *
         * @param capacity which capacity, not null
         * @param value    its value, 1 to {@value SceneConfig#MAX_CAPACITY}; checked by {@link #build()}
         * @return this builder
         */
        public Builder capacity(SceneCapacity capacity, int value) {
            switch (capacity) {
                case NODES:
                    return maxNodes(value);
                case ITEMS:
                    return maxItems(value);
                case LIGHTS:
                    return maxLights(value);
                case CAMERAS:
                    return maxCameras(value);
                default:
                    throw new AssertionError(capacity);
            }
        }

        /**
         * Sets {@value SceneConfig#GROWTH_POLICY_KEY}.
         *
         * @param growthPolicy the policy, not null
         * @return this builder
         * @throws NullPointerException if {@code growthPolicy} is null
         */
        public Builder growthPolicy(GrowthPolicy growthPolicy) {
            this.growthPolicy = Objects.requireNonNull(growthPolicy, "growthPolicy");
            return this;
        }

        /**
         * Sets {@value SceneConfig#WORKER_THREADS_KEY}: 1 (the caller's thread) to
         * {@value SceneConfig#MAX_WORKER_THREADS}.
         *
         * @param workerThreads the number of threads, the caller's included; checked by {@link #build()}
         * @return this builder
         */
        public Builder workerThreads(int workerThreads) {
            this.workerThreads = workerThreads;
            return this;
        }

        /**
         * Sets {@value SceneConfig#VALIDATION_KEY}.
         *
         * @param validation whether to check every invariant after every structural change, at O(scene) each
         * @return this builder
         */
        public Builder validation(boolean validation) {
            this.validation = validation;
            return this;
        }

        /**
         * Sets {@value SceneConfig#TRANSFORM_KERNEL_KEY}.
         *
         * @param transformKernel the kernel, not null
         * @return this builder
         * @throws NullPointerException if {@code transformKernel} is null
         */
        public Builder transformKernel(TransformKernel transformKernel) {
            this.transformKernel = Objects.requireNonNull(transformKernel, "transformKernel");
            return this;
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
            checkRange(MAX_NODES_KEY, maxNodes, 1, MAX_CAPACITY, CAPACITY_RULE);
            checkRange(MAX_ITEMS_KEY, maxItems, 1, MAX_CAPACITY, CAPACITY_RULE);
            checkRange(MAX_LIGHTS_KEY, maxLights, 1, MAX_CAPACITY, CAPACITY_RULE);
            checkRange(MAX_CAMERAS_KEY, maxCameras, 1, MAX_CAPACITY, CAPACITY_RULE);
            checkRange(WORKER_THREADS_KEY, workerThreads, 1, MAX_WORKER_THREADS, WORKER_THREADS_RULE);
            // a copy takes the overrides, so that the next build logs what the code set as the value replaced
            Builder effective = new SceneConfig(this).toBuilder();
            ConfigReader.applySystemProperties(SceneConfig::isSceneKeyShape, effective::get,
                    (key, value) -> effective.set(key, value, ConfigReader.SYSTEM_PROPERTY));
            return new SceneConfig(effective);
        }

        /** The value {@code key} holds, as {@link #set} sets it; null for a key that is not the scene's. */
        private Object get(String key) {
            return switch (key) {
                case MAX_NODES_KEY -> maxNodes;
                case MAX_ITEMS_KEY -> maxItems;
                case MAX_LIGHTS_KEY -> maxLights;
                case MAX_CAMERAS_KEY -> maxCameras;
                case WORKER_THREADS_KEY -> workerThreads;
                case GROWTH_POLICY_KEY -> growthPolicy;
                case VALIDATION_KEY -> validation;
                case TRANSFORM_KERNEL_KEY -> transformKernel;
                default -> null;
            };
        }

        /**
         * Parses one textual value (already trimmed) into this builder; the check of the parsed value against its
         * rule happens here too, so the exception can quote the text as written and say where it came from.
         */
        void set(String key, String value, String source) {
            switch (key) {
                case MAX_NODES_KEY:
                    maxNodes = parseInt(key, value, 1, MAX_CAPACITY, CAPACITY_RULE, source);
                    break;
                case MAX_ITEMS_KEY:
                    maxItems = parseInt(key, value, 1, MAX_CAPACITY, CAPACITY_RULE, source);
                    break;
                case MAX_LIGHTS_KEY:
                    maxLights = parseInt(key, value, 1, MAX_CAPACITY, CAPACITY_RULE, source);
                    break;
                case MAX_CAMERAS_KEY:
                    maxCameras = parseInt(key, value, 1, MAX_CAPACITY, CAPACITY_RULE, source);
                    break;
                case WORKER_THREADS_KEY:
                    workerThreads = parseInt(key, value, 1, MAX_WORKER_THREADS, WORKER_THREADS_RULE, source);
                    break;
                case GROWTH_POLICY_KEY:
                    growthPolicy = parseEnum(GrowthPolicy.class, key, value, GROWTH_POLICY_RULE, source);
                    break;
                case VALIDATION_KEY:
                    validation = parseBoolean(key, value, VALIDATION_RULE, source);
                    break;
                case TRANSFORM_KERNEL_KEY:
                    transformKernel = parseEnum(TransformKernel.class, key, value, TRANSFORM_KERNEL_RULE, source);
                    break;
                default:
                    throw new ConfigException(key, value, ConfigReader.unknownKeyRule(key, KEY_PREFIX, KEYS),
                            source);
            }
        }
    }
}
