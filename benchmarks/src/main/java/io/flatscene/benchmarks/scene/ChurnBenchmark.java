package io.flatscene.benchmarks.scene;

import io.flatscene.core.scene.SceneManager;
import io.flatscene.core.scene.SceneNode;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Structural churn. {@code flatscene}/{@code joml}: destroy one random child of a parent with {@code fan} children
 * and create a new one (FlatScene: swap-and-pop through the global and parent index, O(1); the naive graph:
 * {@code ArrayList.remove(Object)}, O(fan)). {@code createDestroy1m*}: build the 1M-node tree and destroy it again,
 * 2,000,202 structural operations per invocation.
 */
@BenchmarkMode(Mode.AverageTime)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(value = 1, jvmArgsAppend = {"-Xms6g", "-Xmx6g"})
public class ChurnBenchmark {

    @State(Scope.Benchmark)
    public static class Fan {
        @Param({"1000", "10000", "100000"})
        public int fan;

        SceneManager scene;
        SceneNode flatParent;
        NaiveJomlNode naiveParent;
        final SplittableRandom random = new SplittableRandom(11);

        @Setup
        public void setUp() {
            scene = new SceneManager(io.flatscene.core.config.SceneConfig.builder().maxNodes(fan + 2).maxItems(1)
                    .workerThreads(1).build());
            flatParent = scene.getRootNode().createChild("fan");
            naiveParent = new NaiveJomlNode().createChild();
            for (int i = 0; i < fan; i++) {
                flatParent.createChild();
                naiveParent.createChild();
            }
        }
    }

    @State(Scope.Benchmark)
    public static class Tree {
        SceneManager scene;

        @Setup
        public void setUp() {
            scene = SceneTrees.flatScene(TreeShape.tree1m);
        }
    }

    @Benchmark
    @OutputTimeUnit(TimeUnit.NANOSECONDS)
    public SceneNode flatscene(Fan state) {
        SceneNode victim = state.flatParent.getChild(state.random.nextInt(state.fan));
        state.scene.destroySceneNode(victim);
        return state.flatParent.createChild();
    }

    @Benchmark
    @OutputTimeUnit(TimeUnit.NANOSECONDS)
    public NaiveJomlNode joml(Fan state) {
        state.naiveParent.children.get(state.random.nextInt(state.fan)).destroy();
        return state.naiveParent.createChild();
    }

    @Benchmark
    @OutputTimeUnit(TimeUnit.MILLISECONDS)
    public int createDestroy1mFlatscene(Tree state) {
        SceneManager scene = state.scene;
        List<SceneNode> nodes = SceneTrees.build(scene, TreeShape.tree1m);
        SceneNode root = scene.getRootNode();
        while (root.childCount() > 0) {
            scene.destroySceneNode(root.getChild(root.childCount() - 1));
        }
        return nodes.size();
    }

    @Benchmark
    @OutputTimeUnit(TimeUnit.MILLISECONDS)
    public int createDestroy1mJoml() {
        List<NaiveJomlNode> nodes = SceneTrees.buildNaive(TreeShape.tree1m);
        NaiveJomlNode root = nodes.get(0);
        while (!root.children.isEmpty()) {
            root.children.get(root.children.size() - 1).destroy();
        }
        return nodes.size();
    }
}
