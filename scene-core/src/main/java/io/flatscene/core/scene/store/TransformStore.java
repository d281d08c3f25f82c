package io.flatscene.core.scene.store;

import io.flatscene.core.container.Capacity;
import io.flatscene.core.container.CapacityExceededException;
import io.flatscene.core.container.GrowthPolicy;
import io.flatscene.core.container.HandleTable;
import io.flatscene.core.container.Index;
import io.flatscene.core.container.SummaryBitSet;
import io.flatscene.core.container.SummaryByteSet;
import io.flatscene.core.layout.LaneBlocks;
import java.util.Arrays;
import java.util.Objects;

/**
 * Every scene node's transform, in structure-of-arrays storage ordered by hierarchy depth.
 *
 * <h2>Layout</h2>
 * One set of primitive arrays, indexed by <em>slot</em>: local position (3 floats), orientation (unit quaternion,
 * 4), scale (3), world matrix (affine, 12 floats in JOML {@code Matrix4x3f} column order), parent id, parent slot,
 * own id and flags (in-graph, inherit orientation, inherit scale, mirrored, scale mirrors, and the band in the high
 * bits): 104 bytes a node, and a bit in each of the dirty, changed and moved bitsets. The float records are stored
 * in {@link LaneBlocks} of eight slots, component by component, so that the vector kernel reads and writes one
 * component of eight neighbouring nodes at once. Slots are grouped in bands by the {@link BandAllocator}, two per
 * depth: band {@code 2d} holds the dynamic nodes of depth {@code d}, band {@code 2d+1}
 * its static ones. Every parent sits in an earlier band than its children, so the transform pass is one forward
 * sweep, band by band (Ogre-next keeps one pool per depth for the same reason). Depth 0 holds the scene root and every
 * detached node. Nodes at depth {@link #DEEP} and below share the last two bands, where a parent may sit anywhere, so
 * no insertion or removal costs more than a slot move per band of the first {@code DEEP} depths.
 *
 * <h2>Moving slots, and why children never go stale</h2>
 * Nodes refer to their parent by stable id; the id → slot table is the {@link HandleTable}, whose entry for a node
 * is fixed up in {@link #moveSlot}, the only code that moves a node's data. So moving a parent costs O(1) whatever its
 * child count. The pass reads parents by slot, through a parent-slot array that is a cache of the id table: a move
 * marks the two bands one level below the moved node as holding stale parent slots, and the pass re-reads those
 * bands' parents from the id table ({@link #refreshParentSlots}) before it sweeps them. The arrays are allocated for
 * the declared capacity up front and hold one extra staging slot (index {@code capacity}) through which a node
 * changing band passes.
 *
 * <h2>Dirty, changed and moved slots</h2>
 * A setter marks its slot in the dirty set and touches nothing else: the slot's byte, stored with no read, and its
 * 64-slot word's summary bit, read and left alone once set (a {@link SummaryByteSet}: a bitset's read-modify-write
 * made every setter wait for the one before). The transform pass finds a band's dirty nodes, or that it has none,
 * through the summary without reading the band, takes a word's 64 dirty marks as one long and a block's eight with one
 * shift, and clears the band's marks when it is done. A dirty mark belongs to the node, so it travels with the node's
 * data when a slot moves, and no slot past the used ones holds one. The changed bitset is what the last pass
 * published: the slots whose world matrix it recomputed, and the slots whose content a structural change moved since
 * the pass before it (the moved bitset collects those between passes). Both move with nothing: a slot's bits speak
 * of the slot.
 *
 * <p>Everything here takes slots that the caller resolved from a live handle: the checks happen once, at the public
 * API, and {@link #validate} re-checks the invariants in debug.
 */
public final class TransformStore {

