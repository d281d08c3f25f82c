package io.flatscene.core.container;

import java.util.function.ObjIntConsumer;
import java.util.function.ToIntFunction;

/**
 * Reads and writes the field in which an element remembers its position in one {@link SwapPopArray}: Ogre 2.0's
 * {@code mGlobalIndex} for the global array, {@code mParentIndex} for a parent's child list. Giving each array its
 * own field is what lets one element live in several swap-and-pop arrays at once.
 *
 * <p>The field holds {@link Index#NONE} while the element is in no array that uses this field. Only the one
 * structure that holds the element at that index writes it: a {@code SwapPopArray}, or the scene's object store.
 *
 * @param <E> the element type
 */
public interface IndexField<E> {
    /**
     * Reads the element's position.
     *
     * @param element the element, not null
     * @return its position in the array that uses this field, 0 or more, or {@link Index#NONE} if it is in none
     */
    int get(E element);

    /**
     * Writes the element's position; called only by the structure that stores the element.
     *
     * @param element the element, not null
     * @param index   its new position, 0 or more, or {@link Index#NONE} when it leaves the array
     */
    void set(E element, int index);

    /**
     * The field read by {@code getter} and written by {@code setter}.
     *
     * @param <E>    the element type
     * @param getter reads the element's field, not null
     * @param setter writes the element's field, not null
     * @return a field that delegates to the two functions
     */
    static <E> IndexField<E> of(ToIntFunction<E> getter, ObjIntConsumer<E> setter) {
        return new IndexField<>() {
            @Override
            public int get(E element) {
                return getter.applyAsInt(element);
            }

            @Override
            public void set(E element, int index) {
                setter.accept(element, index);
            }
        };
    }
}
