package io.flatscene.core.scene;

import io.flatscene.core.config.SceneConfig;
import io.flatscene.core.config.TransformKernel;
import org.joml.Vector3f;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A queue large enough (over 65,536 visible instances) that two workers gather it and mark its batch starts in
 * shares: the batches must be the maximal runs of instances agreeing on mesh, material, group, transparency and
 * winding, and the same as one worker's. Some mesh ids exceed the 16 bits the sort key holds, so the full ids cut
 * batches too.
 */
class LargeQueueBatchTest {
    private static final int SIDE = 300;

    @Test
    void batchesAreTheMaximalRunsForAnyWorkerCount() {
        int[][] one = queue(1);
        int[][] two = queue(2);
        assertTrue(one[0].length > 65_536, "enough visible instances for shares: " + one[0].length);
        for (int k = 0; k < one.length; k++) {
            assertArrayEquals(one[k], two[k], "1 against 2 workers, array " + k);
        }
    }

    /** The queue's instance items, then per batch (mesh, material, group, transparent, mirrored, first, count). */
    private static int[][] queue(int workers) {
        try (SceneManager scene = new SceneManager(SceneConfig.builder().maxNodes(SIDE * SIDE + 4)
                .maxItems(SIDE * SIDE).workerThreads(workers).transformKernel(TransformKernel.SCALAR).build())) {
            Aabb box = new Aabb(0f, 0f, 0f, 0.4f, 0.4f, 0.4f);
            Item[] items = new Item[SIDE * SIDE];
            for (int i = 0; i < SIDE * SIDE; i++) {
                // mesh 65,539 and 3 share their low 16 bits, and so their sort key bits
                int mesh = i % 997 == 0 ? 65_539 : i % 4;
                SceneNode node = scene.rootNode().createChild().setPosition(i % SIDE, i / SIDE, 0f);
                if (i % 13 == 0) {
                    node.setScale(-1f, 1f, 1f);
                }
                items[i] = scene.createItem(mesh, i % 3, box).setTransparent(i % 17 == 0)
                        .setRenderQueueGroup(i % 29 == 0 ? 1 : 0);
                node.attachObject(items[i]);
            }
            Camera camera = scene.createCamera("eye").setOrthographic(SIDE + 10f, 1f, 1000f);
            scene.rootNode().createChild("eye").setPosition(SIDE / 2f, SIDE / 2f, 100f)
                    .lookAt(new Vector3f(SIDE / 2f, SIDE / 2f, 0f), Space.WORLD).attachObject(camera);
            scene.updateFrame(camera);
            scene.updateFrame(camera);
            RenderQueue queue = scene.renderQueue();
            int count = queue.instanceCount();
            int[] instanceItems = new int[count];
            for (int i = 0; i < count; i++) {
                instanceItems[i] = queue.instanceItem(i);
            }
            int[] batches = new int[queue.batchCount() * 7];
            int expectedFirst = 0;
            for (int b = 0; b < queue.batchCount(); b++) {
                int first = queue.batchFirstInstance(b);
                int end = first + queue.batchInstanceCount(b);
                assertEquals(expectedFirst, first, "batches follow each other");
                for (int i = first; i < end; i++) {
                    Item item = scene.item(queue.instanceItem(i));
                    assertEquals(queue.batchMeshId(b), item.meshId(), "instance " + i + "'s mesh");
                    assertEquals(queue.batchMaterialId(b), item.materialId(), "instance " + i + "'s material");
                    assertEquals(queue.batchTransparent(b), item.isTransparent(), "instance " + i);
                    assertEquals(queue.batchRenderQueueGroup(b), item.renderQueueGroup(), "instance " + i);
                }
                if (b > 0) {
                    assertTrue(queue.batchMeshId(b) != queue.batchMeshId(b - 1)
                            || queue.batchMaterialId(b) != queue.batchMaterialId(b - 1)
                            || queue.batchRenderQueueGroup(b) != queue.batchRenderQueueGroup(b - 1)
                            || queue.batchTransparent(b) != queue.batchTransparent(b - 1)
                            || queue.batchMirrored(b) != queue.batchMirrored(b - 1), "batch " + b + " is maximal");
                }
                batches[b * 7] = queue.batchMeshId(b);
                batches[b * 7 + 1] = queue.batchMaterialId(b);
                batches[b * 7 + 2] = queue.batchRenderQueueGroup(b);
                batches[b * 7 + 3] = queue.batchTransparent(b) ? 1 : 0;
                batches[b * 7 + 4] = queue.batchMirrored(b) ? 1 : 0;
                batches[b * 7 + 5] = first;
                batches[b * 7 + 6] = end - first;
                expectedFirst = end;
            }
            assertEquals(count, expectedFirst, "the batches cover the queue");
            return new int[][] {instanceItems, batches};
        }
    }
}
