package io.flatscene.samples.model;

/**
 * A model that could not be imported: the file is missing or unreadable, Assimp could not parse it, it holds nothing
 * the renderer can draw, or the scene or renderer ran out of room for it. The message names the model and the reason.
 */
public final class ModelException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final String source;

    public ModelException(String source, String reason) {
        super(message(source, reason));
        this.source = source;
    }

    public ModelException(String source, String reason, Throwable cause) {
        super(message(source, reason), cause);
        this.source = source;
    }

    private static String message(String source, String reason) {
        return "cannot import model '" + source + "': " + reason;
    }

    /** The file path, or the name given to an import from memory. */
    public String source() {
        return source;
    }
}
