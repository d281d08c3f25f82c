package io.flatscene.core.scene.query;

import io.flatscene.core.config.SceneConfig;
import io.flatscene.core.parallel.WorkerPool;
import io.flatscene.core.scene.Aabb;
import io.flatscene.core.scene.QueryInternals;
import io.flatscene.core.scene.SceneManager;
import java.util.Arrays;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The batch caster over a scene's index, with arrays sized to the batch exactly: each ray finds what one cast of it
 * alone finds, sorted by distance, whatever worker cast it; a batch of fewer than 64 rays is cast on the calling
 * thread, a larger one shared among the pool's workers, each share a region of space (the rays in the Morton order of
 * their origins, in the box around this batch's origins); and its short rays count towards the index's grid.
 */
class RayBatchCasterTest {
    private static final int F = RayBatchCaster.RAY_FLOATS;

    private final SceneManager scene = new SceneManager(SceneConfig.builder().maxNodes(256).maxItems(256)
            .workerThreads(1).build());
    private final WorkerPool pool = new WorkerPool("batch test", 2);
    private final QueryIndex index;
    private final RayBatchCaster caster;
    private int[] hitStart;
    private int[] hitCount;

    /** 160 unit items on a grid of spacing 3 (8 by 10 by 2), indexed. */
    RayBatchCasterTest() throws ReflectiveOperationException {
        Aabb unit = new Aabb(0f, 0f, 0f, 0.5f, 0.5f, 0.5f);
        for (int i = 0; i < 160; i++) {
            scene.rootNode().createChild().setPosition(i % 8 * 3f, i / 8 % 10 * 3f, i / 80 * 3f)
                    .attachObject(scene.createItem(0, 0, unit));
        }
        scene.queries().box(Aabb.INFINITE, -1);
        index = QueryInternals.index(scene);
        assertEquals(160, index.builtCount);
        caster = new RayBatchCaster(index);
    }

    @AfterEach
    void close() {
        pool.close();
        scene.close();
    }

    /** Sets ray {@code r}: from {@code (x, y, z)} along +x, or along -z when {@code down}, up to {@code length}. */
    private static void ray(float[] rays, int r, float x, float y, float z, boolean down, float length) {
        rays[r * F] = x;
        rays[r * F + 1] = y;
        rays[r * F + 2] = z;
        rays[r * F + 3] = down ? 0f : 1f;
        rays[r * F + 5] = down ? -1f : 0f;
        rays[r * F + 6] = length;
    }

    private void cast(float[] rays) {
        int size = rays.length / F;
        int[] masks = new int[size];
        Arrays.fill(masks, -1);
        hitStart = new int[size];
        hitCount = new int[size];
        caster.cast(rays, masks, size, hitStart, hitCount, RayCaster.ALL, pool);
    }

    /** Each ray's hits are those of a cast of it alone, sorted by distance. */
    private void assertEveryRayFindsWhatItFindsAlone(float[] rays) {
        RayCaster single = index.newCaster();
        int found = 0;
        for (int r = 0; r < rays.length / F; r++) {
            HitKeys alone = new HitKeys(4);
            int o = r * F;
            single.cast(rays[o], rays[o + 1], rays[o + 2], rays[o + 3], rays[o + 4], rays[o + 5], rays[o + 6], -1,
                    alone);
            alone.sort(0, alone.count);
            long[] keys = caster.hitKeys(r);
            assertArrayEquals(Arrays.copyOf(alone.keys, alone.count),
                    Arrays.copyOfRange(keys, hitStart[r], hitStart[r] + hitCount[r]), "ray " + r);
            found += alone.count;
        }
        assertTrue(found > 0, "the rays find items");
    }

    /** Rays across the rows of the grid, from x = -5: each finds the row's 8 items. */
    private static float[] rowRays(int count) {
        float[] rays = new float[count * F];
        for (int r = 0; r < count; r++) {
            ray(rays, r, -5f, r % 10 * 3f, r / 10 % 2 * 3f, false, Float.POSITIVE_INFINITY);
        }
        return rays;
    }

    private Set<long[]> buffers(int size) {
        Set<long[]> buffers = new HashSet<>();
        for (int r = 0; r < size; r++) {
            buffers.add(caster.hitKeys(r));
        }
        return buffers;
    }

    @Test
    void fewerThanSixtyFourRaysAreCastByOneWorkerAndMoreShared() {
        float[] rays = rowRays(63);
        cast(rays);
        assertEveryRayFindsWhatItFindsAlone(rays);
        assertEquals(8, hitCount[0], "a row of 8");
        assertEquals(1, buffers(63).size(), "63 rays: one worker's hits");
        rays = rowRays(64);
        cast(rays);
        assertEveryRayFindsWhatItFindsAlone(rays);
        assertEquals(2, buffers(64).size(), "64 rays: shared by the pool's two workers");
    }

    /**
     * 64 rays from two places, added by turns: the first 32 in the Morton order of their origins are those from the
     * lower place, so that each of the two workers casts the rays of one place. The rays have no limit, which the
     * ordering never reads for an origin.
     */
    private static float[] twoPlaces(float lowZ, float highZ) {
        float[] rays = new float[64 * F];
        for (int r = 0; r < 64; r++) {
            ray(rays, r, r % 8 * 3f, r / 8 * 3f, r % 2 == 0 ? lowZ : highZ, true, Float.POSITIVE_INFINITY);
        }
        return rays;
    }

    private void assertEachWorkerCastOnePlace() {
        long[] low = caster.hitKeys(0);
        long[] high = caster.hitKeys(1);
        assertNotSame(low, high, "the two places went to two workers");
        for (int r = 0; r < 64; r++) {
            assertSame(r % 2 == 0 ? low : high, caster.hitKeys(r), "ray " + r);
        }
    }

    @Test
    void eachWorkerCastsTheRaysOfARegionOfSpace() {
        float[] rays = twoPlaces(10f, 10.5f);
        cast(rays);
        assertEveryRayFindsWhatItFindsAlone(rays);
        assertEachWorkerCastOnePlace();
    }

    /**
     * A batch from all over the float range, then one from two places half a unit apart: the second's order is laid
     * over its own origins alone, where the first's box would put both places in one cell.
     */
    @Test
    void eachBatchIsOrderedInTheBoxAroundItsOwnOrigins() {
        float[] wide = twoPlaces(-1e30f, 1e30f);
        cast(wide);
        assertEachWorkerCastOnePlace();
        float[] rays = twoPlaces(10f, 10.5f);
        cast(rays);
        assertEveryRayFindsWhatItFindsAlone(rays);
        assertEachWorkerCastOnePlace();
    }

    /**
     * A batch's rays short enough for the grid count towards building it as single rays do, until they number a 16th
     * of the 160 built entries: a batch of 100 endless rays and 9 short ones builds none, a batch of one more short
     * ray builds it.
     */
    @Test
    void aBatchCountsItsShortRaysTowardsTheGrid() {
        assertTrue(index.gridWorthy(0.1f));
        float[] rays = new float[109 * F];
        for (int r = 0; r < 109; r++) {
            ray(rays, r, r % 8 * 3f, r / 8 % 10 * 3f, 5f, true, r < 100 ? Float.POSITIVE_INFINITY : 0.1f);
        }
        cast(rays);
        assertEveryRayFindsWhatItFindsAlone(rays);
        assertFalse(index.grid.live(), "9 short rays");
        float[] one = new float[F];
        ray(one, 0, 1f, 1f, 5f, true, 0.1f);
        cast(one);
        assertTrue(index.grid.live(), "10 short rays");
    }
}
