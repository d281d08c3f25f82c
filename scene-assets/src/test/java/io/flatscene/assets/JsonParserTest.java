package io.flatscene.assets;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** The strict JSON reader the glTF check runs before Assimp: what it reads, and each rule it refuses, by position. */
class JsonParserTest {
    private static Object parse(String text) {
        return JsonParser.parse(text, 8);
    }

    @Test
    void readsEveryKindOfValue() {
        Object document = parse(" {\"a\": [1, -2.5, 1e3, true, false, null, \"x\\\"\\u00e9\\n\"], \"b\": {},"
                + " \"c\": []}\n");
        Map<?, ?> root = (Map<?, ?>) document;
        assertEquals(List.of("a", "b", "c"), List.copyOf(root.keySet()));
        List<?> a = (List<?>) root.get("a");
        assertEquals(1L, a.get(0));
        assertEquals(-2.5, a.get(1));
        assertEquals(1000.0, a.get(2));
        assertEquals(true, a.get(3));
        assertEquals(false, a.get(4));
        assertNull(a.get(5));
        assertEquals("x\"\u00e9\n", a.get(6));
        assertEquals(Map.of(), root.get("b"));
        assertEquals(List.of(), root.get("c"));
        assertEquals(7L, parse("7"));
        assertEquals(1e19, parse("10000000000000000000"));
    }

    @Test
    void nestingUpToTheLimitIsRead() {
        String eight = "[".repeat(8) + "]".repeat(8);
        assertEquals(List.of(), unwrap(parse(eight), 7));
        assertEquals("line 1, column 9: arrays and objects nest deeper than 8 levels",
                refused("[".repeat(9) + "]".repeat(9)));
    }

    @Test
    void aMillionOpenBracketsAreRefusedWithoutExhaustingTheStack() {
        String deep = "{\"extras\":" + "[".repeat(1_000_000) + "]".repeat(1_000_000) + "}";
        assertThrows(JsonParser.MalformedJsonException.class, () -> JsonParser.parse(deep, 1_000_000));
        assertEquals(List.of(), unwrap(((Map<?, ?>) JsonParser.parse(deep, 1_000_001)).get("extras"), 999_999));
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "''| line 1, column 1: the document ends where a value should be",
            "'{\"a\":1,\"a\":2}'| line 1, column 13: the key 'a' appears twice in one object",
            "'{\"a\":1,}'| line 1, column 8: expected a key in double quotes",
            "'[1,]'| line 1, column 4: expected a value",
            "'[1 2]'| line 1, column 4: expected ',' or ']'",
            "'{\"a\" 1}'| line 1, column 6: expected ':' after the key 'a'",
            "'{\n\"a\":tru}'| line 2, column 5: expected a value",
            "'[\"open'| line 1, column 2: a string is not closed",
            "'\"\\x\"'| line 1, column 2: unknown escape \\x",
            "'\"\\'| line 1, column 2: a string ends in a lone backslash",
            "'\"\\u12G4\"'| line 1, column 4: \\u needs four hex digits",
            "'01'| line 1, column 2: text after the end of the document",
            "'-'| line 1, column 2: expected a digit",
            "'1.'| line 1, column 3: expected a digit after '.'",
            "'1e+'| line 1, column 4: expected a digit in the exponent",
            "'[1] x'| line 1, column 5: text after the end of the document",
            "'[NaN]'| line 1, column 2: expected a value",
            "'{\"a\":[1}'| line 1, column 8: expected ',' or ']'"})
    void eachRuleIsNamedWithItsPosition(String text, String message) {
        assertEquals(message, refused(text));
    }

    @Test
    void aControlCharacterInAStringIsRefused() {
        assertEquals("line 1, column 3: a control character (9) inside a string", refused("\"a\tb\""));
    }

    private static String refused(String text) {
        return assertThrows(JsonParser.MalformedJsonException.class, () -> parse(text), () -> "read " + text)
                .getMessage();
    }

    /** The value {@code levels} single-element arrays down. */
    private static Object unwrap(Object value, int levels) {
        Object at = value;
        for (int i = 0; i < levels; i++) {
            at = ((List<?>) at).get(0);
        }
        return at;
    }
}
