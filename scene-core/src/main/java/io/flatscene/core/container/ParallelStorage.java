package io.flatscene.core.container;

/**
 * Structure-of-arrays data kept beside a {@link SwapPopArray}, position for position: the element at position
 * {@code i} owns entry {@code i} of every parallel array. The array calls back here whenever it moves an element or
 * grows, so the data moves in the same one place as the element's index.
 */
public interface ParallelStorage {
    /** Grows every parallel array to hold {@code capacity} entries, keeping the first {@code size} of them. */
    void resize(int capacity);

    /** Copies entry {@code from} to entry {@code to}; {@code from} is vacated by a swap-and-pop removal. */
    void move(int from, int to);
}
