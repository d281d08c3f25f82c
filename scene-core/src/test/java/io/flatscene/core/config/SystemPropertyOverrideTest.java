package io.flatscene.core.config;

import io.flatscene.core.container.GrowthPolicy;
import io.flatscene.core.testing.LogLines;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Consumer;
import java.util.stream.Stream;
import org.apache.logging.log4j.Level;
import org.junit.jupiter.api.BeforeEach;
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
 * A {@code -Dflatscene.*} system property wins over the default, a file and a value set in code, whichever way the
 * configuration is built; without it each of those stands. Each override is logged once, with the value it replaced;
 * a bad or unknown one fails every way of building, naming the property. Every test puts the properties back.
 */
class SystemPropertyOverrideTest {
    private static final String LOGGER = SettingTable.class.getName();

    /**
     * Every key: the value given with {@code -D}, as the configuration then shows it, and another value that code or
     * a file sets (each differing from the other and, but for booleans, from the default).
     */
    static Stream<Arguments> keys() {
        return Stream.of(
                row(SceneConfig.MAX_NODES_KEY, "1234", "1234", "777", b -> b.maxNodes(777)),
                row(SceneConfig.MAX_ITEMS_KEY, " 2345 ", "2345", "888", b -> b.maxItems(888)),
                row(SceneConfig.MAX_LIGHTS_KEY, "7", "7", "9", b -> b.maxLights(9)),
                row(SceneConfig.MAX_CAMERAS_KEY, "+3", "3", "5", b -> b.maxCameras(5)),
                row(SceneConfig.GROWTH_POLICY_KEY, "on_demand", "ON_DEMAND", "FAIL",
                        b -> b.growthPolicy(GrowthPolicy.FAIL)),
                row(SceneConfig.WORKER_THREADS_KEY, "1023", "1023", "1022", b -> b.workerThreads(1022)),
                row(SceneConfig.VALIDATION_KEY, "TRUE", "true", "false", b -> b.validation(false)),
                row(SceneConfig.TRANSFORM_KERNEL_KEY, "scalar", "SCALAR", "VECTOR",
                        b -> b.transformKernel(TransformKernel.VECTOR)));
    }

    private static Arguments row(String key, String property, String shown, String other,
                                 Consumer<SceneConfig.Builder> setOther) {
        return Arguments.of(key, property, shown, other, setOther);
    }

