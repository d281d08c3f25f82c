package io.flatscene.core.container;

import java.util.Arrays;

/**
 * A {@code float} column of a {@link SparseSet}, {@link #width()} floats per position (3 for a vector, say); new
 * positions read {@code 0f}.
 */
public final class FloatColumn extends Column {
    private final int width;
    private float[] values;
    /**
     * The previous array, kept by {@link #gather} for the next one; null until the first sort. Its first
     * {@link #spareFilled} positions still hold values, which the next gather clears past its size, so that
     * positions past the size read the default as the set requires.
     */
    private float[] spare;
    private int spareFilled;
    private float[] rangeScratch = new float[0];

    FloatColumn(SparseSet owner, int capacity, int width) {
        super(owner);
        if (width < 1) {
            throw new IllegalArgumentException(owner + ": a float column holds at least 1 float per position, not "
                    + width);
        }
        if ((long) capacity * width > Capacity.MAX_ARRAY_LENGTH) {
            throw new IllegalArgumentException(owner + ": a float column of " + width + " floats per position cannot "
                    + "hold the set's " + capacity + " positions: that is more floats than an array holds ("
                    + Capacity.MAX_ARRAY_LENGTH + ")");
        }
        this.width = width;
        values = new float[capacity * width];
    }

    /**
     * Floats per position: position {@code p}'s values are {@code values()[p * width() .. p * width() + width)}.
     *
     * @return 1 or more
     */
    public int width() {
        return width;
    }

    /**
     * Reads component 0 of a position: the whole value of a column one float wide.
     *
     * @param position a position of the owning set, 0 to {@code size() - 1}
     * @return the value
     * @throws IndexOutOfBoundsException if {@code position} is outside the set's positions
     */
    public float get(int position) {
        return values[checkPosition(position) * width];
    }

    /**
     * Reads one component of a position.
     *
     * @param position  a position of the owning set, 0 to {@code size() - 1}
     * @param component 0 to {@code width() - 1}
     * @return the value
     * @throws IndexOutOfBoundsException if {@code position} or {@code component} is out of range
     */
    public float get(int position, int component) {
        return values[checkPosition(position) * width + checkComponent(component)];
    }

    /**
     * Writes component 0 of a position: the whole value of a column one float wide.
     *
     * @param position a position of the owning set, 0 to {@code size() - 1}
     * @param value    the value
     * @throws IndexOutOfBoundsException if {@code position} is outside the set's positions
     */
    public void set(int position, float value) {
        values[checkPosition(position) * width] = value;
    }

    /**
     * Writes one component of a position.
     *
     * @param position  a position of the owning set, 0 to {@code size() - 1}
     * @param component 0 to {@code width() - 1}
     * @param value     the value
     * @throws IndexOutOfBoundsException if {@code position} or {@code component} is out of range
     */
    public void set(int position, int component, float value) {
        values[checkPosition(position) * width + checkComponent(component)] = value;
    }

    /**
     * The backing array, for passes that stream through every position. Read and write it only below
     * {@code size() * width()}; it is replaced when the set grows or is sorted by key, so fetch it again after either.
     *
     * @return the live array, not a copy
     */
    public float[] values() {
        return values;
    }

    private int checkComponent(int component) {
        if (component < 0 || component >= width) {
            throw new IndexOutOfBoundsException("component " + component + " of a column " + width + " wide");
        }
        return component;
    }

    @Override
    void resize(int capacity) {
        values = Arrays.copyOf(values, Math.multiplyExact(capacity, width));
        spare = null;
        spareFilled = 0;
    }

    @Override
    void gatherRange(int[] from, int start, int count) {
        if (rangeScratch.length < count * width) {
            rangeScratch = new float[count * width];
        }
        for (int i = 0; i < count; i++) {
            System.arraycopy(values, from[i] * width, rangeScratch, i * width, width);
        }
        System.arraycopy(rangeScratch, 0, values, start * width, count * width);
    }

    @Override
    void gather(int[] from, int size) {
        if (spare == null || spare.length != values.length) {
            spare = new float[values.length];
        }
        float[] target = spare;
        if (width == 1) {
            for (int p = 0; p < size; p++) {
                target[p] = values[from[p]];
            }
        } else {
            for (int p = 0; p < size; p++) {
                System.arraycopy(values, from[p] * width, target, p * width, width);
            }
        }
        if (spareFilled > size) {
            Arrays.fill(target, size * width, spareFilled * width, 0f);
        }
        spare = values;
        spareFilled = size;
        values = target;
    }

    @Override
    void swap(int a, int b) {
        int oa = a * width;
        int ob = b * width;
        for (int c = 0; c < width; c++) {
            float held = values[oa + c];
            values[oa + c] = values[ob + c];
            values[ob + c] = held;
        }
    }

    @Override
    void move(int from, int to) {
        System.arraycopy(values, from * width, values, to * width, width);
        Arrays.fill(values, from * width, from * width + width, 0f);
    }

    @Override
    void reset(int position) {
        Arrays.fill(values, position * width, position * width + width, 0f);
    }
}
