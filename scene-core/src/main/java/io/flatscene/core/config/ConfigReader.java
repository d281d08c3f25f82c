package io.flatscene.core.config;

import java.io.IOException;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Properties;
import java.util.TreeSet;

/** Turns properties into builder calls: reading the file, filtering overrides, and naming unknown keys helpfully. */
final class ConfigReader {
    /** Further than this many edits, a suggestion is more likely to confuse than help. */
    private static final int MAX_SUGGESTION_DISTANCE = 3;

    private ConfigReader() {
    }

    static Properties read(Path file) {
        Properties properties = new Properties();
        try (Reader reader = Files.newBufferedReader(file)) {
            properties.load(reader);
        } catch (IOException | IllegalArgumentException e) {
            // IllegalArgumentException: Properties.load on a malformed \\uXXXX escape
            throw new ConfigException(file, e);
        }
        return properties;
    }

    /**
     * Feeds every property to the builder in key order, so that the first error reported does not depend on hash
     * order, and returns the {@code key=value} pairs applied.
     *
     * @param prefixedOnly read only keys shaped like scene keys ({@code flatscene.<name>}): the rest of the system
     *                     properties belong to someone else
     */
    static List<String> apply(SceneConfig.Builder builder, Properties properties, boolean prefixedOnly,
                              String source) {
        List<String> applied = new ArrayList<>();
        for (String key : new TreeSet<>(properties.stringPropertyNames())) {
            if (prefixedOnly && !isSceneKeyShape(key)) {
                continue;
            }
            // Properties trims leading whitespace only; a trailing blank in a file is invisible and never meant
            String value = properties.getProperty(key).trim();
            builder.set(key, value, source);
            applied.add(key + "=" + value);
        }
        return applied;
    }

    /**
     * Scene keys are {@code flatscene.<name>}; a further dot marks another component's namespace, such as the
     * renderer's {@code flatscene.render.*}, which share the system properties but are not the scene's to judge.
     */
    private static boolean isSceneKeyShape(String key) {
        return key.startsWith(SceneConfig.KEY_PREFIX) && key.indexOf('.', SceneConfig.KEY_PREFIX.length()) < 0;
    }

    static String unknownKeyRule(String key) {
        String closest = closestKey(key);
        return closest != null ? "unknown key, did you mean " + closest + "?"
                : "unknown key, known keys are " + SceneConfig.keys();
    }

    /** The known key nearest to {@code key} ignoring case, also tried with the prefix added; null if none is near. */
    static String closestKey(String key) {
        String lower = key.toLowerCase(Locale.ROOT);
        String prefixed = lower.startsWith(SceneConfig.KEY_PREFIX) ? lower : SceneConfig.KEY_PREFIX + lower;
        String best = null;
        int bestDistance = MAX_SUGGESTION_DISTANCE + 1;
        for (String known : SceneConfig.keys()) {
            String knownLower = known.toLowerCase(Locale.ROOT);
            int distance = Math.min(distance(lower, knownLower), distance(prefixed, knownLower));
            if (distance < bestDistance) {
                best = known;
                bestDistance = distance;
            }
        }
        return best;
    }

    /** Levenshtein distance; keys are short, so the quadratic table is fine. */
    static int distance(String a, String b) {
        int[] previous = new int[b.length() + 1];
        int[] current = new int[b.length() + 1];
        for (int j = 0; j <= b.length(); j++) {
            previous[j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            current[0] = i;
            for (int j = 1; j <= b.length(); j++) {
                int substitution = previous[j - 1] + (a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1);
                current[j] = Math.min(substitution, Math.min(previous[j], current[j - 1]) + 1);
            }
            int[] swap = previous;
            previous = current;
            current = swap;
        }
        return previous[b.length()];
    }
}
