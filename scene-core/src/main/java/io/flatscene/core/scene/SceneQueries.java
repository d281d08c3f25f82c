package io.flatscene.core.scene;

import io.flatscene.core.container.HandleTable;
import io.flatscene.core.container.LongRadixSort;
import io.flatscene.core.geometry.Frustum;
import io.flatscene.core.geometry.MortonCode;
import io.flatscene.core.geometry.PointBounds;
import io.flatscene.core.parallel.WorkerPool;
import io.flatscene.core.scene.query.HitKeys;
import io.flatscene.core.scene.query.QueryIndex;
import io.flatscene.core.scene.store.ItemStore;
import io.flatscene.core.scene.store.ObjectStore;
import io.flatscene.core.scene.store.TransformStore;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.function.IntFunction;
import java.util.function.Supplier;
import org.joml.Matrix4fc;
import org.joml.Vector3fc;

/**
 * Ray, box, sphere and frustum queries over the items' world bounds, answered by the {@link QueryIndex}.
 *
 * <p>An item takes part when it is attached to a node in the scene graph and its query flags share a bit with the
 * query mask; query flags are separate from visibility flags, so what a camera draws and what a pick can hit are
 * chosen independently. Each query first brings the world bounds up to the scene as it is (the frame's own
 * incremental update, run only when something changed since the last query, and then only over what changed), then
 * the index up to the bounds (the chunks of items whose bounds changed), so that an item created or moved a moment
 * ago is found at once. A query claims the scene as a pass does: it is refused while a frame runs on another thread
 * or another thread changes the structure.
 *
 * <p>The exact tests, per item, on its world box (center c, half extents h):
 * <ul>
 * <li>ray from o along the unit direction u, up to distance m: the slab test, clipping [0, m] per axis to
 * {@code ((c - h - o) * (1 / u), (c + h - o) * (1 / u))}, an axis with an infinite extent left unclipped and an axis
 * whose {@code 1 / u} is infinite (the ray runs parallel to it) asking {@code c - h <= o <= c + h}; the distance is
 * where the clipped range starts;
 * <li>box (center b, half extents e): {@code |c - b| <= h + e} on every axis, touching included;
 * <li>sphere (center s, radius r): the squared distance from s to the box, {@code max(|s - c| - h, 0)} per axis,
 * at most {@code r * r};
 * <li>frustum: the cull's test ({@link Frustum#outside}) against the matrix's clip planes ({@link Frustum#clipPlanes}):
 * for every plane, the plane's value at c at least {@code -|n| . h}; a box whose x half extent is infinite always,
 * unless its center has a NaN.
 * </ul>
 */
final class SceneQueries {
    /** Below this many rays a batch is cast on the calling thread alone: waking the workers costs more. */
    private static final int PARALLEL_RAYS = 64;
    /** Bits of a ray origin's Morton cell per axis: a batch's rays are ordered on a grid of 1,024 cells a side. */
    private static final int ORIGIN_CELL_BITS = 10;

    private final SceneGuard guard;
    private final ObjectStore<Item> items;
    /** The item at a global index, made once so that a query allocates nothing. */
    private final IntFunction<Item> itemAt;
    private final QueryIndex index;
    private final QueryIndex.RayCaster caster;
    private final Runnable update;
    private final Supplier<WorkerPool> workers;
    /** A batch's casters and hits, one per worker, made as the worker pool's size asks. */
    private QueryIndex.RayCaster[] workerCasters = new QueryIndex.RayCaster[0];
    private HitKeys[] workerHits = new HitKeys[0];
    /** The batch being cast, its rays in cast order, and which worker cast each ray. */
    private RayBatch batch;
    private long[] order = new long[0];
    private int[] orderedRays = new int[0];
    private int[] rayWorker = new int[0];
    private final LongRadixSort raySort = new LongRadixSort();
    private final PointBounds origins = new PointBounds();
    private final WorkerPool.Task castShare = this::castShare;
    /** The list-returning queries' result, reused. */
    private final QueryResult scratch = new QueryResult();
    private final float[] planes = new float[Frustum.PLANE_FLOATS];

    /**
     * @param update  the scene's update of transforms and world bounds, to run inside a claimed pass
     * @param workers the scene's worker pool, which a batch of rays is spread over
     */
    SceneQueries(SceneGuard guard, ObjectStore<Item> items, ItemStore itemData, TransformStore transforms,
                 Runnable update, Supplier<WorkerPool> workers) {
        this.guard = guard;
        this.items = items;
        this.itemAt = items::get;
        this.update = update;
        this.workers = workers;
        this.index = new QueryIndex(itemData, items.columns(), transforms);
        this.caster = index.newCaster();
    }

    /** Claims the scene for a query and brings the bounds and the index up to date; pair with {@link #end}. */
    private void begin(String action, QueryResult result) {
        claim(action);
        result.begin();
    }

