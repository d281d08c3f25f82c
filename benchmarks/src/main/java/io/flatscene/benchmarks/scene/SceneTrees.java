package io.flatscene.benchmarks.scene;

import io.flatscene.core.config.SceneConfig;
import io.flatscene.core.config.TransformKernel;
import io.flatscene.core.container.GrowthPolicy;
import io.flatscene.core.scene.SceneManager;
import io.flatscene.core.scene.SceneNode;
import java.util.List;
import java.util.Random;

/** Builds the benchmark trees in FlatScene and as a naive JOML object graph, with the same shapes and transforms. */
final class SceneTrees {
    private SceneTrees() {
    }

    static SceneManager flatScene(TreeShape shape) {
        return flatScene(shape, 1);
    }

    static SceneManager flatScene(TreeShape shape, int workers) {
        return flatScene(shape, workers, TransformKernel.AUTO);
    }

    /** A scene whose transform pass runs {@code kernel}; the overloads above pass AUTO, the default a game gets. */
    static SceneManager flatScene(TreeShape shape, int workers, TransformKernel kernel) {
        return new SceneManager(SceneConfig.builder().maxNodes(shape.nodeCount()).maxItems(1)
                .growthPolicy(GrowthPolicy.FAIL).workerThreads(workers).transformKernel(kernel).build());
    }

    /** Builds the tree under the scene's root and returns every node, parents before children. */
    static List<SceneNode> build(SceneManager scene, TreeShape shape) {
        return shape.build(scene.rootNode(), (parent, x, y, z, qx, qy, qz, qw) ->
                parent.createChild().setPosition(x, y, z).setOrientation(qx, qy, qz, qw));
    }

    static List<NaiveJomlNode> buildNaive(TreeShape shape) {
        return shape.build(new NaiveJomlNode(), (parent, x, y, z, qx, qy, qz, qw) -> {
            NaiveJomlNode child = parent.createChild();
            child.position.set(x, y, z);
            child.orientation.set(qx, qy, qz, qw).normalize();
            return child;
        });
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
