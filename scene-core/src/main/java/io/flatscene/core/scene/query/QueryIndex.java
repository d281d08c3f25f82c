package io.flatscene.core.scene.query;

import io.flatscene.core.container.Index;
import io.flatscene.core.container.SparseSet;
import io.flatscene.core.container.SummaryBitSet;
import io.flatscene.core.geometry.Frustum;
import io.flatscene.core.parallel.WorkerPool;
import io.flatscene.core.scene.store.ItemStore;
import java.util.Arrays;

/**
 * A bounding volume hierarchy over every item's world box, the one acceleration structure of the scene queries, in
 * flat arrays: entries (one per indexed item) and nodes of up to {@value #ARITY} children, no object per either.
 *
 * <p><b>Entries.</b> An entry is keyed by the item's id in its store's sparse set, which an item keeps for its life
 * whatever its global index does (swap-and-pop removals, the spatial sort), so that no move of an item changes the
 * tree. Entry {@code e} holds the item's world box as center and half extents, and its global index, both copied at
 * the last {@link #sync}. Entries {@code [0, builtCount)} lie in leaves, each leaf a run of at most
 * {@value #LEAF_SIZE}, each subtree a run; entries {@code [builtCount, entryCount)} are pending (items indexed since
 * the last build), tested one by one. A destroyed item's entry is dead ({@code entryId} and {@code entryIndex}
 * {@link Index#NONE}) until the next build.
 *
 * <p><b>Nodes.</b> A node is named by its ref: a leaf's is {@code first << 4 | count} (entries
 * {@code [first, first + count)}, count 1 to {@value #LEAF_SIZE}), an inner node's {@code k << 4} (count bits 0). The
 * build splits entries in two, then each half in two again unless it fits in a leaf, and makes the two to four parts
 * the children of one inner node: a binary tree with every other level folded away, so that a traversal takes half
 * the steps. Inner node {@code k} holds its children's boxes, 6 floats each from {@code 24k} in {@code tree}, and
 * their refs from {@code 4k} in {@code childRef}, unused branches last ({@link #EMPTY}, with a NaN box): a node's box
 * lies where the traversal meets it, beside its siblings' in their parent's record (the root's in {@code rootBox}), so
 * that a visit reads every child from one place. A box's place is a location: {@code 4k + branch}, or {@link #ROOT};
 * {@code up[k]} is the location of inner node {@code k}'s own box, for refits. A node's box contains every live
 * entry's box below it widened by {@link #MARGIN} of its magnitude (an infinite extent, or a box with a NaN, counts as
 * the whole axis), so that a node test never rejects what the exact test of an entry, with its own rounding, would
 * accept.
 *
 * <p><b>Upkeep.</b> {@link ItemStore#queryChunks()} names the chunks of 64 items by global index whose boxes or
 * occupants changed since the last sync; a sync reads those items alone and appends entries for new items. With few
 * marked, each entry whose box changed refits its leaf and the ancestors whose box follows; with many, a sweep: the
 * workers copy the boxes and refit the leaves they marked, then one pass over the inner nodes, children before parents,
 * refits those below which anything changed, so that a frame that moves every item costs about a pass over them. The
 * scene's update syncs the index once a query has built it, so that queries after the update find nothing to do. A
 * build (a radix sort of the live entries by the Morton codes of their centers, split where their codes first differ,
 * into arrays kept from the build before) runs once the pending or dead entries outweigh what it costs, or the moves
 * made the tree's cost grow by half ({@link #treeCost}, measured every quarter of the built entries' worth of moves):
 * so the upkeep follows what changed, never the scene size, but for a rebuild after changes in proportion to it.
 *
 * <p><b>Short rays.</b> Beside the tree, a {@link RayGrid} over the built entries answers the rays short enough for it,
 * once such rays cast without it number a {@value #GRID_RAYS_SHARE}th of the built entries (its build costs about a
 * pass over them); the update of each built entry keeps it, and a build of the tree drops it.
 */
