package io.flatscene.core.container;

import java.util.Arrays;
import java.util.Objects;

/**
 * Generational handles: stable 64-bit ids for objects whose storage slot moves (swap-and-pop moves them), so a
 * handle to a destroyed object is detected in O(1) and never reaches the object that later reuses its entry.
 *
 * <p>A handle packs an entry index (low 32 bits) and that entry's version (high 32 bits). The entry holds the
 * object's current slot, which the object's owner updates with {@link #setSlot} whenever it moves the object: this is
 * the id → slot table that lets references by id survive swap-and-pop. Entries live in a {@link DeadEntryVector}, so
 * released entries form its free list and are reused, newest first; releasing bumps the entry's version so every
 * handle to the old occupant goes stale. An entry whose version reaches the maximum is retired instead of reused:
 * its version is set to {@link #RETIRED} and it never becomes valid again, rather than wrapping round to a version
 * an old handle still holds. Versions start at 1, so the handle {@link #NULL} (0) is never valid.
 */
public final class HandleTable {
    /** The handle that never refers to anything. */
    public static final long NULL = 0L;
    /** The version of a retired entry. */
    static final int RETIRED = 0;
    private static final int FIRST_VERSION = 1;

    private final String name;
    private final GrowthPolicy policy;
    private final int maxVersion;
    private final DeadEntryVector slots;
    private int[] versions;
    private int live;
    private int retired;

    public HandleTable(String name, int capacity, GrowthPolicy policy) {
        this(name, capacity, policy, Integer.MAX_VALUE);
    }

    /** @param maxVersion the version past which an entry is retired; small values let tests reach it */
    HandleTable(String name, int capacity, GrowthPolicy policy, int maxVersion) {
        this.name = Objects.requireNonNull(name, "name");
        this.policy = Objects.requireNonNull(policy, "policy");
        if (maxVersion < FIRST_VERSION) {
            throw new IllegalArgumentException(name + ": maxVersion " + maxVersion + " must be >= " + FIRST_VERSION);
        }
        this.maxVersion = maxVersion;
        this.slots = new DeadEntryVector(name, capacity, policy);
        this.versions = new int[slots.capacity()];
    }

    public static int indexOf(long handle) {
        return (int) handle;
    }

    public static int versionOf(long handle) {
        return (int) (handle >>> 32);
    }

    static long pack(int index, int version) {
        return ((long) version << 32) | (index & 0xFFFF_FFFFL);
    }

    /**
     * Issues a handle for an object stored at {@code slot}.
     *
     * @throws IllegalArgumentException  if {@code slot} is negative
     * @throws CapacityExceededException if every entry is in use under {@link GrowthPolicy#FAIL}
     */
    public long create(int slot) {
        checkSlot(slot);
        int index = slots.addEntry();
        if (index >= versions.length) {
            versions = Arrays.copyOf(versions, slots.capacity());
        }
        if (versions[index] == 0) {
            // A never-used entry: reused entries keep the version their release bumped, retired ones are never
            // handed out again because they never join the free list.
            versions[index] = FIRST_VERSION;
        }
        slots.set(index, slot);
        live++;
        return pack(index, versions[index]);
    }

    /** Whether the handle refers to a live object: O(1). */
    public boolean isValid(long handle) {
        int index = indexOf(handle);
        int version = versionOf(handle);
        return index >= 0 && index < slots.size() && version != RETIRED && versions[index] == version
                && !slots.entryIsDead(index);
    }

    /** The slot of the object the handle refers to, or -1 if the handle is stale. */
    public int slotOf(long handle) {
        return isValid(handle) ? slots.get(indexOf(handle)) : -1;
    }

    /**
     * The slot of the object the handle refers to.
     *
     * @throws IllegalStateException if the handle is stale, naming it
     */
    public int requireSlot(long handle) {
        if (!isValid(handle)) {
            throw new IllegalStateException(name + ": handle " + describe(handle)
                    + " refers to an object that no longer exists");
        }
        return slots.get(indexOf(handle));
    }

    /** Records that the handle's object now lives at {@code slot}. */
    public void setSlot(long handle, int slot) {
        checkSlot(slot);
        requireSlot(handle);
        slots.set(indexOf(handle), slot);
    }

    /**
     * The slot recorded at a bare entry index, for an owner that keeps indices of objects it knows are alive (a
     * child's reference to its parent) and must not pay for version checks in a per-frame pass.
     *
     * @throws IllegalStateException if the entry is free or retired
     */
    public int slotAt(int index) {
        int slot = slots.get(index);
        if (slot < 0) {
            throw new IllegalStateException(name + ": entry " + index + " is retired");
        }
        return slot;
    }

    /**
     * Records the slot at a bare entry index: the owner's one fix-up after it moves an object.
     *
     * @throws IllegalStateException if the entry is free or retired
     */
    public void setSlotAt(int index, int slot) {
        checkSlot(slot);
        slotAt(index);
        slots.set(index, slot);
    }

    /** The handle of the live object at a bare entry index, as {@link #create} returned it. */
    public long handleAt(int index) {
        slotAt(index);
        return pack(index, versions[index]);
    }

    /**
     * Ends the handle: it and every copy of it go stale, and its entry is reused by a later {@link #create} unless
     * its version is exhausted, in which case it is retired.
     *
     * @throws IllegalStateException if the handle is already stale
     */
    public void release(long handle) {
        requireSlot(handle);
        int index = indexOf(handle);
        live--;
        if (versions[index] >= maxVersion) {
            versions[index] = RETIRED;
            slots.set(index, -1);
            retired++;
        } else {
            versions[index]++;
            slots.markAsDead(index);
        }
    }

    /** The number of live handles. */
    public int size() {
        return live;
    }

    /** The number of entries retired because their version was exhausted. */
    public int retiredCount() {
        return retired;
    }

    /**
     * Checks the entry table: every live entry has a version in range and a slot {@code >= 0}, every retired entry
     * is live in the vector with slot -1, and the counts agree; then validates the underlying vector.
     *
     * @throws IllegalStateException naming the first broken invariant
     */
    public void validate() {
        slots.validate();
        int liveSeen = 0;
        int retiredSeen = 0;
        for (int index = 0; index < slots.size(); index++) {
            if (slots.entryIsDead(index)) {
                if (versions[index] <= RETIRED || versions[index] > maxVersion) {
                    throw new IllegalStateException(name + ": free entry " + index + " has version "
                            + versions[index] + " outside 1.." + maxVersion);
                }
                continue;
            }
            int slot = slots.get(index);
            if (versions[index] == RETIRED) {
                if (slot != -1) {
                    throw new IllegalStateException(name + ": retired entry " + index + " still points at slot "
                            + slot);
                }
                retiredSeen++;
            } else if (slot < 0 || versions[index] > maxVersion) {
                throw new IllegalStateException(name + ": live entry " + index + " has slot " + slot
                        + " and version " + versions[index]);
            } else {
                liveSeen++;
            }
        }
        if (liveSeen != live || retiredSeen != retired) {
            throw new IllegalStateException(name + ": counted " + liveSeen + " live and " + retiredSeen
                    + " retired entries but recorded " + live + " and " + retired);
        }
    }

    /** A handle as a reader wants it in a message: {@code index:version}. */
    public static String describe(long handle) {
        return indexOf(handle) + ":" + versionOf(handle);
    }

    private void checkSlot(int slot) {
        if (slot < 0) {
            throw new IllegalArgumentException(name + ": slot " + slot + " must be >= 0");
        }
    }

    @Override
    public String toString() {
        return "HandleTable[" + name + ", " + live + " live, " + retired + " retired]";
    }
}
