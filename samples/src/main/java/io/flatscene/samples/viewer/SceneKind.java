package io.flatscene.samples.viewer;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/** The viewer's scenes, in the order the number keys select them. */
enum SceneKind {
    SOLAR, FIELD, MODEL, ASTEROIDS, TOWERS;

    String label() {
        return name().toLowerCase(Locale.ROOT);
    }

    static SceneKind parse(String name) {
        for (SceneKind kind : values()) {
            if (kind.label().equals(name.toLowerCase(Locale.ROOT))) {
                return kind;
            }
        }
        throw new ViewerOptions.UsageException("--scene " + name + ": must be one of "
                + Arrays.stream(values()).map(SceneKind::label).collect(Collectors.joining(", ")));
    }
}
