package io.flatscene.core.scene.frame;

import io.flatscene.core.scene.Camera;
import io.flatscene.core.scene.FrameStats;
import io.flatscene.core.scene.Item;
import io.flatscene.core.scene.Light;
import io.flatscene.core.scene.RenderQueue;
import io.flatscene.core.scene.SceneManager;
import io.flatscene.core.scene.VisibilityScenes;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.statistics.Statistics;
import org.joml.Matrix4f;
import org.joml.Vector3f;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A cull keeps its queue only when a new cull would write the same: after random mixes of still frames, moves,
 * structural changes, item and camera value changes, frames for a second camera into a second queue and bare updates,
 * every queue is compared with a fresh cull into a new queue (which never keeps), instance by instance, batch by batch,
 * and with its camera matrices; a frame in which nothing changed keeps its queue and tests no item.
 */
class KeptQueuePropertyTest {

    @Property(tries = 40)
    void aKeptQueueIsWhatAFreshCullWrites(@ForAll long seed) {
        Random random = new Random(seed);
        try (VisibilityScenes.Built built = VisibilityScenes.build(seed, 300, 400, 0, 0.2, 1 + random.nextInt(2))) {
            SceneManager scene = built.scene;
            Camera other = otherCamera(random, built);
            RenderQueue otherQueue = new RenderQueue();
            Light lamp = lamp(random, built);
            VisibilityScenes.aimCamera(random, built);
            for (int step = 0; step < 40; step++) {
                String context = "seed " + seed + " step " + step;
                int op = random.nextInt(11);
                boolean still = op < 3;
                switch (op) {
                    case 3 -> VisibilityScenes.mutate(random, built, 1 + random.nextInt(20), false);
                    case 4 -> {
                        VisibilityScenes.mutate(random, built, 0, true);
                        // destroying a node destroys the objects attached to it: the other camera, the lamp
                        other = other.isAlive() ? other : otherCamera(random, built);
                        lamp = lamp.isAlive() ? lamp : lamp(random, built);
                    }
                    case 5 -> VisibilityScenes.aimCamera(random, built);
                    case 6 -> changeAnItem(random, built);
                    case 7 -> scene.update();
                    case 8 -> scene.cull(other, otherQueue);
                    case 9 -> other.setVisibilityMask(random.nextBoolean() ? -1 : 1);
                    case 10 -> lamp.setColor(random.nextFloat(), random.nextFloat(), random.nextFloat());
                    default -> {
                        // nothing: a still frame
                    }
                }
                long version = scene.renderQueue().version();
                long[] drawn = drawn(scene.renderQueue());
                FrameStats stats = scene.updateFrame(built.camera);
                RenderQueue queue = scene.renderQueue();
                Statistics.label("kept").collect(queue.isKept());
                Statistics.label("version kept").collect(queue.version() == version);
                if (queue.isKept() || queue.version() == version) {
                    assertEquals(version, queue.version(), context + ": a kept queue keeps its version");
                    assertArrayEquals(drawn, drawn(queue), context + ": the version stayed, so must the instances");
                } else {
                    assertEquals(version + 1, queue.version(), context + ": the version counts the culls that "
                            + "changed the instances or batches");
                }
                if (still && step > 0) {
                    assertTrue(queue.isKept(), context + ": nothing changed since the last frame");
                    assertEquals(0, stats.itemsTested(), context);
                }
                assertSameQueue(scene.cull(built.camera, new RenderQueue()), queue, context);
                if (random.nextBoolean()) {
                    scene.cull(other, otherQueue);
                    assertSameQueue(scene.cull(other, new RenderQueue()), otherQueue, context + ", other camera");
                }
            }
        }
    }

    /** A second camera, on a node other than the root. */
    private static Camera otherCamera(Random random, VisibilityScenes.Built built) {
        Camera other = built.scene.createCamera("other");
        built.nodes.get(1 + random.nextInt(built.nodes.size() - 1)).attachObject(other);
        return other.setViewport(640, 480).setPerspective(1.2f, 0.5f, 400f);
    }

