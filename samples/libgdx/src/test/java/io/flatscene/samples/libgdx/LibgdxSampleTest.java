package io.flatscene.samples.libgdx;

import com.badlogic.gdx.graphics.Color;
import io.flatscene.render.testing.Display;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * The libGDX sample runs as a game would, in a libGDX window with libGDX's context and loop, so it needs a display
 * (CI gives it Xvfb). It runs in a child JVM ({@link ProbedGame}): libGDX's application owns the thread's GLFW from
 * init to terminate, and a crash in native code then fails this test with the child's output instead of ending the
 * test run.
 */
class LibgdxSampleTest {
    private static final int FRAMES = 300;
    private static final long TIMEOUT_MINUTES = 3;
    /** How far a pixel of a flat SpriteBatch colour may be from the colour's bytes: rounding, no more. */
    private static final int COLOR_TOLERANCE = 2;

    @Test
    void theCommandLineTakesAFrameCountOrNothing() {
        assertEquals(Integer.MAX_VALUE, LibgdxSample.frameLimit(new String[0]));
        assertEquals(300, LibgdxSample.frameLimit(new String[]{"--frames", "300"}));
        assertThrows(IllegalArgumentException.class, () -> LibgdxSample.frameLimit(new String[]{"--frames", "0"}));
        assertThrows(IllegalArgumentException.class, () -> LibgdxSample.frameLimit(new String[]{"--frames"}));
        assertThrows(IllegalArgumentException.class, () -> LibgdxSample.frameLimit(new String[]{"--fast"}));
    }

    @Test
    void flatSceneDrawsBetweenTheGamesTwoLayersAndLeavesItsGlStateAlone() throws IOException, InterruptedException {
        assumeTrue(Display.present(), Display.ABSENT);
        Map<String, String> report = new LinkedHashMap<>();
        List<String[]> pixels = new ArrayList<>();
        String output = runProbedGame(report, pixels);

        assertEquals(String.valueOf(FRAMES), report.get("frames"), output);
        assertEquals("0", report.get("gl-errors"), "glGetError after each frame\n" + output);
        long rendererErrors = Long.parseLong(report.get("renderer-gl-errors"));
        assertTrue(rendererErrors <= 0, "FlatScene's debug output counted GL errors (-1: no KHR_debug here)\n"
                + output);
        assertTrue(Integer.parseInt(report.get("state-values")) >= 90, "GL state values compared\n" + output);
        assertEquals("0", report.get("state-changed-frames"), "frames whose GL state FlatScene's draw changed; first: "
                + report.get("state-first-change") + "\n" + output);
        assertEquals(String.valueOf(FRAMES / 2), report.get("leftover-frames"), output);
        assertTrue(Double.parseDouble(report.get("camera-difference")) < 1e-4,
                "FlatScene's view-projection against the libGDX camera's combined matrix\n" + output);
        assertTrue(report.get("summary").contains(FRAMES + " frames, " + CubeFieldGame.CUBES + " cubes"), output);

        assertEquals(FRAMES / ProbedGame.PIXEL_EVERY, pixels.size(), output);
        for (String[] frame : pixels) {
            String where = "frame " + frame[0] + ": ";
            assertColor(CubeFieldGame.SKY, frame[2], where + "the background's sky, drawn before FlatScene, is kept "
                    + "where no cube is\n" + output);
            int[] scene = rgb(frame[4]);
            assertTrue(scene[0] >= 40 && scene[0] > 2 * scene[1] && scene[0] > 2 * scene[2], where
                    + "the red landmark, drawn by FlatScene over the background, below the centre: " + frame[4] + "\n"
                    + output);
            assertColor(CubeFieldGame.RETICLE, frame[6], where + "the HUD's reticle, drawn after FlatScene, over the "
                    + "landmark\n" + output);
        }
    }

    /** Runs {@link ProbedGame} and reads its {@code key value} lines; returns everything it wrote, for messages. */
    private static String runProbedGame(Map<String, String> report, List<String[]> pixels)
            throws IOException, InterruptedException {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        String classPath = System.getProperty("jdk.module.path", "") + File.pathSeparator
                + System.getProperty("java.class.path");
        Path out = Files.createTempFile("libgdx-sample", ".out");
        Path err = Files.createTempFile("libgdx-sample", ".err");
        try {
            Process game = new ProcessBuilder(java, "-Dflatscene.render.debugOutput=true", "-cp", classPath,
                    ProbedGame.class.getName(), String.valueOf(FRAMES))
                    .redirectOutput(out.toFile()).redirectError(err.toFile()).start();
            boolean ended = game.waitFor(TIMEOUT_MINUTES, TimeUnit.MINUTES);
            if (!ended) {
                game.destroyForcibly().waitFor();
            }
            String stdout = Files.readString(out);
            String output = "--- stdout ---\n" + stdout + "\n--- stderr ---\n" + Files.readString(err);
            assertTrue(ended, "the game did not end within " + TIMEOUT_MINUTES + " minutes\n" + output);
            assertEquals(0, game.exitValue(), "the game's exit status\n" + output);
            for (String line : stdout.split("\\R")) {
                String[] words = line.split(" ", 2);
                if (words[0].equals("pixels")) {
                    pixels.add(words[1].split(" "));
                } else if (words.length == 2) {
                    report.put(words[0], words[1]);
                }
            }
            return output;
        } finally {
            Files.deleteIfExists(out);
            Files.deleteIfExists(err);
        }
    }

    private static void assertColor(Color expected, String actual, String message) {
        int[] rgb = rgb(actual);
        float[] want = {expected.r, expected.g, expected.b};
        for (int i = 0; i < 3; i++) {
            assertTrue(Math.abs(rgb[i] - want[i] * 255f) <= COLOR_TOLERANCE, message + " (expected "
                    + expected + ", read " + actual + ")");
        }
    }

    private static int[] rgb(String pixel) {
        String[] parts = pixel.split(",");
        return new int[]{Integer.parseInt(parts[0]), Integer.parseInt(parts[1]), Integer.parseInt(parts[2])};
    }
}
