package io.flatscene.core.scene;

import io.flatscene.core.container.Capacity;
import io.flatscene.core.container.GrowthPolicy;
import io.flatscene.core.container.HandleTable;
import io.flatscene.core.parallel.WorkerPool;
import java.util.Arrays;
import java.util.Objects;

/**
 * Every scene node's transform, in structure-of-arrays storage ordered by hierarchy depth.
 *
 * <h2>Layout</h2>
 * One set of primitive arrays, indexed by <em>slot</em>: local position (3 floats), orientation (unit quaternion,
 * 4), scale (3), world matrix (affine, 12 floats in JOML {@code Matrix4x3f} column order), parent id, own id and
 * flags (dirty, changed, in-graph, inherit orientation, inherit scale, and the band in the high bits): 100 bytes a
 * node. Slots are grouped in <em>bands</em>, two per depth: band {@code 2d} holds the dynamic nodes of depth
 * {@code d}, band {@code 2d+1} its static ones, and band {@code b} occupies {@code [bandStart[b], bandStart[b+1])}.
 * Every parent sits in an earlier band than its children, so {@link #updateAll} is one forward sweep, band by band
 * (Ogre-next keeps one pool per depth for the same reason). Depth 0 holds the scene root and every detached node.
 *
 * <h2>Moving slots, and why children never go stale</h2>
 * Nodes refer to their parent by stable id, never by slot; the id → slot table is the {@link HandleTable}, whose
 * entry for a node is fixed up in {@link #moveSlot}, the only code that moves a node's data. So moving a parent costs
 * O(1) whatever its child count. Inserting into band {@code b} opens a slot at the band's end by moving the first
 * node of each later band to that band's end (one move per later band); removing swap-pops within the band and
 * closes the gap the same way. Both cost O(B) moves for B bands after the node's: bounded by twice the scene's depth,
 * never by its size or a sibling count. The arrays are allocated for the declared capacity up front and hold one
 * extra staging slot (index {@code capacity}) through which a node changing band passes.
 *
 * <h2>Dirty tracking and static nodes</h2>
 * A setter marks its slot dirty and its band dirty. A band is skipped whole when none of its nodes is dirty and no
 * band its parents live in changed in this pass, so a still scene costs one check per band; otherwise a node is
 * recomputed when it is dirty or its parent changed in this pass. The CHANGED bit says the latter without a
 * per-pass counter: every node of a band that is scanned gets its bit rewritten (set or cleared), and a child reads
 * its parent's bit only when the parent's own band changed in this pass (a skipped band keeps old bits), so a stale
 * bit is never read. A static
 * node's parent is static or at depth 0 (the scene enforces it), so below depth 1 a static band looks only at the
 * static band above it: a static subtree costs nothing per frame until one of its nodes changes.
 *
 * <h2>In the scene graph</h2>
 * The IN_GRAPH bit, recomputed with the world matrix, says whether the node hangs from the scene's root (rather
 * than from a detached node). Culling reads it; a reparented node is dirty, so its subtree's bits follow it.
 */
final class NodeTransforms {
    static final int NO_PARENT = -1;

    private static final int DIRTY = 1;
    private static final int INHERIT_ORIENTATION = 1 << 1;
    private static final int INHERIT_SCALE = 1 << 2;
    private static final int CHANGED = 1 << 3;
    private static final int IN_GRAPH = 1 << 4;
    /** The world matrix's linear part has a negative determinant: the node's triangles wind the other way. */
    private static final int MIRRORED = 1 << 5;
    private static final int BAND_SHIFT = 8;
    private static final int LOW_BITS = (1 << BAND_SHIFT) - 1;
    /** Bands smaller than this run on the caller's thread: splitting them costs more than it saves. */
    private static final int PARALLEL_BAND = 16_384;

    private final String capacityName;
    private final GrowthPolicy policy;
    private final HandleTable ids;
    private int graphRoot = NO_PARENT;

    private int capacity;
    private int total;
    private float[] position = new float[0];
    private float[] orientation = new float[0];
    private float[] scale = new float[0];
    private float[] world = new float[0];
    private int[] parentId = new int[0];
    private int[] idAt = new int[0];
    private int[] flags = new int[0];

    private int bands;
    private int[] bandStart = new int[17];
    private boolean[] bandDirty = new boolean[16];
    private boolean[] bandChanged = new boolean[16];
    private boolean updating;
    private BandPass bandPass;

