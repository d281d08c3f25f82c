package io.flatscene.core.scene.frame;

import io.flatscene.core.config.SceneConfig;
import io.flatscene.core.scene.Aabb;
import io.flatscene.core.scene.Camera;
import io.flatscene.core.scene.FrameStats;
import io.flatscene.core.scene.Item;
import io.flatscene.core.scene.RenderQueue;
import io.flatscene.core.scene.SceneManager;
import io.flatscene.core.scene.SceneNode;
import io.flatscene.core.scene.Space;
import java.lang.reflect.Field;
import java.util.Random;
import org.joml.Quaternionf;
import org.joml.Vector3f;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * A cull for the same view re-tests only the items whose boxes changed since its queue's last cull, and anything
 * else a cull reads (an item setter, a structural change, another view) makes it a full one. Every queue is compared
 * with a fresh cull's, instance by instance.
 */
class IncrementalCullTest {
    private static final int SIDE = 40;

    @Test
    void onlyMovedItemsAreTestedAgainUntilSomethingElseChanges() {
        try (SceneManager scene = new SceneManager(SceneConfig.builder().maxNodes(2000).maxItems(2000)
                .validation(true).build())) {
            SceneNode[] nodes = new SceneNode[SIDE * SIDE];
            Aabb box = new Aabb(-0.4f, -0.4f, -0.4f, 0.4f, 0.4f, 0.4f);
            for (int i = 0; i < nodes.length; i++) {
                nodes[i] = scene.rootNode().createChild().setPosition(i % SIDE - SIDE / 2f, 0, i / SIDE - SIDE / 2f);
                Item item = scene.createItem(i % 3, i % 5, box).setTransparent(i % 7 == 0);
                nodes[i].attachObject(item);
            }
            Camera camera = scene.createCamera("eye").setPerspective(1f, 0.5f, 100f).setViewport(64, 64);
            SceneNode eye = scene.rootNode().createChild("eye").setPosition(0, 25, 15);
            eye.lookAt(new Vector3f(), Space.PARENT).attachObject(camera);
            int items = scene.itemCount();
            assertEquals(items, cull(scene, camera), "the first cull tests everything");

            for (int i = 0; i < 10; i++) {
                nodes[i * 37].setPosition(i - 5f, 0.5f, i * 0.7f);
            }
            assertEquals(10, cull(scene, camera), "ten moved items");
            nodes[5].setPosition(100, 0, 0); // out of view
            nodes[6].setPosition(0, 40, 15); // behind the camera
            assertEquals(2, cull(scene, camera), "two items leave the view");
            nodes[5].setPosition(1, 0, 1);
            assertEquals(1, cull(scene, camera), "one comes back");

            scene.item(3).setMaterialId(9);
            assertEquals(items, cull(scene, camera), "an item setter makes it a full cull");
            nodes[3].setPosition(2, 0, 2);
            assertEquals(1, cull(scene, camera));
            scene.rootNode().createChild().attachObject(scene.createItem(0, 0, box));
            assertEquals(items + 1, cull(scene, camera), "a structural change makes it a full cull");
            eye.setPosition(0, 25, 16);
            assertEquals(items + 1, cull(scene, camera), "a moved camera makes it a full cull");
            for (int i = 0; i < SIDE * SIDE / 3; i++) {
                nodes[i].setPosition(i % SIDE - SIDE / 2f, 0.1f, i / SIDE - SIDE / 2f);
            }
            assertEquals(items + 1, cull(scene, camera), "a third of the items moved: a full cull is as cheap");

            // a second queue for another view: each queue follows its own last cull
            Camera other = scene.createCamera("other").setPerspective(1f, 0.5f, 100f).setViewport(64, 64);
            scene.rootNode().createChild("other eye").setPosition(0, 30, -15).lookAt(new Vector3f(), Space.PARENT)
                    .attachObject(other);
            RenderQueue otherQueue = new RenderQueue();
            scene.update();
            scene.cull(other, otherQueue);
            assertEquals(items + 1, cull(scene, camera), "the camera node's creation was structural");
            nodes[100].setPosition(3, 0, 3);
            scene.update();
            assertEquals(1, scene.cull(other, otherQueue).stats().itemsTested());
            KeptQueuePropertyTest.assertSameQueue(scene.cull(other, new RenderQueue()), otherQueue, "other view");
            nodes[200].setPosition(4, 0, 4);
            assertEquals(2, cull(scene, camera), "the main queue missed two updates' moves");
        }
    }

