package io.flatscene.samples.model;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The checked-in default model is exactly what its generator writes, so neither can change without the other. */
class DefaultModelWriterTest {
    @Test
    void checkedInModelMatchesTheGenerator() throws IOException {
        String checkedIn;
        try (InputStream in = ModelImporter.class.getResourceAsStream(ModelImporter.DEFAULT_MODEL)) {
            assertNotNull(in, ModelImporter.DEFAULT_MODEL + " is missing from the module's resources");
            checkedIn = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        assertEquals(DefaultModelWriter.gltf(), checkedIn, ModelImporter.DEFAULT_MODEL + " differs from what "
                + "DefaultModelWriter writes: regenerate it with -Dflatscene.test.regenerateModel=true");
    }

    @Test
    void modelStaysSmall() {
        int bytes = DefaultModelWriter.gltf().getBytes(StandardCharsets.UTF_8).length;
        assertTrue(bytes < 100_000, bytes + " bytes");
    }

    /** Surefire runs tests in the module's directory, where the source path leads to the checked-in file. */
    @Test
    @EnabledIfSystemProperty(named = "flatscene.test.regenerateModel", matches = "true")
    void regenerate() throws IOException {
        DefaultModelWriter.write(Path.of(DefaultModelWriter.SOURCE_PATH));
    }
}
