package io.flatscene.core.scene;

import io.flatscene.core.config.SceneConfig;
import java.lang.ref.WeakReference;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

/**
 * A closed scene that the game still holds keeps none of its nodes and objects reachable: its arrays are large and
 * old, and would otherwise keep every node alive through each young collection until a full marking (a closed
 * 1M-node scene made the next young pause copy its million nodes). What the game still holds reads as destroyed.
 */
class ClosedSceneTest {

    @Test
    void aClosedSceneHoldsNoneOfItsNodesAndObjects() {
        SceneManager scene = new SceneManager(SceneConfig.builder().maxNodes(8).maxItems(4).build());
        List<WeakReference<Object>> refs = populate(scene);
        scene.close();
        for (int attempt = 0; attempt < 20 && refs.stream().anyMatch(ref -> ref.get() != null); attempt++) {
            System.gc();
        }
        for (WeakReference<Object> ref : refs) {
            assertNull(ref.get(), "the closed scene still holds " + ref.get());
        }
        assertThrows(IllegalStateException.class, scene::nodeCount);
    }

    @Test
    void whatTheGameStillHoldsReadsAsDestroyed() {
        SceneManager scene = new SceneManager(SceneConfig.builder().maxNodes(8).maxItems(4).build());
        SceneNode node = scene.rootNode().createChild("arm");
        Item item = scene.createItem("box", 1, 2, new Aabb(0, 0, 0, 1, 1, 1));
        node.attachObject(item);
        scene.close();
        assertFalse(node.isAlive(), "node");
        assertFalse(item.isAlive(), "item");
        IllegalStateException refused = assertThrows(IllegalStateException.class, () -> node.setPosition(1, 2, 3));
        assertEquals(true, refused.getMessage().contains("arm"), refused.getMessage());
        assertThrows(IllegalStateException.class, () -> item.setMaterialId(3));
    }

    /** Nodes with names, items, a light and a camera, culled once; only weak references leave this method. */
    private static List<WeakReference<Object>> populate(SceneManager scene) {
        List<WeakReference<Object>> refs = new ArrayList<>();
        SceneNode arm = scene.rootNode().createChild("arm");
        SceneNode hand = arm.createChild("hand");
        Item box = scene.createItem("box", 1, 2, new Aabb(0, 0, 0, 1, 1, 1));
        hand.attachObject(box);
        Item loose = scene.createItem("loose", 1, 2, new Aabb(0, 0, 0, 1, 1, 1));
        Light lamp = scene.createLight("lamp", Light.Type.POINT);
        arm.attachObject(lamp);
        Camera eye = scene.createCamera("eye");
        scene.rootNode().createChild("eye node").attachObject(eye);
        scene.updateFrame(eye);
        scene.findNodeByName("hand");
        for (Object object : new Object[] {arm, hand, box, loose, lamp, eye}) {
            refs.add(new WeakReference<>(object));
        }
        return refs;
    }
}
