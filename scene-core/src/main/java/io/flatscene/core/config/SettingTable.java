package io.flatscene.core.config;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Properties;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.function.Supplier;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;

/**
 * The settings of one configuration ({@link SceneConfig}'s, the renderer's), declared once each and held in
 * declaration order, and what follows from them: the values a configuration and its builder hold, starting from
 * the defaults; a properties file or in-memory properties applied over them in key order; the check of values set
 * in code; the JVM's system properties, applied last; and the line that lists every value. Every configuration
 * reads by these rules, with the same precedence, and fails with the same {@link ConfigException}s.
 *
 * <p>A configuration declares each key with one call, in the order its log line and its documentation list them:
 * <pre>{@code
 * static final SettingTable SETTINGS = new SettingTable("SceneConfig", "flatscene.", key -> ...);
 * public static final Setting<Integer> MAX_NODES = SETTINGS.integer("flatscene.maxNodes", 1, MAX_CAPACITY, 65_536,
 *         "Scene nodes allocated up front, the root included.");
 * }</pre>
 */
public final class SettingTable {
    /** Where a value set with {@code -D} came from, as exceptions name it. */
    static final String SYSTEM_PROPERTY = "system property";
    private static final String BOOLEAN_RULE = "must be true or false (case-insensitive)";

    private static final Logger LOG = LogManager.getLogger(SettingTable.class);
    /**
     * The override lines logged so far: a game may build a configuration many times, and each is said once. The
     * tests empty it, to see each line they cause.
     */
    static final Set<String> LOGGED_OVERRIDES = ConcurrentHashMap.newKeySet();

    private final String name;
    private final String keyPrefix;
    private final Predicate<String> namespace;
    /** Grows only while the owning configuration's class initializes, one setting per declaration. */
    private final List<Setting<?>> settings = new ArrayList<>();
    private final List<String> keys = new ArrayList<>();
    private final Map<String, Setting<?>> byKey = new HashMap<>();

    /**
     * An empty table, which the configuration's declarations fill.
     *
     * @param name      the configuration's name, which starts its log line, e.g. {@code SceneConfig}
     * @param keyPrefix the prefix every key starts with, also tried in front of an unknown key to suggest the key
     *                  meant, e.g. {@code flatscene.}
     * @param namespace the keys this configuration judges among the system properties and the overrides: every one
     *                  it accepts must be a declared key, and the others belong to someone else
     */
    public SettingTable(String name, String keyPrefix, Predicate<String> namespace) {
        this.name = Objects.requireNonNull(name, "name");
        this.keyPrefix = Objects.requireNonNull(keyPrefix, "keyPrefix");
        this.namespace = Objects.requireNonNull(namespace, "namespace");
    }

    /**
     * Declares an integer setting.
     *
     * @param key       the key, starting with the table's prefix and in its namespace, declared once
     * @param min       the smallest value accepted
     * @param max       the largest value accepted
     * @param byDefault the default, {@code min} to {@code max}
     * @param doc       what the key sets, for the documentation
     * @return the setting, whose rule reads e.g. {@code must be an integer between 1 and 1024}
     * @throws IllegalArgumentException if the key is taken or outside the namespace, the bounds are reversed, the
     *                                  default is out of range or the doc is blank
     */
    public Setting<Integer> integer(String key, int min, int max, int byDefault, String doc) {
        if (byDefault < min || byDefault > max) {
            throw new IllegalArgumentException(key + ": the default " + byDefault + " is outside " + min + " to "
                    + max);
        }
        return addInteger(key, min, max, () -> byDefault, null, doc);
    }

    /**
     * Declares an integer setting whose default depends on the machine, so that a sample file leaves it unset.
     *
     * @param key                the key, starting with the table's prefix and in its namespace, declared once
     * @param min                the smallest value accepted
     * @param max                the largest value accepted
     * @param byDefault          computes the default, {@code min} to {@code max}, each time a configuration starts
     *                           from the defaults
     * @param defaultDescription how the documentation words the default, e.g.
     *                           {@code the number of available processors}
     * @param doc                what the key sets, for the documentation
     * @return the setting, whose rule reads e.g. {@code must be an integer between 1 and 1024}
     * @throws IllegalArgumentException if the key is taken or outside the namespace, the bounds are reversed or a
     *                                  text is blank
     */
    public Setting<Integer> integer(String key, int min, int max, Supplier<Integer> byDefault,
                                    String defaultDescription, String doc) {
        return addInteger(key, min, max, byDefault, Objects.requireNonNull(defaultDescription, "defaultDescription"),
                doc);
    }

    private Setting<Integer> addInteger(String key, int min, int max, Supplier<Integer> byDefault,
                                        String defaultDescription, String doc) {
        if (min > max) {
            throw new IllegalArgumentException(key + ": the range " + min + " to " + max + " is empty");
        }
        return add(key, Integer.class, SettingTable::parseInteger, value -> value >= min && value <= max,
                "must be an integer between " + min + " and " + max, byDefault, defaultDescription, doc);
    }

