package io.flatscene.samples.jme;

import io.flatscene.render.testing.Display;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * The jME sample runs as a game would, in a window of its own on jME's LWJGL3 backend, in a child JVM (jME's loop runs
 * on a thread of its own and the application ends with {@code System.exit}). It needs a display: CI runs the build
 * under xvfb-run.
 */
class JmeFlatSceneAppTest {
    private static final int FRAMES = 300;
    private static final long TIMEOUT_MINUTES = 5;

    @Test
    void flatSceneDrawsInJmesFrameWithoutErrorsAndLeavesJmesGlStateAsItWas() throws Exception {
        assumeTrue(Display.present(), Display.ABSENT);
        Path screenshot = Path.of("target", "jme-flatscene.png");
        Files.createDirectories(screenshot.getParent());
        Child probe = run(JmeEmbeddingProbe.class, String.valueOf(FRAMES), screenshot.toString());
        assertEquals(0, probe.exitCode, probe.describe());
        Map<String, String> results = probe.results();
        String why = results + probe.describe();
        assertEquals(String.valueOf(FRAMES), results.get("frames"), why);
        assertEquals(String.valueOf(FRAMES), results.get("draws"), why);
        // the sample's own summary: jME's LWJGL is the one FlatScene builds with, as the lwjgl-bom import makes it
        assertTrue(probe.stdout.contains(" on LWJGL 3.4.3"), why);
        assertTrue(probe.stdout.contains(": " + FRAMES + " frames; FlatScene drew "), why);

        assertEquals("0", results.get("jmeGlErrors"), why);
        assertEquals("0", results.get("flatSceneGlErrors"), why);
        assertEquals(String.valueOf(GlState.size()), results.get("stateValues"), why);
        assertEquals("none", results.get("stateChanges"), "GL state FlatScene changed around its calls: " + why);
        // the same view-projection, so the same depth for the same point: one depth buffer serves both engines
        assertTrue(Float.parseFloat(results.get("viewProjectionDifference")) < 1e-4f, why);

        for (String jmeBox : new String[]{"boxOverBarLeft", "boxOverBarRight", "boxTop"}) {
            assertEquals("255,0,0", results.get(jmeBox), jmeBox + ": jME's box, FlatScene's bar hidden behind it; "
                    + why);
        }
        for (String bar : new String[]{"barLeftEnd", "barRightEnd"}) {
            int[] rgb = rgb(results.get(bar));
            assertTrue(rgb[2] > rgb[0] + 60 && rgb[2] > rgb[1] + 40, bar + ": FlatScene's blue bar; " + why);
        }
        int[] bead = rgb(results.get("beadOverBox"));
        assertTrue(bead[0] > 150 && bead[1] > 150 && bead[2] < bead[1] - 60, "FlatScene's yellow bead in front of "
                + "jME's box; " + why);
        assertEquals("0,255,0", results.get("guiPanel"), "jME's GUI over both; " + why);
        assertEquals(JmeFlatSceneApp.PANEL_WIDTH * JmeFlatSceneApp.PANEL_HEIGHT,
                Integer.parseInt(results.get("greenPixels")), why);
        assertTrue(Integer.parseInt(results.get("redPixels")) > 1_000, why);
        // FlatScene's lit cubes are most of what is neither jME's flat colours nor the background
        assertTrue(Integer.parseInt(results.get("otherPixels")) > 50_000, why);
    }

    @Test
    void theSampleDrawsTheFramesAskedForAndEnds() throws Exception {
        assumeTrue(Display.present(), Display.ABSENT);
        Child sample = run(JmeFlatSceneApp.class, "--frames", "30");
        assertEquals(0, sample.exitCode, sample.describe());
        Matcher summary = Pattern.compile("jME \\S+ on LWJGL \\S+, .*: 30 frames; FlatScene drew (\\d+) instances "
                + "\\(380 cubes\\)").matcher(sample.stdout);
        assertTrue(summary.find(), sample.describe());
        assertTrue(Integer.parseInt(summary.group(1)) > 100, sample.describe());
    }

    @Test
    void aBadCommandLineEndsWithStatus2AndTheUsage() throws Exception {
        Child sample = run(JmeFlatSceneApp.class, "--frames", "0");
        assertEquals(2, sample.exitCode, sample.describe());
        assertTrue(sample.stderr.contains("usage: JmeFlatSceneApp [--frames N]"), sample.describe());
    }

    private static int[] rgb(String value) {
        String[] parts = value.split(",");
        return new int[]{Integer.parseInt(parts[0]), Integer.parseInt(parts[1]), Integer.parseInt(parts[2])};
    }

    /** What a child JVM did. */
    private record Child(int exitCode, String stdout, String stderr) {
        /** {@return the probe's {@code probe.KEY=VALUE} lines as a map} */
        Map<String, String> results() {
            Map<String, String> results = new HashMap<>();
            for (String line : stdout.split("\\R")) {
                if (line.startsWith("probe.")) {
                    int equals = line.indexOf('=');
                    results.put(line.substring("probe.".length(), equals), line.substring(equals + 1));
                }
            }
            return results;
        }

        String describe() {
            return "\n--- stdout ---\n" + stdout + "\n--- stderr ---\n" + stderr;
        }
    }

    private static Child run(Class<?> main, String... args) throws IOException, InterruptedException {
        String classPath = System.getProperty("jdk.module.path", "") + File.pathSeparator
                + System.getProperty("java.class.path");
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java")
                .toString(), "-cp", classPath, main.getName()));
        command.addAll(List.of(args));
        Path out = Files.createTempFile("jme-sample", ".out");
        Path err = Files.createTempFile("jme-sample", ".err");
        try {
            Process child = new ProcessBuilder(command).redirectOutput(out.toFile()).redirectError(err.toFile())
                    .start();
            if (!child.waitFor(TIMEOUT_MINUTES, TimeUnit.MINUTES)) {
                child.destroyForcibly().waitFor();
                throw new AssertionError(main.getSimpleName() + " " + String.join(" ", args) + " did not end in "
                        + TIMEOUT_MINUTES + " minutes" + new Child(-1, Files.readString(out), Files.readString(err))
                        .describe());
            }
            return new Child(child.exitValue(), Files.readString(out), Files.readString(err));
        } finally {
            Files.deleteIfExists(out);
            Files.deleteIfExists(err);
        }
    }
}
