package io.flatscene.core.container;

/**
 * Thrown under {@link GrowthPolicy#FAIL} when an insertion would exceed the declared capacity, and under every policy
 * when it would take a container past the most any container can hold ({@link #atLimit}). The container that throws
 * it is unchanged.
 */
public final class CapacityExceededException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    /** The name of the capacity that ran out. */
    private final String capacityName;
    /** The capacity at the time of the refusal. */
    private final int capacity;

    /**
     * @param capacityName names the capacity that ran out, as given to the container (a configuration key, say)
     * @param capacity     the capacity the container holds, which the insertion would exceed
     */
    public CapacityExceededException(String capacityName, int capacity) {
        this(capacityName, capacity, capacityName + " is full at its capacity of " + capacity
                + " (growth policy FAIL): declare a larger capacity for " + capacityName);
    }

    private CapacityExceededException(String capacityName, int capacity, String message) {
        super(message);
        this.capacityName = capacityName;
        this.capacity = capacity;
    }

    /**
     * The refusal of a container that no growth policy can grow further: a larger declared capacity would not help,
     * so the message does not ask for one.
     *
     * @param capacityName names the capacity that ran out, as given to the container
     * @param capacity     the capacity the container holds
     * @param limit        the most the container can hold, in the same unit
     * @return the exception, to throw
     */
    public static CapacityExceededException atLimit(String capacityName, int capacity, long limit) {
        return new CapacityExceededException(capacityName, capacity, capacityName + " is full at " + capacity
                + ": it cannot grow past " + limit + ", the most one container can hold, under any growth policy");
    }

    /**
     * The name of the capacity that ran out, as given to the container (a configuration key, say).
     *
     * @return the name, as given to the container
     */
    public String capacityName() {
        return capacityName;
    }

    /** {@return the capacity that was full, in elements (ids, for a handle or id table)} */
    public int capacity() {
        return capacity;
    }
}
