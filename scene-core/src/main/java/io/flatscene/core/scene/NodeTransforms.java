package io.flatscene.core.scene;

import io.flatscene.core.container.Capacity;
import io.flatscene.core.container.GrowthPolicy;
import io.flatscene.core.container.HandleTable;
import java.util.Arrays;
import java.util.Objects;

/**
 * Every scene node's transform, in structure-of-arrays storage ordered by hierarchy depth.
 *
 * <h2>Layout</h2>
 * One set of primitive arrays, indexed by <em>slot</em>: local position (3 floats), orientation (unit quaternion,
 * 4), scale (3), world matrix (affine, 12 floats in JOML {@code Matrix4x3f} column order), parent id, own id and
 * flags (dirty, changed, inherit orientation, inherit scale, and the depth in the high bits): 100 bytes a node. Slots are grouped by depth: level {@code d} occupies {@code [levelStart[d], levelStart[d+1])}, so
 * every parent sits before all of its children and {@link #updateAll()} is one forward sweep, level by level
 * (Ogre-next keeps one pool per depth for the same reason). Level 0 holds the scene root and every detached node.
 *
 * <h2>Moving slots, and why children never go stale</h2>
 * Nodes refer to their parent by stable id, never by slot; the id → slot table is the {@link HandleTable}, whose
 * entry for a node is fixed up in {@link #moveSlot}, the only code that moves a node's data. So moving a parent costs
 * O(1) whatever its child count. Inserting into level {@code d} opens a slot at the level's end by moving the first
 * node of each deeper level to that level's end (one move per deeper level); removing swap-pops within the level
 * and closes the gap the same way. Both cost O(D) moves for D levels below the node: bounded by the scene's depth,
 * never by its size or a sibling count. The arrays are allocated for the declared capacity up front and hold one
 * extra staging slot (index {@code capacity}) through which a node changing depth passes.
 *
 * <h2>Dirty tracking</h2>
 * A setter marks its slot dirty and its level dirty. A level is skipped whole when none of its nodes is dirty and no
 * node of the level above changed in this pass, so a still scene costs one check per level; otherwise a node is
 * recomputed when it is dirty or its parent changed in this pass. The CHANGED bit says the latter without a
 * per-pass counter: every node of a level that is scanned gets its bit rewritten (set or cleared), and a child reads
 * its parent's bit only when the parent level was scanned in this pass, so a stale bit is never read.
 */
final class NodeTransforms {
    static final int NO_PARENT = -1;

    private static final int DIRTY = 1;
    private static final int CHANGED = 1 << 3;
    private static final int INHERIT_ORIENTATION = 1 << 1;
    private static final int INHERIT_SCALE = 1 << 2;
    private static final int DEPTH_SHIFT = 8;
    private static final int LOW_BITS = (1 << DEPTH_SHIFT) - 1;

    private final String capacityName;
    private final GrowthPolicy policy;
    private final HandleTable ids;

    private int capacity;
    private int total;
    private float[] position;
    private float[] orientation;
    private float[] scale;
    private float[] world;
    private int[] parentId;
    private int[] idAt;
    private int[] flags;

    private int levels;
    private int[] levelStart = new int[9];
    private boolean[] levelDirty = new boolean[8];
    private boolean[] levelChanged = new boolean[8];
    private boolean updating;

    NodeTransforms(String capacityName, int capacity, GrowthPolicy policy) {
        this.capacityName = Objects.requireNonNull(capacityName, "capacityName");
        this.policy = Objects.requireNonNull(policy, "policy");
        this.ids = new HandleTable(capacityName, capacity, policy);
        allocate(capacity);
    }

    private void allocate(int newCapacity) {
        int slots = newCapacity + 1;
        position = resize(position, slots * 3);
        orientation = resize(orientation, slots * 4);
        scale = resize(scale, slots * 3);
        world = resize(world, slots * 12);
        parentId = resize(parentId, slots);
        idAt = resize(idAt, slots);
        flags = resize(flags, slots);
        capacity = newCapacity;
    }

    private static float[] resize(float[] array, int length) {
        return array == null ? new float[length] : Arrays.copyOf(array, length);
    }

    private static int[] resize(int[] array, int length) {
        return array == null ? new int[length] : Arrays.copyOf(array, length);
    }