public final class QueryIndex {
    static final int LEAF_SIZE = 4;
    /** The low bits of a ref: a leaf's entry count, 0 for an inner node. */
    static final int COUNT_BITS = 4;
    static final int COUNT_MASK = (1 << COUNT_BITS) - 1;
    /** Children per inner node at most. */
    static final int ARITY = 4;
    /** Floats per inner node in {@code tree}: its children's boxes, min x, y, z then max x, y, z each. */
    static final int STRIDE = 6 * ARITY;
    /** The ref of an unused branch, whose box is NaN: no ray meets it, and volume queries skip it by its ref. */
    static final int EMPTY = -1;
    /** The location of the root's box. */
    static final int ROOT = -2;
    /**
     * The widening of node boxes and of the volume queries' node tests, relative to the magnitudes involved: far above
     * the few float roundings by which an entry's exact test can differ from the node test.
     */
    static final float MARGIN = 1e-5f;
    /**
     * A sync refits entry by entry while the marked items, this many times over, number fewer than the node records (a
     * sweep reads a byte per record); it sweeps otherwise.
     */
    private static final int CLIMB_SHARE = 4;
    /** Below this many marked items a sweep runs on the caller's thread: a barrier costs more than it saves. */
    private static final int PARALLEL_ITEMS = 8_192;
    /** How far the tree's cost may grow over what it was at its build before it is built again. */
    private static final double REBUILD_GROWTH = 1.5;
    /** Pending entries tolerated before a build, on top of one per {@value #PENDING_SHARE} built. */
    private static final int PENDING_MIN = 64;
    private static final int PENDING_SHARE = 32;
    /**
     * Rays cast without a grid, as a share of the built entries, that pay for building one: a build costs about a pass
     * over the entries' cells, and each short ray it serves saves about half of a tree walk.
     */
    private static final int GRID_RAYS_SHARE = 16;
    /** Refused grid builds that stop doubling the wait for the next attempt. */
    private static final int MAX_GRID_REFUSALS = 16;

    private final ItemStore items;
    final SparseSet itemSet;
    private final VolumeQuery volume;
    private final TreeBuild treeBuild = new TreeBuild(this);

    /** By item id: its entry, or {@link Index#NONE}. */
    int[] entryOf = new int[0];
    /** By entry: the item id, or {@link Index#NONE} when dead. */
    int[] entryId = new int[0];
    /**
     * By entry: the item's global index as of the last sync, or {@link Index#NONE} when dead. Every arrival of an item
     * at an index marks its chunk ({@link ItemStore#arrivalChunks}), whose items' indices the sync rewrites: so after
     * a sync it is current, and queries read their hits' indices in the entries' order rather than look each id up.
     */
    int[] entryIndex = new int[0];
    /** By entry, 6 floats: the world center and half extents as of the last sync. */
    float[] entryBox = new float[0];
    /** By entry: the location of its leaf's box, or {@link Index#NONE} while pending. */
    int[] entryLeaf = new int[0];
    int entryCount;
    int builtCount;
    int deadCount;
    /** Entry boxes changed since the last build, and as of the last measure of the tree's cost. */
    private int movedSinceBuild;
    private int movedAtMeasure;
    /** {@link #treeCost} right after the last build. */
    private double builtCost;
    /**
     * Syncs that found chunks to read, and builds: the index's upkeep, counted so that tests can tell where it ran.
     */
    int upkeeps;
    /** Whether {@link #sync} ever ran. */
    private boolean inUse;

    /**
     * By location {@code 4k + branch}: 1 where a sweep copied a box into an entry of the leaf there. Written by the
     * copying workers, each storing the same byte; read and cleared by the refit of the leaves.
     */
    private byte[] leafStale = new byte[0];
    /** By inner node: 1 where a sweep changed a child's box, so that its own is refitted. */
    private byte[] innerStale = new byte[0];
    /** Whether a sweep copied a box into an entry of the root, a leaf when at most {@value #LEAF_SIZE} are built. */
    private boolean rootLeafStale;
    /** The sweep in progress: its items and chunks; per worker, the items it found with no entry and those moved. */
    private int sweepItems;
    private int sweepChunks;
    private int[] freshIn = new int[0];
    private int[] movedIn = new int[0];
    private final WorkerPool.Task copyTask = this::copyShare;
    private final WorkerPool.Task leafTask = this::leafShare;

