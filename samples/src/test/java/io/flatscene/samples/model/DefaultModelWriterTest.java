package io.flatscene.samples.model;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
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
                + "DefaultModelWriter writes: regenerate it with DefaultModelWriter's main (see its documentation)");
    }

    /** The tool's command line: the file named writes what the test above compares, byte for byte. */
    @Test
    void theToolWritesTheModelToTheFileNamed(@TempDir Path dir) throws IOException {
        Path file = dir.resolve("out").resolve("rover.gltf");
        DefaultModelWriter.main(new String[] {file.toString()});
        assertArrayEquals(DefaultModelWriter.gltf().getBytes(StandardCharsets.UTF_8), Files.readAllBytes(file));
    }

    @Test
    void modelStaysSmall() {
        int bytes = DefaultModelWriter.gltf().getBytes(StandardCharsets.UTF_8).length;
        assertTrue(bytes < 100_000, bytes + " bytes");
    }
}