    public static final int INHERIT_ORIENTATION = 1 << 1;
    public static final int INHERIT_SCALE = 1 << 2;
    /** The game hid the node ({@code SceneNode.setVisible(false)}): it and its subtree are not drawn. */
    public static final int HIDDEN = 1 << 3;
    /** The node hangs from the scene's root (rather than from a detached node), as of the last transform pass. */
    public static final int IN_GRAPH = 1 << 4;
    /** The world matrix's linear part has a negative determinant: the node's triangles wind the other way. */
    public static final int MIRRORED = 1 << 5;
    /**
     * The node's own scale flips handedness (an odd number of negative factors), kept by {@link #setScale}: down a
     * plain matrix chain the pass then finds the sign of a determinant in the flags, and it is {@link #MIRRORED}'s
     * neighbour so that one shift lines the two up.
     */
    public static final int SCALE_MIRRORS = MIRRORED << 1;
    /**
     * The node is {@link #IN_GRAPH} and neither it nor an ancestor is {@link #HIDDEN}, as of the last transform pass:
     * what culling and lighting read. Derived with the in-graph bit, parent to child, when a node is recomputed, so
     * hiding a node recomputes its subtree once and costs nothing per frame after; {@link #HIDDEN}'s shift by four,
     * so that one shift lines the two up.
     */
    public static final int SHOWN = HIDDEN << 4;
    public static final int BAND_SHIFT = 8;
    /**
     * The depth from which nodes share one pair of bands, {@link #DEEP_BAND} (dynamic) and the one after it (static),
     * whatever their depth. Opening or closing a slot moves one slot per later band, so bounding the bands bounds that
     * cost: a 100,000-deep chain would otherwise make every insertion near the root move 100,000 slots. The pass
     * computes the deep bands one node at a time, parents first (see the transform pass); hierarchies this deep are
     * rare in a game, and the depths above keep the banded sweep.
     */
    public static final int DEEP = 32;
    /** The dynamic band of depth {@link #DEEP} and deeper; its static twin follows it, and no band comes after them. */
    public static final int DEEP_BAND = 2 * DEEP;
    /** Floats a slot in the position and scale arrays. */
    public static final int VECTOR_WIDTH = 3;
    /** Floats a slot in the orientation array. */
    public static final int QUATERNION_WIDTH = 4;
    /** Floats a slot in the world array. */
    public static final int MATRIX_WIDTH = 12;
    /** The kind node handles carry; the object stores' handles carry others, so no handle finds the wrong thing. */
    public static final int NODE_HANDLES = 1;
    private static final int LOW_BITS = (1 << BAND_SHIFT) - 1;

    private final String capacityName;
    private final GrowthPolicy policy;
    private final HandleTable ids;
    private final BandAllocator bands = new BandAllocator(this::moveSlot);
    private final SlotListener slotListener;
    private int graphRoot = Index.NONE;
    /**
     * Counts slot moves. A changed bit speaks of a slot, so once a node moves after the transform pass its bit no
     * longer says whether that pass recomputed it; the bounds pass compares this count with the one at the transform
     * pass and recomputes everything when they differ.
     */
    private int slotMoves;
    /**
     * Counts new parents given to nodes: the only change that moves an existing node in or out of the graph (its root
     * is set once, before any pass). The bounds pass copies the items' in-graph bits from their nodes only once this
     * count moved (and for items new to their node), so that a pass after none reads no node flags.
     */
    private int parentChanges;
    /**
     * Changes each time a node's data moves to another slot or a node's slot is freed: a copy of slots taken at one
     * value stays right while the value does (slot moves alone miss a freed slot that nothing moved into).
     */
    private int slotVersion;
    private long changedSets;
    /** The nodes whose local transform, parent or inheritance changed since the last pass, a bit a used slot. */
    private final SummaryByteSet dirtySlots;
    private final SummaryBitSet changedBits;
    private final SummaryBitSet movedBits;

