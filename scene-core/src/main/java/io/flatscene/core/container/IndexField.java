package io.flatscene.core.container;

/**
 * Reads and writes the field in which an element remembers its position in one {@link SwapPopArray}: Ogre 2.0's
 * {@code mGlobalIndex} for the global array, {@code mParentIndex} for a parent's child list. Giving each array its
 * own field is what lets one element live in several swap-and-pop arrays at once.
 *
 * <p>The field holds {@link Index#NONE} while the element is in no array that uses this field. Only
 * {@code SwapPopArray} writes it.
 *
 * @param <E> the element type
 */
public interface IndexField<E> {
    int get(E element);

    void set(E element, int index);
}
