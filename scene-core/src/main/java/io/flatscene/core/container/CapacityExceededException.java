package io.flatscene.core.container;

/**
 * Thrown under {@link GrowthPolicy#FAIL} when an insertion would exceed the declared capacity. The container that
 * throws it is unchanged.
 */
public final class CapacityExceededException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final String capacityName;
    private final int capacity;

    public CapacityExceededException(String capacityName, int capacity) {
        super(capacityName + " is full at its capacity of " + capacity
                + " (growth policy FAIL): declare a larger capacity for " + capacityName);
        this.capacityName = capacityName;
        this.capacity = capacity;
    }

    /** The name of the capacity that ran out, as given to the container (a configuration key, say). */
    public String capacityName() {
        return capacityName;
    }

    public int capacity() {
        return capacity;
    }
}