    private int capacity;
    private float[] position = new float[0];
    private float[] orientation = new float[0];
    private float[] scale = new float[0];
    private float[] world = new float[0];
    private int[] parentId = new int[0];
    /** The slot of each node's parent as of the last refresh; valid only in bands whose parents did not move since. */
    private int[] parentSlot = new int[0];
    /**
     * Per 64-slot word, a range holding the cached parent slot of every used slot of the word (empty: min above max),
     * so the pass can tell that none of a word's parents changed from two ints and a few bits: with siblings in
     * neighbouring slots, a word's parents are one or two slots.
     */
    private int[] wordParentMin = new int[0];
    private int[] wordParentMax = new int[0];
    private int[] idAt = new int[0];
    private int[] flags = new int[0];
    /** The game's tag per slot ({@link #tags()}): moves with the node's data in {@link #copySlot}, 0 when new. */
    private long[] tags = new long[0];

    /**
     * Told where a node's data went each time it moves to another slot, as Ogre's memory managers tell their
     * RebaseListener: objects that keep a node's slot to write it without the id table stay right.
     */
    @FunctionalInterface
    public interface SlotListener {
        void moved(int id, int slot);
    }

    public TransformStore(String capacityName, int capacity, GrowthPolicy policy, SlotListener slotListener) {
        this.capacityName = Objects.requireNonNull(capacityName, "capacityName");
        this.policy = Objects.requireNonNull(policy, "policy");
        this.slotListener = Objects.requireNonNull(slotListener, "slotListener");
        this.ids = HandleTable.ofKind(capacityName, capacity, policy, NODE_HANDLES);
        this.dirtySlots = new SummaryByteSet(capacity + 1);
        this.changedBits = new SummaryBitSet(capacity + 1);
        this.movedBits = new SummaryBitSet(capacity + 1);
        allocate(capacity);
    }

    private void allocate(int newCapacity) {
        int slots = newCapacity + 1;
        position = Arrays.copyOf(position, LaneBlocks.length(slots, VECTOR_WIDTH));
        orientation = Arrays.copyOf(orientation, LaneBlocks.length(slots, QUATERNION_WIDTH));
        scale = Arrays.copyOf(scale, LaneBlocks.length(slots, VECTOR_WIDTH));
        world = Arrays.copyOf(world, LaneBlocks.length(slots, MATRIX_WIDTH));
        parentId = Arrays.copyOf(parentId, slots);
        parentSlot = Arrays.copyOf(parentSlot, slots);
        int oldWords = wordParentMin.length;
        int words = (slots + 63) >>> 6;
        wordParentMin = Arrays.copyOf(wordParentMin, words);
        wordParentMax = Arrays.copyOf(wordParentMax, words);
        Arrays.fill(wordParentMin, oldWords, words, Integer.MAX_VALUE);
        Arrays.fill(wordParentMax, oldWords, words, Integer.MIN_VALUE);
        idAt = Arrays.copyOf(idAt, slots);
        flags = Arrays.copyOf(flags, slots);
        tags = Arrays.copyOf(tags, slots);
        dirtySlots.ensureCapacity(slots);
        changedBits.ensureCapacity(slots);
        movedBits.ensureCapacity(slots);
        capacity = newCapacity;
    }

    public int size() {
        return bands.total();
    }

    public int capacity() {
        return capacity;
    }

    public BandAllocator bands() {
        return bands;
    }

    public int slotMoves() {
        return slotMoves;
    }

    public int parentChanges() {
        return parentChanges;
    }

    public int slotVersion() {
        return slotVersion;
    }

    public boolean isLive(long handle) {
        return ids.isValid(handle);
    }

    /** The slot of the node with this handle, or -1 when the handle is stale: one check, for the setters. */
    public int slotOrNone(long handle) {
        return ids.indexOf(handle);
    }

    /** The slot of the node with stable id {@code id}. */
    public int slotOfId(int id) {
        return ids.indexOfId(id);
    }

    /** The depth-0 node whose subtree is the drawn scene graph. */
    public int graphRoot() {
        return graphRoot;
    }

    public void setGraphRoot(int id) {
        graphRoot = id;
        markDirty(ids.indexOfId(id));
    }

