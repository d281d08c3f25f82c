package io.flatscene.render.context;

/** An OpenGL context could not be created; the message says what is missing and, where it can, how to get it. */
public final class ContextException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    ContextException(String message) {
        super(message);
    }

    ContextException(String message, Throwable cause) {
        super(message, cause);
    }
}
