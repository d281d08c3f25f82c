package io.flatscene.core.scene.frame;

import io.flatscene.core.container.Index;
import io.flatscene.core.container.SummaryByteSet;
import io.flatscene.core.layout.LaneBlocks;
import io.flatscene.core.scene.store.TransformStore;
import java.util.Arrays;
import org.joml.Matrix4x3f;

import static io.flatscene.core.scene.frame.TransformKernels.PLAIN;
import static io.flatscene.core.scene.store.TransformStore.INHERIT_ORIENTATION;
import static io.flatscene.core.scene.store.TransformStore.INHERIT_SCALE;
import static io.flatscene.core.scene.store.TransformStore.MATRIX_WIDTH;
import static io.flatscene.core.scene.store.TransformStore.QUATERNION_WIDTH;
import static io.flatscene.core.scene.store.TransformStore.VECTOR_WIDTH;

/**
 * A node's current world matrix on demand, between passes, without a pass.
 *
 * <p>A node's stored world matrix is current exactly when neither it nor any ancestor is dirty: every change that
 * can alter a world matrix (a local transform, inheritance, a parent) marks its node dirty, and only the transform
 * pass clears the marks, after recomputing the node and everything under it. So a read walks up to the root, and if
 * it met a dirty node, composes down from the parent of the highest one (whose stored matrix is current).
 *
 * <p>The composition runs in two scratch records, never in the store: the stored matrices keep meaning "as of the
 * last pass", which the changed set, the bounds pass, culling and the renderer's mirror rely on, and the pass finds
 * the dirty marks exactly as the setters left them. It calls the pass's own kernels in the same order, so a read
 * returns the very bits the next pass will store.
 */
public final class WorldComposer {
    private static final int CHILD = 1;
    private static final int PARENT = 0;
    private static final int L = LaneBlocks.LANES;

    private final TransformStore store;
    private final float[] position = new float[LaneBlocks.length(2, VECTOR_WIDTH)];
    private final float[] orientation = new float[LaneBlocks.length(2, QUATERNION_WIDTH)];
    private final float[] scale = new float[LaneBlocks.length(2, VECTOR_WIDTH)];
    private final float[] world = new float[LaneBlocks.length(2, MATRIX_WIDTH)];
    /** The walked chain, the node first; grown to the deepest chain read, so reads then allocate nothing. */
    private int[] path = new int[TransformStore.DEEP];

    public WorldComposer(TransformStore store) {
        this.store = store;
    }

    /**
     * Writes the current world matrix of the node at {@code slot} into {@code dest}: the stored one when it is
     * current, else the one the next transform pass will store. O(depth); the store is not written.
     */
    public Matrix4x3f compose(int slot, Matrix4x3f dest) {
        SummaryByteSet dirty = store.dirtySlots();
        int count = 0;
        int highestDirty = Index.NONE;
        for (int node = slot; node != Index.NONE; ) {
            if (count == path.length) {
                path = Arrays.copyOf(path, 2 * count);
            }
            if (dirty.get(node)) {
                highestDirty = count;
            }
            path[count++] = node;
            int parent = store.parentId(node);
            node = parent == Index.NONE ? Index.NONE : store.slotOfId(parent);
        }
        if (highestDirty == Index.NONE) {
            return read(store.worlds(), LaneBlocks.base(slot, MATRIX_WIDTH), dest);
        }
        int parent = store.parentId(path[highestDirty]);
        if (parent != Index.NONE) {
            copy(store.worlds(), store.slotOfId(parent), world, PARENT, MATRIX_WIDTH);
        }
        int[] flags = store.flags();
        for (int i = highestDirty; i >= 0; i--) {
            int node = path[i];
            copy(store.positions(), node, position, CHILD, VECTOR_WIDTH);
            copy(store.orientations(), node, orientation, CHILD, QUATERNION_WIDTH);
            copy(store.scales(), node, scale, CHILD, VECTOR_WIDTH);
            int f = flags[node];
            if (store.parentId(node) == Index.NONE) {
                TransformKernels.writeLocal(position, orientation, scale, world, CHILD);
            } else if ((f & PLAIN) == PLAIN) {
                TransformKernels.writePlainChild(position, orientation, scale, world, CHILD, PARENT);
            } else {
                TransformKernels.writeChild(position, orientation, scale, world, CHILD, PARENT,
                        (f & INHERIT_ORIENTATION) != 0, (f & INHERIT_SCALE) != 0);
            }
            copy(world, CHILD, world, PARENT, MATRIX_WIDTH);
        }
        return read(world, LaneBlocks.base(PARENT, MATRIX_WIDTH), dest);
    }

    /** Writes the node's world matrix as of the last transform pass into {@code dest}. */
    public Matrix4x3f stored(int slot, Matrix4x3f dest) {
        return read(store.worlds(), LaneBlocks.base(slot, MATRIX_WIDTH), dest);
    }

    private static void copy(float[] from, int fromRecord, float[] to, int toRecord, int width) {
        int f = LaneBlocks.base(fromRecord, width);
        int t = LaneBlocks.base(toRecord, width);
        for (int c = 0; c < width; c++) {
            to[t + c * L] = from[f + c * L];
        }
    }

    private static Matrix4x3f read(float[] m, int w, Matrix4x3f dest) {
        return dest.set(m[w], m[w + L], m[w + 2 * L], m[w + 3 * L], m[w + 4 * L], m[w + 5 * L], m[w + 6 * L],
                m[w + 7 * L], m[w + 8 * L], m[w + 9 * L], m[w + 10 * L], m[w + 11 * L]);
    }
}
