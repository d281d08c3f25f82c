package io.flatscene.core.scene;

import io.flatscene.core.config.SceneConfig;
import io.flatscene.core.testing.AllocationMeter;
import java.util.Set;
import java.util.SplittableRandom;
import org.joml.Vector3f;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A batch of rays finds, ray by ray, what single ray queries find, on one worker or several, and reuses itself. */
class RayBatchTest {
    private static final Aabb UNIT = new Aabb(0f, 0f, 0f, 0.5f, 0.5f, 0.5f);

    private static SceneManager scatteredScene(int items, int workers, SplittableRandom random) {
        SceneManager scene = new SceneManager(SceneConfig.builder().maxNodes(items + 1).maxItems(items)
                .workerThreads(workers).build());
        for (int i = 0; i < items; i++) {
            Item item = scene.createItem(0, 0, i % 97 == 0 ? Aabb.INFINITE : UNIT);
            item.setQueryFlags(1 << (i % 3));
            scene.rootNode().createChild().setPosition((float) random.nextDouble(40.0),
                    (float) random.nextDouble(40.0), (float) random.nextDouble(40.0)).attachObject(item);
        }
        return scene;
    }

    /** A random ray: from inside the field, now and then along an axis (parallel to the others) or with no limit. */
    private static void randomRay(SplittableRandom random, Vector3f origin, Vector3f direction, float[] limit) {
        origin.set((float) random.nextDouble(40.0), (float) random.nextDouble(40.0), (float) random.nextDouble(40.0));
        switch (random.nextInt(4)) {
            case 0 -> direction.set(0f, 0f, random.nextBoolean() ? 1f : -1f);
            case 1 -> direction.set(random.nextDouble() - 0.5, 0f, random.nextDouble() - 0.5);
            default -> direction.set(random.nextDouble() - 0.5, random.nextDouble() - 0.5, random.nextDouble() - 0.5);
        }
        if (direction.lengthSquared() == 0f) {
            direction.set(1f, 0f, 0f);
        }
        limit[0] = random.nextInt(10) == 0 ? Float.POSITIVE_INFINITY : (float) random.nextDouble(30.0);
    }

    @ParameterizedTest(name = "{0} rays")
    @ValueSource(ints = {1, 63, 700})
    void everyRayFindsWhatASingleQueryFindsInTheSameOrder(int rays) {
        for (int workers = 1; workers <= 3; workers++) {
            SplittableRandom random = new SplittableRandom(rays * 31L + workers);
            try (SceneManager scene = scatteredScene(3_000, workers, random)) {
                RayBatch batch = new RayBatch(4);
                Vector3f[] origins = new Vector3f[rays];
                Vector3f[] directions = new Vector3f[rays];
                float[] limits = new float[rays];
                int[] masks = new int[rays];
                float[] limit = new float[1];
                for (int r = 0; r < rays; r++) {
                    origins[r] = new Vector3f();
                    directions[r] = new Vector3f();
                    randomRay(random, origins[r], directions[r], limit);
                    limits[r] = limit[0];
                    masks[r] = r % 5 == 0 ? 2 : -1;
                    assertEquals(r, batch.add(origins[r], directions[r], limits[r], masks[r]));
                }
                assertSame(batch, scene.queries().rays(batch));
                QueryResult single = new QueryResult();
                int found = 0;
                for (int r = 0; r < rays; r++) {
                    scene.queries().ray(origins[r], directions[r], limits[r], masks[r], single);
                    assertEquals(single.size(), batch.hitCount(r), "ray " + r + " with " + workers + " workers");
                    for (int h = 0; h < single.size(); h++) {
                        assertSame(single.item(h), batch.item(r, h), "ray " + r + ", hit " + h);
                        assertEquals(single.distance(h), batch.distance(r, h), "ray " + r + ", hit " + h);
                    }
                    found += single.size();
                }
                assertTrue(found >= rays, "the rays should find items (every ray meets an infinite one): " + found);
                scene.validate();
            }
        }
    }

    @Test
    void aCastReplacesTheLastOnesHitsAndClearReleasesThem() {
        try (SceneManager scene = scatteredScene(200, 2, new SplittableRandom(7))) {
            Item near = scene.createItem(0, 0, UNIT).setQueryFlags(8);
            scene.rootNode().createChild().setPosition(100f, 0f, 0f).attachObject(near);
            RayBatch batch = new RayBatch();
            Vector3f origin = new Vector3f(100f, 0f, 10f);
            Vector3f down = new Vector3f(0f, 0f, -1f);
            batch.add(origin, down, 20f, -1);
            batch.add(origin, down, 20f, 8);
            assertEquals(0, batch.hitCount(0), "not cast yet");
            scene.queries().rays(batch);
            assertEquals(4, batch.hitCount(0), "the item below and the three infinite ones");
            assertSame(near, batch.item(0, 3));
            assertEquals(9.5f, batch.distance(0, 3));
            assertEquals(0f, batch.distance(0, 0), "the ray starts inside the infinite items");
            assertEquals(1, batch.hitCount(1), "the mask leaves the item below alone");
            assertSame(near, batch.item(1, 0));
            batch.clear();
            assertEquals(0, batch.size());
            for (int h = 0; h < 5; h++) {
                assertNull(batch.items[h], "a cleared batch holds on to no item");
            }
            batch.add(origin, down, 5f, 8);
            scene.queries().rays(batch);
            assertEquals(0, batch.hitCount(0), "too short to reach the item");
            assertThrows(IndexOutOfBoundsException.class, () -> batch.item(0, 0));
            assertThrows(IndexOutOfBoundsException.class, () -> batch.hitCount(1));
        }
    }

