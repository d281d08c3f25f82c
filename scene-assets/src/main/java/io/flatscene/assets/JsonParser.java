package io.flatscene.assets;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Strict JSON (RFC 8259) into maps, lists, strings, numbers, booleans and nulls, for {@link GltfCheck}. It parses
 * with an explicit stack, so no input can exhaust the thread's stack, and refuses what Assimp's parser would read
 * differently: a key twice in one object (glTF forbids it; which one counts would be a guess). Integers without a
 * fraction or exponent become {@link Long}, other numbers {@link Double}.
 */
final class JsonParser {
    /** A syntax error, or nesting deeper than allowed; the message gives the line and column. */
    static final class MalformedJsonException extends RuntimeException {
        private static final long serialVersionUID = 1L;

        MalformedJsonException(String message) {
            super(message);
        }
    }

    private static final int LONG_DIGITS = 18;

    private final String text;
    private final int maxNesting;
    private int at;

    private JsonParser(String text, int maxNesting) {
        this.text = text;
        this.maxNesting = maxNesting;
    }

    /**
     * @param maxNesting the most arrays and objects that may enclose one another
     * @throws MalformedJsonException naming the line, the column and the rule broken
     */
    static Object parse(String text, int maxNesting) {
        return new JsonParser(text, maxNesting).document();
    }

    private Object document() {
        // open containers, innermost first; for each open object, the key its next value goes under
        Deque<Object> open = new ArrayDeque<>();
        Deque<String> keys = new ArrayDeque<>();
        skipSpace();
        while (true) {
            Object value;
            char c = peek("a value");
            if (c == '{' || c == '[') {
                if (open.size() == maxNesting) {
                    throw error("arrays and objects nest deeper than " + maxNesting + " levels");
                }
                at++;
                skipSpace();
                char close = c == '{' ? '}' : ']';
                if (peek(c == '{' ? "a key or '}'" : "a value or ']'") != close) {
                    open.push(c == '{' ? new LinkedHashMap<String, Object>() : new ArrayList<>());
                    if (c == '{') {
                        keys.push(key());
                    }
                    continue;
                }
                at++;
                value = c == '{' ? new LinkedHashMap<String, Object>() : new ArrayList<>();
            } else {
                value = scalar(c);
            }
            // a value is complete: it joins its container, which may complete in turn
            while (true) {
                if (open.isEmpty()) {
                    skipSpace();
                    if (at < text.length()) {
                        throw error("text after the end of the document");
                    }
                    return value;
                }
                Object container = open.peek();
                boolean object = container instanceof Map;
                add(container, object ? keys.pop() : null, value);
                skipSpace();
                char next = peek(object ? "',' or '}'" : "',' or ']'");
                at++;
                if (next == ',') {
                    skipSpace();
                    if (object) {
                        keys.push(key());
                    }
                    break;
                }
                if (next != (object ? '}' : ']')) {
                    at--;
                    throw error("expected " + (object ? "',' or '}'" : "',' or ']'"));
                }
                value = open.pop();
            }
        }
    }

    @SuppressWarnings("unchecked")
    private void add(Object container, String key, Object value) {
        if (container instanceof List<?> list) {
            ((List<Object>) list).add(value);
            return;
        }
        Map<String, Object> map = (Map<String, Object>) container;
        if (map.containsKey(key)) {
            throw error("the key " + ModelException.quote(key) + " appears twice in one object");
        }
        map.put(key, value);
    }

    /** A member's key and its colon, leaving the parser at the value. */
    private String key() {
        if (peek("a key") != '"') {
            throw error("expected a key in double quotes");
        }
        String key = string();
        skipSpace();
        if (peek("':'") != ':') {
            throw error("expected ':' after the key " + ModelException.quote(key));
        }
        at++;
        skipSpace();
        return key;
    }

