package io.flatscene.benchmarks.scene;

import io.flatscene.core.scene.SceneManager;
import io.flatscene.core.scene.SceneNode;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryMXBean;
import java.util.List;

/**
 * Bytes per node, measured from the heap after GC: FlatScene (its capacity declared as exactly the node count, so the
 * up-front arrays are counted) against the naive JOML object graph, for each tree shape. Run it in a JVM of its own:
 * {@code java -cp benchmarks/target/benchmarks.jar io.flatscene.benchmarks.scene.FootprintBenchmark}.
 */
public final class FootprintBenchmark {
    private static final MemoryMXBean MEMORY = ManagementFactory.getMemoryMXBean();

    private FootprintBenchmark() {
    }

    public static void main(String[] args) {
        // Load and initialise every class (logging included) before the first measurement, so it counts nodes only.
        SceneTrees.build(new SceneManager(io.flatscene.core.config.SceneConfig.builder().maxNodes(16).build()),
                TreeShape.tree100k);
        SceneTrees.buildNaive(TreeShape.tree100k);
        System.out.printf("%-10s %-10s %12s %14s%n", "tree", "system", "nodes", "bytes/node");
        for (TreeShape shape : TreeShape.values()) {
            long before = usedAfterGc();
            SceneManager scene = SceneTrees.flatScene(shape);
            List<SceneNode> flat = SceneTrees.build(scene, shape);
            flat = null;
            long flatBytes = usedAfterGc() - before;
            report(shape, "flatscene", scene.nodeCount(), flatBytes);
            scene = null;

            before = usedAfterGc();
            List<NaiveJomlNode> naive = SceneTrees.buildNaive(shape);
            NaiveJomlNode root = naive.get(0);
            naive = null;
            long naiveBytes = usedAfterGc() - before;
            report(shape, "joml", shape.nodeCount(), naiveBytes);
            if (root.children.isEmpty()) {
                throw new AssertionError("the naive tree must stay reachable until measured");
            }
        }
    }

    private static void report(TreeShape shape, String system, int nodes, long bytes) {
        System.out.printf("%-10s %-10s %12d %14.1f%n", shape, system, nodes, (double) bytes / nodes);
    }

    private static long usedAfterGc() {
        for (int i = 0; i < 4; i++) {
            System.gc();
        }
        return MEMORY.getHeapMemoryUsage().getUsed();
    }
}
