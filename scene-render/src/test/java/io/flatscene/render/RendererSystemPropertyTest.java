package io.flatscene.render;

import io.flatscene.core.config.ConfigException;
import io.flatscene.core.config.SettingTable;
import io.flatscene.core.testing.LogLines;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Consumer;
import java.util.stream.Stream;
import org.apache.logging.log4j.Level;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import static io.flatscene.core.testing.ConfigChecks.assertConfigException;
import static io.flatscene.core.testing.ConfigChecks.assertUnknownKey;
import static io.flatscene.core.testing.ConfigChecks.props;
import static io.flatscene.core.testing.ConfigChecks.valueOf;
import static io.flatscene.core.testing.ConfigChecks.withSystemProperty;
import static io.flatscene.core.testing.ConfigChecks.writeProperties;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A {@code -Dflatscene.render.*} system property wins over the default, a file and a value set in code, whichever
 * way the renderer's configuration is built, as the README promises for the draw path; without it each of those
 * stands. A bad or unknown one fails every way of building, naming the property. Every test puts the properties back.
 */
class RendererSystemPropertyTest {
    /**
     * Every key: the value given with {@code -D}, as the configuration then shows it, and another value that code or
     * a file sets (each differing from the other and, but for booleans, from the default).
     */
    static Stream<Arguments> keys() {
        return Stream.of(
                row(RendererConfig.DRAW_PATH_KEY, "instanced", "INSTANCED", "MULTI_DRAW_INDIRECT",
                        b -> b.drawPath(DrawPath.MULTI_DRAW_INDIRECT)),
                row(RendererConfig.MAX_MATERIALS_KEY, " 32 ", "32", "64", b -> b.maxMaterials(64)),
                row(RendererConfig.MAX_LOCAL_LIGHTS_KEY, "0", "0", "4", b -> b.maxLocalLights(4)),
                row(RendererConfig.INITIAL_INSTANCES_KEY, "+100", "100", "200", b -> b.initialInstances(200)),
                row(RendererConfig.DEBUG_OUTPUT_KEY, "TRUE", "true", "false", b -> b.debugOutput(false)),
                row(RendererConfig.GPU_TIMING_KEY, "false", "false", "true", b -> b.gpuTiming(true)),
                row(RendererConfig.RESTORE_GL_STATE_KEY, "true", "true", "false", b -> b.restoreGlState(false)),
                row(RendererConfig.CLEAR_KEY, "depth", "DEPTH", "NONE", b -> b.clear(ClearMode.NONE)));
    }

