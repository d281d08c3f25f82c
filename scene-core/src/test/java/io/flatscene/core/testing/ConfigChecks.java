package io.flatscene.core.testing;

import io.flatscene.core.config.ConfigException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Properties;
import org.junit.jupiter.api.function.Executable;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * What the configuration tests of every module check the same way: the parts of a {@link ConfigException}, the
 * wording of an unknown key, and the properties, files and system properties they set up.
 */
public final class ConfigChecks {
    private ConfigChecks() {
    }

    /** The call fails naming the key, the value as trimmed, and the rule, in that order in the message. */
    public static ConfigException assertConfigException(Executable call, String key, String value, String rule) {
        ConfigException e = assertThrows(ConfigException.class, call);
        assertEquals(key, e.key());
        assertEquals(value.trim(), e.value());
        assertTrue(e.rule().startsWith(rule), e.rule());
        assertTrue(e.getMessage().startsWith(key + "=" + value.trim() + ": " + rule), e.getMessage());
        return e;
    }

    /** The call fails on an unknown key, naming it and its value, and the message carries {@code hint}. */
    public static ConfigException assertUnknownKey(Executable call, String key, String value, String hint) {
        ConfigException e = assertThrows(ConfigException.class, call);
        assertEquals(key, e.key());
        assertEquals(value, e.value());
        assertTrue(e.getMessage().startsWith(key + "=" + value + ": unknown key"), e.getMessage());
        assertTrue(e.getMessage().contains(hint), e.getMessage());
        return e;
    }

    public static Properties props(String... keysAndValues) {
        Properties properties = new Properties();
        for (int i = 0; i < keysAndValues.length; i += 2) {
            properties.setProperty(keysAndValues[i], keysAndValues[i + 1]);
        }
        return properties;
    }

    public static Path writeProperties(Path dir, String fileName, String text) throws IOException {
        return Files.writeString(dir.resolve(fileName), text, StandardCharsets.UTF_8);
    }

    /** Runs {@code body} with a system property set, then puts the property back as it was, even on a failure. */
    public static void withSystemProperty(String key, String value, Runnable body) {
        String previous = System.getProperty(key);
        System.setProperty(key, value);
        try {
            body.run();
        } finally {
            restore(key, previous);
        }
    }

    /**
     * The value a configuration's {@code toString()} gives {@code key}: every configuration lists its effective
     * values as {@code Name[key=value, ...]}.
     */
    public static String valueOf(Object config, String key) {
        String text = config.toString();
        for (String pair : text.substring(text.indexOf('[') + 1, text.length() - 1).split(", ")) {
            if (pair.startsWith(key + "=")) {
                return pair.substring(key.length() + 1);
            }
        }
        throw new AssertionError(key + " is not in " + text);
    }

    /** Puts a system property back as it was before a test set it ({@code previous} null: it was absent). */
    public static void restore(String key, String previous) {
        if (previous == null) {
            System.clearProperty(key);
        } else {
            System.setProperty(key, previous);
        }
    }
}
