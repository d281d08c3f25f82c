package io.flatscene.core.scene.query;

import io.flatscene.core.container.Index;
import io.flatscene.core.geometry.Frustum;

/**
 * The box, sphere and frustum queries over a {@link QueryIndex}: a walk down its tree and over its pending entries
 * that gathers the global indices of the entries the query meets, then orders them and keeps those of the items
 * that take part. One per index: the queries run one at a time, under the scene's claim.
 */
final class VolumeQuery {
    /** The kinds of query. */
    private static final int BOX = 1;
    private static final int SPHERE = 2;
    private static final int FRUSTUM = 3;
    /**
     * A volume query's found items are ordered through {@link #foundBits} when the words their global indices span
     * number at most this many per item; sorted otherwise.
     */
    private static final int BITMAP_SHARE = 4;

    private final QueryIndex index;
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
     * Box: the query box's center and half extents, then its min and max widened for the node tests, then narrowed for
     * {@link #nodeInside}. Sphere: center, radius, the squared radius, the squared radius widened, then narrowed (-1
     * when the narrowing leaves nothing). Frustum: six planes (a, b, c, d), inside where positive.
     */
    private final float[] q = new float[24];

    VolumeQuery(QueryIndex index) {
        this.index = index;
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
            float slack = QueryIndex.MARGIN * (Math.abs(q[axis]) + q[3 + axis]);
            q[6 + axis] = q[axis] - (q[3 + axis] + slack);
            q[9 + axis] = q[axis] + (q[3 + axis] + slack);
            // a half extent below the slack makes the narrowed min exceed its max: no node is inside
            q[12 + axis] = q[axis] - (q[3 + axis] - slack);
            q[15 + axis] = q[axis] + (q[3 + axis] - slack);
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
        float slack = QueryIndex.MARGIN * (Math.abs(cx) + Math.abs(cy) + Math.abs(cz) + radius);
        q[5] = (radius + slack) * (radius + slack);
        q[6] = radius > slack ? (radius - slack) * (radius - slack) : -1f;
        run(mask, out);
    }

    /** @param planes six planes as {@link Frustum} lays them out */
    void frustum(float[] planes, int mask, HitKeys out) {
        kind = FRUSTUM;
        System.arraycopy(planes, 0, q, 0, Frustum.PLANE_FLOATS);
        run(mask, out);
    }

