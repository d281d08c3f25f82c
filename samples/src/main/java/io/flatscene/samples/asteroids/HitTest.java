package io.flatscene.samples.asteroids;

import io.flatscene.core.scene.QueryResult;
import io.flatscene.core.scene.SceneManager;
import org.joml.Vector3fc;

/**
 * The game's one scene query: which asteroid a bullet's path enters first. The scene's bounding-volume hierarchy
 * answers it from the items' world bounds as they are now; one result, reused, so a tick's rays allocate nothing.
 */
final class HitTest {
    private final SceneManager scene;
    private final QueryResult hits = new QueryResult();

    HitTest(SceneManager scene) {
        this.scene = scene;
    }

    /**
     * The index of the asteroid whose bounds the ray from {@code origin} along {@code direction} enters first
     * within {@code maxDistance} world units, or -1: the index its item's tag holds.
     */
    int firstAsteroid(Vector3fc origin, Vector3fc direction, float maxDistance) {
        scene.queries().ray(origin, direction, maxDistance, QueryBits.ASTEROID, hits);
        return hits.isEmpty() ? -1 : (int) hits.item(0).tag();
    }
}
