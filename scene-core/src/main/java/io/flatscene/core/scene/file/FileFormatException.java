package io.flatscene.core.scene.file;

/**
 * A scene file, or a scene to be written as one, that breaks a rule of the format; the message starts with
 * {@code scene file <path>:} and names the rule, and the public facade passes it on unchanged.
 */
public final class FileFormatException extends Exception {
    private static final long serialVersionUID = 1L;

    public FileFormatException(String message) {
        super(message);
    }

    public FileFormatException(String message, Throwable cause) {
        super(message, cause);
    }
}
