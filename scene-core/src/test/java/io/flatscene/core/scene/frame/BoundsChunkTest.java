package io.flatscene.core.scene.frame;

import io.flatscene.core.config.SceneConfig;
import io.flatscene.core.scene.Aabb;
import io.flatscene.core.scene.Item;
import io.flatscene.core.scene.SceneManager;
import io.flatscene.core.scene.SceneNode;
import org.joml.Vector3f;
import org.junit.jupiter.api.Test;

import static io.flatscene.core.scene.SceneInternals.storedWorldCenter;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The bounds pass passes over chunks of 64 items whose nodes did not move; these are the ways an item's node can
 * change under a chunk without the chunk's node range knowing, each of which must still bring the box up to date.
 */
class BoundsChunkTest {
    private static final Aabb UNIT = new Aabb(0f, 0f, 0f, 0.5f, 0.5f, 0.5f);

    @Test
    void anItemSwappedIntoAnotherChunkByTheRemovalOfADetachedItemFollowsItsNode() {
        try (SceneManager scene = new SceneManager(SceneConfig.builder().maxNodes(300).maxItems(300).build())) {
            SceneNode[] nodes = new SceneNode[130];
            Item[] items = new Item[130];
            for (int i = 0; i < 130; i++) {
                nodes[i] = scene.rootNode().createChild("n" + i).setPosition(i, 0f, 0f);
                items[i] = scene.createItem(0, 0, UNIT);
                nodes[i].attachObject(items[i]);
            }
            nodes[0].detachObject(items[0]);
            scene.update();
            // the last item (chunk 2, its node's slot far from chunk 0's nodes) moves into index 0, and no detach
            // marked the chunk, the destroyed item being detached already
            scene.destroyItem(items[0]);
            scene.update();
            nodes[129].setPosition(500f, 1f, 2f);
            scene.update();
            assertEquals(new Vector3f(500f, 1f, 2f), storedWorldCenter(items[129], new Vector3f()));
        }
    }

    @Test
    void itemsReorderedByTheSpatialSortFollowTheirNodes() {
        int count = 6_000;
        try (SceneManager scene = new SceneManager(SceneConfig.builder().maxNodes(count + 1).maxItems(count).build())) {
            SceneNode[] nodes = new SceneNode[count];
            Item[] items = new Item[count];
            for (int i = 0; i < count; i++) {
                // scattered along x against creation order, so the first update's spatial sort reorders the items
                int x = (int) ((long) i * 7_919 % count);
                nodes[i] = scene.rootNode().createChild().setPosition(x, (i % 7) * 3f, 0f);
                items[i] = scene.createItem(0, 0, UNIT);
                nodes[i].attachObject(items[i]);
            }
            scene.update();
            for (int i = 0; i < count; i += 97) {
                nodes[i].setPosition(-1f - i, 5f, 5f);
            }
            scene.update();
            Vector3f center = new Vector3f();
            Vector3f node = new Vector3f();
            for (int i = 0; i < count; i++) {
                assertEquals(nodes[i].getWorldPosition(node), storedWorldCenter(items[i], center), "item of node " + i);
            }
        }
    }

    @Test
    void anItemWhoseNodeMovedSlotBeforeTheTransformPassFollowsIt() {
        try (SceneManager scene = new SceneManager(SceneConfig.builder().maxNodes(300).maxItems(300).build())) {
            SceneNode[] nodes = new SceneNode[100];
            for (int i = 0; i < 100; i++) {
                nodes[i] = scene.rootNode().createChild("n" + i).setPosition(i, 0f, 0f);
            }
            Item item = scene.createItem(0, 0, UNIT);
            nodes[99].attachObject(item);
            scene.update();
            // destroying node 0 moves the last node of depth 1 (the item's) into its slot, and leaves the old slot
            // empty, before the transform pass that publishes the move with the node's new matrix
            scene.destroySceneNode(nodes[0]);
            nodes[99].setPosition(-3f, 4f, 5f);
            scene.update();
            assertEquals(new Vector3f(-3f, 4f, 5f), storedWorldCenter(item, new Vector3f()));
        }
    }

    @Test
    void anItemCreatedIntoAChunkFollowsItsNode() {
        try (SceneManager scene = new SceneManager(SceneConfig.builder().maxNodes(300).maxItems(300).build())) {
            SceneNode far = scene.rootNode().createChild("far");
            for (int i = 0; i < 200; i++) {
                scene.rootNode().createChild("filler" + i);
            }
            SceneNode near = scene.rootNode().createChild("near");
            near.attachObject(scene.createItem(0, 0, UNIT));
            scene.update();
            Item late = scene.createItem(0, 0, UNIT);
            far.attachObject(late);
            scene.update();
            far.setPosition(-7f, 0f, 3f);
            scene.update();
            assertEquals(new Vector3f(-7f, 0f, 3f), storedWorldCenter(late, new Vector3f()));
        }
    }
}
