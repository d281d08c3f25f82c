package io.flatscene.core.scene;

import io.flatscene.core.config.SceneConfig;
import org.joml.Vector3f;
import org.junit.jupiter.api.Test;

import static io.flatscene.core.scene.SceneInternals.storedWorldCenter;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The slots that nodes and items keep are copies of the node id table; {@code validate()} reports a copy that went
 * stale, naming the object, and setters and passes follow the copies through every slot move.
 */
class KeptSlotValidationTest {

    @Test
    void validateReportsANodeWhoseKeptSlotIsStale() {
        try (SceneManager scene = new SceneManager(SceneConfig.builder().maxNodes(16).maxItems(4).build())) {
            SceneNode a = scene.rootNode().createChild("a");
            SceneNode b = scene.rootNode().createChild("b");
            scene.validate();
            a.slot = b.slot;
            IllegalStateException e = assertThrows(IllegalStateException.class, scene::validate);
            assertTrue(e.getMessage().contains(a.describe() + " keeps slot " + b.slot), e.getMessage());
        }
    }

    @Test
    void validateReportsAnItemWhoseNodeSlotIsStale() {
        try (SceneManager scene = new SceneManager(SceneConfig.builder().maxNodes(16).maxItems(4).build())) {
            Item item = scene.createItem(0, 0, new Aabb(0, 0, 0, 1, 1, 1));
            scene.rootNode().createChild("holder").attachObject(item);
            scene.validate();
            scene.itemData().nodeSlotArray()[item.globalIndex] = 0;
            IllegalStateException e = assertThrows(IllegalStateException.class, scene::validate);
            assertTrue(e.getMessage().contains(item.describe() + " keeps node slot 0"), e.getMessage());
        }
    }

    @Test
    void anItemFollowsItsNodeThroughASlotMove() {
        try (SceneManager scene = new SceneManager(SceneConfig.builder().maxNodes(16).maxItems(4).build())) {
            SceneNode parent = scene.rootNode().createChild("parent");
            SceneNode holder = parent.createChild("holder").setPosition(5f, 0f, 0f);
            Item item = scene.createItem(0, 0, new Aabb(0, 0, 0, 1, 1, 1));
            holder.attachObject(item);
            int before = holder.slot;
            // a new node at depth 1 opens a slot in an earlier band, so the band of depth 2 shifts
            scene.rootNode().createChild("sibling");
            assertTrue(holder.slot != before, "the holder moved slot");
            assertEquals(holder.slot, scene.itemData().nodeSlotArray()[item.globalIndex]);
            scene.validate();
            scene.update();
            assertEquals(5f, storedWorldCenter(item, new Vector3f()).x, 1e-6f, "bounds read the moved slot");
        }
    }
}
