package io.flatscene.core.scene.store;

import io.flatscene.core.container.FloatColumn;
import io.flatscene.core.container.Index;
import io.flatscene.core.container.IntColumn;
import io.flatscene.core.container.SparseSet;
import io.flatscene.core.container.SummaryBitSet;

/**
 * Every item's data in structure-of-arrays form: columns of the items' {@link ObjectStore} set, so they are indexed
 * by the item's global index and move with it on every swap-and-pop. The bounds and cull passes stream through the
 * arrays the {@code ...Array()} methods return, fetched once a pass because growth replaces them.
 *
 * <p>Bounds are center and half extents, 3 floats each. {@code nodeSlot} is the transform slot of the node the item
 * is attached to, or {@link io.flatscene.core.container.Index#NONE}; a detached item keeps its last world bounds. The
 * slot, not the node's stable id, so the passes read the node's data without the id table for every item: written
 * at attachment and, through the node, each time the node's data moves to another slot ({@link #nodeMoved}).
 * {@code transparent} is 1 or 0. {@code tint} is four unsigned normalized bytes, red in the lowest: the bytes of a
 * little-endian int in the order a GL {@code RGBA} unsigned-byte attribute reads them, so the renderer copies it as is.
 */
public final class ItemStore {
    /** The tint of a new item: every byte 255, which leaves the material's colour as it is. */
    public static final int OPAQUE_WHITE = 0xFFFF_FFFF;
    /** Counts item setter calls; see {@link #propertiesChanging}. */
    private long propertyChanges;
    private final FloatColumn localCenter;
    private final FloatColumn localHalf;
    private final FloatColumn worldCenter;
    private final FloatColumn worldHalf;
    private final IntColumn nodeSlot;
    private final IntColumn meshId;
    private final IntColumn materialId;
    private final IntColumn renderQueueGroup;
    private final IntColumn visibilityFlags;
    private final IntColumn queryFlags;
    private final IntColumn transparent;
    private final IntColumn tint;
    /** 1 when the world box must be recomputed whatever the node did: new, re-attached, or a new local box. */
    private final IntColumn boundsDirty;
    /**
     * 1 when the item's node hung from the scene's root as of the node flags the bounds pass last copied for it, 0 when
     * it did not or the item was (re-)attached since. The queries read it beside the item's query flags rather than
     * the node's flags, which would be one read at a random place per item found. The bounds pass copies it for an
     * item new to its node, and for every item of the chunks it visits after a node got a new parent, the only change
     * that moves an existing node in or out of the graph.
     */
    private final IntColumn inGraph;
    /**
     * Bit {@code c} set when chunk {@code c} (items {@code [64c, 64c + 64)}) holds an item marked bounds-dirty since
     * the last bounds pass, or an item moved into it by a removal or creation: the chunks the bounds pass must visit
     * whatever their nodes did.
     */
    private final SummaryBitSet dirtyChunks = new SummaryBitSet(0);
    /**
     * Bit {@code c} set when chunk {@code c}'s world boxes or its items changed since the scene queries' index last
     * read it: set where an item arrives at an index ({@link #moved}) and, for every chunk the bounds pass or a spatial
     * sort changed, where the chunk boxes are refreshed after it (one thread, whatever the pass ran on).
     */
    private final SummaryBitSet queryChunks = new SummaryBitSet(0);
    /**
     * Bit {@code c} set when an item arrived at an index of chunk {@code c} ({@link #moved}: created there, or moved
     * there by a removal or the spatial sort) since the query index last read it: the chunks whose items' global
     * indices it must read again, always among {@link #queryChunks}.
     */
    private final SummaryBitSet arrivalChunks = new SummaryBitSet(0);

    public ItemStore(SparseSet items) {
        localCenter = items.addFloatColumn(3);
        localHalf = items.addFloatColumn(3);
        worldCenter = items.addFloatColumn(3);
        worldHalf = items.addFloatColumn(3);
        nodeSlot = items.addIntColumn();
        meshId = items.addIntColumn();
        materialId = items.addIntColumn();
        renderQueueGroup = items.addIntColumn();
        visibilityFlags = items.addIntColumn();
        queryFlags = items.addIntColumn();
        transparent = items.addIntColumn();
        tint = items.addIntColumn();
        boundsDirty = items.addIntColumn();
        inGraph = items.addIntColumn();
    }

