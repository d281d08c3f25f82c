package io.flatscene.core.container;

import java.util.Arrays;
import java.util.Objects;

/**
 * PathEngine's "vector with dead entries", from Thomas Young's "Vector Hosted Lists" (see docs/references.md): a
 * growable array of int values {@code >= -1} whose entries can be marked dead in O(1) without moving the others, so
 * an entry's index stays a valid reference until {@link #consolidate()}.
 *
 * <p>Dead entries are chained into a free list stored in the dead entries themselves: a dead entry holds
 * {@code -3 - next}, where {@code next} is the index of the next dead entry or {@code -1} at the end of the chain.
 * Every encoded value is {@code <= -2}, which is why live values must be {@code >= -1}: the sign of
 * {@code value + 1} tells dead from live with no extra storage. {@link #addEntry()} reuses the most recently freed
 * entry first, as the article's does.
 *
 * <p>Iterate the live entries without allocating:
 * <pre>{@code
 * for (int i = v.nextLive(0); i < v.size(); i = v.nextLive(i + 1)) { ... v.get(i) ... }
 * }</pre>
 */
public final class DeadEntryVector {
    private final String name;
    private final GrowthPolicy policy;
    private int[] values;
    private int size;
    private int firstDead = Index.NONE;
    private int numberDead;

    /**
     * @param name     names the vector in exceptions and the growth warning
     * @param capacity the number of entries to hold before growing
     * @param policy   what to do when {@link #addEntry()} finds the vector full and no dead entry to reuse
     */
    public DeadEntryVector(String name, int capacity, GrowthPolicy policy) {
        this.name = Objects.requireNonNull(name, "name");
        this.policy = Objects.requireNonNull(policy, "policy");
        this.values = new int[Capacity.checkInitial(name, capacity)];
    }

    /**
     * The dead-entry encoding of a free-list link: {@code -3 - next}, {@code <= -2} for every index an array can have.
     */
    static int encodeLink(int next) {
        return -3 - next;
    }

    /** The inverse of {@link #encodeLink}: {@code decodeLink(encodeLink(x)) == x} for every {@code x >= -1}. */
    static int decodeLink(int encoded) {
        return -3 - encoded;
    }

    /**
     * The number of entries, dead ones included: the article's {@code size()}.
     *
     * @return the number of entries, live and dead; indices 0 to {@code size() - 1} are valid
     */
    public int size() {
        return size;
    }

    /** {@return whether there is no entry at all, live or dead} */
    public boolean isEmpty() {
        return size == 0;
    }

    /** {@return the number of dead entries waiting on the free list for reuse} */
    public int numberDead() {
        return numberDead;
    }

    /**
     * The number of live entries.
     *
     * @return {@code size() - numberDead()}
     */
    public int liveCount() {
        return size - numberDead;
    }

    /** {@return the number of entries held before the vector must grow} */
    public int capacity() {
        return values.length;
    }

    /**
     * Adds an entry holding {@code -1}, reusing the most recently freed entry when there is one.
     *
     * @return the index of the entry
     */
    public int addEntry() {
        int index;
        if (firstDead == Index.NONE) {
            if (size == values.length) {
                values = Arrays.copyOf(values, Capacity.grow(name, policy, values.length, size + 1));
            }
            index = size++;
        } else {
            index = firstDead;
            firstDead = decodeLink(values[index]);
            numberDead--;
        }
        values[index] = Index.NONE;
        return index;
    }

    /**
     * Marks a live entry dead in O(1), pushing it on the free list.
     *
     * @param index a live entry's index, 0 to {@code size() - 1}
     * @throws IllegalStateException if the entry is already dead: marking it again would corrupt the free list
     * @throws IndexOutOfBoundsException if {@code index} is outside 0 to {@code size() - 1}
     */
    public void markAsDead(int index) {
        checkLive(index, "mark as dead");
        values[index] = encodeLink(firstDead);
        firstDead = index;
        numberDead++;
    }

    /** The stored value of entry {@code index < size()}, live or dead (a dead one is below -1), without checks. */
    int rawValue(int index) {
        return values[index];
    }