    /**
     * Walks the tree and the pending entries, gathering the global indices of the entries the query meets, then
     * accepts them ({@link #acceptFound}). A node the query holds whole gives its run of entries untested.
     */
    private void run(int mask, HitKeys out) {
        int start = out.count;
        if (index.builtCount > 0 && nodeMeets(index.rootBox, 0)) {
            float[] tree = index.tree;
            int[] stack = this.stack;
            int top = 0;
            if (nodeInside(index.rootBox, 0)) {
                takeAll(index.rootRef, out);
            } else {
                stack[top++] = index.rootRef;
            }
            while (top > 0) {
                int ref = stack[--top];
                if ((ref & QueryIndex.COUNT_MASK) == 0) {
                    int k = ref >>> QueryIndex.COUNT_BITS;
                    for (int branch = 0; branch < QueryIndex.ARITY; branch++) {
                        int child = index.childRef[QueryIndex.ARITY * k + branch];
                        int n = k * QueryIndex.STRIDE + branch * 6;
                        if (child != QueryIndex.EMPTY && nodeMeets(tree, n)) {
                            if (nodeInside(tree, n)) {
                                takeAll(child, out);
                            } else {
                                stack[top++] = child;
                            }
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

    /** Adds the global index of every live entry below the node {@code ref} names to {@code out}. */
    private void takeAll(int ref, HitKeys out) {
        int first;
        int count;
        if ((ref & QueryIndex.COUNT_MASK) == 0) {
            int k = ref >>> QueryIndex.COUNT_BITS;
            first = index.span[2 * k];
            count = index.span[2 * k + 1];
        } else {
            first = ref >>> QueryIndex.COUNT_BITS;
            count = ref & QueryIndex.COUNT_MASK;
        }
        int[] indices = index.entryIndex;
        for (int e = first, end = first + count; e < end; e++) {
            if (indices[e] != Index.NONE) {
                out.add(indices[e]);
            }
        }
    }

    /** Adds entry {@code e}'s global index to {@code out} when the query meets its box. */
    private void test(int e, HitKeys out) {
        int found = index.entryIndex[e];
        if (found != Index.NONE && entryMeets(e * 6)) {
            out.add(found);
        }
    }

    /**
     * Lays the global indices from {@code start} on out in ascending order, then keeps those of the items that take
     * part (a volume query's key is the global index alone, its distance 0). Ordered first, so that the reads of each
     * item's node slot and query flags, and of its node's place in the graph, go up the arrays (a cell of the spatial
     * order holds its items in node order) rather than jump about them hit by hit.
     */
    private void acceptFound(int start, int mask, HitKeys out) {
        long[] keys = out.keys;
        int end = out.count;
        int lowest = Integer.MAX_VALUE;
        int highest = -1;
        for (int i = start; i < end; i++) {
            lowest = Math.min(lowest, (int) keys[i]);
            highest = Math.max(highest, (int) keys[i]);
        }
        int first = lowest >>> 6;
        int last = highest >>> 6;
        // with nothing found the span comes out of the unsigned shifts wide, and the sort of nothing does nothing
        if ((long) (last - first + 1) <= (long) (end - start) * BITMAP_SHARE) {
            orderByIndex(keys, start, end, first, last);
        } else {
            out.sort(start, end);
        }
        int kept = start;
        for (int i = start; i < end; i++) {
            int found = (int) keys[i];
            if (index.takesPart(found, mask)) {
                keys[kept++] = found;
            }
        }
        out.count = kept;
    }

    /**
     * Lays the distinct global indices {@code keys[start, end)}, in words {@code first} to {@code last} of a bitmap of
     * the items, out in ascending order through it, one bit each: where they are dense in the words they span, a pass
     * over those words costs less than a sort.
     */
    private void orderByIndex(long[] keys, int start, int end, int first, int last) {
        int words = (index.itemSet.capacity() + 63) >>> 6;
        if (foundBits.length < words) {
            foundBits = new long[words];
        }
        long[] bits = foundBits;
        for (int i = start; i < end; i++) {
            int index = (int) keys[i];
            bits[index >>> 6] |= 1L << index;
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
     * Whether the volume query holds the whole node box at {@code box[n]}, so that its exact test accepts every entry
     * below; never true where it might reject one. A box with a NaN or an infinite bound is never inside.
     */
    private boolean nodeInside(float[] box, int n) {
        float[] q = this.q;
        switch (kind) {
            case BOX -> {
                return box[n] >= q[12] && box[n + 3] <= q[15] && box[n + 1] >= q[13] && box[n + 4] <= q[16]
                        && box[n + 2] >= q[14] && box[n + 5] <= q[17];
            }
            case SPHERE -> {
                float fx = Math.max(q[0] - box[n], box[n + 3] - q[0]);
                float fy = Math.max(q[1] - box[n + 1], box[n + 4] - q[1]);
                float fz = Math.max(q[2] - box[n + 2], box[n + 5] - q[2]);
                return fx * fx + fy * fy + fz * fz <= q[6];
            }
            case FRUSTUM -> {
                for (int p = 0; p < 24; p += 4) {
                    float x = q[p] * (q[p] >= 0f ? box[n] : box[n + 3]);
                    float y = q[p + 1] * (q[p + 1] >= 0f ? box[n + 1] : box[n + 4]);
                    float z = q[p + 2] * (q[p + 2] >= 0f ? box[n + 2] : box[n + 5]);
                    float slack = QueryIndex.MARGIN * (Math.abs(x) + Math.abs(y) + Math.abs(z) + Math.abs(q[p + 3]));
                    if (!(x + y + z + q[p + 3] - slack >= 0f)) {
                        return false;
                    }
                }
                return true;
            }
            default -> throw new IllegalStateException("query kind " + kind);
        }
    }

    /**
     * The exact test of one entry by a volume query, the one {@code SceneQueries} documents: whether the query finds
     * it (a ray's, with its distance, is {@link RayCaster}'s).
     */
    private boolean entryMeets(int b) {
        float[] box = index.entryBox;
        float[] q = this.q;
        switch (kind) {
            case BOX -> {
                return Math.abs(box[b] - q[0]) <= box[b + 3] + q[3]
                        && Math.abs(box[b + 1] - q[1]) <= box[b + 4] + q[4]
                        && Math.abs(box[b + 2] - q[2]) <= box[b + 5] + q[5];
            }
            case SPHERE -> {
                float dx = Math.max(Math.abs(q[0] - box[b]) - box[b + 3], 0f);
                float dy = Math.max(Math.abs(q[1] - box[b + 1]) - box[b + 4], 0f);
                float dz = Math.max(Math.abs(q[2] - box[b + 2]) - box[b + 5], 0f);
                return dx * dx + dy * dy + dz * dz <= q[4];
            }
            case FRUSTUM -> {
                return !Frustum.outside(q, box[b], box[b + 1], box[b + 2], box[b + 3], box[b + 4], box[b + 5]);
            }
            default -> throw new IllegalStateException("query kind " + kind);
        }
    }
}
