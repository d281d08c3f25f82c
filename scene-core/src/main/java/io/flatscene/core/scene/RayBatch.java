package io.flatscene.core.scene;

import io.flatscene.core.container.Capacity;
import io.flatscene.core.container.CapacityExceededException;
import io.flatscene.core.scene.query.HeapCheck;
import io.flatscene.core.scene.query.RayBatchCaster;
import io.flatscene.core.scene.query.RayCaster;
import java.util.Arrays;
import java.util.Objects;
import org.joml.Vector3fc;

/**
 * Rays cast together, and what each one found: a frame's shots or line-of-sight checks in one call to
 * {@link SceneQueries#rays(RayBatch, Mode)}, which spreads them over the scene's worker threads and casts rays that
 * start near each other one after another, so that the index nodes they share are still in cache. The cast's
 * {@link Mode} says what each ray keeps: all its hits, those of
 * {@link SceneQueries#ray(Vector3fc, Vector3fc, float, int, QueryResult)} with the same arguments in the same order
 * (nearest first); the first of them alone, for a shot; or any one of them, for a line of sight. What a ray keeps is
 * the same whatever the number of worker threads.
 *
 * <p>A game keeps the batch and reuses it: {@link #clear}, {@link #add} this frame's rays, cast. Once it has room for
 * as many rays and hits as a frame brings, nothing is allocated. The hits name items as they were at the cast: read
 * them before the scene changes. A batch is the caller's, as a {@link RenderQueue} is: its methods consult no guard,
 * on any thread, outside the cast that writes it.
 *
 * <p>A batch holds at most {@link #MAX_RAYS} rays, and a cast finds at most {@link Capacity#MAX_ARRAY_LENGTH} hits
 * in all: each kind of value shares one array. A cast whose rays find more, or more than the heap has room for, is
 * refused with an IllegalArgumentException that says how many, and leaves the batch as if never cast.
 */
public final class RayBatch {
    /** What each ray of a cast keeps of the items it enters. */
    public enum Mode {
        /**
         * Every item the ray enters, nearest first, as {@link SceneQueries#ray(Vector3fc, Vector3fc, float, int,
         * QueryResult)} finds them.
         */
        ALL(RayCaster.ALL),
        /**
         * The nearest item alone, or none: the one {@link #ALL} lists first, so that of items the ray enters at the
         * same distance it is the one of lowest global index. The cast looks no farther than the nearest hit found so
         * far, which spares it the farther parts of the scene.
         */
        FIRST(RayCaster.FIRST),
        /**
         * One item the ray enters, or none: whichever the cast meets first, with no promise that it is the nearest,
         * and the ray stops there. For a line of sight, which any item blocks. The item kept depends on the scene and
         * the ray alone, not on the worker threads.
         */
        ANY(RayCaster.ANY);

        /** The caster's code for the mode. */
        final int code;

        Mode(int code) {
            this.code = code;
        }
    }

    /** Floats per ray: origin, unit direction, maximum distance. */
    static final int RAY_FLOATS = RayBatchCaster.RAY_FLOATS;
    /**
     * The most rays a batch holds: the seven floats of each (origin, direction, maximum distance) share one array,
     * which holds at most {@link Capacity#MAX_ARRAY_LENGTH}. They take 40 bytes a ray.
     */
    public static final int MAX_RAYS = Capacity.MAX_ARRAY_LENGTH / RAY_FLOATS;
    /** The heap a ray takes: its floats, its mask, where its hits start and how many. */
    private static final int RAY_BYTES = RAY_FLOATS * Float.BYTES + 3 * Integer.BYTES;
    /** The heap a hit takes: the item's reference (compressed) and its distance. */
    private static final int HIT_BYTES = Integer.BYTES + Float.BYTES;

    float[] rays;
    int[] masks;
    int size;
    /** Ray {@code r} found {@code [hitStart[r], hitStart[r] + hitCount[r])} of {@code items} and {@code distances}. */
    int[] hitStart;
    int[] hitCount;
    Item[] items = new Item[0];
    float[] distances = new float[0];
    private int hitTotal;

    /** An empty batch with room for 64 rays before it grows. */
    public RayBatch() {
        this(64);
    }

    /**
     * An empty batch with room for {@code capacity} rays before it grows.
     *
     * @param capacity the number of rays it holds before growing, 0 to {@link #MAX_RAYS}
     * @throws IllegalArgumentException if {@code capacity} is outside 0 to {@link #MAX_RAYS}, or its 40 bytes a ray
     *                                  do not fit in the heap (naming the bytes and the heap's size)
     */
    public RayBatch(int capacity) {
        if (capacity < 0 || capacity > MAX_RAYS) {
            throw new IllegalArgumentException("RayBatch capacity " + capacity + " must be between 0 and " + MAX_RAYS
                    + " (RayBatch.MAX_RAYS: the " + RAY_FLOATS + " floats of each ray share one array)");
        }
        HeapCheck.checkFits("RayBatch", "capacity", capacity, RAY_BYTES, "ray");
        try {
            rays = new float[capacity * RAY_FLOATS];
            masks = new int[capacity];
            hitStart = new int[capacity];
            hitCount = new int[capacity];
        } catch (OutOfMemoryError e) {
            throw HeapCheck.outOfHeap("RayBatch", "capacity", capacity, RAY_BYTES, "ray", e);
        }
    }

