package io.flatscene.benchmarks.scene;

import io.flatscene.core.scene.SceneManager;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * How the transform pass scales with workers: the root moves, so every world matrix below it is recomputed by the
 * sweeps that split each band across the workers, and no setter (which runs on the game's thread alone) is timed.
 * The report reads the 1-worker time over the 2-worker time as the speedup.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(value = 1, jvmArgsAppend = {"-Xms6g", "-Xmx6g", "--add-modules", "jdk.incubator.vector"})
public class TransformScalingBenchmark {

    @State(Scope.Benchmark)
    public static class Pass {
        @Param({"tree1m"})
        public TreeShape scene;

        @Param({"1", "2"})
        public int workers;

        SceneManager manager;
        float offset;

        @Setup
        public void setUp() {
            manager = SceneTrees.flatScene(scene, workers);
            SceneTrees.build(manager, scene);
            manager.updateAllTransforms();
        }

        @TearDown(Level.Trial)
        public void tearDown() {
            manager.close();
        }
    }

    @Benchmark
    public int flatscene(Pass state) {
        state.offset = -state.offset + 0.001f;
        state.manager.rootNode().setPosition(state.offset, 0f, 0f);
        return state.manager.updateAllTransforms();
    }
}
