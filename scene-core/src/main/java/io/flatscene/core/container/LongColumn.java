package io.flatscene.core.container;

import java.util.Arrays;

/** A {@code long} column of a {@link SparseSet}; new positions read {@code 0L}. */
public final class LongColumn extends Column {
    private long[] values;

    LongColumn(SparseSet owner, int capacity) {
        super(owner);
        values = new long[capacity];
    }

    public long get(int position) {
        return values[checkPosition(position)];
    }

    public void set(int position, long value) {
        values[checkPosition(position)] = value;
    }

    @Override
    void resize(int capacity) {
        values = Arrays.copyOf(values, capacity);
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