    /**
     * Adds a ray, to be cast by the next {@link SceneQueries#rays(RayBatch, Mode)}; what earlier casts found stays
     * readable until then.
     *
     * @param origin      where the ray starts, in world space; finite
     * @param direction   the ray's direction in world space, finite and not zero, of any length
     * @param maxDistance how far along the ray to look, in world units, &gt;= 0; {@link Float#POSITIVE_INFINITY} for
     *                    no limit
     * @param queryMask   the items to consider: those whose query flags share a bit with it; -1 for all, 0 for none
     * @return the ray's number in the batch, counting from 0 since the last {@link #clear}
     * @throws NullPointerException      if {@code origin} or {@code direction} is null
     * @throws IllegalArgumentException  as {@link SceneQueries#ray(Vector3fc, Vector3fc, float, int)} says; the
     *                                   batch is left as it was
     * @throws CapacityExceededException if the batch holds {@link #MAX_RAYS} rays; the batch is left as it was
     */
    public int add(Vector3fc origin, Vector3fc direction, float maxDistance, int queryMask) {
        double length = SceneQueries.checkRay(origin, direction, maxDistance);
        if (size == masks.length) {
            grow();
        }
        int r = size * RAY_FLOATS;
        rays[r] = origin.x();
        rays[r + 1] = origin.y();
        rays[r + 2] = origin.z();
        rays[r + 3] = (float) (direction.x() / length);
        rays[r + 4] = (float) (direction.y() / length);
        rays[r + 5] = (float) (direction.z() / length);
        rays[r + 6] = maxDistance;
        masks[size] = queryMask;
        hitCount[size] = 0;
        return size++;
    }

    /** {@return the number of rays added since the last {@link #clear}} */
    public int size() {
        return size;
    }

    /** Forgets the rays and what they found, holding on to no item. */
    public void clear() {
        Arrays.fill(items, 0, hitTotal, null);
        hitTotal = 0;
        size = 0;
    }

    /**
     * {@return the number of items ray {@code ray} kept at the last cast, at most 1 unless cast in {@link Mode#ALL};
     * 0 before it is cast}
     *
     * @param ray the ray's number, as {@link #add} returned it
     * @throws IndexOutOfBoundsException if {@code ray} is outside 0 to {@code size() - 1}
     */
    public int hitCount(int ray) {
        return hitCount[Objects.checkIndex(ray, size)];
    }

    /**
     * Reads one item a ray found, nearest first.
     *
     * @param ray the ray's number, as {@link #add} returned it
     * @param hit the hit's position among the ray's, 0 to {@code hitCount(ray) - 1}
     * @return the item as of the cast
     * @throws IndexOutOfBoundsException if {@code ray} or {@code hit} is out of range
     */
    public Item item(int ray, int hit) {
        return items[hitStart[Objects.checkIndex(ray, size)] + Objects.checkIndex(hit, hitCount[ray])];
    }

    /**
     * The distance in world units from a ray's origin at which it enters the world bounds of one item it found (0
     * when it starts inside them).
     *
     * @param ray the ray's number, as {@link #add} returned it
     * @param hit the hit's position among the ray's, 0 to {@code hitCount(ray) - 1}
     * @return the entry distance, 0 to the ray's maximum distance
     * @throws IndexOutOfBoundsException if {@code ray} or {@code hit} is out of range
     */
    public float distance(int ray, int hit) {
        return distances[hitStart[Objects.checkIndex(ray, size)] + Objects.checkIndex(hit, hitCount[ray])];
    }

    @Override
    public String toString() {
        return "ray batch of " + size + (size == 1 ? " ray" : " rays");
    }

    /** Doubles the room for rays, in long: past 2^30 rays the doubled int turned negative. */
    private void grow() {
        if (size == MAX_RAYS) {
            throw CapacityExceededException.atLimit("RayBatch", size, MAX_RAYS);
        }
        int grown = (int) Math.min(MAX_RAYS, Math.max(16L, 2L * size));
        rays = Arrays.copyOf(rays, grown * RAY_FLOATS);
        masks = Arrays.copyOf(masks, grown);
        hitStart = Arrays.copyOf(hitStart, grown);
        hitCount = Arrays.copyOf(hitCount, grown);
    }

    /**
     * Makes room for {@code total} hits and counts them, releasing the items past them that the last cast held.
     *
     * @param total the hits the rays found, summed in long since an int sum may wrap
     * @throws IllegalArgumentException if they are more than an array or the heap holds; the batch then reads as
     *                                  never cast
     */
    void prepareHits(long total) {
        if (total > Capacity.MAX_ARRAY_LENGTH) {
            forgetHits();
            throw tooManyHits(total, "more than one array holds (" + Capacity.MAX_ARRAY_LENGTH + ")", null);
        }
        int count = (int) total;
        if (items.length < count) {
            int grown = (int) Math.min(Capacity.MAX_ARRAY_LENGTH, Math.max(total, 2L * items.length));
            Item[] grownItems;
            float[] grownDistances;
            try {
                grownItems = new Item[grown];
                grownDistances = new float[grown];
            } catch (OutOfMemoryError e) {
                forgetHits();
                throw tooManyHits(total, "which take about " + HeapCheck.mib((long) grown * HIT_BYTES) + " MiB ("
                        + HIT_BYTES + " bytes a hit), more than the heap had free", e);
            }
            items = grownItems;
            distances = grownDistances;
        } else if (count < hitTotal) {
            Arrays.fill(items, count, hitTotal, null);
        }
        hitTotal = count;
    }

    private IllegalArgumentException tooManyHits(long total, String why, OutOfMemoryError cause) {
        return new IllegalArgumentException("cannot cast " + this + ": its rays found " + total + " hits, " + why
                + ": cast fewer rays at a time, or narrow their query masks or maximum distances"
                + (cause == null ? "" : ", or raise -Xmx"), cause);
    }

    /** The batch as if never cast: what a cast that failed halfway leaves, so that no ray reads another's hits. */
    void forgetHits() {
        Arrays.fill(hitCount, 0, size, 0);
        Arrays.fill(items, 0, hitTotal, null);
        hitTotal = 0;
    }
}
