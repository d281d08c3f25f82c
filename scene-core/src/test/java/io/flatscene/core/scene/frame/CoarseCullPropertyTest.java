package io.flatscene.core.scene.frame;

import io.flatscene.core.config.SceneConfig;
import io.flatscene.core.scene.Aabb;
import io.flatscene.core.scene.Item;
import io.flatscene.core.scene.RenderQueue;
import io.flatscene.core.scene.SceneManager;
import io.flatscene.core.scene.SceneNode;
import io.flatscene.core.scene.Space;
import io.flatscene.core.scene.VisibilityScenes;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.statistics.Statistics;
import org.joml.Vector3f;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Culling by chunks of items, and the spatial sort that keeps those chunks small, against the brute-force oracle of
 * {@link VisibilityOraclePropertyTest}: scenes large enough to be sorted, their items in clusters so that whole
 * chunks fall outside, inside and across the frustum, with infinite boxes, detached items and masks, items created,
 * destroyed and attached between an update and a cull, and 1, 2 and 4 workers queueing the same frame. Every check
 * also validates the scene, which includes that each trusted chunk box holds its items.
 */
class CoarseCullPropertyTest {
    /** SpatialOrder.MIN_ITEMS: smaller scenes keep their order. */
    private static final int SORTED_ITEMS = 4_096;
    private static final int[] WORKERS = {1, 2, 4};

    @Property(tries = 12)
    void clusteredScenesCullAsTheOracleDoesWithAnyWorkerCount(
            @ForAll long seed, @ForAll @IntRange(min = SORTED_ITEMS, max = 11_000) int itemCount) {
        Clusters[] worlds = new Clusters[WORKERS.length];
        try {
            for (int w = 0; w < worlds.length; w++) {
                worlds[w] = new Clusters(seed, itemCount, WORKERS[w]);
            }
            for (int frame = 0; frame < 6; frame++) {
                int[][] items = new int[worlds.length][];
                long[][] keys = new long[worlds.length][];
                for (int w = 0; w < worlds.length; w++) {
                    Clusters world = worlds[w];
                    String context = "seed " + seed + " frame " + frame + ", " + WORKERS[w] + " workers";
                    VisibilityScenes.aimCamera(world.random, world.built);
                    world.built.scene.update();
                    world.lateChanges(frame);
                    world.built.scene.validate();
                    RenderQueue queue = world.built.scene.cull(world.built.camera, world.built.scene.renderQueue());
                    int visible = VisibilityOraclePropertyTest.checkAgainstOracle(world.built, queue.stats(),
                            context);
                    items[w] = new int[queue.instanceCount()];
                    keys[w] = new long[queue.instanceCount()];
                    for (int i = 0; i < queue.instanceCount(); i++) {
                        items[w][i] = queue.instanceItem(i);
                        keys[w][i] = queue.instanceKey(i);
                    }
                    if (w == 0) {
                        Statistics.label("visible share").collect(visible == 0 ? "none"
                                : visible * 10 < itemCount ? "under a tenth" : "a tenth or more");
                    }
                    world.mutate(frame);
                }
                for (int w = 1; w < worlds.length; w++) {
                    String context = "seed " + seed + " frame " + frame + ", 1 vs " + WORKERS[w] + " workers";
                    assertArrayEquals(items[0], items[w], context + ": queued items");
                    assertArrayEquals(keys[0], keys[w], context + ": keys");
                }
            }
        } finally {
            for (Clusters world : worlds) {
                if (world != null) {
                    world.built.close();
                }
            }
        }
    }

    /** A grid of 64 by 64 items seen whole, not at all, and in part: the three ways a chunk can lie. */
    @Test
    void aGridSeenWholeNotAtAllAndInPart() {
        try (VisibilityScenes.Built built = grid(64, 2)) {
            SceneManager scene = built.scene;
            built.camera.setViewport(100, 100).setOrthographic(80f, 1f, 100f).setVisibilityMask(-1);
            built.cameraNode.setPosition(32f, 32f, 10f);
            assertEquals(64 * 64, check(built, "whole"));
            built.cameraNode.setPosition(32f, 32f, -10f);
            assertEquals(0, check(built, "looking away"));
            built.cameraNode.setPosition(500f, 32f, 10f);
            assertEquals(0, check(built, "off to one side"));
            built.camera.setOrthographic(21f, 1f, 100f);
            for (float x = -8f; x < 72f; x += 3.7f) {
                built.cameraNode.setPosition(x, x * 0.5f + 10f, 10f);
                check(built, "in part from x " + x);
            }
            built.camera.setPerspective(0.9f, 0.5f, 60f);
            built.cameraNode.setPosition(10f, 20f, 12f).lookAt(new Vector3f(40f, 30f, 0f), Space.PARENT);
            assertTrue(check(built, "perspective") > 0);
            scene.validate();
        }
    }

