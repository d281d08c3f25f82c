package io.flatscene.core.scene;

import io.flatscene.core.config.SceneConfig;
import io.flatscene.core.layout.LaneBlocks;
import java.util.HashSet;
import java.util.Set;
import org.joml.Matrix4x3f;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * No frame draws a stale scene: a cull after changes the game made since the last update (a move, a structural
 * change, an item's setter) brings the scene up to date first, and the nodes queued by destroyLater are gone after
 * the next update, updateFrame or cull, subtree and objects with them.
 */
class FreshFrameTest {
    private static final Aabb BOX = new Aabb(0f, 0f, 0f, 0.5f, 0.5f, 0.5f);

    private SceneManager scene;
    private Camera camera;
    private SceneNode near;
    private Item nearItem;
    /** Culled once the scene is built, so that each later cull may keep it or re-test the changed items alone. */
    private final RenderQueue queue = new RenderQueue();

    /** A detached camera looks from the origin down -Z: an item at z = -10 is in view, one at z = +10 behind it. */
    @BeforeEach
    void build() {
        scene = new SceneManager(SceneConfig.builder().maxNodes(64).maxItems(32).validation(true).build());
        camera = scene.createCamera("eye").setPerspective(1f, 0.5f, 100f).setViewport(640, 480);
        nearItem = scene.createItem("near", 0, 0, BOX);
        near = scene.rootNode().createChild("near").setPosition(0f, 0f, -10f);
        near.attachObject(nearItem);
        scene.update();
        assertEquals(Set.of(nearItem), culled(queue));
    }

    @AfterEach
    void close() {
        scene.close();
    }

    private Set<Item> culled(RenderQueue into) {
        scene.cull(camera, into);
        Set<Item> seen = new HashSet<>();
        for (int i = 0; i < into.instanceCount(); i++) {
            seen.add(scene.item(into.instanceItem(i)));
        }
        return seen;
    }

    /** The world matrix a queue draws its only instance with, as JOML's Matrix4x3f column order lays it out. */
    private static float[] drawnMatrix(RenderQueue culled) {
        assertEquals(1, culled.instanceCount());
        int base = LaneBlocks.base(culled.instanceTransformSlot(0), 12);
        float[] matrix = new float[12];
        for (int c = 0; c < 12; c++) {
            matrix[c] = culled.worldMatrices()[base + c * LaneBlocks.LANES];
        }
        return matrix;
    }

    @Test
    void aCullAfterAMoveDrawsTheNewPlace() {
        near.setPosition(2f, 1f, -12f);
        scene.cull(camera, queue);
        assertFalse(queue.isKept(), "a node moved since the queue's cull");
        assertArrayEquals(near.getWorldMatrix(new Matrix4x3f()).get(new float[12]), drawnMatrix(queue));
        assertEquals(1, queue.stats().nodesUpdated(), "the cull ran the update, and shows its figures");
        near.setPosition(0f, 0f, 10f);
        assertTrue(culled(queue).isEmpty(), "behind the camera now");
        scene.validate();
    }

    @Test
    void aCullAfterAStructuralChangeDrawsTheSceneAsItIs() {
        Item added = scene.createItem("added", 1, 1, BOX);
        SceneNode holder = scene.rootNode().createChild("holder").setPosition(3f, 0f, -20f);
        holder.attachObject(added);
        assertEquals(Set.of(nearItem, added), culled(queue), "a node created and an item attached");
        holder.detachObject(added);
        assertEquals(Set.of(nearItem), culled(queue), "an item detached");
        holder.attachObject(added);
        scene.destroySceneNode(near);
        assertEquals(Set.of(added), culled(queue), "a node destroyed, an item attached again");
        SceneNode mover = scene.rootNode().createChild("mover").setPosition(0f, 0f, 40f);
        holder.reparent(mover);
        assertTrue(culled(queue).isEmpty(), "a node moved under a parent behind the camera");
        scene.validate();
    }

    @Test
    void aCullAfterAnItemSetterSeesItsNewBox() {
        nearItem.setLocalAabb(new Aabb(0f, 0f, 30f, 0.5f, 0.5f, 0.5f));
        assertTrue(culled(queue).isEmpty(), "the item's box lies behind the camera now");
        nearItem.setLocalAabb(BOX);
        assertEquals(Set.of(nearItem), culled(queue));
        scene.validate();
    }

    /** Views culled after one update, with nothing changed between, share it: the update is not run again. */
    @Test
    void viewsCulledAfterAnUpdateShareIt() {
        RenderQueue first = new RenderQueue();
        RenderQueue second = new RenderQueue();
        Camera other = scene.createCamera("other").setPerspective(1f, 0.5f, 100f).setViewport(640, 480);
        near.setPosition(0f, 1f, -10f);
        long passes = scene.changedSlots().passCount();
        assertEquals(1, scene.update().nodesUpdated());
        scene.cull(camera, first);
        scene.cull(other, second);
        assertEquals(passes + 1, scene.changedSlots().passCount(), "one transform pass for both views");
        scene.cull(camera, first);
        assertTrue(first.isKept(), "nothing changed since the queue's cull");
        near.setPosition(0f, 2f, -10f);
        scene.update();
        scene.cull(camera, first);
        assertFalse(first.isKept(), "the update took the change, and the cull still counts it");
    }

    /** A node queued with a subtree and objects under it, all in view. */
    private SceneNode queuedTree() {
        SceneNode doomed = scene.rootNode().createChild("doomed").setPosition(1f, 0f, -10f);
        doomed.attachObject(scene.createItem("doomed item", 0, 0, BOX));
        doomed.createChild("doomed child").attachObject(scene.createItem("child item", 0, 0, BOX));
        doomed.attachObject(scene.createLight("doomed light", Light.Type.POINT));
        scene.update();
        scene.destroyLater(doomed);
        assertTrue(doomed.isAlive(), "queued, not yet destroyed");
        assertEquals(1, scene.pendingDestructionCount());
        return doomed;
    }

    private void assertOnlyNearLeft(SceneNode doomed) {
        assertFalse(doomed.isAlive());
        assertEquals(0, scene.pendingDestructionCount());
        assertEquals(2, scene.nodeCount(), "the root and the near node");
        assertEquals(1, scene.itemCount(), "the subtree's items went with it");
        assertEquals(0, scene.lightCount());
        scene.validate();
    }

    @Test
    void theNextUpdateDestroysWhatDestroyLaterQueued() {
        SceneNode doomed = queuedTree();
        SceneNode child = doomed.child(0);
        scene.update();
        assertFalse(child.isAlive());
        assertOnlyNearLeft(doomed);
    }

    @Test
    void theNextUpdateFrameDestroysWhatDestroyLaterQueued() {
        SceneNode doomed = queuedTree();
        scene.updateFrame(camera);
        assertOnlyNearLeft(doomed);
        assertEquals(1, scene.renderQueue().instanceCount(), "only the near item drawn");
    }

    @Test
    void theNextCullDestroysWhatDestroyLaterQueued() {
        SceneNode doomed = queuedTree();
        assertEquals(Set.of(nearItem), culled(queue));
        assertOnlyNearLeft(doomed);
    }

    @Test
    void aCullWhoseCameraWasQueuedRefusesIt() {
        SceneNode eye = scene.rootNode().createChild("eye");
        Camera doomed = scene.createCamera("doomed eye");
        eye.attachObject(doomed);
        scene.destroyLater(eye);
        IllegalStateException e = assertThrows(IllegalStateException.class,
                () -> scene.cull(doomed, new RenderQueue()));
        assertTrue(e.getMessage().contains("doomed eye") && e.getMessage().contains("destroyed"), e.getMessage());
        assertFalse(eye.isAlive());
        scene.validate();
    }
}
