package io.flatscene.core.container;

import java.util.Arrays;

/**
 * A reference column of a {@link SparseSet}; new and vacated positions hold {@code null}.
 *
 * @param <T> the element type
 */
public final class ObjectColumn<T> extends Column {
    private Object[] values;
    /** The previous array, kept by {@link #gather} for the next one and holding no references between sorts. */
    private Object[] spare;
    private Object[] rangeScratch = new Object[0];

    ObjectColumn(SparseSet owner, int capacity) {
        super(owner);
        values = new Object[capacity];
    }

    /**
     * Reads the reference at a position.
     *
     * @param position a position of the owning set, 0 to {@code size() - 1}
     * @return the reference, null until set
     * @throws IndexOutOfBoundsException if {@code position} is outside the set's positions
     */
    @SuppressWarnings("unchecked")
    public T get(int position) {
        return (T) values[checkPosition(position)];
    }

    /**
     * Writes the reference at a position.
     *
     * @param position a position of the owning set, 0 to {@code size() - 1}
     * @param value    the reference, null allowed
     * @throws IndexOutOfBoundsException if {@code position} is outside the set's positions
     */
    public void set(int position, T value) {
        values[checkPosition(position)] = value;
    }

    @Override
    void resize(int capacity) {
        values = Arrays.copyOf(values, capacity);
        spare = null;
    }

    @Override
    void gatherRange(int[] from, int start, int count) {
        if (rangeScratch.length < count) {
            rangeScratch = new Object[count];
        }
        for (int i = 0; i < count; i++) {
            rangeScratch[i] = values[from[i]];
        }
        System.arraycopy(rangeScratch, 0, values, start, count);
        // the scratch must not keep objects reachable once they leave the set
        Arrays.fill(rangeScratch, 0, count, null);
    }

    @Override
    void gather(int[] from, int size) {
        if (spare == null || spare.length != values.length) {
            spare = new Object[values.length];
        }
        Object[] target = spare;
        for (int p = 0; p < size; p++) {
            target[p] = values[from[p]];
        }
        // the old arrangement would keep removed objects reachable until the next sort; cleared, it is all null
        Arrays.fill(values, 0, size, null);
        spare = values;
        values = target;
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
