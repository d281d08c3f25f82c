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
 *
 * <p>A table may be given a kind (1 to {@link #MAX_KIND}), carried in the top {@value #KIND_BITS} bits of every handle
 * it issues, so that a handle of one kind (a node's) is never valid in the table of another (the items'), even where
 * id and version happen to match. The kind and the version share the high 32 bits, so the one comparison that checks
 * the version checks the kind too, and versions count up to {@link #MAX_VERSION}.
 */
public final class HandleTable {
    /** The handle that never refers to anything. */
    public static final long NULL = 0L;
    /** The version of a retired entry. */
    static final int RETIRED = 0;
    static final int KIND_BITS = 3;
    /** The greatest kind a table can have ({@value}): the kind takes the top {@value #KIND_BITS} bits of a handle. */
    public static final int MAX_KIND = (1 << KIND_BITS) - 1;
    /** The greatest version a handle can carry beside its kind. */
    public static final int MAX_VERSION = (1 << (Integer.SIZE - KIND_BITS)) - 1;
    private static final int FIRST_VERSION = 1;

    private final String name;
    private final GrowthPolicy policy;
    private final int maxVersion;
    /** The kind, shifted to its place in the high 32 bits of a handle. */
    private final int kindBits;
    private final DeadEntryVector entries;
    /** Per entry, the high 32 bits of its live handle: kind and version; {@link #RETIRED} for a retired entry. */
    private int[] versions;
    private int live;
    private int retired;

    /**
     * A table without a kind (kind 0), whose handles are valid in any table where id and version match.
     *
     * @param name     names the table in exceptions and the growth warning
     * @param capacity the number of entries to hold before growing
     * @param policy   what to do when {@link #create} finds every entry in use
     */
    public HandleTable(String name, int capacity, GrowthPolicy policy) {
        this(name, capacity, policy, 0, MAX_VERSION);
    }

    /** @param maxVersion the version past which an entry is retired; small values let tests reach it */
    HandleTable(String name, int capacity, GrowthPolicy policy, int maxVersion) {
        this(name, capacity, policy, 0, maxVersion);
    }

    private HandleTable(String name, int capacity, GrowthPolicy policy, int kind, int maxVersion) {
        this.name = Objects.requireNonNull(name, "name");
        this.policy = Objects.requireNonNull(policy, "policy");
        if (maxVersion < FIRST_VERSION || maxVersion > MAX_VERSION) {
            throw new IllegalArgumentException(name + ": maxVersion " + maxVersion + " must be in " + FIRST_VERSION
                    + ".." + MAX_VERSION);
        }
        if (kind < 0 || kind > MAX_KIND) {
            throw new IllegalArgumentException(name + ": kind " + kind + " must be in 0.." + MAX_KIND);
        }
        this.maxVersion = maxVersion;
        this.kindBits = kind << (Integer.SIZE - KIND_BITS);
        this.entries = new DeadEntryVector(name, capacity, policy);
        this.versions = new int[entries.capacity()];
    }

    /**
     * A table whose handles carry {@code kind}, so that they are never valid in a table of another kind.
     *
     * @param kind 1 to {@link #MAX_KIND} (0 is a table without a kind)
     * @param name     names the table in exceptions and the growth warning
     * @param capacity the number of entries to hold before growing
     * @param policy   what to do when {@link #create} finds every entry in use
     * @return a new, empty table
     * @throws IllegalArgumentException if {@code kind} is outside 0 to {@link #MAX_KIND}
     */
    public static HandleTable ofKind(String name, int capacity, GrowthPolicy policy, int kind) {
        return new HandleTable(name, capacity, policy, kind, MAX_VERSION);
    }

    /**
     * The entry id a handle packs in its low 32 bits.
     *
     * @param handle any handle, stale or not
     * @return the entry id, 0 or more for a handle a table issued
     */
    public static int idOf(long handle) {
        return (int) handle;
    }

    /**
     * The version a handle packs beside its kind.
     *
     * @param handle any handle, stale or not
     * @return the version, 1 to {@link #MAX_VERSION} for a handle a table issued; 0 for {@link #NULL}
     */
    public static int versionOf(long handle) {
        return (int) (handle >>> 32) & MAX_VERSION;
    }

    /**
     * The kind of table that issued the handle (0 when that table has none).
     *
     * @param handle any handle, stale or not
     * @return the kind, 0 to {@link #MAX_KIND}
     */
    public static int kindOf(long handle) {
        return (int) (handle >>> (Long.SIZE - KIND_BITS));
    }

    /** @param stamp the high 32 bits: kind and version */
    static long pack(int id, int stamp) {
        return ((long) stamp << 32) | (id & 0xFFFF_FFFFL);
    }

    /** The high 32 bits of a handle: its kind and version, compared with an entry's in one go. */
    private static int stampOf(long handle) {
        return (int) (handle >>> 32);
    }

    /**
     * Issues a handle for an object stored at {@code index}.
     *
     * @param index the object's current position in its owner's storage, 0 or more
     * @return the new handle, never {@link #NULL}
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
            versions[id] = kindBits | FIRST_VERSION;
        }
        entries.set(id, index);
        live++;
        return pack(id, versions[id]);
    }

    /**
     * Whether the handle refers to a live object: O(1).
     *
     * @param handle any handle, {@link #NULL} and handles from other tables included
     * @return whether it was issued by this table (same kind) and not yet released
     */
    public boolean isValid(long handle) {
        int id = idOf(handle);
        int stamp = stampOf(handle);
        return id >= 0 && id < entries.size() && stamp != RETIRED && versions[id] == stamp
                && !entries.entryIsDead(id);
    }

    /**
     * The index of the object the handle refers to, or -1 if the handle is stale: one version check and one read,
     * since a free entry's value is below -1 and a retired one's version matches no handle. An entry never handed out
     * has version {@link #RETIRED} too, so the version check alone refuses ids past the entries in use.
     *
     * @param handle any handle, {@link #NULL} and handles from other tables included
     * @return the object's index, 0 or more, or -1 if the handle is stale, released or not from this table
     */
    public int indexOf(long handle) {
        int id = idOf(handle);
        int stamp = stampOf(handle);
        int[] versions = this.versions;
        if (id < 0 || id >= versions.length || stamp == RETIRED || versions[id] != stamp) {
            return -1;
        }
        return Math.max(entries.rawValue(id), -1);
    }

    /**
     * The index of the object the handle refers to.
     *
     * @param handle a live handle of this table
     * @return the object's index, 0 or more
     * @throws IllegalStateException if the handle is stale, naming it
     */
    public int requireIndex(long handle) {
        if (!isValid(handle)) {
            throw new IllegalStateException(name + ": handle " + describe(handle)
                    + " refers to an object that no longer exists");
        }
        return entries.get(idOf(handle));
    }

    /**
     * Records that the handle's object now lives at {@code index}.
     *
     * @param handle a live handle of this table
     * @param index  the object's new position, 0 or more
     * @throws IllegalArgumentException if {@code index} is negative
     * @throws IllegalStateException    if the handle is stale
     */
    public void setIndex(long handle, int index) {
        checkIndex(index);
        requireIndex(handle);
        entries.set(idOf(handle), index);
    }

    /**
     * The index recorded at a bare entry id, for an owner that keeps indices of objects it knows are alive (a
     * child's reference to its parent) and must not pay for version checks in a per-frame pass.
     *
     * @param id an entry id, as {@link #idOf} extracts it from a live handle
     * @return the object's index, 0 or more
     * @throws IllegalStateException if the entry is free or retired
     * @throws IndexOutOfBoundsException if {@code id} is outside the entries ever issued
     */
    public int indexOfId(int id) {
        int index = entries.get(id);
        if (index < 0) {
            throw new IllegalStateException(name + ": entry " + id + " is retired");
        }
        return index;
    }

    /**
     * Records the index at a bare entry id: the owner's one fix-up after it moves an object.
     *
     * @param id    the entry id of a live object
     * @param index the object's new position, 0 or more
     * @throws IllegalStateException if the entry is free or retired
     * @throws IllegalArgumentException  if {@code index} is negative
     * @throws IndexOutOfBoundsException if {@code id} is outside the entries ever issued
     */
    public void setIndexOfId(int id, int index) {
        checkIndex(index);
        indexOfId(id);
        entries.set(id, index);
    }

    /**
     * The handle of the live object at a bare entry id, as {@link #create} returned it.
     *
     * @param id the entry id of a live object
     * @return its handle, current version and kind included
     * @throws IllegalStateException     if the entry is free or retired
     * @throws IndexOutOfBoundsException if {@code id} is outside the entries ever issued
     */
    public long handleOfId(int id) {
        indexOfId(id);
        return pack(id, versions[id]);
    }

    /**
     * Ends the handle: it and every copy of it go stale, and its entry is reused by a later {@link #create} unless
     * its version is exhausted, in which case it is retired.
     *
     * @param handle a live handle of this table
     * @throws IllegalStateException if the handle is already stale
     */
    public void release(long handle) {
        requireIndex(handle);
        int id = idOf(handle);
        live--;
        if ((versions[id] & MAX_VERSION) >= maxVersion) {
            versions[id] = RETIRED;
            entries.set(id, -1);
            retired++;
        } else {
            versions[id]++;
            entries.markAsDead(id);
        }
    }

    /**
     * The number of live handles.
     *
     * @return the number of handles created and not yet released
     */
    public int size() {
        return live;
    }

    /**
     * The number of entries retired because their version was exhausted.
     *
     * @return how many entries can never be reused; each costs one entry's memory for the table's life
     */
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
            int version = versions[id] & MAX_VERSION;
            if (versions[id] != RETIRED && (versions[id] & ~MAX_VERSION) != kindBits) {
                throw new IllegalStateException(name + ": entry " + id + " has kind "
                        + (versions[id] >>> (Integer.SIZE - KIND_BITS)) + " in a table of kind "
                        + (kindBits >>> (Integer.SIZE - KIND_BITS)));
            }
            if (entries.entryIsDead(id)) {
                if (version <= RETIRED || version > maxVersion) {
                    throw new IllegalStateException(name + ": free entry " + id + " has version "
                            + version + " outside 1.." + maxVersion);
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
            } else if (index < 0 || version > maxVersion) {
                throw new IllegalStateException(name + ": live entry " + id + " has index " + index
                        + " and version " + version);
            } else {
                liveSeen++;
            }
        }
        if (liveSeen != live || retiredSeen != retired) {
            throw new IllegalStateException(name + ": counted " + liveSeen + " live and " + retiredSeen
                    + " retired entries but recorded " + live + " and " + retired);
        }
    }

    /**
     * A handle as a reader wants it in a message: {@code id:version}.
     *
     * @param handle any handle
     * @return {@code id:version}, e.g. {@code 12:3}; the kind is left out
     */
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
