package io.flatscene.core.scene;

import io.flatscene.core.config.SceneConfig;
import java.util.Arrays;
import java.util.List;
import org.joml.Matrix4x3f;
import org.joml.Quaternionf;
import org.joml.Vector3f;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class BatchSettersTest {

    private static SceneManager newScene() {
        return new SceneManager(SceneConfig.builder().maxNodes(64).maxItems(4).build());
    }

    private static SceneNode[] children(SceneManager scene, int count) {
        SceneNode[] nodes = new SceneNode[count];
        for (int i = 0; i < count; i++) {
            nodes[i] = scene.rootNode().createChild("n" + i);
        }
        return nodes;
    }

    @Test
    void aBatchSetsWhatOneCallPerNodeSets() {
        try (SceneManager batched = newScene(); SceneManager single = newScene()) {
            SceneNode[] a = children(batched, 5);
            SceneNode[] b = children(single, 5);
            batched.updateAllTransforms();
            single.updateAllTransforms();
            float[] positions = new float[15];
            float[] orientations = new float[20];
            for (int i = 0; i < 5; i++) {
                positions[i * 3] = i;
                positions[i * 3 + 1] = -i;
                positions[i * 3 + 2] = i * 0.5f;
                // not unit length: both paths store it normalized the same way
                Quaternionf q = new Quaternionf().rotateY(i * 0.3f);
                orientations[i * 4] = q.x;
                orientations[i * 4 + 1] = q.y;
                orientations[i * 4 + 2] = q.z;
                orientations[i * 4 + 3] = q.w * 2f;
                if (i < 4) {
                    b[i].setPosition(i, -i, i * 0.5f).setOrientation(q.x, q.y, q.z, q.w * 2f);
                }
            }
            batched.setPositions(a, positions, 4);
            batched.setOrientations(a, orientations, 4);
            assertEquals(4, batched.updateAllTransforms(), "the batch holds four of the five nodes");
            single.updateAllTransforms();
            Matrix4x3f expected = new Matrix4x3f();
            Matrix4x3f actual = new Matrix4x3f();
            for (int i = 0; i < 5; i++) {
                assertEquals(b[i].getWorldMatrix(expected), a[i].getWorldMatrix(actual), "node " + i);
            }
            batched.setPositions(a, positions, 0);
            batched.setPositions(new SceneNode[0], new float[0], 0);
            assertEquals(0, batched.updateAllTransforms(), "an empty batch changes nothing");
            // another batch of other nodes: each call resolves its own nodes' slots
            batched.setOrientations(new SceneNode[] {a[4]}, new float[] {0, 1, 0, 0}, 1);
            batched.updateAllTransforms();
            assertEquals(new Quaternionf(0, 1, 0, 0), a[4].getOrientation(new Quaternionf()));
            assertEquals(b[3].getOrientation(new Quaternionf()), a[3].getOrientation(new Quaternionf()),
                    "the previous batch's node keeps what that batch set");
        }
    }

    @Test
    void aRefusedBatchSetsNothing() {
        try (SceneManager scene = newScene(); SceneManager other = newScene()) {
            SceneNode[] nodes = children(scene, 3);
            scene.updateAllTransforms();
            float[] positions = {1, 1, 1, 2, 2, 2, 3, 3, 3};

            SceneNode[] withNull = {nodes[0], null, nodes[2]};
            assertRefused(IllegalArgumentException.class, () -> scene.setPositions(withNull, positions, 3), scene,
                    nodes, "node 1 of the batch: it is null");
            SceneNode foreign = other.rootNode().createChild("foreign");
            SceneNode[] withForeign = {nodes[0], foreign};
            assertRefused(IllegalArgumentException.class, () -> scene.setPositions(withForeign, positions, 2), scene,
                    nodes, foreign + ": it belongs to another scene");
            float[] notFinite = {1, 1, 1, 2, Float.NaN, 2, 3, 3, 3};
            assertRefused(IllegalArgumentException.class, () -> scene.setPositions(nodes, notFinite, 3), scene,
                    nodes, nodes[1] + ": position (2.0, NaN, 2.0) must be finite");
            assertRefused(IllegalArgumentException.class, () -> scene.setPositions(nodes, positions, 4), scene,
                    nodes, "4 nodes from 3 nodes and 9 floats (3 a node)");
            assertRefused(IllegalArgumentException.class, () -> scene.setOrientations(nodes, positions, 3), scene,
                    nodes, "3 nodes from 3 nodes and 9 floats (4 a node)");
            for (int component = 0; component < 4; component++) {
                float[] values = {0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1};
                values[4 + component] = Float.NaN;
                assertRefused(IllegalArgumentException.class, () -> scene.setOrientations(nodes, values, 3), scene,
                        nodes, nodes[1] + ": orientation");
                if (component < 3) {
                    float[] bad = {1, 1, 1, 2, 2, 2, 3, 3, 3};
                    bad[3 + component] = Float.POSITIVE_INFINITY;
                    assertRefused(IllegalArgumentException.class, () -> scene.setPositions(nodes, bad, 3), scene,
                            nodes, nodes[1] + ": position");
                }
            }
            assertRefused(IllegalArgumentException.class, () -> scene.setPositions(nodes, positions, -1), scene,
                    nodes, "-1 nodes from 3 nodes");
            float[] zeroRotation = {0, 0, 0, 1, 0, 0, 0, 0};
            assertRefused(IllegalArgumentException.class, () -> scene.setOrientations(nodes, zeroRotation, 2), scene,
                    nodes, nodes[1] + ": orientation (0.0, 0.0, 0.0, 0.0) has length 0, so it is no rotation");
            SceneNode doomed = scene.rootNode().createChild("doomed");
            scene.destroySceneNode(doomed);
            SceneNode[] withDestroyed = {nodes[0], doomed};
            assertRefused(IllegalStateException.class, () -> scene.setPositions(withDestroyed, positions, 2), scene,
                    nodes, doomed + " was destroyed");
        }
    }

    /**
     * Runs end where the next slot does not follow: a step back, a gap or a repeat; the last ends at the count. A
     * negative slot (a group's destroyed member) is in no run and ends the one before it.
     */
    @Test
    void runsAreCutWhereTheNextSlotDoesNotFollow() {
        int[] starts = new int[8];
        int[] ends = new int[8];
        assertEquals(0, BatchSetters.cutRuns(new int[] {4}, 0, starts, ends), "no slots, no runs");
        assertEquals(1, BatchSetters.cutRuns(new int[] {4}, 1, starts, ends));
        assertEquals(0, starts[0]);
        assertEquals(1, ends[0]);
        int[] slots = {3, 4, 5, 9, 10, 2, 2, 3};
        assertEquals(4, BatchSetters.cutRuns(slots, slots.length, starts, ends));
        assertArrayEquals(new int[] {0, 3, 5, 6}, Arrays.copyOf(starts, 4));
        assertArrayEquals(new int[] {3, 5, 6, 8}, Arrays.copyOf(ends, 4));
        assertEquals(2, BatchSetters.cutRuns(slots, 4, starts, ends), "the slots past the count are not looked at");
        assertArrayEquals(new int[] {3, 4}, Arrays.copyOf(ends, 2));
        assertEquals(2, BatchSetters.cutRuns(new int[] {7, 6}, 2, starts, ends), "a step back ends a run");
        int[] withDead = {-1, 4, 5, -1, 6, 7, -1, -1};
        assertEquals(2, BatchSetters.cutRuns(withDead, withDead.length, starts, ends));
        assertArrayEquals(new int[] {1, 4}, Arrays.copyOf(starts, 2), "5 and 6 follow, but a dead member lies between");
        assertArrayEquals(new int[] {3, 6}, Arrays.copyOf(ends, 2));
        assertEquals(0, BatchSetters.cutRuns(new int[] {-1, -1}, 2, starts, ends), "every member dead: no run");
    }

    @Test
    void runsOfNeighbouringSlotsAndScatteredNodesSetWhatOneCallPerNodeSets() {
        try (SceneManager batched = newScene(); SceneManager single = newScene()) {
            SceneNode[] a = children(batched, 40);
            SceneNode[] b = children(single, 40);
            batched.updateAllTransforms();
            single.updateAllTransforms();
            // a run from mid-block over whole blocks to a part of one, two scattered nodes, then a second run
            int[] order = new int[30];
            for (int i = 0; i < 20; i++) {
                order[i] = 3 + i;
            }
            order[20] = 30;
            order[21] = 1;
            for (int i = 22; i < 30; i++) {
                order[i] = 10 + i;
            }
            assertEquals(19, a[22].slot - a[3].slot, "siblings made one after another lie in neighbouring slots");
            assertTrue(a[3].slot % 8 != 0, "the first run starts inside a block");
            SceneNode[] batch = new SceneNode[order.length];
            float[] positions = new float[order.length * 3];
            for (int i = 0; i < order.length; i++) {
                batch[i] = a[order[i]];
                positions[i * 3] = i;
                positions[i * 3 + 1] = -order[i];
                positions[i * 3 + 2] = 0.25f * i;
                b[order[i]].setPosition(i, -order[i], 0.25f * i);
            }
            batched.setPositions(batch, positions, order.length);
            assertEquals(order.length, batched.updateAllTransforms(), "every node of the batch and no other is dirty");
            single.updateAllTransforms();
            Matrix4x3f expected = new Matrix4x3f();
            Matrix4x3f actual = new Matrix4x3f();
            for (int i = 0; i < a.length; i++) {
                assertEquals(b[i].getWorldMatrix(expected), a[i].getWorldMatrix(actual), "node " + i);
            }
            positions[positions.length - 1] = Float.NEGATIVE_INFINITY;
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> batched.setPositions(batch, positions, order.length));
            assertTrue(e.getMessage().contains(batch[order.length - 1] + ": position"), e.getMessage());
            assertEquals(0, batched.updateAllTransforms(), "a batch refused for its last value sets nothing");
            batched.validate();
        }
    }

    @Test
    void aBatchFromAThreadThatDoesNotOwnTheSceneIsRefused() throws InterruptedException {
        try (SceneManager scene = newScene()) {
            SceneNode[] nodes = children(scene, 2);
            scene.updateAllTransforms();
            float[] positions = {1, 1, 1, 2, 2, 2};
            float[] orientations = {0, 1, 0, 1, 0, 1, 0, 1};
            List<Throwable> thrown = OtherThread.run("changer", () -> scene.setPositions(nodes, positions, 2),
                    () -> scene.setOrientations(nodes, orientations, 2));
            String why = OtherThread.notOwner(Thread.currentThread().getName(), "changer");
            assertEquals(List.of("cannot set positions: " + why, "cannot set orientations: " + why),
                    thrown.stream().map(Throwable::getMessage).toList());
            assertEquals(new Vector3f(), nodes[1].getPosition(new Vector3f()));
            assertEquals(0, scene.updateAllTransforms(), "a refused batch marks nothing dirty");
            scene.validate();
        }
    }

    private static void assertRefused(Class<? extends RuntimeException> type, Runnable call, SceneManager scene,
                                      SceneNode[] nodes, String message) {
        RuntimeException e = assertThrows(type, call::run);
        assertTrue(e.getMessage().contains(message), "'" + e.getMessage() + "' should say '" + message + "'");
        Vector3f position = new Vector3f();
        for (SceneNode node : nodes) {
            assertEquals(new Vector3f(), node.getPosition(position), node + " must be left as it was");
            assertEquals(new Quaternionf(), node.getOrientation(new Quaternionf()), node + " must be left as it was");
        }
        assertEquals(0, scene.updateAllTransforms(), "a refused batch marks nothing dirty");
        scene.validate();
    }
}
