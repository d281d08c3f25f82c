package io.flatscene.assets;

import io.flatscene.assets.testing.ChildJvm;
import io.flatscene.assets.testing.FuzzCorpus;
import io.flatscene.assets.testing.ImportBatch;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * Mutated, truncated and hand-made hostile model files ({@link FuzzCorpus}, fixed seed) through the importer, in
 * batches, each batch in a JVM of its own ({@link ImportBatch}), so that a crash in Assimp's native code (a signal,
 * exit status above 128) or a hang fails the test rather than the build. Every file must import or be refused with one
 * line naming it.
 */
class ModelFuzzTest {
    private static final long SEED = 14;
    /** Files per importing JVM: a JVM that dies takes its batch's remaining files with it, and names the file. */
    private static final int BATCH = 100;
    private static final int BATCH_SECONDS = 120;

    @Test
    void everyFileImportsOrIsRefusedOnOneLine(@TempDir Path dir) throws Exception {
        List<Path> models = List.copyOf(FuzzCorpus.write(SEED, dir).values());
        int imported = 0;
        int refused = 0;
        for (int from = 0; from < models.size(); from += BATCH) {
            List<Path> batch = models.subList(from, Math.min(models.size(), from + BATCH));
            ChildJvm.Run run = ChildJvm.run(ImportBatch.class, BATCH_SECONDS,
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
}