    /**
     * Declares a setting that is true or false, written in any case.
     *
     * @param key       the key, starting with the table's prefix and in its namespace, declared once
     * @param byDefault the default
     * @param doc       what the key sets, for the documentation
     * @return the setting, whose rule reads {@code must be true or false (case-insensitive)}
     * @throws IllegalArgumentException if the key is taken or outside the namespace, or the doc is blank
     */
    public Setting<Boolean> bool(String key, boolean byDefault, String doc) {
        // stricter than Boolean.parseBoolean, which reads "yes" or "on" as false without a word
        return add(key, Boolean.class, text -> text.equalsIgnoreCase("true") ? Boolean.TRUE
                        : text.equalsIgnoreCase("false") ? Boolean.FALSE : null, value -> true, BOOLEAN_RULE,
                () -> byDefault, null, doc);
    }

    /**
     * Declares a setting that is one of an enum's constants, named in any case.
     *
     * @param <E>       the enum type
     * @param key       the key, starting with the table's prefix and in its namespace, declared once
     * @param byDefault the default, whose class is the setting's type
     * @param doc       what the key sets, for the documentation
     * @return the setting, whose rule names every constant in declaration order, e.g.
     *         {@code must be GROW, FAIL or ON_DEMAND (case-insensitive)}, so that a constant added later is named by
     *         the message of the setting that accepts it
     * @throws IllegalArgumentException if the key is taken or outside the namespace, or the doc is blank
     */
    public <E extends Enum<E>> Setting<E> choice(String key, E byDefault, String doc) {
        Class<E> type = byDefault.getDeclaringClass();
        E[] constants = type.getEnumConstants();
        StringBuilder names = new StringBuilder(constants[0].name());
        for (int i = 1; i < constants.length; i++) {
            names.append(i == constants.length - 1 ? " or " : ", ").append(constants[i].name());
        }
        return add(key, type, text -> constantNamed(constants, text), value -> true,
                "must be " + names + " (case-insensitive)", () -> byDefault, null, doc);
    }

    private <T> Setting<T> add(String key, Class<T> type, Function<String, T> parser, Predicate<T> accepts,
                               String rule, Supplier<T> byDefault, String defaultDescription, String doc) {
        Objects.requireNonNull(key, "key");
        if (!key.startsWith(keyPrefix) || !namespace.test(key)) {
            throw new IllegalArgumentException(key + ": not a key of " + name + ", whose keys start with "
                    + keyPrefix + " and are read from its namespace");
        }
        if (byKey.containsKey(key)) {
            throw new IllegalArgumentException(key + ": declared twice in " + name);
        }
        if (doc == null || doc.isBlank() || (defaultDescription != null && defaultDescription.isBlank())) {
            throw new IllegalArgumentException(key + ": every setting is documented");
        }
        Setting<T> setting = new Setting<>(this, settings.size(), key, type, parser, accepts, rule,
                Objects.requireNonNull(byDefault, "byDefault"), defaultDescription, doc);
        settings.add(setting);
        keys.add(key);
        byKey.put(key, setting);
        return setting;
    }

    private static Integer parseInteger(String text) {
        try {
            // Integer.parseInt rejects overflow as well as non-numbers, so both read as the range rule
            return Integer.parseInt(text);
        } catch (NumberFormatException e) {
            return null;
        }
    }

    private static <E extends Enum<E>> E constantNamed(E[] constants, String text) {
        String upper = text.toUpperCase(Locale.ROOT);
        for (E constant : constants) {
            if (constant.name().equals(upper)) {
                return constant;
            }
        }
        return null;
    }

    /**
     * Every setting, in declaration order.
     *
     * @return the settings, unmodifiable
     */
    public List<Setting<?>> settings() {
        return Collections.unmodifiableList(settings);
    }

    /**
     * Every key, in declaration order.
     *
     * @return the keys, unmodifiable
     */
    public List<String> keys() {
        return Collections.unmodifiableList(keys);
    }

    /** The setting of type {@code type} that {@code key} sets. */
    <T> Setting<T> setting(String key, Class<T> type) {
        Setting<?> setting = byKey.get(key);
        if (setting == null) {
            throw new IllegalArgumentException(key + " is not a key of " + name);
        }
        return setting.as(type);
    }

    /**
     * Every setting at its default: what a builder starts from.
     *
     * @return new values, each setting's default computed now
     */
    public Values defaults() {
        Object[] values = new Object[settings.size()];
        for (Setting<?> setting : settings) {
            values[setting.indexIn(this)] = setting.defaultValue();
        }
        return new Values(this, values);
    }

    /**
     * Reads a {@link Properties} file in UTF-8; a byte-order mark at its start is skipped.
     *
     * @param file the file's path, not null
     * @return the properties as the file holds them, values not yet trimmed
     * @throws ConfigException naming the file if it cannot be read or is not a properties file
     */
    public static Properties read(Path file) {
        return ConfigReader.read(file);
    }

