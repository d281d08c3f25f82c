package io.flatscene.benchmarks.scene;

import java.util.ArrayList;
import java.util.List;

/**
 * The benchmark trees, named as the reports name them: each is a root whose level {@code i} nodes each have
 * {@code fanout[i]} children. Every system builds them through {@link #build}, so all hold the same nodes in the same
 * order with the same transforms, and do the same work.
 */
public enum TreeShape {
    /** root → 10 → 1,000 → 99,000 leaves: 100,011 nodes. */
    tree100k(10, 100, 99),
    /** root → 100 → 10,000 → 990,000 leaves: 1,000,101 nodes. */
    tree1m(100, 100, 99),
    /** root → 2 → 20 → 200 leaves: 223 nodes, for the CI smoke run only; no {@code @Param} list names it. */
    smoke(2, 10, 10);

    /** Makes the child of {@code parent} at the given local position and orientation (a unit quaternion). */
    @FunctionalInterface
    public interface ChildFactory<N> {
        N create(N parent, float x, float y, float z, float qx, float qy, float qz, float qw);
    }

    private final int[] fanout;

    TreeShape(int... fanout) {
        this.fanout = fanout.clone();
    }

    public int[] fanout() {
        return fanout.clone();
    }

    /** The number of nodes, the root included. */
    public int nodeCount() {
        int count = 1;
        int level = 1;
        for (int f : fanout) {
            level *= f;
            count += level;
        }
        return count;
    }

    /**
     * Builds the tree under {@code root} level by level and returns every node, parents before children. Child
     * {@code c} of each parent sits at (c, 1, 0), turned about 0.2 rad about Y, so no world matrix is trivial.
     */
    public <N> List<N> build(N root, ChildFactory<N> factory) {
        List<N> all = new ArrayList<>(nodeCount());
        all.add(root);
        int from = 0;
        for (int f : fanout) {
            int to = all.size();
            for (int p = from; p < to; p++) {
                N parent = all.get(p);
                for (int c = 0; c < f; c++) {
                    all.add(factory.create(parent, c, 1f, 0f, 0f, 0.0998f, 0f, 0.995f));
                }
            }
            from = to;
        }
        return all;
    }
}