    /** Fills a new item's data after {@link #setLocal}; its world bounds start as its local bounds. */
    public void init(int index, int mesh, int material, int group, int visibility, int query) {
        System.arraycopy(localCenter.values(), index * 3, worldCenter.values(), index * 3, 3);
        System.arraycopy(localHalf.values(), index * 3, worldHalf.values(), index * 3, 3);
        nodeSlot.values()[index] = Index.NONE;
        inGraph.values()[index] = 0;
        meshId.values()[index] = mesh;
        materialId.values()[index] = material;
        renderQueueGroup.values()[index] = group;
        visibilityFlags.values()[index] = visibility;
        queryFlags.values()[index] = query;
        transparent.values()[index] = 0;
        tint.values()[index] = OPAQUE_WHITE;
    }

    public void setLocal(int index, float cx, float cy, float cz, float hx, float hy, float hz) {
        boundsDirty.values()[index] = 1;
        markChunk(index);
        float[] c = localCenter.values();
        float[] h = localHalf.values();
        int o = index * 3;
        c[o] = cx;
        c[o + 1] = cy;
        c[o + 2] = cz;
        h[o] = hx;
        h[o + 1] = hy;
        h[o + 2] = hz;
    }

    /** The item moved to another node (or none): its world box and in-graph bit follow at the next bounds pass. */
    public void attach(int index, int nodeSlot) {
        this.nodeSlot.values()[index] = nodeSlot;
        inGraph.values()[index] = 0;
        boundsDirty.values()[index] = 1;
        markChunk(index);
    }

    /** The node of the item at {@code index} now lives in transform slot {@code slot}. */
    public void nodeMoved(int index, int slot) {
        nodeSlot.values()[index] = slot;
    }

    /** An item arrived at {@code index} (created there, or the last item moved there by a removal). */
    public void moved(int index) {
        markChunk(index);
        int chunk = index >>> 6;
        queryChanged(chunk);
        arrivalChunks.ensureCapacity(chunk + 1);
        arrivalChunks.set(chunk);
    }

    /** The world boxes or the items of chunk {@code chunk} changed: the query index must read it again. */
    public void queryChanged(int chunk) {
        queryChunks.ensureCapacity(chunk + 1);
        queryChunks.set(chunk);
    }

    /** The chunks the scene queries' index must read again; it clears them. */
    public SummaryBitSet queryChunks() {
        return queryChunks;
    }

    /** The chunks among {@link #queryChunks} whose items' global indices changed; the query index clears them. */
    public SummaryBitSet arrivalChunks() {
        return arrivalChunks;
    }

    private void markChunk(int index) {
        int chunk = index >>> 6;
        dirtyChunks.ensureCapacity(chunk + 1);
        dirtyChunks.set(chunk);
    }

    /** The chunks the next bounds pass must visit; it clears them. */
    public SummaryBitSet dirtyChunks() {
        return dirtyChunks;
    }

    /** Called by every item setter before it writes: counts the changes to what a cull reads of an item. */
    public void propertiesChanging() {
        propertyChanges++;
    }

    public long propertyChanges() {
        return propertyChanges;
    }

    public int[] boundsDirtyArray() {
        return boundsDirty.values();
    }

    public int[] inGraphArray() {
        return inGraph.values();
    }

    public float[] localCenterArray() {
        return localCenter.values();
    }

    public float[] localHalfArray() {
        return localHalf.values();
    }

    public float[] worldCenterArray() {
        return worldCenter.values();
    }

    public float[] worldHalfArray() {
        return worldHalf.values();
    }

    public int[] nodeSlotArray() {
        return nodeSlot.values();
    }

    public int[] meshIdArray() {
        return meshId.values();
    }

    public int[] materialIdArray() {
        return materialId.values();
    }

    public int[] renderQueueGroupArray() {
        return renderQueueGroup.values();
    }

    public int[] visibilityFlagsArray() {
        return visibilityFlags.values();
    }

    public int[] queryFlagsArray() {
        return queryFlags.values();
    }

    public int[] transparentArray() {
        return transparent.values();
    }

    public int[] tintArray() {
        return tint.values();
    }
}