    private static Arguments row(String key, String property, String shown, String other,
                                 Consumer<RendererConfig.Builder> setOther) {
        return Arguments.of(key, property, shown, other, setOther);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("keys")
    void aSystemPropertyWinsOverTheBuildersCall(String key, String property, String shown, String other,
                                                Consumer<RendererConfig.Builder> setOther) {
        RendererConfig.Builder builder = RendererConfig.builder();
        setOther.accept(builder);
        assertEquals(other, valueOf(builder.build(), key), "without the property, the code's value stands");
        withSystemProperty(key, property, () -> {
            assertEquals(shown, valueOf(builder.build(), key));
            assertEquals(shown, valueOf(builder.build().toBuilder().build(), key), "a derived configuration too");
            assertEquals(shown, valueOf(builder.build().withProperties(props(key, other), "test"), key),
                    "and one with properties applied in code");
        });
        assertEquals(other, valueOf(builder.build(), key), "the builder still holds what the code set");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("keys")
    void aSystemPropertyWinsOverTheFile(String key, String property, String shown, String other,
                                        Consumer<RendererConfig.Builder> setOther, @TempDir Path dir)
            throws IOException {
        Path file = writeProperties(dir, "renderer.properties", key + "=" + other + "\n");
        assertEquals(other, valueOf(RendererConfig.load(file), key), "without the property, the file's value stands");
        withSystemProperty(key, property, () -> {
            assertEquals(shown, valueOf(RendererConfig.load(file), key));
            assertEquals(shown, valueOf(RendererConfig.fromProperties(props(key, other), props(key, other)), key),
                    "over in-memory overrides too");
        });
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("keys")
    void aSystemPropertyWinsOverTheDefault(String key, String property, String shown) {
        String byDefault = valueOf(RendererConfig.defaults(), key);
        withSystemProperty(key, property, () -> {
            assertEquals(shown, valueOf(RendererConfig.defaults(), key));
            assertEquals(shown, valueOf(RendererConfig.builder().build(), key));
        });
        assertEquals(byDefault, valueOf(RendererConfig.defaults(), key), "gone with the property");
    }

    /** What the README says: the property forces the fallback path on a renderer whose code asked for the other. */
    @Test
    void theDrawPathPropertyForcesTheFallbackOverTheCode() {
        RendererConfig coded = RendererConfig.builder().drawPath(DrawPath.MULTI_DRAW_INDIRECT).build();
        withSystemProperty(RendererConfig.DRAW_PATH_KEY, "INSTANCED", () -> {
            try (HeadlessRendering gl = HeadlessRendering.open(8, 8, coded.toBuilder().build())) {
                assertEquals(DrawPath.INSTANCED, gl.renderer.drawPath());
            }
        });
        try (HeadlessRendering gl = HeadlessRendering.open(8, 8, coded)) {
            assertEquals(DrawPath.MULTI_DRAW_INDIRECT, gl.renderer.drawPath(), "built before the property was set");
        }
    }

    @Test
    void anOverrideIsLoggedOnceWithTheValueItReplaced() {
        List<String> logged = LogLines.capture(SettingTable.class.getName(), Level.INFO, () ->
                withSystemProperty(RendererConfig.MAX_MATERIALS_KEY, "77", () -> {
                    RendererConfig.builder().maxMaterials(99).build();
                    RendererConfig.builder().maxMaterials(99).build();
                    RendererConfig.defaults();
                }));
        assertEquals(List.of("-Dflatscene.render.maxMaterials=77 replaces 99: a system property wins over the "
                + "defaults, a configuration file and the code", "-Dflatscene.render.maxMaterials=77 replaces "
                + RendererConfig.DEFAULT_MAX_MATERIALS + ": a system property wins over the defaults, a "
                + "configuration file and the code"), logged);
    }

    static Stream<Arguments> badValues() {
        return Stream.of(
                Arguments.of(RendererConfig.DRAW_PATH_KEY, "sideways",
                        "must be AUTO, MULTI_DRAW_INDIRECT or INSTANCED"),
                Arguments.of(RendererConfig.MAX_MATERIALS_KEY, "1025", "must be an integer between 1 and 1024"),
                Arguments.of(RendererConfig.MAX_LOCAL_LIGHTS_KEY, "-1", "must be an integer between 0 and 64"),
                Arguments.of(RendererConfig.INITIAL_INSTANCES_KEY, "lots", "must be an integer between 1 and 67108864"),
                Arguments.of(RendererConfig.DEBUG_OUTPUT_KEY, "yes", "must be true or false"),
                Arguments.of(RendererConfig.GPU_TIMING_KEY, "off", "must be true or false"),
                Arguments.of(RendererConfig.RESTORE_GL_STATE_KEY, "1", "must be true or false"),
                Arguments.of(RendererConfig.CLEAR_KEY, "color", "must be NONE, DEPTH or COLOR_AND_DEPTH"));
    }

    @ParameterizedTest(name = "{0}={1}")
    @MethodSource("badValues")
    void aBadSystemPropertyFailsEveryWayOfBuildingNamingItself(String key, String value, String rule,
                                                               @TempDir Path dir) throws IOException {
        Path file = writeProperties(dir, "renderer.properties", "# empty\n");
        withSystemProperty(key, value, () -> {
            for (Runnable build : List.<Runnable>of(() -> RendererConfig.builder().build(), RendererConfig::defaults,
                    () -> RendererConfig.load(file))) {
                ConfigException e = assertConfigException(build::run, key, value, rule);
                assertTrue(e.getMessage().endsWith("(from system property)"), e.getMessage());
            }
        });
    }

    @Test
    void aMisspeltSystemPropertyFailsEveryWayOfBuilding() {
        withSystemProperty("flatscene.render.drawpath", "INSTANCED", () -> {
            assertUnknownKey(() -> RendererConfig.builder().build(), "flatscene.render.drawpath", "INSTANCED",
                    "did you mean flatscene.render.drawPath?");
            assertUnknownKey(RendererConfig::defaults, "flatscene.render.drawpath", "INSTANCED",
                    "did you mean flatscene.render.drawPath?");
        });
    }

    /** The scene's keys and other namespaces share the system properties, each read by its own configuration. */
    @Test
    void theScenesPropertiesAreLeftToTheScene() {
        withSystemProperty("flatscene.maxNodes", "nonsense for the scene's reader", () ->
                withSystemProperty("flatscene.test.updateGoldens", "true", () ->
                        assertEquals(5, RendererConfig.builder().maxMaterials(5).build().maxMaterials())));
    }
}