    /**
     * Whether an entry is dead, in O(1).
     *
     * @param index the entry's index, 0 to {@code size() - 1}
     * @return whether it is dead (on the free list)
     * @throws IndexOutOfBoundsException if {@code index} is outside 0 to {@code size() - 1}
     */
    public boolean entryIsDead(int index) {
        Objects.checkIndex(index, size);
        return values[index] < Index.NONE;
    }

    /**
     * The value of a live entry.
     *
     * @param index a live entry's index, 0 to {@code size() - 1}
     * @return its value, -1 or more ({@code -1} until {@link #set} is called after {@link #addEntry()})
     * @throws IllegalStateException if the entry is dead
     * @throws IndexOutOfBoundsException if {@code index} is outside 0 to {@code size() - 1}
     */
    public int get(int index) {
        checkLive(index, "read");
        return values[index];
    }

    /**
     * Sets the value of a live entry.
     *
     * @param index a live entry's index, 0 to {@code size() - 1}
     * @param value the value, -1 or more
     * @throws IllegalArgumentException if {@code value < -1}: such values encode the free list
     * @throws IllegalStateException    if the entry is dead
     * @throws IndexOutOfBoundsException if {@code index} is outside 0 to {@code size() - 1}
     */
    public void set(int index, int value) {
        checkLive(index, "set");
        if (value < Index.NONE) {
            throw new IllegalArgumentException(name + ": cannot set entry " + index + " to " + value
                    + ": values must be >= -1, lower values encode the dead-entry free list");
        }
        values[index] = value;
    }

    /**
     * The index of the first live entry at or after {@code from}, or {@link #size()} if there is none.
     *
     * @param from the index to start at; a negative one starts at 0
     * @return the index of that live entry, or {@link #size()} if none is left
     */
    public int nextLive(int from) {
        int i = Math.max(from, 0);
        while (i < size && values[i] < Index.NONE) {
            i++;
        }
        return Math.min(i, size);
    }

    /**
     * Compacts the live entries to the front, keeping their order, and empties the free list.
     *
     * @return the remap table: for every old index, its new index, or -1 where the entry was dead
     */
    public int[] consolidate() {
        int[] remaps = new int[size];
        int remapped = 0;
        for (int i = 0; i < size; i++) {
            if (values[i] < Index.NONE) {
                remaps[i] = Index.NONE;
            } else {
                remaps[i] = remapped;
                values[remapped++] = values[i];
            }
        }
        size = remapped;
        firstDead = Index.NONE;
        numberDead = 0;
        return remaps;
    }

    /**
     * Checks that the free list visits every dead entry exactly once, reaches no live entry, ends, and that its
     * length is {@link #numberDead()}.
     *
     * @throws IllegalStateException naming the first broken invariant
     */
    public void validate() {
        if (size < 0 || size > values.length) {
            throw new IllegalStateException(name + ": size " + size + " outside capacity " + values.length);
        }
        int dead = 0;
        for (int i = 0; i < size; i++) {
            if (values[i] < Index.NONE) {
                dead++;
            }
        }
        if (dead != numberDead) {
            throw new IllegalStateException(name + ": " + dead + " entries are dead but numberDead is " + numberDead);
        }
        int visited = 0;
        for (int i = firstDead; i != Index.NONE; i = decodeLink(values[i])) {
            if (i < 0 || i >= size) {
                throw new IllegalStateException(name + ": free list reaches index " + i + " outside size " + size);
            }
            if (values[i] >= Index.NONE) {
                throw new IllegalStateException(name + ": free list reaches live entry " + i);
            }
            if (++visited > numberDead) {
                throw new IllegalStateException(name + ": free list is longer than numberDead " + numberDead
                        + " (a cycle, or a dead entry linked twice)");
            }
        }
        if (visited != numberDead) {
            throw new IllegalStateException(name + ": free list holds " + visited + " entries but numberDead is "
                    + numberDead);
        }
    }

    private void checkLive(int index, String action) {
        Objects.checkIndex(index, size);
        if (values[index] < Index.NONE) {
            throw new IllegalStateException(name + ": cannot " + action + " entry " + index + ": it is dead");
        }
    }

    @Override
    public String toString() {
        return "DeadEntryVector[" + name + ", size " + size + ", dead " + numberDead + "]";
    }
}
