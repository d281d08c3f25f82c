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
 * Log4j and FlatScene versions FlatScene was tested with, and the compiler plugin it builds with, whatever the pom
 * says next. (samples' invoker run builds a project of the Maven snippet.)
 */
class ReadmeBuildSectionTest {
    private static final String HEADING = "## Use FlatScene in your build";

    private static String pomProperty(String pom, String name) {
        Matcher matcher = Pattern.compile("<" + Pattern.quote(name) + ">([^<]+)</").matcher(pom);
        assertTrue(matcher.find(), "the root pom has no property " + name);
        return matcher.group(1);
    }

    /** The version after the first {@code <artifactId>artifact</artifactId>} of {@code xml}, or null for none. */
    private static String version(String xml, String artifact) {
        Matcher matcher = Pattern.compile("<artifactId>" + Pattern.quote(artifact) + "</artifactId>[^\\n]*\\n\\s*"
                + "<version>([^<]+)</version>").matcher(xml);
        return matcher.find() ? matcher.group(1) : null;
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
        assertEquals(lwjgl, version(section, "lwjgl-bom"), "Maven BOM version");
        assertTrue(section.contains("org.lwjgl:lwjgl-bom:" + lwjgl), "Gradle BOM version " + lwjgl);
        assertEquals(log4j, version(section, "log4j-core"), "Maven Log4j version");
        assertTrue(section.contains("log4j-core:" + log4j), "Gradle Log4j version " + log4j);
        assertEquals(flatscene, version(section, "scene-render"), "Maven FlatScene version");
        assertEquals(2, count(section, flatscene), "FlatScene's version " + flatscene + " in both snippets");
        assertEquals(version(pom, "maven-compiler-plugin"), version(section, "maven-compiler-plugin"),
                "the compiler plugin's version");
    }

    private static int count(String text, String part) {
        int n = 0;
        for (int i = text.indexOf(part); i >= 0; i = text.indexOf(part, i + 1)) {
            n++;
        }
        return n;
    }
}
