package io.flatscene.core.scene;

import io.flatscene.core.config.SceneConfig;
import io.flatscene.core.testing.AllocationMeter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
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

    /**
     * A destroyed member is skipped: its place is kept, its values are not read (not even checked), and the live
     * members on either side of it get theirs; a live member's bad value is still refused.
     */
    @Test
    void aDestroyedMemberIsSkippedAndItsValuesAreNotRead() {
        try (SceneManager scene = newScene()) {
            SceneNode[] members = children(scene.rootNode(), 4);
            NodeGroup group = scene.createNodeGroup(members, 4);
            group.setPositions(new float[12]);
            scene.destroySceneNode(members[1]);
            scene.destroySceneNode(members[3]);
            group.setPositions(new float[] {1, 2, 3, Float.NaN, 0, 0, 7, 8, 9, Float.POSITIVE_INFINITY, 0, 0});
            assertEquals(new Vector3f(1, 2, 3), members[0].getPosition(new Vector3f()));
            assertEquals(new Vector3f(7, 8, 9), members[2].getPosition(new Vector3f()));
            Quaternionf turn = new Quaternionf().rotateZ(0.5f);
            group.setOrientations(new float[] {turn.x, turn.y, turn.z, turn.w, 0, 0, 0, 0, 0, 0, 0, 1, Float.NaN, 0,
                0, 0});
            assertTrue(turn.equals(members[0].getOrientation(new Quaternionf()), 1e-6f));
            assertEquals(new Quaternionf(), members[2].getOrientation(new Quaternionf()));
            assertEquals(4, group.size(), "the group keeps the places of its destroyed members");
            assertSame(members[1], group.node(1));
            scene.updateAllTransforms();
            scene.validate();
            SceneNode[] live = {members[0], members[2]};
            refused(IllegalArgumentException.class, () -> group.setPositions(new float[] {1, 1, 1, 0, 0, 0, Float.NaN,
                0, 0, 0, 0, 0}), scene, live, members[2].describe() + ": position (NaN, 0.0, 0.0) must be finite");
            refused(IllegalArgumentException.class, () -> group.setOrientations(new float[16]), scene, live,
                    members[0].describe() + ": orientation (0.0, 0.0, 0.0, 0.0) has length 0");
        }
    }

    /**
     * A member destroyed after the group read its slot, and a node made in that slot under the same id (a new
     * generation): the group's writes skip the member and leave the newcomer alone.
     */
    @Test
    void aNodeMadeInADestroyedMembersSlotGetsNoneOfTheGroupsWrites() {
        try (SceneManager scene = newScene()) {
            SceneNode[] members = children(scene.rootNode(), 3);
            NodeGroup group = scene.createNodeGroup(members, 3);
            group.setPositions(new float[] {1, 1, 1, 2, 2, 2, 3, 3, 3});
            int slot = members[2].slot;
            int id = members[2].id();
            // the last node of its band: its slot is freed with no other node moving into it, and the next taken
            scene.destroySceneNode(members[2]);
            SceneNode newcomer = scene.rootNode().createChild("newcomer");
            assertEquals(slot, newcomer.slot, "the newcomer takes the freed slot");
            assertEquals(id, newcomer.id(), "and the freed id");
            group.setPositions(new float[] {4, 4, 4, 5, 5, 5, 6, 6, 6});
            group.setOrientations(new float[] {0, 1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0});
            assertEquals(new Vector3f(4, 4, 4), members[0].getPosition(new Vector3f()));
            assertEquals(new Vector3f(5, 5, 5), members[1].getPosition(new Vector3f()));
            assertEquals(new Vector3f(), newcomer.getPosition(new Vector3f()), "the newcomer keeps its own position");
            assertEquals(new Quaternionf(), newcomer.getOrientation(new Quaternionf()));
            scene.validate();
        }
    }

    /** Writes through a group that holds destroyed members allocate nothing, once the runs are cut again. */
    @Test
    void writesSkippingDestroyedMembersAllocateNothing() {
        try (SceneManager scene = newScene()) {
            SceneNode[] members = children(scene.rootNode(), 100);
            NodeGroup group = scene.createNodeGroup(members, 100);
            for (int i = 0; i < 100; i += 7) {
                scene.destroySceneNode(members[i]);
            }
            float[] positions = new float[300];
            float[] orientations = new float[400];
            Runnable write = () -> {
                positions[1] += 1f;
                orientations[3] = 1f;
                for (int i = 4; i < 400; i += 4) {
                    orientations[i + 3] = 1f;
                }
                group.setPositions(positions);
                group.setOrientations(orientations);
            };
            write.run();
            AllocationMeter.callerAnd("no worker", AllocationMeter.liveThreads())
                    .assertSomeWindowClean("writes through a group with destroyed members", 4, write);
            assertEquals(new Vector3f(0, positions[4], 0), members[1].getPosition(new Vector3f()));
        }
    }

    /**
     * A group over nodes under churn, against a twin scene given the same changes in which each live member is set one
     * node at a time: nodes created and destroyed (members among them), reparented and made static, then every
     * member's position and orientation written through the group, a destroyed member's values garbage. After each
     * step every node of the two scenes has the same local and world transform, and both scenes are valid.
     */
    @Property(tries = 10)
    void aGroupUnderChurnWritesWhatPerNodeWritesDo(@ForAll long seed) {
        try (SceneManager grouped = newScene(); SceneManager single = newScene()) {
            Random random = new Random(seed);
            List<SceneNode> inGroup = new ArrayList<>();
            List<SceneNode> inSingle = new ArrayList<>();
            for (int i = 0; i < 60; i++) {
                inGroup.add(grouped.rootNode().createChild());
                inSingle.add(single.rootNode().createChild());
            }
            int size = 40;
            SceneNode[] members = new SceneNode[size];
            SceneNode[] twins = new SceneNode[size];
            for (int i = 0; i < size; i++) {
                int pick = random.nextInt(inGroup.size());
                members[i] = inGroup.get(pick);
                twins[i] = inSingle.get(pick);
            }
            NodeGroup group = grouped.createNodeGroup(members, size);
            float[] positions = new float[size * 3];
            float[] orientations = new float[size * 4];
            for (int step = 0; step < 60; step++) {
                for (int change = random.nextInt(6); change > 0; change--) {
                    churn(random, grouped, inGroup, single, inSingle);
                }
                for (int i = 0; i < size; i++) {
                    boolean live = members[i].isAlive();
                    assertEquals(twins[i].isAlive(), live, "seed " + seed + " step " + step + " member " + i);
                    Quaternionf q = new Quaternionf().rotateXYZ(random.nextFloat(), random.nextFloat(), step);
                    float[] values = {random.nextFloat() * 10f, step, i, q.x, q.y, q.z, q.w};
                    if (live) {
                        twins[i].setPosition(values[0], values[1], values[2]);
                        twins[i].setOrientation(q);
                    } else {
                        Arrays.fill(values, Float.NaN);
                    }
                    System.arraycopy(values, 0, positions, i * 3, 3);
                    System.arraycopy(values, 3, orientations, i * 4, 4);
                }
                group.setPositions(positions);
                group.setOrientations(orientations);
                grouped.updateAllTransforms();
                single.updateAllTransforms();
                for (int n = 0; n < inGroup.size(); n++) {
                    String where = "seed " + seed + " step " + step + " node " + n;
                    assertEquals(inSingle.get(n).getPosition(new Vector3f()),
                            inGroup.get(n).getPosition(new Vector3f()), where);
                    assertEquals(inSingle.get(n).getOrientation(new Quaternionf()),
                            inGroup.get(n).getOrientation(new Quaternionf()), where);
                    assertEquals(inSingle.get(n).getWorldPosition(new Vector3f()),
                            inGroup.get(n).getWorldPosition(new Vector3f()), where);
                }
                grouped.validate();
                single.validate();
            }
        }
    }

    /** One random change, made alike in both scenes: a node created, destroyed, reparented or made static. */
    private static void churn(Random random, SceneManager grouped, List<SceneNode> inGroup, SceneManager single,
                              List<SceneNode> inSingle) {
        int pick = random.nextInt(inGroup.size());
        int other = random.nextInt(inGroup.size());
        switch (random.nextInt(4)) {
            case 0 -> {
                inGroup.add(inGroup.get(pick).createChild());
                inSingle.add(inSingle.get(pick).createChild());
            }
            case 1 -> {
                if (inGroup.size() > 10) {
                    grouped.destroySceneNode(inGroup.remove(pick), DestroyMode.REATTACH_CHILDREN_TO_ROOT);
                    single.destroySceneNode(inSingle.remove(pick), DestroyMode.REATTACH_CHILDREN_TO_ROOT);
                }
            }
            case 2 -> alike(() -> inGroup.get(pick).reparent(inGroup.get(other)),
                    () -> inSingle.get(pick).reparent(inSingle.get(other)));
            default -> {
                boolean isStatic = random.nextBoolean();
                alike(() -> inGroup.get(pick).setStatic(isStatic), () -> inSingle.get(pick).setStatic(isStatic));
            }
        }
    }

    /** Makes a change in the grouped scene and its twin: both refuse it (a cycle, the static rule) or both make it. */
    private static void alike(Runnable grouped, Runnable single) {
        try {
            grouped.run();
        } catch (IllegalArgumentException refused) {
            assertThrows(IllegalArgumentException.class, single::run);
            return;
        }
        single.run();
    }

    @Test
    void aWriteFromAThreadThatDoesNotOwnTheSceneIsRefused() throws InterruptedException {
        try (SceneManager scene = newScene()) {
            SceneNode[] members = children(scene.rootNode(), 2);
            NodeGroup group = scene.createNodeGroup(members, 2);
            scene.updateAllTransforms();
            Vector3f[] positions = positions(members);
            Quaternionf[] orientations = orientations(members);
            String why = OtherThread.notOwner(Thread.currentThread().getName(), "changer");
            // refused whether or not the owner is in the middle of a structural change
            assertTrue(scene.guard().claim(members[0]));
            List<Throwable> thrown;
            try {
                thrown = OtherThread.run("changer", () -> group.setPositions(new float[] {1, 1, 1, 2, 2, 2}),
                        () -> group.setOrientations(new float[] {0, 1, 0, 1, 0, 1, 0, 1}),
                        () -> members[0].getPosition(new Vector3f()));
            } finally {
                scene.guard().release(true);
            }
            thrown.addAll(OtherThread.run("changer", () -> group.setPositions(new float[] {1, 1, 1, 2, 2, 2})));
            List<String> expected = List.of("cannot change node group of 2 nodes: " + why,
                    "cannot change node group of 2 nodes: " + why,
                    "cannot read the local transform of " + members[0].describe() + ": " + why,
                    "cannot change node group of 2 nodes: " + why);
            for (int i = 0; i < expected.size(); i++) {
                assertTrue(thrown.get(i) instanceof IllegalStateException, String.valueOf(thrown.get(i)));
                assertEquals(expected.get(i), thrown.get(i).getMessage());
            }
            assertUnchanged(members, positions, orientations);
            assertEquals(0, scene.updateAllTransforms(), "a refused write marks nothing dirty");
            scene.validate();
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
