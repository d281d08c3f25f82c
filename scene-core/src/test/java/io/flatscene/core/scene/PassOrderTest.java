package io.flatscene.core.scene;

import io.flatscene.core.config.SceneConfig;
import java.util.List;
import org.joml.Vector3f;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The passes run one at a time, in the orders a game may call them: the boxes the bounds pass stores are the items'
 * current ones whatever ran before it, and the queries find what is in the graph at the query.
 */
class PassOrderTest {
    private static final Aabb UNIT = new Aabb(0f, 0f, 0f, 0.5f, 0.5f, 0.5f);

    private final SceneManager scene = new SceneManager(SceneConfig.builder().maxNodes(64).maxItems(64).build());

    @AfterEach
    void close() {
        scene.close();
    }

    private Item itemAt(SceneNode parent, float x, float y, float z) {
        Item item = scene.createItem(0, 0, UNIT);
        parent.createChild().setPosition(x, y, z).attachObject(item);
        return item;
    }

    /** Every attached item's stored world box is the box its node places it at now. */
    private void assertStoredBoxesCurrent(List<Item> items) {
        for (Item item : items) {
            int o = item.globalIndex * 3;
            float[] c = scene.itemData().worldCenterArray();
            float[] h = scene.itemData().worldHalfArray();
            Vector3f center = item.getWorldCenter(new Vector3f());
            Vector3f half = item.getWorldHalfExtents(new Vector3f());
            assertArrayEquals(new float[] {center.x, center.y, center.z, half.x, half.y, half.z},
                    new float[] {c[o], c[o + 1], c[o + 2], h[o], h[o + 1], h[o + 2]}, item.describe());
        }
    }

    @Test
    void aBoundsPassAfterTwoTransformPassesStoresWhatEitherMoved() {
        Item a = itemAt(scene.rootNode(), 0, 0, 0);
        Item b = itemAt(scene.rootNode(), 3, 0, 0);
        scene.update();
        a.parentNode().setPosition(5, 0, 0);
        scene.updateAllTransforms();
        b.parentNode().setPosition(0, 5, 0);
        scene.updateAllTransforms();
        scene.updateAllBounds();
        assertStoredBoxesCurrent(List.of(a, b));
    }

    @Test
    void aBoundsPassAfterASlotMoveStoresTheMovedNodesBox() {
        Item a = itemAt(scene.rootNode(), 0, 0, 0);
        SceneNode gone = scene.rootNode().createChild();
        Item last = itemAt(scene.rootNode(), 3, 0, 0);
        scene.update();
        last.parentNode().setPosition(0, 0, 7);
        scene.updateAllTransforms();
        // the band's last node moves into the destroyed one's slot, after the pass that recomputed it
        scene.destroySceneNode(gone);
        scene.updateAllBounds();
        assertStoredBoxesCurrent(List.of(a, last));
    }

    @Test
    void aQueryFindsAnItemMadeAfterTheLastUpdate() {
        itemAt(scene.rootNode(), 0, 0, 0);
        scene.update();
        Item late = itemAt(scene.rootNode(), 0, 0, 2);
        assertEquals(List.of(late), scene.queries().box(new Aabb(0, 0, 2, 0.5f, 0.5f, 0.5f), -1));
    }

    @Test
    void aQueryFindsASubtreeOnlyWhileItHangsFromTheRoot() {
        SceneNode branch = scene.rootNode().createChild();
        Item item = itemAt(branch, 0, 0, 0);
        Aabb around = new Aabb(0, 0, 0, 1, 1, 1);
        assertEquals(List.of(item), scene.queries().box(around, -1));
        branch.detachFromParent();
        assertTrue(scene.queries().box(around, -1).isEmpty(), "out of the graph");
        scene.rootNode().addChild(branch);
        assertEquals(List.of(item), scene.queries().box(around, -1), "back in the graph");
        scene.validate();
    }

    /** A new parent given after a transform pass shows in the node flags at the next one, then reaches the queries. */
    @Test
    void aNewParentBetweenTheTransformAndBoundsPassesReachesTheQueries() {
        SceneNode branch = scene.rootNode().createChild();
        itemAt(branch, 0, 0, 0);
        Aabb around = new Aabb(0, 0, 0, 1, 1, 1);
        scene.update();
        scene.updateAllTransforms();
        branch.detachFromParent();
        scene.updateAllBounds();
        scene.validate();
        assertTrue(scene.queries().box(around, -1).isEmpty(), "out of the graph");
        scene.validate();
    }
}