    /**
     * Items created, attached, destroyed (which swaps the last item into their place) and detached after an update
     * land in chunks whose boxes were computed without them: the cull before the next update must still see them.
     */
    @Test
    void changesBetweenAnUpdateAndACullAreNotRejectedWithTheirChunk() {
        try (VisibilityScenes.Built built = grid(64, 1)) {
            SceneManager scene = built.scene;
            // A last chunk of ten, boxed at the next update, for the new item to join.
            for (int i = 0; i < 10; i++) {
                place(built, i, 64);
            }
            built.camera.setViewport(100, 100).setOrthographic(10f, 1f, 100f).setVisibilityMask(-1);
            built.cameraNode.setPosition(-50f, -50f, 10f);
            scene.update();
            assertEquals(0, cull(built, "nothing near the camera"));

            // New: its world box is its local box, around (-50, -50) where the camera looks, until the next update.
            Item late = scene.createItem(0, 0, new Aabb(-50f, -50f, 0f, 0.5f, 0.5f, 0.5f));
            scene.rootNode().attachObject(late);
            assertEquals(1, cull(built, "a new item"));
            scene.validate();

            // Destroying item 0 moves the new, last item into chunk 0, whose box lies around the grid's corner.
            scene.destroyItem(scene.item(0));
            assertSame(late, scene.item(0));
            assertEquals(1, cull(built, "the new item swapped into chunk 0"));
            scene.validate();

            late.detachFromParent();
            assertEquals(0, cull(built, "the new item detached"));
            scene.rootNode().attachObject(late);
            assertEquals(1, cull(built, "the new item attached again"));
            scene.update();
            assertEquals(1, cull(built, "after the update"));
        }
    }

    /** Infinite boxes pass any frustum, wherever the sort and the chunks put them. */
    @Test
    void infiniteBoxesAreSeenFromAnywhere() {
        try (VisibilityScenes.Built built = grid(64, 1)) {
            SceneManager scene = built.scene;
            SceneNode far = scene.rootNode().createChild().setPosition(1e4f, 1e4f, 1e4f);
            for (int i = 0; i < 3; i++) {
                far.attachObject(scene.createItem(0, 0, Aabb.INFINITE));
            }
            built.camera.setViewport(100, 100).setOrthographic(10f, 1f, 100f).setVisibilityMask(-1);
            built.cameraNode.setPosition(-500f, -500f, 10f);
            assertEquals(3, check(built, "far from the grid"));
            built.cameraNode.setPosition(32f, 32f, 10f);
            assertTrue(check(built, "over the grid") > 3);
        }
    }

    /**
     * The first update of a large scene sorts its items by cell: 16,384 items make four cells of about 4,096, the
     * quadrants of the grid, each one run of the dense order. A still scene is then never sorted again, so it queues
     * the same items in the same order every frame.
     */
    @Test
    void aLargeSceneIsSortedOnceAndAStillOneKeepsItsOrder() {
        try (VisibilityScenes.Built built = shuffledGrid(128, 2)) {
            SceneManager scene = built.scene;
            assertTrue(quadrantChanges(scene) > 1000, "the grid is created in a shuffled order");
            Map<Item, Integer> indices = indices(scene);
            built.camera.setViewport(100, 100).setOrthographic(60f, 1f, 100f).setVisibilityMask(-1);
            built.cameraNode.setPosition(64f, 64f, 10f);
            scene.updateFrame(built.camera);
            scene.validate();
            assertEquals(3, quadrantChanges(scene));
            assertNotEquals(indices, indices(scene));

            int[] first = queued(scene);
            indices = indices(scene);
            for (int frame = 0; frame < 40; frame++) {
                scene.updateFrame(built.camera);
                assertArrayEquals(first, queued(scene), "frame " + frame);
            }
            assertEquals(indices, indices(scene));
        }
    }

