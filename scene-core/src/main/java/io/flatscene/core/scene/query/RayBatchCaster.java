package io.flatscene.core.scene.query;

import io.flatscene.core.container.LongRadixSort;
import io.flatscene.core.geometry.MortonCode;
import io.flatscene.core.geometry.PointBounds;
import io.flatscene.core.parallel.WorkerPool;
import java.util.Arrays;

/**
 * Casts a batch of rays through a {@link QueryIndex}, in the Morton order of their origins in the box around them:
 * consecutive rays then start near each other, so that the index nodes they share are still in cache, and each
 * worker's share is a region of space. Each worker gathers its hits in a buffer of its own, sorted per ray by
 * distance. Reused from batch to batch: nothing is allocated once a batch as large has been cast.
 */
public final class RayBatchCaster {
    /** Floats per ray in a batch: the origin, the unit direction, the maximum distance. */
    public static final int RAY_FLOATS = 7;
    /** Below this many rays a batch is cast on the calling thread alone: waking the workers costs more. */
    private static final int PARALLEL_RAYS = 64;
    /** Bits of a ray origin's Morton cell per axis: a batch's rays are ordered on a grid of 1,024 cells a side. */
    private static final int ORIGIN_CELL_BITS = 10;

    private final QueryIndex index;
    /** A caster and a hit buffer per worker, made as the worker pool's size asks. */
    private RayCaster[] casters = new RayCaster[0];
    private HitKeys[] hits = new HitKeys[0];
    /** The rays' Morton codes, the rays in cast order, and which worker cast each ray. */
    private long[] order = new long[0];
    private int[] orderedRays = new int[0];
    private int[] rayWorker = new int[0];
    private final LongRadixSort raySort = new LongRadixSort();
    private final PointBounds origins = new PointBounds();
    private final WorkerPool.Task castShare = this::castShare;
    /** The batch being cast, as {@link #cast} was handed it; null between casts. */
    private float[] rays;
    private int[] masks;
    private int[] hitStart;
    private int[] hitCount;
    private int size;
    private int mode;

    public RayBatchCaster(QueryIndex index) {
        this.index = index;
    }

    /**
     * Casts rays {@code [0, size)}, {@value #RAY_FLOATS} floats each in {@code rays}, ray {@code r} finding the items
     * that take part under {@code masks[r]} and keeping those {@code mode} says ({@link RayCaster#ALL},
     * {@link RayCaster#FIRST} or {@link RayCaster#ANY}): its hits, sorted by distance, are then the keys
     * {@code [hitStart[r], hitStart[r] + hitCount[r])} of {@link #hitKeys hitKeys(r)}. The index must be synced.
     */
    public void cast(float[] rays, int[] masks, int size, int[] hitStart, int[] hitCount, int mode, WorkerPool pool) {
        int shortRays = 0;
        for (int r = 0; r < size; r++) {
            shortRays += index.gridWorthy(rays[r * RAY_FLOATS + 6]) ? 1 : 0;
        }
        index.prepareRays(shortRays);
        orderByOrigin(rays, size, masks.length);
        int share = size < PARALLEL_RAYS ? 1 : pool.size();
        if (casters.length < share) {
            int made = casters.length;
            casters = Arrays.copyOf(casters, share);
            hits = Arrays.copyOf(hits, share);
            for (int w = made; w < share; w++) {
                casters[w] = index.newCaster();
                hits[w] = new HitKeys(256);
            }
        }
        this.rays = rays;
        this.masks = masks;
        this.hitStart = hitStart;
        this.hitCount = hitCount;
        this.size = size;
        this.mode = mode;
        try {
            if (share == 1) {
                castShare(0, 1);
            } else {
                pool.run(castShare);
            }
        } finally {
            this.rays = null;
            this.masks = null;
            this.hitStart = null;
            this.hitCount = null;
        }
    }

    /** {@return the keys that ray {@code ray}'s hits lie among after the last cast} */
    public long[] hitKeys(int ray) {
        return hits[rayWorker[ray]].keys;
    }

    /** Puts rays {@code [0, size)} in the Morton order of their origins; arrays grow to {@code capacity} rays. */
    private void orderByOrigin(float[] rays, int size, int capacity) {
        if (order.length < size) {
            order = new long[capacity];
            orderedRays = new int[capacity];
            rayWorker = new int[capacity];
        }
        origins.clear();
        for (int r = 0; r < size; r++) {
            int o = r * RAY_FLOATS;
            origins.add(rays[o], rays[o + 1], rays[o + 2]);
        }
        int cells = 1 << ORIGIN_CELL_BITS;
        float scaleX = origins.cellScale(0, cells);
        float scaleY = origins.cellScale(1, cells);
        float scaleZ = origins.cellScale(2, cells);
        for (int r = 0; r < size; r++) {
            int o = r * RAY_FLOATS;
            order[r] = MortonCode.of(MortonCode.cell(rays[o], origins.min(0), scaleX, cells),
                    MortonCode.cell(rays[o + 1], origins.min(1), scaleY, cells),
                    MortonCode.cell(rays[o + 2], origins.min(2), scaleZ, cells));
            orderedRays[r] = r;
        }
        raySort.sort(order, orderedRays, size);
    }

    private void castShare(int worker, int workers) {
        RayCaster caster = casters[worker];
        HitKeys found = hits[worker];
        found.count = 0;
        float[] rays = this.rays;
        for (int p = WorkerPool.shareStart(size, worker, workers), end = WorkerPool.shareStart(size, worker + 1,
                workers); p < end; p++) {
            int r = orderedRays[p];
            int o = r * RAY_FLOATS;
            int from = found.count;
            caster.cast(rays[o], rays[o + 1], rays[o + 2], rays[o + 3], rays[o + 4], rays[o + 5], rays[o + 6],
                    masks[r], mode, found);
            hitStart[r] = from;
            hitCount[r] = found.count - from;
            rayWorker[r] = worker;
        }
    }
}
