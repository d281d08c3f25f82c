package io.flatscene.core.container;

import java.util.Arrays;

/** A {@code int} column of a {@link SparseSet}; new positions read {@code 0}. */
public final class IntColumn extends Column {
    private int[] values;

    IntColumn(SparseSet owner, int capacity) {
        super(owner);
        values = new int[capacity];
    }

    public int get(int position) {
        return values[checkPosition(position)];
    }

    public void set(int position, int value) {
        values[checkPosition(position)] = value;
    }

    /**
     * The backing array, for passes that stream through every position. Read and write it only below
     * {@code size()}; it is replaced when the set grows, so fetch it again after any add.
     */
    public int[] values() {
        return values;
    }

    @Override
    void resize(int capacity) {
        values = Arrays.copyOf(values, capacity);
    }

    @Override
    void swap(int a, int b) {
        int held = values[a];
        values[a] = values[b];
        values[b] = held;
    }

    @Override
    void move(int from, int to) {
        values[to] = values[from];
        values[from] = 0;
    }

    @Override
    void reset(int position) {
        values[position] = 0;
    }
}
