package io.flatscene.core.scene.query;

import io.flatscene.core.container.Index;

/**
 * Casts rays through a {@link QueryIndex}, the state of one traversal at a time: the scene's queries keep one, a batch
 * one per worker. Rays have a traversal of their own, the node test written out: they are the queries a game runs by
 * the thousand. The index's tree and entries, laid out as its class comment says, are read through the index on each
 * cast and never kept: a build or a growth of the index replaces those arrays.
 */
public final class RayCaster {
    /** What a cast keeps: every hit. */
    public static final int ALL = 0;
    /** What a cast keeps: the nearest hit alone, the least key, so that equal distances go to the lower index. */
    public static final int FIRST = 1;
    /** What a cast keeps: the first hit it meets, whichever that is. */
    public static final int ANY = 2;
    /** The depth-first stack of {@link #traverseNearest}: as the volume queries' in {@link QueryIndex}. */
    private static final int STACK = 64 * (QueryIndex.ARITY - 1) + 1;

    private final QueryIndex index;
    /**
     * The inner nodes to visit and the leaves to test, in the order met: queues, not a stack, so that the loads of
     * the nodes queued are independent of the tests in progress and the processor overlaps their cache misses.
     * Each holds a node at most once, plus one entry written past the end.
     */
    private int[] queue = new int[0];
    private int[] leaves = new int[0];
    /** The leaves {@link #traverse} queued. */
    private int leafCount;
    /** The origin, then the inverse direction (an infinite component for an axis the ray runs parallel to). */
    private final float[] ray = new float[6];
    /** How far the ray looks: for {@link #FIRST}, no farther than the best hit so far; -1 once {@link #ANY} has one. */
    private float maxDistance;
    /** The last cast's {@link #ALL}, {@link #FIRST} or {@link #ANY}, its mask and its output. */
    private int mode;
    private int mask;
    private HitKeys out;
    /** For {@link #FIRST} and {@link #ANY}: the least key accepted so far, {@link Long#MAX_VALUE} before any. */
    private long best;
    /** The stack of {@link #traverseNearest}, with each node's entry distance at its push. */
    private final int[] stackRef = new int[STACK];
    private final float[] stackNear = new float[STACK];
    /** The grid walk's question after each stretch, made once so that a walk allocates nothing. */
    private final RayGrid.Settled settled = this::settled;
    /** The ray's range inside the entry under test, clipped axis by axis. */
    private float slabNear;
    private float slabFar;
    /** The grid walk's scratch: one per caster, since a batch's workers walk at once. */
    private final RayGrid.Stretch stretch = new RayGrid.Stretch();
    /**
     * The global indices of the items a grid walk found, accepted after the walk one step at a time for all of
     * them, so that each step's loads overlap.
     */
    private int[] foundIndex = new int[0];

    RayCaster(QueryIndex index) {
        this.index = index;
    }

    /**
     * Adds to {@code out} the items whose world box the ray enters within {@code maxDistance}, direction of unit
     * length, and which take part under {@code mask}: each as its key, its entry distance above its global index, in
     * order of key (the nearest first).
     */
    public void cast(float ox, float oy, float oz, float dx, float dy, float dz, float maxDistance, int mask,
                     HitKeys out) {
        cast(ox, oy, oz, dx, dy, dz, maxDistance, mask, ALL, out);
    }

    /**
     * As {@link #cast(float, float, float, float, float, float, float, int, HitKeys)}, keeping what {@code mode} says:
     * every hit ({@link #ALL}); the least key of them, the nearest hit, ties to the lower global index
     * ({@link #FIRST}); or one of them, the first met ({@link #ANY}). The last two add at most one key, and look no
     * farther than the best hit so far, or than the first.
     */
    public void cast(float ox, float oy, float oz, float dx, float dy, float dz, float maxDistance, int mask, int mode,
                     HitKeys out) {
        float[] ray = this.ray;
        ray[0] = ox;
        ray[1] = oy;
        ray[2] = oz;
        ray[3] = 1f / dx;
        ray[4] = 1f / dy;
        ray[5] = 1f / dz;
        this.maxDistance = maxDistance;
        this.mode = mode;
        this.mask = mask;
        this.out = out;
        int start = out.count;
        best = Long.MAX_VALUE;
        boolean walked = index.grid.live() && walk(ox, oy, oz, dx, dy, dz);
        if (!walked && index.builtCount > 0 && meets(index.rootBox, 0)) {
            if (mode == ALL) {
                traverseAll();
            } else {
                traverseNearest();
            }
        }
        for (int e = index.builtCount; e < index.entryCount && maxDistance >= 0f; e++) {
            test(e);
        }
        if (best != Long.MAX_VALUE) {
            out.add(best);
        }
        out.sort(start, out.count);
    }

