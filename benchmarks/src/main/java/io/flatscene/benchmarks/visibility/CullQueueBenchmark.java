package io.flatscene.benchmarks.visibility;

import io.flatscene.core.config.SceneConfig;
import io.flatscene.core.scene.Aabb;
import io.flatscene.core.scene.Camera;
import io.flatscene.core.scene.FrameStats;
import io.flatscene.core.scene.SceneManager;
import io.flatscene.core.scene.SceneNode;
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
 * A still frame's item passes, bounds + cull + sort + batching, for {@code items} items on a square grid of which an
 * orthographic camera sees a third, with 1 or 2 worker threads. The transform pass finds nothing to do, so the
 * figure is the visibility work alone; compare {@code workers=2} with {@code workers=1} in the same run.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(value = 1, jvmArgsAppend = {"-Xms4g", "-Xmx4g"})
public class CullQueueBenchmark {
    @Param({"100000", "1000000"})
    public int items;

    @Param({"1", "2"})
    public int workers;

    private SceneManager scene;
    private Camera camera;

    @Setup(Level.Trial)
    public void setUp() {
        scene = new SceneManager(SceneConfig.builder().maxNodes(items + 2).maxItems(items).maxCameras(1)
                .workerThreads(workers).build());
        int side = (int) Math.ceil(Math.sqrt(items));
        Aabb cube = new Aabb(0f, 0f, 0f, 0.4f, 0.4f, 0.4f);
        SceneNode root = scene.getRootNode();
        for (int i = 0; i < items; i++) {
            root.createChild().setPosition(i % side, i / side, 0f).attachObject(scene.createItem(i % 16, i % 4, cube));
        }
        camera = scene.createCamera("top").setViewport(100, 300).setOrthographic(side, 1f, 100f);
        root.createChild("camera").setPosition(side / 6f, side / 2f, 10f).attachObject(camera);
        FrameStats stats = scene.updateFrame(camera);
        double visibleShare = (double) stats.itemsVisible() / items;
        if (visibleShare < 0.30 || visibleShare > 0.37) {
            throw new IllegalStateException("the camera should see a third of the items, sees " + visibleShare);
        }
    }

    @TearDown(Level.Trial)
    public void tearDown() {
        scene.close();
    }

    @Benchmark
    public int flatscene() {
        return scene.updateFrame(camera).batches();
    }
}
