package io.flatscene.core.scene;

import io.flatscene.core.config.SceneCapacity;
import io.flatscene.core.config.SceneConfig;
import io.flatscene.core.container.GrowthPolicy;
import io.flatscene.core.testing.LogLines;
import java.util.List;
import java.util.function.Consumer;
import org.apache.logging.log4j.Level;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Under {@link GrowthPolicy#GROW} each growth of a scene capacity says so once: the stores that grow in step with the
 * one that logs (the slot arrays, the dense sets, the node registry) stay silent, which they once were not, and the
 * game read every growth twice.
 */
class GrowthWarningTest {
    /** Every FlatScene logger: a WARN from any of them counts, not only from the one expected to write it. */
    private static final String LOGGERS = "io.flatscene";
    private static final int DECLARED = 2;

    @ParameterizedTest
    @EnumSource(SceneCapacity.class)
    void eachGrowthIsOneWarning(SceneCapacity capacity) {
        SceneManager scene = new SceneManager(SceneConfig.builder().capacity(capacity, DECLARED)
                .growthPolicy(GrowthPolicy.GROW).build());
        try {
            Consumer<SceneManager> create = creator(capacity);
            // the root node takes one of the declared nodes
            int present = capacity == SceneCapacity.NODES ? 1 : 0;
            List<String> logged = LogLines.capture(LOGGERS, Level.WARN, () -> {
                // 2 -> 4 -> 7: two growths
                for (int n = present; n < 7; n++) {
                    create.accept(scene);
                }
            });
            assertEquals(List.of(grew(capacity, 2, 4), grew(capacity, 4, 7)), logged);
        } finally {
            scene.close();
        }
    }

    private static String grew(SceneCapacity capacity, int from, int to) {
        return capacity.key() + " grew from " + from + " to " + to
                + ": declare a larger capacity at startup to avoid this copy";
    }

    private static Consumer<SceneManager> creator(SceneCapacity capacity) {
        return switch (capacity) {
            case NODES -> scene -> scene.rootNode().createChild();
            case ITEMS -> scene -> scene.rootNode().attachObject(scene.createItem(1, 1,
                    new Aabb(0f, 0f, 0f, 1f, 1f, 1f)));
            case LIGHTS -> scene -> scene.rootNode().attachObject(scene.createLight("", Light.Type.POINT));
            case CAMERAS -> scene -> scene.rootNode().attachObject(scene.createCamera(""));
        };
    }
}
