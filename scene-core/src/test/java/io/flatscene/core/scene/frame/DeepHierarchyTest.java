package io.flatscene.core.scene.frame;

import io.flatscene.core.config.SceneConfig;
import io.flatscene.core.scene.DestroyMode;
import io.flatscene.core.scene.SceneInternals;
import io.flatscene.core.scene.SceneManager;
import io.flatscene.core.scene.SceneNode;
import io.flatscene.core.scene.store.TransformStore;
import org.joml.Vector3f;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Hierarchies far deeper than any game builds: every structural walk is iterative (a recursion would overflow the
 * stack long before a million levels), and the cost of inserting or removing a node does not grow with the deepest
 * chain in the scene. Costs are counted in slot moves, not timed.
 */
class DeepHierarchyTest {
    private static final int DEPTH = 1_000_000;

    @Test
    void aMillionDeepChainIsBuiltMovedReparentedAndDestroyed() {
        SceneConfig config = SceneConfig.builder().maxNodes(DEPTH + 16).workerThreads(2).build();
        try (SceneManager scene = new SceneManager(config)) {
            SceneNode top = scene.rootNode().createChild("top");
            SceneNode bottom = top;
            for (int level = 1; level < DEPTH; level++) {
                bottom = bottom.createChild().setPosition(0f, 1f, 0f);
            }
            scene.update();
            assertEquals(DEPTH, bottom.depth());
            assertEquals(new Vector3f(0f, DEPTH - 1, 0f), bottom.getWorldPosition(new Vector3f()));
            scene.validate();

            top.setPosition(5f, 0f, 0f);
            scene.update();
            assertEquals(new Vector3f(5f, DEPTH - 1, 0f), bottom.getWorldPosition(new Vector3f()), "top moved");

            SceneNode holder = scene.rootNode().createChild("holder").setPosition(0f, 0f, 7f);
            top.reparent(holder);
            scene.update();
            assertEquals(DEPTH + 1, bottom.depth());
            assertEquals(new Vector3f(5f, DEPTH - 1, 7f), bottom.getWorldPosition(new Vector3f()), "reparented");
            scene.validate();

            top.detachFromParent();
            scene.update();
            assertEquals(DEPTH - 1, bottom.depth());
            assertFalse(bottom.isInSceneGraph());
            scene.validate();

            holder.addChild(top);
            scene.destroySceneNode(holder, DestroyMode.REATTACH_CHILDREN_TO_ROOT);
            scene.update();
            assertEquals(scene.rootNode(), top.parent());
            assertEquals(DEPTH, bottom.depth());
            assertTrue(bottom.isInSceneGraph());
            assertEquals(new Vector3f(5f, DEPTH - 1, 0f), bottom.getWorldPosition(new Vector3f()), "reattached");
            scene.validate();

            scene.destroySceneNode(top);
            assertEquals(1, scene.nodeCount());
            scene.validate();
        }
    }

    @Test
    void insertionsBesideADeepChainMoveABoundedNumberOfSlots() {
        int depth = 100_000;
        int inserts = 1_000;
        SceneConfig config = SceneConfig.builder().maxNodes(depth + inserts + 16).build();
        try (SceneManager scene = new SceneManager(config)) {
            SceneNode bottom = scene.rootNode();
            for (int level = 0; level < depth; level++) {
                bottom = bottom.createChild();
            }
            // each insertion moves at most one slot per later band, and there are 2 * (DEEP + 1) bands at most
            int bound = inserts * 2 * (TransformStore.DEEP + 1);
            int before = SceneInternals.slotMoves(scene);
            for (int i = 0; i < inserts; i++) {
                scene.rootNode().createChild();
            }
            int insertionMoves = SceneInternals.slotMoves(scene) - before;
            assertTrue(insertionMoves <= bound, () -> insertionMoves + " slot moves for " + inserts + " insertions");

            before = SceneInternals.slotMoves(scene);
            for (int i = 0; i < inserts; i++) {
                scene.destroySceneNode(scene.rootNode().child(scene.rootNode().childCount() - 1));
            }
            int removalMoves = SceneInternals.slotMoves(scene) - before;
            assertTrue(removalMoves <= bound, () -> removalMoves + " slot moves for " + inserts + " removals");
            scene.validate();
        }
    }

    /**
     * The cycle check climbs from the new parent and walks the moved subtree in step, and stops when the climb passes
     * the root: a new parent a few levels down a wide subtree is found by the climb, long before the walk reaches it.
     */
    @Test
    void aParentDeepInAWideSubtreeIsFoundAsACycle() {
        try (SceneManager scene = new SceneManager(SceneConfig.builder().maxNodes(64).build())) {
            SceneNode top = scene.rootNode().createChild("top");
            SceneNode middle = null;
            for (int child = 0; child < 10; child++) {
                SceneNode branch = top.createChild("branch " + child);
                for (int leaf = 0; leaf < 3; leaf++) {
                    SceneNode made = branch.createChild("leaf " + child + "." + leaf);
                    middle = child == 5 && leaf == 1 ? made : middle;
                }
            }
            SceneNode under = middle;
            String message = assertThrows(IllegalArgumentException.class, () -> top.reparent(under)).getMessage();
            assertEquals("cannot put " + top + " under " + under + ": that node is in its own "
                    + "subtree, which would make a cycle", message);
            scene.validate();
        }
    }
}