    /** Claims the scene and brings the bounds and the index up to date; pair with {@code guard.endPass()}. */
    private void claim(String action) {
        guard.beginPass(action, null);
        try {
            if (guard.takeQueriesStale()) {
                update.run();
            }
            index.sync(items.size());
        } catch (RuntimeException | Error e) {
            guard.endPass();
            throw e;
        }
    }

    private void end(QueryResult result) {
        try {
            result.finish(itemAt);
        } finally {
            guard.endPass();
        }
    }

    /**
     * Checks a ray's arguments.
     *
     * @return the direction's length
     */
    static double checkRay(Vector3fc origin, Vector3fc direction, float maxDistance) {
        Objects.requireNonNull(origin, "origin");
        Objects.requireNonNull(direction, "direction");
        if (!origin.isFinite()) {
            throw new IllegalArgumentException("ray query from " + origin + ": the origin must be finite");
        }
        if (!direction.isFinite() || direction.lengthSquared() == 0f) {
            throw new IllegalArgumentException("ray query along " + direction + ": the direction must be finite and "
                    + "not zero");
        }
        if (!(maxDistance >= 0f)) {
            throw new IllegalArgumentException("ray query up to " + maxDistance + ": the distance must be >= 0");
        }
        return Math.sqrt((double) direction.x() * direction.x() + (double) direction.y() * direction.y()
                + (double) direction.z() * direction.z());
    }

    QueryResult ray(Vector3fc origin, Vector3fc direction, float maxDistance, int mask, QueryResult result) {
        Objects.requireNonNull(result, "result");
        double length = checkRay(origin, direction, maxDistance);
        begin("run a ray query", result);
        try {
            index.prepareRays(index.gridWorthy(maxDistance) ? 1 : 0);
            caster.cast(origin.x(), origin.y(), origin.z(), (float) (direction.x() / length),
                    (float) (direction.y() / length), (float) (direction.z() / length), maxDistance, mask,
                    result.hits);
        } finally {
            end(result);
        }
        return result;
    }

    List<RayHit> ray(Vector3fc origin, Vector3fc direction, float maxDistance, int mask) {
        ray(origin, direction, maxDistance, mask, scratch);
        List<RayHit> hits = new ArrayList<>(scratch.size());
        for (int i = 0; i < scratch.size(); i++) {
            hits.add(new RayHit(scratch.item(i), scratch.distance(i)));
        }
        scratch.clear();
        return hits;
    }

    QueryResult box(Aabb box, int mask, QueryResult result) {
        Objects.requireNonNull(box, "box");
        Objects.requireNonNull(result, "result");
        begin("run a box query", result);
        try {
            index.box(box.centerX(), box.centerY(), box.centerZ(), box.halfX(), box.halfY(), box.halfZ(), mask,
                    result.hits);
        } finally {
            end(result);
        }
        return result;
    }

    List<Item> box(Aabb box, int mask) {
        return list(box(box, mask, scratch));
    }

    QueryResult sphere(Vector3fc center, float radius, int mask, QueryResult result) {
        Objects.requireNonNull(center, "center");
        Objects.requireNonNull(result, "result");
        if (!center.isFinite()) {
            throw new IllegalArgumentException("sphere query at " + center + ": the center must be finite");
        }
        if (!(radius >= 0f)) {
            throw new IllegalArgumentException("sphere query with radius " + radius + ": the radius must be >= 0");
        }
        begin("run a sphere query", result);
        try {
            index.sphere(center.x(), center.y(), center.z(), radius, mask, result.hits);
        } finally {
            end(result);
        }
        return result;
    }

    List<Item> sphere(Vector3fc center, float radius, int mask) {
        return list(sphere(center, radius, mask, scratch));
    }

    QueryResult frustum(Matrix4fc viewProjection, int mask, QueryResult result) {
        Objects.requireNonNull(viewProjection, "viewProjection");
        Objects.requireNonNull(result, "result");
        if (!viewProjection.isFinite()) {
            throw new IllegalArgumentException("frustum query through " + viewProjection.toString().strip()
                    + ": the view-projection matrix must be finite");
        }
        Frustum.clipPlanes(viewProjection, planes);
        begin("run a frustum query", result);
        try {
            index.frustum(planes, mask, result.hits);
        } finally {
            end(result);
        }
        return result;
    }

    List<Item> frustum(Matrix4fc viewProjection, int mask) {
        return list(frustum(viewProjection, mask, scratch));
    }

