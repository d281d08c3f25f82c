package io.flatscene.samples.viewer;

import io.flatscene.assets.testing.ChildJvm;
import io.flatscene.assets.testing.ChildJvm.Run;
import io.flatscene.render.image.Image;
import io.flatscene.render.testing.Display;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * The viewer run as a user runs it, in its own JVM and headless: exit status, summary line, and a screenshot that
 * shows the scene (many colors, and objects in the middle where the camera looks).
 */
class ViewerRunTest {
    private static final Pattern SUMMARY = Pattern.compile("summary: scene (\\w+), (\\d+) frames, frame ms avg "
            + "[\\d.]+ p99 [\\d.]+, phase ms update [\\d.]+ cull [\\d.]+ sort [\\d.]+ wait [\\d.]+ upload [\\d.]+ "
            + "submit [\\d.]+ "
            + "gpu ([\\d.]+|n/a), nodes (\\d+), items visible (\\d+) / (\\d+), draw calls (\\d+), uploaded bytes a "
            + "frame matrices (\\d+) instances (\\d+)");
    /** The renderer's default clear color, as bytes. */
    private static final int BACKGROUND = 0x0D0F14FF;

    /** The viewer with {@code args}, the leading {@code -D} ones given to the JVM; five minutes at most. */
    static Run viewer(String... args) throws IOException, InterruptedException {
        return ChildJvm.run(Viewer.class, 300, args);
    }

    /** The asteroid game has a longer run of its own below. */
    @ParameterizedTest
    @EnumSource(value = SceneKind.class, names = "ASTEROIDS", mode = EnumSource.Mode.EXCLUDE)
    void eachSceneRunsHeadlessAndShowsItself(SceneKind scene, @TempDir Path dir) throws Exception {
        Path screenshot = dir.resolve(scene.label() + ".png");
        Run run = viewer("--headless", "--scene", scene.label(), "--frames", "12", "--count", "20000",
                "--screenshot", screenshot.toString());
        assertEquals(0, run.status(), run.err());
        var summary = SUMMARY.matcher(run.out());
        assertTrue(summary.find(), run.out());
        assertEquals(scene.label(), summary.group(1));
        assertEquals("12", summary.group(2));
        assertTrue(Integer.parseInt(summary.group(5)) > 0, "nothing visible: " + run.out());
        assertTrue(Long.parseLong(summary.group(8)) > 0 && Long.parseLong(summary.group(9)) > 0,
                "12 frames that drew something uploaded no matrix or no instance: " + run.out());
        if (scene == SceneKind.FIELD) {
            // churn replaced items all along, and every destroyed one took its node with it
            assertEquals(20_000, Integer.parseInt(summary.group(6)), run.out());
            assertEquals(20_000 + 50 + 4, Integer.parseInt(summary.group(4)),
                    "item nodes, 50 clusters, root, field, camera and sun: " + run.out());
        }
        Image image = assertShowsAScene(run, screenshot);
        assertEquals(BACKGROUND, image.rgba(image.width() - 1, 0),
                "the top right corner shows the clear color, so the coverage count means something");
    }

    /** The screenshot was written and shows a scene: many colors, and objects in the middle where the camera looks. */
    private static Image assertShowsAScene(Run run, Path screenshot) throws IOException {
        assertTrue(run.out().contains("screenshot: " + screenshot.toAbsolutePath()), run.out());
        Image image = Image.readPng(screenshot);
        assertEquals(1280, image.width());
        assertTrue(image.distinctColors() > 100, image.distinctColors() + " colors");
        int covered = 0;
        int sampled = 0;
        for (int y = image.height() / 3; y < image.height() * 2 / 3; y += 4) {
            for (int x = image.width() / 3; x < image.width() * 2 / 3; x += 4) {
                sampled++;
                if (image.rgba(x, y) != BACKGROUND) {
                    covered++;
                }
            }
        }
        assertTrue(covered > sampled / 30, "only " + covered + " of " + sampled + " pixels in the middle show "
                + "something");
        return image;
    }

    /**
     * The tower game: the same game on every run, its lane drawn as a line strip and each turret's kills on a label
     * over it, in colours nothing else in the scene has.
     */
    @Test
    void theTowerGameDrawsItsLaneAndLabels(@TempDir Path dir) throws Exception {
        Path screenshot = dir.resolve("towers.png");
        Run run = viewer("--headless", "--scene", "towers", "--frames", "120", "--screenshot", screenshot.toString());
        assertEquals(0, run.status(), run.err());
        // one fixed tick a frame from a fixed seed
        assertTrue(run.out().contains("towers: creeps alive 6 of 8 spawned, 0 leaked   shots 7: 5 hit, 2 blocked "
                + "by rocks   game tick "), run.out());
        Image image = assertShowsAScene(run, screenshot);
        int lane = 0;
        int labels = 0;
        // below the HUD's text, whose grey is neither colour
        for (int y = 120; y < image.height(); y++) {
            for (int x = 0; x < image.width(); x++) {
                int pixel = image.rgba(x, y);
                lane += pixel == 0xFFFFFFFF ? 1 : 0;
                labels += pixel == 0xFFF299FF ? 1 : 0;
            }
        }
        assertTrue(lane > 500, "the lane's line strip covers only " + lane + " pixels");
        assertTrue(labels > 50, "the turrets' labels cover only " + labels + " pixels");
    }