    /** By inner node, as the class comment lays out: its children's boxes, their refs, its own box's location. */
    float[] tree = new float[0];
    int[] childRef = new int[0];
    int[] up = new int[0];
    /**
     * By inner node {@code k}, at {@code 2k} and {@code 2k + 1}: the first entry below it and their number. A build
     * lays each subtree's entries out in one run, and they stay in it until the next, so that a query that takes a
     * whole subtree reads the run rather than walk down to it.
     */
    int[] span = new int[0];
    int innerTotal;
    /** The root's box (min x, y, z then max x, y, z) and ref, valid while {@code builtCount > 0}. */
    final float[] rootBox = new float[6];
    int rootRef;
    /** The built entries' grid for short rays, while live; the tree answers every ray otherwise. */
    final RayGrid grid = new RayGrid();
    /** Short rays cast since the grid was last built, dropped or refused. */
    private int raysWithoutGrid;
    /**
     * Builds refused in a row (a scene the grid cannot serve, such as one with many unbounded items): each doubles the
     * rays the next attempt waits for, so that such a scene pays next to nothing for the attempts.
     */
    private int gridRefusals;
    /** The longest ray that counts towards building the grid, from the tree's last build; -1 with nothing built. */
    private float gridWorthyLength = -1f;

    public QueryIndex(ItemStore items, SparseSet itemSet) {
        this.items = items;
        this.itemSet = itemSet;
        this.volume = new VolumeQuery(this);
    }

    // ---- upkeep ----

    /** {@return whether a query has synced the index: an update keeps up only an index that queries use} */
    public boolean inUse() {
        return inUse;
    }

    /**
     * Brings the index up to the world boxes of items {@code [0, itemCount)}, reading the chunks marked since the last
     * sync alone: with few of them, each moved entry refits its leaf and the ancestors whose box follows; with many,
     * the workers copy the boxes and refit the marked leaves, then one pass up the inner nodes refits the rest. The
     * boxes come out the same either way, and for any number of workers.
     *
     * @param pool the workers to share a large refit among, not null; called from outside the pool
     */
    public void sync(int itemCount, WorkerPool pool) {
        inUse = true;
        SummaryBitSet marked = items.queryChunks();
        // a scene queried many times a frame mostly has nothing marked: then even the clear is skipped
        if (marked.nextSetBit(0, marked.capacity()) != Index.NONE) {
            upkeeps++;
            int chunks = Math.min(marked.capacity(), (itemCount + 63) >>> 6);
            long markedItems = (long) marked.cardinality(0, chunks) << 6;
            if (markedItems * CLIMB_SHARE < (long) innerTotal * ARITY) {
                climb(itemCount, chunks, marked);
            } else {
                sweep(itemCount, chunks, markedItems, pool);
            }
            marked.clear();
            items.arrivalChunks().clear();
        }
        int live = entryCount - deadCount;
        if (entryCount - builtCount > PENDING_MIN + builtCount / PENDING_SHARE
                || deadCount > PENDING_MIN + live / 4 || degraded()) {
            build();
        }
    }

    /** Each changed item's entry updated, its leaf refitted and its ancestors up to the first that does not change. */
    private void climb(int itemCount, int chunks, SummaryBitSet marked) {
        for (int chunk = marked.nextSetBit(0, chunks); chunk != Index.NONE;
             chunk = marked.nextSetBit(chunk + 1, chunks)) {
            for (int i = chunk << 6, end = Math.min(itemCount, (chunk + 1) << 6); i < end; i++) {
                update(itemSet.idAt(i), i);
            }
        }
    }