    NodeTransforms(String capacityName, int capacity, GrowthPolicy policy) {
        this.capacityName = Objects.requireNonNull(capacityName, "capacityName");
        this.policy = Objects.requireNonNull(policy, "policy");
        this.ids = new HandleTable(capacityName, capacity, policy);
        allocate(capacity);
    }

    private void allocate(int newCapacity) {
        int slots = newCapacity + 1;
        position = Arrays.copyOf(position, slots * 3);
        orientation = Arrays.copyOf(orientation, slots * 4);
        scale = Arrays.copyOf(scale, slots * 3);
        world = Arrays.copyOf(world, slots * 12);
        parentId = Arrays.copyOf(parentId, slots);
        idAt = Arrays.copyOf(idAt, slots);
        flags = Arrays.copyOf(flags, slots);
        capacity = newCapacity;
    }

    int size() {
        return total;
    }

    int capacity() {
        return capacity;
    }

    boolean isUpdating() {
        return updating;
    }

    HandleTable ids() {
        return ids;
    }

    /** Names the depth-0 node whose subtree is the drawn scene graph. */
    void setGraphRoot(int id) {
        graphRoot = id;
        markDirty(ids.slotAt(id));
    }

    /**
     * Creates a dynamic node with an identity local transform under {@code parent} (or at depth 0), inheriting
     * orientation and scale.
     *
     * @return its handle; the handle's index is the node's stable id
     */
    long create(int parent) {
        int band = parent == NO_PARENT ? 0 : 2 * (depthOf(parent) + 1);
        // The id table has the same capacity and policy: it throws under FAIL, or grows and logs the one WARN line,
        // before the slot arrays grow in step with it.
        long handle = ids.create(0);
        if (total + 1 > capacity) {
            allocate(Capacity.next(capacityName, policy, capacity, total + 1));
        }
        int id = HandleTable.indexOf(handle);
        int slot = openSlot(band);
        idAt[slot] = id;
        ids.setSlotAt(id, slot);
        writeIdentity(slot);
        parentId[slot] = parent;
        flags[slot] = (band << BAND_SHIFT) | DIRTY | INHERIT_ORIENTATION | INHERIT_SCALE;
        bandDirty[band] = true;
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
     * Gives a node a new parent ({@link #NO_PARENT} for depth 0). If its depth changes, it moves to the new band;
     * its children must then be moved by the caller, parents first, so each finds its parent one level up.
     */
    void setParent(int id, int parent) {
        int depth = parent == NO_PARENT ? 0 : depthOf(parent) + 1;
        int slot = moveToBand(id, 2 * depth + (isStatic(id) ? 1 : 0));
        parentId[slot] = parent;
        markDirty(slot);
    }

    /** Moves a node between the dynamic and static band of its depth. */
    void setStatic(int id, boolean isStatic) {
        int slot = moveToBand(id, 2 * depthOf(id) + (isStatic ? 1 : 0));
        markDirty(slot);
    }

    private int moveToBand(int id, int band) {
        int slot = ids.slotAt(id);
        if (bandOf(slot) != band) {
            int staging = capacity;
            copySlot(slot, staging);
            closeSlot(slot);
            slot = openSlot(band);
            copySlot(staging, slot);
            ids.setSlotAt(id, slot);
            flags[slot] = (flags[slot] & LOW_BITS) | (band << BAND_SHIFT);
        }
        return slot;
    }

    private int bandOf(int slot) {
        return flags[slot] >>> BAND_SHIFT;
    }

    int parentOf(int id) {
        return parentId[ids.slotAt(id)];
    }

    int depthOf(int id) {
        return bandOf(ids.slotAt(id)) >>> 1;
    }

    boolean isStatic(int id) {
        return (bandOf(ids.slotAt(id)) & 1) != 0;
    }

    /** Whether the node hung from the scene's root at the last update. */
    boolean isInGraph(int id) {
        return (flags[ids.slotAt(id)] & IN_GRAPH) != 0;
    }

    int slotOf(int id) {
        return ids.slotAt(id);
    }

    /** The world matrices, 12 floats a slot; valid until the next structural change or growth. */
    float[] worldArray() {
        return world;
    }

    /** The flags, one int a slot, for passes that read {@link #inGraph}; valid until the next change or growth. */
    int[] flagsArray() {
        return flags;
    }

    static boolean inGraph(int slotFlags) {
        return (slotFlags & IN_GRAPH) != 0;
    }

    /** Whether a slot's world matrix mirrors (negative determinant), as of the last transform pass. */
    static boolean mirrored(int slotFlags) {
        return (slotFlags & MIRRORED) != 0;
    }

    /**
     * Opens a slot at the end of band {@code band}: each later band hands its first slot to a move of that node to
     * the band's end, so the hole travels up from the end of the arrays.
     */
    private int openSlot(int band) {
        if (band >= bands) {
            addBandsThrough(band);
        }
        int hole = total;
        for (int later = bands - 1; later > band; later--) {
            int first = bandStart[later];
            if (first != hole) {
                moveSlot(first, hole);
            }
            bandStart[later] = first + 1;
            hole = first;
        }
        total++;
        bandStart[bands] = total;
        return hole;
    }

    /** Removes a slot by swap-and-pop within its band, then closes the gap by pulling each later band down. */
    private void closeSlot(int slot) {
        int band = bandOf(slot);
        int lastOfBand = bandStart[band + 1] - 1;
        if (slot != lastOfBand) {
            moveSlot(lastOfBand, slot);
        }
        int hole = lastOfBand;
        for (int later = band + 1; later < bands; later++) {
            int end = bandStart[later + 1];
            boolean occupied = bandStart[later] != end;
            bandStart[later]--;
            if (occupied) {
                moveSlot(end - 1, hole);
                hole = end - 1;
            }
        }
        total--;
        bandStart[bands] = total;
    }

    private void addBandsThrough(int band) {
        int needed = band + 1;
        if (needed + 1 > bandStart.length) {
            int grown = Math.max(needed + 1, bandStart.length * 2);
            bandStart = Arrays.copyOf(bandStart, grown);
            bandDirty = Arrays.copyOf(bandDirty, grown);
            bandChanged = Arrays.copyOf(bandChanged, grown);
        }
        for (int b = bands + 1; b <= needed; b++) {
            bandStart[b] = total;
        }
        bands = needed;
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
        bandDirty[bandOf(slot)] = true;
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
     * Recomputes the world matrix (and in-graph bit) of every node that changed or whose parent changed, band by
     * band; large bands are split across the pool's workers, one barrier per band. Each node reads only its own data
     * and its parent's finished matrix, so the result is the same for any number of workers.
     *
     * @return the number of world matrices recomputed
     */
    int updateAll(WorkerPool pool) {
        updating = true;
        try {
            int updated = 0;
            for (int band = 0; band < bands; band++) {
                boolean parentsChanged = parentsChanged(band);
                if (!bandDirty[band] && !parentsChanged) {
                    bandChanged[band] = false;
                    continue;
                }
                int changed = updateBand(band, parentsChanged, pool);
                bandDirty[band] = false;
                bandChanged[band] = changed > 0;
                updated += changed;
            }
            return updated;
        } finally {
            updating = false;
        }
    }

    /** Whether a band its nodes' parents may live in changed in this pass. */
    private boolean parentsChanged(int band) {
        int depth = band >>> 1;
        if (depth == 0) {
            return false;
        }
        boolean isStaticBand = (band & 1) != 0;
        int parentStatic = 2 * (depth - 1) + 1;
        if (isStaticBand && depth > 1) {
            return bandChanged[parentStatic];
        }
        return bandChanged[parentStatic - 1] || bandChanged[parentStatic];
    }

    private int updateBand(int band, boolean parentsChanged, WorkerPool pool) {
        int start = bandStart[band];
        int end = bandStart[band + 1];
        if (pool.size() == 1 || end - start < PARALLEL_BAND) {
            return updateRange(band >>> 1, start, end, parentsChanged);
        }
        if (bandPass == null || bandPass.changed.length != pool.size()) {
            bandPass = new BandPass(pool.size());
        }
        bandPass.depth = band >>> 1;
        bandPass.start = start;
        bandPass.end = end;
        bandPass.parentsChanged = parentsChanged;
        pool.run(bandPass);
        int changed = 0;
        for (int count : bandPass.changed) {
            changed += count;
        }
        return changed;
    }

    /** One band's share per worker; made once and reused, so a parallel pass allocates nothing. */
    private final class BandPass implements WorkerPool.Task {
        final int[] changed;
        int depth;
        int start;
        int end;
        boolean parentsChanged;

        BandPass(int workers) {
            changed = new int[workers];
        }

        @Override
        public void run(int worker, int workers) {
            int count = end - start;
            changed[worker] = updateRange(depth, start + WorkerPool.shareStart(count, worker, workers),
                    start + WorkerPool.shareStart(count, worker + 1, workers), parentsChanged);
        }
    }

    private int updateRange(int depth, int from, int to, boolean parentsChanged) {
        int changed = 0;
        for (int slot = from; slot < to; slot++) {
            int f = flags[slot];
            int parentSlot = -1;
            boolean stale = (f & DIRTY) != 0;
            if (depth > 0 && (stale || parentsChanged)) {
                parentSlot = ids.slotAt(parentId[slot]);
                int parentFlags = flags[parentSlot];
                stale |= parentsChanged && bandChanged[parentFlags >>> BAND_SHIFT] && (parentFlags & CHANGED) != 0;
            }
            int updatedFlags;
            if (stale) {
                boolean inGraph;
                boolean mirrored;
                if (depth == 0) {
                    writeLocal(slot);
                    inGraph = idAt[slot] == graphRoot;
                    mirrored = scaleMirrors(slot);
                } else {
                    writeChild(slot, parentSlot, f);
                    inGraph = (flags[parentSlot] & IN_GRAPH) != 0;
                    // a rotation never mirrors, so down a plain matrix chain the sign of the determinant is the
                    // parent's times the node's scale's; splitting the parent (partial inheritance) needs the real one
                    mirrored = (f & (INHERIT_ORIENTATION | INHERIT_SCALE)) == (INHERIT_ORIENTATION | INHERIT_SCALE)
                            ? ((flags[parentSlot] & MIRRORED) != 0) != scaleMirrors(slot)
                            : linearDeterminant(slot) < 0f;
                }
                updatedFlags = (f & ~(DIRTY | IN_GRAPH | MIRRORED)) | CHANGED | (inGraph ? IN_GRAPH : 0)
                        | (mirrored ? MIRRORED : 0);
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

    /** Whether the node's own scale flips handedness: an odd number of negative factors. */
    private boolean scaleMirrors(int slot) {
        int s = slot * 3;
        return scale[s] * scale[s + 1] * scale[s + 2] < 0f;
    }

    private float linearDeterminant(int slot) {
        int w = slot * 12;
        float[] m = world;
        return m[w] * (m[w + 4] * m[w + 8] - m[w + 5] * m[w + 7])
                - m[w + 3] * (m[w + 1] * m[w + 8] - m[w + 2] * m[w + 7])
                + m[w + 6] * (m[w + 1] * m[w + 5] - m[w + 2] * m[w + 4]);
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
     * Checks every index invariant: band ranges are ordered and cover exactly the used slots; every slot's id maps
     * back to it; its band bits match its band; its parent is a live node one level up (none at depth 0), static
     * nodes below depth 1 have static parents; the id table holds exactly one live entry per node.
     *
     * @throws IllegalStateException naming the first broken invariant
     */
    void validate() {
        ids.validate();
        if (ids.size() != total) {
            throw new IllegalStateException(capacityName + ": " + ids.size() + " live ids for " + total + " slots");
        }
        if (bandStart[0] != 0 || bandStart[bands] != total) {
            throw new IllegalStateException(capacityName + ": bands span [" + bandStart[0] + ", "
                    + bandStart[bands] + ") but " + total + " slots are used");
        }
        for (int band = 0; band < bands; band++) {
            if (bandStart[band] > bandStart[band + 1]) {
                throw new IllegalStateException(capacityName + ": band " + band + " starts at "
                        + bandStart[band] + " after its end " + bandStart[band + 1]);
            }
            for (int slot = bandStart[band]; slot < bandStart[band + 1]; slot++) {
                validateSlot(band, slot);
            }
        }
    }

    private void validateSlot(int band, int slot) {
        int id = idAt[slot];
        if (!ids.isValid(ids.handleAt(id)) || ids.slotAt(id) != slot) {
            throw new IllegalStateException(capacityName + ": slot " + slot + " holds node id " + id
                    + " whose table entry points at slot " + ids.slotAt(id));
        }
        if (bandOf(slot) != band) {
            throw new IllegalStateException(capacityName + ": node id " + id + " in band " + band
                    + " records band " + bandOf(slot));
        }
        int depth = band >>> 1;
        int parent = parentId[slot];
        if (depth == 0) {
            if (parent != NO_PARENT) {
                throw new IllegalStateException(capacityName + ": depth-0 node id " + id + " has parent " + parent);
            }
            return;
        }
        int parentSlot = ids.slotAt(parent);
        int parentBand = bandOf(parentSlot);
        if (parentBand >>> 1 != depth - 1) {
            throw new IllegalStateException(capacityName + ": node id " + id + " at depth " + depth
                    + " has parent id " + parent + " at depth " + (parentBand >>> 1));
        }
        if ((band & 1) != 0 && depth > 1 && (parentBand & 1) == 0) {
            throw new IllegalStateException(capacityName + ": static node id " + id + " has dynamic parent id "
                    + parent);
        }
    }
}
