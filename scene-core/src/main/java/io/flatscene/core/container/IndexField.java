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
    int get(E element);

    void set(E element, int index);

    /** The field read by {@code getter} and written by {@code setter}. */
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
