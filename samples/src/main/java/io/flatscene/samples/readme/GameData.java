package io.flatscene.samples.readme;

import io.flatscene.core.config.SceneConfig;
import io.flatscene.core.scene.Aabb;
import io.flatscene.core.scene.DestroyMode;
import io.flatscene.core.scene.Item;
import io.flatscene.core.scene.SceneManager;
import io.flatscene.core.scene.SceneNode;

/**
 * The README's "Game data, destruction, hiding, look-ups" lines: a game's own data on nodes and items, look-ups,
 * hiding, a level-of-detail swap and the three ways to destroy a node.
 */
public final class GameData {
    /** What a game keeps per entity; FlatScene holds a reference to it and never reads it. */
    record ShipEntity(String callSign) {
    }

    private GameData() {
    }

    public static void main(String[] args) {
        try (SceneManager scene = new SceneManager(SceneConfig.builder().maxNodes(64).maxItems(64).build())) {
            int highDetailMesh = 0;
            int lowDetailMesh = 1;
            SceneNode ship = scene.rootNode().createChild("ship");
            Item hull = scene.createItem(highDetailMesh, 0, Aabb.ofMinMax(-1, -1, -1, 1, 1, 1));
            ship.createChild("hull").attachObject(hull);
            SceneNode wreck = scene.rootNode().createChild("wreck");
            wreck.attachObject(scene.createItem(highDetailMesh, 0, Aabb.ofMinMax(-1, -1, -1, 1, 1, 1)));
            scene.rootNode().createChild("boss");
            ShipEntity shipEntity = new ShipEntity("Kestrel");
            long entityId = 42;

            ship.setUserData(shipEntity).setTag(entityId);
            hull.setUserData(shipEntity).setTag(entityId);
            long id = hull.tag();

            SceneNode boss = scene.findNodeByName("boss").orElseThrow();
            ship.forEachChild(child -> child.setTag(id));
            hull.setMesh(lowDetailMesh);
            ship.setVisible(false);

            scene.destroySceneNode(wreck, DestroyMode.SUBTREE_KEEP_OBJECTS);
            scene.destroyLater(boss);
            scene.destroySceneNode(ship);
            scene.update();
            scene.validate();
        }
    }
}
