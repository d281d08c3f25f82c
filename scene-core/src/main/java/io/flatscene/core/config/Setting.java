package io.flatscene.core.config;

import java.util.function.Function;
import java.util.function.Predicate;
import java.util.function.Supplier;

/**
 * One configuration key, declared once: its name, the values it takes (an integer range, an enum's constants, or
 * true and false) with the rule that words them, its default, and the line that documents it. A configuration's
 * builder, its file and system-property reading, its checks, its log line and {@code docs/flatscene.properties} all
 * follow from its settings, which its {@link SettingTable} creates and holds in declaration order.
 *
 * @param <T> the type of the value: {@link Integer}, {@link Boolean} or an enum
 */
public final class Setting<T> {
    private final SettingTable table;
    /** Where this setting's value sits in its table's {@link SettingTable.Values}. */
    private final int index;
    private final String key;
    private final Class<T> type;
    /** The value a text names, or null for a text that names none; the range is {@link #accepts}'s. */
    private final Function<String, T> parser;
    /** Whether a value of the type keeps the rule: an integer's range; every constant of an enum or boolean. */
    private final Predicate<T> accepts;
    private final String rule;
    private final Supplier<T> byDefault;
    private final String defaultDescription;
    private final String doc;

    Setting(SettingTable table, int index, String key, Class<T> type, Function<String, T> parser,
            Predicate<T> accepts, String rule, Supplier<T> byDefault, String defaultDescription, String doc) {
        this.table = table;
        this.index = index;
        this.key = key;
        this.type = type;
        this.parser = parser;
        this.accepts = accepts;
        this.rule = rule;
        this.byDefault = byDefault;
        this.defaultDescription = defaultDescription;
        this.doc = doc;
    }

    /**
     * The key that sets this setting in a properties file or with {@code -D}.
     *
     * @return e.g. {@code flatscene.maxNodes}
     */
    public String key() {
        return key;
    }

    /**
     * The type of the value.
     *
     * @return {@link Integer}, {@link Boolean} or an enum class
     */
    public Class<T> type() {
        return type;
    }

    /**
     * The rule a value must keep, as a {@link ConfigException} words it.
     *
     * @return e.g. {@code must be an integer between 1 and 134217727}
     */
    public String rule() {
        return rule;
    }

    /**
     * The value a configuration holds when nothing sets this key.
     *
     * @return the default, never null; for a default that depends on the machine, this machine's
     */
    public T defaultValue() {
        return byDefault.get();
    }

    /**
     * How the documentation words a default that depends on the machine, which a sample file therefore leaves
     * unset.
     *
     * @return e.g. {@code the number of available processors}; null for a default that is one fixed value
     */
    public String defaultDescription() {
        return defaultDescription;
    }

    /**
     * What the key sets, in one or more sentences, as {@code docs/flatscene.properties} documents it (followed
     * there by the rule).
     *
     * @return the documentation, never empty
     */
    public String doc() {
        return doc;
    }

    /**
     * The value a text sets: an integer in range, an enum constant by name or {@code true} or {@code false}, the
     * latter two in any case.
     *
     * @param text   the text, already trimmed; a sign is accepted, spaces, underscores and decimals are not
     * @param source where the text came from, named by the exception, e.g. {@code file flatscene.properties}; null
     *               for a value set in code
     * @return the value
     * @throws ConfigException naming the key, the text, the rule and the source when the text breaks the rule
     */
    public T parse(String text, String source) {
        T value = parser.apply(text);
        if (value == null || !accepts.test(value)) {
            throw new ConfigException(key, text, rule, source);
        }
        return value;
    }

    /** Checks a value set in code, which names no source. */
    void check(Object value) {
        if (!accepts.test(type.cast(value))) {
            throw new ConfigException(key, String.valueOf(value), rule, null);
        }
    }

    /** Where this setting's value sits in the values of {@code owner}, which must be the table that declared it. */
    int indexIn(SettingTable owner) {
        if (owner != table) {
            throw new IllegalArgumentException(key + " is not a setting of " + owner);
        }
        return index;
    }

    /** This setting as a setting of {@code expected}, which must be its type. */
    @SuppressWarnings("unchecked") // the classes are compared first
    <U> Setting<U> as(Class<U> expected) {
        if (expected != type) {
            throw new IllegalArgumentException(key + " holds " + type.getSimpleName() + ", not "
                    + expected.getSimpleName());
        }
        return (Setting<U>) this;
    }

    /**
     * The key and the rule, for debugging.
     *
     * @return e.g. {@code flatscene.maxNodes (must be an integer between 1 and 134217727)}
     */
    @Override
    public String toString() {
        return key + " (" + rule + ")";
    }
}