    int size() {
        return total;
    }

    int capacity() {
        return capacity;
    }

    int levelCount() {
        return levels;
    }

    boolean isUpdating() {
        return updating;
    }

    HandleTable ids() {
        return ids;
    }

    /**
     * Creates a node with an identity local transform under {@code parent} (or at level 0), inheriting orientation
     * and scale.
     *
     * @return its handle; the handle's index is the node's stable id
     */
    long create(int parent) {
        int depth = parent == NO_PARENT ? 0 : depthOf(parent) + 1;
        // The id table has the same capacity and policy: it throws under FAIL, or grows and logs the one WARN line,
        // before the slot arrays grow in step with it.
        long handle = ids.create(0);
        if (total + 1 > capacity) {
            allocate(Capacity.next(capacityName, policy, capacity, total + 1));
        }
        int id = HandleTable.indexOf(handle);
        int slot = openSlot(depth);
        idAt[slot] = id;
        ids.setSlotAt(id, slot);
        writeIdentity(slot);
        parentId[slot] = parent;
        flags[slot] = (depth << DEPTH_SHIFT) | DIRTY | INHERIT_ORIENTATION | INHERIT_SCALE;
        levelDirty[depth] = true;
        return handle;
    }

    /** Frees a node's slot and ends its handle. Its children must already be gone or moved. */
    void destroy(int id) {
        int slot = ids.slotAt(id);
        long handle = ids.handleAt(id);
        closeSlot(slot);
        ids.release(handle);
    }

    /**
     * Gives a node a new parent ({@link #NO_PARENT} for level 0). If its depth changes, it moves to the new level;
     * its children must then be moved by the caller, parents first, so each finds its parent one level up.
     */
    void setParent(int id, int parent) {
        int slot = ids.slotAt(id);
        int oldDepth = flags[slot] >>> DEPTH_SHIFT;
        int newDepth = parent == NO_PARENT ? 0 : depthOf(parent) + 1;
        if (newDepth != oldDepth) {
            int staging = capacity;
            copySlot(slot, staging);
            closeSlot(slot);
            slot = openSlot(newDepth);
            copySlot(staging, slot);
            ids.setSlotAt(id, slot);
            flags[slot] = (flags[slot] & LOW_BITS) | (newDepth << DEPTH_SHIFT);
        }
        parentId[slot] = parent;
        markDirty(slot);
    }

    int parentOf(int id) {
        return parentId[ids.slotAt(id)];
    }

    int depthOf(int id) {
        return flags[ids.slotAt(id)] >>> DEPTH_SHIFT;
    }

    int slotOf(int id) {
        return ids.slotAt(id);
    }

    /** The world matrices, 12 floats a slot; valid until the next structural change or growth. */
    float[] worldArray() {
        return world;
    }

    /**
     * Opens a slot at the end of level {@code depth}: each deeper level hands its first slot to a move of that node
     * to the level's end, so the hole travels up from the end of the arrays.
     */
    private int openSlot(int depth) {
        if (depth >= levels) {
            addLevelsThrough(depth);
        }
        int hole = total;
        for (int level = levels - 1; level > depth; level--) {
            int first = levelStart[level];
            if (first != hole) {
                moveSlot(first, hole);
            }
            levelStart[level] = first + 1;
            hole = first;
        }
        total++;
        levelStart[levels] = total;
        return hole;
    }

    /** Removes a slot by swap-and-pop within its level, then closes the gap by pulling each deeper level down. */
    private void closeSlot(int slot) {
        int depth = flags[slot] >>> DEPTH_SHIFT;
        int lastOfLevel = levelStart[depth + 1] - 1;
        if (slot != lastOfLevel) {
            moveSlot(lastOfLevel, slot);
        }
        int hole = lastOfLevel;
        for (int level = depth + 1; level < levels; level++) {
            int end = levelStart[level + 1];
            boolean occupied = levelStart[level] != end;
            levelStart[level]--;
            if (occupied) {
                moveSlot(end - 1, hole);
                hole = end - 1;
            }
        }
        total--;
        levelStart[levels] = total;
    }

