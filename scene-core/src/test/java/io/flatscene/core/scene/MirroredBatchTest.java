package io.flatscene.core.scene;

import io.flatscene.core.config.SceneConfig;
import org.joml.Vector3f;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A world matrix with a negative determinant flips triangle winding, so opaque items under one get batches of their
 * own, flagged for the renderer; transparent ones keep their back-to-front order and are never flagged.
 */
class MirroredBatchTest {
    @Test
    void mirroringFollowsTheWorldMatrixAndSplitsOpaqueBatchesOnly() {
        try (SceneManager scene = new SceneManager(SceneConfig.builder().validation(true).build())) {
            Camera camera = scene.createCamera("eye").setPerspective(1f, 0.5f, 100f).setViewport(100, 100);
            scene.rootNode().createChild().setPosition(0, 0, 20).lookAt(new Vector3f(), Space.PARENT)
                    .attachObject(camera);
            Aabb box = new Aabb(0, 0, 0, 0.5f, 0.5f, 0.5f);
            SceneNode flipped = scene.rootNode().createChild("flipped").setScale(1f, -1f, 1f);
            // two flips cancel: the grandchild's world matrix is not mirrored
            SceneNode flippedTwice = flipped.createChild("flipped twice").setScale(-1f, 1f, 1f).setPosition(2, 0, 0);
            SceneNode plain = scene.rootNode().createChild("plain").setPosition(-2, 0, 0);
            for (SceneNode node : new SceneNode[]{flipped, flippedTwice, plain}) {
                node.attachObject(scene.createItem(0, 0, box));
                node.createChild().setPosition(0, 0, 1).attachObject(scene.createItem(0, 0, box).setTransparent(true));
            }
            scene.updateFrame(camera);
            RenderQueue queue = scene.renderQueue();
            assertEquals(6, queue.instanceCount());
            assertEquals(3, queue.batchCount(), "opaque plain, opaque mirrored, transparent");
            assertFalse(queue.batchTransparent(0));
            assertFalse(queue.batchMirrored(0));
            assertEquals(2, queue.batchInstanceCount(0));
            assertTrue(queue.batchMirrored(1));
            assertEquals(1, queue.batchInstanceCount(1));
            assertEquals(scene.item(queue.instanceItem(queue.batchFirstInstance(1))).parentNode(), flipped);
            assertTrue(queue.batchTransparent(2));
            assertFalse(queue.batchMirrored(2));
            assertEquals(3, queue.batchInstanceCount(2));

            flipped.setScale(1f, 1f, 1f);
            scene.updateFrame(camera);
            assertEquals(3, queue.batchCount(), "now the grandchild is the mirrored one");
            assertEquals(scene.item(queue.instanceItem(queue.batchFirstInstance(1))).parentNode(), flippedTwice);

            // inheriting neither orientation nor scale, the grandchild takes only its parent's position: its own -1
            // mirrors it whatever its parent does, which only the determinant (not the parent's flag) can tell
            flipped.setScale(1f, -1f, 1f);
            flippedTwice.setInheritScale(false).setInheritOrientation(false);
            scene.updateFrame(camera);
            assertEquals(3, queue.batchCount());
            assertEquals(2, queue.batchInstanceCount(1), "the parent and the grandchild both mirror");
        }
    }
}
