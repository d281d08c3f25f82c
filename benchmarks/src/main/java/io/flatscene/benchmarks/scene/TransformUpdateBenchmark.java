package io.flatscene.benchmarks.scene;

import com.badlogic.gdx.math.Matrix4;
import io.flatscene.benchmarks.peers.GdxTrees;
import io.flatscene.benchmarks.peers.JmeTrees;
import io.flatscene.core.config.TransformKernel;
import io.flatscene.core.scene.NodeGroup;
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
 * every node, {@code moved=tenPercent} a fixed random tenth; every system moves the same nodes of the same tree
 * through its public API, so the figure is what a game pays per frame. FlatScene's dirty tracking recomputes only
 * what moved and its descendants; jME's refresh flags do the same, through a recursive walk of its objects; libGDX's
 * {@code calculateTransforms} and the naive JOML graph recompute everything, having no dirty tracking.
 * {@code streamBound} is the memory floor of FlatScene's pass: {@code System.arraycopy} of as many bytes as the pass
 * reads and writes, measured in the same run. Each method builds only its own system.
 *
 * <p>{@code flatscene} and {@code flatsceneBulk} run the default transform kernel, {@link TransformKernel#AUTO}, which
 * picks the vector kernel here because the fork adds {@code jdk.incubator.vector} (on a CPU with 256-bit float
 * vectors). {@code flatsceneScalar} runs the same frame as {@code flatscene} on a scene of its own configured with
 * {@link TransformKernel#SCALAR}: the fallback, which a JVM without the module gets.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(value = 1, jvmArgsAppend = {"-Xms6g", "-Xmx6g", "--add-modules", "jdk.incubator.vector"})
public class TransformUpdateBenchmark {

    /** The tree and the moved nodes' indices (in build order), which every system's state resolves to its nodes. */
    @State(Scope.Benchmark)
    public abstract static class Frame {
        @Param({"tree100k", "tree1m"})
        public TreeShape scene;

        /** Which nodes the frame moves: every one but the root, a tenth, or none (a still scene). */
        @Param({"all", "tenPercent", "none"})
        public String moved;

        float offset;

        int[] chosen() {
            if (moved.equals("none")) {
                return new int[0];
            }
            if (moved.equals("all")) {
                int[] all = new int[scene.nodeCount() - 1];
                for (int i = 0; i < all.length; i++) {
                    all[i] = i + 1;
                }
                return all;
            }
            return SceneTrees.pick(scene.nodeCount(), 10, 7);
        }

        /** Alternates between two positions, so every frame moves the nodes and none finds them in place. */
        float nextOffset() {
            offset = -offset + 0.001f;
            return offset;
        }

        static <N> N[] resolve(List<N> nodes, int[] chosen, N[] into) {
            for (int i = 0; i < chosen.length; i++) {
                into[i] = nodes.get(chosen[i]);
            }
            return into;
        }
    }

    public static class Flat extends Frame {
        SceneManager manager;
        SceneNode[] targets;

        @Setup
        public void setUp() {
            manager = SceneTrees.flatScene(scene, 1, kernel());
            int[] chosen = chosen();
            targets = resolve(SceneTrees.build(manager, scene), chosen, new SceneNode[chosen.length]);
            group = manager.createNodeGroup(targets, targets.length);
            positions = new float[targets.length * 3];
            manager.updateAllTransforms();
        }

        /** The moved nodes, grouped once as a game groups the bodies its physics steps every frame. */
        NodeGroup group;
        /** The moved nodes' positions for {@link #bulkFrame}, 3 floats a node, as a game's physics would hand them. */
        float[] positions;

        int frame() {
            float x = nextOffset();
            for (SceneNode node : targets) {
                node.setPosition(x, 1f, 0f);
            }
            return manager.updateAllTransforms();
        }

        int bulkFrame() {
            float x = nextOffset();
            for (int i = 0; i < targets.length; i++) {
                positions[i * 3] = x;
                positions[i * 3 + 1] = 1f;
            }
            group.setPositions(positions);
            return manager.updateAllTransforms();
        }

        /** The kernel the scene's transform pass runs: the default, as a game gets it. */
        TransformKernel kernel() {
            return TransformKernel.AUTO;
        }
    }

    /** {@link Flat} on a scene that runs the scalar kernel whatever the runtime offers: a state of its own. */
    public static class FlatScalar extends Flat {
        @Override
        TransformKernel kernel() {
            return TransformKernel.SCALAR;
        }
    }

    public static class Jme extends Frame {
        com.jme3.scene.Node root;
        com.jme3.scene.Node[] targets;

        @Setup
        public void setUp() {
            List<com.jme3.scene.Node> nodes = JmeTrees.build(scene);
            root = nodes.get(0);
            int[] chosen = chosen();
            targets = resolve(nodes, chosen, new com.jme3.scene.Node[chosen.length]);
            root.updateGeometricState();
        }
    }

    public static class Gdx extends Frame {
        com.badlogic.gdx.graphics.g3d.model.Node root;
        com.badlogic.gdx.graphics.g3d.model.Node[] targets;

        @Setup
        public void setUp() {
            List<com.badlogic.gdx.graphics.g3d.model.Node> nodes = GdxTrees.build(scene);
            root = nodes.get(0);
            int[] chosen = chosen();
            targets = resolve(nodes, chosen, new com.badlogic.gdx.graphics.g3d.model.Node[chosen.length]);
            root.calculateTransforms(true);
        }
    }

    public static class Joml extends Frame {
        NaiveJomlNode root;
        NaiveJomlNode[] targets;

        @Setup
        public void setUp() {
            List<NaiveJomlNode> nodes = SceneTrees.buildNaive(scene);
            root = nodes.get(0);
            int[] chosen = chosen();
            targets = resolve(nodes, chosen, new NaiveJomlNode[chosen.length]);
        }
    }

    /**
     * The bytes FlatScene's pass moves in this frame, counted from its arrays ({@code TransformStore}) and the number
     * of world matrices it recomputes, found by running FlatScene's frame once. A recomputed node reads 52 bytes
     * (local position 12, orientation 16, scale 12, flags 4, parent id 4, the parent's entry in the id-to-slot table
     * 4) and writes 52 (world matrix 48, flags 4): an {@code arraycopy} of 52 bytes reads and writes as much. A node
     * the pass scans but leaves alone reads its flags, parent id and table entry, 12 bytes, as much traffic as a copy
     * of 6. The parent's matrix and flags are not counted: about a hundred siblings share them, so they stay in
     * cache. The setters' writes before the pass are not counted either, so this is a floor.
     */
    public static class Bound extends Frame {
        static final long RECOMPUTED_BYTES = 52;
        static final long SCANNED_BYTES = 6;

        byte[] from;
        byte[] to;

        @Setup
        public void setUp() {
            Flat flat = new Flat();
            flat.scene = scene;
            flat.moved = moved;
            flat.setUp();
            long recomputed;
            try {
                recomputed = flat.frame();
            } finally {
                flat.manager.close();
            }
            long bytes = recomputed * RECOMPUTED_BYTES + (scene.nodeCount() - recomputed) * SCANNED_BYTES;
            from = new byte[Math.toIntExact(bytes)];
            to = new byte[from.length];
        }
    }

    @Benchmark
    public int flatscene(Flat state) {
        return state.frame();
    }

    /** The same frame with the moves handed over in one call, to a {@code NodeGroup} of the moved nodes. */
    @Benchmark
    public int flatsceneBulk(Flat state) {
        return state.bulkFrame();
    }

    /** The same frame as {@link #flatscene} on a scene whose transform pass runs the scalar kernel. */
    @Benchmark
    public int flatsceneScalar(FlatScalar state) {
        return state.frame();
    }

    @Benchmark
    public float jme(Jme state) {
        float x = state.nextOffset();
        for (com.jme3.scene.Node node : state.targets) {
            node.setLocalTranslation(x, 1f, 0f);
        }
        state.root.updateGeometricState();
        return (state.targets.length == 0 ? state.root : state.targets[0]).getWorldTranslation().x;
    }

    @Benchmark
    public float libgdx(Gdx state) {
        float x = state.nextOffset();
        for (com.badlogic.gdx.graphics.g3d.model.Node node : state.targets) {
            node.translation.set(x, 1f, 0f);
        }
        state.root.calculateTransforms(true);
        return (state.targets.length == 0 ? state.root : state.targets[0]).globalTransform.val[Matrix4.M03];
    }

    @Benchmark
    public float joml(Joml state) {
        float x = state.nextOffset();
        for (NaiveJomlNode node : state.targets) {
            node.position.set(x, 1f, 0f);
        }
        state.root.update(null);
        return state.root.world.m30();
    }

    @Benchmark
    public byte[] streamBound(Bound state) {
        System.arraycopy(state.from, 0, state.to, 0, state.from.length);
        return state.to;
    }
}
