package io.flatscene.core.testing;

import io.flatscene.core.config.ConfigException;
import io.flatscene.core.config.Setting;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Holds {@code docs/flatscene.properties} to the settings' declarations. Each setting has one entry there: its doc
 * and its rule as comment lines wrapped at {@value #WIDTH} columns, then its key set to its default; a default that
 * depends on the machine is described in the comment and the key line is commented out, with any value the rule
 * accepts. A failure lists every entry that differs with the lines to write instead, so that a new or changed
 * declaration is documented by pasting them.
 */
public final class SampleFileCheck {
    /** The sample, from a module's directory, where its tests run. */
    public static final Path SAMPLE = Path.of("../docs/flatscene.properties");

    private static final int WIDTH = 120;
    /** A key line, set or commented out: the key and the value. */
    private static final Pattern KEY_LINE = Pattern.compile("#?([A-Za-z0-9_.]+)=(.*)");

    private SampleFileCheck() {
    }

    /**
     * Checks that {@code file} documents each of {@code settings} as declared, in declaration order, and no other key
     * of their namespace.
     *
     * @param file      the sample file
     * @param settings  one configuration's settings, in declaration order
     * @param namespace the keys that are that configuration's, so that an entry no setting declares any more is found
     * @throws AssertionError naming each entry to add, change, move or remove, with the lines to write
     */
    public static void assertDocuments(Path file, List<Setting<?>> settings, Predicate<String> namespace)
            throws IOException {
        List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        List<String> problems = new ArrayList<>();
        List<String> declared = new ArrayList<>();
        List<String> listed = new ArrayList<>();
        for (Setting<?> setting : settings) {
            declared.add(setting.key());
        }
        for (int i = 0; i < lines.size(); i++) {
            Matcher keyLine = KEY_LINE.matcher(lines.get(i));
            if (!keyLine.matches() || !namespace.test(keyLine.group(1))) {
                continue;
            }
            String key = keyLine.group(1);
            int at = declared.indexOf(key);
            if (at < 0) {
                problems.add(key + ": no setting declares it; remove its entry:\n" + indent(entryAt(lines, i)));
            } else if (listed.contains(key)) {
                problems.add(key + ": listed twice; keep one entry:\n" + indent(entry(settings.get(at), null)));
            } else {
                listed.add(key);
                List<String> expected = entry(settings.get(at), keyLine.group(2));
                List<String> actual = entryAt(lines, i);
                if (!expected.equals(actual)) {
                    problems.add(key + ": replace\n" + indent(actual) + "  with\n" + indent(expected));
                }
                problems.addAll(exampleProblems(settings.get(at), lines.get(i), keyLine.group(2)));
            }
        }
        for (Setting<?> setting : settings) {
            if (!listed.contains(setting.key())) {
                problems.add(setting.key() + ": missing; add, in declaration order:\n" + indent(entry(setting, null)));
            }
        }
        List<String> order = new ArrayList<>(declared);
        order.retainAll(listed);
        if (problems.isEmpty() && !order.equals(listed)) {
            problems.add("the entries are out of order; list them as declared: " + declared);
        }
        if (!problems.isEmpty()) {
            throw new AssertionError(file + " differs from the declarations; make these changes:\n- "
                    + String.join("\n- ", problems));
        }
    }

    /**
     * The entry a setting has in the sample: its comment lines, then its key line.
     *
     * @param setting the setting
     * @param example for a default that depends on the machine, the value the commented-out key line shows; null for
     *                one the rule accepts
     * @return the lines, without line breaks
     */
    public static List<String> entry(Setting<?> setting, String example) {
        String rule = setting.rule();
        StringBuilder text = new StringBuilder(setting.doc()).append(' ')
                .append(rule.substring(0, 1).toUpperCase(Locale.ROOT)).append(rule.substring(1)).append('.');
        String keyLine;
        if (setting.defaultDescription() == null) {
            keyLine = setting.key() + "=" + setting.defaultValue();
        } else {
            text.append(" Default: ").append(setting.defaultDescription()).append(", so the key is left unset here.");
            keyLine = "#" + setting.key() + "=" + (example != null ? example : setting.defaultValue());
        }
        List<String> lines = wrap(text.toString());
        lines.add(keyLine);
        return lines;
    }

    /** A commented-out key line must still hold a value the rule accepts, for whoever uncomments it. */
    private static List<String> exampleProblems(Setting<?> setting, String line, String value) {
        if (setting.defaultDescription() == null || !line.startsWith("#")) {
            return List.of();
        }
        try {
            setting.parse(value.trim(), "the sample");
            return List.of();
        } catch (ConfigException e) {
            return List.of(setting.key() + ": the commented-out value breaks the rule: " + e.getMessage());
        }
    }

    /** The comment lines directly above line {@code keyLine}, then that line. */
    private static List<String> entryAt(List<String> lines, int keyLine) {
        int first = keyLine;
        while (first > 0 && lines.get(first - 1).startsWith("# ")) {
            first--;
        }
        return new ArrayList<>(lines.subList(first, keyLine + 1));
    }

    private static List<String> wrap(String text) {
        List<String> lines = new ArrayList<>();
        StringBuilder line = new StringBuilder("#");
        for (String word : text.split(" ")) {
            if (line.length() > 1 && line.length() + 1 + word.length() > WIDTH) {
                lines.add(line.toString());
                line.setLength(1);
            }
            line.append(' ').append(word);
        }
        lines.add(line.toString());
        return lines;
    }

    private static String indent(List<String> lines) {
        StringBuilder text = new StringBuilder();
        for (String line : lines) {
            text.append("    ").append(line).append('\n');
        }
        return text.toString();
    }
}
