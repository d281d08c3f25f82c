package io.flatscene.core.container;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * A sparse set of non-negative int ids with any number of parallel dense {@link Column}s, from EnTT's article on
 * sorting sparse sets (see docs/references.md).
 *
 * <p>Layout: {@code dense[p]} is the id at position {@code p < size()}; the sparse array maps an id to
 * {@code p + 1} (0 meaning absent, so fresh pages need no fill). The sparse array is paged: a page of
 * {@value #PAGE_SIZE} entries is allocated only when an id in its range is first added, so memory follows the ids in
 * use rather than the largest id. Invariant, kept only by {@link #add}, {@link #remove}, {@link #swapPositions} and
 * the sorts: for every {@code p < size()}, {@code indexOf(dense[p]) == p}, and every column's position {@code p}
 * holds the values of {@code dense[p]}.
 *
 * <p>Three sorts from the article, kept side by side because their costs differ with the number of columns:
 * {@link #sortInPlace} swaps every column at every swap of the sort; {@link #sortByPermutation} sorts an index array
 * and then applies it by following cycles; {@link #sort} (the mixed one) sorts the ids alone and then walks the
 * sparse array to move the columns, one swap per misplaced position. {@link #sortAs} arranges this set in the order of
 * another. {@link #sortBy(IntColumn)} and its float and long forms sort by a column without a comparator: a radix
 * sort of (key, position) pairs, then one gather per column, which is what a flat array wants rather than a swap per
 * comparison.
 */
public final class SparseSet {
    static final int PAGE_BITS = 12;
    static final int PAGE_SIZE = 1 << PAGE_BITS;
    private static final int PAGE_MASK = PAGE_SIZE - 1;
    private static final int[][] NO_PAGES = new int[0][];

    private final String name;
    private final GrowthPolicy policy;
    private final List<Column> columns = new ArrayList<>();
    private int[][] pages = NO_PAGES;
    private int[] dense;
    private int size;
    /** The most positions the set can hold: each float column holds its width times as many floats in one array. */
    private int maxCapacity = Capacity.MAX_ARRAY_LENGTH;
    /** Scratch for {@link #sortByPermutation}, kept so that repeated sorts of a steady set allocate nothing. */
    private int[] permutation = new int[0];
    /** Scratch of the key sorts: each position's key, then (sorted) the old position each new position takes. */
    private long[] sortKeys = new long[0];
    private int[] sortFrom = new int[0];
    /** The previous dense array, reused by the key sorts' gather; null until the first. */
    private int[] spareDense;
    private final LongRadixSort radix = new LongRadixSort();
    /** The in-place sort's swap listener, made once so that sorting allocates nothing. */
    private final IntroSort.Swaps carryAlong = this::swapSparseAndColumns;

    /**
     * @param name     names the set in exceptions and the growth warning
     * @param capacity the number of ids the dense arrays hold before growing; the sparse pages are sized by the ids
     * @param policy   what to do when {@link #add} finds the dense arrays full
     */
    public SparseSet(String name, int capacity, GrowthPolicy policy) {
        this.name = Objects.requireNonNull(name, "name");
        this.policy = Objects.requireNonNull(policy, "policy");
        this.dense = new int[Capacity.checkInitial(name, capacity)];
    }

    /**
     * Adds a column of one int per position, kept parallel to the ids through every add, remove, swap and sort.
     *
     * @return the new column, holding 0 at every current position
     */
    public IntColumn addIntColumn() {
        return attach(new IntColumn(this, dense.length));
    }

    /**
     * Adds a column of one float per position, as {@code addFloatColumn(1)}.
     *
     * @return the new column, holding 0 at every current position
     */
    public FloatColumn addFloatColumn() {
        return addFloatColumn(1);
    }

    /**
     * A float column holding {@code width} floats per position, such as the three of a vector. From then on the set
     * holds at most {@code Capacity.MAX_ARRAY_LENGTH / width} positions: the column's floats share one array.
     *
     * @param width the number of floats per position, 1 or more
     * @return the new column, holding 0 at every current position
     * @throws IllegalArgumentException if {@code width} is below 1, or the set's capacity times {@code width} is more
     *                                  floats than an array holds
     */
    public FloatColumn addFloatColumn(int width) {
        FloatColumn column = attach(new FloatColumn(this, dense.length, width));
        maxCapacity = Math.min(maxCapacity, Capacity.MAX_ARRAY_LENGTH / width);
        return column;
    }

    /**
     * Adds a column of one long per position, kept parallel to the ids.
     *
     * @return the new column, holding 0 at every current position
     */
    public LongColumn addLongColumn() {
        return attach(new LongColumn(this, dense.length));
    }

    /**
     * Adds a column of one reference per position, kept parallel to the ids; a removed position is set to null so
     * the set does not keep its object alive.
     *
     * @param <T> the element type
     * @return the new column, holding null at every current position
     */
    public <T> ObjectColumn<T> addObjectColumn() {
        return attach(new ObjectColumn<>(this, dense.length));
    }

    private <C extends Column> C attach(C column) {
        columns.add(column);
        return column;
    }

    /** {@return the number of ids in the set; positions 0 to {@code size() - 1} are valid} */
    public int size() {
        return size;
    }

    /** {@return whether the set holds no id} */
    public boolean isEmpty() {
        return size == 0;
    }

    /** {@return the number of ids the dense arrays (and every column) hold before growing} */
    public int capacity() {
        return dense.length;
    }

    /**
     * The id at a dense position.
     *
     * @param position the dense position, 0 to {@code size() - 1}
     * @return the id stored there
     * @throws IndexOutOfBoundsException if {@code position} is outside 0 to {@code size() - 1}
     */
    public int idAt(int position) {
        return dense[Objects.checkIndex(position, size)];
    }

    /**
     * Whether the id is in the set, in O(1).
     *
     * @param id any int; a negative one is never in the set
     * @return whether it is in the set
     */
    public boolean contains(int id) {
        return id >= 0 && indexOf(id) >= 0;
    }

    /**
     * The dense position of {@code id}, or -1 if it is not in the set.
     *
     * @param id any int; a negative one is never in the set
     * @return the dense position, 0 to {@code size() - 1}, or -1
     */
    public int indexOf(int id) {
        int page = id >>> PAGE_BITS;
        if (id < 0 || page >= pages.length || pages[page] == null) {
            return -1;
        }
        return pages[page][id & PAGE_MASK] - 1;
    }

    /**
     * Adds the id at the end of the dense arrays; its column values start at 0 or null.
     *
     * @param id the id to add, 0 or more
     * @return its dense position
     * @throws IllegalArgumentException  if the id is negative
     * @throws IllegalStateException     if the id is already in the set
     * @throws CapacityExceededException if the set is full under {@link GrowthPolicy#FAIL}, or holds the most
     *                                   positions its widest float column allows; the set is unchanged
     */
    public int add(int id) {
        if (id < 0) {
            throw new IllegalArgumentException(name + ": cannot add id " + id + ": ids must be >= 0");
        }
        int existing = indexOf(id);
        if (existing >= 0) {
            throw new IllegalStateException(name + ": cannot add id " + id + ": it is already at position "
                    + existing);
        }
        if (size == dense.length) {
            int grown = Capacity.grow(name, policy, dense.length, size + 1, maxCapacity);
            dense = Arrays.copyOf(dense, grown);
            spareDense = null;
            for (Column column : columns) {
                column.resize(grown);
            }
        }
        int position = size++;
        dense[position] = id;
        page(id)[id & PAGE_MASK] = position + 1;
        return position;
    }

    /**
     * Removes the id in O(1): the last id and its column values move into its position.
     *
     * @param id the id to remove
     * @return the position it had, which now holds the id that was last (or equals the new size)
     * @throws IllegalStateException if the id is not in the set
     */
    public int remove(int id) {
        int position = indexOf(id);
        if (position < 0) {
            throw new IllegalStateException(name + ": cannot remove id " + id + ": it is not in the set");
        }
        int last = --size;
        if (position != last) {
            int moved = dense[last];
            dense[position] = moved;
            setPosition(moved, position);
            for (Column column : columns) {
                column.move(last, position);
            }
        } else {
            for (Column column : columns) {
                column.reset(last);
            }
        }
        setPosition(id, -1);
        return position;
    }

    /** Removes every id; pages stay allocated for reuse. */
    public void clear() {
        for (int p = 0; p < size; p++) {
            setPosition(dense[p], -1);
            for (Column column : columns) {
                column.reset(p);
            }
        }
        size = 0;
    }

    /**
     * Swaps two positions: their ids, their sparse entries and every column.
     *
     * @param a a dense position, 0 to {@code size() - 1}
     * @param b another dense position, 0 to {@code size() - 1}; equal to {@code a} does nothing
     * @throws IndexOutOfBoundsException if either is outside 0 to {@code size() - 1}
     */
    public void swapPositions(int a, int b) {
        Objects.checkIndex(a, size);
        Objects.checkIndex(b, size);
        if (a == b) {
            return;
        }
        int idA = dense[a];
        dense[a] = dense[b];
        dense[b] = idA;
        swapSparseAndColumns(a, b);
    }

    /** After {@code dense[a]} and {@code dense[b]} were swapped: points both ids at their positions, swaps columns. */
    private void swapSparseAndColumns(int a, int b) {
        setPosition(dense[a], a);
        setPosition(dense[b], b);
        for (Column column : columns) {
            column.swap(a, b);
        }
    }

    /**
     * The article's in-place sort: an introsort over the ids that swaps the sparse entries and every column along with
     * each swap of two ids. No extra memory; the cost of a swap grows with the number of columns.
     *
     * @param order the order of the ids, not null; it may read the ids' column values through {@link #indexOf}
     */
    public void sortInPlace(IdComparator order) {
        Objects.requireNonNull(order, "order");
        IntroSort.sort(dense, size, order, carryAlong);
    }

    /**
     * The article's permutation sort: sorts an index array by the ids it points at, then applies that permutation by
     * following its cycles, swapping ids, sparse entries and columns once per misplaced position.
     *
     * @param order the order of the ids, not null; it may read the ids' column values through {@link #indexOf}
     */
    public void sortByPermutation(IdComparator order) {
        Objects.requireNonNull(order, "order");
        if (permutation.length < size) {
            permutation = new int[dense.length];
        }
        int[] perm = permutation;
        for (int p = 0; p < size; p++) {
            perm[p] = p;
        }
        int[] ids = dense;
        IntroSort.sort(perm, size, (a, b) -> order.compare(ids[a], ids[b]), null);
        // perm[p] is the position whose id belongs at p. Carry the element that started at the cycle's start
        // along the cycle, dropping each visited position's rightful element into place.
        for (int start = 0; start < size; start++) {
            int at = start;
            while (perm[at] != start) {
                int from = perm[at];
                swapPositions(at, from);
                perm[at] = at;
                at = from;
            }
            perm[at] = at;
        }
    }

    /**
     * The article's mixed sort: sorts the dense ids alone (the comparator still finds each id's values through
     * {@link #indexOf}, which the sort leaves untouched), then walks the sparse array, which still maps each id to
     * its old position, to move the columns: one swap per misplaced position, with nothing allocated beyond what the
     * primitive sort of the ids needs (nothing).
     *
     * @param order the order of the ids, not null; it may read the ids' column values through {@link #indexOf}
     */
    public void sort(IdComparator order) {
        Objects.requireNonNull(order, "order");
        try {
            IntroSort.sort(dense, size, order, null);
        } finally {
            // The walk below fits the columns to whatever permutation of the ids the sort left, so a comparator
            // that throws halfway leaves the set unsorted but consistent.
            moveColumnsToIds();
        }
    }

    /** After the ids moved on their own: moves each column value to its id's new position, fixing the sparse map. */
    private void moveColumnsToIds() {
        for (int start = 0; start < size; start++) {
            int at = start;
            int from = indexOf(dense[at]);
            if (from == at) {
                continue;
            }
            // indexOf(dense[at]) is where dense[at]'s values still are; the values that started at 'start' travel
            // along the cycle and land where the id whose old position was 'start' now sits.
            while (from != start) {
                for (Column column : columns) {
                    column.swap(at, from);
                }
                setPosition(dense[at], at);
                at = from;
                from = indexOf(dense[at]);
            }
            setPosition(dense[at], at);
        }
    }

    /**
     * Sorts ascending by an int column of this set: a stable radix sort of (key, position) pairs, after which the
     * ids and every column move once, each gathered into its new order. Equal keys keep their order. O(size), with no
     * comparator; the first sort allocates a spare array per column, later ones reuse it.
     *
     * @param key a column of this set, not null
     * @throws IllegalArgumentException if the column belongs to another set
     */
    public void sortBy(IntColumn key) {
        int[] values = keyValues(key).values();
        long[] keys = sortScratch();
        for (int p = 0; p < size; p++) {
            keys[p] = (values[p] ^ Integer.MIN_VALUE) & 0xFFFF_FFFFL;
        }
        sortByKeys();
    }

    /**
     * Sorts ascending by a float column of width 1, in {@link Float#compare} order (-0.0 before 0.0, NaN last), the
     * way {@link #sortBy(IntColumn)} sorts.
     *
     * @param key a column of this set, one float a position, not null
     * @throws IllegalArgumentException if the column belongs to another set or holds more than one float a position
     */
    public void sortBy(FloatColumn key) {
        if (key.width() != 1) {
            throw new IllegalArgumentException(name + ": cannot sort by a float column " + key.width()
                    + " wide; sort by a column of one float a position");
        }
        float[] values = keyValues(key).values();
        long[] keys = sortScratch();
        for (int p = 0; p < size; p++) {
            int bits = Float.floatToIntBits(values[p]);
            // negative floats reversed, then all shifted above them: unsigned order becomes Float.compare order
            keys[p] = (bits ^ ((bits >> 31) | Integer.MIN_VALUE)) & 0xFFFF_FFFFL;
        }
        sortByKeys();
    }

    /**
     * Sorts ascending by a long column, the way {@link #sortBy(IntColumn)} sorts.
     *
     * @param key a column of this set, not null
     * @throws IllegalArgumentException if the column belongs to another set
     */
    public void sortBy(LongColumn key) {
        long[] values = keyValues(key).values();
        long[] keys = sortScratch();
        for (int p = 0; p < size; p++) {
            keys[p] = values[p] ^ Long.MIN_VALUE;
        }
        sortByKeys();
    }

    /**
     * Sorts positions {@code [from, to)} ascending by a long column, the way {@link #sortBy(LongColumn)} sorts the
     * whole set, and leaves every other position as it was: for a caller that reorders a large set a window at a
     * time, paying for the window's entries rather than the set's. The moved values pass through scratch arrays of
     * the window's length, kept for the next window.
     *
     * @param key  a column of this set, not null
     * @param from the first position of the window, inclusive
     * @param to   the end of the window, exclusive
     * @throws IndexOutOfBoundsException unless {@code 0 <= from <= to <= size()}
     * @throws IllegalArgumentException if the column belongs to another set
     */
    public void sortBy(LongColumn key, int from, int to) {
        long[] values = keyValues(key).values();
        Objects.checkFromToIndex(from, to, size);
        int count = to - from;
        long[] keys = sortScratch();
        int[] order = sortFrom;
        for (int i = 0; i < count; i++) {
            keys[i] = values[from + i] ^ Long.MIN_VALUE;
            order[i] = from + i;
        }
        radix.sort(keys, order, count);
        if (spareDense == null || spareDense.length != dense.length) {
            spareDense = new int[dense.length];
        }
        int[] ids = spareDense;
        for (int i = 0; i < count; i++) {
            ids[i] = dense[order[i]];
        }
        for (int i = 0; i < count; i++) {
            dense[from + i] = ids[i];
            setPosition(ids[i], from + i);
        }
        for (Column column : columns) {
            column.gatherRange(order, from, count);
        }
    }

    private <C extends Column> C keyValues(C key) {
        Objects.requireNonNull(key, "key");
        if (!key.belongsTo(this)) {
            throw new IllegalArgumentException(name + ": cannot sort by a column of another set");
        }
        return key;
    }

    private long[] sortScratch() {
        if (sortKeys.length < size) {
            sortKeys = new long[dense.length];
            sortFrom = new int[dense.length];
        }
        return sortKeys;
    }

    /** Sorts the prepared keys carrying positions, then moves ids, sparse entries and columns to their new places. */
    private void sortByKeys() {
        int[] from = sortFrom;
        for (int p = 0; p < size; p++) {
            from[p] = p;
        }
        radix.sort(sortKeys, from, size);
        gather(from);
    }

    /** Position {@code p} takes what position {@code from[p]} held, for the ids, their sparse entries and columns. */
    private void gather(int[] from) {
        if (spareDense == null || spareDense.length != dense.length) {
            spareDense = new int[dense.length];
        }
        int[] target = spareDense;
        for (int p = 0; p < size; p++) {
            int id = dense[from[p]];
            target[p] = id;
            setPosition(id, p);
        }
        spareDense = dense;
        dense = target;
        for (Column column : columns) {
            column.gather(from, size);
        }
    }

    /**
     * EnTT's {@code respect}/{@code sort_as}: the ids this set shares with {@code other} move to the front, in
     * {@code other}'s order; the rest follow in no particular order. When {@code other} is small against this set,
     * each shared id is swapped into place: O(other.size()), allocation-free. Otherwise the new order is worked out
     * first and the ids and every column are gathered into it once, sequential writes instead of a random swap per
     * id: O(size()), the rest keeping their relative order.
     *
     * @param other the set whose order to follow, not null; its columns are not touched
     */
    public void sortAs(SparseSet other) {
        Objects.requireNonNull(other, "other");
        if (other.size < size / 4) {
            int next = 0;
            for (int p = 0; p < other.size; p++) {
                int position = indexOf(other.dense[p]);
                if (position >= 0) {
                    swapPositions(position, next++);
                }
            }
            return;
        }
        long[] taken = sortScratch();
        Arrays.fill(taken, 0, size, 0L);
        int[] from = sortFrom;
        int next = 0;
        for (int p = 0; p < other.size; p++) {
            int position = indexOf(other.dense[p]);
            if (position >= 0) {
                from[next++] = position;
                taken[position] = 1L;
            }
        }
        for (int p = 0; p < size && next < size; p++) {
            if (taken[p] == 0L) {
                from[next++] = p;
            }
        }
        gather(from);
    }

    private int[] page(int id) {
        int page = id >>> PAGE_BITS;
        if (page >= pages.length) {
            pages = Arrays.copyOf(pages, Math.max(page + 1, pages.length * 2));
        }
        int[] entries = pages[page];
        if (entries == null) {
            entries = new int[PAGE_SIZE];
            pages[page] = entries;
        }
        return entries;
    }

    private void setPosition(int id, int position) {
        pages[id >>> PAGE_BITS][id & PAGE_MASK] = position + 1;
    }

    /**
     * The number of sparse pages allocated: memory follows the ids used, {@value #PAGE_SIZE} ids a page.
     *
     * @return how many sparse pages exist, 0 or more
     */
    public int allocatedPages() {
        int count = 0;
        for (int[] page : pages) {
            if (page != null) {
                count++;
            }
        }
        return count;
    }

    /**
     * Checks that every dense position and its id's sparse entry point at each other and that the sparse array
     * holds no entry for an id outside the set.
     *
     * @throws IllegalStateException naming the first broken invariant
     */
    public void validate() {
        if (size < 0 || size > dense.length) {
            throw new IllegalStateException(name + ": size " + size + " outside capacity " + dense.length);
        }
        for (int p = 0; p < size; p++) {
            int id = dense[p];
            if (id < 0) {
                throw new IllegalStateException(name + ": position " + p + " holds negative id " + id);
            }
            int recorded = indexOf(id);
            if (recorded != p) {
                throw new IllegalStateException(name + ": id " + id + " at position " + p
                        + " is recorded at position " + recorded);
            }
        }
        int entries = 0;
        for (int page = 0; page < pages.length; page++) {
            if (pages[page] == null) {
                continue;
            }
            for (int pageEntry = 0; pageEntry < PAGE_SIZE; pageEntry++) {
                int stored = pages[page][pageEntry];
                if (stored != 0) {
                    if (stored < 0 || stored > size) {
                        throw new IllegalStateException(name + ": id " + ((page << PAGE_BITS) | pageEntry)
                                + " maps to position " + (stored - 1) + " outside size " + size);
                    }
                    entries++;
                }
            }
        }
        if (entries != size) {
            throw new IllegalStateException(name + ": sparse array holds " + entries + " entries for " + size
                    + " ids");
        }
    }

    @Override
    public String toString() {
        return "SparseSet[" + name + ", size " + size + ", " + columns.size() + " columns]";
    }
}
