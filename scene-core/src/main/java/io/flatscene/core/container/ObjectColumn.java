package io.flatscene.core.container;

import java.util.Arrays;

/** A reference column of a {@link SparseSet}; new and vacated positions hold {@code null}. */
public final class ObjectColumn<T> extends Column {
    private Object[] values;

    ObjectColumn(SparseSet owner, int capacity) {
        super(owner);
        values = new Object[capacity];
    }

    @SuppressWarnings("unchecked")
    public T get(int position) {
        return (T) values[checkPosition(position)];
    }

    public void set(int position, T value) {
        values[checkPosition(position)] = value;
    }

    @Override
    void resize(int capacity) {
        values = Arrays.copyOf(values, capacity);
    }

    @Override
    void swap(int a, int b) {
        Object held = values[a];
        values[a] = values[b];
        values[b] = held;
    }

    @Override
    void move(int from, int to) {
        values[to] = values[from];
        values[from] = null;
    }

    @Override
    void reset(int position) {
        values[position] = null;
    }
}
