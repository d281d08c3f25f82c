package io.flatscene.core.scene;

import io.flatscene.core.scene.store.TransformStore;
import java.util.Arrays;
import java.util.Objects;

/**
 * The scene's bulk setters: the local positions or orientations of many nodes from one float array, for a game that
 * moves thousands of nodes a frame (from its physics, say). The scene's openness to changes is checked once a call,
 * each node's handle once; every node and value is checked before the first write, so a refused call changes
 * nothing. The resolved slots go to a scratch array that grows to the largest batch and is then reused, so a
 * steady frame allocates nothing.
 */
final class BatchSetters {
    private final SceneManager scene;
    private int[] slots = new int[0];

    BatchSetters(SceneManager scene) {
        this.scene = scene;
    }

    void setPositions(SceneNode[] nodes, float[] positions, int count) {
        checkShape(nodes, positions, count, 3, "positions");
        for (int i = 0; i < count; i++) {
            int v = i * 3;
            resolve(nodes, i, "positions").checkFinite("position", positions[v], positions[v + 1], positions[v + 2],
                    0f);
        }
        TransformStore transforms = scene.transforms();
        for (int i = 0; i < count; i++) {
            int v = i * 3;
            transforms.setPosition(slots[i], positions[v], positions[v + 1], positions[v + 2]);
        }
    }

    void setOrientations(SceneNode[] nodes, float[] orientations, int count) {
        checkShape(nodes, orientations, count, 4, "orientations");
        for (int i = 0; i < count; i++) {
            int v = i * 4;
            resolve(nodes, i, "orientations").checkRotation(orientations[v], orientations[v + 1], orientations[v + 2],
                    orientations[v + 3]);
        }
        TransformStore transforms = scene.transforms();
        for (int i = 0; i < count; i++) {
            int v = i * 4;
            transforms.setOrientation(slots[i], orientations[v], orientations[v + 1], orientations[v + 2],
                    orientations[v + 3]);
        }
    }

    /**
     * Checks the call's shape and the scene's openness to changes, and makes room for the slots: before the one pass
     * that checks each node and its values together, so that a node object is read once.
     */
    private void checkShape(SceneNode[] nodes, float[] values, int count, int width, String what) {
        Objects.requireNonNull(nodes, "nodes");
        Objects.requireNonNull(values, what);
        if (count < 0 || count > nodes.length || (long) count * width > values.length) {
            throw new IllegalArgumentException("cannot set the " + what + " of " + count + " nodes from " + nodes.length
                    + " nodes and " + values.length + " floats (" + width + " a node)");
        }
        if (count > 0) {
            // the first node names the change: a message built here would allocate on every call
            scene.guard().checkMutable(nodes[0]);
        }
        if (slots.length < count) {
            slots = Arrays.copyOf(slots, Math.max(count, slots.length * 2));
        }
    }

    /** Checks node {@code i} of the batch, leaves its slot in {@link #slots}, and returns it. */
    private SceneNode resolve(SceneNode[] nodes, int i, String what) {
        SceneNode node = nodes[i];
        if (node == null || node.scene() != scene) {
            throw new IllegalArgumentException("cannot set the " + what + " of " + (node == null ? "node " + i
                    + " of the batch: it is null" : node + ": it belongs to another scene"));
        }
        slots[i] = node.liveSlot();
        return node;
    }
}
