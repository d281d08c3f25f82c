package io.flatscene.core.scene.frame;

import io.flatscene.core.config.SceneConfig;
import io.flatscene.core.scene.Aabb;
import io.flatscene.core.scene.Camera;
import io.flatscene.core.scene.Item;
import io.flatscene.core.scene.SceneManager;
import io.flatscene.core.scene.SceneNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.joml.Quaternionf;
import org.joml.Vector3f;

import static io.flatscene.core.scene.SceneInternals.storedWorldCenter;
import static io.flatscene.core.scene.SceneInternals.storedWorldHalfExtents;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The bounds pass recomputes only the boxes that can have changed; this checks it against the same scene whose every
 * bounds pass recomputes all boxes. Two scenes get the same random operations (moves, new local boxes, attach and
 * detach, static toggles, reparenting, new and destroyed items) and the same passes in every combination the API
 * allows (a whole frame, an update, transforms or bounds alone, a structural change between them); the full scene
 * runs one more transform pass before each bounds pass, which changes no matrix but makes its bounds pass recompute
 * every box. Every world box must then be the same, bit for bit.
 */
class IncrementalBoundsPropertyTest {
    private static final Aabb UNIT = new Aabb(0f, 0f, 0f, 0.5f, 0.5f, 0.5f);
    /** What the refusal of a static toggle or a reparent that breaks the static rule says. */
    private static final String STATIC_RULE = "a static node's parent must be static or at depth 0";
    /** What the refusal of a reparent under the node's own subtree says. */
    private static final String CYCLE_RULE = "which would make a cycle";

    @Property(tries = 60)
    void onlyChangedBoxesAreRecomputedAndNoneIsMissed(@ForAll long seed,
                                                      @ForAll @IntRange(min = 1, max = 4) int workers) {
        try (World incremental = new World(workers); World full = new World(workers)) {
            Random random = new Random(seed);
            for (int step = 0; step < 400; step++) {
                int op = random.nextInt(100);
                long opSeed = random.nextLong();
                String context = "seed " + seed + " step " + step + " op " + op;
                String refused = incremental.apply(op, opSeed, false, context);
                assertEquals(refused, full.apply(op, opSeed, true, context), context + ": refused in one world only");
                if (op >= 80) {
                    assertSameBounds(incremental, full, context);
                }
            }
        }
    }

    private static void assertSameBounds(World incremental, World full, String context) {
        Vector3f a = new Vector3f();
        Vector3f b = new Vector3f();
        assertEquals(full.scene.itemCount(), incremental.scene.itemCount(), context);
        for (int i = 0; i < full.scene.itemCount(); i++) {
            Item expected = full.scene.item(i);
            Item actual = incremental.scene.item(i);
            if (!expected.isAttached()) {
                continue;
            }
            assertBits(storedWorldCenter(expected, a), storedWorldCenter(actual, b), context + ", center of " + actual);
            assertBits(storedWorldHalfExtents(expected, a), storedWorldHalfExtents(actual, b),
                    context + ", half extents of " + actual);
        }
    }

    private static void assertBits(Vector3f expected, Vector3f actual, String context) {
        assertEquals(Float.floatToIntBits(expected.x), Float.floatToIntBits(actual.x), context + ": " + actual);
        assertEquals(Float.floatToIntBits(expected.y), Float.floatToIntBits(actual.y), context + ": " + actual);
        assertEquals(Float.floatToIntBits(expected.z), Float.floatToIntBits(actual.z), context + ": " + actual);
    }

    /** A scene and its nodes and items in creation order, so two worlds given the same operations stay alike. */
    private static final class World implements AutoCloseable {
        final SceneManager scene;
        final Camera camera;
        final List<SceneNode> nodes = new ArrayList<>();
        final List<Item> items = new ArrayList<>();

