package io.flatscene.render;

import java.util.List;
import java.util.Locale;
import java.util.Properties;
import java.util.TreeSet;

/**
 * Startup settings of a {@link Renderer}. Built in code, or read from {@code flatscene.render.*} properties (system
 * properties override what code set, so a test or a user can force, say, the draw path without a rebuild).
 */
public final class RendererConfig {
    public static final String KEY_PREFIX = "flatscene.render.";
    public static final String DRAW_PATH_KEY = "flatscene.render.drawPath";
    public static final String MAX_MATERIALS_KEY = "flatscene.render.maxMaterials";
    public static final String MAX_LOCAL_LIGHTS_KEY = "flatscene.render.maxLocalLights";
    public static final String INITIAL_INSTANCES_KEY = "flatscene.render.initialInstances";
    public static final String DEBUG_OUTPUT_KEY = "flatscene.render.debugOutput";
    public static final String GPU_TIMING_KEY = "flatscene.render.gpuTiming";
    public static final String RESTORE_GL_STATE_KEY = "flatscene.render.restoreGlState";

    private static final List<String> KEYS = List.of(DRAW_PATH_KEY, MAX_MATERIALS_KEY, MAX_LOCAL_LIGHTS_KEY,
            INITIAL_INSTANCES_KEY, DEBUG_OUTPUT_KEY, GPU_TIMING_KEY, RESTORE_GL_STATE_KEY);
    /** 1024 materials of 32 bytes fill the 32 KiB a uniform block may hold on every driver we target but macOS. */
    public static final int MAX_MATERIALS_LIMIT = 1024;
    public static final int MAX_LOCAL_LIGHTS_LIMIT = 64;

    private final DrawPath drawPath;
    private final int maxMaterials;
    private final int maxLocalLights;
    private final int initialInstances;
    private final boolean debugOutput;
    private final boolean gpuTiming;
    private final boolean restoreGlState;

    private RendererConfig(Builder b) {
        drawPath = b.drawPath;
        maxMaterials = b.maxMaterials;
        maxLocalLights = b.maxLocalLights;
        initialInstances = b.initialInstances;
        debugOutput = b.debugOutput;
        gpuTiming = b.gpuTiming;
        restoreGlState = b.restoreGlState;
    }

    public static RendererConfig defaults() {
        return builder().build();
    }

    public static Builder builder() {
        return new Builder();
    }

    public Builder toBuilder() {
        return new Builder().drawPath(drawPath).maxMaterials(maxMaterials).maxLocalLights(maxLocalLights)
                .initialInstances(initialInstances).debugOutput(debugOutput).gpuTiming(gpuTiming)
                .restoreGlState(restoreGlState);
    }

    /** This configuration with every {@code flatscene.render.*} system property applied over it. */
    public RendererConfig withSystemProperties() {
        return withProperties(System.getProperties(), "system property");
    }

    /**
     * This configuration with every {@code flatscene.render.*} key of {@code properties} applied over it; keys
     * without the prefix belong to someone else and are ignored.
     *
     * @throws IllegalArgumentException naming key, value and rule for an unknown key or a bad value
     */
    public RendererConfig withProperties(Properties properties, String source) {
        Builder builder = toBuilder();
        for (String key : new TreeSet<>(properties.stringPropertyNames())) {
            if (key.startsWith(KEY_PREFIX)) {
                builder.set(key, properties.getProperty(key).trim(), source);
            }
        }
        return builder.build();
    }

    public static List<String> keys() {
        return KEYS;
    }

    public DrawPath drawPath() {
        return drawPath;
    }

    /** Materials the registry can hold; the shader's material array has this size. */
    public int maxMaterials() {
        return maxMaterials;
    }

    /** Point and spot lights shaded per frame, the nearest to the camera; the directional light is extra. */
    public int maxLocalLights() {
        return maxLocalLights;
    }

    /** Instances the buffers hold before their first growth. */
    public int initialInstances() {
        return initialInstances;
    }

    /** Routes KHR_debug output to the log and counts GL errors; create the context with debug on to get them all. */
    public boolean debugOutput() {
        return debugOutput;
    }

    /** Measures each frame's GPU time with timer queries; turn off when the game runs its own GL_TIME_ELAPSED query. */
    public boolean gpuTiming() {
        return gpuTiming;
    }