    @Test
    void badRaysAreRefusedAndLeaveTheBatchAsItWas() {
        RayBatch batch = new RayBatch(0);
        Vector3f origin = new Vector3f();
        Vector3f direction = new Vector3f(1f, 0f, 0f);
        batch.add(origin, direction, 1f, -1);
        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class,
                () -> batch.add(new Vector3f(Float.NaN, 0f, 0f), direction, 1f, -1));
        assertTrue(refused.getMessage().contains("origin must be finite"), refused.getMessage());
        refused = assertThrows(IllegalArgumentException.class, () -> batch.add(origin, new Vector3f(), 1f, -1));
        assertTrue(refused.getMessage().contains("not zero"), refused.getMessage());
        refused = assertThrows(IllegalArgumentException.class, () -> batch.add(origin, direction, -1f, -1));
        assertTrue(refused.getMessage().contains(">= 0"), refused.getMessage());
        assertThrows(NullPointerException.class, () -> batch.add(null, direction, 1f, -1));
        assertEquals(1, batch.size());
        assertThrows(IllegalArgumentException.class, () -> new RayBatch(-1));
        SceneManager scene = scatteredScene(10, 1, new SplittableRandom(3));
        assertThrows(NullPointerException.class, () -> scene.queries().rays((RayBatch) null));
        scene.close();
        IllegalStateException closed = assertThrows(IllegalStateException.class, () -> scene.queries().rays(batch));
        assertTrue(closed.getMessage().contains("closed"), closed.getMessage());
    }

    /**
     * FIRST and ANY keep one hit of a ray that ALL finds several for, FIRST the one ALL lists first; a cast with no
     * mode is refused before it claims the scene, leaving what the last cast kept.
     */
    @Test
    void firstAndAnyKeepOneHitAndAModeIsRequired() {
        try (SceneManager scene = scatteredScene(400, 1, new SplittableRandom(5))) {
            RayBatch batch = new RayBatch();
            batch.add(new Vector3f(-5f, 20f, 20f), new Vector3f(1f, 0.01f, 0f), Float.POSITIVE_INFINITY, -1);
            batch.add(new Vector3f(-5f, 20f, 20f), new Vector3f(-1f, 0f, 0f), Float.POSITIVE_INFINITY, 8);
            scene.queries().rays(batch, RayBatch.Mode.ALL);
            int all = batch.hitCount(0);
            assertTrue(all > 1, "the ray across the field finds several items: " + all);
            assertEquals(0, batch.hitCount(1), "the ray away from the field, among no items");
            Item nearest = batch.item(0, 0);
            NullPointerException refused = assertThrows(NullPointerException.class,
                    () -> scene.queries().rays(batch, null));
            assertEquals("mode", refused.getMessage());
            assertEquals(all, batch.hitCount(0), "a refused cast leaves the last one's hits");
            assertEquals("batch", assertThrows(NullPointerException.class,
                    () -> scene.queries().rays(null, RayBatch.Mode.FIRST)).getMessage());
            for (RayBatch.Mode mode : new RayBatch.Mode[] {RayBatch.Mode.FIRST, RayBatch.Mode.ANY}) {
                assertSame(batch, scene.queries().rays(batch, mode));
                assertEquals(1, batch.hitCount(0), mode.toString());
                assertEquals(0, batch.hitCount(1), mode.toString());
                assertThrows(IndexOutOfBoundsException.class, () -> batch.item(0, 1));
            }
            scene.queries().rays(batch, RayBatch.Mode.FIRST);
            assertSame(nearest, batch.item(0, 0));
            scene.validate();
        }
    }

    /** A batch filled to its capacity, whose arrays the caster's own then match in length. */
    @Test
    void aReusedBatchAllocatesNothing() {
        Set<Thread> threadsBefore = AllocationMeter.liveThreads();
        SplittableRandom random = new SplittableRandom(11);
        try (SceneManager scene = scatteredScene(5_000, 2, random)) {
            RayBatch batch = new RayBatch(500);
            Vector3f origin = new Vector3f();
            Vector3f direction = new Vector3f();
            float[] limit = new float[1];
            int[] found = new int[1];
            Runnable frame = () -> {
                batch.clear();
                for (int r = 0; r < 500; r++) {
                    randomRay(random, origin, direction, limit);
                    batch.add(origin, direction, limit[0], -1);
                }
                scene.queries().rays(batch);
                for (int r = 0; r < batch.size(); r++) {
                    found[0] += batch.hitCount(r);
                }
            };
            for (int warmUp = 0; warmUp < 5; warmUp++) {
                frame.run();
            }
            assertTrue(found[0] > 2_500, "the rays should find items: " + found[0]);
            AllocationMeter meter = AllocationMeter.callerAnd("flatscene-worker", threadsBefore);
            meter.assertSomeWindowClean("batches of 500 rays", 4, frame);
        }
    }
}
