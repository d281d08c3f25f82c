package io.flatscene.core.config;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import org.junit.jupiter.api.Test;

import static io.flatscene.core.testing.ConfigChecks.assertConfigException;
import static io.flatscene.core.testing.ConfigChecks.props;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;

/**
 * {@link ConfigReader}'s rules, which every {@link SettingTable} reads by, and the messages of
 * {@link ConfigException}: what {@link SceneConfigTest} reaches only through {@link SceneConfig}, or not at all.
 */
class ConfigReaderTest {
    @Test
    void applyReturnsThePairsAppliedInKeyOrderTrimmed() {
        Properties properties = props("b.two", " 2 ", "a.one", "1\t", "c.three", "3", "skip.me", "4");
        List<String> seen = new ArrayList<>();
        List<String> applied = ConfigReader.apply(properties, key -> !key.startsWith("skip."),
                (key, value) -> seen.add(key + "=" + value));
        assertEquals(List.of("a.one=1", "b.two=2", "c.three=3"), applied);
        assertEquals(applied, seen);
        assertEquals(List.of(), ConfigReader.apply(new Properties(), key -> true, (key, value) -> { }));
    }

    @Test
    void aValueAboveTheRangeFailsInTheFileEvenWhenOverridden() {
        // the file's value is rejected where it is parsed, naming the file, not left for the override to hide
        ConfigException e = assertConfigException(() -> SceneConfig.fromProperties(
                props("flatscene.maxNodes", "134217728"), props("flatscene.maxNodes", "10")),
                "flatscene.maxNodes", "134217728", "must be an integer between 1 and 134217727");
        assertEquals("flatscene.maxNodes=134217728: must be an integer between 1 and 134217727 "
                + "(from properties file)", e.getMessage());
        assertConfigException(() -> SceneConfig.fromProperties(props("flatscene.workerThreads", "1025"),
                props("flatscene.workerThreads", "2")), "flatscene.workerThreads", "1025",
                "must be an integer between 1 and 1024");
    }

    @Test
    void aTieGoesToTheKeyListedFirst() {
        assertEquals("p.ax", ConfigReader.closestKey("p.ab", "p.", List.of("p.ax", "p.ay")));
        assertEquals("p.ay", ConfigReader.closestKey("p.ab", "p.", List.of("p.ay", "p.ax")));
        assertEquals("unknown key, did you mean p.ax?", ConfigReader.unknownKeyRule("p.ab", "p.",
                List.of("p.ax", "p.ay")));
    }

    @Test
    void aSuggestionIsAtMostThreeEditsAway() {
        assertEquals("p.abcdefgh", ConfigReader.closestKey("p.abcdexxx", "p.", List.of("p.abcdefgh")));
        assertNull(ConfigReader.closestKey("p.abcdxxxx", "p.", List.of("p.abcdefgh")));
        assertEquals("unknown key, known keys are [p.abcdefgh]",
                ConfigReader.unknownKeyRule("p.abcdxxxx", "p.", List.of("p.abcdefgh")));
    }

    @Test
    void aKeyThatHasThePrefixIsNotPrefixedAgain() {
        // "abcd.xy" is 5 edits from "abcd.abcd.xy", too far; with the prefix added twice it would match exactly
        assertNull(ConfigReader.closestKey("abcd.xy", "abcd.", List.of("abcd.abcd.xy")));
        assertNull(ConfigReader.closestKey("ABCD.xy", "abcd.", List.of("abcd.abcd.xy")));
        // a key without the prefix is still tried with it
        assertEquals("abcd.xyzuvw", ConfigReader.closestKey("xyzuvw", "abcd.", List.of("abcd.xyzuvw")));
    }

    @Test
    void anUnreadableFileNamesTheCauseWithOrWithoutAMessage() {
        Path file = Path.of("some", "flatscene.properties");
        ConfigException bare = new ConfigException(file, new IOException());
        assertEquals(file + ": cannot read configuration file (IOException)", bare.getMessage());
        ConfigException told = new ConfigException(file, new IOException("Permission denied"));
        assertEquals(file + ": cannot read configuration file (IOException: Permission denied)", told.getMessage());
        assertNull(told.key());
        assertEquals(file.toString(), told.value());
        assertEquals("must be a readable properties file", told.rule());
        assertSame(IOException.class, told.getCause().getClass());
    }

    @Test
    void aValueSetInCodeNamesNoSource() {
        ConfigException e = new ConfigException("k", "v", "must be w", null);
        assertEquals("k=v: must be w", e.getMessage());
        assertEquals("k=v: must be w (from here)", new ConfigException("k", "v", "must be w", "here").getMessage());
    }
}
