package io.flatscene.samples.readme;

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
 * Every Java block of the README is code the build compiles: the line before it names a main source file
 * ({@code <!-- compiled: path -->}), and every code line of the block appears in that file in the same order. Comments
 * are the README's own (a line's comment is not compared, a comment line stands for code left out), so the prose can
 * explain while the code cannot drift.
 */
class ReadmeSnippetsTest {
    private static final Path ROOT = Path.of("").toAbsolutePath().getParent();
    private static final Pattern SOURCE = Pattern.compile("<!-- compiled: (\\S+/src/main/java/\\S+\\.java) -->");

    /** A Java block of the README: the line of its fence, the file its marker names (null for none), its lines. */
    record Block(int line, String source, List<String> lines) {
    }

    static List<Block> javaBlocks(List<String> readme) {
        List<Block> blocks = new ArrayList<>();
        for (int i = 0; i < readme.size(); i++) {
            if (!readme.get(i).startsWith("```")) {
                continue;
            }
            int end = i + 1;
            while (end < readme.size() && !readme.get(end).startsWith("```")) {
                end++;
            }
            if (readme.get(i).equals("```java")) {
                Matcher marker = SOURCE.matcher(i > 0 ? readme.get(i - 1) : "");
                blocks.add(new Block(i + 1, marker.matches() ? marker.group(1) : null, readme.subList(i + 1, end)));
            }
            i = end;
        }
        return blocks;
    }

    /** The line without its {@code //} comment (one outside a string literal), stripped. */
    static String code(String line) {
        boolean inString = false;
        for (int i = 0; i < line.length(); i++) {
            char c = line.charAt(i);
            if (inString && c == '\\') {
                i++;
            } else if (c == '"') {
                inString = !inString;
            } else if (!inString && line.startsWith("//", i)) {
                return line.substring(0, i).strip();
            }
        }
        return line.strip();
    }

    /** What is wrong with {@code block}: no marker, a missing file, or the first line not found in order. */
    static List<String> problems(Block block) throws IOException {
        String where = "README.md:" + block.line() + ": ";
        if (block.source() == null) {
            return List.of(where + "a ```java block needs '<!-- compiled: <module>/src/main/java/...java -->' on the"
                    + " line before it, naming the file whose code it shows");
        }
        Path file = ROOT.resolve(block.source());
        if (!Files.isRegularFile(file)) {
            return List.of(where + block.source() + " does not exist");
        }
        List<String> source = Files.readAllLines(file).stream().map(ReadmeSnippetsTest::code).toList();
        int at = 0;
        for (String line : block.lines()) {
            String code = code(line);
            if (code.isEmpty()) {
                continue;
            }
            int found = source.subList(at, source.size()).indexOf(code);
            if (found < 0) {
                return List.of(where + "'" + code + "' is not a line of " + block.source() + " after its line " + at);
            }
            at += found + 1;
        }
        return List.of();
    }

    @Test
    void everyJavaBlockShowsTheLinesOfTheSourceItNamesInOrder() throws IOException {
        List<Block> blocks = javaBlocks(Files.readAllLines(ROOT.resolve("README.md")));
        assertTrue(blocks.size() >= 9, "the README's Java blocks: " + blocks.size());
        List<String> problems = new ArrayList<>();
        for (Block block : blocks) {
            problems.addAll(problems(block));
        }
        assertEquals(List.of(), problems);
    }

    @Test
    void aBlockIsRefusedWithoutAMarkerOrWithALineItsSourceLacksOrHasElsewhere() throws IOException {
        String source = "samples/src/main/java/io/flatscene/samples/readme/GameData.java";
        List<String> readme = List.of("```java", "ship.setVisible(false);", "```",
                "<!-- compiled: " + source + " -->", "```java", "ship.setVisible(true);", "```",
                "<!-- compiled: " + source + " -->", "```java", "ship.setVisible(false);   // hides it",
                "long id = hull.tag();", "```",
                "<!-- compiled: " + source + " -->", "```java", "// the README's own comment",
                "long id = hull.tag();", "ship.setVisible(false);   // hides it", "```");
        List<Block> blocks = javaBlocks(readme);
        assertEquals(4, blocks.size());
        assertTrue(problems(blocks.get(0)).get(0).contains("needs '<!-- compiled:"), problems(blocks.get(0)).get(0));
        assertTrue(problems(blocks.get(1)).get(0).contains("'ship.setVisible(true);' is not a line of"));
        assertTrue(problems(blocks.get(2)).get(0).contains("'long id = hull.tag();' is not a line of"));
        assertEquals(List.of(), problems(blocks.get(3)));
    }

    @Test
    void aCommentStartsOutsideStringLiterals() {
        assertEquals("int a = 1;", code("    int a = 1; // one"));
        String literal = "String s = \"// not a comment \\\" //\";";
        assertEquals(literal, code(literal + " // one"));
        assertEquals("", code("// ... the rest ..."));
    }
}
