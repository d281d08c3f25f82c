package io.flatscene.benchmarks.scene;

import io.flatscene.core.scene.SceneManager;
import io.flatscene.core.scene.SceneNode;
import java.util.List;
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
 * One frame's transform work: move some nodes, then bring every world matrix up to date. {@code moved=all} moves
 * every node, {@code moved=tenPercent} a fixed random tenth. FlatScene's dirty tracking recomputes only what moved
 * (and its descendants); the naive JOML graph recomputes everything, as hand-written code does. Both move nodes
 * through their public API, so the figure is what a game pays per frame.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(value = 1, jvmArgsAppend = {"-Xms6g", "-Xmx6g"})
public class TransformUpdateBenchmark {
    @Param({"tree100k", "tree1m"})
    public TreeShape scene;

    @Param({"all", "tenPercent"})
    public String moved;

    private SceneManager flatScene;
    private SceneNode[] flatMoved;
    private NaiveJomlNode naiveRoot;
    private NaiveJomlNode[] naiveMoved;
    private float offset;

    @Setup
    public void setUp() {
        flatScene = SceneTrees.flatScene(scene);
        List<SceneNode> flat = SceneTrees.build(flatScene, scene);
        List<NaiveJomlNode> naive = SceneTrees.buildNaive(scene);
        naiveRoot = naive.get(0);
        int[] chosen = moved.equals("all") ? everyNonRoot(scene.nodeCount()) : SceneTrees.pick(scene.nodeCount(), 10, 7);
        flatMoved = new SceneNode[chosen.length];
        naiveMoved = new NaiveJomlNode[chosen.length];
        for (int i = 0; i < chosen.length; i++) {
            flatMoved[i] = flat.get(chosen[i]);
            naiveMoved[i] = naive.get(chosen[i]);
        }
        flatScene.updateAllTransforms();
    }

    private static int[] everyNonRoot(int nodeCount) {
        int[] all = new int[nodeCount - 1];
        for (int i = 0; i < all.length; i++) {
            all[i] = i + 1;
        }
        return all;
    }

    @Benchmark
    public int flatscene() {
        offset = -offset + 0.001f;
        for (SceneNode node : flatMoved) {
            node.setPosition(offset, 1f, 0f);
        }
        return flatScene.updateAllTransforms();
    }

    @Benchmark
    public float joml() {
        offset = -offset + 0.001f;
        for (NaiveJomlNode node : naiveMoved) {
            node.position.set(offset, 1f, 0f);
        }
        naiveRoot.update(null);
        return naiveRoot.world.m30();
    }
}