    /** Below the sort's threshold the items keep the order creation and removal gave them. */
    @Test
    void aSmallSceneKeepsItsOrder() {
        try (VisibilityScenes.Built built = shuffledGrid(60, 1)) {
            SceneManager scene = built.scene;
            assertTrue(scene.itemCount() < SORTED_ITEMS);
            Map<Item, Integer> indices = indices(scene);
            scene.updateFrame(built.camera);
            assertEquals(indices, indices(scene));
        }
    }

    /**
     * Items scattered by motion are tested one by one while they move, and once they stop they are sorted again,
     * once; every frame culls as the oracle says.
     */
    @Test
    void scatteredItemsAreSortedAgainOnceTheySettle() {
        try (VisibilityScenes.Built built = grid(80, 2)) {
            SceneManager scene = built.scene;
            built.camera.setViewport(100, 100).setOrthographic(40f, 1f, 100f).setVisibilityMask(-1);
            built.cameraNode.setPosition(40f, 40f, 10f);
            check(built, "first frame");
            Map<Item, Integer> sorted = indices(scene);
            Random random = new Random(3);
            int resorts = 0;
            for (int frame = 0; frame < 80; frame++) {
                for (int m = 0; frame < 10 && m < 200; m++) {
                    built.nodes.get(1 + random.nextInt(built.nodes.size() - 1))
                            .setPosition(random.nextFloat() * 80f, random.nextFloat() * 80f, 0f);
                }
                check(built, "frame " + frame);
                Map<Item, Integer> now = indices(scene);
                resorts += now.equals(sorted) ? 0 : 1;
                sorted = now;
            }
            assertEquals(1, resorts, "re-sorts in 10 frames of scattering and 70 still ones");
        }
    }

    /**
     * A scene larger than one window of the spatial sort is sorted again a window a frame once it settles: the items
     * that change place in a frame all lie in one window, the windows come in order on consecutive frames, and every
     * frame culls as the oracle says.
     */
    @Test
    void aLargeSceneIsSortedAgainAWindowAFrame() {
        int window = 16_384;
        try (VisibilityScenes.Built built = grid(200, 2)) {
            SceneManager scene = built.scene;
            built.camera.setViewport(100, 100).setOrthographic(120f, 1f, 100f).setVisibilityMask(-1);
            built.cameraNode.setPosition(100f, 100f, 10f);
            check(built, "first frame");
            Map<Item, Integer> before = indices(scene);
            Random random = new Random(5);
            List<Integer> windows = new ArrayList<>();
            for (int frame = 0; frame < 60; frame++) {
                for (int m = 0; frame < 8 && m < 4_000; m++) {
                    built.nodes.get(1 + random.nextInt(built.nodes.size() - 1))
                            .setPosition(random.nextFloat() * 200f, random.nextFloat() * 200f, 0f);
                }
                check(built, "frame " + frame);
                Map<Item, Integer> now = indices(scene);
                int lowest = Integer.MAX_VALUE;
                int highest = Integer.MIN_VALUE;
                for (Map.Entry<Item, Integer> entry : now.entrySet()) {
                    if (!entry.getValue().equals(before.get(entry.getKey()))) {
                        lowest = Math.min(lowest, entry.getValue());
                        highest = Math.max(highest, entry.getValue());
                    }
                }
                if (lowest <= highest) {
                    assertEquals(lowest / window, highest / window, "frame " + frame + " reorders one window: "
                            + lowest + " to " + highest);
                    windows.add(frame * 100 + lowest / window);
                }
                before = now;
            }
            assertEquals(3, windows.size(), "40,000 items are sorted again in 3 windows: " + windows);
            for (int k = 1; k < windows.size(); k++) {
                assertEquals(windows.get(k - 1) + 101, windows.get(k), "one window a frame, in order: " + windows);
            }
        }
    }

