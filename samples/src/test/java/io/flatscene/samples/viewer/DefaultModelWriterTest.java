package io.flatscene.samples.viewer;

import io.flatscene.assets.testing.DefaultModelWriter;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * The viewer's bundled model is exactly what the importer's tests generate and read, so neither can change without the
 * other.
 */
class DefaultModelWriterTest {
    /** Where a differing model is written, relative to the module: the build directory. */
    private static final Path REGENERATED = Path.of("target", ModelScene.DEFAULT_MODEL);

    @Test
    void checkedInModelMatchesTheGenerator() throws IOException {
        String checkedIn;
        try (InputStream in = ModelScene.class.getResourceAsStream(ModelScene.DEFAULT_MODEL)) {
            assertNotNull(in, ModelScene.DEFAULT_MODEL + " is missing from the module's resources");
            checkedIn = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        String generated = DefaultModelWriter.gltf();
        if (!generated.equals(checkedIn)) {
            Files.writeString(REGENERATED, generated, StandardCharsets.UTF_8);
            fail(ModelScene.DEFAULT_MODEL + " differs from what DefaultModelWriter writes; its model is in "
                    + REGENERATED.toAbsolutePath() + ": copy it to samples/src/main/resources/io/flatscene/samples/"
                    + "viewer/ if the change is meant");
        }
    }

    @Test
    void modelStaysSmall() {
        int bytes = DefaultModelWriter.gltf().getBytes(StandardCharsets.UTF_8).length;
        assertTrue(bytes < 100_000, bytes + " bytes");
    }
}
