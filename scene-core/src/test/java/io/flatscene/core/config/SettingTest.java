package io.flatscene.core.config;

import io.flatscene.core.container.GrowthPolicy;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import static io.flatscene.core.testing.ConfigChecks.assertConfigException;
import static io.flatscene.core.testing.ConfigChecks.assertUnknownKey;
import static io.flatscene.core.testing.ConfigChecks.props;
import static io.flatscene.core.testing.ConfigChecks.withSystemProperty;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@link Setting} and {@link SettingTable} on a table of their own: each kind of rule accepts what it says and
 * rejects the rest with a {@link ConfigException} naming the key, the text, the rule and the source; a declaration
 * that could not work fails at once; values belong to one table.
 */
class SettingTest {
    private static final String COUNT_RULE = "must be an integer between 1 and 10";
    private static final String FLAG_RULE = "must be true or false (case-insensitive)";
    private static final String POLICY_RULE = "must be GROW, FAIL or ON_DEMAND (case-insensitive)";

    private static final AtomicInteger DEFAULTS_COMPUTED = new AtomicInteger();

    private static final SettingTable TABLE = new SettingTable("TestConfig", "t.", key -> key.startsWith("t."));
    private static final Setting<Integer> COUNT = TABLE.integer("t.count", 1, 10, 5, "How many.");
    private static final Setting<Boolean> FLAG = TABLE.bool("t.flag", true, "Whether.");
    private static final Setting<GrowthPolicy> POLICY = TABLE.choice("t.policy", GrowthPolicy.FAIL, "Which.");
    private static final Setting<Integer> COMPUTED = TABLE.integer("t.computed", -3, 2147483639,
            DEFAULTS_COMPUTED::incrementAndGet, "a count of calls", "Computed.");

    /** One constant: the rule names it alone. */
    private enum Single { ONLY }

    /** Two constants: the rule joins them with "or" alone. */
    private enum Pair { LEFT, RIGHT }

    // ---- every rule rejects its bad values, naming the key ----

    static Stream<Arguments> badTexts() {
        return Stream.of(
                Arguments.of(COUNT, "0", COUNT_RULE), Arguments.of(COUNT, "11", COUNT_RULE),
                Arguments.of(COUNT, "-1", COUNT_RULE), Arguments.of(COUNT, "", COUNT_RULE),
                Arguments.of(COUNT, "x", COUNT_RULE), Arguments.of(COUNT, "1.5", COUNT_RULE),
                Arguments.of(COUNT, "0x5", COUNT_RULE), Arguments.of(COUNT, "5_0", COUNT_RULE),
                Arguments.of(COUNT, "2147483648", COUNT_RULE), Arguments.of(COUNT, "-2147483649", COUNT_RULE),
                Arguments.of(COUNT, "99999999999999999999", COUNT_RULE), Arguments.of(COUNT, "1e1", COUNT_RULE),
                Arguments.of(FLAG, "yes", FLAG_RULE), Arguments.of(FLAG, "no", FLAG_RULE),
                Arguments.of(FLAG, "1", FLAG_RULE), Arguments.of(FLAG, "", FLAG_RULE),
                Arguments.of(FLAG, "truee", FLAG_RULE), Arguments.of(FLAG, "t", FLAG_RULE),
                Arguments.of(POLICY, "", POLICY_RULE), Arguments.of(POLICY, "GROWS", POLICY_RULE),
                Arguments.of(POLICY, "on-demand", POLICY_RULE), Arguments.of(POLICY, "0", POLICY_RULE),
                Arguments.of(POLICY, "GROW,FAIL", POLICY_RULE),
                Arguments.of(COMPUTED, "-4", "must be an integer between -3 and 2147483639"),
                Arguments.of(COMPUTED, "x", "must be an integer between -3 and 2147483639"),
                Arguments.of(COMPUTED, "", "must be an integer between -3 and 2147483639"),
                Arguments.of(COMPUTED, "2147483640", "must be an integer between -3 and 2147483639"));
    }

    @ParameterizedTest(name = "{0}={1}")
    @MethodSource("badTexts")
    void aBadTextIsRejectedNamingKeyTextRuleAndSource(Setting<?> setting, String text, String rule) {
        assertEquals(rule, setting.rule());
        ConfigException e = assertConfigException(() -> setting.parse(text, "src"), setting.key(), text, rule);
        assertEquals(setting.key() + "=" + text + ": " + rule + " (from src)", e.getMessage());
        assertEquals(setting.key() + "=" + text + ": " + rule, assertThrows(ConfigException.class,
                () -> setting.parse(text, null)).getMessage(), "a value set in code names no source");
    }

    @ParameterizedTest(name = "{0}={1}")
    @MethodSource("badTexts")
    void aBadTextInPropertiesFailsTheTable(Setting<?> setting, String text, String rule) {
        ConfigException e = assertConfigException(() -> TABLE.apply(props(setting.key(), " " + text + "\t"),
                key -> true, TABLE.defaults(), "file x"), setting.key(), text, rule);
        assertTrue(e.getMessage().endsWith("(from file x)"), e.getMessage());
    }

