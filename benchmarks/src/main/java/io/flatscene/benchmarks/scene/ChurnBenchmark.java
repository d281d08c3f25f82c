package io.flatscene.benchmarks.scene;

import io.flatscene.benchmarks.peers.GdxTrees;
import io.flatscene.benchmarks.peers.JmeTrees;
import io.flatscene.benchmarks.peers.Ogre1Registry;
import io.flatscene.core.config.SceneConfig;
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
 * Structural churn. {@code flatscene}, {@code jme}, {@code libgdx}, {@code joml}, {@code ogre1Registry}: destroy one
 * random child of a parent with {@code fan} children and create a new one. FlatScene swap-pops through its global
 * and parent index, O(1); the others remove from an array-backed child list, O(fan): jME by index
 * ({@code detachChildAt}), libGDX, the naive graph and the Ogre 1.x registry by searching for the child (the registry
 * also unregisters its name and registers a generated one). {@code createDestroy1m*}: build the {@code tree}
 * (1,000,101 nodes) and destroy it again node by node, deepest first, through each system's API: 2,000,200
 * structural operations per invocation. {@code deepChainInsertsFlatscene}: beside a chain {@code depth} nodes deep,
 * create 10,000 children of the root and destroy them again: the cost of an insertion or removal must not grow with
 * the deepest chain in the scene (FlatScene's nodes from depth 32 on share one pair of bands). It has no peer: jME
 * 3's {@code Node.invalidateUpdateList} recurses down the chain and overflows the stack building it.
 */
@BenchmarkMode(Mode.AverageTime)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(value = 1, jvmArgsAppend = {"-Xms6g", "-Xmx6g", "--add-modules", "jdk.incubator.vector"})
public class ChurnBenchmark {

    /** The fan size and the victims' random stream, the same seed for every system. */
    @State(Scope.Benchmark)
    public abstract static class Fan {
        @Param({"1000", "10000", "100000"})
        public int fan;

        final SplittableRandom random = new SplittableRandom(11);

        int victim() {
            return random.nextInt(fan);
        }
    }

    public static class FlatFan extends Fan {
        SceneManager scene;
        SceneNode parent;

        @Setup
        public void setUp() {
            scene = new SceneManager(SceneConfig.builder().maxNodes(fan + 2).maxItems(1).workerThreads(1).build());
            parent = scene.rootNode().createChild("fan");
            for (int i = 0; i < fan; i++) {
                parent.createChild();
            }
        }
    }

    public static class JmeFan extends Fan {
        com.jme3.scene.Node parent;

        @Setup
        public void setUp() {
            parent = JmeTrees.fan(fan);
        }
    }

    public static class GdxFan extends Fan {
        com.badlogic.gdx.graphics.g3d.model.Node parent;

        @Setup
        public void setUp() {
            parent = GdxTrees.fan(fan);
        }
    }

    public static class JomlFan extends Fan {
        NaiveJomlNode parent;

        @Setup
        public void setUp() {
            parent = new NaiveJomlNode().createChild();
            for (int i = 0; i < fan; i++) {
                parent.createChild();
            }
        }
    }

    public static class OgreFan extends Fan {
        Ogre1Registry registry;
        Ogre1Registry.SceneNode parent;

        @Setup
        public void setUp() {
            registry = new Ogre1Registry();
            parent = registry.createChild(registry.root());
            for (int i = 0; i < fan; i++) {
                registry.createChild(parent);
            }
        }
    }

    /** The tree built and destroyed by {@code createDestroy1m*}. */
    @State(Scope.Benchmark)
    public static class Tree {
        @Param({"tree1m"})
        public TreeShape tree;
    }

    public static class FlatTree extends Tree {
        SceneManager scene;

        @Setup
        public void setUp() {
            scene = SceneTrees.flatScene(tree);
        }
    }

    /** A scene holding one chain {@code depth} nodes deep, to which {@code deepChainInsertsFlatscene} adds. */
    @State(Scope.Benchmark)
    public static class DeepChain {
        static final int INSERTS = 10_000;

        @Param({"100000"})
        public int depth;

        SceneManager scene;

        @Setup
        public void setUp() {
            scene = new SceneManager(SceneConfig.builder().maxNodes(depth + INSERTS + 2).maxItems(1).workerThreads(1)
                    .build());
            SceneNode bottom = scene.rootNode();
            for (int level = 0; level < depth; level++) {
                bottom = bottom.createChild();
            }
        }
    }

    @Benchmark
    @OutputTimeUnit(TimeUnit.MILLISECONDS)
    public int deepChainInsertsFlatscene(DeepChain state) {
        SceneNode root = state.scene.rootNode();
        for (int i = 0; i < DeepChain.INSERTS; i++) {
            root.createChild();
        }
        while (root.childCount() > 1) {
            state.scene.destroySceneNode(root.child(root.childCount() - 1));
        }
        return root.childCount();
    }

    @Benchmark
    @OutputTimeUnit(TimeUnit.NANOSECONDS)
    public SceneNode flatscene(FlatFan state) {
        state.scene.destroySceneNode(state.parent.child(state.victim()));
        return state.parent.createChild();
    }

    @Benchmark
    @OutputTimeUnit(TimeUnit.NANOSECONDS)
    public com.jme3.scene.Node jme(JmeFan state) {
        state.parent.detachChildAt(state.victim());
        com.jme3.scene.Node child = new com.jme3.scene.Node();
        state.parent.attachChild(child);
        return child;
    }

    @Benchmark
    @OutputTimeUnit(TimeUnit.NANOSECONDS)
    public com.badlogic.gdx.graphics.g3d.model.Node libgdx(GdxFan state) {
        state.parent.removeChild(state.parent.getChild(state.victim()));
        com.badlogic.gdx.graphics.g3d.model.Node child = new com.badlogic.gdx.graphics.g3d.model.Node();
        state.parent.addChild(child);
        return child;
    }

    @Benchmark
    @OutputTimeUnit(TimeUnit.NANOSECONDS)
    public NaiveJomlNode joml(JomlFan state) {
        state.parent.children.get(state.victim()).destroy();
        return state.parent.createChild();
    }

    @Benchmark
    @OutputTimeUnit(TimeUnit.NANOSECONDS)
    public Ogre1Registry.SceneNode ogre1Registry(OgreFan state) {
        state.registry.destroy(state.parent.getChild(state.victim()));
        return state.registry.createChild(state.parent);
    }

    @Benchmark
    @OutputTimeUnit(TimeUnit.MILLISECONDS)
    public int createDestroy1mFlatscene(FlatTree state) {
        SceneManager scene = state.scene;
        List<SceneNode> nodes = SceneTrees.build(scene, state.tree);
        SceneNode root = scene.rootNode();
        while (root.childCount() > 0) {
            scene.destroySceneNode(root.child(root.childCount() - 1));
        }
        return nodes.size();
    }

    @Benchmark
    @OutputTimeUnit(TimeUnit.MILLISECONDS)
    public int createDestroy1mJme(Tree state) {
        List<com.jme3.scene.Node> nodes = JmeTrees.build(state.tree);
        com.jme3.scene.Node root = nodes.get(0);
        while (root.getQuantity() > 0) {
            JmeTrees.destroy(root.getChild(root.getQuantity() - 1));
        }
        return nodes.size();
    }

    @Benchmark
    @OutputTimeUnit(TimeUnit.MILLISECONDS)
    public int createDestroy1mLibgdx(Tree state) {
        List<com.badlogic.gdx.graphics.g3d.model.Node> nodes = GdxTrees.build(state.tree);
        com.badlogic.gdx.graphics.g3d.model.Node root = nodes.get(0);
        while (root.getChildCount() > 0) {
            GdxTrees.destroy(root.getChild(root.getChildCount() - 1));
        }
        return nodes.size();
    }

    @Benchmark
    @OutputTimeUnit(TimeUnit.MILLISECONDS)
    public int createDestroy1mJoml(Tree state) {
        List<NaiveJomlNode> nodes = SceneTrees.buildNaive(state.tree);
        NaiveJomlNode root = nodes.get(0);
        while (!root.children.isEmpty()) {
            root.children.get(root.children.size() - 1).destroy();
        }
        return nodes.size();
    }

    @Benchmark
    @OutputTimeUnit(TimeUnit.MILLISECONDS)
    public int createDestroy1mOgre1Registry(Tree state) {
        Ogre1Registry registry = new Ogre1Registry();
        List<Ogre1Registry.SceneNode> nodes = state.tree.build(registry.root(),
                (parent, x, y, z, qx, qy, qz, qw) -> registry.createChild(parent));
        Ogre1Registry.SceneNode root = registry.root();
        while (root.childCount() > 0) {
            registry.destroy(root.getChild(root.childCount() - 1));
        }
        return nodes.size();
    }
}
