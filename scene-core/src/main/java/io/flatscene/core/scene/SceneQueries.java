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
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.function.IntFunction;
import java.util.function.Supplier;
import org.joml.Matrix4fc;
import org.joml.Vector3f;
import org.joml.Vector3fc;

/**
 * A scene's ray, box, sphere and frustum queries over its items' world bounds, and picking through a camera
 * ({@link SceneManager#queries()}).
 *
 * <p>An item takes part when it is attached to a node in the scene graph and its query flags share a bit with the
 * query mask ({@code queryMask}: -1 for all, 0 for none); query flags are separate from visibility flags, so what a
 * camera draws and what a pick can hit are chosen independently. A query sees the scene as it is now: an item
 * created or moved since the last frame is found where it is. For that, a query after a change first runs what the
 * next {@link SceneManager#update()} would (the transforms and bounds of what changed, no more), so the next frame
 * finds that work done, then brings its index up to the bounds; a query after none costs no update. Once a query has
 * built the index, each update refits it to what moved, on the worker threads, so that the queries a game runs after
 * its update find nothing to bring up to date. Items found by a box, sphere or frustum come in global index order;
 * hits of a ray nearest first, by the distance at which the ray enters the item's box, in world units whatever the
 * direction's length (ties in global index order).
 *
 * <p>A query claims the scene as a frame does. Every query throws {@link IllegalStateException} on a thread that
 * does not own the scene, while a frame runs or once the scene is closed; nothing runs then. The variants that fill
 * a caller's {@link QueryResult} allocate nothing once it has room for what they find; the others return a new list.
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
 * <li>frustum: the cull's own test against the matrix's six clip planes: for every plane, the plane's value at c at
 * least {@code -|n| . h}; a box whose x half extent is infinite always, unless its center's coordinates sum to NaN
 * (its node's world matrix overflowed).
 * </ul>
 */