    /** Casts the ray through the grid; false when the grid leaves it to the tree. */
    private boolean walk(float ox, float oy, float oz, float dx, float dy, float dz) {
        if (!index.grid.walk(ox, oy, oz, dx, dy, dz, maxDistance, stretch, mode == ALL ? null : settled)) {
            return false;
        }
        for (int a = 0, always = index.grid.alwaysTested(); a < always; a++) {
            test(index.grid.alwaysTested(a));
        }
        acceptFound();
        return true;
    }

    /**
     * Accepts the items the grid walk found: all of the ray's for {@link #ALL}, a stretch's for the others, which
     * leave the found list empty for the next stretch.
     */
    private void acceptFound() {
        int count = stretch.foundCount;
        int[] foundId = stretch.foundId;
        if (foundIndex.length < foundId.length) {
            foundIndex = new int[foundId.length];
        }
        for (int f = 0; f < count; f++) {
            foundIndex[f] = index.itemSet.indexOf(foundId[f]);
        }
        for (int f = 0; f < count; f++) {
            int found = foundIndex[f];
            if (found >= 0 && index.takesPart(found, mask)) {
                accept((long) Float.floatToRawIntBits(stretch.foundDistance[f]) << 32 | found);
            }
        }
        if (mode != ALL) {
            stretch.foundCount = 0;
        }
    }

    /**
     * The grid's question after a stretch: the ray is settled once {@link #ANY} has a hit, or {@link #FIRST} one
     * nearer than every item the walk has yet to find.
     */
    private boolean settled(float reached) {
        acceptFound();
        return best != Long.MAX_VALUE && (mode == ANY || HitKeys.distance(best) < reached);
    }

    /**
     * Keeps a hit as the mode says. {@link #FIRST} then looks no farther than its distance, where an item entered at
     * the same distance may still be found, so that the tie goes to the lower index; {@link #ANY} looks no farther.
     */
    private void accept(long key) {
        if (mode == ALL) {
            out.add(key);
        } else if (key < best) {
            best = key;
            maxDistance = mode == ANY ? -1f : HitKeys.distance(key);
        }
    }

    /** The tree's walk for {@link #ALL}: every leaf the ray enters queued, then their entries tested. */
    private void traverseAll() {
        if (queue.length < index.innerTotal + 1) {
            queue = new int[index.innerTotal + 1];
            leaves = new int[(QueryIndex.ARITY - 1) * index.innerTotal + 2];
        }
        traverse();
        for (int l = 0, count = leafCount; l < count; l++) {
            testLeaf(leaves[l]);
        }
    }

    /** Tests the entries of the leaf whose ref is {@code leaf}. */
    private void testLeaf(int leaf) {
        for (int e = leaf >>> QueryIndex.COUNT_BITS, end = e + (leaf & QueryIndex.COUNT_MASK); e < end; e++) {
            test(e);
        }
    }

    /**
     * The tree's walk for {@link #FIRST} and {@link #ANY}: depth first, the nearer children first, each leaf's entries
     * tested as it is met, so that a hit shortens the ray before the farther nodes are tested; a node popped past the
     * ray's end, shortened since its push, is skipped.
     */
    private void traverseNearest() {
        float[] tree = index.tree;
        int[] childRef = index.childRef;
        int[] stackRef = this.stackRef;
        float[] stackNear = this.stackNear;
        int top = 0;
        stackRef[top] = index.rootRef;
        stackNear[top++] = 0f;
        while (top > 0) {
            int ref = stackRef[--top];
            if (stackNear[top] > maxDistance) {
                continue;
            }
            if ((ref & QueryIndex.COUNT_MASK) != 0) {
                testLeaf(ref);
                continue;
            }
            int k = ref >>> QueryIndex.COUNT_BITS;
            int pushed = top;
            for (int branch = 0; branch < QueryIndex.ARITY; branch++) {
                float near = enters(tree, k * QueryIndex.STRIDE + branch * 6);
                if (near <= maxDistance) {
                    // sorted in as pushed, nearest on top
                    int at = top++;
                    for (; at > pushed && stackNear[at - 1] < near; at--) {
                        stackRef[at] = stackRef[at - 1];
                        stackNear[at] = stackNear[at - 1];
                    }
                    stackRef[at] = childRef[QueryIndex.ARITY * k + branch];
                    stackNear[at] = near;
                }
            }
        }
    }

