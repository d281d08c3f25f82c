package io.flatscene.benchmarks.render;

import io.flatscene.core.config.SceneConfig;
import io.flatscene.core.scene.Camera;
import io.flatscene.core.scene.SceneManager;
import io.flatscene.core.scene.SceneNode;
import io.flatscene.core.scene.Space;
import io.flatscene.render.DrawPath;
import io.flatscene.render.Material;
import io.flatscene.render.Meshes;
import io.flatscene.render.Renderer;
import io.flatscene.render.RendererConfig;
import io.flatscene.render.context.HeadlessContext;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.joml.Vector3f;
import org.lwjgl.system.MemoryUtil;
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
 * The CPU side of a frame with {@code instances} dynamic instances, all visible: the scene's frame update
 * (transforms, bounds, cull, sort, batching) and the upload for the GPU, through a real headless context (Mesa's
 * llvmpipe here). {@code moved=all} turns the root a little every frame, so every world matrix changes;
 * {@code moved=tenPercent} moves a fixed random tenth of the instances' nodes; {@code moved=none} is a still scene.
 * The moves are made before each timed frame, not in it (see {@link #move}).
 * The multi-draw path writes only the matrices and instance stream that changed, the instanced path every instance.
 * {@code uploadBound} copies 52 bytes an instance (the instanced path's record) in one block into native memory: the
 * floor of a whole upload, measured in the same run.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(value = 1, jvmArgsAppend = {"-Xms2g", "-Xmx2g", "--add-modules", "jdk.incubator.vector"})
public class FramePrepareBenchmark {
    @Param({"100000"})
    public int instances;

    @Param({"1", "2"})
    public int workers;

    @Param({"MULTI_DRAW_INDIRECT", "INSTANCED"})
    public DrawPath path;

    @Param({"all", "tenPercent", "none"})
    public String moved;

    private HeadlessContext context;
    private Renderer renderer;
    private SceneManager scene;
    private Camera camera;
    private SceneNode root;
    private float[] world;
    private long native13Floats;

    @Setup(Level.Trial)
    public void setUp() {
        context = HeadlessContext.create();
        renderer = new Renderer(RendererConfig.builder().drawPath(path).gpuTiming(false)
                .initialInstances(instances).build());
        int cube = renderer.meshes().add(Meshes.cube(0.8f));
        for (int m = 0; m < 8; m++) {
            renderer.materials().add(Material.color(m / 8f, 0.5f, 1f - m / 8f));
        }
        scene = new SceneManager(SceneConfig.builder().maxNodes(instances + 4).maxItems(instances).maxCameras(1)
                .workerThreads(workers).build());
        root = scene.rootNode().createChild("spinning root");
        int side = (int) Math.ceil(Math.sqrt(instances));
        SceneNode[] nodes = new SceneNode[instances];
        for (int i = 0; i < instances; i++) {
            nodes[i] = root.createChild().setPosition(i % side - side / 2f, 0f, i / side - side / 2f);
            nodes[i].attachObject(scene.createItem(cube, i % 8, renderer.meshes().bounds(cube)));
        }
        pickMoved(nodes, side);
        camera = scene.createCamera("above").setPerspective(1.2f, 1f, side * 4f).setViewport(1280, 720);
        scene.rootNode().createChild("camera").setPosition(0, side * 1.2f, 0.01f)
                .lookAt(new Vector3f(), Space.PARENT).attachObject(camera);
        int visible = renderer.prepare(scene, camera).instances();
        if (visible != instances) {
            throw new IllegalStateException("every instance should be visible, " + visible + " of " + instances
                    + " are");
        }
        world = new float[instances * 13];
        native13Floats = MemoryUtil.nmemAlloc((long) instances * 13 * Float.BYTES);
    }

    @TearDown(Level.Trial)
    public void tearDown() {
        MemoryUtil.nmemFree(native13Floats);
        scene.close();
        renderer.close();
        context.close();
    }

    /** A fixed random tenth of the nodes, with the grid positions they move about, for {@code moved=tenPercent}. */
    private void pickMoved(SceneNode[] nodes, int side) {
        if (!moved.equals("tenPercent")) {
            return;
        }
        Random random = new Random(7);
        int[] order = new int[nodes.length];
        for (int i = 0; i < order.length; i++) {
            int j = random.nextInt(i + 1);
            order[i] = order[j];
            order[j] = i;
        }
        movedNodes = new SceneNode[nodes.length / 10];
        movedHome = new float[movedNodes.length * 2];
        for (int m = 0; m < movedNodes.length; m++) {
            int i = order[m];
            movedNodes[m] = nodes[i];
            movedHome[m * 2] = i % side - side / 2f;
            movedHome[m * 2 + 1] = i / side - side / 2f;
        }
    }

    private SceneNode[] movedNodes;
    private float[] movedHome;
    private float offset;

    /**
     * The game's moves for the next frame, outside the timed frame prep (update, cull, sort, upload), as the issue's
     * targets count it: 10,000 random {@code setPosition} calls are the game's cost, measured with the setters in
     * {@code TransformUpdateBenchmark}. Per invocation, which JMH allows for a method of milliseconds.
     */
    @Setup(Level.Invocation)
    public void move() {
        switch (moved) {
            case "all" -> root.yaw(0.001f, Space.LOCAL);
            case "tenPercent" -> {
                offset = 0.01f - offset;
                for (int m = 0; m < movedNodes.length; m++) {
                    movedNodes[m].setPosition(movedHome[m * 2] + offset, 0f, movedHome[m * 2 + 1]);
                }
            }
            default -> {
            }
        }
    }

    @Benchmark
    public long prepare() {
        return renderer.prepare(scene, camera).bytesUploaded();
    }

    @Benchmark
    public long uploadBound() {
        MemoryUtil.memCopy(world, native13Floats, 0, world.length);
        return native13Floats;
    }
}
