package io.flatscene.core.container;

/**
 * Orders two ids of a {@link SparseSet}, as {@link java.util.Comparator#compare} orders objects. A comparator that
 * reads the set's columns should find an id's values through {@link SparseSet#indexOf(int)}: every sort keeps that
 * lookup pointing at the id's values for as long as it compares.
 */
@FunctionalInterface
public interface IdComparator {
    /**
     * Compares two ids of the set being sorted.
     *
     * @param idA an id in the set
     * @param idB another id in the set (or the same one)
     * @return negative if {@code idA} goes first, positive if {@code idB} does, 0 if either order will do
     */
    int compare(int idA, int idB);
}
