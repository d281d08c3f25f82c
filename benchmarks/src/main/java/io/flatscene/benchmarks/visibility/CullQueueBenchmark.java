package io.flatscene.benchmarks.visibility;

import io.flatscene.benchmarks.peers.CullGrid;
import io.flatscene.benchmarks.peers.GdxCull;
import io.flatscene.benchmarks.peers.JmeCull;
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
 * A still frame's visibility work for {@code items} items on a square grid of which an orthographic camera sees a
 * third ({@link CullGrid}, the same scene in every system): FlatScene's item passes, bounds + cull + sort + batching,
 * with 1 or 2 worker threads (its transform pass finds nothing to do, so the figure is the visibility work alone);
 * jME's geometric-state update, {@code renderScene} cull-and-queue and opaque sort ({@link JmeCull}); libGDX's box
 * transform, frustum test and renderable sort ({@link GdxCull}). Compare {@code workers=2} with {@code workers=1},
 * and the systems with one another, in the same run. In FlatScene's still frame nothing changed since the frame
 * before, so the cull keeps its queue ({@code RenderQueue.isKept}) and the figure is what a still frame costs, not a
 * cull: {@code flatsceneCameraMoving} moves the camera a hair every frame, so that every frame culls, sorts and
 * batches the still scene for real, and {@code flatsceneMoving} moves every item's node (a bulk {@code setPositions}
 * of them all, then the same frame): what the still frame saves by following change.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(value = 1, jvmArgsAppend = {"-Xms4g", "-Xmx4g", "--add-modules", "jdk.incubator.vector"})
public class CullQueueBenchmark {

    @State(Scope.Benchmark)
    public abstract static class Grid {
        @Param({"100000", "1000000"})
        public int items;
    }

    public static class Flat extends Grid {
        @Param({"1", "2"})
        public int workers;

        SceneManager scene;
        Camera camera;
        SceneNode cameraNode;
        SceneNode[] nodes;
        float[] positions;
        float offset;

        @Setup(Level.Trial)
        public void setUp() {
            scene = new SceneManager(SceneConfig.builder().maxNodes(items + 2).maxItems(items).maxCameras(1)
                    .workerThreads(workers).build());
            int side = CullGrid.side(items);
            float h = CullGrid.HALF_EXTENT;
            Aabb cube = new Aabb(0f, 0f, 0f, h, h, h);
            SceneNode root = scene.rootNode();
            nodes = new SceneNode[items];
            positions = new float[items * 3];
            for (int i = 0; i < items; i++) {
                positions[i * 3] = i % side;
                positions[i * 3 + 1] = i / side;
                nodes[i] = root.createChild().setPosition(i % side, i / side, 0f)
                        .attachObject(scene.createItem(i % CullGrid.MESHES, i % CullGrid.MATERIALS, cube));
            }
            camera = scene.createCamera("top").setViewport(100, 300)
                    .setOrthographic(CullGrid.viewHeight(items), CullGrid.NEAR, CullGrid.FAR);
            cameraNode = root.createChild("camera")
                    .setPosition(CullGrid.cameraX(items), CullGrid.cameraY(items), CullGrid.CAMERA_Z);
            cameraNode.attachObject(camera);
            FrameStats stats = scene.updateFrame(camera);
            CullGrid.checkVisibleShare("FlatScene", stats.itemsVisible(), items);
        }

        @TearDown(Level.Trial)
        public void tearDown() {
            scene.close();
        }
    }

    public static class Jme extends Grid {
        JmeCull frame;

        @Setup(Level.Trial)
        public void setUp() {
            frame = new JmeCull(items);
        }
    }

    public static class Gdx extends Grid {
        GdxCull frame;

        @Setup(Level.Trial)
        public void setUp() {
            frame = new GdxCull(items);
        }
    }

    @Benchmark
    public int flatscene(Flat state) {
        return state.scene.updateFrame(state.camera).batches();
    }

    @Benchmark
    public int flatsceneMoving(Flat state) {
        // every node alternates between two depths a hair apart, so each frame moves them all and none leaves view
        state.offset = -state.offset + 0.001f;
        float[] positions = state.positions;
        for (int i = 2; i < positions.length; i += 3) {
            positions[i] = state.offset;
        }
        state.scene.setPositions(state.nodes, positions, state.nodes.length);
        return state.scene.updateFrame(state.camera).batches();
    }

    /**
     * The still scene seen by a camera that moves every frame (a hair along its view axis and back), so that every
     * frame culls, sorts and batches for real: what {@code flatscene} costs when its queue cannot be kept.
     */
    @Benchmark
    public int flatsceneCameraMoving(Flat state) {
        state.offset = -state.offset + 0.001f;
        state.cameraNode.setPosition(CullGrid.cameraX(state.items), CullGrid.cameraY(state.items),
                CullGrid.CAMERA_Z + state.offset);
        return state.scene.updateFrame(state.camera).batches();
    }

    @Benchmark
    public int jme(Jme state) {
        return state.frame.frame();
    }

    @Benchmark
    public int libgdx(Gdx state) {
        return state.frame.frame();
    }
}
