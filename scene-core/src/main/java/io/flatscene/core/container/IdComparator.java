package io.flatscene.core.container;

/**
 * Orders two ids of a {@link SparseSet}, as {@link java.util.Comparator#compare} orders objects. A comparator that
 * reads the set's columns should find an id's values through {@link SparseSet#indexOf(int)}: every sort keeps that
 * lookup pointing at the id's values for as long as it compares.
 */
@FunctionalInterface
public interface IdComparator {
    int compare(int idA, int idB);
}
