package io.flatscene.core.container;

import java.util.Arrays;
import java.util.Objects;

/**
 * Generational handles: stable 64-bit ids for objects whose storage index moves (swap-and-pop moves them), so a
 * handle to a destroyed object is detected in O(1) and never reaches the object that later reuses its entry.
 *
 * <p>A handle packs an entry id (low 32 bits) and that entry's version (high 32 bits). The entry holds the
 * object's current index, which the object's owner updates with {@link #setIndex} whenever it moves the object: this is
 * the id → index table that lets references by id survive swap-and-pop. Entries live in a {@link DeadEntryVector}, so
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
    private final DeadEntryVector entries;
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
        this.entries = new DeadEntryVector(name, capacity, policy);
        this.versions = new int[entries.capacity()];
    }

    public static int idOf(long handle) {
        return (int) handle;
    }

    public static int versionOf(long handle) {
        return (int) (handle >>> 32);
    }

    static long pack(int id, int version) {
        return ((long) version << 32) | (id & 0xFFFF_FFFFL);
    }

    /**
     * Issues a handle for an object stored at {@code index}.
     *
     * @throws IllegalArgumentException  if {@code index} is negative
     * @throws CapacityExceededException if every entry is in use under {@link GrowthPolicy#FAIL}
     */
    public long create(int index) {
        checkIndex(index);
        int id = entries.addEntry();
        if (id >= versions.length) {
            versions = Arrays.copyOf(versions, entries.capacity());
        }
        if (versions[id] == 0) {
            // A never-used entry: reused entries keep the version their release bumped, retired ones are never
            // handed out again because they never join the free list.
            versions[id] = FIRST_VERSION;
        }
        entries.set(id, index);
        live++;
        return pack(id, versions[id]);
    }

    /** Whether the handle refers to a live object: O(1). */
    public boolean isValid(long handle) {
        int id = idOf(handle);
        int version = versionOf(handle);
        return id >= 0 && id < entries.size() && version != RETIRED && versions[id] == version
                && !entries.entryIsDead(id);
    }

    /**
     * The index of the object the handle refers to, or -1 if the handle is stale: one version check and one read,
     * since a free entry's value is below -1 and a retired one's version matches no handle. An entry never handed out
     * has version {@link #RETIRED} too, so the version check alone refuses ids past the entries in use.
     */
    public int indexOf(long handle) {
        int id = idOf(handle);
        int version = versionOf(handle);
        int[] versions = this.versions;
        if (id < 0 || id >= versions.length || version == RETIRED || versions[id] != version) {
            return -1;
        }
        return Math.max(entries.rawValue(id), -1);
    }

    /**
     * The index of the object the handle refers to.
     *
     * @throws IllegalStateException if the handle is stale, naming it
     */
    public int requireIndex(long handle) {
        if (!isValid(handle)) {
            throw new IllegalStateException(name + ": handle " + describe(handle)
                    + " refers to an object that no longer exists");
        }
        return entries.get(idOf(handle));
    }

    /** Records that the handle's object now lives at {@code index}. */
    public void setIndex(long handle, int index) {
        checkIndex(index);
        requireIndex(handle);
        entries.set(idOf(handle), index);
    }

    /**
     * The index recorded at a bare entry id, for an owner that keeps indices of objects it knows are alive (a
     * child's reference to its parent) and must not pay for version checks in a per-frame pass.
     *
     * @throws IllegalStateException if the entry is free or retired
     */
    public int indexAt(int id) {
        int index = entries.get(id);
        if (index < 0) {
            throw new IllegalStateException(name + ": entry " + id + " is retired");
        }
        return index;
    }

    /**
     * Records the index at a bare entry id: the owner's one fix-up after it moves an object.
     *
     * @throws IllegalStateException if the entry is free or retired
     */
    public void setIndexAt(int id, int index) {
        checkIndex(index);
        indexAt(id);
        entries.set(id, index);
    }

    /** The handle of the live object at a bare entry id, as {@link #create} returned it. */
    public long handleAt(int id) {
        indexAt(id);
        return pack(id, versions[id]);
    }

    /**
     * Ends the handle: it and every copy of it go stale, and its entry is reused by a later {@link #create} unless
     * its version is exhausted, in which case it is retired.
     *
     * @throws IllegalStateException if the handle is already stale
     */
    public void release(long handle) {
        requireIndex(handle);
        int id = idOf(handle);
        live--;
        if (versions[id] >= maxVersion) {
            versions[id] = RETIRED;
            entries.set(id, -1);
            retired++;
        } else {
            versions[id]++;
            entries.markAsDead(id);
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
     * Checks the entry table: every live entry has a version in range and a index {@code >= 0}, every retired entry
     * is live in the vector with index -1, and the counts agree; then validates the underlying vector.
     *
     * @throws IllegalStateException naming the first broken invariant
     */
    public void validate() {
        entries.validate();
        int liveSeen = 0;
        int retiredSeen = 0;
        for (int id = 0; id < entries.size(); id++) {
            if (entries.entryIsDead(id)) {
                if (versions[id] <= RETIRED || versions[id] > maxVersion) {
                    throw new IllegalStateException(name + ": free entry " + id + " has version "
                            + versions[id] + " outside 1.." + maxVersion);
                }
                continue;
            }
            int index = entries.get(id);
            if (versions[id] == RETIRED) {
                if (index != -1) {
                    throw new IllegalStateException(name + ": retired entry " + id + " still points at index "
                            + index);
                }
                retiredSeen++;
            } else if (index < 0 || versions[id] > maxVersion) {
                throw new IllegalStateException(name + ": live entry " + id + " has index " + index
                        + " and version " + versions[id]);
            } else {
                liveSeen++;
            }
        }
        if (liveSeen != live || retiredSeen != retired) {
            throw new IllegalStateException(name + ": counted " + liveSeen + " live and " + retiredSeen
                    + " retired entries but recorded " + live + " and " + retired);
        }
    }

    /** A handle as a reader wants it in a message: {@code id:version}. */
    public static String describe(long handle) {
        return idOf(handle) + ":" + versionOf(handle);
    }

    private void checkIndex(int index) {
        if (index < 0) {
            throw new IllegalArgumentException(name + ": index " + index + " must be >= 0");
        }
    }

    @Override
    public String toString() {
        return "HandleTable[" + name + ", " + live + " live, " + retired + " retired]";
    }
}
