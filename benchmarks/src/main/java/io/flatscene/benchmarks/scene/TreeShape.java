package io.flatscene.benchmarks.scene;

/**
 * The benchmark trees, named as the reports name them: each is a root whose level {@code i} nodes each have
 * {@code fanout[i]} children.
 */
public enum TreeShape {
    /** root → 10 → 1,000 → 99,000 leaves: 100,011 nodes. */
    tree100k(10, 100, 99),
    /** root → 100 → 10,000 → 990,000 leaves: 1,000,101 nodes. */
    tree1m(100, 100, 99);

    private final int[] fanout;

    TreeShape(int... fanout) {
        this.fanout = fanout;
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
}
