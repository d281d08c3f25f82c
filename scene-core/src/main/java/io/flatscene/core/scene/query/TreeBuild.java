package io.flatscene.core.scene.query;

import io.flatscene.core.container.Index;
import io.flatscene.core.container.LongRadixSort;
import io.flatscene.core.geometry.MortonCode;
import io.flatscene.core.geometry.PointBounds;
import java.util.Arrays;

/**
 * The build of a {@link QueryIndex}'s tree: the live entries laid out again in Morton order of their centers (the
 * dead dropped), into the entry arrays of the build before last, then split where their codes first differ into the
 * nodes the index's class comment lays out, each subtree's entries one run. It writes the index's entry and node
 * arrays; the index keeps its counts and what depends on them.
 */
final class TreeBuild {
    /** Bits of a Morton cell coordinate per axis. */
    private static final int CELL_BITS = 10;

    private final QueryIndex index;
    /**
     * The last build's Morton codes, sorted, for its splits, and the entries they are of: kept, so that a build
     * allocates only for a larger scene.
     */
    private long[] buildKeys = new long[0];
    private int[] buildEntries = new int[0];
    private final LongRadixSort sorter = new LongRadixSort();
    /** The entry arrays of the build before last, which the next build lays its entries out in. */
    private int[] spareIds = new int[0];
    private int[] spareIndices = new int[0];
    private float[] spareBoxes = new float[0];

    TreeBuild(QueryIndex index) {
        this.index = index;
    }

    /**
     * Lays the {@code live} live entries out in Morton order of their centers as entries {@code [0, live)}, and builds
     * a balanced tree over them.
     */
    void build(int live) {
        if (buildKeys.length < live) {
            buildKeys = new long[Math.max(live, buildKeys.length + (buildKeys.length >> 1))];
            buildEntries = new int[buildKeys.length];
        }
        sortByCell(live);
        layOut(live);
        // room for a tree of full leaves; cuts at cell bounds leave some leaves short, and buildNode grows it then
        int records = Math.max(1, (live + QueryIndex.LEAF_SIZE - 1) / QueryIndex.LEAF_SIZE);
        if (index.up.length < records) {
            growInner(records);
        }
        index.innerTotal = 0;
        index.rootRef = buildNode(QueryIndex.ROOT, 0, live);
    }

    /** Keys each live entry by the Morton code of its center's cell, and sorts them. */
    private void sortByCell(int live) {
        float[] entryBox = index.entryBox;
        int[] entryId = index.entryId;
        PointBounds centers = new PointBounds();
        for (int e = 0; e < index.entryCount; e++) {
            if (entryId[e] != Index.NONE && finiteCenter(e)) {
                centers.add(entryBox[e * 6], entryBox[e * 6 + 1], entryBox[e * 6 + 2]);
            }
        }
        int cells = 1 << CELL_BITS;
        float minX = centers.min(0);
        float minY = centers.min(1);
        float minZ = centers.min(2);
        float scaleX = centers.cellScale(0, cells);
        float scaleY = centers.cellScale(1, cells);
        float scaleZ = centers.cellScale(2, cells);
        long[] keys = buildKeys;
        int[] order = buildEntries;
        int k = 0;
        for (int e = 0; e < index.entryCount; e++) {
            if (entryId[e] == Index.NONE) {
                continue;
            }
            long code = Integer.MAX_VALUE;
            if (finiteCenter(e)) {
                code = MortonCode.of(MortonCode.cell(entryBox[e * 6], minX, scaleX, cells),
                        MortonCode.cell(entryBox[e * 6 + 1], minY, scaleY, cells),
                        MortonCode.cell(entryBox[e * 6 + 2], minZ, scaleZ, cells));
            }
            keys[k] = code;
            order[k++] = e;
        }
        // stable, so entries of one code keep their order
        sorter.sort(keys, order, live);
    }

