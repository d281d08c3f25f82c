package io.flatscene.assets;

/**
 * A model that could not be imported: the file is missing or unreadable, Assimp could not parse it, it breaks one of
 * the importer's limits, it holds nothing the renderer can draw, or the scene or renderer ran out of room for it. The
 * message names the model and the reason, on one line: what comes from the file (names, Assimp's error text) has its
 * line breaks and other control characters replaced.
 */
public final class ModelException extends RuntimeException {
    private static final long serialVersionUID = 1L;
    /** Enough to recognize a name by; a file can hold names of any length. */
    private static final int QUOTED_LENGTH = 60;

    /** The file path, or the name given to an import from memory. */
    private final String source;

    ModelException(String source, String reason) {
        super(message(source, reason));
        this.source = source;
    }

    ModelException(String source, String reason, Throwable cause) {
        super(message(source, reason), cause);
        this.source = source;
    }

    private static String message(String source, String reason) {
        return oneLine("cannot import model '" + source + "': " + reason);
    }

    /** A name from the file in single quotes, shortened and on one line, for a message. */
    static String quote(String name) {
        String shown = name.length() <= QUOTED_LENGTH ? name : name.substring(0, QUOTED_LENGTH) + "...";
        return "'" + oneLine(shown) + "'";
    }

    private static String oneLine(String text) {
        StringBuilder line = new StringBuilder(text.length());
        text.codePoints().forEach(c -> line.appendCodePoint(Character.isISOControl(c) ? ' ' : c));
        return line.toString();
    }

    /** {@return the file path, or the name given to an import from memory} */
    public String source() {
        return source;
    }
}
