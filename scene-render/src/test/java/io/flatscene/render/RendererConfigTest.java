package io.flatscene.render;

import java.util.Properties;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class RendererConfigTest {
    private static Properties properties(String... keyValues) {
        Properties properties = new Properties();
        for (int i = 0; i < keyValues.length; i += 2) {
            properties.setProperty(keyValues[i], keyValues[i + 1]);
        }
        return properties;
    }

    @Test
    void propertiesOverrideWhatCodeSetAndIgnoreOtherPrefixes() {
        RendererConfig config = RendererConfig.builder().maxMaterials(16).build().withProperties(properties(
                RendererConfig.DRAW_PATH_KEY, "instanced", RendererConfig.MAX_LOCAL_LIGHTS_KEY, " 4 ",
                RendererConfig.GPU_TIMING_KEY, "FALSE", "flatscene.maxNodes", "nonsense for another reader"), "test");
        assertEquals(DrawPath.INSTANCED, config.drawPath());
        assertEquals(4, config.maxLocalLights());
        assertEquals(16, config.maxMaterials());
        assertEquals(false, config.gpuTiming());
    }

    @Test
    void badValuesNameKeyValueRuleAndSource() {
        assertMessage(RendererConfig.DRAW_PATH_KEY, "sideways",
                "flatscene.render.drawPath=sideways: must be one of [AUTO, MULTI_DRAW_INDIRECT, INSTANCED] "
                        + "(from test)");
        assertMessage(RendererConfig.MAX_MATERIALS_KEY, "0",
                "flatscene.render.maxMaterials=0: must be between 1 and 1024 (from test)");
        assertMessage(RendererConfig.MAX_LOCAL_LIGHTS_KEY, "many",
                "flatscene.render.maxLocalLights=many: must be an integer (from test)");
        assertMessage(RendererConfig.DEBUG_OUTPUT_KEY, "yes",
                "flatscene.render.debugOutput=yes: must be true or false (from test)");
        assertMessage("flatscene.render.drawpath", "AUTO", "flatscene.render.drawpath=AUTO: unknown key");
    }

    private static void assertMessage(String key, String value, String expected) {
        IllegalArgumentException thrown = assertThrows(IllegalArgumentException.class,
                () -> RendererConfig.defaults().withProperties(properties(key, value), "test"));
        assertTrue(thrown.getMessage().startsWith(expected), thrown.getMessage());
    }

    @Test
    void aForcedPathIsTheOneUsed() {
        try (HeadlessRendering gl = HeadlessRendering.open(8, 8, RendererConfig.defaults().withProperties(
                properties(RendererConfig.DRAW_PATH_KEY, "INSTANCED"), "test"))) {
            assertEquals(DrawPath.INSTANCED, gl.renderer.drawPath());
        }
        try (HeadlessRendering gl = HeadlessRendering.open(8, 8, RendererConfig.defaults())) {
            assertEquals(DrawPath.MULTI_DRAW_INDIRECT, gl.renderer.drawPath(), "llvmpipe offers GL 4.5");
        }
    }
}
