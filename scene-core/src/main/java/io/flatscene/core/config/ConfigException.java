package io.flatscene.core.config;

import java.nio.charset.CharacterCodingException;
import java.nio.file.Path;

/**
 * A configuration value, key or file that cannot be used. The message names the key, the value and the rule broken,
 * for example {@code flatscene.maxNodes=-5: must be an integer between 1 and 134217727}, followed by where the value
 * came from when it came from a file or a system property.
 */
public final class ConfigException extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;

    /** The offending key; null when the file as a whole could not be read. */
    private final String key;
    /** The offending value, or the file's path. */
    private final String value;
    /** The rule the value breaks. */
    private final String rule;

    /**
     * @param key    the offending key
     * @param value  the offending value as written, whitespace trimmed
     * @param rule   the rule the value breaks, e.g. {@code must be true or false}
     * @param source where the value came from, e.g. {@code file flatscene.properties} or {@code system property};
     *               null for a value set in code
     */
    public ConfigException(String key, String value, String rule, String source) {
        super(key + "=" + value + ": " + rule + (source == null ? "" : " (from " + source + ")"));
        this.key = key;
        this.value = value;
        this.rule = rule;
    }

    ConfigException(Path file, Throwable cause) {
        super(file + ": cannot read configuration file (" + describe(cause) + ")", cause);
        this.key = null;
        this.value = file.toString();
        this.rule = "must be a readable properties file";
    }

    private static String describe(Throwable cause) {
        if (cause instanceof CharacterCodingException) {
            // the JDK says only "Input length = 1"
            return "it is not UTF-8 text: a properties file must be";
        }
        String message = cause.getMessage();
        return cause.getClass().getSimpleName() + (message == null ? "" : ": " + message);
    }

    /**
     * The offending key, or {@code null} when the configuration file as a whole could not be read.
     *
     * @return the key, or {@code null}
     */
    public String key() {
        return key;
    }

    /**
     * The offending value, whitespace trimmed; the file's path when the file could not be read.
     *
     * @return the value as written, or the path
     */
    public String value() {
        return value;
    }

    /**
     * The rule the value breaks, e.g. {@code must be an integer between 1 and 134217727}.
     *
     * @return the rule, never null
     */
    public String rule() {
        return rule;
    }
}
