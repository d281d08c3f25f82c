package io.flatscene.samples.viewer;

import io.flatscene.assets.testing.FuzzCorpus;
import io.flatscene.assets.testing.ImportBatch;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * Mutated, truncated and hand-made hostile model files ({@link FuzzCorpus}, fixed seed) through the importer and the
 * viewer, each in a JVM of its own, so that a crash in Assimp's native code (a signal, exit status above 128) or a
 * hang fails the test rather than the build. Every file must import or be refused with one line naming it.
 */
class ModelFuzzTest {
    private static final long SEED = 14;
    /** Files per importing JVM: a JVM that dies takes its batch's remaining files with it, and names the file. */
    private static final int BATCH = 100;
    private static final int BATCH_SECONDS = 120;
    private static final int VIEWER_SECONDS = 60;

    @TempDir
    static Path dir;

    private static Map<String, Path> files;

    private static synchronized Map<String, Path> corpus() throws IOException {
        if (files == null) {
            List<Path> written = new ArrayList<>();
            for (FuzzCorpus.Sample sample : FuzzCorpus.of(SEED)) {
                Path file = Files.write(dir.resolve(sample.name()), sample.bytes());
                if (sample.model()) {
                    written.add(file);
                }
            }
            files = written.stream().collect(Collectors.toMap(f -> f.getFileName().toString(), Function.identity(),
                    (a, b) -> a, LinkedHashMap::new));
        }
        return files;
    }

    @Test
    void everyFileImportsOrIsRefusedOnOneLine() throws Exception {
        List<Path> models = List.copyOf(corpus().values());
        int imported = 0;
        int refused = 0;
        for (int from = 0; from < models.size(); from += BATCH) {
            List<Path> batch = models.subList(from, Math.min(models.size(), from + BATCH));
            ViewerRunTest.Run run = ViewerRunTest.java(ImportBatch.class, BATCH_SECONDS,
                    batch.stream().map(Path::toString).toArray(String[]::new));
            List<String> lines = run.out().lines().toList();
            if (run.status() != 0) {
                String last = lines.isEmpty() ? "before the first file" : lines.get(lines.size() - 1);
                fail("the importing JVM ended with status " + run.status() + (run.status() > 128 ? " (signal "
                        + (run.status() - 128) + ")" : "") + " at: " + last + "\n" + run.err());
            }
            assertEquals("", run.err(), "a batch printed to stderr");
            assertEquals(2 * batch.size(), lines.size(), run.out());
            for (int i = 0; i < batch.size(); i++) {
                String file = batch.get(i).toString();
                assertEquals("start " + file, lines.get(2 * i));
                String outcome = lines.get(2 * i + 1);
                if (outcome.startsWith("imported ")) {
                    imported++;
                } else {
                    assertTrue(outcome.startsWith("refused cannot import model '" + file + "': "), outcome);
                    refused++;
                }
            }
        }
        // the corpus holds intact and survivable files as well as broken ones
        assertTrue(imported >= 20 && refused >= 100, imported + " imported, " + refused + " refused");
    }

    @ParameterizedTest
    @CsvSource({
            "deep.gltf, 2, its node hierarchy is 10000 levels deep",
            "far.obj, 2, mesh 'far.obj/defaultobject' has vertex 0 at (3.0E38, 3.0E38, 3.0E38)",
            "roots-repeated.gltf, 2, scene 0 lists node 0 twice",
            "primitives-repeated.gltf, 2, at most 1000000 items are imported",
            "count-huge.gltf, 2, Assimp could not read it",
            "deep-at-the-limit.gltf, 0, ''",
            "names-with-control-characters.obj, 0, ''"})
    void theViewerEndsEachOnOneLine(String name, int status, String reason) throws Exception {
        Path model = corpus().get(name);
        ViewerRunTest.Run run = ViewerRunTest.java(Viewer.class, VIEWER_SECONDS, "--headless", "--scene", "model",
                "--model", model.toString(), "--frames", "2", "--screenshot", dir.resolve(name + ".png").toString());
        assertEquals(status, run.status(), run.err());
        assertFalse(run.err().contains("\tat ") || run.err().contains("Exception"), run.err());
        if (status == 0) {
            assertEquals("", run.err());
            assertTrue(run.out().contains("summary: scene model"), run.out());
            return;
        }
        String err = run.err().replace(System.lineSeparator(), "\n");
        String expected = "flatscene-viewer: cannot import model '" + model + "': ";
        assertTrue(err.startsWith(expected) && err.contains(reason), err);
        assertEquals(err.indexOf('\n') + 1, err.indexOf(ViewerOptions.USAGE), "one line, then the usage: " + err);
        assertEquals("", run.out());
    }
}