    /**
     * A sort a window a frame whose next window starts past the items the passes see now (most of them detached
     * since the round began) ends there, and every frame after it culls as the oracle says.
     */
    @Test
    void aSortInProgressEndsWhereTheAttachedItemsNowEnd() {
        try (VisibilityScenes.Built built = grid(200, 2)) {
            SceneManager scene = built.scene;
            built.camera.setViewport(100, 100).setOrthographic(120f, 1f, 100f).setVisibilityMask(-1);
            built.cameraNode.setPosition(100f, 100f, 10f);
            check(built, "first frame");
            Map<Item, Integer> before = indices(scene);
            Random random = new Random(5);
            boolean detached = false;
            for (int frame = 0; frame < 60 && !detached; frame++) {
                for (int m = 0; frame < 8 && m < 4_000; m++) {
                    built.nodes.get(1 + random.nextInt(built.nodes.size() - 1))
                            .setPosition(random.nextFloat() * 200f, random.nextFloat() * 200f, 0f);
                }
                check(built, "frame " + frame);
                Map<Item, Integer> now = indices(scene);
                if (!now.equals(before)) {
                    // the first window is sorted and the next starts at 16,384: leave 10,000 items attached
                    for (int i = 0; i < built.items.size() - 10_000; i++) {
                        built.items.get(i).detachFromParent();
                    }
                    detached = true;
                }
                before = now;
            }
            assertTrue(detached, "a sort a window a frame began");
            for (int frame = 0; frame < 40; frame++) {
                check(built, "after the detachment, frame " + frame);
            }
        }
    }

    /** Culls a whole frame, checks it against the oracle and validates the scene. @return the visible count */
    private static int check(VisibilityScenes.Built built, String context) {
        int visible = VisibilityOraclePropertyTest.checkAgainstOracle(built, built.scene.updateFrame(built.camera),
                context);
        built.scene.validate();
        return visible;
    }

    /** Culls without an update, checks it against the oracle. @return the visible count */
    private static int cull(VisibilityScenes.Built built, String context) {
        RenderQueue queue = built.scene.cull(built.camera, built.scene.renderQueue());
        return VisibilityOraclePropertyTest.checkAgainstOracle(built, queue.stats(), context);
    }

    /** {@code side} by {@code side} unit cubes in the z = 0 plane, each on its own node, created row by row. */
    private static VisibilityScenes.Built grid(int side, int workers) {
        VisibilityScenes.Built built = scene(side * side, workers);
        for (int i = 0; i < side * side; i++) {
            place(built, i % side, i / side);
        }
        return built;
    }

    /** The grid created in a shuffled order. */
    private static VisibilityScenes.Built shuffledGrid(int side, int workers) {
        VisibilityScenes.Built built = scene(side * side, workers);
        List<Integer> cells = new ArrayList<>();
        for (int i = 0; i < side * side; i++) {
            cells.add(i);
        }
        Collections.shuffle(cells, new Random(side));
        for (int cell : cells) {
            place(built, cell % side, cell / side);
        }
        return built;
    }

    private static VisibilityScenes.Built scene(int items, int workers) {
        SceneManager scene = new SceneManager(SceneConfig.builder().maxNodes(items + 64).maxItems(items + 64)
                .workerThreads(workers).build());
        VisibilityScenes.Built built = new VisibilityScenes.Built(scene);
        built.nodes.add(scene.rootNode());
        return built;
    }

    private static void place(VisibilityScenes.Built built, float x, float y) {
        SceneNode node = built.scene.rootNode().createChild().setPosition(x, y, 0f);
        Item item = built.scene.createItem(0, 0, new Aabb(0f, 0f, 0f, 0.4f, 0.4f, 0.4f));
        node.attachObject(item);
        built.nodes.add(node);
        built.items.add(item);
    }

    private static Map<Item, Integer> indices(SceneManager scene) {
        Map<Item, Integer> indices = new HashMap<>();
        for (int i = 0; i < scene.itemCount(); i++) {
            indices.put(scene.item(i), i);
        }
        return indices;
    }

    /**
     * How often two items next to each other in the dense order lie in different quadrants of the 128 by 128 grid,
     * by their nodes' positions (children of the root, so placed before any update).
     */
    private static int quadrantChanges(SceneManager scene) {
        Vector3f p = new Vector3f();
        int changes = 0;
        int previous = -1;
        for (int i = 0; i < scene.itemCount(); i++) {
            scene.item(i).parentNode().getPosition(p);
            int quadrant = (p.x < 64f ? 0 : 1) + (p.y < 64f ? 0 : 2);
            changes += previous != -1 && quadrant != previous ? 1 : 0;
            previous = quadrant;
        }
        return changes;
    }

