package io.flatscene.core.config;

import io.flatscene.core.testing.SampleFileCheck;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Predicate;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code docs/flatscene.properties} documents every scene setting as {@link SceneConfig} declares it, and the check
 * that holds it there fails on each way the file can drift, saying what to write.
 */
class SampleFileTest {
    private static final Predicate<String> SCENE_KEYS = key -> key.startsWith(SceneConfig.KEY_PREFIX)
            && !key.startsWith(SceneConfig.RENDER_KEY_PREFIX);

    @Test
    void theSampleDocumentsEverySceneSettingAsDeclared() throws IOException {
        SampleFileCheck.assertDocuments(SampleFileCheck.SAMPLE, SceneConfig.settings(), SCENE_KEYS);
    }

    @Test
    void anEntryIsTheDocAndRuleWrappedThenTheDefault() {
        assertEquals(List.of("# Scene nodes allocated up front, the root included. Must be an integer between 1 and "
                + "134217727.", "flatscene.maxNodes=65536"), SampleFileCheck.entry(SceneConfig.MAX_NODES, null));
        for (Setting<?> setting : SceneConfig.settings()) {
            for (String line : SampleFileCheck.entry(setting, null)) {
                assertTrue(line.length() <= 120, line);
            }
        }
        List<String> threads = SampleFileCheck.entry(SceneConfig.WORKER_THREADS, "3");
        assertEquals("#flatscene.workerThreads=3", threads.get(threads.size() - 1));
        assertTrue(String.join(" ", threads).contains("Default: the number of available processors, so the key is "
                + "left unset here."), threads.toString());
    }

    @Test
    void aChangedDefaultIsNamedWithTheLineToWrite(@TempDir Path dir) throws IOException {
        String message = failure(dir, text -> text.replace("flatscene.maxLights=256", "flatscene.maxLights=512"));
        assertTrue(message.contains("- flatscene.maxLights: replace\n"), message);
        assertTrue(message.contains("  with\n    # Lights allocated up front. Must be an integer between 1 and "
                + "134217727.\n    flatscene.maxLights=256\n"), message);
    }

    @Test
    void aChangedDocLineIsNamedWithTheLinesToWrite(@TempDir Path dir) throws IOException {
        String message = failure(dir, text -> text.replace("# Cameras allocated up front.", "# Cameras, up front."));
        assertTrue(message.contains("- flatscene.maxCameras: replace\n    # Cameras, up front."), message);
        assertTrue(message.contains("  with\n    # Cameras allocated up front."), message);
    }

    @Test
    void aMissingKeyIsNamedWithItsEntry(@TempDir Path dir) throws IOException {
        String message = failure(dir, text -> text.replace("flatscene.validation=false\n", ""));
        assertTrue(message.contains("- flatscene.validation: missing; add, in declaration order:\n    # Check every"),
                message);
        assertTrue(message.contains("\n    flatscene.validation=false\n"), message);
    }

    @Test
    void aKeyNoSettingDeclaresIsNamed(@TempDir Path dir) throws IOException {
        String message = failure(dir, text -> text + "\n# Gone.\nflatscene.shadowMapSize=2048\n");
        assertTrue(message.contains("- flatscene.shadowMapSize: no setting declares it; remove its entry:\n"
                + "    # Gone.\n    flatscene.shadowMapSize=2048\n"), message);
    }

    @Test
    void aKeyListedTwiceIsNamed(@TempDir Path dir) throws IOException {
        String message = failure(dir, text -> text + "\nflatscene.maxNodes=65536\n");
        assertTrue(message.contains("- flatscene.maxNodes: listed twice; keep one entry:"), message);
    }

    @Test
    void entriesOutOfDeclarationOrderAreNamed(@TempDir Path dir) throws IOException {
        String nodes = String.join("\n", SampleFileCheck.entry(SceneConfig.MAX_NODES, null)) + "\n";
        String message = failure(dir, text -> text.replace(nodes, "") + "\n" + nodes);
        assertTrue(message.contains("- the entries are out of order; list them as declared: " + SceneConfig.keys()),
                message);
    }

    @Test
    void aMachineDependentDefaultIsLeftUnsetWithAValueTheRuleAccepts(@TempDir Path dir) throws IOException {
        String set = failure(dir, text -> text.replaceAll("(?m)^#flatscene\\.workerThreads=.*$",
                "flatscene.workerThreads=4"));
        assertTrue(set.contains("- flatscene.workerThreads: replace\n"), set);
        String bad = failure(dir, text -> text.replaceAll("(?m)^#flatscene\\.workerThreads=.*$",
                "#flatscene.workerThreads=0"));
        assertTrue(bad.contains("- flatscene.workerThreads: the commented-out value breaks the rule: "
                + "flatscene.workerThreads=0: must be an integer between 1 and 1024 (from the sample)"), bad);
    }

    private static String failure(Path dir, UnaryOperator<String> edit) throws IOException {
        String sample = Files.readString(SampleFileCheck.SAMPLE, StandardCharsets.UTF_8);
        String edited = edit.apply(sample);
        assertNotEquals(sample, edited, "the edit changes the sample");
        Path file = Files.writeString(dir.resolve("flatscene.properties"), edited, StandardCharsets.UTF_8);
        AssertionError e = assertThrows(AssertionError.class,
                () -> SampleFileCheck.assertDocuments(file, SceneConfig.settings(), SCENE_KEYS));
        assertTrue(e.getMessage().startsWith(file + " differs from the declarations; make these changes:\n- "),
                e.getMessage());
        return e.getMessage();
    }
}
