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
        this.width = width;
        values = new float[Math.multiplyExact(capacity, width)];
    }

    /** Floats per position: position {@code p}'s values are {@code values()[p * width() .. p * width() + width)}. */
    public int width() {
        return width;
    }

    public float get(int position) {
        return values[checkPosition(position) * width];
    }

    public float get(int position, int component) {
        return values[checkPosition(position) * width + checkComponent(component)];
    }

    public void set(int position, float value) {
        values[checkPosition(position) * width] = value;
    }

    public void set(int position, int component, float value) {
        values[checkPosition(position) * width + checkComponent(component)] = value;
    }

    /**
     * The backing array, for passes that stream through every position. Read and write it only below
     * {@code size() * width()}; it is replaced when the set grows or is sorted by key, so fetch it again after either.
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
