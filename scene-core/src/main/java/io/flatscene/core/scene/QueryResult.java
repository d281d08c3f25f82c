package io.flatscene.core.scene;

import io.flatscene.core.config.SceneConfig;
import io.flatscene.core.scene.query.HeapCheck;
import io.flatscene.core.scene.query.HitKeys;
import java.util.Arrays;
import java.util.Objects;
import java.util.function.IntFunction;

/**
 * What a scene query found, written by the query into a result the caller keeps and passes again: once it has room
 * for as many items as a query finds, a query allocates nothing. Each query replaces what the previous one wrote.
 *
 * <p>Items come in the query's order: a ray's nearest first by the distance at which the ray enters their world
 * bounds, in world units; a box's, sphere's or frustum's in global index order. Ties keep global index order. The
 * result names items as they were at the query: read it before the scene changes, which may destroy them. A result
 * is the caller's, as a {@link RenderQueue} is: its reads consult no guard, on any thread, once the query returned.
 */
public final class QueryResult {
    /**
     * The largest capacity: a query finds at most the items of a scene, of which there are at most
     * {@link SceneConfig#MAX_CAPACITY}. They take 16 bytes an item.
     */
    public static final int MAX_CAPACITY = SceneConfig.MAX_CAPACITY;
    /** The heap an item found takes: its reference (compressed), its distance, and its key while the query sorts. */
    private static final int ITEM_BYTES = Integer.BYTES + Float.BYTES + Long.BYTES;

    /**
     * The items found, cast to {@link Item} where they are read: a cast reads the object's header, which only the
     * items read should pay for, not every item a query finds.
     */
    private Object[] items;
    private float[] distances;
    /** What the query in progress finds, in the result's order, resolved by {@link #finish}. */
    final HitKeys hits;
    private int size;

    /** An empty result with room for 16 items before it grows. */
    public QueryResult() {
        this(16);
    }

    /**
     * An empty result with room for {@code capacity} items before it grows: size it for the most a query will find
     * to keep even the first queries allocation-free.
     *
     * @param capacity the number of items it holds before growing, 0 to {@link #MAX_CAPACITY}
     * @throws IllegalArgumentException if {@code capacity} is outside 0 to {@link #MAX_CAPACITY}, or its 16 bytes an
     *                                  item do not fit in the heap (naming the bytes and the heap's size)
     */
    public QueryResult(int capacity) {
        if (capacity < 0 || capacity > MAX_CAPACITY) {
            throw new IllegalArgumentException("QueryResult capacity " + capacity + " must be between 0 and "
                    + MAX_CAPACITY + " (QueryResult.MAX_CAPACITY: a query finds at most the items of a scene)");
        }
        HeapCheck.checkFits("QueryResult", "capacity", capacity, ITEM_BYTES, "item");
        try {
            items = new Object[capacity];
            distances = new float[capacity];
            hits = new HitKeys(capacity);
        } catch (OutOfMemoryError e) {
            throw HeapCheck.outOfHeap("QueryResult", "capacity", capacity, ITEM_BYTES, "item", e);
        }
    }

    /** {@return the number of items the last query found; 0 before the first query and after {@link #clear}} */
    public int size() {
        return size;
    }

    /** {@return whether the last query found nothing, as {@code size() == 0}} */
    public boolean isEmpty() {
        return size == 0;
    }

    /**
     * Reads one item found, in the query's order (see the class comment).
     *
     * @param i the item's position in the result, 0 to {@code size() - 1}
     * @return the item as of the query; destroyed since if the scene changed in between ({@link Item#isAlive})
     * @throws IndexOutOfBoundsException if {@code i} is outside 0 to {@code size() - 1}
     */
    public Item item(int i) {
        return (Item) items[Objects.checkIndex(i, size)];
    }

    /**
     * For a ray query, the distance in world units from the ray's origin at which the ray enters the {@code i}-th
     * item's world bounds (0 when it starts inside them); 0 for the other queries.
     *
     * @param i the item's position in the result, 0 to {@code size() - 1}
     * @return the entry distance in world units, 0 to the query's maximum distance; 0 for a non-ray query
     * @throws IndexOutOfBoundsException if {@code i} is outside 0 to {@code size() - 1}
     */
    public float distance(int i) {
        return distances[Objects.checkIndex(i, size)];
    }

    /** Forgets the items found, so that the result holds on to none of them. */
    public void clear() {
        Arrays.fill(items, 0, size, null);
        size = 0;
        hits.count = 0;
    }

    /** Starts a query: the previous items go. */
    void begin() {
        clear();
    }

    /**
     * Resolves the global indices the query left in {@link #hits}, in the result's order (each query orders its own
     * hits), through {@code store}.
     */
    void finish(IntFunction<?> store) {
        int count = hits.count;
        if (items.length < count) {
            items = new Object[hits.keys.length];
            distances = new float[hits.keys.length];
        }
        long[] keys = hits.keys;
        // every item read before any is stored: under G1 a reference store into this (old) array is a fenced step that
        // holds back the reads after it until it lands, so one loop would wait out the cache misses of each in turn.
        // The check keeps the reads (a live place always holds its item): the compiler drops a read nothing uses.
        for (int i = 0; i < count; i++) {
            if (store.apply(HitKeys.index(keys[i])) == null) {
                throw new IllegalStateException("a query found global index " + HitKeys.index(keys[i])
                        + ", which holds no item");
            }
        }
        for (int i = 0; i < count; i++) {
            items[i] = store.apply(HitKeys.index(keys[i]));
            distances[i] = HitKeys.distance(keys[i]);
        }
        size = count;
    }
}
