package io.flatscene.samples.readme;

import io.flatscene.core.config.SceneConfig;
import io.flatscene.render.Renderer;
import io.flatscene.render.RendererConfig;
import io.flatscene.render.context.HeadlessContext;
import io.flatscene.render.image.Image;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The README's code runs as written: each program ends without an exception and does what the README says. */
class ReadmeProgramsTest {
    @Test
    void theFirstSceneRuns() {
        FirstScene.main(new String[0]);
    }

    @Test
    void theGameDataLinesRunAndLeaveAValidScene() {
        GameData.main(new String[0]);
    }

    @Test
    void aSceneSavedByNameLoadsThroughTheRegistries(@TempDir Path dir) throws IOException {
        try (HeadlessContext context = HeadlessContext.create();
             Renderer renderer = new Renderer(RendererConfig.defaults())) {
            assertTrue(context.description().length() > 0);
            assertEquals(2, SaveAndLoad.saveAndLoad(renderer, SceneConfig.defaults(), dir.resolve("level1.fscene")),
                    "the root and the crate");
        }
    }

    @Test
    void theRenderProgramDrawsTheRedCube() throws IOException {
        Path shot = Path.of("target/shot.png");
        Files.deleteIfExists(shot);
        RenderToImage.main(new String[0]);
        Image image = Image.readPng(shot);
        int centre = image.rgba(image.width() / 2, image.height() / 2);
        int red = centre >>> 24;
        int green = (centre >>> 16) & 0xff;
        assertTrue(red > 2 * green && red > 64, "the lit red cube in the middle: " + Integer.toHexString(centre));
    }
}
