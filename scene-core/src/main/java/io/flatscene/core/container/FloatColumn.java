package io.flatscene.core.container;

import java.util.Arrays;

/** A {@code float} column of a {@link SparseSet}; new positions read {@code 0f}. */
public final class FloatColumn extends Column {
    private float[] values;

    FloatColumn(SparseSet owner, int capacity) {
        super(owner);
        values = new float[capacity];
    }

    public float get(int position) {
        return values[checkPosition(position)];
    }

    public void set(int position, float value) {
        values[checkPosition(position)] = value;
    }

    @Override
    void resize(int capacity) {
        values = Arrays.copyOf(values, capacity);
    }

    @Override
    void swap(int a, int b) {
        float held = values[a];
        values[a] = values[b];
        values[b] = held;
    }

    @Override
    void move(int from, int to) {
        values[to] = values[from];
        values[from] = 0f;
    }

    @Override
    void reset(int position) {
        values[position] = 0f;
    }
}
