package io.flatscene.core.scene.frame;

import io.flatscene.core.config.SceneConfig;
import io.flatscene.core.config.TransformKernel;
import io.flatscene.core.container.Index;
import io.flatscene.core.layout.LaneBlocks;
import io.flatscene.core.scene.ChangedSlots;
import io.flatscene.core.scene.DestroyMode;
import io.flatscene.core.scene.SceneInternals;
import io.flatscene.core.scene.SceneManager;
import io.flatscene.core.scene.SceneNode;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.joml.Matrix4x3f;
import org.joml.Quaternionf;
import org.joml.Vector3f;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The transform pass recomputes only what changed, by whichever way it visits a band (the dirty nodes alone, or a
 * sweep split across workers); this checks it against a full recompute and checks the changed-slot set it publishes.
 * After random moves (a few nodes or most of them), inheritance changes, reparenting, static toggles, creations and
 * destructions, every node's world matrix must be bit for bit the one a fresh scene built from the same local
 * transforms computes, for 1, 2 and 4 workers. The published set must hold every slot whose matrix the pass
 * recomputed and every slot a structural change moved data into, and nothing else: every slot outside it holds the
 * bits it held after the pass before. The fresh scene runs the other transform kernel than the incremental one
 * (vector where the runtime has it, and scalar), so the kernels are checked to agree bit for bit as well.
 */
class IncrementalTransformPropertyTest {

    @Property(tries = 60)
    void smallScenes(@ForAll long seed, @ForAll @IntRange(min = 0, max = 2) int workerChoice,
                     @ForAll boolean scalarIncremental) {
        run(seed, 1 << workerChoice, 120, 60, scalarIncremental);
    }

    /** Bands past the pass's parallel threshold (16,384 nodes), so the sweeps are split across the workers. */
    @Property(tries = 4)
    void scenesWithParallelSweeps(@ForAll long seed, @ForAll @IntRange(min = 0, max = 2) int workerChoice,
                                  @ForAll boolean scalarIncremental) {
        run(seed, 1 << workerChoice, 24_000, 8, scalarIncremental);
    }

    private static void run(long seed, int workers, int nodeCount, int steps, boolean scalarIncremental) {
        Random random = new Random(seed);
        TransformKernel kernel = scalarIncremental ? TransformKernel.SCALAR : TransformKernel.AUTO;
        TransformKernel oracleKernel = scalarIncremental ? TransformKernel.AUTO : TransformKernel.SCALAR;
        try (SceneManager scene = newScene(workers, nodeCount, kernel)) {
            List<SceneNode> nodes = new ArrayList<>();
            Map<SceneNode, Quaternionf> orientations = new HashMap<>();
            nodes.add(scene.rootNode());
            for (int i = 1; i < nodeCount; i++) {
                SceneNode parent = random.nextInt(10) < 8 ? scene.rootNode() : nodes.get(random.nextInt(nodes.size()));
                nodes.add(parent.createChild().setPosition(random.nextFloat(), random.nextFloat(), 0f));
            }
            scene.updateAllTransforms();
            assertTrue(nodeCount < 16_384 || scene.rootNode().childCount() > 16_384, "one band crosses the threshold");
            float[] lastWorld = worldsBySlot(scene);
            for (int step = 0; step < steps; step++) {
                String context = "seed " + seed + ", " + workers + " workers, " + scene.transformKernel()
                        + " kernel, step " + step;
                Set<SceneNode> touched = new HashSet<>();
                boolean structural = random.nextInt(3) == 0;
                Map<Integer, Integer> occupantBefore = occupants(scene);
                if (structural) {
                    changeStructure(random, scene, nodes, touched);
                }
                move(random, nodes, touched, orientations);
                scene.validate();
                Map<Integer, Integer> occupantAfterChanges = occupants(scene);

                int recomputed = scene.updateAllTransforms();
                scene.validate();

                assertMatchesFullRecompute(scene, nodes, orientations, workers, oracleKernel, context);
                Set<Integer> expected = recomputedSlots(scene, nodes, touched);
                assertEquals(expected.size(), recomputed, context + ": nodes recomputed");
                for (Map.Entry<Integer, Integer> slot : occupantAfterChanges.entrySet()) {
                    if (!slot.getValue().equals(occupantBefore.get(slot.getKey()))) {
                        expected.add(slot.getKey());
                    }
                }
                assertChangedSet(scene, expected, structural, lastWorld, context);
                lastWorld = worldsBySlot(scene);
            }
        }
    }

