package io.flatscene.core.config;

import java.io.BufferedReader;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Properties;
import java.util.TreeSet;
import java.util.function.BiConsumer;
import java.util.function.Predicate;

/**
 * How a {@link SettingTable} reads: a properties file in UTF-8, properties applied in key order with their values
 * trimmed, and an unknown key answered with the known key nearest to it.
 */
final class ConfigReader {
    /** Further than this many edits, a suggestion is more likely to confuse than help. */
    private static final int MAX_SUGGESTION_DISTANCE = 3;

    private static final char BYTE_ORDER_MARK = '\uFEFF';

    private ConfigReader() {
    }

    /**
     * Reads a {@link Properties} file in UTF-8.
     *
     * <p>A byte-order mark at the start is skipped.
     *
     * @param file the file's path, not null
     * @return the properties as the file holds them, values not yet trimmed
     * @throws ConfigException naming the file if it cannot be read or is not a properties file
     */
    static Properties read(Path file) {
        Properties properties = new Properties();
        try (BufferedReader reader = Files.newBufferedReader(file)) {
            // editors on Windows start UTF-8 files with a byte-order mark, which would otherwise join the first key
            reader.mark(1);
            if (reader.read() != BYTE_ORDER_MARK) {
                reader.reset();
            }
            properties.load(reader);
        } catch (IOException | IllegalArgumentException e) {
            // IllegalArgumentException: Properties.load on a malformed \\uXXXX escape
            throw new ConfigException(file, e);
        }
        return properties;
    }

    /**
     * Feeds every property whose key {@code accepted} selects to {@code setter} in key order, so that the first
     * error reported does not depend on hash order, and returns the {@code key=value} pairs applied.
     *
     * @param accepted the keys to read: for system properties, those in the table's namespace, since the rest
     *                 belong to someone else
     * @param setter   takes a key and its value, whitespace trimmed, and throws a {@link ConfigException} for an
     *                 unknown key or a bad value
     * @param properties the properties to read, not null; not changed
     * @return the applied pairs, {@code key=value}, in key order; empty if no key was accepted
     * @throws ConfigException what {@code setter} throws, at the first bad key in key order
     */
    static List<String> apply(Properties properties, Predicate<String> accepted, BiConsumer<String, String> setter) {
        List<String> applied = new ArrayList<>();
        for (String key : new TreeSet<>(properties.stringPropertyNames())) {
            if (!accepted.test(key)) {
                continue;
            }
            // Properties trims leading whitespace only; a trailing blank in a file is invisible and never meant
            String value = properties.getProperty(key).trim();
            setter.accept(key, value);
            applied.add(key + "=" + value);
        }
        return applied;
    }

    /**
     * The rule an unknown key breaks, for its {@link ConfigException}: the known key nearest to it as a suggestion,
     * or the list of known keys when none is near.
     *
     * @param prefix    the prefix every known key starts with, tried in front of {@code key} too, so that a key
     *                  written without it is still recognized
     * @param knownKeys every key of the configuration
     * @param key       the unknown key as written
     * @return the rule text, e.g. {@code unknown key, did you mean flatscene.maxNodes?}
     */
    static String unknownKeyRule(String key, String prefix, List<String> knownKeys) {
        String closest = closestKey(key, prefix, knownKeys);
        return closest != null ? "unknown key, did you mean " + closest + "?"
                : "unknown key, known keys are " + knownKeys;
    }

    /** The known key nearest to {@code key} ignoring case, also tried with the prefix added; null if none is near. */
    static String closestKey(String key, String prefix, List<String> knownKeys) {
        String lower = key.toLowerCase(Locale.ROOT);
        String lowerPrefix = prefix.toLowerCase(Locale.ROOT);
        String prefixed = lower.startsWith(lowerPrefix) ? lower : lowerPrefix + lower;
        String best = null;
        int bestDistance = MAX_SUGGESTION_DISTANCE + 1;
        for (String known : knownKeys) {
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
