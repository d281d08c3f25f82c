package io.flatscene.benchmarks.scene;

import io.flatscene.core.config.SceneConfig;
import io.flatscene.core.container.GrowthPolicy;
import io.flatscene.core.scene.SceneManager;
import io.flatscene.core.scene.SceneNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/** Builds the benchmark trees in FlatScene and as a naive JOML object graph, with the same shapes and transforms. */
final class SceneTrees {
    private SceneTrees() {
    }

    static SceneManager flatScene(TreeShape shape) {
        return new SceneManager(SceneConfig.builder().maxNodes(shape.nodeCount()).maxItems(1)
                .growthPolicy(GrowthPolicy.FAIL).workerThreads(1).build());
    }

    /** Builds the tree under the scene's root and returns every node, parents before children. */
    static List<SceneNode> build(SceneManager scene, TreeShape shape) {
        List<SceneNode> all = new ArrayList<>(shape.nodeCount());
        all.add(scene.getRootNode());
        int from = 0;
        for (int fanout : shape.fanout()) {
            int to = all.size();
            for (int p = from; p < to; p++) {
                SceneNode parent = all.get(p);
                for (int c = 0; c < fanout; c++) {
                    all.add(parent.createChild().setPosition(c, 1f, 0f).setOrientation(0f, 0.0998f, 0f, 0.995f));
                }
            }
            from = to;
        }
        return all;
    }

    static List<NaiveJomlNode> buildNaive(TreeShape shape) {
        List<NaiveJomlNode> all = new ArrayList<>(shape.nodeCount());
        all.add(new NaiveJomlNode());
        int from = 0;
        for (int fanout : shape.fanout()) {
            int to = all.size();
            for (int p = from; p < to; p++) {
                NaiveJomlNode parent = all.get(p);
                for (int c = 0; c < fanout; c++) {
                    NaiveJomlNode child = parent.createChild();
                    child.position.set(c, 1f, 0f);
                    child.orientation.set(0f, 0.0998f, 0f, 0.995f).normalize();
                    all.add(child);
                }
            }
            from = to;
        }
        return all;
    }

    /** A fixed random choice of {@code percent}% of the non-root indices of a tree. */
    static int[] pick(int nodeCount, int percent, long seed) {
        Random random = new Random(seed);
        int count = Math.max(1, (int) ((long) (nodeCount - 1) * percent / 100));
        int[] chosen = new int[count];
        for (int i = 0; i < count; i++) {
            chosen[i] = 1 + random.nextInt(nodeCount - 1);
        }
        return chosen;
    }
}