    /**
     * The refit of many entries: the workers copy the changed boxes of the marked chunks' items and mark the leaves
     * they lie in, new items get entries in index order, the workers refit the marked leaves, and one pass over the
     * inner nodes from the last built to the first (children before parents: a build numbers them in pre-order)
     * refits each whose children changed.
     */
    private void sweep(int itemCount, int chunks, long markedItems, WorkerPool pool) {
        int workers = pool.size() > 1 && markedItems >= PARALLEL_ITEMS ? pool.size() : 1;
        if (freshIn.length < workers) {
            freshIn = new int[workers];
            movedIn = new int[workers];
        }
        if (leafStale.length < innerTotal * ARITY) {
            leafStale = new byte[up.length * ARITY];
            innerStale = new byte[up.length];
        }
        sweepItems = itemCount;
        sweepChunks = chunks;
        if (workers > 1) {
            pool.run(copyTask);
        } else {
            copyShare(0, 1);
        }
        int fresh = 0;
        for (int w = 0; w < workers; w++) {
            fresh += freshIn[w];
            movedSinceBuild += movedIn[w];
        }
        if (fresh > 0) {
            climb(itemCount, chunks, items.queryChunks());
        }
        // the grid's upkeep is one list for every entry, so it keeps to the caller's thread
        if (workers > 1 && !grid.live()) {
            pool.run(leafTask);
        } else {
            leafShare(0, 1);
        }
        if (rootLeafStale) {
            rootLeafStale = false;
            refitLeaf(ROOT);
        }
        for (int k = innerTotal - 1; k >= 0; k--) {
            if (innerStale[k] != 0) {
                innerStale[k] = 0;
                int location = up[k];
                if (boxInner(k, location) && location != ROOT) {
                    innerStale[location >>> 2] = 1;
                }
            }
        }
    }

    /**
     * Worker {@code worker}'s share of the marked chunks: copies each changed box into its entry and marks the entry's
     * leaf; counts the items with no entry yet, left to the caller's thread. Entries are the items' own, and a mark
     * is the same byte whoever writes it, so shares never write a value another reads.
     */
    private void copyShare(int worker, int workers) {
        int from = WorkerPool.shareStart(sweepChunks, worker, workers);
        int to = WorkerPool.shareStart(sweepChunks, worker + 1, workers);
        SummaryBitSet marked = items.queryChunks();
        SummaryBitSet arrivals = items.arrivalChunks();
        float[] c = items.worldCenterArray();
        float[] h = items.worldHalfArray();
        int[] entries = entryOf;
        int fresh = 0;
        int moved = 0;
        for (int chunk = marked.nextSetBit(from, to); chunk != Index.NONE; chunk = marked.nextSetBit(chunk + 1, to)) {
            // an entry's global index is rewritten only where items arrived: in a chunk of items that merely moved it
            // holds already, and the write would cost a second random access an item
            boolean arrived = chunk < arrivals.capacity() && arrivals.get(chunk);
            for (int i = chunk << 6, end = Math.min(sweepItems, (chunk + 1) << 6); i < end; i++) {
                int id = itemSet.idAt(i);
                int e = id < entries.length ? entries[id] : Index.NONE;
                if (e == Index.NONE) {
                    fresh++;
                    continue;
                }
                if (arrived) {
                    entryIndex[e] = i;
                }
                if (copyChanged(e, c, h, i * 3)) {
                    moved++;
                    int leaf = entryLeaf[e];
                    if (leaf == ROOT) {
                        rootLeafStale = true;
                    } else if (leaf != Index.NONE) {
                        leafStale[leaf] = 1;
                    }
                }
            }
        }
        freshIn[worker] = fresh;
        movedIn[worker] = moved;
    }

    /** Worker {@code worker}'s share of the inner nodes: refits each marked leaf among their children. */
    private void leafShare(int worker, int workers) {
        int from = WorkerPool.shareStart(innerTotal, worker, workers);
        int to = WorkerPool.shareStart(innerTotal, worker + 1, workers);
        byte[] stale = leafStale;
        for (int location = from * ARITY, end = to * ARITY; location < end; location++) {
            if (stale[location] != 0) {
                stale[location] = 0;
                innerStale[location >>> 2] = 1;
                refitLeaf(location);
            }
        }
    }

