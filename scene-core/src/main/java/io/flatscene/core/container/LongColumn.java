package io.flatscene.core.container;

import java.util.Arrays;

/** A {@code long} column of a {@link SparseSet}; new positions read {@code 0L}. */
public final class LongColumn extends Column {
    private long[] values;
    /**
     * The previous array, kept by {@link #gather} for the next one; null until the first sort. Its first
     * {@link #spareFilled} positions still hold values, which the next gather clears past its size, so that
     * positions past the size read the default as the set requires.
     */
    private long[] spare;
    private int spareFilled;
    private long[] rangeScratch = new long[0];

    LongColumn(SparseSet owner, int capacity) {
        super(owner);
        values = new long[capacity];
    }

    /**
     * Reads the value of a position.
     *
     * @param position a position of the owning set, 0 to {@code size() - 1}
     * @return the value
     * @throws IndexOutOfBoundsException if {@code position} is outside the set's positions
     */
    public long get(int position) {
        return values[checkPosition(position)];
    }

    /**
     * Writes the value of a position.
     *
     * @param position a position of the owning set, 0 to {@code size() - 1}
     * @param value    the value
     * @throws IndexOutOfBoundsException if {@code position} is outside the set's positions
     */
    public void set(int position, long value) {
        values[checkPosition(position)] = value;
    }

    @Override
    void resize(int capacity) {
        values = Arrays.copyOf(values, capacity);
        spare = null;
        spareFilled = 0;
    }

    @Override
    void gatherRange(int[] from, int start, int count) {
        if (rangeScratch.length < count) {
            rangeScratch = new long[count];
        }
        for (int i = 0; i < count; i++) {
            rangeScratch[i] = values[from[i]];
        }
        System.arraycopy(rangeScratch, 0, values, start, count);
    }

    @Override
    void gather(int[] from, int size) {
        if (spare == null || spare.length != values.length) {
            spare = new long[values.length];
        }
        long[] target = spare;
        for (int p = 0; p < size; p++) {
            target[p] = values[from[p]];
        }
        if (spareFilled > size) {
            Arrays.fill(target, size, spareFilled, 0L);
        }
        spare = values;
        spareFilled = size;
        values = target;
    }

    /**
     * The backing array, for passes that stream through every position. Read and write it only below
     * {@code size()}; it is replaced when the set grows or is sorted by key, so fetch it again after either.
     *
     * @return the live array, not a copy
     */
    public long[] values() {
        return values;
    }

    @Override
    void swap(int a, int b) {
        long held = values[a];
        values[a] = values[b];
        values[b] = held;
    }

    @Override
    void move(int from, int to) {
        values[to] = values[from];
        values[from] = 0L;
    }

    @Override
    void reset(int position) {
        values[position] = 0L;
    }
}
