package io.flatscene.core.scene;

import io.flatscene.core.container.HandleTable;
import io.flatscene.core.geometry.Frustum;
import io.flatscene.core.parallel.WorkerPool;
import io.flatscene.core.scene.query.HitKeys;
import io.flatscene.core.scene.query.QueryIndex;
import io.flatscene.core.scene.query.RayBatchCaster;
import io.flatscene.core.scene.query.RayCaster;
import io.flatscene.core.scene.store.ItemStore;
import io.flatscene.core.scene.store.ObjectStore;
import io.flatscene.core.scene.store.TransformStore;
import java.util.ArrayList;
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
    private final SceneGuard guard;
    private final ObjectStore<Item> items;
    /** The item at a global index, made once so that a query allocates nothing. */
    private final IntFunction<Item> itemAt;
    private final QueryIndex index;
    private final RayCaster caster;
    private final Runnable update;
    private final Supplier<WorkerPool> workers;
    private final RayBatchCaster batchCaster;
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
        this.batchCaster = new RayBatchCaster(index);
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
            batchCaster.cast(batch.rays, batch.masks, batch.size, batch.hitStart, batch.hitCount, workers.get());
            gather(batch);
        } catch (RuntimeException | Error e) {
            // the rays cast so far count hits in the workers' buffers, which the batch cannot read
            batch.forgetHits();
            throw e;
        } finally {
            guard.endPass();
        }
        return batch;
    }

    /** Copies every ray's hits, from the buffer of the worker that cast it, into the batch in ray order. */
    private void gather(RayBatch batch) {
        int n = batch.size;
        long total = 0;
        for (int r = 0; r < n; r++) {
            total += batch.hitCount[r];
        }
        batch.prepareHits(total);
        int at = 0;
        for (int r = 0; r < n; r++) {
            long[] keys = batchCaster.hitKeys(r);
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