    /**
     * Creates a dynamic node with an identity local transform under {@code parent} (or at depth 0), inheriting
     * orientation and scale.
     *
     * @return its handle; the handle's index is the node's stable id
     */
    public long create(int parent) {
        if (bands.total() == Capacity.MAX_STORE_SIZE) {
            throw CapacityExceededException.atLimit(capacityName, bands.total(), Capacity.MAX_STORE_SIZE);
        }
        int band = parent == Index.NONE ? 0 : 2 * childDepth(ids.indexOfId(parent));
        // The id table has the same capacity and policy: it throws under FAIL, or grows and logs the one WARN line,
        // before the slot arrays grow in step with it.
        long handle = ids.create(0);
        if (bands.total() + 1 > capacity) {
            int grown = Capacity.next(capacityName, policy, capacity, bands.total() + 1);
            allocate(Math.min(Capacity.MAX_STORE_SIZE, grown));
        }
        int id = HandleTable.idOf(handle);
        int slot = bands.open(band);
        idAt[slot] = id;
        ids.setIndexOfId(id, slot);
        writeIdentity(slot);
        parentId[slot] = parent;
        writeParentSlot(slot, parentSlotOf(parent));
        flags[slot] = (band << BAND_SHIFT) | INHERIT_ORIENTATION | INHERIT_SCALE;
        tags[slot] = 0L;
        markDirty(slot);
        return handle;
    }

    /** Frees a node's slot and ends its handle. Its children must already be gone or moved. */
    public void destroy(int id) {
        int slot = ids.indexOfId(id);
        long handle = ids.handleOfId(id);
        closeSlot(slot);
        ids.release(handle);
        slotVersion++;
    }

    /**
     * Gives a node a new parent ({@link Index#NONE} for depth 0). If its band's depth changes, it moves to the new
     * band; its children must then be moved by the caller, parents first, so each finds its parent one level up.
     * When it does not (the same depth, or one at least {@link #DEEP} before and after), nor do its descendants'.
     *
     * @return whether the node's band depth changed
     */
    public boolean setParent(int id, int parent) {
        int oldDepth = depth(ids.indexOfId(id));
        int depth = parent == Index.NONE ? 0 : childDepth(ids.indexOfId(parent));
        int slot = moveToBand(id, 2 * depth + (isStatic(ids.indexOfId(id)) ? 1 : 0));
        parentChanges++;
        parentId[slot] = parent;
        writeParentSlot(slot, parentSlotOf(parent));
        markDirty(slot);
        return depth != oldDepth;
    }

    /** Moves a node between the dynamic and static band of its depth. */
    public void setStatic(int id, boolean isStatic) {
        int slot = moveToBand(id, 2 * depth(ids.indexOfId(id)) + (isStatic ? 1 : 0));
        markDirty(slot);
    }

    private int moveToBand(int id, int band) {
        int slot = ids.indexOfId(id);
        if (band(slot) != band) {
            slotMoves++;
            int staging = capacity;
            copySlot(slot, staging);
            closeSlot(slot);
            slot = bands.open(band);
            copySlot(staging, slot);
            dirtySlots.clear(staging);
            flags[slot] = (flags[slot] & LOW_BITS) | (band << BAND_SHIFT);
            // the cached parent slot came from the old band, whose staleness the new band does not share
            writeParentSlot(slot, parentSlotOf(parentId[slot]));
            movedTo(slot);
        }
        return slot;
    }

    /**
     * Frees a slot in its band. The band's last node moves into it, taking its dirty mark along, so the slot this
     * leaves unused holds a copy that is no node: its dirty mark goes, as every unused slot's must.
     */
    private void closeSlot(int slot) {
        bands.close(slot, band(slot));
        dirtySlots.clear(bands.total());
    }

    public static int bandOf(int slotFlags) {
        return slotFlags >>> BAND_SHIFT;
    }

    public int band(int slot) {
        return bandOf(flags[slot]);
    }

    /** The node's depth, or {@link #DEEP} for a node at least that deep: the depth its band stands for. */
    public int depth(int slot) {
        return band(slot) >>> 1;
    }

