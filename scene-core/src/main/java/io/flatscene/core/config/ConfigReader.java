package io.flatscene.core.config;

import java.io.BufferedReader;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Properties;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.BiConsumer;
import java.util.function.Function;
import java.util.function.Predicate;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;

/**
 * Turns properties into builder calls: reading the file, filtering overrides, applying the system properties and
 * naming unknown keys helpfully. Public so that the other modules' configurations (the renderer's
 * {@code flatscene.render.*}) read their files and system properties by the same rules, with the same precedence, and
 * fail with the same {@link ConfigException}s as {@link SceneConfig}.
 */
public final class ConfigReader {
    /** Where a value set with {@code -D} came from, as exceptions and the log name it. */
    public static final String SYSTEM_PROPERTY = "system property";

    private static final Logger LOG = LogManager.getLogger(ConfigReader.class);
    /**
     * The override lines logged so far: a game may build a configuration many times, and each is said once. The
     * tests empty it, to see each line they cause.
     */
    static final Set<String> LOGGED_OVERRIDES = ConcurrentHashMap.newKeySet();

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
    public static Properties read(Path file) {
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
     * @param accepted the keys to read: for system properties, those in the caller's namespace, since the rest
     *                 belong to someone else
     * @param setter   takes a key and its value, whitespace trimmed, and throws a {@link ConfigException} for an
     *                 unknown key or a bad value
     * @param properties the properties to read, not null; not changed
     * @return the applied pairs, {@code key=value}, in key order; empty if no key was accepted
     * @throws ConfigException what {@code setter} throws, at the first bad key in key order
     */
    public static List<String> apply(Properties properties, Predicate<String> accepted,
                                     BiConsumer<String, String> setter) {
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
     * Applies the JVM's system properties in the caller's namespace over a builder, last: a {@code -D} setting is the
     * operator's word at launch, so it wins over the defaults, a file and values set in code. Each override is
     * logged once per JVM at INFO with the value it replaced, so that the log says why a configuration differs from
     * what its code or file asks for.
     *
     * @param accepted the keys in the caller's namespace: the other system properties belong to someone else
     * @param current  the value a key holds before its override, for the log; called before {@code setter}
     * @param setter   takes a key and its value, whitespace trimmed, and throws a {@link ConfigException} naming
     *                 {@link #SYSTEM_PROPERTY} as the source for an unknown key or a bad value
     * @throws ConfigException what {@code setter} throws, at the first bad key in key order
     */
    public static void applySystemProperties(Predicate<String> accepted, Function<String, Object> current,
                                             BiConsumer<String, String> setter) {
        apply(System.getProperties(), accepted, (key, value) -> {
            Object replaced = current.apply(key);
            setter.accept(key, value);
            String line = "-D" + key + "=" + value + " replaces " + replaced;
            if (LOGGED_OVERRIDES.add(line)) {
                LOG.info("{}: a system property wins over the defaults, a configuration file and the code", line);
            }
        });
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
    public static String unknownKeyRule(String key, String prefix, List<String> knownKeys) {
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

    /**
     * The rule text of an integer range, as every configuration words it.
     *
     * @param min the smallest accepted value
     * @param max the largest accepted value
     * @return e.g. {@code must be an integer between 1 and 1024}
     */
    public static String rangeRule(int min, int max) {
        return "must be an integer between " + min + " and " + max;
    }

    /**
     * Checks a value set in code against its range.
     *
     * @param key   the key the value is set under, named in the exception
     * @param value the value to check
     * @param min   the smallest accepted value
     * @param max   the largest accepted value
     * @param rule  the rule text for the exception, as {@link #rangeRule} words it
     * @throws ConfigException naming the key, the value and the rule
     */
    public static void checkRange(String key, int value, int min, int max, String rule) {
        if (value < min || value > max) {
            throw new ConfigException(key, Integer.toString(value), rule, null);
        }
    }

    /**
     * Parses an integer in {@code [min, max]}.
     *
     * @param key    the key the value is set under, named in the exception
     * @param value   the text, already trimmed; a sign is accepted, spaces, underscores and decimals are not
     * @param min    the smallest accepted value
     * @param max    the largest accepted value
     * @param rule   the rule text for the exception, as {@link #rangeRule} words it
     * @param source where the text came from, for the exception; null for a value set in code
     * @return the parsed value, {@code min} to {@code max}
     * @throws ConfigException naming key, value, rule and source for a non-number or a value out of range
     */
    public static int parseInt(String key, String value, int min, int max, String rule, String source) {
        int parsed;
        try {
            // Integer.parseInt rejects overflow as well as non-numbers, so both read as the range rule
            parsed = Integer.parseInt(value);
        } catch (NumberFormatException e) {
            throw new ConfigException(key, value, rule, source);
        }
        if (parsed < min || parsed > max) {
            throw new ConfigException(key, value, rule, source);
        }
        return parsed;
    }

    /**
     * The rule text of an enum setting, listing every constant of {@code type} in declaration order, e.g.
     * {@code must be GROW, FAIL or ON_DEMAND (case-insensitive)}: derived from the enum, so that a constant added
     * later is named by the message that {@link #parseEnum} accepts it under.
     *
     * @param <E>  the enum type
     * @param type the enum's class, with at least one constant
     * @return e.g. {@code must be AUTO, VECTOR or SCALAR (case-insensitive)}
     */
    public static <E extends Enum<E>> String enumRule(Class<E> type) {
        E[] constants = type.getEnumConstants();
        StringBuilder names = new StringBuilder(constants[0].name());
        for (int i = 1; i < constants.length; i++) {
            names.append(i == constants.length - 1 ? " or " : ", ").append(constants[i].name());
        }
        return "must be " + names + " (case-insensitive)";
    }

    /**
     * Parses a constant of {@code type} by name, in any case.
     *
     * @param <E>    the enum type
     * @param type   the enum's class
     * @param key    the key the value is set under, named in the exception
     * @param value  the text, already trimmed
     * @param rule   the rule text for the exception, as {@link #enumRule} words it
     * @param source where the text came from, for the exception; null for a value set in code
     * @return the constant whose name equals {@code value} ignoring case
     * @throws ConfigException naming key, value, rule and source when no constant has that name
     */
    public static <E extends Enum<E>> E parseEnum(Class<E> type, String key, String value, String rule,
                                                  String source) {
        String upper = value.toUpperCase(Locale.ROOT);
        for (E constant : type.getEnumConstants()) {
            if (constant.name().equals(upper)) {
                return constant;
            }
        }
        throw new ConfigException(key, value, rule, source);
    }

    /**
     * Parses {@code true} or {@code false}, in any case: stricter than {@link Boolean#parseBoolean}, which reads
     * "yes" or "on" as false without a word.
     *
     * @param key    the key the value is set under, named in the exception
     * @param value  the text, already trimmed
     * @param rule   the rule text for the exception
     * @param source where the text came from, for the exception; null for a value set in code
     * @return the parsed value
     * @throws ConfigException naming key, value, rule and source for anything else
     */
    public static boolean parseBoolean(String key, String value, String rule, String source) {
        if (value.equalsIgnoreCase("true")) {
            return true;
        }
        if (value.equalsIgnoreCase("false")) {
            return false;
        }
        throw new ConfigException(key, value, rule, source);
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