    private static int[] queued(SceneManager scene) {
        RenderQueue queue = scene.renderQueue();
        int[] items = new int[queue.instanceCount()];
        for (int i = 0; i < items.length; i++) {
            items[i] = queue.instanceItem(i);
        }
        return items;
    }

    /**
     * Items around a few dozen cluster nodes spread over 300 units, created in random cluster order (so the chunks
     * start loose and the sort has work), with the odd infinite box, detached item and mask; every choice comes from
     * the seed, so worlds of different worker counts get the same calls.
     */
    private static final class Clusters {
        final VisibilityScenes.Built built;
        final Random random;
        final List<SceneNode> clusters = new ArrayList<>();

        Clusters(long seed, int itemCount, int workers) {
            random = new Random(seed);
            built = scene(itemCount, workers);
            SceneManager scene = built.scene;
            int clusterCount = 8 + random.nextInt(56);
            for (int c = 0; c < clusterCount; c++) {
                SceneNode cluster = scene.rootNode().createChild().setPosition(VisibilityScenes.signed(random, 150f),
                        VisibilityScenes.signed(random, 150f), VisibilityScenes.signed(random, 150f));
                clusters.add(cluster);
                built.nodes.add(cluster);
            }
            for (int i = 0; i < itemCount; i++) {
                createItem();
            }
        }

        void createItem() {
            SceneManager scene = built.scene;
            Aabb box = random.nextInt(400) == 0 ? Aabb.INFINITE
                    : new Aabb(VisibilityScenes.signed(random, 8f), VisibilityScenes.signed(random, 8f),
                            VisibilityScenes.signed(random, 8f), random.nextFloat(), random.nextFloat(),
                            random.nextFloat());
            Item item = scene.createItem(random.nextInt(4), random.nextInt(3), box);
            item.setTransparent(random.nextInt(6) == 0);
            if (random.nextInt(4) == 0) {
                item.setVisibilityFlags(VisibilityScenes.randomFlags(random));
            }
            if (random.nextInt(20) != 0) {
                clusters.get(random.nextInt(clusters.size())).attachObject(item);
            }
            built.items.add(item);
        }

        /** After the update, before the cull: structural changes the chunks have not seen. */
        void lateChanges(int frame) {
            if (frame % 2 == 1) {
                return;
            }
            for (int op = 0; op < 6; op++) {
                switch (random.nextInt(3)) {
                    case 0 -> createItem();
                    case 1 -> destroyItem();
                    default -> toggleAttachment();
                }
            }
        }

        /** Between frames: clusters move (with all their items), items come and go. */
        void mutate(int frame) {
            for (int m = 0; m < 3; m++) {
                clusters.get(random.nextInt(clusters.size())).setPosition(VisibilityScenes.signed(random, 150f),
                        VisibilityScenes.signed(random, 150f), VisibilityScenes.signed(random, 150f));
            }
            for (int op = 0; op < 20; op++) {
                switch (random.nextInt(4)) {
                    case 0 -> createItem();
                    case 1 -> destroyItem();
                    case 2 -> toggleAttachment();
                    default -> built.items.get(random.nextInt(built.items.size()))
                            .setVisibilityFlags(VisibilityScenes.randomFlags(random));
                }
            }
            if (frame == 3) {
                // Scatter a cluster's worth of items, to loosen chunks.
                for (int i = 0; i < built.items.size() / 8; i++) {
                    Item item = built.items.get(random.nextInt(built.items.size()));
                    if (item.isAttached()) {
                        item.detachFromParent();
                    }
                    clusters.get(random.nextInt(clusters.size())).attachObject(item);
                }
            }
        }

        private void destroyItem() {
            if (built.items.size() > 1) {
                built.scene.destroyItem(built.items.remove(random.nextInt(built.items.size())));
            }
        }

        private void toggleAttachment() {
            Item item = built.items.get(random.nextInt(built.items.size()));
            if (item.isAttached()) {
                item.detachFromParent();
            } else {
                clusters.get(random.nextInt(clusters.size())).attachObject(item);
            }
        }
    }
}
