package io.flatscene.samples.jme;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The README's jMonkeyEngine section says what this module does: its pom names the versions this build uses and its
 * count of checked GL state values is the test's (samples' ReadmeSnippetsTest keeps its processor lines the
 * sample's).
 */
class ReadmeJmeSectionTest {
    private static final String HEADING = "## Embedding in jMonkeyEngine";
    private static final Path ROOT = Path.of("").toAbsolutePath().getParent().getParent();

    private static String section() throws IOException {
        String readme = Files.readString(ROOT.resolve("README.md"));
        int start = readme.indexOf(HEADING);
        assertTrue(start >= 0, "README has no '" + HEADING + "' section");
        int end = readme.indexOf("\n## ", start + HEADING.length());
        return readme.substring(start, end < 0 ? readme.length() : end);
    }

    private static String pomProperty(String pom, String name) {
        Matcher matcher = Pattern.compile("<" + Pattern.quote(name) + ">([^<]+)</").matcher(pom);
        assertTrue(matcher.find(), "the root pom has no property " + name);
        return matcher.group(1);
    }

    @Test
    void thePomNamesThisBuildsVersions() throws IOException {
        String section = section();
        String pom = Files.readString(ROOT.resolve("pom.xml"));
        for (List<String> dependency : List.of(List.of("lwjgl-bom", "lwjgl.version"),
                List.of("jme3-lwjgl3", "jme.version"), List.of("scene-render", "version"),
                List.of("log4j-core", "log4j.version"))) {
            Matcher version = Pattern.compile("<artifactId>" + dependency.get(0) + "</artifactId>[^\\n]*\\n\\s*"
                    + "<version>([^<]+)</version>").matcher(section);
            assertTrue(version.find(), "no version for " + dependency.get(0));
            assertEquals(pomProperty(pom, dependency.get(1)), version.group(1), dependency.get(0));
        }
    }

    @Test
    void theCheckedStateCountIsTheTests() throws IOException {
        assertTrue(section().contains(GlState.size() + " GL state values"), "README should say " + GlState.size()
                + " GL state values");
    }
}
