package io.flatscene.samples.viewer;

import io.flatscene.assets.testing.ChildJvm;
import io.flatscene.assets.testing.FuzzCorpus;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The viewer given the importer's fuzz corpus ({@link FuzzCorpus}, fixed seed; scene-assets' own ModelFuzzTest runs
 * every file of it through the importer): each file it cannot use ends it with status 2 and one line naming the file,
 * never a stack trace, a crash or a hang.
 */
class ViewerFuzzTest {
    private static final long SEED = 14;
    private static final int VIEWER_SECONDS = 60;

    @TempDir
    static Path dir;

    private static Map<String, Path> files;

    private static synchronized Map<String, Path> corpus() throws IOException {
        if (files == null) {
            files = FuzzCorpus.write(SEED, dir);
        }
        return files;
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
        ChildJvm.Run run = ChildJvm.run(Viewer.class, VIEWER_SECONDS, "--headless", "--scene", "model",
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
