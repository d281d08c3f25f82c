package io.flatscene.core.scene;

import io.flatscene.core.config.SceneConfig;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.joml.Quaternionf;
import org.joml.Vector3f;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class NodeGroupTest {

    private static SceneManager newScene() {
        return new SceneManager(SceneConfig.builder().maxNodes(256).maxItems(4).validation(true).build());
    }

    private static SceneNode[] children(SceneNode parent, int count) {
        SceneNode[] nodes = new SceneNode[count];
        for (int i = 0; i < count; i++) {
            nodes[i] = parent.createChild("n" + i);
        }
        return nodes;
    }

    @Test
    void aGroupSetsItsNodesInItsOrder() {
        try (SceneManager scene = newScene()) {
            SceneNode[] nodes = children(scene.rootNode(), 5);
            NodeGroup group = scene.createNodeGroup(nodes, 4);
            assertEquals(4, group.size());
            assertSame(nodes[3], group.node(3));
            assertThrows(IndexOutOfBoundsException.class, () -> group.node(4));
            assertEquals("node group of 4 nodes", group.toString());
            scene.updateAllTransforms();

            float[] positions = new float[15];
            float[] orientations = new float[16];
            for (int i = 0; i < 4; i++) {
                positions[i * 3] = i;
                positions[i * 3 + 1] = -i;
                positions[i * 3 + 2] = i * 0.5f;
                Quaternionf q = new Quaternionf().rotateY(i * 0.3f + 0.1f);
                orientations[i * 4] = q.x * 3f;
                orientations[i * 4 + 1] = q.y * 3f;
                orientations[i * 4 + 2] = q.z * 3f;
                orientations[i * 4 + 3] = q.w * 3f;
            }
            group.setPositions(positions);
            group.setOrientations(orientations);
            assertEquals(4, scene.updateAllTransforms(), "the group holds four of the five nodes");
            for (int i = 0; i < 4; i++) {
                assertEquals(new Vector3f(i, -i, i * 0.5f), nodes[i].getPosition(new Vector3f()), "node " + i);
                Quaternionf expected = new Quaternionf().rotateY(i * 0.3f + 0.1f);
                assertTrue(expected.equals(nodes[i].getOrientation(new Quaternionf()), 1e-6f),
                        "node " + i + " gets its quaternion normalized");
            }
            assertEquals(new Vector3f(), nodes[4].getPosition(new Vector3f()), "the node left out of the group");
        }
    }

    /**
     * Structural changes move nodes between slots (a reparent to another depth, a static toggle, the swap that fills
     * a destroyed node's slot): after each, a group keeps writing the right nodes. A reference model holds what each
     * node's position should be.
     */
    @Test
    void aGroupFollowsItsNodesThroughSlotMoves() {
        try (SceneManager scene = newScene()) {
            Random random = new Random(12);
            SceneNode a = scene.rootNode().createChild("a");
            SceneNode b = scene.rootNode().createChild("b");
            List<SceneNode> others = new ArrayList<>(List.of(children(a, 20)));
            SceneNode[] members = children(b, 30);
            NodeGroup group = scene.createNodeGroup(members, members.length);
            Vector3f[] model = new Vector3f[members.length];
            float[] positions = new float[members.length * 3];
            Vector3f actual = new Vector3f();
            for (int step = 0; step < 300; step++) {
                SceneNode member = members[random.nextInt(members.length)];
                switch (random.nextInt(4)) {
                    case 0 -> member.reparent(random.nextBoolean() ? a : b);
                    case 1 -> member.reparent(others.get(random.nextInt(others.size())));
                    case 2 -> {
                        if (!others.isEmpty()) {
                            scene.destroySceneNode(others.remove(random.nextInt(others.size())),
                                    DestroyMode.REATTACH_CHILDREN_TO_ROOT);
                        }
                        others.add(a.createChild());
                    }
                    default -> member.reparent(scene.rootNode());
                }
                for (int i = 0; i < members.length; i++) {
                    model[i] = new Vector3f(random.nextFloat(), step, i);
                    positions[i * 3] = model[i].x;
                    positions[i * 3 + 1] = model[i].y;
                    positions[i * 3 + 2] = model[i].z;
                }
                group.setPositions(positions);
                for (int i = 0; i < members.length; i++) {
                    assertEquals(model[i], members[i].getPosition(actual), "member " + i + " at step " + step);
                }
                scene.updateAllTransforms();
                scene.validate();
            }
        }
    }

    /** The root holds slot 0: a group with it must still read its slot again after other nodes move. */
    @Test
    void aGroupWithTheRootReadsItsSlotsAgainAfterAMove() {
        try (SceneManager scene = newScene()) {
            SceneNode child = scene.rootNode().createChild("child");
            SceneNode other = scene.rootNode().createChild("other");
            NodeGroup group = scene.createNodeGroup(new SceneNode[] {scene.rootNode(), child}, 2);
            other.reparent(child);
            child.reparent(other.parent() == child ? scene.rootNode() : other);
            group.setPositions(new float[] {1, 2, 3, 4, 5, 6});
            assertEquals(new Vector3f(1, 2, 3), scene.rootNode().getPosition(new Vector3f()));
            assertEquals(new Vector3f(4, 5, 6), child.getPosition(new Vector3f()));
            scene.validate();
        }
    }

    @Test
    void aGroupFollowsANodeMadeStatic() {
        try (SceneManager scene = newScene()) {
            SceneNode[] members = children(scene.rootNode(), 3);
            NodeGroup group = scene.createNodeGroup(members, 3);
            members[0].setStatic(true);
            group.setPositions(new float[] {1, 2, 3, 4, 5, 6, 7, 8, 9});
            assertEquals(new Vector3f(1, 2, 3), members[0].getPosition(new Vector3f()));
            assertEquals(new Vector3f(4, 5, 6), members[1].getPosition(new Vector3f()));
            assertEquals(new Vector3f(7, 8, 9), members[2].getPosition(new Vector3f()));
            scene.validate();
        }
    }

    @Test
    void aRefusedWriteSetsNothing() {
        try (SceneManager scene = newScene()) {
            SceneNode[] members = children(scene.rootNode(), 3);
            NodeGroup group = scene.createNodeGroup(members, 3);
            scene.updateAllTransforms();
            refused(IllegalArgumentException.class, () -> group.setPositions(new float[8]), scene, members,
                    "cannot set the positions of node group of 3 nodes from 8 floats: it needs 3 a node");
            refused(IllegalArgumentException.class, () -> group.setOrientations(new float[11]), scene, members,
                    "cannot set the orientations of node group of 3 nodes from 11 floats: it needs 4 a node");
            refused(IllegalArgumentException.class,
                    () -> group.setPositions(new float[] {1, 1, 1, 2, 2, 2, 3, 3, Float.POSITIVE_INFINITY}), scene,
                    members, members[2].describe() + ": position (3.0, 3.0, Infinity) must be finite");
            refused(IllegalArgumentException.class,
                    () -> group.setOrientations(new float[] {0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 1}), scene, members,
                    members[1].describe() + ": orientation (0.0, 0.0, 0.0, 0.0) has length 0, so it is no rotation");
            refused(IllegalArgumentException.class,
                    () -> group.setOrientations(new float[] {0, 0, 0, 1, 0, 0, 0, 1, Float.NaN, 0, 0, 1}), scene,
                    members, members[2].describe() + ": orientation (NaN, 0.0, 0.0, 1.0) must be finite");
            for (int component = 0; component < 4; component++) {
                float[] positions = new float[9];
                float[] orientations = {0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1};
                orientations[4 + component] = Float.NaN;
                refused(IllegalArgumentException.class, () -> group.setOrientations(orientations), scene, members,
                        members[1].describe() + ": orientation");
                if (component < 3) {
                    positions[3 + component] = Float.NEGATIVE_INFINITY;
                    refused(IllegalArgumentException.class, () -> group.setPositions(positions), scene, members,
                            members[1].describe() + ": position");
                }
            }
        }
    }

    /** Unit quaternions whose squares would cancel if the length check subtracted any one of them. */
    @Test
    void quaternionsWithPairsOfEqualComponentsAreRotations() {
        try (SceneManager scene = newScene()) {
            SceneNode[] members = children(scene.rootNode(), 3);
            NodeGroup group = scene.createNodeGroup(members, 3);
            float h = (float) Math.sqrt(0.5);
            group.setOrientations(new float[] {h, h, 0, 0, 0, h, h, 0, 0, 0, h, h});
            assertTrue(new Quaternionf(h, h, 0, 0).equals(members[0].getOrientation(new Quaternionf()), 1e-6f));
            assertTrue(new Quaternionf(0, h, h, 0).equals(members[1].getOrientation(new Quaternionf()), 1e-6f));
            assertTrue(new Quaternionf(0, 0, h, h).equals(members[2].getOrientation(new Quaternionf()), 1e-6f));
        }
    }

    @Test
    void aGroupHoldingADestroyedNodeRefusesEveryWrite() {
        try (SceneManager scene = newScene()) {
            SceneNode[] members = children(scene.rootNode(), 3);
            NodeGroup group = scene.createNodeGroup(members, 3);
            group.setPositions(new float[9]);
            scene.updateAllTransforms();
            // the last node of its band: its slot is freed with no other node moving into it
            SceneNode[] survivors = {members[0], members[1]};
            scene.destroySceneNode(members[2]);
            String message = members[2].describe() + ", which was destroyed; make a new group without it";
            refused(IllegalStateException.class, () -> group.setPositions(new float[] {1, 1, 1, 2, 2, 2, 3, 3, 3}),
                    scene, survivors, message);
            refused(IllegalStateException.class, () -> group.setOrientations(new float[] {0, 1, 0, 1, 0, 1, 0, 1, 0,
                1, 0, 1}), scene, survivors, message);
        }
    }

    @Test
    void aWriteWhileAnotherThreadChangesTheStructureIsRefused() throws InterruptedException {
        try (SceneManager scene = newScene()) {
            SceneNode[] members = children(scene.rootNode(), 2);
            NodeGroup group = scene.createNodeGroup(members, 2);
            scene.updateAllTransforms();
            // read before the claim and after it: while another thread holds it, reading the nodes is refused too
            Vector3f[] positions = positions(members);
            Quaternionf[] orientations = orientations(members);
            Thread changer = new Thread(() -> scene.guard().claim(members[0]), "changer");
            changer.start();
            changer.join();
            try {
                String message = "cannot change node group of 2 nodes: thread 'changer' is changing the scene's "
                        + "structure";
                assertMessage(IllegalStateException.class, () -> group.setPositions(new float[] {1, 1, 1, 2, 2, 2}),
                        message);
                assertMessage(IllegalStateException.class, () -> group.setOrientations(new float[] {0, 1, 0, 1, 0, 1,
                    0, 1}), message);
                assertMessage(IllegalStateException.class, () -> members[0].getPosition(new Vector3f()),
                        "cannot read the local transform of " + members[0].describe() + ": thread 'changer'");
            } finally {
                scene.guard().release(true);
            }
            assertUnchanged(members, positions, orientations);
            assertEquals(0, scene.updateAllTransforms(), "a refused write marks nothing dirty");
        }
    }

    @Test
    void badGroupsAreRefused() {
        try (SceneManager scene = newScene(); SceneManager other = newScene()) {
            SceneNode[] nodes = children(scene.rootNode(), 3);
            assertMessage(IllegalArgumentException.class, () -> scene.createNodeGroup(nodes, 4),
                    "cannot group 4 of 3 nodes");
            assertMessage(IllegalArgumentException.class, () -> scene.createNodeGroup(nodes, -1),
                    "cannot group -1 of 3 nodes");
            assertMessage(NullPointerException.class, () -> scene.createNodeGroup(null, 0), "nodes");
            assertMessage(IllegalArgumentException.class,
                    () -> scene.createNodeGroup(new SceneNode[] {nodes[0], null}, 2),
                    "cannot group node 1 of 2: it is null");
            SceneNode foreign = other.rootNode().createChild("foreign");
            assertMessage(IllegalArgumentException.class,
                    () -> scene.createNodeGroup(new SceneNode[] {nodes[0], foreign}, 2),
                    foreign.describe() + " cannot join a node group here: it belongs to another scene");
            scene.destroySceneNode(nodes[2]);
            assertMessage(IllegalStateException.class, () -> scene.createNodeGroup(nodes, 3),
                    nodes[2].describe() + " was destroyed");
            assertEquals(0, scene.createNodeGroup(nodes, 0).size());
            scene.createNodeGroup(nodes, 0).setPositions(new float[0]);
        }
    }

    private static void assertMessage(Class<? extends RuntimeException> type, Runnable call, String message) {
        RuntimeException e = assertThrows(type, call::run);
        assertTrue(e.getMessage().contains(message), "'" + e.getMessage() + "' should say '" + message + "'");
    }

    /** The call is refused with the message, and every node keeps its position, orientation and clean state. */
    private static void refused(Class<? extends RuntimeException> type, Runnable call, SceneManager scene,
                                SceneNode[] nodes, String message) {
        Vector3f[] positions = positions(nodes);
        Quaternionf[] orientations = orientations(nodes);
        assertMessage(type, call, message);
        assertUnchanged(nodes, positions, orientations);
        assertEquals(0, scene.updateAllTransforms(), "a refused write marks nothing dirty");
        scene.validate();
    }

    private static Vector3f[] positions(SceneNode[] nodes) {
        Vector3f[] positions = new Vector3f[nodes.length];
        for (int i = 0; i < nodes.length; i++) {
            positions[i] = nodes[i].getPosition(new Vector3f());
        }
        return positions;
    }

    private static Quaternionf[] orientations(SceneNode[] nodes) {
        Quaternionf[] orientations = new Quaternionf[nodes.length];
        for (int i = 0; i < nodes.length; i++) {
            orientations[i] = nodes[i].getOrientation(new Quaternionf());
        }
        return orientations;
    }

    private static void assertUnchanged(SceneNode[] nodes, Vector3f[] positions, Quaternionf[] orientations) {
        for (int i = 0; i < nodes.length; i++) {
            assertEquals(positions[i], nodes[i].getPosition(new Vector3f()), nodes[i] + " must be left as it was");
            assertEquals(orientations[i], nodes[i].getOrientation(new Quaternionf()), nodes[i] + " must be left "
                    + "as it was");
        }
    }
}
