package io.flatscene.samples.embedding;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The README's embedding snippet is the example's real code: every code line of it (its comments are the README's
 * own) appears in {@code EmbeddedGameExample}, in the same order, so the two cannot drift apart.
 */
class ReadmeEmbeddingSnippetTest {
    private static final String HEADING = "## Embedding FlatScene";

    @Test
    void everySnippetLineIsALineOfTheExampleInOrder() throws IOException {
        Path root = Path.of("").toAbsolutePath().getParent();
        String readme = Files.readString(root.resolve("README.md"));
        int section = readme.indexOf(HEADING);
        assertTrue(section >= 0, "README has no '" + HEADING + "' section");
        int start = readme.indexOf("```java\n", section) + "```java\n".length();
        int end = readme.indexOf("```", start);
        List<String> snippet = readme.substring(start, end).lines().map(String::trim)
                .filter(line -> !line.isEmpty() && !line.startsWith("//")).collect(Collectors.toList());
        assertTrue(snippet.size() >= 8, "the snippet should show startup and a frame: " + snippet);

        List<String> example = Files.readAllLines(root.resolve(
                "samples/src/main/java/io/flatscene/samples/embedding/EmbeddedGameExample.java")).stream()
                .map(String::trim).collect(Collectors.toList());
        int at = 0;
        for (String line : snippet) {
            int found = example.subList(at, example.size()).indexOf(line);
            assertTrue(found >= 0, "README line not found in EmbeddedGameExample after line " + at + ": " + line);
            at += found + 1;
        }
    }
}
