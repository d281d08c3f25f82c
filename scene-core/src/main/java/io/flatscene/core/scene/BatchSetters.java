package io.flatscene.core.scene;

import io.flatscene.core.scene.store.TransformStore;
import java.util.Arrays;
import java.util.Objects;

/**
 * The scene's bulk setters: the local positions or orientations of many nodes from one float array, for a game that
 * moves thousands of nodes a frame (from its physics, say). The scene's openness to changes is checked once a call,
 * each node's handle once; every node and value is checked before the first write, so a refused call changes
 * nothing. The resolved slots go to a scratch array that grows to the largest batch and is then reused, so a
 * steady frame allocates nothing. {@link NodeGroup} writes through the same checks and loops with slots it keeps.
 */
final class BatchSetters {
    private final SceneManager scene;
    private int[] slots = new int[0];
    private int[] runStarts = new int[0];
    private int[] runEnds = new int[0];

    BatchSetters(SceneManager scene) {
        this.scene = scene;
    }

    void setPositions(SceneNode[] nodes, float[] positions, int count) {
        checkShape(nodes, positions, count, 3, "positions");
        resolve(nodes, count, "positions");
        int runs = cutRuns(slots, count, runStarts, runEnds);
        writePositions(scene.transforms(), nodes, slots, runStarts, runEnds, runs, positions, count);
    }

    void setOrientations(SceneNode[] nodes, float[] orientations, int count) {
        checkShape(nodes, orientations, count, 4, "orientations");
        resolve(nodes, count, "orientations");
        int runs = cutRuns(slots, count, runStarts, runEnds);
        writeOrientations(scene.transforms(), nodes, slots, runStarts, runEnds, runs, orientations);
    }

    /**
     * Checks the values of the nodes in runs, then writes node {@code i}'s position to {@code slots[i]}, a run of
     * neighbouring slots at a time: run {@code r} holds indices {@code [runStarts[r], runEnds[r])} (see
     * {@link #cutRuns}); an index in no run is neither checked nor written. A node object is read only to name it in a
     * refusal, so a caller that keeps its slots and runs streams through primitive arrays alone.
     */
    static void writePositions(TransformStore transforms, SceneNode[] nodes, int[] slots, int[] runStarts,
                               int[] runEnds, int runCount, float[] positions, int count) {
        if (!Finite.all(positions, count * 3)) {
            for (int r = 0; r < runCount; r++) {
                for (int i = runStarts[r], end = runEnds[r]; i < end; i++) {
                    int v = i * 3;
                    Finite.check(nodes[i], "position", positions[v], positions[v + 1], positions[v + 2], 0f);
                }
            }
        }
        for (int r = 0; r < runCount; r++) {
            int i = runStarts[r];
            int v = i * 3;
            if (runEnds[r] - i == 1) {
                // a node moved alone, as a scattered few are: the run's fills would cost more than they save
                transforms.setPosition(slots[i], positions[v], positions[v + 1], positions[v + 2]);
            } else {
                transforms.setPositions(slots[i], runEnds[r] - i, positions, v);
            }
        }
    }

    /**
     * Cuts {@code slots[0, count)} into runs of slots that follow one another, as a group made in scene order has
     * them, leaving out every negative slot (a {@link NodeGroup}'s destroyed member): run {@code r} holds indices
     * {@code [runStarts[r], runEnds[r])}, each array with room for {@code count} runs.
     *
     * @return the number of runs
     */
    static int cutRuns(int[] slots, int count, int[] runStarts, int[] runEnds) {
        int runs = 0;
        for (int i = 0; i < count; i++) {
            int slot = slots[i];
            if (slot < 0) {
                continue;
            }
            if (runs > 0 && runEnds[runs - 1] == i && slots[i - 1] + 1 == slot) {
                runEnds[runs - 1] = i + 1;
            } else {
                runStarts[runs] = i;
                runEnds[runs++] = i + 1;
            }
        }
        return runs;
    }

    /** As {@link #writePositions}, for unit quaternions: a zero or non-finite one is refused. */
    static void writeOrientations(TransformStore transforms, SceneNode[] nodes, int[] slots, int[] runStarts,
                                  int[] runEnds, int runCount, float[] orientations) {
        for (int r = 0; r < runCount; r++) {
            for (int i = runStarts[r], end = runEnds[r]; i < end; i++) {
                int v = i * 4;
                float x = orientations[v];
                float y = orientations[v + 1];
                float z = orientations[v + 2];
                float w = orientations[v + 3];
                if (!Finite.all(x, y, z, w) || x * x + y * y + z * z + w * w == 0f) {
                    Finite.checkRotation(nodes[i], x, y, z, w);
                }
            }
        }
        for (int r = 0; r < runCount; r++) {
            for (int i = runStarts[r], end = runEnds[r]; i < end; i++) {
                int v = i * 4;
                transforms.setOrientation(slots[i], orientations[v], orientations[v + 1], orientations[v + 2],
                        orientations[v + 3]);
            }
        }
    }

    /** Checks the call's shape and the scene's openness to changes, and makes room for the slots. */
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
            runStarts = new int[slots.length];
            runEnds = new int[slots.length];
        }
    }

    /** Checks the first {@code count} nodes and leaves their slots in {@link #slots}. */
    private void resolve(SceneNode[] nodes, int count, String what) {
        for (int i = 0; i < count; i++) {
            SceneNode node = nodes[i];
            if (node == null || node.scene() != scene) {
                throw new IllegalArgumentException("cannot set the " + what + " of " + (node == null ? "node " + i
                        + " of the batch: it is null" : node + ": it belongs to another scene"));
            }
            slots[i] = node.liveSlot();
        }
    }
}