    /**
     * Visits every inner node whose box the ray enters, from the root down, and queues the leaves it enters. The
     * pushes are counted, not branched on, so that a test's outcome never stalls the loads of the next nodes.
     */
    private void traverse() {
        float[] tree = index.tree;
        int[] childRef = index.childRef;
        int[] queue = this.queue;
        int[] leaves = this.leaves;
        int head = 0;
        int tail = 0;
        int leafCount = 0;
        if ((index.rootRef & QueryIndex.COUNT_MASK) == 0) {
            queue[tail++] = index.rootRef;
        } else {
            leaves[leafCount++] = index.rootRef;
        }
        while (head < tail) {
            int k = queue[head++] >>> QueryIndex.COUNT_BITS;
            for (int branch = 0; branch < QueryIndex.ARITY; branch++) {
                int child = childRef[QueryIndex.ARITY * k + branch];
                boolean hit = meets(tree, k * QueryIndex.STRIDE + branch * 6);
                queue[tail] = child;
                tail += hit && (child & QueryIndex.COUNT_MASK) == 0 ? 1 : 0;
                leaves[leafCount] = child;
                leafCount += hit && (child & QueryIndex.COUNT_MASK) != 0 ? 1 : 0;
            }
        }
        this.leafCount = leafCount;
    }

    /**
     * The node test: whether the ray enters the node box at {@code box[n]} within its length. The slab test with
     * min and max: node boxes hold no NaN, and the ray no zero inverse, so no product here is NaN and a signed
     * zero changes no outcome. An unused child's NaN box fails.
     */
    private boolean meets(float[] box, int n) {
        return enters(box, n) <= maxDistance;
    }

    /**
     * Where the ray enters the node box at {@code box[n]} within its length, as {@link #meets} tests it; NaN when it
     * does not, which compares as within no length.
     */
    private float enters(float[] box, int n) {
        float[] ray = this.ray;
        float near = 0f;
        float far = maxDistance;
        for (int axis = 0; axis < 3; axis++) {
            float origin = ray[axis];
            float inverse = ray[3 + axis];
            if (Float.isInfinite(inverse)) {
                if (!(origin >= box[n + axis] && origin <= box[n + 3 + axis])) {
                    return Float.NaN;
                }
            } else {
                float t1 = (box[n + axis] - origin) * inverse;
                float t2 = (box[n + 3 + axis] - origin) * inverse;
                near = Math.max(near, Math.min(t1, t2));
                far = Math.min(far, Math.max(t1, t2));
            }
        }
        return near <= far ? near : Float.NaN;
    }

    /**
     * The exact test of entry {@code e}. Every axis is clipped, with no exit after the first that empties the slab
     * (a later one cannot refill it): the branches left follow the ray or a rare infinite extent, so the processor
     * predicts them and goes on loading the next entries while this one is tested. The global index is read only
     * when the box passes (a dead entry's is {@link Index#NONE}).
     */
    private void test(int e) {
        int b = e * 6;
        float[] box = index.entryBox;
        float[] ray = this.ray;
        slabNear = 0f;
        slabFar = maxDistance;
        if (clipEntry(ray[0], ray[3], box[b], box[b + 3]) & clipEntry(ray[1], ray[4], box[b + 1], box[b + 4])
                & clipEntry(ray[2], ray[5], box[b + 2], box[b + 5])) {
            int found = index.entryIndex[e];
            if (found != Index.NONE && index.takesPart(found, mask)) {
                accept((long) Float.floatToRawIntBits(slabNear) << 32 | found);
            }
        }
    }

    /** The slab test of an entry: an infinite extent leaves the ray unclipped on its axis. */
    private boolean clipEntry(float origin, float inverse, float center, float half) {
        return half == Float.POSITIVE_INFINITY || clip(origin, inverse, center - half, center + half);
    }

    /**
     * Narrows [slabNear, slabFar] to the slab {@code [min, max]} of one axis; false once it is empty. Monotonic in
     * {@code min} and {@code max}, as the node test is, so that a node's slab always holds the slabs of the
     * entries below it.
     */
    private boolean clip(float origin, float inverse, float min, float max) {
        if (Float.isInfinite(inverse)) {
            return origin >= min && origin <= max;
        }
        float t1 = (min - origin) * inverse;
        float t2 = (max - origin) * inverse;
        slabNear = Math.max(slabNear, Math.min(t1, t2));
        slabFar = Math.min(slabFar, Math.max(t1, t2));
        return slabNear <= slabFar;
    }
}