    /**
     * Parses every property whose key {@code accepted} selects into {@code into}, in key order, so that the first
     * error reported does not depend on hash order.
     *
     * @param properties the properties, not changed
     * @param accepted   the keys to read: every one must be a declared key, and the rest belong to someone else
     * @param into       the values to change, this table's
     * @param source     where the properties came from, named by an exception, e.g. {@code file a.properties}
     * @return the pairs applied, {@code key=value} with the value trimmed, in key order; empty if no key was accepted
     * @throws ConfigException naming the key, the value, the rule and the source, at the first accepted key in key
     *                         order that is no declared key or whose value breaks its rule
     */
    public List<String> apply(Properties properties, Predicate<String> accepted, Values into, String source) {
        into.requireTable(this);
        return ConfigReader.apply(properties, accepted, (key, value) -> parseInto(into, key, value, source));
    }

    private void parseInto(Values into, String key, String value, String source) {
        Setting<?> setting = byKey.get(key);
        if (setting == null) {
            throw new ConfigException(key, value, ConfigReader.unknownKeyRule(key, keyPrefix, keys()), source);
        }
        into.values[setting.indexIn(this)] = setting.parse(value, source);
    }

    /**
     * The values a configuration holds: {@code held} once every value in it keeps its rule, with the JVM's system
     * properties in this table's namespace applied over it. A {@code -D} setting is the operator's word at launch,
     * so it wins over the defaults, a file and values set in code; each override is logged once per JVM at INFO
     * with the value it replaced, so that the log says why a configuration differs from what its code or file asks
     * for.
     *
     * @param held the values a builder holds, this table's; not changed
     * @return new values
     * @throws ConfigException naming the first key whose value breaks its rule: one {@code held} holds, without a
     *                         source (even if a system property replaces it: the code is wrong all the same), then
     *                         one set by a system property, or a system property in the namespace that is no key
     */
    public Values build(Values held) {
        held.requireTable(this);
        for (Setting<?> setting : settings) {
            setting.check(held.values[setting.indexIn(this)]);
        }
        Values effective = held.copy();
        ConfigReader.apply(System.getProperties(), namespace, (key, value) -> {
            Setting<?> setting = byKey.get(key);
            Object replaced = setting == null ? null : effective.values[setting.indexIn(this)];
            parseInto(effective, key, value, SYSTEM_PROPERTY);
            String line = "-D" + key + "=" + value + " replaces " + replaced;
            if (LOGGED_OVERRIDES.add(line)) {
                LOG.info("{}: a system property wins over the defaults, a configuration file and the code", line);
            }
        });
        return effective;
    }

    /**
     * The configuration's name.
     *
     * @return e.g. {@code SceneConfig}
     */
    @Override
    public String toString() {
        return name;
    }

    /**
     * A value for each setting of one table: what a configuration holds, and what its builder collects. A
     * configuration never lets its own out, so that it stays immutable.
     */
    public static final class Values {
        private final SettingTable table;
        private final Object[] values;

        private Values(SettingTable table, Object[] values) {
            this.table = table;
            this.values = values;
        }

        /**
         * The value of a setting.
         *
         * @param <T>     the setting's type
         * @param setting a setting of this table
         * @return its value, never null
         * @throws IllegalArgumentException if the setting is another table's
         */
        public <T> T get(Setting<T> setting) {
            return setting.type().cast(values[setting.indexIn(table)]);
        }

        /**
         * Sets a setting's value, unchecked until {@link SettingTable#build}.
         *
         * @param <T>     the setting's type
         * @param setting a setting of this table
         * @param value   the value, not null
         * @return these values
         * @throws IllegalArgumentException if the setting is another table's
         * @throws NullPointerException     if {@code value} is null
         */
        public <T> Values set(Setting<T> setting, T value) {
            values[setting.indexIn(table)] = Objects.requireNonNull(value, setting.key());
            return this;
        }

        /**
         * A copy, to change without changing these.
         *
         * @return new values, equal to these
         */
        public Values copy() {
            return new Values(table, values.clone());
        }

        private void requireTable(SettingTable expected) {
            if (table != expected) {
                throw new IllegalArgumentException("values of " + table + " given to " + expected);
            }
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Values && ((Values) o).table == table && Arrays.equals(((Values) o).values, values);
        }

        @Override
        public int hashCode() {
            return Arrays.hashCode(values);
        }

        /**
         * Every value with its key on one line, in the form a properties file or {@code -D} accepts, e.g.
         * {@code SceneConfig[flatscene.maxNodes=65536, ..., flatscene.transformKernel=AUTO]}.
         */
        @Override
        public String toString() {
            StringBuilder text = new StringBuilder(table.name).append('[');
            for (int i = 0; i < values.length; i++) {
                text.append(i == 0 ? "" : ", ").append(table.keys.get(i)).append('=').append(values[i]);
            }
            return text.append(']').toString();
        }
    }
}