        World(int workers) {
            scene = new SceneManager(SceneConfig.builder().maxNodes(256).maxItems(256).workerThreads(workers)
                    .validation(true).build());
            camera = scene.createCamera("eye");
            scene.rootNode().createChild("eye").setPosition(0f, 0f, 60f).attachObject(camera);
            Random random = new Random(7);
            for (int i = 0; i < 40; i++) {
                SceneNode parent = nodes.isEmpty() || i % 3 == 0 ? scene.rootNode()
                        : nodes.get(random.nextInt(nodes.size()));
                nodes.add(parent.createChild("n" + i).setPosition(random.nextFloat() * 20f - 10f, 0f, 0f));
            }
            for (int i = 0; i < 60; i++) {
                Item item = scene.createItem(0, 0, UNIT);
                nodes.get(i % nodes.size()).attachObject(item);
                items.add(item);
            }
        }

        /**
         * Applies one random operation.
         *
         * @return the message of the refusal, or null when the operation was carried out
         */
        String apply(int op, long opSeed, boolean recomputeAll, String context) {
            Random r = new Random(opSeed);
            SceneNode node = nodes.get(r.nextInt(nodes.size()));
            Item item = items.isEmpty() ? null : items.get(r.nextInt(items.size()));
            SceneNode parentBefore = node.parent();
            boolean staticBefore = node.isStatic();
            try {
                if (op < 25) {
                    node.setPosition(r.nextFloat() * 20f - 10f, r.nextFloat() * 4f, r.nextFloat() * 20f - 10f);
                } else if (op < 35) {
                    node.setOrientation(new Quaternionf().rotateXYZ(r.nextFloat(), r.nextFloat(), r.nextFloat()));
                } else if (op < 42) {
                    node.setScale(0.5f + r.nextFloat(), 0.5f + r.nextFloat(), 0.5f + r.nextFloat());
                } else if (op < 50 && item != null) {
                    item.setLocalAabb(new Aabb(r.nextFloat(), r.nextFloat(), r.nextFloat(), r.nextFloat(), 1f, 2f));
                } else if (op < 56 && item != null) {
                    item.detachFromParent();
                    if (r.nextBoolean()) {
                        node.attachObject(item);
                    }
                } else if (op < 62) {
                    node.setStatic(!node.isStatic());
                } else if (op < 68) {
                    node.reparent(r.nextInt(4) == 0 ? scene.rootNode() : nodes.get(r.nextInt(nodes.size())));
                } else if (op < 72 && item != null) {
                    items.remove(item);
                    scene.destroyItem(item);
                } else if (op < 76) {
                    Item created = scene.createItem(0, 0, UNIT);
                    node.attachObject(created);
                    items.add(created);
                } else if (op < 80) {
                    scene.updateAllTransforms();
                } else {
                    bounds(op, recomputeAll, node);
                }
                return null;
            } catch (IllegalArgumentException refused) {
                // the operations draw only valid arguments, so only the static rule or a cycle can refuse one, and a
                // refused one leaves the node where it was and the scene whole
                String message = refused.getMessage();
                assertTrue(message.contains(STATIC_RULE) || message.contains(CYCLE_RULE), context + ": " + message);
                assertSame(parentBefore, node.parent(), context + ": " + message);
                assertEquals(staticBefore, node.isStatic(), context + ": " + message);
                scene.validate();
                return message;
            }
        }

        private void bounds(int op, boolean recomputeAll, SceneNode node) {
            if (op < 88) {
                if (recomputeAll) {
                    scene.updateAllTransforms();
                }
                scene.updateFrame(camera);
            } else if (op < 94) {
                if (recomputeAll) {
                    scene.updateAllTransforms();
                }
                scene.update();
            } else if (op < 97) {
                scene.updateAllTransforms();
                if (recomputeAll) {
                    scene.updateAllTransforms();
                }
                scene.updateAllBounds();
            } else {
                // a node moved to another band between the transform pass and the bounds pass: its CHANGED bit no
                // longer says what that pass did
                scene.updateAllTransforms();
                if (recomputeAll) {
                    scene.updateAllTransforms();
                }
                try {
                    node.setStatic(!node.isStatic());
                } finally {
                    scene.updateAllBounds();
                }
            }
        }

        @Override
        public void close() {
            scene.close();
        }
    }
}
