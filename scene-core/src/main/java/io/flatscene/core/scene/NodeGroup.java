package io.flatscene.core.scene;

import java.util.Arrays;
import java.util.Objects;

/**
 * A fixed set of nodes a game moves together every frame (the bodies its physics steps, a crowd, a particle rig):
 * {@link #setPositions} and {@link #setOrientations} take one float array in the group's order. The group keeps its
 * nodes' transform slots, and where they run one after another, so a frame's writes stream through the scene's arrays
 * a run at a time without reading a node object; it reads them again only after a structural change has moved or
 * freed a slot (the store's slot version tells it).
 * Made by {@link SceneManager#createNodeGroup}.
 *
 * <p>A group outlives its members: a node destroyed is skipped from then on. It keeps its place, so that the game's
 * arrays line up with the group as before, and its values there are neither read nor checked; every other node still
 * gets its own. Skipped rather than dropped because a dropped node would shift every later node's index, and the
 * arrays a game fills each frame with it, under churn. A node created later, even in the destroyed one's slot or
 * under its id, is never written: the group holds the node objects, and a destroyed node's stays dead. The writes cost
 * what they did, with nothing allocated: a destroyed node only shortens the runs, cut again at the next write after
 * it. A game that wants the places back makes a new group of its live nodes ({@link SceneNode#isAlive}).
 */
public final class NodeGroup {
    private final SceneManager scene;
    private final SceneNode[] nodes;
    /**
     * {@code slots[i]} is {@code nodes[i]}'s slot, negative once it is destroyed, while the store's slot version is
     * {@link #slotVersion}.
     */
    private final int[] slots;
    /** The runs of {@link #slots} that follow one another, destroyed nodes left out ({@link BatchSetters#cutRuns}). */
    private final int[] runStarts;
    private final int[] runEnds;
    private int runCount;
    private int slotVersion;

    /** A group of a copy of {@code nodes[0, count)}, each a live node of {@code scene}. */
    static NodeGroup of(SceneManager scene, SceneNode[] nodes, int count) {
        Objects.requireNonNull(nodes, "nodes");
        if (count < 0 || count > nodes.length) {
            throw new IllegalArgumentException("cannot group " + count + " of " + nodes.length + " nodes");
        }
        SceneNode[] members = Arrays.copyOf(nodes, count);
        for (int i = 0; i < count; i++) {
            if (members[i] == null) {
                throw new IllegalArgumentException("cannot group node " + i + " of " + count + ": it is null");
            }
            scene.changes().checkOwned(members[i], "join a node group");
        }
        return new NodeGroup(scene, members);
    }

    /** @param nodes live nodes of {@code scene}, checked by the caller */
    NodeGroup(SceneManager scene, SceneNode[] nodes) {
        this.scene = scene;
        this.nodes = nodes;
        this.slots = new int[nodes.length];
        this.runStarts = new int[nodes.length];
        this.runEnds = new int[nodes.length];
        readSlots();
    }

    /**
     * {@return the number of nodes in the group, fixed at creation}
     *
     * @throws IllegalStateException if the scene was closed
     */
    public int size() {
        scene.guard().checkAvailable("read a node group");
        return nodes.length;
    }

    /**
     * Reads a node of the group by position; the order is the one given at creation and never changes.
     *
     * @param index the node's position, 0 to {@code size() - 1}; it is the index into the setters' arrays
     * @return the node at that position, possibly destroyed since (then skipped by the setters)
     * @throws IndexOutOfBoundsException if {@code index} is outside 0 to {@code size() - 1}
     * @throws IllegalStateException     if the scene was closed
     */
    public SceneNode node(int index) {
        scene.guard().checkAvailable("read a node group");
        return nodes[Objects.checkIndex(index, nodes.length)];
    }

    /**
     * Node {@code i} gets the local position {@code positions[3i]}, {@code positions[3i + 1]},
     * {@code positions[3i + 2]}; a destroyed node is skipped, its three floats unread.
     *
     * @param positions x, y, z per node in the group's order, each in its parent's space; at least
     *                  {@code 3 * size()} floats, the rest ignored; read, not kept
     * @throws NullPointerException     if {@code positions} is null
     * @throws IllegalArgumentException if the array holds fewer than {@link #size()} positions, or a live node's value
     *                                  is not finite (naming the node); nothing is set
     * @throws IllegalStateException    if the scene cannot change now; nothing is set
     */
    public void setPositions(float[] positions) {
        checkLength(positions, 3, "positions");
        scene.guard().checkMutable(this);
        followSlots();
        BatchSetters.writePositions(scene.transforms(), nodes, slots, runStarts, runEnds, runCount, positions,
                nodes.length);
    }

    /**
     * Node {@code i} gets the orientation (x, y, z, w) at {@code orientations[4i]}, stored normalized as
     * {@link SceneNode#setOrientation} stores it; a destroyed node is skipped, its four floats unread.
     *
     * @param orientations x, y, z, w per node in the group's order, each relative to its parent's axes; at least
     *                     {@code 4 * size()} floats, the rest ignored; read, not kept
     * @throws NullPointerException     if {@code orientations} is null
     * @throws IllegalArgumentException as {@link #setPositions} does, and for a zero quaternion; nothing is set
     * @throws IllegalStateException    as {@link #setPositions} does; nothing is set
     */
    public void setOrientations(float[] orientations) {
        checkLength(orientations, 4, "orientations");
        scene.guard().checkMutable(this);
        followSlots();
        BatchSetters.writeOrientations(scene.transforms(), nodes, slots, runStarts, runEnds, runCount, orientations);
    }

    @Override
    public String toString() {
        return "node group of " + nodes.length + " nodes";
    }

    private void checkLength(float[] values, int width, String what) {
        Objects.requireNonNull(values, what);
        if (values.length < (long) nodes.length * width) {
            throw new IllegalArgumentException("cannot set the " + what + " of " + this + " from " + values.length
                    + " floats: it needs " + width + " a node");
        }
    }

    /** Reads the slots again if a slot moved or was freed since they were read. */
    private void followSlots() {
        if (scene.transforms().slotVersion() != slotVersion) {
            readSlots();
        }
    }

    /**
     * Reads each node's slot, negative for a destroyed one (a node object's slot never comes back), and cuts the runs
     * again.
     */
    private void readSlots() {
        for (int i = 0; i < nodes.length; i++) {
            slots[i] = nodes[i].slot;
        }
        runCount = BatchSetters.cutRuns(slots, slots.length, runStarts, runEnds);
        slotVersion = scene.transforms().slotVersion();
    }
}
