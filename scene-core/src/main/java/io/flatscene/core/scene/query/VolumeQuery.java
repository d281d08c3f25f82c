package io.flatscene.core.scene.query;

import io.flatscene.core.container.Index;
import io.flatscene.core.geometry.Frustum;
import io.flatscene.core.scene.store.ItemStore;
import io.flatscene.core.scene.store.TransformStore;

/**
 * The box, sphere and frustum queries over a {@link QueryIndex}: a walk down its tree and over its pending entries
 * that gathers the ids of the entries the query meets, then their acceptance, a step at a time for all of them, into
 * the global indices of the items that take part, in ascending order where they are dense. One per index: the
 * queries run one at a time, under the scene's claim.
 */
final class VolumeQuery {
    /** The kinds of query. */
    private static final int BOX = 1;
    private static final int SPHERE = 2;
    private static final int FRUSTUM = 3;
    /**
     * A volume query's found items are ordered through {@link #foundBits} when the words their global indices span
     * number at most this many per item; left to the result's sort otherwise.
     */
    private static final int BITMAP_SHARE = 4;

    private final QueryIndex index;
    private final ItemStore items;
    private final TransformStore transforms;
    /**
     * The traversal stack: a visit pops one node and pushes at most {@value QueryIndex#ARITY}, and the tree is at most
     * 29 levels deep (a split per bit of the 30-bit Morton codes, then at most 27 halvings of entries that share a
     * code, folded two by two), so 64 levels' worth is more than it ever holds.
     */
    private final int[] stack = new int[64 * (QueryIndex.ARITY - 1) + 1];

    /** By global index, a bit each: clear between queries, set by {@link #orderByIndex} for the time it runs. */
    private long[] foundBits = new long[0];

    /** What the query in progress asks, read by the node and entry tests. */
    private int kind;
    /**
     * Box: the query box's center and half extents, then its min and max widened for the node tests. Sphere: center,
     * radius, the squared radius, the squared radius widened. Frustum: six planes (a, b, c, d), inside where positive.
     */
    private final float[] q = new float[24];

    VolumeQuery(QueryIndex index, ItemStore items, TransformStore transforms) {
        this.index = index;
        this.items = items;
        this.transforms = transforms;
    }

    void box(float cx, float cy, float cz, float hx, float hy, float hz, int mask, HitKeys out) {
        kind = BOX;
        q[0] = cx;
        q[1] = cy;
        q[2] = cz;
        q[3] = hx;
        q[4] = hy;
        q[5] = hz;
        for (int axis = 0; axis < 3; axis++) {
            float reach = q[3 + axis] + QueryIndex.MARGIN * (Math.abs(q[axis]) + q[3 + axis]);
            q[6 + axis] = q[axis] - reach;
            q[9 + axis] = q[axis] + reach;
        }
        run(mask, out);
    }

    void sphere(float cx, float cy, float cz, float radius, int mask, HitKeys out) {
        kind = SPHERE;
        q[0] = cx;
        q[1] = cy;
        q[2] = cz;
        q[3] = radius;
        q[4] = radius * radius;
        float widened = radius + QueryIndex.MARGIN * (Math.abs(cx) + Math.abs(cy) + Math.abs(cz) + radius);
        q[5] = widened * widened;
        run(mask, out);
    }

    /** @param planes six planes as {@link Frustum} lays them out */
    void frustum(float[] planes, int mask, HitKeys out) {
        kind = FRUSTUM;
        System.arraycopy(planes, 0, q, 0, Frustum.PLANE_FLOATS);
        run(mask, out);
    }

    /**
     * Walks the tree and the pending entries, gathering the ids of the entries the query meets, then accepts them
     * ({@link #acceptFound}).
     */
    private void run(int mask, HitKeys out) {
        int start = out.count;
        if (index.builtCount > 0 && nodeMeets(index.rootBox, 0)) {
            float[] tree = index.tree;
            int[] stack = this.stack;
            int top = 0;
            stack[top++] = index.rootRef;
            while (top > 0) {
                int ref = stack[--top];
                if ((ref & QueryIndex.COUNT_MASK) == 0) {
                    int k = ref >>> QueryIndex.COUNT_BITS;
                    for (int branch = 0; branch < QueryIndex.ARITY; branch++) {
                        int child = index.childRef[QueryIndex.ARITY * k + branch];
                        if (child != QueryIndex.EMPTY && nodeMeets(tree, k * QueryIndex.STRIDE + branch * 6)) {
                            stack[top++] = child;
                        }
                    }
                } else {
                    for (int e = ref >>> QueryIndex.COUNT_BITS, end = e + (ref & QueryIndex.COUNT_MASK); e < end; e++) {
                        test(e, out);
                    }
                }
            }
        }
        for (int e = index.builtCount; e < index.entryCount; e++) {
            test(e, out);
        }
        acceptFound(start, mask, out);
    }

    /** Adds entry {@code e}'s item id to {@code out} when the query meets its box. */
    private void test(int e, HitKeys out) {
        int id = index.entryId[e];
        if (id != Index.NONE && entryMeets(e * 6) >= 0f) {
            out.add(id);
        }
    }

