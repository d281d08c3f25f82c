package io.flatscene.samples.libgdx;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The README's "Embedding in libGDX" section shows the sample's real code and this build's versions: each Java
 * snippet's code lines (its comments are the README's own) appear in its source file in the same order, and the pom
 * snippet names the LWJGL, libGDX, Log4j and FlatScene versions the root pom builds with.
 */
class ReadmeLibgdxSectionTest {
    private static final String HEADING = "## Embedding in libGDX";
    private static final String SOURCES = "samples/libgdx/src/main/java/io/flatscene/samples/libgdx/";
    /** The file each Java snippet of the section comes from, in the section's order. */
    private static final List<String> SNIPPET_FILES = List.of("LibgdxSample.java", "CubeFieldGame.java",
            "CameraMirror.java");

    private static Path root() {
        return Path.of("").toAbsolutePath().getParent().getParent();
    }

    private static String section() throws IOException {
        String readme = Files.readString(root().resolve("README.md"));
        int start = readme.indexOf(HEADING);
        assertTrue(start >= 0, "README has no '" + HEADING + "' section");
        int end = readme.indexOf("\n## ", start + HEADING.length());
        return readme.substring(start, end < 0 ? readme.length() : end);
    }

    private static List<String> blocks(String section, String language) {
        List<String> blocks = new ArrayList<>();
        String fence = "```" + language + "\n";
        for (int start = section.indexOf(fence); start >= 0; start = section.indexOf(fence, start)) {
            start += fence.length();
            int end = section.indexOf("```", start);
            blocks.add(section.substring(start, end));
            start = end + 3;
        }
        return blocks;
    }

    @Test
    void everyJavaSnippetLineIsALineOfItsSourceInOrder() throws IOException {
        List<String> snippets = blocks(section(), "java");
        assertEquals(SNIPPET_FILES.size(), snippets.size(), "Java snippets in the section");
        for (int i = 0; i < snippets.size(); i++) {
            List<String> snippet = snippets.get(i).lines().map(String::trim)
                    .filter(line -> !line.isEmpty() && !line.startsWith("//")).collect(Collectors.toList());
            List<String> source = Files.readAllLines(root().resolve(SOURCES + SNIPPET_FILES.get(i))).stream()
                    .map(String::trim).collect(Collectors.toList());
            int at = 0;
            for (String line : snippet) {
                int found = source.subList(at, source.size()).indexOf(line);
                assertTrue(found >= 0, "README line not found in " + SNIPPET_FILES.get(i) + " after line " + at + ": "
                        + line);
                at += found + 1;
            }
        }
    }

    @Test
    void thePomSnippetNamesThisBuildsVersions() throws IOException {
        List<String> poms = blocks(section(), "xml");
        assertEquals(1, poms.size(), "pom snippets in the section");
        String snippet = poms.get(0);
        String pom = Files.readString(root().resolve("pom.xml"));
        assertVersion(snippet, "lwjgl-bom", pomProperty(pom, "lwjgl.version"));
        assertVersion(snippet, "gdx-backend-lwjgl3", pomProperty(pom, "gdx.version"));
        assertVersion(snippet, "gdx-platform", pomProperty(pom, "gdx.version"));
        assertVersion(snippet, "scene-render", pomProperty(pom, "version"));
        assertVersion(snippet, "log4j-core", pomProperty(pom, "log4j.version"));
    }

    private static void assertVersion(String snippet, String artifact, String version) {
        Matcher matcher = Pattern.compile("<artifactId>" + Pattern.quote(artifact) + "</artifactId>[^\n]*\n\\s*"
                + "<version>([^<]+)</version>").matcher(snippet);
        assertTrue(matcher.find(), "the pom snippet has no " + artifact + " with a version");
        assertEquals(version, matcher.group(1), artifact + "'s version");
    }

    private static String pomProperty(String pom, String name) {
        Matcher matcher = Pattern.compile("<" + Pattern.quote(name) + ">([^<]+)</").matcher(pom);
        assertTrue(matcher.find(), "the root pom has no " + name);
        return matcher.group(1);
    }
}