    RayBatch rays(RayBatch batch) {
        Objects.requireNonNull(batch, "batch");
        claim("cast a batch of rays");
        try {
            int n = batch.size;
            int shortRays = 0;
            for (int r = 0; r < n; r++) {
                shortRays += index.gridWorthy(batch.rays[r * RayBatch.RAY_FLOATS + 6]) ? 1 : 0;
            }
            index.prepareRays(shortRays);
            orderByOrigin(batch);
            WorkerPool pool = workers.get();
            int share = n < PARALLEL_RAYS ? 1 : pool.size();
            if (workerCasters.length < share) {
                int made = workerCasters.length;
                workerCasters = Arrays.copyOf(workerCasters, share);
                workerHits = Arrays.copyOf(workerHits, share);
                for (int w = made; w < share; w++) {
                    workerCasters[w] = index.newCaster();
                    workerHits[w] = new HitKeys(256);
                }
            }
            this.batch = batch;
            if (share == 1) {
                castShare(0, 1);
            } else {
                pool.run(castShare);
            }
            gather(batch, n);
        } catch (RuntimeException | Error e) {
            // the rays cast so far count hits in the workers' buffers, which the batch cannot read
            batch.forgetHits();
            throw e;
        } finally {
            this.batch = null;
            guard.endPass();
        }
        return batch;
    }

    /**
     * Puts the batch's rays in the Morton order of their origins, in the box around them: consecutive rays then start
     * near each other, and each worker's share is a region of space.
     */
    private void orderByOrigin(RayBatch batch) {
        int n = batch.size;
        if (order.length < n) {
            order = new long[batch.masks.length];
            orderedRays = new int[batch.masks.length];
            rayWorker = new int[batch.masks.length];
        }
        float[] rays = batch.rays;
        origins.clear();
        for (int r = 0; r < n; r++) {
            int o = r * RayBatch.RAY_FLOATS;
            origins.add(rays[o], rays[o + 1], rays[o + 2]);
        }
        int cells = 1 << ORIGIN_CELL_BITS;
        float scaleX = origins.cellScale(0, cells);
        float scaleY = origins.cellScale(1, cells);
        float scaleZ = origins.cellScale(2, cells);
        for (int r = 0; r < n; r++) {
            int o = r * RayBatch.RAY_FLOATS;
            order[r] = MortonCode.of(MortonCode.cell(rays[o], origins.min(0), scaleX, cells),
                    MortonCode.cell(rays[o + 1], origins.min(1), scaleY, cells),
                    MortonCode.cell(rays[o + 2], origins.min(2), scaleZ, cells));
            orderedRays[r] = r;
        }
        raySort.sort(order, orderedRays, n);
    }

    private void castShare(int worker, int workers) {
        RayBatch batch = this.batch;
        int n = batch.size;
        QueryIndex.RayCaster rayCaster = workerCasters[worker];
        HitKeys hits = workerHits[worker];
        hits.count = 0;
        float[] rays = batch.rays;
        for (int p = WorkerPool.shareStart(n, worker, workers), end = WorkerPool.shareStart(n, worker + 1, workers);
             p < end; p++) {
            int r = orderedRays[p];
            int o = r * RayBatch.RAY_FLOATS;
            int from = hits.count;
            rayCaster.cast(rays[o], rays[o + 1], rays[o + 2], rays[o + 3], rays[o + 4], rays[o + 5], rays[o + 6],
                    batch.masks[r], hits);
            hits.sort(from, hits.count);
            batch.hitStart[r] = from;
            batch.hitCount[r] = hits.count - from;
            rayWorker[r] = worker;
        }
    }

    /** Copies every ray's hits, from the buffer of the worker that cast it, into the batch in ray order. */
    private void gather(RayBatch batch, int n) {
        long total = 0;
        for (int r = 0; r < n; r++) {
            total += batch.hitCount[r];
        }
        batch.prepareHits(total);
        int at = 0;
        for (int r = 0; r < n; r++) {
            long[] keys = workerHits[rayWorker[r]].keys;
            int from = batch.hitStart[r];
            for (int h = 0, count = batch.hitCount[r]; h < count; h++) {
                batch.items[at + h] = itemAt.apply(HitKeys.index(keys[from + h]));
                batch.distances[at + h] = HitKeys.distance(keys[from + h]);
            }
            batch.hitStart[r] = at;
            at += batch.hitCount[r];
        }
    }

    private List<Item> list(QueryResult result) {
        List<Item> found = new ArrayList<>(result.size());
        for (int i = 0; i < result.size(); i++) {
            found.add(result.item(i));
        }
        result.clear();
        return found;
    }

    /** An item was destroyed: its index entry goes at once, since its id may be another item's at the next sync. */
    void destroyed(Item item) {
        index.removed(HandleTable.idOf(item.handle));
    }

    /**
     * Checks the index's invariants against items {@code [0, itemCount)}.
     *
     * @throws IllegalStateException naming the first broken one
     */
    void validate(int itemCount) {
        index.validate(itemCount);
    }
}