    private static SceneManager newScene(int workers, int nodeCount, TransformKernel kernel) {
        return new SceneManager(SceneConfig.builder().maxNodes(nodeCount + 64).maxItems(4).workerThreads(workers)
                .validation(false).transformKernel(kernel).build());
    }

    /** Moves one node, a few, or most of them, so the pass meets both ways of visiting a band. */
    private static void move(Random random, List<SceneNode> nodes, Set<SceneNode> touched,
                             Map<SceneNode, Quaternionf> orientations) {
        int count = switch (random.nextInt(3)) {
            case 0 -> 1;
            case 1 -> 1 + random.nextInt(8);
            default -> nodes.size() * (1 + random.nextInt(9)) / 10;
        };
        for (int i = 0; i < count; i++) {
            SceneNode node = nodes.get(random.nextInt(nodes.size()));
            switch (random.nextInt(6)) {
                case 0 -> {
                    // kept as given: the scene stores it normalized, and normalizing again may change a last bit
                    Quaternionf given = new Quaternionf().rotateXYZ(random.nextFloat() * 3f, random.nextFloat(),
                            random.nextFloat() * 2f);
                    node.setOrientation(given);
                    orientations.put(node, given);
                }
                case 1 -> node.setScale(random.nextBoolean() ? -1.5f : 0.5f + random.nextFloat(),
                        1f + random.nextFloat(), 1f);
                case 2 -> node.setInheritOrientation(random.nextBoolean());
                case 3 -> node.setInheritScale(random.nextBoolean());
                default -> node.setPosition(random.nextFloat() * 10f, random.nextFloat(), -random.nextFloat());
            }
            touched.add(node);
        }
    }

    /**
     * One structural change: a reparent (possibly detaching the node), a static toggle, a new child or a destroyed
     * subtree. No change makes a cycle, so only the static rule refuses one, and a refused change leaves the node where
     * it was and the scene whole.
     */
    private static void changeStructure(Random random, SceneManager scene, List<SceneNode> nodes,
                                        Set<SceneNode> touched) {
        SceneNode node = nodes.get(1 + random.nextInt(nodes.size() - 1));
        SceneNode parentBefore = node.parent();
        boolean staticBefore = node.isStatic();
        try {
            switch (random.nextInt(4)) {
                case 0 -> {
                    SceneNode target = random.nextInt(5) == 0 ? null : nodes.get(random.nextInt(nodes.size()));
                    if (target == node.parent() || target != null && isInSubtree(target, node)) {
                        return;
                    }
                    if (target == null) {
                        node.detachFromParent();
                    } else {
                        node.reparent(target);
                    }
                    touched.add(node);
                }
                case 1 -> {
                    node.setStatic(!node.isStatic());
                    touched.add(node);
                }
                case 2 -> {
                    SceneNode child = node.createChild().setPosition(random.nextFloat(), 2f, 0f);
                    nodes.add(child);
                    touched.add(child);
                }
                default -> {
                    scene.destroySceneNode(node, DestroyMode.SUBTREE);
                    nodes.removeIf(n -> !n.isAlive());
                }
            }
        } catch (IllegalArgumentException refused) {
            assertTrue(refused.getMessage().contains("a static node's parent must be static or at depth 0"),
                    refused.getMessage());
            assertSame(parentBefore, node.parent(), refused.getMessage());
            assertEquals(staticBefore, node.isStatic(), refused.getMessage());
            scene.validate();
        }
    }

    private static boolean isInSubtree(SceneNode candidate, SceneNode top) {
        for (SceneNode n = candidate; n != null; n = n.parent()) {
            if (n == top) {
                return true;
            }
        }
        return false;
    }

    /** The slots of the touched nodes and of all their descendants: what the pass must recompute. */
    private static Set<Integer> recomputedSlots(SceneManager scene, List<SceneNode> nodes, Set<SceneNode> touched) {
        Set<Integer> slots = new HashSet<>();
        for (SceneNode node : nodes) {
            for (SceneNode n = node; n != null; n = n.parent()) {
                if (touched.contains(n)) {
                    slots.add(SceneInternals.slotOf(scene, node));
                    break;
                }
            }
        }
        return slots;
    }