    /** Rewrites the box of the leaf at {@code location} from its entries, and lists them again in a live grid. */
    private void refitLeaf(int location) {
        int leaf = refAt(location);
        int first = leaf >>> COUNT_BITS;
        int count = leaf & COUNT_MASK;
        boxLeaf(location, first, count);
        if (grid.live()) {
            for (int e = first; e < first + count; e++) {
                if (entryId[e] != Index.NONE) {
                    grid.moved(e, entryId[e], entryBox);
                }
            }
        }
    }

    /**
     * Whether the tree is worth building again, measured once the entries moved since the last measure pass
     * {@value #PENDING_MIN} and a quarter of the built ones: when its boxes make the expected cost of a query
     * ({@link #treeCost}) more than {@value #REBUILD_GROWTH} times what it was at the build, rather than by the count
     * of moves (a scene whose items all step along keeps its tree's cost; one whose items scatter does not); where no
     * cost can be measured (an infinite box), once the moves since the build outnumber the built entries.
     */
    private boolean degraded() {
        if (builtCount == 0) {
            return movedSinceBuild > PENDING_MIN;
        }
        if (movedSinceBuild - movedAtMeasure <= PENDING_MIN + builtCount / 4) {
            return false;
        }
        movedAtMeasure = movedSinceBuild;
        double cost = treeCost();
        if (Double.isFinite(cost) && Double.isFinite(builtCost)) {
            return cost > builtCost * REBUILD_GROWTH;
        }
        return movedSinceBuild > PENDING_MIN + builtCount;
    }

    /**
     * The surface area heuristic's cost of the tree: the areas of every node's box over the root's, which is how many
     * nodes a query through the root in a random direction visits, give or take; infinite or NaN where a box is.
     */
    private double treeCost() {
        double sum = 0;
        for (int k = 0; k < innerTotal; k++) {
            for (int branch = 0; branch < ARITY; branch++) {
                if (childRef[ARITY * k + branch] != EMPTY) {
                    sum += area(tree, k * STRIDE + branch * 6);
                }
            }
        }
        return sum / area(rootBox, 0);
    }

    /** Half the surface area of the box at {@code box[n]}, min x, y, z then max x, y, z. */
    private static double area(float[] box, int n) {
        double x = (double) box[n + 3] - box[n];
        double y = (double) box[n + 4] - box[n + 1];
        double z = (double) box[n + 5] - box[n + 2];
        return x * y + y * z + z * x;
    }

    private void update(int id, int index) {
        if (id >= entryOf.length) {
            int old = entryOf.length;
            entryOf = Arrays.copyOf(entryOf, Math.max(id + 1, old + (old >> 1)));
            Arrays.fill(entryOf, old, entryOf.length, Index.NONE);
        }
        int e = entryOf[id];
        float[] c = items.worldCenterArray();
        float[] h = items.worldHalfArray();
        int o = index * 3;
        if (e == Index.NONE) {
            e = entryCount++;
            ensureEntries(entryCount);
            entryOf[id] = e;
            entryId[e] = id;
            entryIndex[e] = index;
            entryLeaf[e] = Index.NONE;
            copyBox(e, c, h, o);
            return;
        }
        entryIndex[e] = index;
        if (!copyChanged(e, c, h, o)) {
            return;
        }
        movedSinceBuild++;
        if (entryLeaf[e] != Index.NONE) {
            refit(entryLeaf[e]);
            grid.moved(e, id, entryBox);
        }
    }

    /**
     * Whether a ray this long counts towards building the grid: one the grid would walk rather than leave to the tree,
     * by the side it would have.
     */
    public boolean gridWorthy(float maxDistance) {
        return !grid.live() && maxDistance <= gridWorthyLength;
    }