    private void addLevelsThrough(int depth) {
        int needed = depth + 1;
        if (needed + 1 > levelStart.length) {
            int grown = Math.max(needed + 1, levelStart.length * 2);
            levelStart = Arrays.copyOf(levelStart, grown);
            levelDirty = Arrays.copyOf(levelDirty, grown);
            levelChanged = Arrays.copyOf(levelChanged, grown);
        }
        for (int level = levels + 1; level <= needed; level++) {
            levelStart[level] = total;
        }
        levels = needed;
    }

    /** Moves a node's data to another slot and records it in the id → slot table: the one fix-up after a move. */
    private void moveSlot(int from, int to) {
        copySlot(from, to);
        ids.setSlotAt(idAt[to], to);
    }

    private void copySlot(int from, int to) {
        System.arraycopy(position, from * 3, position, to * 3, 3);
        System.arraycopy(orientation, from * 4, orientation, to * 4, 4);
        System.arraycopy(scale, from * 3, scale, to * 3, 3);
        System.arraycopy(world, from * 12, world, to * 12, 12);
        parentId[to] = parentId[from];
        idAt[to] = idAt[from];
        flags[to] = flags[from];
    }

    private void writeIdentity(int slot) {
        Arrays.fill(position, slot * 3, slot * 3 + 3, 0f);
        Arrays.fill(orientation, slot * 4, slot * 4 + 3, 0f);
        orientation[slot * 4 + 3] = 1f;
        Arrays.fill(scale, slot * 3, slot * 3 + 3, 1f);
        Arrays.fill(world, slot * 12, slot * 12 + 12, 0f);
        world[slot * 12] = 1f;
        world[slot * 12 + 4] = 1f;
        world[slot * 12 + 8] = 1f;
    }

    private void markDirty(int slot) {
        flags[slot] |= DIRTY;
        levelDirty[flags[slot] >>> DEPTH_SHIFT] = true;
    }

    void setPosition(int id, float x, float y, float z) {
        int slot = ids.slotAt(id);
        int o = slot * 3;
        position[o] = x;
        position[o + 1] = y;
        position[o + 2] = z;
        markDirty(slot);
    }

    /** Stores the quaternion normalised, since the update pass builds rotation matrices that assume a unit one. */
    void setOrientation(int id, float x, float y, float z, float w) {
        int slot = ids.slotAt(id);
        float invLength = (float) (1.0 / Math.sqrt((double) x * x + (double) y * y + (double) z * z + (double) w * w));
        int o = slot * 4;
        orientation[o] = x * invLength;
        orientation[o + 1] = y * invLength;
        orientation[o + 2] = z * invLength;
        orientation[o + 3] = w * invLength;
        markDirty(slot);
    }

    void setScale(int id, float x, float y, float z) {
        int slot = ids.slotAt(id);
        int o = slot * 3;
        scale[o] = x;
        scale[o + 1] = y;
        scale[o + 2] = z;
        markDirty(slot);
    }

    void setInherit(int id, boolean inheritOrientation, boolean inheritScale) {
        int slot = ids.slotAt(id);
        int bits = (inheritOrientation ? INHERIT_ORIENTATION : 0) | (inheritScale ? INHERIT_SCALE : 0);
        flags[slot] = (flags[slot] & ~(INHERIT_ORIENTATION | INHERIT_SCALE)) | bits;
        markDirty(slot);
    }

    boolean inheritsOrientation(int id) {
        return (flags[ids.slotAt(id)] & INHERIT_ORIENTATION) != 0;
    }

    boolean inheritsScale(int id) {
        return (flags[ids.slotAt(id)] & INHERIT_SCALE) != 0;
    }

    float position(int id, int component) {
        return position[ids.slotAt(id) * 3 + component];
    }

    float orientation(int id, int component) {
        return orientation[ids.slotAt(id) * 4 + component];
    }

    float scale(int id, int component) {
        return scale[ids.slotAt(id) * 3 + component];
    }

    /** World matrix element {@code element} (0..11, JOML {@code Matrix4x3f} column order) as of the last update. */
    float world(int id, int element) {
        return world[ids.slotAt(id) * 12 + element];
    }