public final class SceneQueries {
    private final SceneChanges changes;
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
    SceneQueries(SceneChanges changes, SceneGuard guard, ObjectStore<Item> items, ItemStore itemData, Runnable update,
                 Supplier<WorkerPool> workers) {
        this.changes = changes;
        this.guard = guard;
        this.items = items;
        this.itemAt = items::get;
        this.update = update;
        this.workers = workers;
        this.index = new QueryIndex(itemData, items.columns());
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
            index.sync(items.size(), workers.get());
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

    /**
     * The items whose world bounds the ray from {@code origin} along {@code direction} enters within
     * {@code maxDistance} world units, into a result the caller reuses.
     *
     * @param origin      where the ray starts, in world space; finite
     * @param direction   the ray's direction in world space, finite and not zero, of any length
     * @param maxDistance how far along the ray to look, in world units, &gt;= 0; {@link Float#POSITIVE_INFINITY} for
     *                    no limit
     * @param mask        the items to consider: those whose query flags share a bit with it
     * @param result      the result to fill, replacing what it held; it grows as needed
     * @return {@code result}, holding the hits nearest first and their distances
     * @throws NullPointerException     if an argument is null
     * @throws IllegalArgumentException if the origin or direction is not finite, the direction is zero or the
     *                                  distance is negative or NaN
     */
    public QueryResult ray(Vector3fc origin, Vector3fc direction, float maxDistance, int mask, QueryResult result) {
        Objects.requireNonNull(result, "result");
        return cast(origin, direction, maxDistance, mask, RayCaster.ALL, result);
    }

    /** Casts one ray into {@code result}, keeping the hits {@code mode} says ({@link RayCaster#ALL} and the others). */
    private QueryResult cast(Vector3fc origin, Vector3fc direction, float maxDistance, int mask, int mode,
                             QueryResult result) {
        double length = checkRay(origin, direction, maxDistance);
        begin("run a ray query", result);
        try {
            index.prepareRays(index.gridWorthy(maxDistance) ? 1 : 0);
            caster.cast(origin.x(), origin.y(), origin.z(), (float) (direction.x() / length),
                    (float) (direction.y() / length), (float) (direction.z() / length), maxDistance, mask, mode,
                    result.hits);
        } finally {
            end(result);
        }
        return result;
    }

    /**
     * {@link #ray(Vector3fc, Vector3fc, float, int, QueryResult)} into a new list.
     *
     * @param origin      where the ray starts, in world space; finite
     * @param direction   the ray's direction in world space, finite and not zero, of any length
     * @param maxDistance how far along the ray to look, in world units, &gt;= 0
     * @param mask        the items to consider: those whose query flags share a bit with it
     * @return the hits, nearest first; empty when none
     * @throws NullPointerException     if {@code origin} or {@code direction} is null
     * @throws IllegalArgumentException as the other variant says
     */
    public List<RayHit> ray(Vector3fc origin, Vector3fc direction, float maxDistance, int mask) {
        ray(origin, direction, maxDistance, mask, scratch);
        List<RayHit> hits = new ArrayList<>(scratch.size());
        for (int i = 0; i < scratch.size(); i++) {
            hits.add(new RayHit(scratch.item(i), scratch.distance(i)));
        }
        scratch.clear();
        return hits;
    }

    /**
     * The items whose world bounds overlap {@code box}, touching included, into a reused result.
     *
     * @param box    the box, in world space
     * @param mask   the items to consider: those whose query flags share a bit with it
     * @param result the result to fill, replacing what it held; it grows as needed
     * @return {@code result}, holding the items found (their distances 0)
     * @throws NullPointerException if {@code box} or {@code result} is null
     */
    public QueryResult box(Aabb box, int mask, QueryResult result) {
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

    /**
     * {@link #box(Aabb, int, QueryResult)} into a new list.
     *
     * @param box  the box, in world space
     * @param mask the items to consider: those whose query flags share a bit with it
     * @return the items found; empty when none
     * @throws NullPointerException if {@code box} is null
     */
    public List<Item> box(Aabb box, int mask) {
        return list(box(box, mask, scratch));
    }

    /**
     * The items whose world bounds come within {@code radius} of {@code center}, touching included, into a reused
     * result.
     *
     * @param center the sphere's center, in world space; finite
     * @param radius the sphere's radius, in world units, &gt;= 0 (0 finds the items whose bounds hold the center)
     * @param mask   the items to consider: those whose query flags share a bit with it
     * @param result the result to fill, replacing what it held; it grows as needed
     * @return {@code result}, holding the items found (their distances 0)
     * @throws NullPointerException     if {@code center} or {@code result} is null
     * @throws IllegalArgumentException if the center is not finite or the radius is negative or NaN
     */
    public QueryResult sphere(Vector3fc center, float radius, int mask, QueryResult result) {
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

    /**
     * {@link #sphere(Vector3fc, float, int, QueryResult)} into a new list.
     *
     * @param center the sphere's center, in world space; finite
     * @param radius the sphere's radius, in world units, &gt;= 0
     * @param mask   the items to consider: those whose query flags share a bit with it
     * @return the items found; empty when none
     * @throws NullPointerException     if {@code center} is null
     * @throws IllegalArgumentException if the center is not finite or the radius is negative or NaN
     */
    public List<Item> sphere(Vector3fc center, float radius, int mask) {
        return list(sphere(center, radius, mask, scratch));
    }

    /**
     * The items whose world bounds meet the clip volume of {@code viewProjection} (OpenGL's -w..w clip space): those
     * no plane of it has wholly outside, and those with infinite bounds; into a reused result.
     *
     * @param viewProjection projection times view, from world space to clip space (a camera's
     *                       {@code projection * view}); finite
     * @param mask           the items to consider: those whose query flags share a bit with it
     * @param result         the result to fill, replacing what it held; it grows as needed
     * @return {@code result}, holding the items found (their distances 0)
     * @throws NullPointerException     if {@code viewProjection} or {@code result} is null
     * @throws IllegalArgumentException if the matrix is not finite
     */
    public QueryResult frustum(Matrix4fc viewProjection, int mask, QueryResult result) {
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

    /**
     * {@link #frustum(Matrix4fc, int, QueryResult)} into a new list.
     *
     * @param viewProjection projection times view, from world space to clip space; finite
     * @param mask           the items to consider: those whose query flags share a bit with it
     * @return the items found; empty when none
     * @throws NullPointerException     if {@code viewProjection} is null
     * @throws IllegalArgumentException if the matrix is not finite
     */
    public List<Item> frustum(Matrix4fc viewProjection, int mask) {
        return list(frustum(viewProjection, mask, scratch));
    }

    /**
     * Casts every ray of {@code batch}, each as {@link #ray(Vector3fc, Vector3fc, float, int, QueryResult)} would,
     * and writes what each found into the batch, replacing what the last cast wrote: a frame's shots or line-of-sight
     * checks in one call, spread over the scene's worker threads. Allocates nothing once the batch has room for what
     * the rays find. The same as {@link #rays(RayBatch, RayBatch.Mode)} in {@link RayBatch.Mode#ALL}.
     *
     * @param batch the rays; their hits are written into it
     * @return {@code batch}
     * @throws NullPointerException if {@code batch} is null
     */
    public RayBatch rays(RayBatch batch) {
        return rays(batch, RayBatch.Mode.ALL);
    }

    /**
     * Casts every ray of {@code batch}, keeping of each ray's hits what {@code mode} says: all of them, nearest
     * first, as {@link #ray(Vector3fc, Vector3fc, float, int, QueryResult)} finds them ({@link RayBatch.Mode#ALL});
     * the nearest alone ({@link RayBatch.Mode#FIRST}); or whichever the cast meets first ({@link RayBatch.Mode#ANY}).
     * Writes them into the batch, replacing what the last cast wrote, spread over the scene's worker threads; what a
     * ray keeps is the same whatever their number. Allocates nothing once the batch has room for what the rays keep.
     *
     * @param batch the rays; their hits are written into it
     * @param mode  what each ray keeps
     * @return {@code batch}
     * @throws NullPointerException if {@code batch} or {@code mode} is null
     */
    public RayBatch rays(RayBatch batch, RayBatch.Mode mode) {
        Objects.requireNonNull(batch, "batch");
        Objects.requireNonNull(mode, "mode");
        claim("cast a batch of rays");
        try {
            batchCaster.cast(batch.rays, batch.masks, batch.size, batch.hitStart, batch.hitCount, mode.code,
                    workers.get());
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

    /**
     * The item drawn nearest the camera at window point {@code (x, y)} of the camera's viewport
     * ({@link Camera#setViewport}, which the renderer sets to its target's size when it renders the camera; 1280x720
     * before), or null: {@link #ray} along {@link Camera#pickRay(float, float, Vector3f, Vector3f)} (window pixels
     * from the viewport's top-left corner, y down) up to the far plane, among items whose query flags share a bit
     * with {@code mask}. Picks by bounding box, in the scene as it is now and from the camera's current place. A pick
     * that may come before the camera's first render takes the viewport
     * ({@link #pick(float, float, Camera, int[], int)}).
     *
     * @param x      the window x coordinate, in pixels from the viewport's left edge
     * @param y      the window y coordinate, in pixels from the viewport's top edge
     * @param camera a live camera of this scene, whose viewport the coordinates are in
     * @param mask   the items to consider: those whose query flags share a bit with it; -1 for every item
     * @return the nearest item hit between the near and far planes, or null when none is
     * @throws NullPointerException     if {@code camera} is null
     * @throws IllegalArgumentException if the camera is of another scene, or a coordinate is not finite
     * @throws IllegalStateException    as {@link Camera#pickRay} says
     */
    public Item pick(float x, float y, Camera camera, int mask) {
        changes.checkOwned(camera, "pick");
        Vector3f origin = new Vector3f();
        Vector3f direction = new Vector3f();
        return nearest(origin, direction, camera.pickRay(x, y, origin, direction), mask);
    }

    /**
     * The item drawn nearest the camera at window point {@code (x, y)} of {@code viewport}, or null: as
     * {@link #pick(float, float, Camera, int)}, along {@link Camera#pickRay(float, float, int[], Vector3f, Vector3f)}
     * through the viewport given rather than the camera's, so a pick in the game's window is right whether or not
     * the renderer has yet set the camera's viewport.
     *
     * @param x        the window x coordinate, in pixels from the window's left edge
     * @param y        the window y coordinate, in pixels from the window's top edge
     * @param camera   a live camera of this scene
     * @param viewport {x, y, width, height}: the viewport's top-left corner in window pixels (y down) and its size, at
     *                 least 1x1, as {@link Camera#pickRay(float, float, int[], Vector3f, Vector3f)} takes it
     * @param mask     the items to consider: those whose query flags share a bit with it; -1 for every item
     * @return the nearest item hit between the near and far planes, or null when none is
     * @throws NullPointerException     if {@code camera} is null
     * @throws IllegalArgumentException if the camera is of another scene, a coordinate is not finite or the viewport
     *                                  is refused as {@link Camera#pickRay(float, float, int[], Vector3f, Vector3f)}
     *                                  says
     * @throws IllegalStateException    as {@link Camera#pickRay} says
     */
    public Item pick(float x, float y, Camera camera, int[] viewport, int mask) {
        changes.checkOwned(camera, "pick");
        Vector3f origin = new Vector3f();
        Vector3f direction = new Vector3f();
        return nearest(origin, direction, camera.pickRay(x, y, viewport, origin, direction), mask);
    }

    /**
     * {@link #pick(float, float, Camera, int)} among every item, whatever its query flags.
     *
     * @param x      the window x coordinate, in pixels from the viewport's left edge
     * @param y      the window y coordinate, in pixels from the viewport's top edge
     * @param camera a live camera of this scene, whose viewport the coordinates are in
     * @return the nearest item hit between the near and far planes, or null when none is
     */
    public Item pick(float x, float y, Camera camera) {
        return pick(x, y, camera, -1);
    }

    /**
     * {@link #pick(float, float, Camera, int[], int)} among every item, whatever its query flags.
     *
     * @param x        the window x coordinate, in pixels from the window's left edge
     * @param y        the window y coordinate, in pixels from the window's top edge
     * @param camera   a live camera of this scene
     * @param viewport {x, y, width, height}: the viewport's top-left corner in window pixels (y down) and its size
     * @return the nearest item hit between the near and far planes, or null when none is
     */
    public Item pick(float x, float y, Camera camera, int[] viewport) {
        return pick(x, y, camera, viewport, -1);
    }

    /**
     * The first of {@link #ray}'s hits along the ray, or null: cast for the nearest alone, which is that hit, ties
     * to the lower global index included.
     */
    private Item nearest(Vector3f origin, Vector3f direction, float length, int mask) {
        QueryResult hit = cast(origin, direction, length, mask, RayCaster.FIRST, scratch);
        return hit.isEmpty() ? null : hit.item(0);
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

    /**
     * An update brought every world box up to date: a query finds nothing to update until the next change, and an
     * index that a query built is synced now, on the workers, so that the game's next query finds nothing to refit. A
     * scene never queried keeps no index, and pays nothing here.
     *
     * @return whether the index was synced
     */
    boolean updated(WorkerPool pool) {
        guard.takeQueriesStale();
        if (!index.inUse()) {
            return false;
        }
        index.sync(items.size(), pool);
        return true;
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
