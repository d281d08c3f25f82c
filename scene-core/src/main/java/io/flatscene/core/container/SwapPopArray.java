package io.flatscene.core.container;

import java.util.Arrays;
import java.util.Objects;

/**
 * An unordered array with O(1) append and O(1) removal by swap-and-pop, from Ogre 2.0's article on O(1) insertion
 * and removal (see docs/references.md).
 *
 * <p>Each element records its own position through an {@link IndexField}, so {@link #remove(Object)} finds it
 * without a search. The invariant this class alone keeps: for every {@code i < size()},
 * {@code indexField.get(get(i)) == i}, and every element it removed reads {@link Index#NONE}. The only
 * writes of the field are in {@link #add}, {@link #removeAt} and {@link #clear}: the article's warning that a forgotten
 * index update "is a pita to find" is answered by there being no other place to forget it.
 *
 * <p>Removal while iterating follows the article's {@code efficientVectorRemove}: {@link #removeAt(int)} returns the
 * position to look at next, which now holds the element that was last:
 * <pre>{@code
 * for (int i = 0; i < array.size(); ) {
 *     i = shouldGo(array.get(i)) ? array.removeAt(i) : i + 1;
 * }
 * }</pre>
 *
 * @param <E> the element type; elements are compared by identity
 */
public final class SwapPopArray<E> {
    private final String name;
    private final GrowthPolicy policy;
    private final IndexField<E> indexField;
    private Object[] elements;
    private int size;

    /**
     * @param name       names this array in exceptions and the growth warning (a configuration key, say)
     * @param capacity   the number of elements to hold before growing
     * @param policy     what to do when an add finds the array full
     * @param indexField the element field this array keeps equal to each element's position
     */
    public SwapPopArray(String name, int capacity, GrowthPolicy policy, IndexField<E> indexField) {
        this.name = Objects.requireNonNull(name, "name");
        this.policy = Objects.requireNonNull(policy, "policy");
        this.indexField = Objects.requireNonNull(indexField, "indexField");
        this.elements = new Object[Capacity.checkInitial(name, capacity)];
    }

    /** {@return the name given at construction, used in exceptions and the growth warning} */
    public String name() {
        return name;
    }

    /** {@return the number of elements stored, 0 to {@link #capacity()}} */
    public int size() {
        return size;
    }

    /** {@return whether no element is stored} */
    public boolean isEmpty() {
        return size == 0;
    }

    /** {@return the number of elements this array holds before it must grow} */
    public int capacity() {
        return elements.length;
    }

    /**
     * Reads an element by position, in O(1). Positions change when an element is removed: the last one moves into
     * the hole.
     *
     * @param index the element's position, 0 to {@code size() - 1}
     * @return the element at that position
     * @throws IndexOutOfBoundsException if {@code index} is outside 0 to {@code size() - 1}
     */
    @SuppressWarnings("unchecked")
    public E get(int index) {
        Objects.checkIndex(index, size);
        return (E) elements[index];
    }

    /**
     * Whether this very element is stored here: O(1), through its index field.
     *
     * @param element the element to look for; its index field is read, so it must not be null
     * @return whether this array holds this very element (by identity) at the position its index field records
     */
    public boolean contains(E element) {
        int index = indexField.get(element);
        return index >= 0 && index < size && elements[index] == element;
    }

    /**
     * Appends the element in O(1) (O(n) once if the array must grow) and returns its position, which is also
     * written to its index field.
     *
     * @param element the element to append, not null, whose index field reads {@link Index#NONE}
     * @return the element's position, 0 to {@code size() - 1}
     * @throws IllegalStateException      if the element's index field is not {@link Index#NONE}: it is
     *                                    already in this array or in another that shares the field
     * @throws CapacityExceededException  if the array is full under {@link GrowthPolicy#FAIL}
     */
    public int add(E element) {
        Objects.requireNonNull(element, "element");
        int recorded = indexField.get(element);
        if (recorded != Index.NONE) {
            throw new IllegalStateException(name + ": cannot add " + element + ": its index field already records "
                    + "position " + recorded + ", so it is stored in this or another array using the same field");
        }
        if (size == elements.length) {
            int grown = Capacity.grow(name, policy, elements.length, size + 1);
            elements = Arrays.copyOf(elements, grown);
        }
        int index = size++;
        elements[index] = element;
        indexField.set(element, index);
        return index;
    }

    /**
     * Removes the element in O(1) by moving the last element into its place.
     *
     * @param element the element to remove, not null; its index field reads {@link Index#NONE} afterwards
     * @return the position that now holds the element that was last (the next one to visit when iterating)
     * @throws IllegalStateException if the element does not sit at the position its index field records
     */
    public int remove(E element) {
        Objects.requireNonNull(element, "element");
        int index = indexField.get(element);
        if (index < 0 || index >= size || elements[index] != element) {
            throw new IllegalStateException(name + ": cannot remove " + element + ": its index field records "
                    + "position " + index + " but " + describePosition(index)
                    + "; the element is not stored here or its index is stale");
        }
        return removeAt(index);
    }

    /**
     * Removes the element at {@code index} by swap-and-pop.
     *
     * @param index the position of the element to remove, 0 to {@code size() - 1}
     * @return {@code index}, which now holds the element that was last, or equals the new size if the removed
     * element was the last
     */
    public int removeAt(int index) {
        Objects.checkIndex(index, size);
        @SuppressWarnings("unchecked")
        E removed = (E) elements[index];
        int last = --size;
        if (index != last) {
            @SuppressWarnings("unchecked")
            E moved = (E) elements[last];
            elements[index] = moved;
            // The moved element's recorded position is now wrong; this is the one fix-up the article warns about.
            indexField.set(moved, index);
        }
        elements[last] = null;
        indexField.set(removed, Index.NONE);
        return index;
    }

    /** Removes every element, resetting each one's index field. */
    public void clear() {
        for (int i = 0; i < size; i++) {
            @SuppressWarnings("unchecked")
            E element = (E) elements[i];
            indexField.set(element, Index.NONE);
            elements[i] = null;
        }
        size = 0;
    }

    /**
     * Checks every invariant: each stored element is non-null, records its own position, and is stored once; the
     * positions past the size hold nothing.
     *
     * @throws IllegalStateException naming the first broken invariant
     */
    public void validate() {
        if (size < 0 || size > elements.length) {
            throw new IllegalStateException(name + ": size " + size + " outside capacity " + elements.length);
        }
        for (int i = 0; i < size; i++) {
            @SuppressWarnings("unchecked")
            E element = (E) elements[i];
            if (element == null) {
                throw new IllegalStateException(name + ": null element at position " + i);
            }
            int recorded = indexField.get(element);
            if (recorded != i) {
                throw new IllegalStateException(name + ": element " + element + " at position " + i
                        + " records position " + recorded);
            }
        }
        for (int i = size; i < elements.length; i++) {
            if (elements[i] != null) {
                throw new IllegalStateException(name + ": position " + i + " past the size " + size
                        + " still references " + elements[i]);
            }
        }
    }

    private String describePosition(int index) {
        if (index < 0 || index >= size) {
            return "the array holds positions 0 to " + (size - 1);
        }
        return "that position holds " + elements[index];
    }

    @Override
    public String toString() {
        return "SwapPopArray[" + name + ", size " + size + ", capacity " + elements.length + "]";
    }
}
