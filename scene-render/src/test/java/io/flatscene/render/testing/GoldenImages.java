package io.flatscene.render.testing;

import io.flatscene.render.image.Image;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * Compares renders with the reference images in {@code src/test/resources/golden}. Software rasterisers differ in
 * the last bit of a color and in which pixels an edge covers, so a pixel may differ by {@link #CHANNEL_TOLERANCE}
 * per channel, and up to {@link #MAX_DIFFERING_FRACTION} of the pixels may differ by more. Run with
 * {@code -Dflatscene.test.updateGoldens=true} to rewrite the references after a deliberate change (then look at
 * them).
 * The path is relative to the module whose tests run, so each module keeps its own references; scene-render's
 * test-jar carries this package for the other modules' render tests.
 */
public final class GoldenImages {
    public static final int CHANNEL_TOLERANCE = 8;
    static final double MAX_DIFFERING_FRACTION = 0.005;
    private static final Path GOLDEN = Path.of("src", "test", "resources", "golden");
    private static final Path FAILURES = Path.of("target", "golden-failures");

    private GoldenImages() {
    }

    public static void assertMatches(String name, Image actual) {
        Path reference = GOLDEN.resolve(name + ".png");
        if (Boolean.getBoolean("flatscene.test.updateGoldens")) {
            actual.writePng(reference);
            return;
        }
        if (!Files.exists(reference)) {
            fail("no reference image " + reference.toAbsolutePath()
                    + "; write it with -Dflatscene.test.updateGoldens=true");
        }
        Image expected = Image.readPng(reference);
        assertEquals(expected.width() + "x" + expected.height(), actual.width() + "x" + actual.height(),
                name + ": size differs from the reference");
        byte[] diff = new byte[actual.width() * actual.height() * 4];
        int differing = 0;
        for (int y = 0; y < actual.height(); y++) {
            for (int x = 0; x < actual.width(); x++) {
                int worst = worstChannelDifference(expected.rgba(x, y), actual.rgba(x, y));
                int i = (y * actual.width() + x) * 4;
                diff[i + 3] = (byte) 0xFF;
                if (worst > CHANNEL_TOLERANCE) {
                    differing++;
                    diff[i] = (byte) 0xFF;
                    diff[i + 1] = (byte) Math.max(0, 255 - worst * 2);
                }
            }
        }
        long allowed = (long) (MAX_DIFFERING_FRACTION * actual.width() * actual.height());
        if (differing > allowed) {
            Path actualFile = FAILURES.resolve(name + "-actual.png").toAbsolutePath();
            Path diffFile = FAILURES.resolve(name + "-diff.png").toAbsolutePath();
            actual.writePng(actualFile);
            new Image(actual.width(), actual.height(), diff).writePng(diffFile);
            String message = name + ": " + differing + " pixels differ by more than " + CHANNEL_TOLERANCE
                    + " per channel (at most " + allowed + " may); actual " + actualFile + ", diff " + diffFile
                    + ", reference " + reference.toAbsolutePath();
            System.err.println(message);
            fail(message);
        }
    }

    public static int worstChannelDifference(int a, int b) {
        int worst = 0;
        for (int shift = 8; shift < 32; shift += 8) {
            worst = Math.max(worst, Math.abs((a >>> shift & 0xFF) - (b >>> shift & 0xFF)));
        }
        return worst;
    }
}