    /** The band depth of a child of the node at {@code parentSlot}. */
    private int childDepth(int parentSlot) {
        return Math.min(depth(parentSlot) + 1, DEEP);
    }

    public boolean isStatic(int slot) {
        return (band(slot) & 1) != 0;
    }

    public int parentId(int slot) {
        return parentId[slot];
    }

    public int idAt(int slot) {
        return idAt[slot];
    }

    /** Whether the node hung from the scene's root at the last transform pass. */
    public boolean isInGraph(int slot) {
        return (flags[slot] & IN_GRAPH) != 0;
    }

    public boolean inheritsOrientation(int slot) {
        return (flags[slot] & INHERIT_ORIENTATION) != 0;
    }

    public boolean inheritsScale(int slot) {
        return (flags[slot] & INHERIT_SCALE) != 0;
    }

    /** Moves a node's data to another slot within its band, then fixes up what refers to the slot. */
    private void moveSlot(int from, int to) {
        slotMoves++;
        copySlot(from, to);
        movedTo(to);
    }

    /**
     * The one fix-up after a node's data arrived at {@code slot}: the id → slot table, the slot listener, the moved
     * bit, and the parent slots of the two bands its children live in. (The dirty bit came with the data, in
     * {@link #copySlot}.)
     */
    private void movedTo(int slot) {
        ids.setIndexOfId(idAt[slot], slot);
        slotListener.moved(idAt[slot], slot);
        slotVersion++;
        movedBits.set(slot);
        bands.markParentsMoved(2 * childDepth(slot));
    }

    private void copySlot(int from, int to) {
        LaneBlocks.copy(position, VECTOR_WIDTH, from, to);
        LaneBlocks.copy(orientation, QUATERNION_WIDTH, from, to);
        LaneBlocks.copy(scale, VECTOR_WIDTH, from, to);
        LaneBlocks.copy(world, MATRIX_WIDTH, from, to);
        parentId[to] = parentId[from];
        writeParentSlot(to, parentSlot[from]);
        idAt[to] = idAt[from];
        flags[to] = flags[from];
        tags[to] = tags[from];
        if (dirtySlots.get(from)) {
            dirtySlots.set(to);
        } else {
            dirtySlots.clear(to);
        }
    }

    private void writeIdentity(int slot) {
        writeVector(position, slot, 0f, 0f, 0f);
        int q = LaneBlocks.base(slot, QUATERNION_WIDTH);
        orientation[q] = 0f;
        orientation[q + LaneBlocks.LANES] = 0f;
        orientation[q + 2 * LaneBlocks.LANES] = 0f;
        orientation[q + 3 * LaneBlocks.LANES] = 1f;
        writeVector(scale, slot, 1f, 1f, 1f);
        int w = LaneBlocks.base(slot, MATRIX_WIDTH);
        for (int c = 0; c < MATRIX_WIDTH; c++) {
            world[w + c * LaneBlocks.LANES] = 0f;
        }
        world[w] = 1f;
        world[w + 4 * LaneBlocks.LANES] = 1f;
        world[w + 8 * LaneBlocks.LANES] = 1f;
    }

    private static void writeVector(float[] array, int slot, float x, float y, float z) {
        int o = LaneBlocks.base(slot, VECTOR_WIDTH);
        array[o] = x;
        array[o + LaneBlocks.LANES] = y;
        array[o + 2 * LaneBlocks.LANES] = z;
    }

    private void markDirty(int slot) {
        dirtySlots.set(slot);
    }

    /**
     * Re-reads the parent slots of {@code band} from the id table if a parent moved since they were read, which the
     * transform pass calls before it reads them.
     */
    public void refreshParentSlots(int band) {
        if (!bands.parentsMoved(band)) {
            return;
        }
        int start = bands.start(band);
        int end = bands.end(band);
        for (int slot = start; slot < end; slot++) {
            parentSlot[slot] = ids.indexOfId(parentId[slot]);
        }
        // re-fold the band's words exactly, so ranges widened by moves since narrow again
        int total = bands.total();
        for (int w = start >>> 6; w < (end + 63) >>> 6; w++) {
            wordParentMin[w] = Integer.MAX_VALUE;
            wordParentMax[w] = Integer.MIN_VALUE;
            for (int slot = w << 6; slot < Math.min(total, (w << 6) + 64); slot++) {
                widenParentRange(slot);
            }
        }
        bands.parentSlotsRead(band);
    }