    /** A point light, on a node other than the root. */
    private static Light lamp(Random random, VisibilityScenes.Built built) {
        Light lamp = built.scene.createLight("lamp", Light.Type.POINT).setRange(50f);
        built.nodes.get(1 + random.nextInt(built.nodes.size() - 1)).attachObject(lamp);
        return lamp;
    }

    private static void changeAnItem(Random random, VisibilityScenes.Built built) {
        Item item = built.items.get(random.nextInt(built.items.size()));
        switch (random.nextInt(5)) {
            case 0 -> item.setMaterialId(VisibilityScenes.randomMaterial(random));
            case 1 -> item.setRenderQueueGroup(random.nextInt(4));
            case 2 -> item.setTransparent(!item.isTransparent());
            case 3 -> item.setVisibilityFlags(VisibilityScenes.randomFlags(random));
            default -> item.setLocalAabb(VisibilityScenes.randomLocalAabb(random));
        }
    }

    /** Each instance's item, key and slot, then each batch's mesh, material, first instance, count and mirroring. */
    private static long[] drawn(RenderQueue queue) {
        int instances = queue.instanceCount();
        int batches = queue.batchCount();
        long[] drawn = new long[instances * 3 + batches * 5];
        for (int i = 0; i < instances; i++) {
            drawn[i * 3] = queue.instanceItem(i);
            drawn[i * 3 + 1] = queue.instanceKey(i);
            drawn[i * 3 + 2] = queue.instanceTransformSlot(i);
        }
        for (int b = 0, at = instances * 3; b < batches; b++, at += 5) {
            drawn[at] = queue.batchMeshId(b);
            drawn[at + 1] = queue.batchMaterialId(b);
            drawn[at + 2] = queue.batchFirstInstance(b);
            drawn[at + 3] = queue.batchInstanceCount(b);
            drawn[at + 4] = queue.batchMirrored(b) ? 1 : 0;
        }
        return drawn;
    }

    static void assertSameQueue(RenderQueue fresh, RenderQueue queue, String context) {
        assertFalse(fresh.isKept(), context + ": a new queue is never kept");
        assertEquals(fresh.instanceCount(), queue.instanceCount(), context + ": instances");
        for (int i = 0; i < fresh.instanceCount(); i++) {
            assertEquals(fresh.instanceItem(i), queue.instanceItem(i), context + ": item of instance " + i);
            assertEquals(fresh.instanceKey(i), queue.instanceKey(i), context + ": key of instance " + i);
            assertEquals(fresh.instanceTransformSlot(i), queue.instanceTransformSlot(i), context + ": slot " + i);
        }
        assertEquals(fresh.batchCount(), queue.batchCount(), context + ": batches");
        for (int b = 0; b < fresh.batchCount(); b++) {
            assertEquals(fresh.batchMeshId(b), queue.batchMeshId(b), context + ": mesh of batch " + b);
            assertEquals(fresh.batchMaterialId(b), queue.batchMaterialId(b), context + ": material of batch " + b);
            assertEquals(fresh.batchFirstInstance(b), queue.batchFirstInstance(b), context + ": batch " + b);
            assertEquals(fresh.batchInstanceCount(b), queue.batchInstanceCount(b), context + ": batch " + b);
            assertEquals(fresh.batchMirrored(b), queue.batchMirrored(b), context + ": batch " + b);
        }
        assertEquals(fresh.getViewProjection(new Matrix4f()), queue.getViewProjection(new Matrix4f()),
                context + ": view-projection");
        assertEquals(fresh.lightCount(), queue.lightCount(), context + ": lights");
        for (int l = 0; l < fresh.lightCount(); l++) {
            assertEquals(fresh.getLightColor(l, new Vector3f()), queue.getLightColor(l, new Vector3f()), context);
            assertEquals(fresh.getLightPosition(l, new Vector3f()), queue.getLightPosition(l, new Vector3f()), context);
        }
        assertArrayEquals(fresh.worldMatrices(), queue.worldMatrices(), context + ": world matrices");
    }
}