    /**
     * Saves and restores, around each prepare and draw, the renderer's creation and its close, the GL state it touches,
     * for a context the game owns:
     * program, vertex array, array and indirect buffer bindings, uniform buffer bindings 0 and 1 and the generic
     * one, draw framebuffer, viewport, clear colour and depth, colour and depth masks, depth function, cull face
     * mode and front face, blend functions and equations, and whether depth test, blending, face culling and
     * scissor test are enabled. Costs a few dozen glGet calls a frame. Adding a mesh restores the copy-read and
     * copy-write buffer bindings it uses whatever this setting says.
     */
    public boolean restoreGlState() {
        return restoreGlState;
    }

    @Override
    public String toString() {
        return "RendererConfig[drawPath=" + drawPath + ", maxMaterials=" + maxMaterials + ", maxLocalLights="
                + maxLocalLights + ", initialInstances=" + initialInstances + ", debugOutput=" + debugOutput
                + ", gpuTiming=" + gpuTiming + ", restoreGlState=" + restoreGlState + "]";
    }

    public static final class Builder {
        private DrawPath drawPath = DrawPath.AUTO;
        private int maxMaterials = 256;
        private int maxLocalLights = 8;
        private int initialInstances = 16_384;
        private boolean debugOutput;
        private boolean gpuTiming = true;
        private boolean restoreGlState;

        private Builder() {
        }

        public Builder drawPath(DrawPath drawPath) {
            if (drawPath == null) {
                throw new IllegalArgumentException(DRAW_PATH_KEY + " must not be null");
            }
            this.drawPath = drawPath;
            return this;
        }

        public Builder maxMaterials(int maxMaterials) {
            this.maxMaterials = checkRange(MAX_MATERIALS_KEY, maxMaterials, 1, MAX_MATERIALS_LIMIT);
            return this;
        }

        public Builder maxLocalLights(int maxLocalLights) {
            this.maxLocalLights = checkRange(MAX_LOCAL_LIGHTS_KEY, maxLocalLights, 0, MAX_LOCAL_LIGHTS_LIMIT);
            return this;
        }

        public Builder initialInstances(int initialInstances) {
            this.initialInstances = checkRange(INITIAL_INSTANCES_KEY, initialInstances, 1, 1 << 26);
            return this;
        }

        public Builder debugOutput(boolean debugOutput) {
            this.debugOutput = debugOutput;
            return this;
        }

        public Builder gpuTiming(boolean gpuTiming) {
            this.gpuTiming = gpuTiming;
            return this;
        }

        public Builder restoreGlState(boolean restoreGlState) {
            this.restoreGlState = restoreGlState;
            return this;
        }

        public RendererConfig build() {
            return new RendererConfig(this);
        }

        private static int checkRange(String key, int value, int min, int max) {
            if (value < min || value > max) {
                throw new IllegalArgumentException(key + "=" + value + ": must be between " + min + " and " + max);
            }
            return value;
        }

        void set(String key, String value, String source) {
            try {
                switch (key) {
                    case DRAW_PATH_KEY -> drawPath(parseDrawPath(value));
                    case MAX_MATERIALS_KEY -> maxMaterials(parseInt(key, value));
                    case MAX_LOCAL_LIGHTS_KEY -> maxLocalLights(parseInt(key, value));
                    case INITIAL_INSTANCES_KEY -> initialInstances(parseInt(key, value));
                    case DEBUG_OUTPUT_KEY -> debugOutput(parseBoolean(key, value));
                    case GPU_TIMING_KEY -> gpuTiming(parseBoolean(key, value));
                    case RESTORE_GL_STATE_KEY -> restoreGlState(parseBoolean(key, value));
                    default -> throw new IllegalArgumentException(key + "=" + value + ": unknown key, known keys are "
                            + KEYS);
                }
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException(e.getMessage() + " (from " + source + ")", e);
            }
        }

        private static DrawPath parseDrawPath(String value) {
            try {
                return DrawPath.valueOf(value.toUpperCase(Locale.ROOT));
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException(DRAW_PATH_KEY + "=" + value + ": must be one of "
                        + List.of(DrawPath.values()), e);
            }
        }

        private static int parseInt(String key, String value) {
            try {
                return Integer.parseInt(value);
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException(key + "=" + value + ": must be an integer", e);
            }
        }

        private static boolean parseBoolean(String key, String value) {
            if (value.equalsIgnoreCase("true") || value.equalsIgnoreCase("false")) {
                return Boolean.parseBoolean(value);
            }
            throw new IllegalArgumentException(key + "=" + value + ": must be true or false");
        }
    }
}