    /**
     * Turns the ids from {@code start} on into the keys of the items that take part (their global indices: a volume
     * query's distance is 0), dropping the others; each step, the global index, the node slot and flags, the node's
     * place in the graph, for all of them before the next, so that the loads of a step overlap rather than wait on
     * each other hit by hit.
     */
    private void acceptFound(int start, int mask, HitKeys out) {
        long[] keys = out.keys;
        int end = out.count;
        for (int i = start; i < end; i++) {
            keys[i] = index.itemSet.indexOf((int) keys[i]);
        }
        int[] slots = items.nodeSlotArray();
        int[] flags = items.queryFlagsArray();
        int kept = start;
        for (int i = start; i < end; i++) {
            int index = (int) keys[i];
            int slot = slots[index];
            if (slot != Index.NONE && (flags[index] & mask) != 0) {
                keys[kept++] = (long) slot << 32 | index;
            }
        }
        int accepted = start;
        int lowest = Integer.MAX_VALUE;
        int highest = -1;
        for (int i = start; i < kept; i++) {
            if (transforms.isInGraph((int) (keys[i] >>> 32))) {
                int index = (int) keys[i];
                keys[accepted++] = index;
                lowest = Math.min(lowest, index);
                highest = Math.max(highest, index);
            }
        }
        out.count = accepted;
        if ((long) ((highest >>> 6) - (lowest >>> 6) + 1) <= (long) (accepted - start) * BITMAP_SHARE) {
            orderByIndex(keys, start, accepted);
        }
    }

    /**
     * Lays the distinct global indices {@code keys[start, end)} out in ascending order through a bitmap of the items,
     * one bit each: where they are dense in the words they span, a pass over those words costs less than a sort.
     */
    private void orderByIndex(long[] keys, int start, int end) {
        int words = (index.itemSet.capacity() + 63) >>> 6;
        if (foundBits.length < words) {
            foundBits = new long[words];
        }
        long[] bits = foundBits;
        int first = Integer.MAX_VALUE;
        int last = -1;
        for (int i = start; i < end; i++) {
            int index = (int) keys[i];
            int word = index >>> 6;
            bits[word] |= 1L << index;
            first = Math.min(first, word);
            last = Math.max(last, word);
        }
        int at = start;
        for (int word = first; word <= last; word++) {
            long set = bits[word];
            if (set != 0L) {
                bits[word] = 0L;
                for (; set != 0L; set &= set - 1) {
                    keys[at++] = (long) word << 6 | Long.numberOfTrailingZeros(set);
                }
            }
        }
    }


    /**
     * Whether the node box at {@code box[n]} may hold an entry the volume query finds; never false where one does.
     * (Rays have a test of their own, in {@link RayCaster}.)
     */
    private boolean nodeMeets(float[] box, int n) {
        float[] q = this.q;
        switch (kind) {
            case BOX -> {
                return box[n] <= q[9] && box[n + 3] >= q[6] && box[n + 1] <= q[10] && box[n + 4] >= q[7]
                        && box[n + 2] <= q[11] && box[n + 5] >= q[8];
            }
            case SPHERE -> {
                float gx = Math.max(Math.max(box[n] - q[0], q[0] - box[n + 3]), 0f);
                float gy = Math.max(Math.max(box[n + 1] - q[1], q[1] - box[n + 4]), 0f);
                float gz = Math.max(Math.max(box[n + 2] - q[2], q[2] - box[n + 5]), 0f);
                return !(gx * gx + gy * gy + gz * gz > q[5]);
            }
            case FRUSTUM -> {
                for (int p = 0; p < 24; p += 4) {
                    float x = q[p] * (q[p] >= 0f ? box[n + 3] : box[n]);
                    float y = q[p + 1] * (q[p + 1] >= 0f ? box[n + 4] : box[n + 1]);
                    float z = q[p + 2] * (q[p + 2] >= 0f ? box[n + 5] : box[n + 2]);
                    float slack = QueryIndex.MARGIN * (Math.abs(x) + Math.abs(y) + Math.abs(z) + Math.abs(q[p + 3]));
                    // a NaN (a zero coefficient times an infinite bound) keeps the node
                    if (x + y + z + q[p + 3] + slack < 0f) {
                        return false;
                    }
                }
                return true;
            }
            default -> throw new IllegalStateException("query kind " + kind);
        }
    }

    /**
     * The exact test of one entry by a volume query, the one {@code SceneQueries} documents: 0 when the query finds
     * it, -1 when not (a ray's, with its distance, is {@link RayCaster}'s).
     */
    private float entryMeets(int b) {
        float[] box = index.entryBox;
        float[] q = this.q;
        switch (kind) {
            case BOX -> {
                return Math.abs(box[b] - q[0]) <= box[b + 3] + q[3]
                        && Math.abs(box[b + 1] - q[1]) <= box[b + 4] + q[4]
                        && Math.abs(box[b + 2] - q[2]) <= box[b + 5] + q[5] ? 0f : -1f;
            }
            case SPHERE -> {
                float dx = Math.max(Math.abs(q[0] - box[b]) - box[b + 3], 0f);
                float dy = Math.max(Math.abs(q[1] - box[b + 1]) - box[b + 4], 0f);
                float dz = Math.max(Math.abs(q[2] - box[b + 2]) - box[b + 5], 0f);
                return dx * dx + dy * dy + dz * dz <= q[4] ? 0f : -1f;
            }
            case FRUSTUM -> {
                return Frustum.outside(q, box[b], box[b + 1], box[b + 2], box[b + 3], box[b + 4], box[b + 5])
                        ? -1f : 0f;
            }
            default -> throw new IllegalStateException("query kind " + kind);
        }
    }
}