    /**
     * Items the mask hides, items under a detached node and items with ids past 16 bits move between culls that stay
     * incremental; and many items moving into view make the queue outgrow what the last full cull needed.
     */
    @Test
    void hiddenDetachedAndWideItemsMoveAndTheQueueGrows() {
        try (SceneManager scene = new SceneManager(SceneConfig.builder().maxNodes(2000).maxItems(2000)
                .validation(true).build())) {
            Aabb box = new Aabb(-0.4f, -0.4f, -0.4f, 0.4f, 0.4f, 0.4f);
            SceneNode[] nodes = new SceneNode[1000];
            for (int i = 0; i < nodes.length; i++) {
                // all but ten far out of view
                nodes[i] = scene.rootNode().createChild().setPosition(i < 10 ? i : 500 + i, 0, 0);
                nodes[i].attachObject(scene.createItem(i % 2 == 0 ? 70_000 : 1, i % 3, box));
            }
            ((Item) nodes[1].attachedObject(0)).setVisibilityFlags(0);
            SceneNode detached = scene.createSceneNode("detached");
            detached.attachObject(scene.createItem(0, 0, box));
            Camera camera = scene.createCamera("eye").setPerspective(1f, 0.5f, 100f).setViewport(64, 64);
            scene.rootNode().createChild("eye").setPosition(5, 20, 20).lookAt(new Vector3f(5, 0, 0), Space.PARENT)
                    .attachObject(camera);
            int items = scene.itemCount();
            assertEquals(items, cull(scene, camera));
            nodes[1].setPosition(1, 0, 1);
            detached.setPosition(2, 0, 2);
            nodes[2].setPosition(2, 0, 1);
            assertEquals(3, cull(scene, camera), "a hidden, a detached and a wide item moved");
            for (int i = 10; i < 210; i++) {
                nodes[i].setPosition(i % 20 - 5f, 0, i / 20 - 5f);
            }
            assertEquals(200, cull(scene, camera), "two hundred items come into view");
        }
    }

    /**
     * Past the item count from which culls split across workers: each worker collects, re-tests, keeps and merges its
     * own part, and the queue is a fresh cull's for any number of workers, whether the moved items are scattered,
     * bunched into one worker's part of the queue, or leave and enter the view. Seen from straight above, most items
     * share a depth, so their order rests on the item tie-break.
     */
    @ParameterizedTest(name = "{0} workers")
    @ValueSource(ints = {1, 2, 3, 4})
    void workersShareTheIncrementalCull(int workers) {
        int side = 100;
        int count = side * side;
        try (SceneManager scene = new SceneManager(SceneConfig.builder().maxNodes(count + 2).maxItems(count)
                .workerThreads(workers).build())) {
            Aabb box = new Aabb(-0.4f, -0.4f, -0.4f, 0.4f, 0.4f, 0.4f);
            SceneNode[] nodes = new SceneNode[count];
            for (int i = 0; i < count; i++) {
                nodes[i] = scene.rootNode().createChild().setPosition(home(i, side), 0, home(i / side, side));
                nodes[i].attachObject(scene.createItem(i % 2, i % 3, box).setTransparent(i % 11 == 0));
            }
            Camera camera = scene.createCamera("eye").setPerspective(1.2f, 1f, 400f).setViewport(64, 64);
            scene.rootNode().createChild("eye").setPosition(0, 60, 0.01f).lookAt(new Vector3f(), Space.PARENT)
                    .attachObject(camera);
            assertEquals(count, cull(scene, camera));
            Random random = new Random(workers);
            for (int frame = 0; frame < 12; frame++) {
                boolean[] moved = new boolean[count];
                int changes = 1 + random.nextInt(count / 5);
                int first = random.nextInt(count - changes);
                for (int c = 0; c < changes; c++) {
                    // scattered, bunched in one run of items, or scattered with some sent out of view and back
                    int i = frame % 3 == 1 ? first + c : random.nextInt(count);
                    float height = frame % 3 == 2 && random.nextBoolean() ? 500f : random.nextFloat() - 0.5f;
                    nodes[i].setPosition(home(i, side), height, home(i / side, side));
                    moved[i] = true;
                }
                int distinct = 0;
                for (boolean m : moved) {
                    distinct += m ? 1 : 0;
                }
                assertEquals(distinct, cull(scene, camera), "frame " + frame + ": only the moved items are tested");
            }
        }
    }