    private static Map<Integer, Integer> occupants(SceneManager scene) {
        Map<Integer, Integer> occupants = new HashMap<>();
        for (int slot = 0; slot < SceneInternals.slotCount(scene); slot++) {
            occupants.put(slot, SceneInternals.idAt(scene, slot));
        }
        return occupants;
    }

    private static float[] worldsBySlot(SceneManager scene) {
        int slots = SceneInternals.slotCount(scene);
        float[] world = SceneInternals.worlds(scene);
        float[] bySlot = new float[slots * 12];
        for (int slot = 0; slot < slots; slot++) {
            for (int k = 0; k < 12; k++) {
                bySlot[slot * 12 + k] = world[LaneBlocks.base(slot, 12) + k * LaneBlocks.LANES];
            }
        }
        return bySlot;
    }

    private static void assertChangedSet(SceneManager scene, Set<Integer> expected, boolean structural,
                                         float[] lastWorld, String context) {
        ChangedSlots changed = scene.changedSlots();
        Set<Integer> published = new HashSet<>();
        for (int slot = changed.nextChanged(0); slot != Index.NONE; slot = changed.nextChanged(slot + 1)) {
            int end = changed.runEnd(slot);
            for (int s = slot; s < end; s++) {
                published.add(s);
            }
            slot = end;
        }
        assertEquals(published.size(), changed.count(), context + ": count");
        Set<Integer> byWords = new HashSet<>();
        for (int w = changed.nextChangedWord(0); w != Index.NONE; w = changed.nextChangedWord(w + 1)) {
            long bits = changed.word(w);
            for (int i = 0; i < 64; i++) {
                if ((bits & (1L << i)) != 0) {
                    byWords.add(w * 64 + i);
                }
            }
        }
        assertEquals(published, byWords, context + ": the words say what the runs say");
        assertTrue(published.containsAll(expected), context + ": every recomputed or refilled slot is published");
        if (!structural) {
            assertEquals(expected, published, context + ": without structural changes, exactly the recomputed slots");
        }
        // a slot can be moved out and back between two passes, so with structural changes the set may hold more
        float[] world = worldsBySlot(scene);
        for (int slot = 0; slot < changed.slotCount(); slot++) {
            assertEquals(published.contains(slot), changed.isChanged(slot), context + ": slot " + slot);
            if (!published.contains(slot) && slot * 12 < lastWorld.length) {
                for (int k = 0; k < 12; k++) {
                    assertEquals(Float.floatToIntBits(lastWorld[slot * 12 + k]),
                            Float.floatToIntBits(world[slot * 12 + k]), context + ": unpublished slot " + slot);
                }
            }
        }
    }

    /** Rebuilds the scene's nodes in a fresh scene, whose first pass recomputes every matrix, and compares bits. */
    private static void assertMatchesFullRecompute(SceneManager scene, List<SceneNode> nodes,
                                                   Map<SceneNode, Quaternionf> orientations, int workers,
                                                   TransformKernel kernel, String context) {
        try (SceneManager fresh = newScene(workers, nodes.size(), kernel)) {
            Map<SceneNode, SceneNode> copies = new HashMap<>();
            copies.put(scene.rootNode(), fresh.rootNode());
            Vector3f vector = new Vector3f();
            Quaternionf identity = new Quaternionf();
            List<SceneNode> order = new ArrayList<>(nodes);
            order.sort((a, b) -> Integer.compare(a.depth(), b.depth()));
            for (SceneNode node : order) {
                SceneNode copy = copies.get(node);
                if (copy == null) {
                    copy = node.parent() == null ? fresh.createSceneNode("") : copies.get(node.parent()).createChild();
                    copies.put(node, copy);
                }
                copy.setPosition(node.getPosition(vector)).setOrientation(orientations.getOrDefault(node, identity))
                        .setScale(node.getScale(vector)).setInheritOrientation(node.inheritsOrientation())
                        .setInheritScale(node.inheritsScale()).setStatic(node.isStatic());
            }
            fresh.updateAllTransforms();
            Matrix4x3f expected = new Matrix4x3f();
            Matrix4x3f actual = new Matrix4x3f();
            for (SceneNode node : nodes) {
                copies.get(node).getWorldMatrix(expected);
                node.getWorldMatrix(actual);
                assertTrue(expected.equals(actual), context + ": " + node + " is " + actual + ", full recompute "
                        + expected);
                assertEquals(copies.get(node).isInSceneGraph(), node.isInSceneGraph(), context + ": " + node);
            }
        }
    }
}