    /**
     * Recomputes the world matrix of every node that changed or whose parent changed, level by level.
     *
     * @return the number of world matrices recomputed
     */
    int updateAll() {
        updating = true;
        try {
            int updated = 0;
            for (int level = 0; level < levels; level++) {
                boolean parentsChanged = level > 0 && levelChanged[level - 1];
                if (!levelDirty[level] && !parentsChanged) {
                    levelChanged[level] = false;
                    continue;
                }
                int changed = updateLevel(level, parentsChanged);
                levelDirty[level] = false;
                levelChanged[level] = changed > 0;
                updated += changed;
            }
            return updated;
        } finally {
            updating = false;
        }
    }

    private int updateLevel(int level, boolean parentsChanged) {
        int end = levelStart[level + 1];
        int changed = 0;
        for (int slot = levelStart[level]; slot < end; slot++) {
            int f = flags[slot];
            int parentSlot = -1;
            boolean stale = (f & DIRTY) != 0;
            if (level > 0 && (stale || parentsChanged)) {
                parentSlot = ids.slotAt(parentId[slot]);
                stale |= parentsChanged && (flags[parentSlot] & CHANGED) != 0;
            }
            int updatedFlags;
            if (stale) {
                if (level == 0) {
                    writeLocal(slot);
                } else {
                    writeChild(slot, parentSlot, f);
                }
                updatedFlags = (f & ~DIRTY) | CHANGED;
                changed++;
            } else {
                updatedFlags = f & ~CHANGED;
            }
            if (updatedFlags != f) {
                flags[slot] = updatedFlags;
            }
        }
        return changed;
    }

    /** World = local: T · R · S. */
    private void writeLocal(int slot) {
        int w = slot * 12;
        writeRotationScaled(slot, w, 1f, 1f, 1f);
        int p = slot * 3;
        world[w + 9] = position[p];
        world[w + 10] = position[p + 1];
        world[w + 11] = position[p + 2];
    }

    /** Writes R · S (times extra per-axis factors) into the linear part of world[w..w+8]. */
    private void writeRotationScaled(int slot, int w, float fx, float fy, float fz) {
        int q = slot * 4;
        float x = orientation[q];
        float y = orientation[q + 1];
        float z = orientation[q + 2];
        float qw = orientation[q + 3];
        float xx = x * x;
        float yy = y * y;
        float zz = z * z;
        float xy = x * y;
        float xz = x * z;
        float yz = y * z;
        float xw = x * qw;
        float yw = y * qw;
        float zw = z * qw;
        int s = slot * 3;
        float sx = scale[s] * fx;
        float sy = scale[s + 1] * fy;
        float sz = scale[s + 2] * fz;
        world[w] = (1f - 2f * (yy + zz)) * sx;
        world[w + 1] = 2f * (xy + zw) * sx;
        world[w + 2] = 2f * (xz - yw) * sx;
        world[w + 3] = 2f * (xy - zw) * sy;
        world[w + 4] = (1f - 2f * (xx + zz)) * sy;
        world[w + 5] = 2f * (yz + xw) * sy;
        world[w + 6] = 2f * (xz + yw) * sz;
        world[w + 7] = 2f * (yz - xw) * sz;
        world[w + 8] = (1f - 2f * (xx + yy)) * sz;
    }