    @BeforeEach
    void everyOverrideIsNewToTheLog() {
        SettingTable.LOGGED_OVERRIDES.clear();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("keys")
    void aSystemPropertyWinsOverTheBuildersCall(String key, String property, String shown, String other,
                                                Consumer<SceneConfig.Builder> setOther) {
        SceneConfig.Builder builder = SceneConfig.builder();
        setOther.accept(builder);
        assertEquals(other, valueOf(builder.build(), key), "without the property, the code's value stands");
        List<String> logged = LogLines.capture(LOGGER, Level.INFO, () -> withSystemProperty(key, property, () -> {
            assertEquals(shown, valueOf(builder.build(), key));
            assertEquals(shown, valueOf(builder.build(), key), "built again, from the same builder");
        }));
        assertEquals(List.of("-D" + key + "=" + property.trim() + " replaces " + other + ": a system property wins "
                + "over the defaults, a configuration file and the code"), logged, "said once");
        assertEquals(other, valueOf(builder.build(), key), "the builder still holds what the code set");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("keys")
    void aSystemPropertyWinsOverTheFile(String key, String property, String shown, String other,
                                        Consumer<SceneConfig.Builder> setOther, @TempDir Path dir) throws IOException {
        Path file = writeProperties(dir, "flatscene.properties", key + "=" + other + "\n");
        assertEquals(other, valueOf(SceneConfig.load(file), key), "without the property, the file's value stands");
        List<String> logged = LogLines.capture(LOGGER, Level.INFO, () -> withSystemProperty(key, property, () -> {
            assertEquals(shown, valueOf(SceneConfig.load(file), key));
            assertEquals(shown, valueOf(SceneConfig.fromProperties(props(key, other), props(key, other)), key),
                    "over in-memory overrides too");
        }));
        assertEquals(List.of("-D" + key + "=" + property.trim() + " replaces " + other), logged.stream()
                .map(line -> line.substring(0, line.indexOf(':'))).toList(), "said once");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("keys")
    void aSystemPropertyWinsOverTheDefault(String key, String property, String shown) {
        String byDefault = valueOf(SceneConfig.defaults(), key);
        List<String> logged = LogLines.capture(LOGGER, Level.INFO, () -> withSystemProperty(key, property, () -> {
            assertEquals(shown, valueOf(SceneConfig.defaults(), key));
            assertEquals(shown, valueOf(SceneConfig.builder().build(), key));
        }));
        assertEquals(List.of("-D" + key + "=" + property.trim() + " replaces " + byDefault), logged.stream()
                .map(line -> line.substring(0, line.indexOf(':'))).toList(), "said once");
        assertEquals(byDefault, valueOf(SceneConfig.defaults(), key), "gone with the property");
    }

    @Test
    void overridesOfSeveralKeysApplyTogetherAndLeaveTheOthers() {
        SceneConfig expected = SceneConfig.builder().maxNodes(100).maxItems(50).validation(true).build();
        withSystemProperty(SceneConfig.MAX_NODES_KEY, "100", () -> withSystemProperty(SceneConfig.VALIDATION_KEY,
                "true", () -> assertEquals(expected, SceneConfig.builder().maxNodes(1).maxItems(50).build())));
    }

    static Stream<Arguments> badValues() {
        return Stream.of(
                Arguments.of(SceneConfig.MAX_NODES_KEY, "lots", "must be an integer between 1 and 134217727"),
                Arguments.of(SceneConfig.MAX_ITEMS_KEY, "0", "must be an integer between 1 and 134217727"),
                Arguments.of(SceneConfig.MAX_LIGHTS_KEY, "-1", "must be an integer between 1 and 134217727"),
                Arguments.of(SceneConfig.MAX_CAMERAS_KEY, "1.5", "must be an integer between 1 and 134217727"),
                Arguments.of(SceneConfig.GROWTH_POLICY_KEY, "shrink", "must be GROW, FAIL or ON_DEMAND"),
                Arguments.of(SceneConfig.WORKER_THREADS_KEY, "1025", "must be an integer between 1 and 1024"),
                Arguments.of(SceneConfig.VALIDATION_KEY, "yes", "must be true or false"),
                Arguments.of(SceneConfig.TRANSFORM_KERNEL_KEY, "simd", "must be AUTO, VECTOR or SCALAR"));
    }

    @ParameterizedTest(name = "{0}={1}")
    @MethodSource("badValues")
    void aBadSystemPropertyFailsEveryWayOfBuildingNamingItself(String key, String value, String rule,
                                                               @TempDir Path dir) throws IOException {
        Path file = writeProperties(dir, "flatscene.properties", "# empty\n");
        withSystemProperty(key, value, () -> {
            for (Runnable build : List.<Runnable>of(() -> SceneConfig.builder().build(), SceneConfig::defaults,
                    () -> SceneConfig.load(file))) {
                ConfigException e = assertConfigException(build::run, key, value, rule);
                assertTrue(e.getMessage().endsWith("(from system property)"), e.getMessage());
            }
        });
    }

    @Test
    void aMisspeltSystemPropertyFailsEveryWayOfBuilding() {
        withSystemProperty("flatscene.maxNode", "5", () -> {
            assertUnknownKey(() -> SceneConfig.builder().build(), "flatscene.maxNode", "5",
                    "did you mean flatscene.maxNodes?");
            assertUnknownKey(SceneConfig::defaults, "flatscene.maxNode", "5", "did you mean flatscene.maxNodes?");
        });
    }

    /** Other namespaces share the system properties: the renderer's, and any name with a dot after the prefix. */
    @Test
    void propertiesOfOtherNamespacesAreLeftAlone() {
        withSystemProperty("flatscene.render.drawPath", "sideways", () ->
                withSystemProperty("flatscene.test.updateGoldens", "true", () ->
                        assertEquals(3, SceneConfig.builder().maxNodes(3).build().maxNodes())));
    }

    /** The code's value is wrong whatever overrides it at launch: saying so now beats failing once -D is gone. */
    @Test
    void aBadValueInCodeFailsEvenWhenASystemPropertyReplacesIt() {
        withSystemProperty(SceneConfig.MAX_NODES_KEY, "10", () -> {
            ConfigException e = assertConfigException(() -> SceneConfig.builder().maxNodes(-5).build(),
                    SceneConfig.MAX_NODES_KEY, "-5", "must be an integer between 1 and 134217727");
            assertEquals("flatscene.maxNodes=-5: must be an integer between 1 and 134217727", e.getMessage());
        });
    }
}
