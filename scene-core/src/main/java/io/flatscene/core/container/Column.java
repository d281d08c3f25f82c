package io.flatscene.core.container;

import java.util.Objects;

/**
 * A dense array attached to a {@link SparseSet}: position {@code i} belongs to the id at the set's dense position
 * {@code i}. Only the set moves values between positions, so every column moves with the ids on every swap.
 */
public abstract sealed class Column permits IntColumn, FloatColumn, LongColumn, ObjectColumn {
    private final SparseSet owner;

    Column(SparseSet owner) {
        this.owner = owner;
    }

    /** Checks that {@code position} holds an id of the owning set. */
    final int checkPosition(int position) {
        return Objects.checkIndex(position, owner.size());
    }

    abstract void resize(int capacity);

    abstract void swap(int a, int b);

    /** Moves the value at {@code from} to {@code to} and resets {@code from}: swap-and-pop's second half. */
    abstract void move(int from, int to);

    /** Resets a position to the column's default (0, or null so the set holds no stale reference). */
    abstract void reset(int position);

    /**
     * Rearranges positions {@code [0, size)} so that position {@code p} holds what position {@code from[p]} held:
     * one gather into a spare array, which then becomes the column, so every value moves once.
     */
    abstract void gather(int[] from, int size);

    /**
     * Rearranges positions {@code [start, start + count)} so that position {@code start + i} holds what position
     * {@code from[i]} (one of them) held, through a scratch array of {@code count} values kept for the next call.
     */
    abstract void gatherRange(int[] from, int start, int count);

    final boolean belongsTo(SparseSet set) {
        return owner == set;
    }
}