    /**
     * Writes one cached parent slot and widens its word's parent range: every write of a single entry goes through
     * here, and {@link #refreshParentSlots}, which rewrites a whole band, folds its words' ranges anew.
     */
    private void writeParentSlot(int slot, int value) {
        parentSlot[slot] = value;
        widenParentRange(slot);
    }

    private void widenParentRange(int slot) {
        int parent = parentSlot[slot];
        if (parent != Index.NONE) {
            int w = slot >>> 6;
            wordParentMin[w] = Math.min(wordParentMin[w], parent);
            wordParentMax[w] = Math.max(wordParentMax[w], parent);
        }
    }

    private int parentSlotOf(int parent) {
        return parent == Index.NONE ? Index.NONE : ids.indexOfId(parent);
    }

    /** Empties the changed set for a transform pass, which then adds the slots it recomputes. */
    public void openChangedSet() {
        changedBits.clear();
        changedSets++;
    }

    /** How many changed sets have been opened: the transform passes run so far. */
    public long changedSets() {
        return changedSets;
    }

    /**
     * Completes the changed set after a transform pass with the slots moved since the pass before, which the pass
     * itself must not read as changed (a moved node's matrix is what it was, so its children need nothing). Moved bits
     * past the used slots are dropped, so every changed slot is a used one.
     */
    public void publishChangedSet() {
        movedBits.clear(size(), movedBits.capacity());
        changedBits.or(movedBits);
        movedBits.clear();
    }

    public void setPosition(int slot, float x, float y, float z) {
        writeVector(position, slot, x, y, z);
        markDirty(slot);
    }

    /**
     * Sets the positions of the {@code count} slots from {@code firstSlot}, x, y, z each, from {@code values} at
     * {@code offset}. A whole block is written lane by lane within each component, and the dirty bytes of the run
     * are set at once, which saves the per-slot block arithmetic and summary test of {@link #setPosition}.
     */
    public void setPositions(int firstSlot, int count, float[] values, int offset) {
        int slot = firstSlot;
        int end = firstSlot + count;
        int v = offset;
        while (slot < end && (slot & (LaneBlocks.LANES - 1)) != 0) {
            writeVector(position, slot++, values[v], values[v + 1], values[v + 2]);
            v += 3;
        }
        for (; slot + LaneBlocks.LANES <= end; slot += LaneBlocks.LANES, v += 3 * LaneBlocks.LANES) {
            int o = LaneBlocks.base(slot, VECTOR_WIDTH);
            for (int lane = 0; lane < LaneBlocks.LANES; lane++) {
                position[o + lane] = values[v + 3 * lane];
                position[o + LaneBlocks.LANES + lane] = values[v + 3 * lane + 1];
                position[o + 2 * LaneBlocks.LANES + lane] = values[v + 3 * lane + 2];
            }
        }
        while (slot < end) {
            writeVector(position, slot++, values[v], values[v + 1], values[v + 2]);
            v += 3;
        }
        dirtySlots.set(firstSlot, end);
    }

    /** Stores the quaternion normalized, since the update pass builds rotation matrices that assume a unit one. */
    public void setOrientation(int slot, float x, float y, float z, float w) {
        // in double throughout: the inverse length of a subnormal quaternion exceeds the float range, and would
        // store infinity and NaN (0 times infinity) where a unit quaternion belongs
        double invLength = 1.0 / Math.sqrt((double) x * x + (double) y * y + (double) z * z + (double) w * w);
        int o = LaneBlocks.base(slot, QUATERNION_WIDTH);
        orientation[o] = (float) (x * invLength);
        orientation[o + LaneBlocks.LANES] = (float) (y * invLength);
        orientation[o + 2 * LaneBlocks.LANES] = (float) (z * invLength);
        orientation[o + 3 * LaneBlocks.LANES] = (float) (w * invLength);
        markDirty(slot);
    }

