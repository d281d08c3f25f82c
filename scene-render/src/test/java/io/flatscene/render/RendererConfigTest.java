package io.flatscene.render;

import io.flatscene.core.config.ConfigException;
import io.flatscene.core.config.SceneConfig;
import io.flatscene.core.config.Setting;
import io.flatscene.core.testing.SampleFileCheck;
import java.io.IOException;
import java.io.StringReader;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Properties;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

import static io.flatscene.core.testing.ConfigChecks.assertConfigException;
import static io.flatscene.core.testing.ConfigChecks.assertUnknownKey;
import static io.flatscene.core.testing.ConfigChecks.props;
import static io.flatscene.core.testing.ConfigChecks.writeProperties;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class RendererConfigTest {
    private static final String MATERIALS_RULE = "must be an integer between 1 and 1024";
    private static final String LIGHTS_RULE = "must be an integer between 0 and 64";
    private static final String INSTANCES_RULE = "must be an integer between 1 and 67108864";
    private static final String DRAW_PATH_RULE = "must be AUTO, MULTI_DRAW_INDIRECT or INSTANCED";
    private static final String BOOLEAN_RULE = "must be true or false";
    private static final String CLEAR_RULE = "must be NONE, DEPTH or COLOR_AND_DEPTH (case-insensitive)";

    // ---- defaults, builder, value semantics ----

    @Test
    void defaultsAreUnchanged() {
        RendererConfig config = RendererConfig.defaults();
        assertSame(DrawPath.AUTO, config.drawPath());
        assertEquals(256, config.maxMaterials());
        assertEquals(8, config.maxLocalLights());
        assertEquals(16_384, config.initialInstances());
        assertFalse(config.debugOutput());
        assertTrue(config.gpuTiming());
        assertFalse(config.restoreGlState());
        assertSame(ClearMode.COLOR_AND_DEPTH, config.clear());
        assertEquals(config, RendererConfig.builder().build());
        assertEquals(config.hashCode(), RendererConfig.builder().build().hashCode());
    }

    @Test
    void builderSetsEveryValue() {
        RendererConfig config = RendererConfig.builder().drawPath(DrawPath.INSTANCED).maxMaterials(16)
                .maxLocalLights(0).initialInstances(64).debugOutput(true).gpuTiming(false).restoreGlState(true)
                .clear(ClearMode.DEPTH).build();
        assertSame(DrawPath.INSTANCED, config.drawPath());
        assertEquals(16, config.maxMaterials());
        assertEquals(0, config.maxLocalLights());
        assertEquals(64, config.initialInstances());
        assertTrue(config.debugOutput());
        assertFalse(config.gpuTiming());
        assertTrue(config.restoreGlState());
        assertSame(ClearMode.DEPTH, config.clear());
        assertEquals(config, config.toBuilder().build());
        assertEquals(config.hashCode(), config.toBuilder().build().hashCode());
        assertNotEquals(config, config.toBuilder().restoreGlState(false).build());
        assertNotEquals(config, config.toBuilder().drawPath(DrawPath.MULTI_DRAW_INDIRECT).build());
        assertNotEquals(config, config.toBuilder().clear(ClearMode.NONE).build());
        assertNotEquals(config.hashCode(), config.toBuilder().clear(ClearMode.NONE).build().hashCode());
        assertNotEquals(RendererConfig.defaults(), config);
        assertNotEquals(config, null);
    }

    @Test
    void builderAcceptsTheBounds() {
        RendererConfig low = RendererConfig.builder().maxMaterials(1).maxLocalLights(0).initialInstances(1).build();
        assertEquals(1, low.maxMaterials());
        assertEquals(0, low.maxLocalLights());
        assertEquals(1, low.initialInstances());
        RendererConfig high = RendererConfig.builder().maxMaterials(RendererConfig.MAX_MATERIALS_LIMIT)
                .maxLocalLights(RendererConfig.MAX_LOCAL_LIGHTS_LIMIT)
                .initialInstances(RendererConfig.INITIAL_INSTANCES_LIMIT).build();
        assertEquals(1024, high.maxMaterials());
        assertEquals(64, high.maxLocalLights());
        assertEquals(1 << 26, high.initialInstances());
    }

    @Test
    void builderRejectsBadValuesAtBuild() {
        assertConfigException(() -> RendererConfig.builder().maxMaterials(0).build(),
                RendererConfig.MAX_MATERIALS_KEY, "0", MATERIALS_RULE);
        assertConfigException(() -> RendererConfig.builder().maxMaterials(1025).build(),
                RendererConfig.MAX_MATERIALS_KEY, "1025", MATERIALS_RULE);
        assertConfigException(() -> RendererConfig.builder().maxLocalLights(-1).build(),
                RendererConfig.MAX_LOCAL_LIGHTS_KEY, "-1", LIGHTS_RULE);
        assertConfigException(() -> RendererConfig.builder().maxLocalLights(65).build(),
                RendererConfig.MAX_LOCAL_LIGHTS_KEY, "65", LIGHTS_RULE);
        assertConfigException(() -> RendererConfig.builder().initialInstances(0).build(),
                RendererConfig.INITIAL_INSTANCES_KEY, "0", INSTANCES_RULE);
        assertConfigException(() -> RendererConfig.builder().initialInstances(Integer.MAX_VALUE).build(),
                RendererConfig.INITIAL_INSTANCES_KEY, "2147483647", INSTANCES_RULE);
        assertThrows(NullPointerException.class, () -> RendererConfig.builder().drawPath(null));
        NullPointerException e = assertThrows(NullPointerException.class, () -> RendererConfig.builder().clear(null));
        assertEquals("clear", e.getMessage());
    }

    @Test
    void builderExceptionCarriesNoSourceAndIsAnIllegalArgument() {
        ConfigException e = assertThrows(ConfigException.class,
                () -> RendererConfig.builder().maxMaterials(0).build());
        assertEquals("flatscene.render.maxMaterials=0: must be an integer between 1 and 1024", e.getMessage());
        assertTrue(e instanceof IllegalArgumentException, "callers catching IllegalArgumentException still do");
    }

    @Test
    void keysAreTheDocumentedEight() {
        assertEquals(List.of("flatscene.render.drawPath", "flatscene.render.maxMaterials",
                "flatscene.render.maxLocalLights", "flatscene.render.initialInstances",
                "flatscene.render.debugOutput", "flatscene.render.gpuTiming", "flatscene.render.restoreGlState",
                "flatscene.render.clear"), RendererConfig.keys());
        for (String key : RendererConfig.keys()) {
            assertTrue(key.startsWith(RendererConfig.KEY_PREFIX), key);
        }
    }

    @Test
    void everySettingIsReachedByItsDeclarationAsByItsAccessors() {
        RendererConfig config = RendererConfig.builder().set(RendererConfig.DRAW_PATH, DrawPath.INSTANCED)
                .set(RendererConfig.MAX_MATERIALS, 3).set(RendererConfig.MAX_LOCAL_LIGHTS, 0)
                .set(RendererConfig.INITIAL_INSTANCES, 5).set(RendererConfig.DEBUG_OUTPUT, true)
                .set(RendererConfig.GPU_TIMING, false).set(RendererConfig.RESTORE_GL_STATE, true)
                .set(RendererConfig.CLEAR, ClearMode.NONE).build();
        assertEquals(RendererConfig.builder().drawPath(DrawPath.INSTANCED).maxMaterials(3).maxLocalLights(0)
                .initialInstances(5).debugOutput(true).gpuTiming(false).restoreGlState(true).clear(ClearMode.NONE)
                .build(), config);
        assertSame(config.drawPath(), config.get(RendererConfig.DRAW_PATH));
        assertEquals(config.maxLocalLights(), config.get(RendererConfig.MAX_LOCAL_LIGHTS));
        assertEquals(RendererConfig.keys(), RendererConfig.settings().stream().map(Setting::key).toList());
        assertThrows(IllegalArgumentException.class, () -> config.get(SceneConfig.MAX_NODES));
        assertThrows(IllegalArgumentException.class, () -> RendererConfig.builder().set(SceneConfig.VALIDATION, true));
        assertConfigException(() -> RendererConfig.builder().set(RendererConfig.MAX_LOCAL_LIGHTS, 65).build(),
                RendererConfig.MAX_LOCAL_LIGHTS_KEY, "65", LIGHTS_RULE);
    }

    @Test
    void toStringGivesEveryEffectiveValueWithItsKeyOnOneLine() {
        RendererConfig config = RendererConfig.builder().drawPath(DrawPath.INSTANCED).maxMaterials(16)
                .maxLocalLights(4).initialInstances(100).debugOutput(true).gpuTiming(false).build();
        assertEquals("RendererConfig[flatscene.render.drawPath=INSTANCED, flatscene.render.maxMaterials=16, "
                + "flatscene.render.maxLocalLights=4, flatscene.render.initialInstances=100, "
                + "flatscene.render.debugOutput=true, flatscene.render.gpuTiming=false, "
                + "flatscene.render.restoreGlState=false, flatscene.render.clear=COLOR_AND_DEPTH]",
                config.toString());
    }

    @Test
    void toStringReadsBackAsProperties() throws IOException {
        RendererConfig config = RendererConfig.builder().drawPath(DrawPath.MULTI_DRAW_INDIRECT).maxMaterials(3)
                .maxLocalLights(64).initialInstances(7).restoreGlState(true).clear(ClearMode.NONE).build();
        String text = config.toString();
        Properties read = new Properties();
        read.load(new StringReader(text.substring("RendererConfig[".length(), text.length() - 1)
                .replace(", ", "\n")));
        assertEquals(config, RendererConfig.fromProperties(read, new Properties()));
    }

    // ---- properties: file, overrides ----

    @Test
    void loadsAFile(@TempDir Path dir) throws IOException {
        Path file = write(dir, "# every key, in a variety of spellings\n"
                + "flatscene.render.drawPath=instanced\n"
                + "flatscene.render.maxMaterials = 32   \n"
                + "flatscene.render.maxLocalLights=\t2\t\n"
                + "flatscene.render.initialInstances=+500\n"
                + "flatscene.render.debugOutput=TRUE\n"
                + "flatscene.render.gpuTiming=False\n"
                + "flatscene.render.restoreGlState=true\n"
                + "flatscene.render.clear=depth\n");
        assertEquals(RendererConfig.builder().drawPath(DrawPath.INSTANCED).maxMaterials(32).maxLocalLights(2)
                .initialInstances(500).debugOutput(true).gpuTiming(false).restoreGlState(true)
                .clear(ClearMode.DEPTH).build(),
                RendererConfig.load(file));
    }

    /** One file configures scene and renderer: each reads its own keys and leaves the other's to it. */
    @Test
    void theSampleFileConfiguresSceneAndRendererToTheirDefaults() throws IOException {
        Path sample = Path.of("../docs/flatscene.properties");
        assertEquals(RendererConfig.defaults(), RendererConfig.load(sample));
        assertEquals(SceneConfig.defaults(), SceneConfig.load(sample));
        String text = Files.readString(sample);
        for (String key : RendererConfig.keys()) {
            assertTrue(text.contains("\n" + key + "="), key + " is not documented in the sample");
        }
    }

    @Test
    void theSampleFileDocumentsEveryRendererSettingAsDeclared() throws IOException {
        SampleFileCheck.assertDocuments(SampleFileCheck.SAMPLE, RendererConfig.settings(),
                key -> key.startsWith(RendererConfig.KEY_PREFIX));
    }

    @Test
    void theScenesKeysInTheFileAreLeftToTheScene(@TempDir Path dir) throws IOException {
        Path file = write(dir, "flatscene.maxNodes=5\nflatscene.render.maxMaterials=12\n");
        assertEquals(RendererConfig.builder().maxMaterials(12).build(), RendererConfig.load(file));
        ConfigException e = assertThrows(ConfigException.class,
                () -> RendererConfig.load(write(dir, "flatscene.maxNode=5\n")));
        assertEquals("flatscene.maxNode", e.key(), "a key that is no one's is refused");
    }

    @Test
    void anEmptyFileGivesTheDefaults(@TempDir Path dir) throws IOException {
        assertEquals(RendererConfig.defaults(), RendererConfig.load(write(dir, "# nothing set\n")));
    }

    @Test
    void overridesWinOverTheFile() {
        Properties file = props(RendererConfig.DRAW_PATH_KEY, "INSTANCED", RendererConfig.MAX_MATERIALS_KEY, "16",
                RendererConfig.GPU_TIMING_KEY, "true");
        Properties overrides = props(RendererConfig.DRAW_PATH_KEY, "auto", RendererConfig.GPU_TIMING_KEY, "false",
                RendererConfig.DEBUG_OUTPUT_KEY, "true");
        RendererConfig config = RendererConfig.fromProperties(file, overrides);
        assertSame(DrawPath.AUTO, config.drawPath());
        assertEquals(16, config.maxMaterials());
        assertFalse(config.gpuTiming());
        assertTrue(config.debugOutput());
        assertEquals(RendererConfig.DEFAULT_MAX_LOCAL_LIGHTS, config.maxLocalLights());
    }

    @Test
    void aBadFileValueNamesTheFile(@TempDir Path dir) throws IOException {
        Path file = write(dir, "flatscene.render.maxMaterials=2000\n");
        ConfigException e = assertConfigException(() -> RendererConfig.load(file),
                RendererConfig.MAX_MATERIALS_KEY, "2000", MATERIALS_RULE);
        assertTrue(e.getMessage().endsWith("(from file " + file + ")"), e.getMessage());
    }

    @Test
    void aBadFileValueFailsEvenWhenOverridden() {
        // the file is wrong whatever overrides it today; saying so now beats failing once the override is dropped
        assertConfigException(() -> RendererConfig.fromProperties(props(RendererConfig.MAX_MATERIALS_KEY, "0"),
                props(RendererConfig.MAX_MATERIALS_KEY, "10")), RendererConfig.MAX_MATERIALS_KEY, "0",
                MATERIALS_RULE);
    }

    @Test
    void overridesReadOnlyRendererKeys() {
        Properties overrides = props("java.version", "17", "maxMaterials", "-1", "flatscene.maxNodes", "nonsense",
                "flatscene.renderer.drawPath", "sideways", RendererConfig.MAX_MATERIALS_KEY, "2");
        assertEquals(RendererConfig.defaults().toBuilder().maxMaterials(2).build(),
                RendererConfig.fromProperties(new Properties(), overrides));
    }

    @Test
    void theSceneAndTheRendererShareTheSystemPropertiesEachReadingItsOwn() {
        Properties shared = props(SceneConfig.MAX_NODES_KEY, "1000", RendererConfig.DRAW_PATH_KEY, "INSTANCED",
                RendererConfig.MAX_LOCAL_LIGHTS_KEY, "3");
        assertEquals(1000, SceneConfig.fromProperties(new Properties(), shared).maxNodes());
        RendererConfig config = RendererConfig.fromProperties(new Properties(), shared);
        assertSame(DrawPath.INSTANCED, config.drawPath());
        assertEquals(3, config.maxLocalLights());
    }

    @Test
    void withPropertiesKeepsWhatCodeSetAndNamesTheSource() {
        RendererConfig config = RendererConfig.builder().maxMaterials(16).build().withProperties(props(
                RendererConfig.DRAW_PATH_KEY, "instanced", RendererConfig.MAX_LOCAL_LIGHTS_KEY, " 4 ",
                RendererConfig.GPU_TIMING_KEY, "FALSE", "flatscene.maxNodes", "nonsense for another reader"), "test");
        assertEquals(RendererConfig.builder().drawPath(DrawPath.INSTANCED).maxMaterials(16).maxLocalLights(4)
                .gpuTiming(false).build(), config);
        ConfigException e = assertConfigException(() -> RendererConfig.defaults().withProperties(
                props(RendererConfig.DEBUG_OUTPUT_KEY, "yes"), "test"), RendererConfig.DEBUG_OUTPUT_KEY, "yes",
                BOOLEAN_RULE);
        assertEquals("flatscene.render.debugOutput=yes: must be true or false (case-insensitive) (from test)",
                e.getMessage());
    }

    // ---- bad values ----

    static Stream<Arguments> badValues() {
        return Stream.of(
                Arguments.of(RendererConfig.DRAW_PATH_KEY, "sideways", DRAW_PATH_RULE),
                Arguments.of(RendererConfig.DRAW_PATH_KEY, "", DRAW_PATH_RULE),
                Arguments.of(RendererConfig.DRAW_PATH_KEY, "MULTI DRAW INDIRECT", DRAW_PATH_RULE),
                Arguments.of(RendererConfig.DRAW_PATH_KEY, "0", DRAW_PATH_RULE),
                Arguments.of(RendererConfig.MAX_MATERIALS_KEY, "0", MATERIALS_RULE),
                Arguments.of(RendererConfig.MAX_MATERIALS_KEY, "1025", MATERIALS_RULE),
                Arguments.of(RendererConfig.MAX_MATERIALS_KEY, "many", MATERIALS_RULE),
                Arguments.of(RendererConfig.MAX_MATERIALS_KEY, "2.5", MATERIALS_RULE),
                Arguments.of(RendererConfig.MAX_MATERIALS_KEY, "99999999999999999999", MATERIALS_RULE),
                Arguments.of(RendererConfig.MAX_LOCAL_LIGHTS_KEY, "-1", LIGHTS_RULE),
                Arguments.of(RendererConfig.MAX_LOCAL_LIGHTS_KEY, "65", LIGHTS_RULE),
                Arguments.of(RendererConfig.MAX_LOCAL_LIGHTS_KEY, "", LIGHTS_RULE),
                Arguments.of(RendererConfig.INITIAL_INSTANCES_KEY, "0", INSTANCES_RULE),
                Arguments.of(RendererConfig.INITIAL_INSTANCES_KEY, "67108865", INSTANCES_RULE),
                Arguments.of(RendererConfig.INITIAL_INSTANCES_KEY, "0x100", INSTANCES_RULE),
                Arguments.of(RendererConfig.INITIAL_INSTANCES_KEY, "16 384", INSTANCES_RULE),
                Arguments.of(RendererConfig.DEBUG_OUTPUT_KEY, "yes", BOOLEAN_RULE),
                Arguments.of(RendererConfig.DEBUG_OUTPUT_KEY, "1", BOOLEAN_RULE),
                Arguments.of(RendererConfig.GPU_TIMING_KEY, "off", BOOLEAN_RULE),
                Arguments.of(RendererConfig.GPU_TIMING_KEY, "", BOOLEAN_RULE),
                Arguments.of(RendererConfig.RESTORE_GL_STATE_KEY, "truee", BOOLEAN_RULE),
                Arguments.of(RendererConfig.CLEAR_KEY, "COLOR", CLEAR_RULE),
                Arguments.of(RendererConfig.CLEAR_KEY, "false", CLEAR_RULE),
                Arguments.of(RendererConfig.CLEAR_KEY, "", CLEAR_RULE));
    }

    @ParameterizedTest(name = "{0}={1}")
    @MethodSource("badValues")
    void aBadValueInTheFileIsNamed(String key, String value, String rule) {
        assertConfigException(() -> RendererConfig.fromProperties(props(key, value), new Properties()),
                key, value, rule);
    }

    @ParameterizedTest(name = "{0}={1}")
    @MethodSource("badValues")
    void aBadValueInTheOverridesIsNamed(String key, String value, String rule) {
        ConfigException e = assertConfigException(() -> RendererConfig.fromProperties(new Properties(),
                props(key, value)), key, value, rule);
        assertTrue(e.getMessage().endsWith("(from override)"), e.getMessage());
    }

    @ParameterizedTest
    @ValueSource(strings = {"AUTO", "auto", "Multi_Draw_Indirect", " instanced "})
    void drawPathsAreCaseInsensitive(String value) {
        assertSame(DrawPath.valueOf(value.trim().toUpperCase(Locale.ROOT)),
                RendererConfig.fromProperties(props(RendererConfig.DRAW_PATH_KEY, value), new Properties())
                        .drawPath());
    }

    // ---- unknown keys ----

    @Test
    void anUnknownRendererKeyIsRejectedWithASuggestion() {
        assertUnknown(new Properties(), props("flatscene.render.drawpath", "AUTO"), "flatscene.render.drawpath",
                "AUTO", "did you mean flatscene.render.drawPath?");
        assertUnknown(new Properties(), props("flatscene.render.maxLocalLight", "4"), "flatscene.render.maxLocalLight",
                "4", "did you mean flatscene.render.maxLocalLights?");
        assertUnknown(props("gpuTiming", "false"), new Properties(), "gpuTiming", "false",
                "did you mean flatscene.render.gpuTiming?");
        assertUnknown(props("flatscene.render.debugOuput", "true"), new Properties(), "flatscene.render.debugOuput",
                "true", "did you mean flatscene.render.debugOutput?");
    }

    @Test
    void anUnknownRendererKeyFarFromAnyListsTheKnownKeys() {
        ConfigException e = assertUnknown(new Properties(), props("flatscene.render.shadowMapSize", "2048"),
                "flatscene.render.shadowMapSize", "2048", "known keys are");
        for (String key : RendererConfig.keys()) {
            assertTrue(e.getMessage().contains(key), e.getMessage());
        }
        assertUnknown(props("flatscene.render.vsync", "true"), new Properties(), "flatscene.render.vsync", "true",
                "known keys are");
    }

    // ---- the file itself ----

    @Test
    void aMissingFileNamesThePathAndCause(@TempDir Path dir) {
        Path missing = dir.resolve("absent.properties");
        ConfigException e = assertThrows(ConfigException.class, () -> RendererConfig.load(missing));
        assertNull(e.key());
        assertEquals(missing.toString(), e.value());
        assertTrue(e.getCause() instanceof NoSuchFileException);
        assertTrue(e.getMessage().contains(missing.toString()), e.getMessage());
    }

    @Test
    void aMalformedFileNamesThePath(@TempDir Path dir) throws IOException {
        Path file = write(dir, "flatscene.render.maxMaterials=\\uZZZZ\n");
        ConfigException e = assertThrows(ConfigException.class, () -> RendererConfig.load(file));
        assertEquals(file.toString(), e.value());
        assertTrue(e.getMessage().contains(file.toString()), e.getMessage());
    }

    // ---- the renderer ----

    @Test
    void aForcedPathIsTheOneUsed() {
        try (HeadlessRendering gl = HeadlessRendering.open(8, 8, RendererConfig.defaults().withProperties(
                props(RendererConfig.DRAW_PATH_KEY, "INSTANCED"), "test"))) {
            assertEquals(DrawPath.INSTANCED, gl.renderer.drawPath());
        }
        try (HeadlessRendering gl = HeadlessRendering.open(8, 8, RendererConfig.defaults())) {
            assertEquals(DrawPath.MULTI_DRAW_INDIRECT, gl.renderer.drawPath(), "llvmpipe offers GL 4.5");
        }
    }

    // ---- helpers ----

    private static ConfigException assertUnknown(Properties file, Properties overrides, String key, String value,
                                                 String hint) {
        return assertUnknownKey(() -> RendererConfig.fromProperties(file, overrides), key, value, hint);
    }

    private static Path write(Path dir, String text) throws IOException {
        return writeProperties(dir, "renderer.properties", text);
    }
}
