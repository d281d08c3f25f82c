package io.flatscene.core.scene;

import io.flatscene.core.config.SceneConfig;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.joml.Matrix4f;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class StaticNodeTest {

    private static SceneManager newScene() {
        return new SceneManager(SceneConfig.builder().maxNodes(2048).maxItems(64).workerThreads(1).build());
    }

    private static void assertRejected(Runnable change, SceneManager scene, SceneNode... named) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, change::run);
        for (SceneNode node : named) {
            assertTrue(e.getMessage().contains(node.toString()), "'" + e.getMessage() + "' should name " + node);
        }
        scene.validate();
    }

    @Test
    void aStaticNodesParentMustBeStaticOrAtDepthZero() {
        try (SceneManager scene = newScene()) {
            SceneNode dynamic = scene.rootNode().createChild("dynamic");
            SceneNode child = dynamic.createChild("child");
            assertRejected(() -> child.setStatic(true), scene, child, dynamic);
            assertFalse(child.isStatic());
            assertEquals(2, child.depth());

            // Depth 0 parents are allowed: the root, and a detached node.
            SceneNode underRoot = scene.rootNode().createChild("under root").setStatic(true);
            assertTrue(underRoot.isStatic());
            SceneNode detached = scene.createSceneNode("detached");
            SceneNode underDetached = detached.createChild("under detached").setStatic(true);
            assertTrue(underDetached.isStatic());
            // A static parent below depth 0 is allowed too.
            SceneNode deeper = underRoot.createChild("deeper").setStatic(true);
            assertTrue(deeper.isStatic());
            assertSame(deeper, deeper.setStatic(true), "setting the same state again is a no-op");
            scene.validate();
        }
    }

    @Test
    void aNodeWithStaticChildrenCannotTurnDynamic() {
        try (SceneManager scene = newScene()) {
            SceneNode parent = scene.rootNode().createChild("parent").setStatic(true);
            SceneNode child = parent.createChild("child").setStatic(true);
            parent.createChild("dynamic sibling");
            assertRejected(() -> parent.setStatic(false), scene, parent, child);
            assertTrue(parent.isStatic());
            assertTrue(child.isStatic());
            child.setStatic(false);
            parent.setStatic(false);
            assertFalse(parent.isStatic());
            scene.validate();
        }
    }

    @Test
    void aStaticNodeCannotMoveUnderADynamicNodeBelowDepthZero() {
        try (SceneManager scene = newScene()) {
            SceneNode dynamic = scene.rootNode().createChild("dynamic");
            SceneNode staticNode = scene.rootNode().createChild("static").setStatic(true);
            SceneNode staticChild = staticNode.createChild("static child").setStatic(true);
            assertRejected(() -> staticNode.reparent(dynamic), scene, staticNode, dynamic);
            assertSame(scene.rootNode(), staticNode.parent());
            assertEquals(1, staticNode.depth());
            assertEquals(2, staticChild.depth());

            SceneNode loose = scene.createSceneNode("loose").setStatic(true);
            assertRejected(() -> dynamic.addChild(loose), scene, loose, dynamic);
            assertEquals(null, loose.parent());
            assertEquals(0, dynamic.childCount());

            // Under a static node or the root it may go.
            loose.reparent(staticChild);
            assertEquals(3, loose.depth());
            staticChild.reparent(scene.rootNode());
            assertEquals(2, loose.depth());
            scene.validate();
        }
    }

    /**
     * A detached dynamic node may hold static children (its depth is 0); attaching it below the root would put a
     * static node under a dynamic one at depth 1. Either the attach is refused, or the scene stays valid and the
     * static child follows its parent.
     */
    @Test
    void attachingADetachedDynamicNodeWithStaticChildrenKeepsTheStaticRule() {
        try (SceneManager scene = newScene()) {
            SceneNode holder = scene.createSceneNode("holder");
            SceneNode staticChild = holder.createChild("static child").setStatic(true).setPosition(0, 1, 0);
            try {
                scene.rootNode().addChild(holder);
            } catch (IllegalArgumentException refused) {
                assertTrue(refused.getMessage().contains(holder.toString())
                        || refused.getMessage().contains(staticChild.toString()), refused.getMessage());
                assertEquals(null, holder.parent());
                scene.validate();
                return;
            }
            scene.validate();
            scene.updateAllTransforms();
            holder.setPosition(10, 0, 0);
            scene.updateAllTransforms();
            assertMatchesChain(staticChild);
        }
    }

    @Test
    void aStillStaticSubtreeIsNotRecomputedAndAMovedOneOnlyBelowTheMove() {
        try (SceneManager scene = newScene()) {
            SceneNode root = scene.rootNode();
            List<SceneNode> statics = new ArrayList<>();
            List<SceneNode> staticMids = new ArrayList<>();
            List<SceneNode> dynamicTops = new ArrayList<>();
            for (int s = 0; s < 3; s++) {
                SceneNode top = root.createChild("static " + s).setStatic(true).setPosition(s * 10, 0, 0);
                statics.add(top);
                for (int m = 0; m < 10; m++) {
                    SceneNode mid = top.createChild().setStatic(true).setPosition(0, m, 0);
                    staticMids.add(mid);
                    for (int l = 0; l < 5; l++) {
                        statics.add(mid.createChild().setStatic(true).setPosition(0, 0, l));
                    }
                }
            }
            // Dynamic nodes under a static one follow it when it moves.
            SceneNode mid0 = staticMids.get(0);
            for (int d = 0; d < 4; d++) {
                mid0.createChild("dynamic under static").setPosition(d, 0, 0);
            }
            for (int d = 0; d < 20; d++) {
                SceneNode top = root.createChild("dynamic " + d).setPosition(0, d, 0);
                dynamicTops.add(top);
                for (int c = 0; c < 4; c++) {
                    top.createChild().setPosition(c, 0, 0);
                }
            }
            assertEquals(scene.nodeCount(), scene.updateAllTransforms(), "the first update computes every node");
            assertEquals(0, scene.updateAllTransforms());

            dynamicTops.get(7).setPosition(1, 2, 3);
            assertEquals(5, scene.updateAllTransforms(), "one dynamic node and its four children");
            for (SceneNode top : dynamicTops) {
                top.setPosition(0, 0, 1);
            }
            assertEquals(100, scene.updateAllTransforms(), "every dynamic subtree, no static node");

            SceneNode leaf = staticMids.get(13).child(2);
            leaf.setPosition(5, 5, 5);
            assertEquals(1, scene.updateAllTransforms(), "a static leaf alone");

            staticMids.get(13).setPosition(1, 1, 1);
            assertEquals(6, scene.updateAllTransforms(), "a static node and its five static children");

            mid0.setPosition(2, 2, 2);
            assertEquals(10, scene.updateAllTransforms(), "a static node, five static and four dynamic children");

            SceneNode top0 = mid0.parent();
            top0.setPosition(-4, 0, 0);
            assertEquals(1 + 10 + 50 + 4, scene.updateAllTransforms(), "one static tree with its dynamic leaves");
            for (SceneNode node : scene.findNodesByName("dynamic under static")) {
                assertMatchesChain(node);
            }
            for (SceneNode node : statics) {
                assertMatchesChain(node);
            }
        }
    }

    /**
     * When a sibling band of the same depth changes, the next depth is swept, and each of its nodes reads its parent's
     * changed bit: a dynamic child of an untouched static node must not be recomputed as if its parent had moved
     * (which a bit left over from an earlier pass would do).
     */
    @Test
    void movingADynamicNodeDoesNotRecomputeDynamicChildrenOfStillStaticNodes() {
        try (SceneManager scene = newScene()) {
            SceneNode staticTop = scene.rootNode().createChild("static top").setStatic(true);
            for (int i = 0; i < 50; i++) {
                staticTop.createChild("dynamic under static").setPosition(i, 0, 0);
            }
            SceneNode mover = scene.rootNode().createChild("mover");
            mover.createChild("mover child");
            scene.updateAllTransforms();
            assertEquals(0, scene.updateAllTransforms());
            mover.setPosition(1, 0, 0);
            assertEquals(2, scene.updateAllTransforms(), "the mover and its child, not the static node's 50 children");
        }
    }

    /** Band 0 holds the root and detached nodes; a detached static node lives in band 1, next to it. */
    @Test
    void movingADetachedStaticNodeRecomputesOnlyIt() {
        try (SceneManager scene = newScene()) {
            for (int i = 0; i < 30; i++) {
                scene.rootNode().createChild().createChild();
                scene.rootNode().createChild().setStatic(true).createChild().setStatic(true);
            }
            SceneNode loose = scene.createSceneNode("loose static").setStatic(true);
            scene.updateAllTransforms();
            assertEquals(0, scene.updateAllTransforms());
            loose.setPosition(3, 0, 0);
            assertEquals(1, scene.updateAllTransforms(), "only the detached node moved");
        }
    }

    @Test
    void frameStatsCountOnlyWhatMoved() {
        try (SceneManager scene = newScene()) {
            Camera camera = scene.createCamera("eye");
            scene.rootNode().createChild("eye").attachObject(camera);
            SceneNode staticTop = scene.rootNode().createChild().setStatic(true);
            for (int i = 0; i < 200; i++) {
                staticTop.createChild().setStatic(true).setPosition(i, 0, -5);
            }
            SceneNode mover = scene.rootNode().createChild();
            scene.updateFrame(camera);
            for (int frame = 0; frame < 5; frame++) {
                mover.setPosition(frame, 0, 0);
                assertEquals(1, scene.updateFrame(camera).nodesUpdated(), "frame " + frame);
            }
            staticTop.setPosition(0, 1, 0);
            assertEquals(201, scene.updateFrame(camera).nodesUpdated());
        }
    }

    /**
     * Random edits on a mixed hierarchy, allowed or not: every change the static rule forbids must be refused with
     * nothing changed, every allowed one must keep the scene valid, and after each update every world matrix must
     * equal the JOML chain of local transforms.
     */
    @Test
    void worldMatricesStayCorrectThroughRandomStaticAndDynamicEdits() {
        for (long seed = 1; seed <= 6; seed++) {
            Random random = new Random(seed);
            try (SceneManager scene = newScene()) {
                List<SceneNode> nodes = new ArrayList<>(List.of(scene.rootNode()));
                for (int i = 0; i < 150; i++) {
                    SceneNode parent = random.nextInt(15) == 0 ? null : nodes.get(random.nextInt(nodes.size()));
                    SceneNode node = parent == null ? scene.createSceneNode("detached") : parent.createChild();
                    VisibilityScenes.randomTransform(random, node, 2);
                    if ((parent == scene.rootNode() || (parent != null && parent.isStatic()))
                            && random.nextBoolean()) {
                        node.setStatic(true);
                    }
                    nodes.add(node);
                }
                for (int step = 0; step < 400; step++) {
                    edit(scene, nodes, random, "seed " + seed + " step " + step);
                    if (step % 5 == 4) {
                        if (random.nextBoolean()) {
                            scene.updateAllTransforms();
                        } else {
                            scene.updateFrame(scene.camera(0));
                        }
                        for (SceneNode node : nodes) {
                            assertMatchesChain(node);
                        }
                    }
                }
            }
        }
    }

    private static void edit(SceneManager scene, List<SceneNode> nodes, Random random, String context) {
        if (scene.cameraCount() == 0) {
            Camera camera = scene.createCamera("eye");
            scene.rootNode().createChild("eye").attachObject(camera);
        }
        SceneNode node = nodes.get(1 + random.nextInt(nodes.size() - 1));
        SceneNode parent = node.parent();
        boolean wasStatic = node.isStatic();
        switch (random.nextInt(6)) {
            case 0, 1 -> VisibilityScenes.randomTransform(random, node, 2);
            case 2 -> {
                boolean allowed = parent == null || parent.depth() == 0 || parent.isStatic();
                expect(allowed, () -> node.setStatic(true), scene, context + " setStatic(true) " + node);
                assertEquals(allowed || wasStatic, node.isStatic(), context);
            }
            case 3 -> {
                boolean staticChild = false;
                for (int c = 0; c < node.childCount(); c++) {
                    staticChild |= node.child(c).isStatic();
                }
                boolean allowed = !wasStatic || !staticChild || node.depth() == 0;
                expect(allowed, () -> node.setStatic(false), scene, context + " setStatic(false) " + node);
                assertEquals(wasStatic && !allowed, node.isStatic(), context);
            }
            case 4 -> {
                SceneNode target = nodes.get(random.nextInt(nodes.size()));
                boolean staticChild = false;
                for (int c = 0; c < node.childCount(); c++) {
                    staticChild |= node.child(c).isStatic();
                }
                if (VisibilityScenes.isAncestorOrSelf(node, target) || target.depth() > 8) {
                    return;
                }
                // Under any parent the node leaves depth 0, so its static children need it static.
                boolean allowed = wasStatic ? target.depth() == 0 || target.isStatic() : !staticChild;
                expect(allowed, () -> node.reparent(target), scene, context + " reparent " + node + " under "
                        + target);
                assertSame(allowed ? target : parent, node.parent(), context);
            }
            default -> {
                // Always allowed: a node at depth >= 1 with static children is static itself under the rule.
                node.detachFromParent();
                assertEquals(0, node.depth(), context);
            }
        }
        scene.validate();
    }

    private static void expect(boolean allowed, Runnable change, SceneManager scene, String context) {
        if (allowed) {
            change.run();
        } else {
            assertThrows(IllegalArgumentException.class, change::run, context + " should be refused");
            scene.validate();
        }
    }

    static void assertMatchesChain(SceneNode node) {
        Matrix4f expected = VisibilityScenes.chainWorld(node);
        Matrix4f actual = node.getWorldMatrix(new Matrix4f());
        float scale = 1f;
        for (int col = 0; col < 4; col++) {
            for (int row = 0; row < 4; row++) {
                scale = Math.max(scale, Math.abs(expected.get(col, row)));
            }
        }
        // Relative to the matrix's largest element: chained scales and offsets grow with depth.
        assertTrue(expected.equals(actual, 1e-5f * scale), node + " world\n" + actual + "expected\n" + expected);
    }
}
