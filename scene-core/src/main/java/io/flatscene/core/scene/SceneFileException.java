package io.flatscene.core.scene;

import java.io.IOException;

/**
 * A scene file that {@link SceneFiles#load} refuses: truncated, corrupt (its checksum fails), of another format
 * version, or describing a scene that cannot be (counts the file cannot hold, a parent after its child, an index out
 * of range, a value a setter refuses, more than the configuration's capacity under a growth policy that refuses, a
 * mesh or material name the resolver does not know); or a scene that {@link SceneFiles#save} refuses to write (a mesh
 * or material id its resolver has no name for, or a scene larger than a file holds). The message names the file and
 * the rule broken; no scene is left behind, and a refused save writes nothing.
 */
public final class SceneFileException extends IOException {
    private static final long serialVersionUID = 1L;

    /**
     * Creates the exception.
     *
     * @param message what is wrong, naming the file and the rule broken
     */
    public SceneFileException(String message) {
        super(message);
    }

    /**
     * Creates the exception with the failure that revealed the problem.
     *
     * @param message what is wrong, naming the file and the rule broken
     * @param cause   the exception a scene setter or store threw while the scene was built
     */
    public SceneFileException(String message, Throwable cause) {
        super(message, cause);
    }
}
