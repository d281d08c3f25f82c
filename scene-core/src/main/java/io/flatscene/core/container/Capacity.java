package io.flatscene.core.container;

import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;

/**
 * The one place where FlatScene storage decides how far to grow, so that the growth factor, the upper bound and the
 * WARN line read the same whatever structure outgrew its declared capacity.
 */
public final class Capacity {
    private static final Logger LOG = LogManager.getLogger(Capacity.class);

    /** The largest array length every JVM accepts. */
    public static final int MAX_ARRAY_LENGTH = Integer.MAX_VALUE - 8;
    /**
     * The most entries one scene store holds (the nodes' transform slots, or the objects of one kind): one array holds
     * up to 16 values an entry (a node's world matrix, 12 floats in blocks of eight lanes), and each must stay within
     * {@link #MAX_ARRAY_LENGTH}.
     */
    public static final int MAX_STORE_SIZE = MAX_ARRAY_LENGTH / 16;

    private Capacity() {
    }

    /**
     * Checks a capacity declared at construction.
     *
     * @param name     names the structure in the exception's message
     * @param capacity the declared capacity
     * @return {@code capacity}, unchanged
     * @throws IllegalArgumentException if {@code capacity} is outside 0 to {@link #MAX_ARRAY_LENGTH}
     */
    public static int checkInitial(String name, int capacity) {
        if (capacity < 0 || capacity > MAX_ARRAY_LENGTH) {
            throw new IllegalArgumentException(name + ": capacity " + capacity + " must be between 0 and "
                    + MAX_ARRAY_LENGTH);
        }
        return capacity;
    }

    /**
     * The capacity to grow to so that {@code required} elements fit, or an exception when the policy forbids it.
     * Growth is by half (at least to {@code required}), so appends stay amortised O(1) when the game under-declared.
     *
     * @param name     names the structure in the WARN line and the exception
     * @param policy   the structure's growth policy: {@link GrowthPolicy#GROW} logs, {@code ON_DEMAND} does not
     * @param current  the current capacity, 0 or more
     * @param required the number of elements that must fit, above {@code current}
     * @return the new capacity, {@code required} to {@link #MAX_ARRAY_LENGTH}
     * @throws CapacityExceededException under {@link GrowthPolicy#FAIL}, or if {@code required} exceeds
     *                                   {@link #MAX_ARRAY_LENGTH}
     */
    public static int grow(String name, GrowthPolicy policy, int current, int required) {
        return grow(name, policy, current, required, MAX_ARRAY_LENGTH);
    }

    /**
     * As {@link #grow(String, GrowthPolicy, int, int)}, for a structure that holds fewer than
     * {@link #MAX_ARRAY_LENGTH} elements because one of its arrays takes several values an element.
     *
     * @param name     names the structure in the WARN line and the exception
     * @param policy   the structure's growth policy: {@link GrowthPolicy#GROW} logs, {@code ON_DEMAND} does not
     * @param current  the current capacity, 0 to {@code limit}
     * @param required the number of elements that must fit, above {@code current}
     * @param limit    the most elements the structure can hold, 0 to {@link #MAX_ARRAY_LENGTH}
     * @return the new capacity, {@code required} to {@code limit}
     * @throws CapacityExceededException under {@link GrowthPolicy#FAIL}, or if {@code required} exceeds
     *                                   {@code limit}
     */
    public static int grow(String name, GrowthPolicy policy, int current, int required, int limit) {
        int next = next(name, policy, current, required, limit);
        if (policy == GrowthPolicy.ON_DEMAND) {
            return next;
        }
        LOG.warn("{} grew from {} to {}: declare a larger capacity at startup to avoid this copy", name, current, next);
        return next;
    }

    /**
     * The same decision as {@link #grow} without the WARN line, for storage that grows in step with another
     * structure which already logs it.
     *
     * @param name     names the structure in the exception
     * @param policy   the structure's growth policy
     * @param current  the current capacity, 0 or more
     * @param required the number of elements that must fit, above {@code current}
     * @return the new capacity, {@code required} to {@link #MAX_ARRAY_LENGTH}
     * @throws CapacityExceededException under {@link GrowthPolicy#FAIL}, or if {@code required} exceeds
     *                                   {@link #MAX_ARRAY_LENGTH}
     */
    public static int next(String name, GrowthPolicy policy, int current, int required) {
        return next(name, policy, current, required, MAX_ARRAY_LENGTH);
    }

    /**
     * As {@link #grow(String, GrowthPolicy, int, int, int)}, without the WARN line.
     *
     * @param name     names the structure in the exception
     * @param policy   the structure's growth policy
     * @param current  the current capacity, 0 to {@code limit}
     * @param required the number of elements that must fit, above {@code current}
     * @param limit    the most elements the structure can hold, 0 to {@link #MAX_ARRAY_LENGTH}
     * @return the new capacity, {@code required} to {@code limit}
     * @throws CapacityExceededException under {@link GrowthPolicy#FAIL}, or if {@code required} exceeds
     *                                   {@code limit}
     */
    public static int next(String name, GrowthPolicy policy, int current, int required, int limit) {
        if (required > limit) {
            throw CapacityExceededException.atLimit(name, current, limit);
        }
        if (policy == GrowthPolicy.FAIL) {
            throw new CapacityExceededException(name, current);
        }
        long proposed = Math.max((long) required, current + (current >> 1) + 1L);
        return (int) Math.min(proposed, limit);
    }
}