    /**
     * World = parent · local when the node inherits both orientation and scale (the plain matrix chain). Otherwise the
     * parent's linear part is split by column: its column lengths are its scale, the normalised columns its
     * orientation, and the node takes only the inherited one; the translation is always the parent applied to the
     * local position.
     */
    private void writeChild(int slot, int parentSlot, int f) {
        int w = slot * 12;
        int pw = parentSlot * 12;
        float[] m = world;
        float p00 = m[pw];
        float p01 = m[pw + 1];
        float p02 = m[pw + 2];
        float p10 = m[pw + 3];
        float p11 = m[pw + 4];
        float p12 = m[pw + 5];
        float p20 = m[pw + 6];
        float p21 = m[pw + 7];
        float p22 = m[pw + 8];
        int p = slot * 3;
        float lx = position[p];
        float ly = position[p + 1];
        float lz = position[p + 2];
        float tx = p00 * lx + p10 * ly + p20 * lz + m[pw + 9];
        float ty = p01 * lx + p11 * ly + p21 * lz + m[pw + 10];
        float tz = p02 * lx + p12 * ly + p22 * lz + m[pw + 11];

        boolean inheritOrientation = (f & INHERIT_ORIENTATION) != 0;
        boolean inheritScale = (f & INHERIT_SCALE) != 0;
        if (!(inheritOrientation && inheritScale)) {
            float n0 = (float) Math.sqrt(p00 * p00 + p01 * p01 + p02 * p02);
            float n1 = (float) Math.sqrt(p10 * p10 + p11 * p11 + p12 * p12);
            float n2 = (float) Math.sqrt(p20 * p20 + p21 * p21 + p22 * p22);
            if (!inheritOrientation) {
                writeRotationScaled(slot, w, inheritScale ? n0 : 1f, inheritScale ? n1 : 1f, inheritScale ? n2 : 1f);
                m[w + 9] = tx;
                m[w + 10] = ty;
                m[w + 11] = tz;
                return;
            }
            float i0 = n0 == 0f ? 0f : 1f / n0;
            float i1 = n1 == 0f ? 0f : 1f / n1;
            float i2 = n2 == 0f ? 0f : 1f / n2;
            p00 *= i0;
            p01 *= i0;
            p02 *= i0;
            p10 *= i1;
            p11 *= i1;
            p12 *= i1;
            p20 *= i2;
            p21 *= i2;
            p22 *= i2;
        }
        writeRotationScaled(slot, w, 1f, 1f, 1f);
        for (int c = 0; c < 3; c++) {
            int o = w + c * 3;
            float l0 = m[o];
            float l1 = m[o + 1];
            float l2 = m[o + 2];
            m[o] = p00 * l0 + p10 * l1 + p20 * l2;
            m[o + 1] = p01 * l0 + p11 * l1 + p21 * l2;
            m[o + 2] = p02 * l0 + p12 * l1 + p22 * l2;
        }
        m[w + 9] = tx;
        m[w + 10] = ty;
        m[w + 11] = tz;
    }

    /**
     * Checks every index invariant: level ranges are ordered and cover exactly the used slots; every slot's id maps
     * back to it; its depth bits match its level; its parent is a live node one level up (none at level 0); the id
     * table holds exactly one live entry per node.
     *
     * @throws IllegalStateException naming the first broken invariant
     */
    void validate() {
        ids.validate();
        if (ids.size() != total) {
            throw new IllegalStateException(capacityName + ": " + ids.size() + " live ids for " + total + " slots");
        }
        if (levelStart[0] != 0 || levelStart[levels] != total) {
            throw new IllegalStateException(capacityName + ": levels span [" + levelStart[0] + ", "
                    + levelStart[levels] + ") but " + total + " slots are used");
        }
        for (int level = 0; level < levels; level++) {
            if (levelStart[level] > levelStart[level + 1]) {
                throw new IllegalStateException(capacityName + ": level " + level + " starts at "
                        + levelStart[level] + " after its end " + levelStart[level + 1]);
            }
            for (int slot = levelStart[level]; slot < levelStart[level + 1]; slot++) {
                validateSlot(level, slot);
            }
        }
    }

    private void validateSlot(int level, int slot) {
        int id = idAt[slot];
        if (!ids.isValid(ids.handleAt(id)) || ids.slotAt(id) != slot) {
            throw new IllegalStateException(capacityName + ": slot " + slot + " holds node id " + id
                    + " whose table entry points at slot " + ids.slotAt(id));
        }
        if (flags[slot] >>> DEPTH_SHIFT != level) {
            throw new IllegalStateException(capacityName + ": node id " + id + " in level " + level
                    + " records depth " + (flags[slot] >>> DEPTH_SHIFT));
        }
        int parent = parentId[slot];
        if (level == 0) {
            if (parent != NO_PARENT) {
                throw new IllegalStateException(capacityName + ": level-0 node id " + id + " has parent " + parent);
            }
            return;
        }
        int parentSlot = ids.slotAt(parent);
        if (parentSlot < levelStart[level - 1] || parentSlot >= levelStart[level]) {
            throw new IllegalStateException(capacityName + ": node id " + id + " at level " + level
                    + " has parent id " + parent + " at slot " + parentSlot + ", outside level " + (level - 1));
        }
    }
}