    @Test
    void eachRuleAcceptsWhatItSays() {
        assertEquals(1, COUNT.parse("1", null));
        assertEquals(10, COUNT.parse("10", null));
        assertEquals(7, COUNT.parse("+7", null));
        assertEquals(-3, COMPUTED.parse("-3", null));
        assertEquals(2147483639, COMPUTED.parse("2147483639", null));
        assertEquals(true, FLAG.parse("TRUE", null));
        assertEquals(false, FLAG.parse("False", null));
        assertSame(GrowthPolicy.ON_DEMAND, POLICY.parse("on_Demand", null));
        assertSame(GrowthPolicy.GROW, POLICY.parse("grow", null));
    }

    @Test
    void aValueSetInCodeIsCheckedAgainstTheRangeAlone() {
        COUNT.check(1);
        COUNT.check(10);
        assertEquals("t.count=0: " + COUNT_RULE, assertConfigException(() -> COUNT.check(0), "t.count", "0",
                COUNT_RULE).getMessage());
        assertEquals("t.count=11: " + COUNT_RULE, assertConfigException(() -> COUNT.check(11), "t.count", "11",
                COUNT_RULE).getMessage());
        FLAG.check(false);
        POLICY.check(GrowthPolicy.ON_DEMAND);
    }

    @Test
    void anEnumsRuleNamesEveryConstantInOrder() {
        SettingTable table = new SettingTable("Enums", "e.", key -> true);
        assertEquals("must be ONLY (case-insensitive)", table.choice("e.single", Single.ONLY, "One.").rule());
        assertEquals("must be LEFT or RIGHT (case-insensitive)", table.choice("e.pair", Pair.RIGHT, "Two.").rule());
        assertEquals(POLICY_RULE, POLICY.rule());
        assertSame(GrowthPolicy.class, POLICY.type());
        assertSame(Pair.RIGHT, table.defaults().get(table.setting("e.pair", Pair.class)));
    }

    @Test
    void aDeclarationSaysWhatItIs() {
        assertEquals("t.count", COUNT.key());
        assertEquals("How many.", COUNT.doc());
        assertEquals(5, COUNT.defaultValue());
        assertNull(COUNT.defaultDescription());
        assertSame(Integer.class, COUNT.type());
        assertEquals("t.count (" + COUNT_RULE + ")", COUNT.toString());
        assertEquals("a count of calls", COMPUTED.defaultDescription());
        assertEquals(List.of("t.count", "t.flag", "t.policy", "t.computed"), TABLE.keys());
        assertEquals(List.of(COUNT, FLAG, POLICY, COMPUTED), TABLE.settings());
        assertEquals("TestConfig", TABLE.toString());
    }

    @Test
    void aComputedDefaultIsComputedForEachStart() {
        int before = DEFAULTS_COMPUTED.get();
        assertEquals(before + 1, TABLE.defaults().get(COMPUTED));
        assertEquals(before + 2, TABLE.defaults().get(COMPUTED));
    }

    @Test
    void aDeclarationAtTheEdgeOfItsRuleWorks() {
        SettingTable table = new SettingTable("Edges", "e.", key -> true);
        Setting<Integer> atMin = table.integer("e.min", 1, 10, 1, "At the bottom.");
        Setting<Integer> atMax = table.integer("e.max", 1, 10, 10, "At the top.");
        Setting<Integer> single = table.integer("e.single", 3, 3, () -> 3, "three", "One value.");
        Setting<Boolean> flag = table.bool("e.flag", false, "Off.");
        Setting<GrowthPolicy> policy = table.choice("e.policy", GrowthPolicy.ON_DEMAND, "Three constants.");
        assertEquals(List.of(atMin, atMax, single, flag, policy), table.settings());
        assertEquals("Edges[e.min=1, e.max=10, e.single=3, e.flag=false, e.policy=ON_DEMAND]",
                table.defaults().toString());
        assertEquals("must be an integer between 3 and 3", single.rule());
        assertEquals(3, single.parse("3", null));
        assertEquals("three", single.defaultDescription());
        assertNull(flag.defaultDescription());
        assertEquals(FLAG_RULE, flag.rule());
        assertEquals(POLICY_RULE, policy.rule());
    }

    // ---- declarations that could not work fail at once ----

    @Test
    void aDeclarationThatCouldNotWorkFails() {
        SettingTable table = new SettingTable("Bad", "b.", key -> !key.contains("other"));
        table.integer("b.taken", 0, 1, 0, "Taken.");
        assertDeclarationFails(() -> table.bool("b.taken", true, "Again."), "b.taken: declared twice in Bad");
        assertDeclarationFails(() -> table.bool("c.flag", true, "Elsewhere."), "c.flag: not a key of Bad");
        assertDeclarationFails(() -> table.bool("b.other", true, "Someone else's."), "b.other: not a key of Bad");
        assertDeclarationFails(() -> table.integer("b.low", 1, 10, 0, "Low."), "b.low: the default 0 is outside");
        assertDeclarationFails(() -> table.integer("b.high", 1, 10, 11, "High."), "b.high: the default 11 is outside");
        assertDeclarationFails(() -> table.integer("b.empty", 2, 1, () -> 1, "one", "Empty."), "b.empty: the range");
        assertDeclarationFails(() -> table.bool("b.blank", true, " "), "b.blank: every setting is documented");
        assertDeclarationFails(() -> table.integer("b.blank", 1, 2, () -> 1, "", "Blank default."),
                "b.blank: every setting is documented");
        assertThrows(NullPointerException.class, () -> table.integer("b.none", 1, 2, () -> 1, null, "None."));
        assertDeclarationFails(() -> table.bool("b.doc", true, null), "b.doc: every setting is documented");
        assertEquals(List.of("b.taken"), table.keys(), "a declaration that failed leaves nothing behind");
    }