    /**
     * Stores a quaternion that is unit already (one this store normalized before, read back from a scene file) as it
     * is, so that a saved and loaded scene holds the same bits; normalizing it again could move its last bit.
     */
    public void setUnitOrientation(int slot, float x, float y, float z, float w) {
        int o = LaneBlocks.base(slot, QUATERNION_WIDTH);
        orientation[o] = x;
        orientation[o + LaneBlocks.LANES] = y;
        orientation[o + 2 * LaneBlocks.LANES] = z;
        orientation[o + 3 * LaneBlocks.LANES] = w;
        markDirty(slot);
    }

    public void setScale(int slot, float x, float y, float z) {
        writeVector(scale, slot, x, y, z);
        flags[slot] = (flags[slot] & ~SCALE_MIRRORS) | (x * y * z < 0f ? SCALE_MIRRORS : 0);
        markDirty(slot);
    }

    /** Hides or shows the node; the pass recomputes it, and its subtree's {@link #SHOWN} bits follow. */
    public void setHidden(int slot, boolean hidden) {
        flags[slot] = (flags[slot] & ~HIDDEN) | (hidden ? HIDDEN : 0);
        markDirty(slot);
    }

    public boolean isHidden(int slot) {
        return (flags[slot] & HIDDEN) != 0;
    }

    public void setInherit(int slot, boolean inheritOrientation, boolean inheritScale) {
        int bits = (inheritOrientation ? INHERIT_ORIENTATION : 0) | (inheritScale ? INHERIT_SCALE : 0);
        flags[slot] = (flags[slot] & ~(INHERIT_ORIENTATION | INHERIT_SCALE)) | bits;
        markDirty(slot);
    }

    /** Local positions, 3 floats a slot in {@link LaneBlocks}; the array is replaced when the store grows. */
    public float[] positions() {
        return position;
    }

    /** Local orientations, unit quaternions (x, y, z, w), 4 floats a slot in {@link LaneBlocks}. */
    public float[] orientations() {
        return orientation;
    }

    /** Local scales, 3 floats a slot in {@link LaneBlocks}. */
    public float[] scales() {
        return scale;
    }

    /**
     * World matrices, 12 floats a slot in {@link LaneBlocks}, as of the last pass; valid until the next structural
     * change or growth.
     */
    public float[] worlds() {
        return world;
    }

    /** Parent slots, {@link Index#NONE} at depth 0; valid in a band once {@link #refreshParentSlots} ran for it. */
    public int[] parentSlots() {
        return parentSlot;
    }

    /** Per 64-slot word, the least cached parent slot of its slots ({@code Integer.MAX_VALUE} when none). */
    public int[] wordParentMins() {
        return wordParentMin;
    }

    /** Per 64-slot word, the greatest cached parent slot of its slots ({@code Integer.MIN_VALUE} when none). */
    public int[] wordParentMaxes() {
        return wordParentMax;
    }

    /**
     * The dirty nodes, slot {@code s} as index {@code s}. The transform pass reads them a word of 64 slots at a time
     * and clears a band's range once it has swept it.
     */
    public SummaryByteSet dirtySlots() {
        return dirtySlots;
    }

    /**
     * The slots whose world matrix the last transform pass recomputed, and those a structural change moved before
     * it: what a reader that mirrors the world matrices (the renderer's copy) must read again. Valid until the next
     * structural change.
     */
    public SummaryBitSet changedSlots() {
        return changedBits;
    }

    /** The game's tags, one long a slot: read and written by slot, valid until the next structural change or growth. */
    public long[] tags() {
        return tags;
    }

    /** Flags, one int a slot; valid until the next structural change or growth. */
    public int[] flags() {
        return flags;
    }