    private Object scalar(char c) {
        if (c == '"') {
            return string();
        }
        if (c == '-' || (c >= '0' && c <= '9')) {
            return number();
        }
        for (String literal : new String[]{"true", "false", "null"}) {
            if (text.startsWith(literal, at)) {
                at += literal.length();
                return literal.equals("null") ? null : Boolean.valueOf(literal);
            }
        }
        throw error("expected a value");
    }

    private String string() {
        int opening = at;
        int start = ++at;
        StringBuilder escaped = null;
        while (true) {
            if (at >= text.length()) {
                at = opening;
                throw error("a string is not closed");
            }
            char c = text.charAt(at);
            if (c == '"') {
                String value = escaped == null ? text.substring(start, at)
                        : escaped.append(text, start, at).toString();
                at++;
                return value;
            }
            if (c < ' ') {
                throw error("a control character (" + (int) c + ") inside a string");
            }
            if (c == '\\') {
                escaped = (escaped == null ? new StringBuilder() : escaped).append(text, start, at);
                escaped.append(escape());
                start = at;
            } else {
                at++;
            }
        }
    }

    private char escape() {
        if (at + 1 >= text.length()) {
            throw error("a string ends in a lone backslash");
        }
        char c = text.charAt(at + 1);
        at += 2;
        return switch (c) {
            case '"', '\\', '/' -> c;
            case 'b' -> '\b';
            case 'f' -> '\f';
            case 'n' -> '\n';
            case 'r' -> '\r';
            case 't' -> '\t';
            case 'u' -> {
                if (at + 4 > text.length()) {
                    throw error("\\u needs four hex digits");
                }
                int code = 0;
                for (int i = 0; i < 4; i++) {
                    int digit = Character.digit(text.charAt(at + i), 16);
                    if (digit < 0) {
                        throw error("\\u needs four hex digits");
                    }
                    code = code * 16 + digit;
                }
                at += 4;
                yield (char) code;
            }
            default -> {
                at -= 2;
                throw error("unknown escape \\" + c);
            }
        };
    }

    private Number number() {
        int start = at;
        if (text.charAt(at) == '-') {
            at++;
        }
        if (at < text.length() && text.charAt(at) == '0') {
            at++;
        } else if (digits() == 0) {
            throw error("expected a digit");
        }
        boolean integer = true;
        if (at < text.length() && text.charAt(at) == '.') {
            at++;
            integer = false;
            if (digits() == 0) {
                throw error("expected a digit after '.'");
            }
        }
        if (at < text.length() && (text.charAt(at) == 'e' || text.charAt(at) == 'E')) {
            at++;
            integer = false;
            if (at < text.length() && (text.charAt(at) == '+' || text.charAt(at) == '-')) {
                at++;
            }
            if (digits() == 0) {
                throw error("expected a digit in the exponent");
            }
        }
        String token = text.substring(start, at);
        return integer && token.length() <= LONG_DIGITS ? (Number) Long.parseLong(token)
                : (Number) Double.parseDouble(token);
    }

    private int digits() {
        int start = at;
        while (at < text.length() && text.charAt(at) >= '0' && text.charAt(at) <= '9') {
            at++;
        }
        return at - start;
    }

    private char peek(String expected) {
        if (at >= text.length()) {
            throw error("the document ends where " + expected + " should be");
        }
        return text.charAt(at);
    }

    private void skipSpace() {
        while (at < text.length()) {
            char c = text.charAt(at);
            if (c != ' ' && c != '\t' && c != '\n' && c != '\r') {
                return;
            }
            at++;
        }
    }

    private MalformedJsonException error(String rule) {
        int line = 1;
        int lineStart = 0;
        for (int i = 0; i < Math.min(at, text.length()); i++) {
            if (text.charAt(i) == '\n') {
                line++;
                lineStart = i + 1;
            }
        }
        return new MalformedJsonException("line " + line + ", column " + (at - lineStart + 1) + ": " + rule);
    }
}
