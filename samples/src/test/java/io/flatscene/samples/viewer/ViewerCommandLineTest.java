package io.flatscene.samples.viewer;

import io.flatscene.core.config.SceneConfig;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/** A command line the viewer cannot use prints the reason and the usage and exits with status 2, before any GL. */
class ViewerCommandLineTest {
    /** Runs the viewer on {@code args}: status 2, {@code reason} and the usage on stderr, nothing on stdout. */
    static void assertRejected(String reason, String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int status = Viewer.run(args, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
        String printed = err.toString(StandardCharsets.UTF_8);
        assertEquals(2, status, printed);
        assertTrue(printed.startsWith("flatscene-viewer: " + reason), printed);
        assertTrue(printed.contains("usage: java -jar samples/target/flatscene-viewer.jar"), printed);
        assertEquals("", out.toString(StandardCharsets.UTF_8));
    }

    @Test
    void badOptionsAreNamed(@TempDir Path dir) throws IOException {
        assertRejected("unknown option '--fast'", "--fast");
        assertRejected("--count 0: must be a whole number from 1 to 1000000", "--scene", "field", "--count", "0");
        assertRejected("--count lots: must be a whole number from 1 to 1000000", "--count", "lots");
        assertRejected("--frames -3: must be a whole number above 0", "--frames", "-3");
        assertRejected("--frames needs a value", "--frames");
        assertRejected("--scene moon: must be one of solar, field, model", "--scene", "moon");
        assertRejected("--model " + dir.resolve("none.gltf") + ": no readable file there", "--scene", "model",
                "--model", dir.resolve("none.gltf").toString());
        assertRejected("--config " + dir + ": no readable file there", "--config", dir.toString());
        Path model = Files.writeString(dir.resolve("ship.obj"), "v 0 0 0\n");
        assertRejected("--model is for --scene model, not solar", "--model", model.toString());
    }

    @Test
    void countsBeyondTheDocumentedMaximumAreRefusedBeforeTheyRunOutOfMemory() {
        // 2147483647 was taken, and the field scene died of an OutOfMemoryError with a stack trace
        assertRejected("--count 2147483647: must be a whole number from 1 to 1000000", "--scene", "field", "--count",
                "2147483647");
        assertRejected("--count 1000001: must be a whole number from 1 to 1000000", "--scene", "field", "--count",
                "1000001");
        assertRejected("--count 99999999999: must be a whole number from 1 to 1000000", "--count", "99999999999");
        assertEquals(ViewerOptions.MAX_FIELD_COUNT, ViewerOptions.parse("--count", "1000000").count());
        assertTrue(ViewerOptions.USAGE.contains("at most 1000000"), ViewerOptions.USAGE);
    }

    @Test
    void aScreenshotThatCannotBeWrittenIsRefusedBeforeRendering(@TempDir Path dir) throws IOException {
        // the directories were made only when the image was written, after every frame had run
        Path file = Files.writeString(dir.resolve("notes.txt"), "a file, not a directory");
        String under = file.resolve("shots").resolve("last.png").toString();
        assertRejected("--screenshot " + under + ": cannot write a file there, " + file + " is not a directory",
                "--screenshot", under);
        assertRejected("--screenshot " + dir + ": cannot write a file there, it is a directory", "--screenshot",
                dir.toString());
        // missing directories under one that exists are made when the option is read
        Path missing = dir.resolve("new").resolve("deeper").resolve("shot.png");
        assertEquals(missing, ViewerOptions.parse("--screenshot", missing.toString()).screenshot());
        assertTrue(Files.isDirectory(missing.getParent()));
    }

    /** A directory that looks writable but takes no new directories (proc's, even to root) is refused up front. */
    @Test
    void aScreenshotDirectoryThatCannotBeMadeIsRefusedBeforeRendering() {
        Path proc = Path.of("/proc");
        assumeTrue(Files.isDirectory(proc), "a Linux proc file system");
        String shot = proc.resolve("flatscene-shots").resolve("last.png").toString();
        assertRejected("--screenshot " + shot + ": cannot write a file there, ", "--screenshot", shot);
    }

    @Test
    void aConfigurationThatIsNotTextSaysSo(@TempDir Path dir) throws IOException {
        byte[] binary = new byte[256];
        for (int i = 0; i < binary.length; i++) {
            binary[i] = (byte) (i * 37 + 11);
        }
        Path config = Files.write(dir.resolve("viewer.bin"), binary);
        assertRejected(config + ": cannot read configuration file (it is not UTF-8 text", "--config",
                config.toString());
    }

    @Test
    void aConfigurationStartingWithAByteOrderMarkIsReadAsTheLibraryReadsIt(@TempDir Path dir) throws IOException {
        // editors on Windows start UTF-8 files with one; the viewer read it as part of the first key, and stopped
        Path config = Files.writeString(dir.resolve("bom.properties"), "\uFEFFflatscene.maxItems=5000\n");
        assertEquals(5000, Viewer.loadConfig(config).maxItems());
        assertEquals(SceneConfig.load(config), Viewer.loadConfig(config));
        Path misspelt = Files.writeString(dir.resolve("typo.properties"), "\uFEFFflatscene.maxItem=4\n");
        assertRejected("flatscene.maxItem=4: unknown key, did you mean flatscene.maxItems?", "--config",
                misspelt.toString());
    }

    @Test
    void aBadConfigurationValueIsNamed(@TempDir Path dir) throws IOException {
        Path config = Files.writeString(dir.resolve("viewer.properties"), "flatscene.maxItems=-4\n");
        assertRejected("flatscene.maxItems=-4: must be an integer", "--config", config.toString());
        Path misspelt = Files.writeString(dir.resolve("typo.properties"), "flatscene.maxItem=4\n");
        assertRejected("flatscene.maxItem=4: unknown key, did you mean flatscene.maxItems?", "--config",
                misspelt.toString());
    }

    @Test
    void aBadRendererSystemPropertyIsNamed() {
        // the scene's loader leaves flatscene.render.* to the renderer, whose own rule must be the one reported
        String key = "flatscene.render.drawPath";
        String previous = System.getProperty(key);
        System.setProperty(key, "sideways");
        try {
            assertRejected(key + "=sideways: must be AUTO, MULTI_DRAW_INDIRECT or INSTANCED", "--frames", "1");
        } finally {
            if (previous == null) {
                System.clearProperty(key);
            } else {
                System.setProperty(key, previous);
            }
        }
    }

    @Test
    void helpPrintsTheUsageAndSucceeds() {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        assertEquals(0, Viewer.run(new String[]{"--help"}, new PrintStream(out, true, StandardCharsets.UTF_8),
                System.err));
        assertTrue(out.toString(StandardCharsets.UTF_8).contains("--scene NAME"));
    }

    @Test
    void theBundledConfigurationIsTheDocumentedSample() throws IOException {
        assertEquals(Viewer.loadConfig(Path.of("viewer.properties")), Viewer.loadConfig(null));
        assertEquals(131_072, Viewer.loadConfig(null).maxItems());
    }
}
