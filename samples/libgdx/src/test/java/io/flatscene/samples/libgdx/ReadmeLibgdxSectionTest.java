package io.flatscene.samples.libgdx;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The README's "Embedding in libGDX" section names this build's versions: its pom snippet names the LWJGL, libGDX,
 * Log4j and FlatScene versions the root pom builds with (samples' ReadmeSnippetsTest keeps its Java blocks the
 * sample's code).
 */
class ReadmeLibgdxSectionTest {
    private static final String HEADING = "## Embedding in libGDX";

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
