package io.flatscene.core.scene.query;

import io.flatscene.core.container.Index;

/**
 * Casts rays through a {@link QueryIndex}, the state of one traversal at a time: the scene's queries keep one, a batch
 * one per worker. Rays have a traversal of their own, the node test written out: they are the queries a game runs by
 * the thousand. The index's tree and entries, laid out as its class comment says, are read through the index on each
 * cast and never kept: a build or a growth of the index replaces those arrays.
 */
public final class RayCaster {
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
    private float maxDistance;
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
     * length, and which take part under {@code mask}: each as its key, its entry distance above its global index.
     */
    public void cast(float ox, float oy, float oz, float dx, float dy, float dz, float maxDistance, int mask,
                     HitKeys out) {
        float[] ray = this.ray;
        ray[0] = ox;
        ray[1] = oy;
        ray[2] = oz;
        ray[3] = 1f / dx;
        ray[4] = 1f / dy;
        ray[5] = 1f / dz;
        this.maxDistance = maxDistance;
        boolean walked = index.grid.live() && walk(ox, oy, oz, dx, dy, dz, mask, out);
        if (!walked && index.builtCount > 0 && meets(index.rootBox, 0)) {
            if (queue.length < index.innerTotal + 1) {
                queue = new int[index.innerTotal + 1];
                leaves = new int[(QueryIndex.ARITY - 1) * index.innerTotal + 2];
            }
            traverse();
            for (int l = 0, count = leafCount; l < count; l++) {
                int leaf = leaves[l];
                for (int e = leaf >>> QueryIndex.COUNT_BITS, end = e + (leaf & QueryIndex.COUNT_MASK); e < end; e++) {
                    test(e, mask, out);
                }
            }
        }
        for (int e = index.builtCount; e < index.entryCount; e++) {
            test(e, mask, out);
        }
    }

    /** Casts the ray through the grid; false when the grid leaves it to the tree. */
    private boolean walk(float ox, float oy, float oz, float dx, float dy, float dz, int mask, HitKeys out) {
        if (!index.grid.walk(ox, oy, oz, dx, dy, dz, maxDistance, stretch)) {
            return false;
        }
        for (int a = 0, always = index.grid.alwaysTested(); a < always; a++) {
            test(index.grid.alwaysTested(a), mask, out);
        }
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
                out.add((long) Float.floatToRawIntBits(stretch.foundDistance[f]) << 32 | found);
            }
        }
        return true;
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
        float[] ray = this.ray;
        float near = 0f;
        float far = maxDistance;
        for (int axis = 0; axis < 3; axis++) {
            float origin = ray[axis];
            float inverse = ray[3 + axis];
            if (Float.isInfinite(inverse)) {
                if (!(origin >= box[n + axis] && origin <= box[n + 3 + axis])) {
                    return false;
                }
            } else {
                float t1 = (box[n + axis] - origin) * inverse;
                float t2 = (box[n + 3 + axis] - origin) * inverse;
                near = Math.max(near, Math.min(t1, t2));
                far = Math.min(far, Math.max(t1, t2));
            }
        }
        return near <= far;
    }

    /**
     * The exact test of entry {@code e}. Every axis is clipped, with no exit after the first that empties the slab
     * (a later one cannot refill it): the branches left follow the ray or a rare infinite extent, so the processor
     * predicts them and goes on loading the next entries while this one is tested. The id is read only when the
     * box passes (a dead entry's id fails then).
     */
    private void test(int e, int mask, HitKeys out) {
        int b = e * 6;
        float[] box = index.entryBox;
        float[] ray = this.ray;
        slabNear = 0f;
        slabFar = maxDistance;
        if (clipEntry(ray[0], ray[3], box[b], box[b + 3]) & clipEntry(ray[1], ray[4], box[b + 1], box[b + 4])
                & clipEntry(ray[2], ray[5], box[b + 2], box[b + 5])) {
            int id = index.entryId[e];
            if (id == Index.NONE) {
                return;
            }
            int found = index.itemSet.indexOf(id);
            if (index.takesPart(found, mask)) {
                out.add((long) Float.floatToRawIntBits(slabNear) << 32 | found);
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