    @Test
    void theAsteroidGamePlaysTheSameGameOnEveryRun(@TempDir Path dir) throws Exception {
        Path screenshot = dir.resolve("asteroids.png");
        Run run = viewer("--headless", "--scene", "asteroids", "--frames", "60", "--screenshot",
                screenshot.toString());
        assertEquals(0, run.status(), run.err());
        // one fixed tick a frame from a fixed seed: 15 shots in 60 ticks, 7 of them hits so far, none expired yet
        assertTrue(run.out().contains("asteroids: score 280   asteroids left 19993 of 20000   bullets alive 8, "
                + "fired 15, hits 7   game tick "), run.out());
        var summary = SUMMARY.matcher(run.out());
        assertTrue(summary.find(), run.out());
        assertEquals("60", summary.group(2));
        assertEquals(19_993 + 8 + 24, Integer.parseInt(summary.group(4)),
                "asteroids, bullets, 23 of the game's own and the viewer's camera node: " + run.out());
        assertEquals(19_993 + 8 + 8, Integer.parseInt(summary.group(6)),
                "asteroids, bullets, 4 ship parts and 4 beacons: " + run.out());
        // the field fills the whole view, corners included
        assertShowsAScene(run, screenshot);
    }

    @Test
    void aWindowOpensWhereThereIsADisplay(@TempDir Path dir) throws Exception {
        assumeTrue(Display.present(), Display.ABSENT);
        Path screenshot = dir.resolve("window.png");
        Run run = viewer("--scene", "model", "--frames", "8", "--screenshot", screenshot.toString());
        assertEquals(0, run.status(), run.err());
        assertTrue(SUMMARY.matcher(run.out()).find(), run.out());
        assertFalse(run.err().contains("headless"), "with a display the viewer opens a window: " + run.err());
        assertTrue(Image.readPng(screenshot).distinctColors() > 100);
    }

    @Test
    void outgrowingACapacityUnderGrowNamesTheSettingToRaise() throws Exception {
        // the viewer's own log configuration, which the test one would otherwise hide
        Run run = viewer("-Dlog4j2.configurationFile=log4j2.xml", "-Dflatscene.maxItems=1000", "--headless",
                "--scene", "field", "--count", "3000", "--frames", "2", "--screenshot", "target/grow.png");
        assertEquals(0, run.status(), run.err());
        assertTrue(run.err().contains("flatscene.maxItems grew from 1000"), run.err());
        assertTrue(run.err().contains("declare a larger capacity at startup"), run.err());
    }

    @Test
    void aFullSceneUnderTheFailPolicyStopsWithTheSettingToRaise() throws Exception {
        Run run = viewer("-Dflatscene.growthPolicy=FAIL", "-Dflatscene.maxItems=1000", "--headless", "--scene",
                "field", "--count", "5000", "--frames", "2");
        assertEquals(1, run.status(), run.err());
        assertTrue(run.err().contains("flatscene-viewer: flatscene.maxItems is full at its capacity of 1000"),
                run.err());
        assertFalse(run.err().contains("\tat "), "a stack trace was printed: " + run.err());
    }

    @Test
    void runningOutOfMemoryEndsInOneLine() throws Exception {
        // enough heap for the renderer and the scene's declared capacities (the tag columns took the old 48 MiB past
        // them), far too little for the million items the run grows to
        Run run = viewer("-Xmx96m", "--headless", "--scene", "field", "--count", "1000000", "--frames", "1");
        assertEquals(1, run.status(), run.err());
        // the JVM's own reason may carry a detail, as when the heap ran out while a compiled frame was deoptimized:
        // "Java heap space: failed reallocation of scalar replaced objects"
        String err = run.err().replace(System.lineSeparator(), "\n");
        assertTrue(err.matches("flatscene-viewer: out of memory \\(Java heap space(: [^()\n]+)?\\); give Java more "
                + "with -Xmx, or ask for less with --count or --config\n"), err);
    }

    @Test
    void anUnreadableModelIsAUsageError(@TempDir Path dir) throws Exception {
        Path garbage = Files.writeString(dir.resolve("broken.gltf"), "this is not a model");
        Run run = viewer("--headless", "--scene", "model", "--model", garbage.toString(), "--frames", "1");
        assertEquals(2, run.status(), run.err());
        assertTrue(run.err().contains(garbage.toString()), run.err());
        assertTrue(run.err().contains("usage:"), run.err());
    }
}