    /**
     * Rays are about to be cast, {@code shortRays} of them {@link #gridWorthy}: once such rays cast without a grid pay
     * for one, the grid is built over the built entries, so that a scene queried by few short rays never pays for it.
     * Before a batch is shared among workers, since they read the grid.
     */
    public void prepareRays(int shortRays) {
        if (grid.live() || builtCount == 0) {
            return;
        }
        raysWithoutGrid = (int) Math.min(Integer.MAX_VALUE, (long) raysWithoutGrid + shortRays);
        if ((long) raysWithoutGrid * GRID_RAYS_SHARE >= (long) builtCount << gridRefusals) {
            raysWithoutGrid = 0;
            grid.build(entryBox, entryId, builtCount);
            gridRefusals = grid.live() ? 0 : Math.min(gridRefusals + 1, MAX_GRID_REFUSALS);
        }
    }

    static boolean same(float a, float b) {
        return Float.floatToRawIntBits(a) == Float.floatToRawIntBits(b);
    }

    private void copyBox(int e, float[] c, float[] h, int o) {
        System.arraycopy(c, o, entryBox, e * 6, 3);
        System.arraycopy(h, o, entryBox, e * 6 + 3, 3);
    }

    /**
     * Copies the world box at {@code c[o]}, {@code h[o]} into entry {@code e} where it differs in a bit.
     *
     * @return whether it did
     */
    private boolean copyChanged(int e, float[] c, float[] h, int o) {
        float[] box = entryBox;
        int b = e * 6;
        if (same(box[b], c[o]) && same(box[b + 1], c[o + 1]) && same(box[b + 2], c[o + 2])
                && same(box[b + 3], h[o]) && same(box[b + 4], h[o + 1]) && same(box[b + 5], h[o + 2])) {
            return false;
        }
        box[b] = c[o];
        box[b + 1] = c[o + 1];
        box[b + 2] = c[o + 2];
        box[b + 3] = h[o];
        box[b + 4] = h[o + 1];
        box[b + 5] = h[o + 2];
        return true;
    }

    /** The item with this id was destroyed: its entry dies, and its leaf shrinks around the others. */
    public void removed(int id) {
        if (id >= entryOf.length || entryOf[id] == Index.NONE) {
            return;
        }
        int e = entryOf[id];
        grid.removed(e, id);
        entryOf[id] = Index.NONE;
        entryId[e] = Index.NONE;
        entryIndex[e] = Index.NONE;
        deadCount++;
        if (entryLeaf[e] != Index.NONE) {
            refit(entryLeaf[e]);
        }
    }

    private void ensureEntries(int count) {
        if (entryId.length < count) {
            int grown = Math.max(count, entryId.length + (entryId.length >> 1));
            entryId = Arrays.copyOf(entryId, grown);
            entryIndex = Arrays.copyOf(entryIndex, grown);
            entryLeaf = Arrays.copyOf(entryLeaf, grown);
            entryBox = Arrays.copyOf(entryBox, grown * 6);
        }
    }

    /** Recomputes the leaf's box at {@code location}, then each ancestor's, up to the first that does not change. */
    private void refit(int location) {
        int leaf = refAt(location);
        boxLeaf(location, leaf >>> COUNT_BITS, leaf & COUNT_MASK);
        while (location != ROOT) {
            int k = location >>> 2;
            location = up[k];
            if (!boxInner(k, location)) {
                return;
            }
        }
    }

    /** The ref of the node whose box lies at {@code location}. */
    int refAt(int location) {
        return location == ROOT ? rootRef : childRef[location];
    }

    float[] boxes(int location) {
        return location == ROOT ? rootBox : tree;
    }

    static int offset(int location) {
        return location == ROOT ? 0 : location * 6;
    }