    /**
     * Settling pays when at most half of the re-tested visible instances still move: seen straight from above, an item
     * moved sideways keeps its depth and key and stays in place, one moved up or down does not. After a cull where it
     * did not pay, the next 2n + 1 culls (n skipped after the last such cull; at most 15) skip it, and one where it
     * pays resets the count.
     */
    @Test
    void settlingBacksOffWhileMostChangedInstancesMove() throws ReflectiveOperationException {
        try (SceneManager scene = new SceneManager(SceneConfig.builder().maxNodes(2000).maxItems(2000).build())) {
            SceneNode[] nodes = new SceneNode[SIDE * SIDE];
            Aabb box = new Aabb(-0.4f, -0.4f, -0.4f, 0.4f, 0.4f, 0.4f);
            for (int i = 0; i < nodes.length; i++) {
                nodes[i] = scene.rootNode().createChild().setPosition(i % SIDE - SIDE / 2f, 0, i / SIDE - SIDE / 2f);
                nodes[i].attachObject(scene.createItem(i % 3, i % 5, box));
            }
            Camera camera = scene.createCamera("eye").setPerspective(1f, 0.5f, 100f).setViewport(64, 64);
            scene.rootNode().createChild("eye").setPosition(0, 60, 0)
                    .setOrientation(new Quaternionf().rotateX((float) (-Math.PI / 2))).attachObject(camera);
            Field field = RenderQueue.class.getDeclaredField("draws");
            field.setAccessible(true);
            DrawList draws = (DrawList) field.get(scene.renderQueue());
            cull(scene, camera);
            Random random = new Random(5);
            // skips left and the backoff after each cull: 1 and 3 skipped after the first and second costly ones
            int[][] expected = {{1, 1}, {0, 1}, {3, 3}, {2, 3}, {1, 3}, {0, 3}, {7, 7}};
            for (int[] after : expected) {
                moveUpOrDown(nodes, random, 0, 10);
                assertEquals(10, cull(scene, camera));
                assertEquals(after[0], draws.settleSkips, "skips left");
                assertEquals(after[1], draws.settleBackoff, "backoff");
            }
            for (int skipped = 0; skipped < 7; skipped++) {
                moveUpOrDown(nodes, random, 0, 10);
                cull(scene, camera);
            }
            moveUpOrDown(nodes, random, 0, 10);
            cull(scene, camera);
            assertEquals(15, draws.settleBackoff, "at most 15");
            for (int skipped = 0; skipped < 15; skipped++) {
                moveUpOrDown(nodes, random, 0, 10);
                cull(scene, camera);
            }
            assertEquals(0, draws.settleSkips);
            // one of two moves sideways: half still move, which pays
            moveUpOrDown(nodes, random, 0, 1);
            nodes[500].setPosition(nodes[500].getPosition(new Vector3f()).add(0.3f, 0f, 0f));
            assertEquals(2, cull(scene, camera));
            assertEquals(0, draws.settleBackoff, "half the instances moving pays");
            assertEquals(0, draws.settleSkips);
            moveUpOrDown(nodes, random, 0, 3);
            nodes[500].setPosition(nodes[500].getPosition(new Vector3f()).add(0.3f, 0f, 0f));
            cull(scene, camera);
            assertEquals(1, draws.settleBackoff, "three of four moving does not");
            nodes[500].setPosition(nodes[500].getPosition(new Vector3f()).add(0.3f, 0f, 0f));
            cull(scene, camera);
            nodes[500].setPosition(nodes[500].getPosition(new Vector3f()).add(0.3f, 0f, 0f));
            cull(scene, camera);
            assertEquals(0, draws.settleSkips, "settled after one skipped cull, and paid");
            // none of the changed instances moves, but one leaves: the queue is not kept
            nodes[500].setPosition(500f, 0f, 0f);
            assertEquals(1, cull(scene, camera));
        }
    }

    /** Moves {@code count} items from {@code first} to a new height, which changes their depth. */
    private static void moveUpOrDown(SceneNode[] nodes, Random random, int first, int count) {
        for (int i = first; i < first + count; i++) {
            SceneNode node = nodes[i * 37 + 300];
            Vector3f at = node.getPosition(new Vector3f());
            node.setPosition(at.x, at.y + 0.5f + random.nextFloat(), at.z);
        }
    }

    private static float home(int i, int side) {
        return i % side - side / 2f;
    }

    /** One frame for {@code camera}, checked against a fresh queue; returns how many items its cull tested. */
    private static int cull(SceneManager scene, Camera camera) {
        FrameStats stats = scene.updateFrame(camera);
        KeptQueuePropertyTest.assertSameQueue(scene.cull(camera, new RenderQueue()), scene.renderQueue(), "frame");
        return stats.itemsTested();
    }
}
