package io.flatscene.core.scene;

import static org.junit.jupiter.api.Assertions.*;

import io.flatscene.core.config.SceneConfig;
import org.joml.Vector3f;
import org.junit.jupiter.api.Test;

class FrameSmokeTest {
    @Test
    void cullsSortsAndBatches() {
        try (SceneManager scene = new SceneManager(SceneConfig.builder().workerThreads(2).build())) {
            Camera camera = scene.createCamera("eye");
            scene.getRootNode().createChild("eye").setPosition(0, 0, 10).attachObject(camera);
            Aabb unit = new Aabb(0, 0, 0, 0.5f, 0.5f, 0.5f);
            for (int i = 0; i < 10; i++) {
                scene.getRootNode().createChild().setPosition(i - 5, 0, 0).attachObject(scene.createItem(i % 2, 7, unit));
            }
            scene.getRootNode().createChild().setPosition(0, 0, 50).attachObject(scene.createItem(0, 7, unit));
            FrameStats stats = scene.updateFrame(camera);
            assertEquals(11, stats.itemsTested());
            assertEquals(10, stats.itemsVisible(), stats.toString());
            RenderQueue queue = scene.renderQueue();
            assertEquals(2, queue.batchCount());
            assertEquals(5, queue.batchInstanceCount(0));
            assertEquals(1, scene.rayQuery(new Vector3f(-5, 0, 10), new Vector3f(0, 0, -1), 100, -1).size());
            scene.validate();
        }
    }
}