    /** Writes the box of the leaf over entries {@code [first, first + count)} at {@code location}. */
    void boxLeaf(int location, int first, int count) {
        float[] box = boxes(location);
        int n = offset(location);
        Arrays.fill(box, n, n + 3, Float.POSITIVE_INFINITY);
        Arrays.fill(box, n + 3, n + 6, Float.NEGATIVE_INFINITY);
        for (int e = first, end = first + count; e < end; e++) {
            if (entryId[e] == Index.NONE) {
                continue;
            }
            for (int axis = 0; axis < 3; axis++) {
                float c = entryBox[e * 6 + axis];
                float h = entryBox[e * 6 + 3 + axis];
                float lo = Float.NEGATIVE_INFINITY;
                float hi = Float.POSITIVE_INFINITY;
                float slack = MARGIN * (Math.abs(c) + h);
                if (h != Float.POSITIVE_INFINITY && slack == slack) {
                    lo = c - h - slack;
                    hi = c + h + slack;
                    // an overflow to NaN leaves the axis whole
                    lo = lo == lo ? lo : Float.NEGATIVE_INFINITY;
                    hi = hi == hi ? hi : Float.POSITIVE_INFINITY;
                }
                box[n + axis] = Math.min(box[n + axis], lo);
                box[n + 3 + axis] = Math.max(box[n + 3 + axis], hi);
            }
        }
    }

    /**
     * Writes inner node {@code k}'s box, the union of its children's, at {@code location}.
     *
     * @return whether the box changed
     */
    boolean boxInner(int k, int location) {
        float[] box = boxes(location);
        int n = offset(location);
        boolean changed = false;
        for (int axis = 0; axis < 3; axis++) {
            float lo = Float.POSITIVE_INFINITY;
            float hi = Float.NEGATIVE_INFINITY;
            for (int branch = 0; branch < ARITY; branch++) {
                if (childRef[ARITY * k + branch] != EMPTY) {
                    lo = Math.min(lo, tree[k * STRIDE + branch * 6 + axis]);
                    hi = Math.max(hi, tree[k * STRIDE + branch * 6 + 3 + axis]);
                }
            }
            changed |= lo != box[n + axis] || hi != box[n + 3 + axis];
            box[n + axis] = lo;
            box[n + 3 + axis] = hi;
        }
        return changed;
    }

    /** Builds the tree again over the live entries ({@link TreeBuild}), which drops the dead ones and the grid. */
    private void build() {
        upkeeps++;
        int live = entryCount - deadCount;
        treeBuild.build(live);
        entryCount = live;
        builtCount = live;
        deadCount = 0;
        movedSinceBuild = 0;
        movedAtMeasure = 0;
        grid.drop();
        builtCost = treeCost();
        gridWorthyLength = live == 0 ? -1f : RayGrid.walkableLength(rootBox, live);
    }

    // ---- queries ----

    /** The items whose boxes overlap the box of center {@code c} and half extents {@code h}, into {@code out}. */
    public void box(float cx, float cy, float cz, float hx, float hy, float hz, int mask, HitKeys out) {
        volume.box(cx, cy, cz, hx, hy, hz, mask, out);
    }

    /** The items whose boxes come within {@code radius} of {@code c}, into {@code out}. */
    public void sphere(float cx, float cy, float cz, float radius, int mask, HitKeys out) {
        volume.sphere(cx, cy, cz, radius, mask, out);
    }

    /**
     * The items whose boxes no plane has wholly outside, into {@code out}.
     *
     * @param planes six planes as {@link Frustum} lays them out
     */
    public void frustum(float[] planes, int mask, HitKeys out) {
        volume.frustum(planes, mask, out);
    }

    /** Whether the item at global index {@code index} takes part in a query under {@code mask}: the one rule. */
    boolean takesPart(int index, int mask) {
        return items.inGraphArray()[index] != 0 && (items.queryFlagsArray()[index] & mask) != 0;
    }

    /** {@return a new ray caster over this index: one per thread casting rays at once} */
    public RayCaster newCaster() {
        return new RayCaster(this);
    }

    // ---- validation ----

    /**
     * Checks that the entries and the items agree both ways, that every item in a chunk not marked for the next sync
     * is indexed with its world box, and that every node's box holds what lies below it.
     *
     * @throws IllegalStateException naming the first broken invariant
     */
    public void validate(int itemCount) {
        new QueryIndexValidation(this, items).validate(itemCount);
    }
}
