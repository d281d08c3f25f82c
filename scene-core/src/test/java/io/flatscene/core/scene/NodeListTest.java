package io.flatscene.core.scene;

import io.flatscene.core.config.SceneConfig;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class NodeListTest {
    private final SceneManager scene = new SceneManager(SceneConfig.builder().maxNodes(16).build());
    private final SceneNode first = scene.rootNode().createChild("first");
    private final SceneNode second = scene.rootNode().createChild("second");
    private final SceneNode third = scene.rootNode().createChild("third");
    private final NodeList enemies = scene.createNodeList(1);

    @AfterEach
    void close() {
        scene.close();
    }

    @Test
    void nodesAreWalkedInTheOrderAdded() {
        assertTrue(enemies.isEmpty());
        assertNull(enemies.first());
        enemies.add(second).add(first).add(third);
        assertEquals(3, enemies.size());
        assertFalse(enemies.isEmpty());
        assertSame(second, enemies.first());
        assertSame(first, enemies.next(second));
        assertSame(third, enemies.next(first));
        assertNull(enemies.next(third), "the end");
        enemies.remove(first);
        assertSame(third, enemies.next(second));
        assertFalse(enemies.contains(first));
        assertEquals(1, enemies.channel());
        scene.validate();
    }

    /** Each change lets go of the scene, so the frame after it runs: a change that kept its claim would stop it. */
    @Test
    void everyChangeLetsTheNextFrameRun() {
        enemies.add(first);
        scene.update();
        enemies.remove(first);
        scene.update();
        enemies.add(second).add(third);
        enemies.clear();
        scene.update();
        assertTrue(enemies.isEmpty());
        scene.validate();
    }

    @Test
    void aNodeIsInOneListPerChannel() {
        NodeList sameChannel = scene.createNodeList(1);
        NodeList otherChannel = scene.createNodeList(2);
        enemies.add(first);
        String again = assertThrows(IllegalArgumentException.class, () -> enemies.add(first)).getMessage();
        assertEquals("cannot add " + first.describe() + " to a node list on channel 1: it is already in this list, "
                + "and a node is in one list per channel", again);
        String elsewhere = assertThrows(IllegalArgumentException.class, () -> sameChannel.add(first)).getMessage();
        assertTrue(elsewhere.contains("it is already in another list on that channel"), elsewhere);
        otherChannel.add(first);
        assertTrue(otherChannel.contains(first) && enemies.contains(first));
        assertEquals(0, sameChannel.size());
        scene.update();
        scene.validate();
    }

    @Test
    void removingOrSteppingFromANodeNotInTheListIsRefused() {
        enemies.add(first);
        String remove = assertThrows(IllegalArgumentException.class, () -> enemies.remove(second)).getMessage();
        assertEquals("cannot remove " + second.describe() + " from a node list on channel 1: it is not in that list",
                remove);
        String step = assertThrows(IllegalArgumentException.class, () -> enemies.next(second)).getMessage();
        assertEquals("cannot step from " + second.describe() + " in a node list on channel 1: it is not in that "
                + "list", step);
        assertEquals(1, enemies.size(), "nothing changed");
        scene.update();
    }

    @Test
    void aDestroyedNodeLeavesTheList() {
        enemies.add(first).add(second);
        scene.destroySceneNode(first);
        assertEquals(1, enemies.size());
        assertSame(second, enemies.first());
        scene.validate();
    }

    @Test
    void aNodeOfAnotherSceneOrADestroyedOneIsNamedWhereverItIsPassed() {
        enemies.add(first);
        assertSame(enemies, enemies.remove(first), "remove returns the list, as add does");
        try (SceneManager other = new SceneManager(SceneConfig.builder().maxNodes(4).build())) {
            SceneNode stranger = other.rootNode().createChild("stranger");
            String lookUp = assertThrows(IllegalArgumentException.class, () -> enemies.contains(stranger))
                    .getMessage();
            assertEquals(stranger.describe() + " cannot be looked up in a node list here: it belongs to another scene",
                    lookUp);
            String step = assertThrows(IllegalArgumentException.class, () -> enemies.next(stranger)).getMessage();
            assertEquals(stranger.describe() + " cannot step through a node list here: it belongs to another scene",
                    step);
        }
        scene.destroySceneNode(third);
        String destroyed = assertThrows(IllegalStateException.class, () -> enemies.contains(third)).getMessage();
        assertTrue(destroyed.contains("was destroyed"), destroyed);
    }
}