    private static void assertDeclarationFails(Runnable declaration, String start) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, declaration::run);
        assertTrue(e.getMessage().startsWith(start), e.getMessage());
    }

    // ---- values belong to one table ----

    @Test
    void valuesHoldOneTablesSettings() {
        SettingTable.Values values = TABLE.defaults();
        assertEquals("TestConfig[t.count=5, t.flag=true, t.policy=FAIL, t.computed=" + values.get(COMPUTED) + "]",
                values.toString());
        SettingTable.Values changed = values.copy().set(COUNT, 9).set(POLICY, GrowthPolicy.GROW);
        assertEquals(5, values.get(COUNT), "a copy changes alone");
        assertEquals(9, changed.get(COUNT));
        assertNotEquals(values, changed);
        assertEquals(changed, changed.copy());
        assertEquals(changed.hashCode(), changed.copy().hashCode());
        assertNotEquals(values, values.toString());

        SettingTable other = new SettingTable("Other", "t.", key -> true);
        Setting<Integer> stranger = other.integer("t.count", 1, 10, 5, "Another table's.");
        SettingTable twin = new SettingTable("Twin", "t.", key -> true);
        twin.integer("t.count", 1, 10, 5, "The same declaration in a third table.");
        assertEquals("t.count is not a setting of TestConfig",
                assertThrows(IllegalArgumentException.class, () -> values.get(stranger)).getMessage());
        assertThrows(IllegalArgumentException.class, () -> values.set(stranger, 1));
        assertNotEquals(other.defaults(), twin.defaults(), "the same values of two tables");
        assertEquals("values of TestConfig given to Other",
                assertThrows(IllegalArgumentException.class, () -> other.build(values)).getMessage());
        assertEquals("values of TestConfig given to Other", assertThrows(IllegalArgumentException.class,
                () -> other.apply(new Properties(), key -> true, values, "x")).getMessage());
        assertEquals("t.count", assertThrows(NullPointerException.class, () -> values.set(COUNT, null)).getMessage());
    }

    @Test
    void aSettingIsFoundByKeyAndType() {
        assertSame(COUNT, TABLE.setting("t.count", Integer.class));
        assertEquals("t.count holds Integer, not Boolean",
                assertThrows(IllegalArgumentException.class, () -> TABLE.setting("t.count", Boolean.class))
                        .getMessage());
        assertEquals("t.nothing is not a key of TestConfig",
                assertThrows(IllegalArgumentException.class, () -> TABLE.setting("t.nothing", Integer.class))
                        .getMessage());
    }

    // ---- reading ----

    @Test
    void applyParsesTheAcceptedKeysInKeyOrderAndSuggestsForAnUnknownOne() {
        SettingTable.Values values = TABLE.defaults();
        List<String> applied = TABLE.apply(props("t.policy", " grow ", "t.count", "3", "u.count", "nonsense"),
                key -> key.startsWith("t."), values, "test");
        assertEquals(List.of("t.count=3", "t.policy=grow"), applied);
        assertEquals(3, values.get(COUNT));
        assertSame(GrowthPolicy.GROW, values.get(POLICY));
        assertUnknownKey(() -> TABLE.apply(props("t.cont", "3"), key -> true, TABLE.defaults(), "test"), "t.cont",
                "3", "did you mean t.count?");
        assertUnknownKey(() -> TABLE.apply(props("t.zzzzzzzzz", "3"), key -> true, TABLE.defaults(), "test"),
                "t.zzzzzzzzz", "3", "known keys are [t.count, t.flag, t.policy, t.computed]");
    }

    @Test
    void buildChecksWhatCodeSetThenAppliesTheNamespacesSystemProperties() {
        SettingTable.Values held = TABLE.defaults().set(COUNT, 0);
        assertConfigException(() -> TABLE.build(held), "t.count", "0", COUNT_RULE);
        held.set(COUNT, 4);
        withSystemProperty("t.flag", "false", () -> withSystemProperty("u.flag", "nonsense", () -> {
            SettingTable.Values built = TABLE.build(held);
            assertEquals(false, built.get(FLAG));
            assertEquals(4, built.get(COUNT));
            assertEquals(true, held.get(FLAG), "what code set stays in the builder");
        }));
        withSystemProperty("t.flag", "maybe", () -> {
            ConfigException e = assertConfigException(() -> TABLE.build(held), "t.flag", "maybe", FLAG_RULE);
            assertTrue(e.getMessage().endsWith("(from system property)"), e.getMessage());
        });
    }
}