    /**
     * Checks every index invariant: band ranges are ordered and cover exactly the used slots; every slot's id maps
     * back to it; its band bits match its band; no dirty bit lies past the used slots; its parent is a live node one
     * level up (none at depth 0) whose slot the parent-slot cache holds unless the band is marked stale, and which lies
     * in its word's parent range; static nodes below depth 1 have static parents; the id table holds exactly one live
     * entry per node; the bitsets' summaries hold.
     *
     * @throws IllegalStateException naming the first broken invariant
     */
    public void validate() {
        ids.validate();
        if (ids.size() != bands.total()) {
            throw new IllegalStateException(capacityName + ": " + ids.size() + " live ids for " + bands.total()
                    + " slots");
        }
        bands.validate(capacityName);
        dirtySlots.validate(capacityName + " dirty slots");
        int strayDirty = dirtySlots.nextSetBit(bands.total(), dirtySlots.capacity());
        if (strayDirty != Index.NONE) {
            throw new IllegalStateException(capacityName + ": slot " + strayDirty + " is marked dirty but holds no node"
                    + " (" + bands.total() + " slots are used)");
        }
        changedBits.validate(capacityName + " changed slots");
        movedBits.validate(capacityName + " moved slots");
        for (int band = 0; band < bands.bands(); band++) {
            for (int slot = bands.start(band); slot < bands.end(band); slot++) {
                validateSlot(band, slot);
            }
        }
    }

    private void validateSlot(int band, int slot) {
        int id = idAt[slot];
        if (!ids.isValid(ids.handleOfId(id)) || ids.indexOfId(id) != slot) {
            throw new IllegalStateException(capacityName + ": slot " + slot + " holds node id " + id
                    + " whose table entry points at slot " + ids.indexOfId(id));
        }
        if (band(slot) != band) {
            throw new IllegalStateException(capacityName + ": node id " + id + " in band " + band
                    + " records band " + band(slot));
        }
        int cachedParent = parentSlot[slot];
        int expectedParent = parentSlotOf(parentId[slot]);
        if (!bands.parentsMoved(band) && cachedParent != expectedParent) {
            throw new IllegalStateException(capacityName + ": node id " + id + " caches parent slot " + cachedParent
                    + " but its parent id " + parentId[slot] + " is at slot " + expectedParent);
        }
        int w = slot >>> 6;
        if (cachedParent != Index.NONE && (cachedParent < wordParentMin[w] || cachedParent > wordParentMax[w])) {
            throw new IllegalStateException(capacityName + ": node id " + id + " caches parent slot " + cachedParent
                    + " outside its word's parent range [" + wordParentMin[w] + ", " + wordParentMax[w] + "]");
        }
        int s = LaneBlocks.base(slot, VECTOR_WIDTH);
        float scaleProduct = scale[s] * scale[s + LaneBlocks.LANES] * scale[s + 2 * LaneBlocks.LANES];
        if ((scaleProduct < 0f) != ((flags[slot] & SCALE_MIRRORS) != 0)) {
            throw new IllegalStateException(capacityName + ": node id " + id + " has a scale whose product is "
                    + scaleProduct + " but its scale-mirrors flag is " + ((flags[slot] & SCALE_MIRRORS) != 0));
        }
        int depth = band >>> 1;
        int parent = parentId[slot];
        if (depth == 0) {
            if (parent != Index.NONE) {
                throw new IllegalStateException(capacityName + ": depth-0 node id " + id + " has parent " + parent);
            }
            return;
        }
        int parentBand = band(ids.indexOfId(parent));
        int parentDepth = parentBand >>> 1;
        if (parentDepth != depth - 1 && (depth != DEEP || parentDepth != DEEP)) {
            throw new IllegalStateException(capacityName + ": node id " + id + " at depth " + depth
                    + " has parent id " + parent + " at depth " + parentDepth);
        }
        if ((band & 1) != 0 && depth > 1 && (parentBand & 1) == 0) {
            throw new IllegalStateException(capacityName + ": static node id " + id + " has dynamic parent id "
                    + parent);
        }
    }
}
