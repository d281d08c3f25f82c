package io.flatscene.samples.embedding;

import io.flatscene.render.testing.Display;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * The embedding example runs as a game would, in its own window: it needs a display (CI gives it Xvfb). Reading its
 * command line does not.
 */
class EmbeddedGameExampleTest {
    @Test
    void theGameRunsItsOwnLoopWithFlatSceneDrawing() throws Exception {
        assumeTrue(Display.present(), Display.ABSENT);
        String classPath = System.getProperty("jdk.module.path", "") + File.pathSeparator
                + System.getProperty("java.class.path");
        Path output = Files.createTempFile("game", ".out");
        Process game = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-cp",
                classPath, EmbeddedGameExample.class.getName(), "--frames", "30")
                .redirectError(ProcessBuilder.Redirect.DISCARD).redirectOutput(output.toFile()).start();
        boolean ended = game.waitFor(2, TimeUnit.MINUTES);
        if (!ended) {
            game.destroyForcibly();
        }
        String out = Files.readString(output);
        Files.delete(output);
        assertTrue(ended, "the game did not end");
        assertEquals(0, game.exitValue(), out);
        Matcher over = Pattern.compile("game over: (\\d+) nodes, (\\d+) items drawn last frame").matcher(out);
        assertTrue(over.find(), out);
        assertEquals(125, Integer.parseInt(over.group(1)), "root, 120 crates, sun, ship, its hull and camera");
        assertTrue(Integer.parseInt(over.group(2)) > 10, out);
    }

    /** SamplesMisuseTest runs the command lines a user may type; a program calling main may pass null too. */
    @Test
    void aCommandLineHoldingNullIsRefusedLikeAnyOtherItCannotUse() {
        assertEquals(-1, EmbeddedGameExample.frames((String[]) null));
        assertEquals(-1, EmbeddedGameExample.frames("--frames", null));
        assertEquals(-1, EmbeddedGameExample.frames(null, "30"));
        assertEquals(-1, EmbeddedGameExample.frames((String) null));
        assertEquals(30, EmbeddedGameExample.frames("--frames", "30"));
        assertEquals(Integer.MAX_VALUE, EmbeddedGameExample.frames());
    }
}
