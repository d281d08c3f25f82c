package io.flatscene.benchmarks.scene;

import io.flatscene.benchmarks.peers.GdxTrees;
import io.flatscene.benchmarks.peers.JmeTrees;
import io.flatscene.core.scene.SceneManager;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryMXBean;
import java.util.Arrays;
import java.util.function.Function;

/**
 * Bytes per node, measured from the heap after GC: FlatScene (its capacity declared as exactly the node count, so the
 * up-front arrays are counted), jME and libGDX nodes, and the naive JOML object graph, for each tree shape named in
 * the arguments (by default {@code tree100k} and {@code tree1m}). Run it in a JVM of its own, with the incubator
 * module the JMH forks get, so that the scene holds what its default transform kernel (AUTO) allocates there:
 * {@code java --add-modules jdk.incubator.vector -cp benchmarks/target/benchmarks.jar
 * io.flatscene.benchmarks.scene.FootprintBenchmark}.
 */
public final class FootprintBenchmark {
    private static final MemoryMXBean MEMORY = ManagementFactory.getMemoryMXBean();

    private FootprintBenchmark() {
    }

    public static void main(String[] args) {
        TreeShape[] shapes = args.length == 0
                ? new TreeShape[] {TreeShape.tree100k, TreeShape.tree1m}
                : Arrays.stream(args).map(TreeShape::valueOf).toArray(TreeShape[]::new);
        // Load and initialize every class (logging included) before the first measurement, so it counts nodes only.
        for (Graph graph : Graph.values()) {
            graph.build.apply(TreeShape.smoke);
        }
        System.out.printf("%-10s %-10s %12s %14s%n", "tree", "system", "nodes", "bytes/node");
        for (TreeShape shape : shapes) {
            for (Graph graph : Graph.values()) {
                System.out.printf("%-10s %-10s %12d %14.1f%n", shape, graph, shape.nodeCount(),
                        (double) bytesOf(graph, shape) / shape.nodeCount());
            }
        }
    }

    /** A method of its own, so the tree is unreachable once it returns, before the next one is measured. */
    private static long bytesOf(Graph graph, TreeShape shape) {
        long before = usedAfterGc();
        Object held = graph.build.apply(shape);
        long bytes = usedAfterGc() - before;
        if (held == null) {
            throw new AssertionError("the tree must stay reachable until measured");
        }
        return bytes;
    }

    /** Each system's tree, held by the one object a game would keep: the scene or the root node. */
    private enum Graph {
        flatscene(shape -> {
            SceneManager scene = SceneTrees.flatScene(shape);
            SceneTrees.build(scene, shape);
            return scene;
        }),
        jme(shape -> JmeTrees.build(shape).get(0)),
        libgdx(shape -> GdxTrees.build(shape).get(0)),
        joml(shape -> SceneTrees.buildNaive(shape).get(0));

        final Function<TreeShape, Object> build;

        Graph(Function<TreeShape, Object> build) {
            this.build = build;
        }
    }

    private static long usedAfterGc() {
        for (int i = 0; i < 4; i++) {
            System.gc();
        }
        return MEMORY.getHeapMemoryUsage().getUsed();
    }
}