    /** Moves the entries into the spare arrays in sorted order, which become the index's, its arrays the spares. */
    private void layOut(int live) {
        int room = Math.max(live, index.entryId.length);
        if (spareIds.length < room) {
            spareIds = new int[room];
            spareIndices = new int[room];
            spareBoxes = new float[room * 6];
        }
        int[] ids = spareIds;
        int[] indices = spareIndices;
        float[] boxes = spareBoxes;
        int[] order = buildEntries;
        for (int n = 0; n < live; n++) {
            int from = order[n];
            ids[n] = index.entryId[from];
            indices[n] = index.entryIndex[from];
            System.arraycopy(index.entryBox, from * 6, boxes, n * 6, 6);
            index.entryOf[ids[n]] = n;
        }
        spareIds = index.entryId;
        spareIndices = index.entryIndex;
        spareBoxes = index.entryBox;
        index.entryId = ids;
        index.entryIndex = indices;
        index.entryBox = boxes;
        if (index.entryLeaf.length < ids.length) {
            index.entryLeaf = new int[ids.length];
        }
    }

    private boolean finiteCenter(int e) {
        return Float.isFinite(index.entryBox[e * 6]) && Float.isFinite(index.entryBox[e * 6 + 1])
                && Float.isFinite(index.entryBox[e * 6 + 2]);
    }

    /**
     * Builds the subtree over entries {@code [first, first + count)} whose box lies at {@code location}, split until a
     * leaf holds them, and writes that box.
     *
     * @return the subtree's ref
     */
    private int buildNode(int location, int first, int count) {
        if (count <= QueryIndex.LEAF_SIZE) {
            for (int e = first; e < first + count; e++) {
                index.entryLeaf[e] = location;
            }
            index.boxLeaf(location, first, count);
            return first << QueryIndex.COUNT_BITS | count;
        }
        int k = index.innerTotal++;
        if (index.innerTotal > index.up.length) {
            growInner(Math.max(index.innerTotal, index.up.length + (index.up.length >> 1)));
        }
        index.up[k] = location;
        index.span[2 * k] = first;
        index.span[2 * k + 1] = count;
        int half = split(first, count);
        int branch = children(k, 0, first, half);
        branch = children(k, branch, first + half, count - half);
        for (; branch < QueryIndex.ARITY; branch++) {
            index.childRef[QueryIndex.ARITY * k + branch] = QueryIndex.EMPTY;
            int n = k * QueryIndex.STRIDE + branch * 6;
            Arrays.fill(index.tree, n, n + 6, Float.NaN);
        }
        index.boxInner(k, location);
        return k << QueryIndex.COUNT_BITS;
    }

    /**
     * Makes entries {@code [first, first + count)} the children of inner node {@code k} from {@code branch} on: one
     * leaf if they fit in one, else the two halves of a split, so that each inner node skips a level of the binary
     * tree a split makes.
     *
     * @return the next free branch
     */
    private int children(int k, int branch, int first, int count) {
        if (count <= QueryIndex.LEAF_SIZE) {
            child(k, branch, first, count);
            return branch + 1;
        }
        int half = split(first, count);
        child(k, branch, first, half);
        child(k, branch + 1, first + half, count - half);
        return branch + 2;
    }

    private void child(int k, int branch, int first, int count) {
        int ref = buildNode(QueryIndex.ARITY * k + branch, first, count);
        // written after the recursion, which may have grown the arrays
        index.childRef[QueryIndex.ARITY * k + branch] = ref;
    }

    private void growInner(int records) {
        index.tree = Arrays.copyOf(index.tree, records * QueryIndex.STRIDE);
        index.childRef = Arrays.copyOf(index.childRef, records * QueryIndex.ARITY);
        index.up = Arrays.copyOf(index.up, records);
        index.span = Arrays.copyOf(index.span, records * 2);
    }

    /**
     * Where to cut entries {@code [first, first + count)}: at the highest bit in which their Morton codes differ, so
     * that each child holds one half of the cell their common prefix names and the two boxes do not overlap (a cut
     * at the median, inside a cell, gives a child parts of two distant cells and a box spanning both); at the middle
     * where they share one code.
     *
     * @return the number of entries that go left, 1 to {@code count - 1}
     */
    private int split(int first, int count) {
        long[] keys = buildKeys;
        int last = first + count - 1;
        long differ = keys[first] ^ keys[last];
        if (differ == 0L) {
            return count / 2;
        }
        long bit = Long.highestOneBit(differ);
        // codes are sorted and share every bit above this one: those with it set come last
        int lo = first + 1;
        int hi = last;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if ((keys[mid] & bit) != 0L) {
                hi = mid;
            } else {
                lo = mid + 1;
            }
        }
        return lo - first;
    }
}
