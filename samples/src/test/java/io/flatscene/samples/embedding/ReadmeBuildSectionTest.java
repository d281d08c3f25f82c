package io.flatscene.samples.embedding;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The README's dependency snippets name the versions this build uses: a game that copies them gets the LWJGL,
 * Log4j and FlatScene versions FlatScene was tested with, whatever the pom says next.
 */
class ReadmeBuildSectionTest {
    private static final String HEADING = "## Use FlatScene in your build";

    private static String pomProperty(String pom, String name) {
        Matcher matcher = Pattern.compile("<" + Pattern.quote(name) + ">([^<]+)</").matcher(pom);
        assertTrue(matcher.find(), "the root pom has no property " + name);
        return matcher.group(1);
    }

    @Test
    void theSnippetsNameThisBuildsVersions() throws IOException {
        Path root = Path.of("").toAbsolutePath().getParent();
        String readme = Files.readString(root.resolve("README.md"));
        String pom = Files.readString(root.resolve("pom.xml"));
        int start = readme.indexOf(HEADING);
        assertTrue(start >= 0, "README has no '" + HEADING + "' section");
        String section = readme.substring(start, readme.indexOf("\n## ", start + HEADING.length()));

        String lwjgl = pomProperty(pom, "lwjgl.version");
        String log4j = pomProperty(pom, "log4j.version");
        String flatscene = pomProperty(pom, "version");
        assertTrue(section.contains("<artifactId>lwjgl-bom</artifactId>\n      <version>" + lwjgl + "</version>"),
                "Maven BOM version " + lwjgl);
        assertTrue(section.contains("org.lwjgl:lwjgl-bom:" + lwjgl), "Gradle BOM version " + lwjgl);
        assertTrue(section.contains("<artifactId>log4j-core</artifactId>\n    <version>" + log4j + "</version>"),
                "Maven Log4j version " + log4j);
        assertTrue(section.contains("log4j-core:" + log4j), "Gradle Log4j version " + log4j);
        assertEquals(2, count(section, flatscene), "FlatScene's version " + flatscene + " in both snippets");
    }

    private static int count(String text, String part) {
        int n = 0;
        for (int i = text.indexOf(part); i >= 0; i = text.indexOf(part, i + 1)) {
            n++;
        }
        return n;
    }
}
