package io.flatscene.core.scene;

import io.flatscene.core.config.SceneConfig;
import io.flatscene.core.layout.LaneBlocks;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import org.joml.Matrix4f;
import org.joml.Matrix4x3f;
import org.joml.Quaternionf;
import org.joml.Vector3f;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class RenderQueueTest {
    private static final Aabb SMALL = new Aabb(0, 0, 0, 0.1f, 0.1f, 0.1f);
    private static final int[] GROUPS = {0, 10, 50, 128, 200, 255};

    private static SceneManager newScene(int workers) {
        return new SceneManager(SceneConfig.builder().maxNodes(4096).maxItems(4096).workerThreads(workers).build());
    }

    /** A camera at the origin looking down -Z, the default a node without a rotation gives. */
    private static Camera cameraAtOrigin(SceneManager scene) {
        Camera camera = scene.createCamera("eye");
        scene.rootNode().createChild("eye").attachObject(camera);
        return camera;
    }

    /** What each item contributes to its key, read back from the scene; depth is the distance in front of -Z. */
    private record Drawn(int index, int group, boolean transparent, int material, int mesh, float depth) {
        static Drawn of(SceneManager scene, int index, Vector3f eye, Vector3f forward) {
            Item item = scene.item(index);
            Vector3f center = item.getWorldCenter(new Vector3f()).sub(eye);
            return new Drawn(index, item.renderQueueGroup(), item.isTransparent(), item.materialId(), item.meshId(),
                    center.dot(forward));
        }
    }

    /** The documented draw order; the distinct depths used here keep the quantized keys apart. */
    private static final Comparator<Drawn> DRAW_ORDER = (a, b) -> {
        int c = Integer.compare(a.group, b.group);
        if (c == 0) {
            c = Boolean.compare(a.transparent, b.transparent);
        }
        if (c == 0 && !a.transparent) {
            c = Integer.compare(a.material, b.material);
            c = c != 0 ? c : Integer.compare(a.mesh, b.mesh);
            c = c != 0 ? c : Float.compare(a.depth, b.depth);
        }
        if (c == 0 && a.transparent) {
            c = Float.compare(b.depth, a.depth);
            c = c != 0 ? c : Integer.compare(a.material, b.material);
            c = c != 0 ? c : Integer.compare(a.mesh, b.mesh);
        }
        return c != 0 ? c : Integer.compare(a.index, b.index);
    };

    private static int[] queuedItems(RenderQueue queue) {
        int[] out = new int[queue.instanceCount()];
        for (int i = 0; i < out.length; i++) {
            out[i] = queue.instanceItem(i);
        }
        return out;
    }

    private static int[] expectedOrder(SceneManager scene, Vector3f eye, Vector3f forward) {
        List<Drawn> drawn = new ArrayList<>();
        for (int i = 0; i < scene.itemCount(); i++) {
            drawn.add(Drawn.of(scene, i, eye, forward));
        }
        drawn.sort(DRAW_ORDER);
        return drawn.stream().mapToInt(Drawn::index).toArray();
    }

    @Test
    void drawOrderIsGroupThenOpaqueByMaterialMeshFrontToBackThenTransparentBackToFront() {
        try (SceneManager scene = newScene(1)) {
            Camera camera = cameraAtOrigin(scene);
            Random random = new Random(42);
            int count = 600;
            List<Integer> depthSteps = new ArrayList<>();
            for (int i = 0; i < count; i++) {
                depthSteps.add(i);
            }
            Collections.shuffle(depthSteps, random);
            for (int i = 0; i < count; i++) {
                float depth = 2f + depthSteps.get(i) * 0.5f;
                Item item = scene.createItem(random.nextInt(4), random.nextInt(4), SMALL)
                        .setRenderQueueGroup(GROUPS[random.nextInt(GROUPS.length)])
                        .setTransparent(random.nextInt(3) == 0);
                scene.rootNode().createChild().setPosition(VisibilityScenes.signed(random, 0.2f * depth),
                        VisibilityScenes.signed(random, 0.2f * depth), -depth).attachObject(item);
            }
            FrameStats stats = scene.updateFrame(camera);
            assertEquals(count, stats.itemsVisible(), "every item is placed inside the frustum");
            assertArrayEquals(expectedOrder(scene, new Vector3f(), new Vector3f(0, 0, -1)),
                    queuedItems(scene.renderQueue()));
        }
    }

    @Test
    void groupsAbove127SortAfterLowerGroups() {
        try (SceneManager scene = newScene(1)) {
            Camera camera = cameraAtOrigin(scene);
            int[] groups = {255, 128, 127, 0, 200, 1};
            for (int group : groups) {
                scene.rootNode().createChild().setPosition(0, 0, -10)
                        .attachObject(scene.createItem(0, 0, SMALL).setRenderQueueGroup(group));
            }
            scene.updateFrame(camera);
            RenderQueue queue = scene.renderQueue();
            int[] drawnGroups = new int[queue.instanceCount()];
            for (int i = 0; i < drawnGroups.length; i++) {
                drawnGroups[i] = scene.item(queue.instanceItem(i)).renderQueueGroup();
            }
            assertArrayEquals(new int[] {0, 1, 127, 128, 200, 255}, drawnGroups);
        }
    }

    /** Depth is measured along the camera node's -Z in world space, not along world -Z. */
    @Test
    void depthOrderFollowsAnAimedAndMovedCamera() {
        try (SceneManager scene = newScene(1)) {
            Camera camera = scene.createCamera("eye");
            SceneNode eye = scene.rootNode().createChild("eye").setPosition(100, 3, -7);
            eye.lookAt(new Vector3f(200, 3, -7), Space.PARENT);
            eye.attachObject(camera);
            Random random = new Random(7);
            List<Integer> steps = new ArrayList<>();
            for (int i = 0; i < 80; i++) {
                steps.add(i);
            }
            Collections.shuffle(steps, random);
            for (int i = 0; i < 80; i++) {
                // Opaque and transparent items share material and mesh, so depth alone orders each half.
                scene.rootNode().createChild().setPosition(102f + steps.get(i), 3f, -7f)
                        .attachObject(scene.createItem(5, 5, SMALL).setTransparent(i % 2 == 0));
            }
            scene.updateFrame(camera);
            RenderQueue queue = scene.renderQueue();
            assertEquals(80, queue.instanceCount());
            float previous = Float.NEGATIVE_INFINITY;
            for (int i = 0; i < 40; i++) {
                Item item = scene.item(queue.instanceItem(i));
                float x = item.getWorldCenter(new Vector3f()).x;
                assertTrue(!item.isTransparent() && x > previous, "opaque front to back at instance " + i);
                previous = x;
            }
            previous = Float.POSITIVE_INFINITY;
            for (int i = 40; i < 80; i++) {
                Item item = scene.item(queue.instanceItem(i));
                float x = item.getWorldCenter(new Vector3f()).x;
                assertTrue(item.isTransparent() && x < previous, "transparent back to front at instance " + i);
                previous = x;
            }
            assertArrayEquals(expectedOrder(scene, new Vector3f(100, 3, -7), new Vector3f(1, 0, 0)),
                    queuedItems(queue));
        }
    }

    /** Equal keys keep the items' order in the scene (global index), also after a swap-pop reorders the items. */
    @Test
    void equalKeysKeepSceneOrder() {
        try (SceneManager scene = newScene(1)) {
            Camera camera = cameraAtOrigin(scene);
            SceneNode spot = scene.rootNode().createChild().setPosition(0, 0, -20);
            List<Item> items = new ArrayList<>();
            for (int i = 0; i < 50; i++) {
                Item item = scene.createItem(1, 2, SMALL).setTransparent(i % 3 == 0);
                spot.attachObject(item);
                items.add(item);
            }
            scene.updateFrame(camera);
            assertOrderedWithinEqualKeys(scene);
            scene.destroyItem(items.get(3));
            scene.destroyItem(items.get(17));
            scene.updateFrame(camera);
            assertEquals(48, scene.renderQueue().instanceCount());
            assertOrderedWithinEqualKeys(scene);
        }
    }

    private static void assertOrderedWithinEqualKeys(SceneManager scene) {
        RenderQueue queue = scene.renderQueue();
        for (int i = 1; i < queue.instanceCount(); i++) {
            if (queue.instanceKey(i) == queue.instanceKey(i - 1)) {
                assertTrue(queue.instanceItem(i - 1) < queue.instanceItem(i), "equal keys at instances " + (i - 1)
                        + " and " + i + " are out of scene order");
            } else {
                assertTrue(Long.compareUnsigned(queue.instanceKey(i - 1), queue.instanceKey(i)) < 0,
                        "keys descend at instance " + i);
            }
        }
    }

    @Test
    void batchesSplitOnFullIdsEvenWhenTheLow16BitsCollide() {
        try (SceneManager scene = newScene(1)) {
            Camera camera = cameraAtOrigin(scene);
            // Interleaved depths: the key sorts on the low 16 bits only, so materials 1 and 65537 (and meshes 2 and
            // 65538) share key bits and their items interleave in depth order.
            for (int i = 0; i < 40; i++) {
                int material = i % 2 == 0 ? 1 : 65_537;
                int mesh = i % 4 < 2 ? 2 : 65_538;
                scene.rootNode().createChild().setPosition(0, 0, -5 - i)
                        .attachObject(scene.createItem(mesh, material, SMALL));
            }
            scene.updateFrame(camera);
            RenderQueue queue = scene.renderQueue();
            assertEquals(40, queue.instanceCount());
            assertBatchesAreMaximalHomogeneousRuns(scene);
            Set<Integer> materials = new HashSet<>();
            Set<Integer> meshes = new HashSet<>();
            for (int b = 0; b < queue.batchCount(); b++) {
                materials.add(queue.batchMaterialId(b));
                meshes.add(queue.batchMeshId(b));
            }
            assertEquals(Set.of(1, 65_537), materials);
            assertEquals(Set.of(2, 65_538), meshes);
        }
    }

    @Test
    void batchesCoverEveryInstanceContiguouslyAndNeverMixState() {
        try (SceneManager scene = newScene(1)) {
            Camera camera = cameraAtOrigin(scene);
            Random random = new Random(3);
            for (int i = 0; i < 1500; i++) {
                float depth = 2f + random.nextFloat() * 300f;
                scene.rootNode().createChild().setPosition(VisibilityScenes.signed(random, 0.3f * depth),
                                VisibilityScenes.signed(random, 0.3f * depth), -depth)
                        .attachObject(scene.createItem(VisibilityScenes.randomMesh(random),
                                        VisibilityScenes.randomMaterial(random), SMALL)
                                .setRenderQueueGroup(GROUPS[random.nextInt(GROUPS.length)])
                                .setTransparent(random.nextInt(4) == 0));
            }
            FrameStats stats = scene.updateFrame(camera);
            assertTrue(stats.itemsVisible() > 1000, stats.toString());
            assertBatchesAreMaximalHomogeneousRuns(scene);
        }
    }

    static void assertBatchesAreMaximalHomogeneousRuns(SceneManager scene) {
        RenderQueue queue = scene.renderQueue();
        int next = 0;
        for (int b = 0; b < queue.batchCount(); b++) {
            assertEquals(next, queue.batchFirstInstance(b), "batch " + b + " starts where the previous one ends");
            assertTrue(queue.batchInstanceCount(b) > 0, "batch " + b + " is empty");
            for (int i = next; i < next + queue.batchInstanceCount(b); i++) {
                Item item = scene.item(queue.instanceItem(i));
                String where = "instance " + i + " in batch " + b;
                assertEquals(queue.batchMeshId(b), item.meshId(), where);
                assertEquals(queue.batchMaterialId(b), item.materialId(), where);
                assertEquals(queue.batchRenderQueueGroup(b), item.renderQueueGroup(), where);
                assertEquals(queue.batchTransparent(b), item.isTransparent(), where);
            }
            if (b > 0) {
                assertTrue(queue.batchMeshId(b) != queue.batchMeshId(b - 1)
                        || queue.batchMaterialId(b) != queue.batchMaterialId(b - 1)
                        || queue.batchRenderQueueGroup(b) != queue.batchRenderQueueGroup(b - 1)
                        || queue.batchTransparent(b) != queue.batchTransparent(b - 1),
                        "batches " + (b - 1) + " and " + b + " draw the same state and should be one");
            }
            next += queue.batchInstanceCount(b);
        }
        assertEquals(queue.instanceCount(), next, "the batches cover every instance");
        assertThrows(IndexOutOfBoundsException.class, () -> queue.batchMeshId(queue.batchCount()));
        assertThrows(IndexOutOfBoundsException.class, () -> queue.instanceItem(queue.instanceCount()));
        assertThrows(IndexOutOfBoundsException.class, () -> queue.instanceItem(-1));
    }

    @Test
    void transformSlotsPointAtTheItemsNodeWorldMatrix() {
        try (SceneManager scene = newScene(1)) {
            Camera camera = cameraAtOrigin(scene);
            Random random = new Random(11);
            List<SceneNode> nodes = new ArrayList<>(List.of(scene.rootNode()));
            for (int i = 0; i < 300; i++) {
                SceneNode parent = nodes.get(random.nextInt(nodes.size()));
                SceneNode node = parent.createChild()
                        .setPosition(VisibilityScenes.signed(random, 3), VisibilityScenes.signed(random, 3),
                                -random.nextFloat() * 6)
                        .setOrientation(VisibilityScenes.randomRotation(random));
                nodes.add(node);
                node.attachObject(scene.createItem(random.nextInt(3), random.nextInt(3), new Aabb(0, 0, 0, 5, 5, 5)));
            }
            scene.updateFrame(camera);
            assertSlotsMatchNodes(scene);
            // New nodes open slots in the middle of the arrays and move others: the slots must follow.
            for (int i = 0; i < 50; i++) {
                nodes.get(1 + random.nextInt(nodes.size() - 1)).createChild().setPosition(0, 0, -3)
                        .attachObject(scene.createItem(7, 7, new Aabb(0, 0, 0, 5, 5, 5)));
            }
            scene.destroySceneNode(nodes.get(5));
            scene.updateFrame(camera);
            assertSlotsMatchNodes(scene);
        }
    }

    private static void assertSlotsMatchNodes(SceneManager scene) {
        RenderQueue queue = scene.renderQueue();
        assertTrue(queue.instanceCount() > 10, "enough items to compare: " + queue.instanceCount());
        float[] world = queue.worldMatrices();
        for (int i = 0; i < queue.instanceCount(); i++) {
            Item item = scene.item(queue.instanceItem(i));
            float[] expected = item.parentNode().getWorldMatrix(new Matrix4x3f()).get(new float[12]);
            int slot = queue.instanceTransformSlot(i);
            float[] actual = new float[12];
            for (int c = 0; c < 12; c++) {
                actual[c] = world[LaneBlocks.base(slot, 12) + c * LaneBlocks.LANES];
            }
            assertArrayEquals(expected, actual, "instance " + i);
        }
    }

    private record Snapshot(int[] items, long[] keys, int[] slots, int[][] batches) {
        static Snapshot of(RenderQueue queue) {
            int n = queue.instanceCount();
            int[] items = new int[n];
            long[] keys = new long[n];
            int[] slots = new int[n];
            for (int i = 0; i < n; i++) {
                items[i] = queue.instanceItem(i);
                keys[i] = queue.instanceKey(i);
                slots[i] = queue.instanceTransformSlot(i);
            }
            int[][] batches = new int[queue.batchCount()][];
            for (int b = 0; b < batches.length; b++) {
                batches[b] = new int[] {queue.batchMeshId(b), queue.batchMaterialId(b),
                    queue.batchRenderQueueGroup(b), queue.batchTransparent(b) ? 1 : 0, queue.batchFirstInstance(b),
                    queue.batchInstanceCount(b)};
            }
            return new Snapshot(items, keys, slots, batches);
        }

        void assertSame(Snapshot other, String context) {
            assertArrayEquals(items, other.items, context + ": items");
            assertArrayEquals(keys, other.keys, context + ": keys");
            assertArrayEquals(slots, other.slots, context + ": slots");
            assertEquals(batches.length, other.batches.length, context + ": batch count");
            for (int b = 0; b < batches.length; b++) {
                assertArrayEquals(batches[b], other.batches[b], context + ": batch " + b);
            }
        }
    }

    @Test
    void aStillSceneDrawsIdenticallyEveryFrame() {
        for (int workers : new int[] {1, 2}) {
            try (VisibilityScenes.Built built = VisibilityScenes.build(99, 3000, 12_000, 600, 0.3, workers)) {
                // Many items on few nodes and few ids: lots of equal keys, where an unstable sort would show.
                Random random = new Random(5);
                for (int i = 0; i < 4000; i++) {
                    built.nodes.get(random.nextInt(50)).attachObject(built.scene.createItem(1, 1, SMALL));
                }
                built.cameraNode.setPosition(0, 0, 120).lookAt(new Vector3f(), Space.PARENT);
                built.camera.setPerspective(1.2f, 0.5f, 500f);
                built.scene.updateFrame(built.camera);
                Snapshot first = Snapshot.of(built.scene.renderQueue());
                assertTrue(first.items.length > 1000, "visible " + first.items.length);
                for (int frame = 0; frame < 5; frame++) {
                    FrameStats stats = built.scene.updateFrame(built.camera);
                    assertEquals(0, stats.nodesUpdated(), "nothing moved");
                    first.assertSame(Snapshot.of(built.scene.renderQueue()), workers + " workers, frame " + frame);
                }
            }
        }
    }

    @Test
    void frameStatsCountWhatTheFrameDid() {
        try (SceneManager scene = newScene(1)) {
            Camera camera = cameraAtOrigin(scene);
            SceneNode parent = scene.rootNode().createChild().setPosition(0, 0, -10);
            SceneNode a = parent.createChild().setPosition(-1, 0, 0);
            SceneNode b = parent.createChild().setPosition(1, 0, 0);
            SceneNode behind = scene.rootNode().createChild().setPosition(0, 0, 10);
            SceneNode detached = scene.createSceneNode("detached");
            a.attachObject(scene.createItem(1, 1, SMALL));
            b.attachObject(scene.createItem(2, 1, SMALL));
            b.attachObject(scene.createItem(2, 1, SMALL).setTransparent(true));
            behind.attachObject(scene.createItem(1, 1, SMALL));
            detached.attachObject(scene.createItem(1, 1, SMALL));
            scene.createItem(1, 1, SMALL);

            FrameStats stats = scene.updateFrame(camera);
            // root, eye, parent, a, b, behind, detached
            assertEquals(7, stats.nodesUpdated());
            assertEquals(5, stats.itemsTested(), "every attached item is tested, in the graph or not; the detached one "
                    + "costs nothing");
            assertEquals(3, stats.itemsVisible());
            assertEquals(3, stats.batches());
            assertEquals(3, scene.renderQueue().batchCount());
            assertTrue(stats.transformNanos() >= 0 && stats.boundsNanos() >= 0 && stats.cullNanos() >= 0
                    && stats.sortNanos() >= 0 && stats.queueNanos() >= 0);
            assertEquals(stats.transformNanos() + stats.boundsNanos() + stats.cullNanos() + stats.sortNanos()
                    + stats.queueNanos(), stats.totalNanos());

            assertEquals(0, scene.updateFrame(camera).nodesUpdated());
            parent.setPosition(0, 0, -12);
            stats = scene.updateFrame(camera);
            assertEquals(3, stats.nodesUpdated(), "the moved node and its two children");
            assertEquals(3, stats.itemsVisible());
            b.setPosition(0, 0, 0);
            assertEquals(1, scene.updateFrame(camera).nodesUpdated());

            camera.setVisibilityMask(0);
            stats = scene.updateFrame(camera);
            assertEquals(0, stats.itemsVisible());
            assertEquals(0, stats.batches());
            assertEquals(0, scene.renderQueue().instanceCount());
        }
    }

    /** The same stats instance is reused: a caller that keeps it sees the next frame's numbers. */
    @Test
    void statsAndQueueAreReusedInstances() {
        try (SceneManager scene = newScene(1)) {
            Camera camera = cameraAtOrigin(scene);
            scene.rootNode().createChild().setPosition(0, 0, -3).attachObject(scene.createItem(0, 0, SMALL));
            FrameStats first = scene.updateFrame(camera);
            RenderQueue queue = scene.renderQueue();
            FrameStats second = scene.updateFrame(camera);
            assertTrue(first == second && queue == scene.renderQueue());
            assertNotEquals(0, second.itemsVisible());
        }
    }

    /** A camera turned and moved off the axes, so that every element of its view-projection's first row counts. */
    private static Camera turnedCamera(SceneManager scene) {
        Camera camera = scene.createCamera("turned").setViewport(640, 480);
        Quaternionf turn = new Quaternionf().rotateXYZ(0.3f, 0.5f, 0.2f);
        scene.rootNode().createChild("turned").setPosition(2f, 3f, 4f).setOrientation(turn).attachObject(camera);
        Vector3f ahead = turn.transform(new Vector3f(0f, 0f, -5f)).add(2f, 3f, 4f);
        scene.rootNode().createChild("ahead").setPosition(ahead).attachObject(scene.createItem("ahead", 1, 1, SMALL));
        scene.rootNode().createChild("lamp").attachObject(scene.createLight("lamp", Light.Type.POINT));
        scene.update();
        return camera;
    }

    @Test
    void aQueueHandsBackWhatItWasCulledWith() {
        try (SceneManager scene = newScene(1)) {
            Camera camera = turnedCamera(scene);
            Item ahead = scene.item(0).setTint(0.2f, 0.4f, 0.6f, 1f);
            scene.update();
            RenderQueue queue = new RenderQueue();
            assertNull(queue.changedSlots(), "no cull yet, no scene");
            scene.cull(camera, queue);
            assertSame(scene, queue.scene());
            assertSame(scene.changedSlots(), queue.changedSlots(), "the changed slots of the scene culled");
            assertEquals(640, queue.viewportWidth());
            assertEquals(480, queue.viewportHeight());
            assertFalse(queue.isAspectRatioFixed());
            assertEquals(1, queue.instanceCount());
            assertEquals(queue.instanceTransformSlot(0), queue.instanceTransformSlots()[0]);
            assertEquals(ahead.tintRgba(), queue.itemTints()[queue.instanceItem(0)]);
            assertEquals(1, queue.batchCount());
            assertEquals(1, queue.lightCount());
            assertOutOfRange("instance 1 of 1", () -> queue.instanceItem(1));
            assertOutOfRange("instance -1 of 1", () -> queue.instanceKey(-1));
            assertOutOfRange("batch 1 of 1", () -> queue.batchMeshId(1));
            assertOutOfRange("batch -1 of 1", () -> queue.batchFirstInstance(-1));
            assertOutOfRange("light 1 of 1", () -> queue.lightRange(1));
            assertOutOfRange("light -1 of 1", () -> queue.lightType(-1));
        }
    }

    private static void assertOutOfRange(String message, Executable read) {
        IndexOutOfBoundsException e = assertThrows(IndexOutOfBoundsException.class, read);
        assertEquals(message, e.getMessage());
    }

    @Test
    void aTargetOfAnotherShapeRescalesTheWholeFirstRowAndNoSizeKeepsTheCulledMatrix() {
        try (SceneManager scene = newScene(1)) {
            Camera camera = turnedCamera(scene);
            RenderQueue queue = scene.cull(camera, new RenderQueue());
            Matrix4f culled = queue.getViewProjection(new Matrix4f());
            for (int[] size : new int[][] {{0, 480}, {640, 0}, {-1, 480}, {640, -1}, {0, 0}}) {
                assertEquals(culled, queue.getViewProjection(new Matrix4f(), size[0], size[1]),
                        "no target size: " + size[0] + "x" + size[1]);
            }
            // 640·480 by 1 and 1 by 640·480: sides that a division by the viewport's sides would match with them
            for (int[] size : new int[][] {{800, 400}, {640 * 480, 1}, {1, 640 * 480}}) {
                Matrix4f expected = camera.setViewport(size[0], size[1]).getViewProjection(new Matrix4f(),
                        new Matrix4f());
                Matrix4f actual = queue.getViewProjection(new Matrix4f(), size[0], size[1]);
                for (int column = 0; column < 4; column++) {
                    for (int row = 0; row < 4; row++) {
                        float e = expected.get(column, row);
                        assertEquals(e, actual.get(column, row), 1e-5f * Math.max(1f, Math.abs(e)),
                                size[0] + "x" + size[1] + ", element " + column + ", " + row);
                    }
                }
            }
            camera.setViewport(640, 480).setAspectRatio(2f);
            scene.cull(camera, queue);
            assertTrue(queue.isAspectRatioFixed());
            assertEquals(queue.getViewProjection(new Matrix4f()), queue.getViewProjection(new Matrix4f(), 300, 500),
                    "a fixed aspect is kept whatever the target");
        }
    }

    @Test
    void aQueueCulledForAnotherCameraIsNotKept() {
        try (SceneManager scene = newScene(1)) {
            Camera turned = turnedCamera(scene);
            Camera plain = cameraAtOrigin(scene);
            scene.update();
            RenderQueue queue = scene.cull(turned, new RenderQueue());
            scene.cull(plain, queue);
            assertFalse(queue.isKept(), "another camera");
            assertEquals(new Vector3f(), queue.getCameraPosition(new Vector3f()));
            assertEquals(0, queue.instanceCount(), "the plain camera looks away from the item");
        }
    }

    @Test
    void aDetachedCameraLooksFromTheOriginAgain() {
        try (SceneManager scene = newScene(1)) {
            Camera camera = scene.createCamera("eye");
            SceneNode eye = scene.rootNode().createChild("eye").setPosition(1f, 2f, 3f);
            eye.attachObject(camera);
            scene.updateFrame(camera);
            assertEquals(new Vector3f(1f, 2f, 3f), scene.renderQueue().getCameraPosition(new Vector3f()));
            eye.detachObject(camera);
            scene.updateFrame(camera);
            assertEquals(new Vector3f(), scene.renderQueue().getCameraPosition(new Vector3f()));
        }
    }

    @Test
    void aCameraWithNoOrientationIsNotCulledFrom() {
        try (SceneManager scene = newScene(1)) {
            Camera camera = scene.createCamera("flat");
            scene.rootNode().createChild("flat").setScale(0f, 1f, 1f).attachObject(camera);
            IllegalStateException e = assertThrows(IllegalStateException.class, () -> scene.updateFrame(camera));
            assertTrue(e.getMessage().contains("'flat'") && e.getMessage().contains("a zero scale"), e.getMessage());
        }
    }

    /**
     * A camera so far out that its view-projection overflows float has axes and a position: the refusal of its cull
     * and of its pick says so, rather than blaming a zero scale no node has.
     */
    @Test
    void aCameraTooFarOutIsRefusedForItsPosition() {
        try (SceneManager scene = newScene(1)) {
            Camera camera = scene.createCamera("far");
            scene.rootNode().createChild("far").setPosition(0f, 3e38f, 0f).attachObject(camera);
            String expected = "its node's world position (0.0, 3.0E38, 0.0) is too far from the origin: its "
                    + "view-projection overflows the float range";
            IllegalStateException cull = assertThrows(IllegalStateException.class, () -> scene.updateFrame(camera));
            assertEquals("cannot cull for " + camera + ": " + expected, cull.getMessage());
            IllegalStateException pick = assertThrows(IllegalStateException.class,
                    () -> camera.pickRay(1f, 1f, new Vector3f(), new Vector3f()));
            assertEquals("cannot pick through " + camera + ": " + expected, pick.getMessage());
        }
    }

    @Test
    void anUpdateCountsTheNodesItTransformed() {
        try (SceneManager scene = newScene(1)) {
            Camera camera = cameraAtOrigin(scene);
            scene.rootNode().createChild("a").createChild("b");
            assertTrue(scene.update().nodesUpdated() >= 3, "eye, a and b were new");
            scene.rootNode().createChild("c");
            assertTrue(scene.updateFrame(camera).nodesUpdated() >= 1, "c was new");
        }
    }
}
