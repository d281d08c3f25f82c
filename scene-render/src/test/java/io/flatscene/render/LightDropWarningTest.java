package io.flatscene.render;

import io.flatscene.core.scene.Light;
import io.flatscene.core.scene.SceneManager;
import io.flatscene.core.testing.LogLines;
import java.util.List;
import org.apache.logging.log4j.Level;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Lights the renderer drops are named once a renderer, with the setting that draws more: the scene keeps them all,
 * and a frame shades with the first directional light and the nearest {@code maxLocalLights} point and spot lights.
 */
class LightDropWarningTest {
    private static final String LOGGER = "io.flatscene.render.internal.FrameUniforms";

    @Test
    void droppedLightsAreWarnedOfOnceARendererNamingTheSetting() {
        List<String> warnings = capture(() -> {
            try (HeadlessRendering gl = HeadlessRendering.open(32, 24, RendererConfig.builder().maxLocalLights(2)
                    .build())) {
                TestScenes built = TestScenes.cubeGrid(gl.renderer, 32, 24);
                SceneManager scene = built.scene;
                // the grid has one sun and one lamp: two more point lights and a second sun go past what is drawn
                for (int i = 0; i < 2; i++) {
                    scene.rootNode().createChild("extra lamp " + i).setPosition(i, 3f, 0f)
                            .attachObject(scene.createLight("extra lamp " + i, Light.Type.POINT));
                }
                scene.rootNode().createChild("second sun")
                        .attachObject(scene.createLight("second sun", Light.Type.DIRECTIONAL));
                for (int frame = 0; frame < 5; frame++) {
                    gl.renderer.render(scene, built.camera, gl.target);
                }
                scene.close();
            }
        });
        assertEquals(2, warnings.size(), "one line for each kind, however many frames: " + warnings);
        String local = warnings.get(0).contains("point and spot") ? warnings.get(0) : warnings.get(1);
        String directional = warnings.get(0).contains("point and spot") ? warnings.get(1) : warnings.get(0);
        assertTrue(local.contains("3 point and spot lights") && local.contains("the 2 nearest")
                && local.contains(RendererConfig.MAX_LOCAL_LIGHTS_KEY), local);
        assertTrue(directional.contains("2 directional lights") && directional.contains("the first only"),
                directional);
    }

    @Test
    void aSceneWithinTheLimitsIsNotWarnedOf() {
        List<String> warnings = capture(() -> {
            try (HeadlessRendering gl = HeadlessRendering.open(32, 24, RendererConfig.builder().build())) {
                TestScenes built = TestScenes.cubeGrid(gl.renderer, 32, 24);
                for (int frame = 0; frame < 3; frame++) {
                    gl.renderer.render(built.scene, built.camera, gl.target);
                }
                built.scene.close();
            }
        });
        assertTrue(warnings.isEmpty(), warnings.toString());
    }

    /** The WARN lines of the uniform block's logger while {@code body} runs; the test configuration hides them. */
    private static List<String> capture(Runnable body) {
        return LogLines.capture(LOGGER, Level.WARN, body);
    }
}
