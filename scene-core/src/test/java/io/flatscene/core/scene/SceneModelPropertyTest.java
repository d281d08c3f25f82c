package io.flatscene.core.scene;

import io.flatscene.core.config.SceneConfig;
import io.flatscene.core.container.CapacityExceededException;
import io.flatscene.core.container.GrowthPolicy;
import io.flatscene.core.container.HandleTable;
import io.flatscene.core.scene.store.TransformStore;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.function.Supplier;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.EdgeCasesMode;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.ShrinkingMode;
import net.jqwik.api.Tuple;
import net.jqwik.api.statistics.Statistics;
import net.jqwik.api.statistics.StatisticsReport;
import org.joml.Matrix4f;
import org.joml.Quaternionf;
import org.joml.Vector3f;

import static io.flatscene.core.scene.SceneInternals.storedWorldCenter;
import static io.flatscene.core.scene.SceneInternals.storedWorldHalfExtents;

/**
 * Model-based test of the scene's structure: random operation sequences run against a {@link SceneManager} and
 * against a plain object tree, and after every operation {@link SceneManager#validate()} must pass and the scene
 * must agree with the tree (node count, parents, children, depth, static flag, attachments, local transforms, node
 * lists, the pending queue, live and stale handles of nodes and objects, the game's tags and user data on nodes and
 * objects, which must survive every swap-and-pop move of slots and global indices, and each node's visibility switch).
 * Destruction follows its mode: objects go with their nodes, or are kept detached. After each update operation the
 * world matrices must equal the plain JOML chain, the in-graph and shown bits must match reachability from the root
 * (through visible nodes only, for the shown bit), and attached items' world bounds must follow their nodes. Refused
 * operations (cycles, the static rule, the root, dead handles, capacity under FAIL, misuse of attachments and lists)
 * must throw the documented type and leave the model's view of the scene exactly as it was.
 *
 * <p>Operation budget per run: the issue asks for at least one million operations per CI run. Lists have a
 * minimum length, so the guaranteed count is {@code tries x minimum length} summed over the properties:
 * 200 x 4000 + 100 x 1500 + 100 x 1000 = 1,050,000; {@link #reportOperationCount()} prints the count actually
 * executed. Every operation is followed by {@code validate()}; the model comparison follows every operation in
 * the FAIL and restructuring properties and every tenth in the bulk one ({@link #BULK_COMPARE_EVERY}).
 *
 * <p>Ops carry raw ints that are resolved against the current model state (which node, which list, which values),
 * so any sequence is meaningful and shrinking a value still yields a valid sequence.
 */
@StatisticsReport(StatisticsReport.StatisticsReportMode.OFF)
class SceneModelPropertyTest {

    /**
     * The bulk property validates after every operation but compares with the model after every tenth (and the
     * last): the full comparison after each of its 800,000+ operations would double the class's run time, while a
     * broken link or index persists until the next comparison, which then names the last 40 operations.
     */
    private static final int BULK_COMPARE_EVERY = 10;

    /** All dead handles are rechecked about this often (in operations); new dead handles at the next comparison. */
    private static final int ALL_DEAD_CHECK_EVERY = 64;

    enum Kind {
        CREATE_CHILD, CREATE_DETACHED, DESTROY_SUBTREE, DESTROY_REATTACH, DESTROY_LATER, PROCESS_PENDING,
        ADD_CHILD, REMOVE_CHILD, DETACH_FROM_PARENT, REPARENT, REPARENT_UNDER_DESCENDANT, SET_POSITION,
        SET_ORIENTATION, SET_SCALE, TRANSLATE, CREATE_ITEM, CREATE_LIGHT, CREATE_CAMERA, ATTACH, DETACH,
        DESTROY_OBJECT, LIST_ADD, LIST_REMOVE, FIND_NODE, FIND_BY_NAME, UPDATE, USE_DEAD_NODE, USE_DEAD_OBJECT,
        BAD_ROOT, SET_STATIC, CREATE_UNDER_LAST, DESTROY_KEEP_OBJECTS, SET_TAG, SET_USER_DATA, SET_VISIBLE
    }

    record Op(Kind kind, int a, int b, int c) {
    }

    // ---- properties ----

    @Property(tries = 200, edgeCases = EdgeCasesMode.NONE, shrinking = ShrinkingMode.BOUNDED)
    void growingSceneMatchesModel(@ForAll("mixedOps") List<Op> ops) {
        Runner runner = new Runner(GrowthPolicy.GROW, BULK_COMPARE_EVERY);
        runner.run(ops);
        // Without these the sequences could pass vacuously, never reaching the paths the issue names.
        Statistics.label("node storage grew past maxNodes").collect(runner.maxLiveNodes > Runner.MAX_NODES);
        Statistics.label("item storage grew past maxItems").collect(runner.maxLiveItems > Runner.MAX_ITEMS);
        Statistics.label("reparent changed depth").collect(runner.depthChangingMoves > 0);
        Statistics.label("cycle rejected").collect(runner.cycleRejections > 0);
        Statistics.label("node storage grew past maxNodes").coverage(c -> c.check(true).percentage(p -> p >= 90));
        Statistics.label("item storage grew past maxItems").coverage(c -> c.check(true).percentage(p -> p >= 90));
        Statistics.label("reparent changed depth").coverage(c -> c.check(true).percentage(p -> p >= 90));
        Statistics.label("cycle rejected").coverage(c -> c.check(true).percentage(p -> p >= 90));
    }

    @Property(tries = 100, edgeCases = EdgeCasesMode.NONE, shrinking = ShrinkingMode.BOUNDED)
    void failPolicySceneMatchesModel(@ForAll("failOps") List<Op> ops) {
        Runner runner = new Runner(GrowthPolicy.FAIL);
        runner.run(ops);
        Statistics.label("node capacity rejected").collect(runner.nodeCapacityRejections > 0);
        Statistics.label("item capacity rejected").collect(runner.itemCapacityRejections > 0);
        Statistics.label("node capacity rejected").coverage(c -> c.check(true).percentage(p -> p >= 90));
        Statistics.label("item capacity rejected").coverage(c -> c.check(true).percentage(p -> p >= 90));
    }

    @Property(tries = 100, edgeCases = EdgeCasesMode.NONE, shrinking = ShrinkingMode.BOUNDED)
    void deferredDestructionAndReparentingMatchModel(@ForAll("restructuringOps") List<Op> ops) {
        Runner runner = new Runner(GrowthPolicy.GROW);
        runner.run(ops);
        Statistics.label("queued node went with a queued ancestor").collect(runner.queuedInsideQueued > 0);
        Statistics.label("reattached children to root").collect(runner.reattachedChildren > 0);
        Statistics.label("stale handle with reused index").collect(runner.staleHandlesWithReusedIndex > 0);
        Statistics.label("static node below depth 0").collect(runner.staticBelowRoot > 0);
        Statistics.label("static rule refused").collect(runner.staticRejections > 0);
        Statistics.label("static node below depth 0").coverage(c -> c.check(true).percentage(p -> p >= 90));
        Statistics.label("static rule refused").coverage(c -> c.check(true).percentage(p -> p >= 90));
        Statistics.label("queued node went with a queued ancestor")
                .coverage(c -> c.check(true).percentage(p -> p >= 50));
        Statistics.label("reattached children to root").coverage(c -> c.check(true).percentage(p -> p >= 90));
        Statistics.label("stale handle with reused index").coverage(c -> c.check(true).percentage(p -> p >= 90));
    }


    /**
     * Chains past {@link TransformStore#DEEP}, where nodes share the deep bands and their parents may sit anywhere in
     * them: creation keeps extending the last node made, and moves, detaches and destruction carry subtrees across
     * the deep boundary both ways.
     */
    @Property(tries = 30, edgeCases = EdgeCasesMode.NONE, shrinking = ShrinkingMode.BOUNDED)
    void deepChainsMatchModel(@ForAll("deepOps") List<Op> ops) {
        Runner runner = new Runner(GrowthPolicy.GROW, 1, 4 * TransformStore.DEEP);
        runner.run(ops);
        Statistics.label("node below the deep boundary").collect(runner.deepest > TransformStore.DEEP + 4);
        // most tries, not nearly all: a try whose early ops destroy the chain now and then stays shallow
        Statistics.label("node below the deep boundary").coverage(c -> c.check(true).percentage(p -> p >= 75));
    }

    // ---- generators ----

    @Provide
    Arbitrary<List<Op>> mixedOps() {
        return ops(mixedWeights(), 4000, 5000);
    }

    @Provide
    Arbitrary<List<Op>> failOps() {
        // Creation is weighted up so that the small FAIL capacities are hit again and again.
        List<Tuple.Tuple2<Integer, Kind>> weights = mixedWeights();
        weights.add(Tuple.of(10, Kind.CREATE_CHILD));
        weights.add(Tuple.of(4, Kind.CREATE_ITEM));
        return ops(weights, 1500, 2000);
    }

    @Provide
    Arbitrary<List<Op>> restructuringOps() {
        List<Tuple.Tuple2<Integer, Kind>> weights = new ArrayList<>();
        weights.add(Tuple.of(16, Kind.CREATE_CHILD));
        weights.add(Tuple.of(3, Kind.CREATE_DETACHED));
        weights.add(Tuple.of(8, Kind.DESTROY_LATER));
        weights.add(Tuple.of(3, Kind.PROCESS_PENDING));
        weights.add(Tuple.of(3, Kind.DESTROY_SUBTREE));
        weights.add(Tuple.of(4, Kind.DESTROY_REATTACH));
        weights.add(Tuple.of(10, Kind.REPARENT));
        weights.add(Tuple.of(3, Kind.REPARENT_UNDER_DESCENDANT));
        weights.add(Tuple.of(4, Kind.ADD_CHILD));
        weights.add(Tuple.of(3, Kind.REMOVE_CHILD));
        weights.add(Tuple.of(2, Kind.DETACH_FROM_PARENT));
        weights.add(Tuple.of(3, Kind.LIST_ADD));
        weights.add(Tuple.of(1, Kind.LIST_REMOVE));
        weights.add(Tuple.of(2, Kind.CREATE_ITEM));
        weights.add(Tuple.of(3, Kind.ATTACH));
        weights.add(Tuple.of(3, Kind.SET_POSITION));
        weights.add(Tuple.of(3, Kind.UPDATE));
        weights.add(Tuple.of(4, Kind.FIND_NODE));
        weights.add(Tuple.of(2, Kind.USE_DEAD_NODE));
        weights.add(Tuple.of(6, Kind.SET_STATIC));
        weights.add(Tuple.of(3, Kind.DESTROY_KEEP_OBJECTS));
        weights.add(Tuple.of(3, Kind.SET_TAG));
        weights.add(Tuple.of(2, Kind.SET_USER_DATA));
        weights.add(Tuple.of(2, Kind.SET_VISIBLE));
        return ops(weights, 1000, 1500);
    }

    @Provide
    Arbitrary<List<Op>> deepOps() {
        List<Tuple.Tuple2<Integer, Kind>> weights = new ArrayList<>();
        weights.add(Tuple.of(110, Kind.CREATE_UNDER_LAST));
        weights.add(Tuple.of(2, Kind.CREATE_DETACHED));
        weights.add(Tuple.of(1, Kind.DESTROY_SUBTREE));
        weights.add(Tuple.of(3, Kind.DESTROY_REATTACH));
        weights.add(Tuple.of(1, Kind.DESTROY_LATER));
        weights.add(Tuple.of(1, Kind.PROCESS_PENDING));
        weights.add(Tuple.of(6, Kind.REPARENT));
        weights.add(Tuple.of(2, Kind.REPARENT_UNDER_DESCENDANT));
        weights.add(Tuple.of(2, Kind.ADD_CHILD));
        weights.add(Tuple.of(2, Kind.DETACH_FROM_PARENT));
        weights.add(Tuple.of(5, Kind.SET_POSITION));
        weights.add(Tuple.of(2, Kind.SET_SCALE));
        weights.add(Tuple.of(2, Kind.CREATE_ITEM));
        weights.add(Tuple.of(2, Kind.ATTACH));
        weights.add(Tuple.of(6, Kind.UPDATE));
        weights.add(Tuple.of(3, Kind.SET_STATIC));
        return ops(weights, 600, 800);
    }

    private static List<Tuple.Tuple2<Integer, Kind>> mixedWeights() {
        List<Tuple.Tuple2<Integer, Kind>> weights = new ArrayList<>();
        weights.add(Tuple.of(14, Kind.CREATE_CHILD));
        weights.add(Tuple.of(3, Kind.CREATE_DETACHED));
        weights.add(Tuple.of(4, Kind.DESTROY_SUBTREE));
        weights.add(Tuple.of(2, Kind.DESTROY_REATTACH));
        weights.add(Tuple.of(3, Kind.DESTROY_LATER));
        weights.add(Tuple.of(2, Kind.PROCESS_PENDING));
        weights.add(Tuple.of(3, Kind.ADD_CHILD));
        weights.add(Tuple.of(2, Kind.REMOVE_CHILD));
        weights.add(Tuple.of(1, Kind.DETACH_FROM_PARENT));
        weights.add(Tuple.of(6, Kind.REPARENT));
        weights.add(Tuple.of(2, Kind.REPARENT_UNDER_DESCENDANT));
        weights.add(Tuple.of(4, Kind.SET_POSITION));
        weights.add(Tuple.of(3, Kind.SET_ORIENTATION));
        weights.add(Tuple.of(3, Kind.SET_SCALE));
        weights.add(Tuple.of(2, Kind.TRANSLATE));
        weights.add(Tuple.of(4, Kind.CREATE_ITEM));
        weights.add(Tuple.of(1, Kind.CREATE_LIGHT));
        weights.add(Tuple.of(1, Kind.CREATE_CAMERA));
        weights.add(Tuple.of(5, Kind.ATTACH));
        weights.add(Tuple.of(3, Kind.DETACH));
        weights.add(Tuple.of(2, Kind.DESTROY_OBJECT));
        weights.add(Tuple.of(4, Kind.LIST_ADD));
        weights.add(Tuple.of(3, Kind.LIST_REMOVE));
        weights.add(Tuple.of(3, Kind.FIND_NODE));
        weights.add(Tuple.of(1, Kind.FIND_BY_NAME));
        weights.add(Tuple.of(3, Kind.UPDATE));
        weights.add(Tuple.of(2, Kind.USE_DEAD_NODE));
        weights.add(Tuple.of(1, Kind.USE_DEAD_OBJECT));
        weights.add(Tuple.of(1, Kind.BAD_ROOT));
        weights.add(Tuple.of(3, Kind.SET_STATIC));
        weights.add(Tuple.of(2, Kind.DESTROY_KEEP_OBJECTS));
        weights.add(Tuple.of(4, Kind.SET_TAG));
        weights.add(Tuple.of(3, Kind.SET_USER_DATA));
        weights.add(Tuple.of(2, Kind.SET_VISIBLE));
        return weights;
    }

    private static Arbitrary<List<Op>> ops(List<Tuple.Tuple2<Integer, Kind>> weights, int minSize, int maxSize) {
        Arbitrary<Integer> value = Arbitraries.integers().between(0, 1 << 20);
        return Combinators.combine(Arbitraries.frequency(weights), value, value, value).as(Op::new)
                .list().ofMinSize(minSize).ofMaxSize(maxSize);
    }

    // ---- the reference model ----

    static final class MNode {
        final SceneNode real;
        final long handle;
        final String name;
        MNode parent;
        final List<MNode> children = new ArrayList<>();
        final List<MObj> attached = new ArrayList<>();
        final float[] position = {0f, 0f, 0f};
        final float[] orientation = {0f, 0f, 0f, 1f};
        final float[] scale = {1f, 1f, 1f};
        /** The model list (index into {@code Runner.listModel}) per channel, or -1. */
        final int[] listOf = {-1, -1, -1};
        boolean isStatic;
        boolean visible = true;
        long tag;
        Object userData;
        int liveIndex;
        boolean alive = true;
        int stamp;
        int worldStamp;
        final Matrix4f world = new Matrix4f();

        MNode(SceneNode real, String name) {
            this.real = real;
            this.handle = real.handle();
            this.name = name;
        }
    }

    enum ObjKind { ITEM, LIGHT, CAMERA }

    static final class MObj {
        final MovableObject real;
        final ObjKind kind;
        final long handle;
        final String name;
        final Aabb local;
        MNode node;
        long tag;
        Object userData;
        int liveIndex;
        int stamp;

        MObj(MovableObject real, ObjKind kind, String name, Aabb local) {
            this.real = real;
            this.kind = kind;
            this.handle = real.handle();
            this.name = name;
            this.local = local;
        }
    }

    static String handleText(long handle) {
        return HandleTable.describe(handle);
    }

    static float coordinate(int v) {
        return ((v % 2001) - 1000) / 100f;
    }

    static float scaleComponent(int v) {
        return 0.8f + (v % 1000) * 0.00045f;
    }

    /**
     * Runs one sequence against a fresh scene and the model: validate() after each operation, the model comparison
     * after every {@code compareEvery}-th and the last.
     */
    static final class Runner {
        // Small capacities so that GROW has to grow every storage and FAIL is reached within a few operations.
        static final int MAX_NODES = 8;
        static final int MAX_ITEMS = 4;
        static final int MAX_LIGHTS = 2;
        static final int MAX_CAMERAS = 2;
        // Under GROW, creation turns into destruction past these, keeping each check O(small).
        static final int SOFT_NODES = 32;
        static final int SOFT_ITEMS = 16;
        static final int SOFT_OTHERS = 6;
        static final int LISTS = 6;
        static final int TRACE_LENGTH = 40;

        final GrowthPolicy policy;
        final int compareEvery;
        final int softNodes;
        /** The last node made by a create operation, which {@code CREATE_UNDER_LAST} extends. */
        MNode last;
        int deepest;
        final boolean failMode;
        final SceneManager scene;
        final MNode root;
        final List<MNode> nodes = new ArrayList<>();
        final List<MNode> deadNodes = new ArrayList<>();
        final List<MNode> newlyDead = new ArrayList<>();
        final List<MObj> objects = new ArrayList<>();
        final List<MObj> deadObjects = new ArrayList<>();
        final List<MObj> newlyDeadObjects = new ArrayList<>();
        final IdentityHashMap<SceneNode, MNode> nodeModel = new IdentityHashMap<>();
        final IdentityHashMap<MovableObject, MObj> objectModel = new IdentityHashMap<>();
        final NodeList[] lists = new NodeList[LISTS];
        final List<LinkedHashSet<MNode>> listModel = new ArrayList<>();
        final LinkedHashSet<MNode> pending = new LinkedHashSet<>();
        final int[] liveObjects = new int[ObjKind.values().length];
        /** The last operations as (step, op, note), turned into text only when a check fails. */
        final ArrayDeque<Object[]> trace = new ArrayDeque<>();
        final Vector3f v1 = new Vector3f();
        final Quaternionf q1 = new Quaternionf();
        final Matrix4f m1 = new Matrix4f();
        int stamp;
        int worldStamp;
        int lastDeadSweep;
        int step;
        String note;

        // Scenario counters for the coverage checks.
        int maxLiveNodes;
        int maxLiveItems;
        int depthChangingMoves;
        int cycleRejections;
        int nodeCapacityRejections;
        int itemCapacityRejections;
        int queuedInsideQueued;
        int reattachedChildren;
        int staleHandlesWithReusedIndex;
        int staticRejections;
        int staticBelowRoot;
        int rejections;

        Runner(GrowthPolicy policy) {
            this(policy, 1);
        }

        /** @param compareEvery the model comparison runs after every this many operations; validate() after each */
        Runner(GrowthPolicy policy, int compareEvery) {
            this(policy, compareEvery, SOFT_NODES);
        }

        /** @param softNodes under GROW, creation turns into destruction past this many live nodes */
        Runner(GrowthPolicy policy, int compareEvery, int softNodes) {
            this.compareEvery = compareEvery;
            this.softNodes = softNodes;
            this.policy = policy;
            this.failMode = policy == GrowthPolicy.FAIL;
            SceneConfig config = SceneConfig.builder().maxNodes(MAX_NODES).maxItems(MAX_ITEMS)
                    .maxLights(MAX_LIGHTS).maxCameras(MAX_CAMERAS).growthPolicy(policy).validation(false)
                    // One worker: no threads to start and stop for each of the 400 scenes.
                    .workerThreads(1).build();
            scene = new SceneManager(config);
            root = addNode(scene.rootNode(), "root", null);
            for (int l = 0; l < LISTS; l++) {
                lists[l] = scene.createNodeList(l % SceneManager.NODE_LIST_CHANNELS);
                listModel.add(new LinkedHashSet<>());
            }
            check();
        }

        void run(List<Op> ops) {
            try (scene) {
                runAll(ops);
            }
        }

        private void runAll(List<Op> ops) {
            for (step = 0; step < ops.size(); step++) {
                Op op = ops.get(step);
                note = "";
                try {
                    apply(op);
                    if (step % compareEvery == compareEvery - 1 || step == ops.size() - 1) {
                        check();
                    } else {
                        scene.validate();
                    }
                } catch (Throwable t) {
                    throw new AssertionError("operation #" + step + " " + op + " (" + note + ") broke the scene "
                            + "or disagreed with the model: " + t + "\nlast operations:\n" + traceText(),
                            t);
                }
                if (trace.size() == TRACE_LENGTH) {
                    trace.removeFirst();
                }
                trace.addLast(new Object[] {step, op, note});
                maxLiveNodes = Math.max(maxLiveNodes, nodes.size());
                maxLiveItems = Math.max(maxLiveItems, liveObjects[ObjKind.ITEM.ordinal()]);
            }
        }

        String traceText() {
            StringBuilder text = new StringBuilder();
            for (Object[] entry : trace) {
                text.append('#').append(entry[0]).append(' ').append(entry[1]).append(' ').append(entry[2])
                        .append('\n');
            }
            return text.toString();
        }

        // ---- picking ----

        MNode pickNode(int r) {
            return nodes.get(r % nodes.size());
        }

        MNode pickNonRoot(int r) {
            return nodes.size() < 2 ? null : nodes.get(1 + r % (nodes.size() - 1));
        }

        /** A node below {@code top} (or {@code top} itself when it has no children), walking down at random. */
        MNode descendantOf(MNode top, int r) {
            MNode at = top;
            int steps = 1 + r % 4;
            while (steps-- > 0 && !at.children.isEmpty()) {
                at = at.children.get((r >>> 3) % at.children.size());
                r = r * 31 + 7 & 0x7fffffff;
            }
            return at;
        }

        MNode nodeWithChildren(int r) {
            for (int i = 0; i < nodes.size(); i++) {
                MNode m = nodes.get((r + i) % nodes.size());
                if (m != root && !m.children.isEmpty()) {
                    return m;
                }
            }
            return null;
        }

        MNode detachedNode(int r) {
            for (int i = 0; i < nodes.size(); i++) {
                MNode m = nodes.get((r + i) % nodes.size());
                if (m != root && m.parent == null) {
                    return m;
                }
            }
            return null;
        }

        MNode nodeWithParent(int r) {
            for (int i = 0; i < nodes.size(); i++) {
                MNode m = nodes.get((r + i) % nodes.size());
                if (m.parent != null) {
                    return m;
                }
            }
            return null;
        }

        static boolean inSubtree(MNode top, MNode node) {
            for (MNode at = node; at != null; at = at.parent) {
                if (at == top) {
                    return true;
                }
            }
            return false;
        }

        static int depthOf(MNode m) {
            int depth = 0;
            for (MNode at = m.parent; at != null; at = at.parent) {
                depth++;
            }
            return depth;
        }

        // ---- model changes ----

        MNode addNode(SceneNode real, String name, MNode parent) {
            MNode m = new MNode(real, name);
            m.parent = parent;
            if (parent != null) {
                parent.children.add(m);
            }
            m.liveIndex = nodes.size();
            nodes.add(m);
            nodeModel.put(real, m);
            last = m;
            return m;
        }

        void move(MNode m, MNode newParent) {
            if (m.parent == newParent) {
                return;
            }
            if (depthOf(m) != (newParent == null ? 0 : depthOf(newParent) + 1)) {
                depthChangingMoves++;
            }
            if (m.parent != null) {
                m.parent.children.remove(m);
            }
            m.parent = newParent;
            if (newParent != null) {
                newParent.children.add(m);
            }
        }

        /** The model of a node's destruction: its objects go with it unless {@code keepObjects}. */
        void destroySubtree(MNode m, boolean keepObjects) {
            while (!m.children.isEmpty()) {
                destroySubtree(m.children.get(m.children.size() - 1), keepObjects);
            }
            for (MObj o : new ArrayList<>(m.attached)) {
                if (keepObjects) {
                    o.node = null;
                } else {
                    destroyObject(o);
                }
            }
            m.attached.clear();
            if (m.parent != null) {
                m.parent.children.remove(m);
                m.parent = null;
            }
            for (int channel = 0; channel < m.listOf.length; channel++) {
                if (m.listOf[channel] >= 0) {
                    listModel.get(m.listOf[channel]).remove(m);
                    m.listOf[channel] = -1;
                }
            }
            pending.remove(m);
            MNode last = nodes.remove(nodes.size() - 1);
            if (last != m) {
                nodes.set(m.liveIndex, last);
                last.liveIndex = m.liveIndex;
            }
            m.alive = false;
            nodeModel.remove(m.real);
            deadNodes.add(m);
            newlyDead.add(m);
        }

        MObj addObject(MovableObject real, ObjKind kind, String name, Aabb local) {
            MObj o = new MObj(real, kind, name, local);
            o.liveIndex = objects.size();
            objects.add(o);
            objectModel.put(real, o);
            liveObjects[kind.ordinal()]++;
            return o;
        }

        void destroyObject(MObj o) {
            if (o.node != null) {
                o.node.attached.remove(o);
                o.node = null;
            }
            MObj last = objects.remove(objects.size() - 1);
            if (last != o) {
                objects.set(o.liveIndex, last);
                last.liveIndex = o.liveIndex;
            }
            objectModel.remove(o.real);
            liveObjects[o.kind.ordinal()]--;
            deadObjects.add(o);
            newlyDeadObjects.add(o);
        }

        // ---- operations ----

        void apply(Op op) {
            int a = op.a();
            int b = op.b();
            int c = op.c();
            switch (op.kind()) {
                case CREATE_CHILD -> createChild(a, b);
                case CREATE_DETACHED -> createDetached(a, b);
                case DESTROY_SUBTREE -> destroy(a, b, DestroyMode.SUBTREE);
                case DESTROY_REATTACH -> destroy(a, b, DestroyMode.REATTACH_CHILDREN_TO_ROOT);
                case DESTROY_LATER -> destroyLater(a, b, c);
                case PROCESS_PENDING -> processPending();
                case ADD_CHILD -> addChild(a, b, c);
                case REMOVE_CHILD -> removeChild(a, b, c);
                case DETACH_FROM_PARENT -> detachFromParent(a);
                case REPARENT -> reparent(a, b);
                case REPARENT_UNDER_DESCENDANT -> reparentUnderDescendant(a, b, c);
                case SET_POSITION -> setPosition(a, b, c);
                case SET_ORIENTATION -> setOrientation(a, b, c);
                case SET_SCALE -> setScale(a, b, c);
                case TRANSLATE -> translate(a, b, c);
                case CREATE_ITEM -> createItem(a, b, c);
                case CREATE_LIGHT -> createLight(a, b);
                case CREATE_CAMERA -> createCamera(a, b);
                case ATTACH -> attach(a, b, c);
                case DETACH -> detach(a, b, c);
                case DESTROY_OBJECT -> destroyObject(a);
                case LIST_ADD -> listAdd(a, b, c);
                case LIST_REMOVE -> listRemove(a, b, c);
                case FIND_NODE -> findNode(a, b);
                case FIND_BY_NAME -> findByName(a);
                case UPDATE -> update();
                case USE_DEAD_NODE -> useDeadNode(a, b, c);
                case USE_DEAD_OBJECT -> useDeadObject(a, b, c);
                case BAD_ROOT -> badRoot(b, c);
                case SET_STATIC -> setStatic(a, c);
                case CREATE_UNDER_LAST -> createUnderLast(a, b);
                case DESTROY_KEEP_OBJECTS -> destroy(a, b, DestroyMode.SUBTREE_KEEP_OBJECTS);
                case SET_TAG -> setTag(a, b, c);
                case SET_USER_DATA -> setUserData(a, b, c);
                case SET_VISIBLE -> setVisible(a, c);
            }
        }

        boolean overSoftNodeCap(int a, int b) {
            if (!failMode && nodes.size() >= softNodes) {
                destroy(a, b, DestroyMode.SUBTREE);
                return true;
            }
            return false;
        }

        void createChild(int a, int b) {
            if (overSoftNodeCap(a, b)) {
                return;
            }
            MNode parent = pickNode(a);
            String name = "n" + b % 6;
            note = "under " + handleText(parent.handle);
            if (failMode && nodes.size() == MAX_NODES) {
                rejectsCapacity(() -> parent.real.createChild(name), SceneConfig.MAX_NODES_KEY);
                nodeCapacityRejections++;
                return;
            }
            SceneNode created = parent.real.createChild(name);
            addNode(created, name, parent);
            note += " -> " + handleText(created.handle());
        }

        void createUnderLast(int a, int b) {
            if (last == null || !last.alive) {
                createChild(a, b);
                return;
            }
            if (overSoftNodeCap(a, b)) {
                return;
            }
            String name = "c" + b % 3;
            note = "under the last, " + handleText(last.handle);
            MNode parent = last;
            addNode(parent.real.createChild(name), name, parent);
            deepest = Math.max(deepest, depthOf(last));
        }

        void createDetached(int a, int b) {
            if (overSoftNodeCap(a, b)) {
                return;
            }
            String name = "d" + b % 3;
            if (failMode && nodes.size() == MAX_NODES) {
                rejectsCapacity(() -> scene.createSceneNode(name), SceneConfig.MAX_NODES_KEY);
                nodeCapacityRejections++;
                return;
            }
            SceneNode created = scene.createSceneNode(name);
            addNode(created, name, null);
            note = "-> " + handleText(created.handle());
        }

        void destroy(int a, int b, DestroyMode mode) {
            MNode m = pickNonRoot(a);
            if (m == null) {
                badRoot(b, b);
                return;
            }
            note = handleText(m.handle) + " " + mode;
            if (mode == DestroyMode.SUBTREE && b % 2 == 0) {
                scene.destroySceneNode(m.real);
            } else {
                scene.destroySceneNode(m.real, mode);
            }
            if (mode == DestroyMode.REATTACH_CHILDREN_TO_ROOT) {
                reattachedChildren += m.children.size();
                for (MNode child : new ArrayList<>(m.children)) {
                    move(child, root);
                }
            }
            destroySubtree(m, mode == DestroyMode.SUBTREE_KEEP_OBJECTS);
        }

        void destroyLater(int a, int b, int c) {
            MNode m = pickNonRoot(a);
            if (m == null) {
                badRoot(b, 2);
                return;
            }
            // Sometimes a node and one of its descendants are both queued, in either order.
            MNode inner = c % 3 == 0 && !m.children.isEmpty() ? descendantOf(m, b) : null;
            note = handleText(m.handle) + (inner == null ? "" : " and inner " + handleText(inner.handle));
            if (inner != null && c % 2 == 0) {
                queue(inner);
            }
            queue(m);
            if (inner != null && c % 2 != 0) {
                queue(inner);
            }
        }

        void queue(MNode m) {
            scene.destroyLater(m.real);
            pending.add(m);
        }

        void processPending() {
            int expected = 0;
            for (MNode m : new ArrayList<>(pending)) {
                if (m.alive) {
                    destroySubtree(m, false);
                    expected++;
                } else {
                    queuedInsideQueued++;
                }
            }
            int destroyed = scene.processPendingDestruction();
            int modelled = expected;
            note = "destroyed " + destroyed;
            expect(destroyed == modelled, () -> "processPendingDestruction returned " + destroyed + ", the model "
                    + "destroyed " + modelled + " queued nodes");
        }

        void addChild(int a, int b, int c) {
            MNode child = c % 6 == 0 ? null : detachedNode(a);
            if (child == null && c % 6 != 0) {
                // No detached node to add: make one, so that this operation still changes the tree.
                detachFromParent(a);
                return;
            }
            if (child == null) {
                // A node that already has a parent must be refused: addChild is only for detached nodes.
                MNode attached = nodeWithParent(a);
                MNode target = pickNode(b);
                if (attached == null) {
                    return;
                }
                note = "attached " + handleText(attached.handle) + " to " + handleText(target.handle);
                rejects(IllegalArgumentException.class, () -> target.real.addChild(attached.real), attached);
                return;
            }
            MNode target = c % 4 == 1 ? descendantOf(child, b) : pickNode(b);
            note = handleText(child.handle) + " to " + handleText(target.handle);
            if (inSubtree(child, target)) {
                rejects(IllegalArgumentException.class, () -> target.real.addChild(child.real), child, "cycle");
                cycleRejections++;
                return;
            }
            if (breaksStaticRule(child, target)) {
                rejects(IllegalArgumentException.class, () -> target.real.addChild(child.real), child, "static");
                staticRejections++;
                return;
            }
            expectSame(target.real, target.real.addChild(child.real), () -> "addChild returns the parent");
            move(child, target);
        }

        void removeChild(int a, int b, int c) {
            MNode m = nodeWithParent(a);
            if (m == null) {
                return;
            }
            MNode wrong = pickNode(b);
            if (c % 5 == 0 && wrong != m.parent) {
                note = handleText(m.handle) + " from non-parent " + handleText(wrong.handle);
                rejects(IllegalArgumentException.class, () -> wrong.real.removeChild(m.real), m);
                return;
            }
            note = handleText(m.handle);
            m.parent.real.removeChild(m.real);
            move(m, null);
        }

        void detachFromParent(int a) {
            MNode m = pickNonRoot(a);
            if (m == null) {
                return;
            }
            note = handleText(m.handle);
            m.real.detachFromParent();
            move(m, null);
        }

        void reparent(int a, int b) {
            MNode m = pickNonRoot(a);
            if (m == null) {
                badRoot(b, 3);
                return;
            }
            MNode target = pickNode(b);
            note = handleText(m.handle) + " to " + handleText(target.handle);
            if (inSubtree(m, target)) {
                rejects(IllegalArgumentException.class, () -> m.real.reparent(target.real), m, "cycle");
                cycleRejections++;
                return;
            }
            if (breaksStaticRule(m, target)) {
                rejects(IllegalArgumentException.class, () -> m.real.reparent(target.real), m, "static");
                staticRejections++;
                return;
            }
            expectSame(m.real, m.real.reparent(target.real), () -> "reparent returns the node");
            move(m, target);
        }

        /**
         * The rule: a static node's parent is static or at depth 0. Putting {@code m} under {@code newParent} breaks
         * it when {@code m} is static and the parent dynamic below depth 0, and also when {@code m} is dynamic with
         * static children, which were legal only while {@code m} sat at depth 0: like setStatic(false) on such a
         * node, the move must be refused rather than leave those children under a dynamic parent.
         */
        static boolean breaksStaticRule(MNode m, MNode newParent) {
            if (newParent == null) {
                return false;
            }
            if (m.isStatic) {
                return !newParent.isStatic && depthOf(newParent) > 0;
            }
            for (MNode child : m.children) {
                if (child.isStatic) {
                    return true;
                }
            }
            return false;
        }

        void setStatic(int a, int c) {
            MNode m = pickNode(a);
            boolean value = c % 4 == 0 ? m.isStatic : !m.isStatic;
            note = handleText(m.handle) + " static " + value;
            if (value != m.isStatic) {
                if (value && m.parent != null && !m.parent.isStatic && depthOf(m.parent) > 0) {
                    rejects(IllegalArgumentException.class, () -> m.real.setStatic(true), m, "static");
                    staticRejections++;
                    return;
                }
                // At depth 0 static children are legal under a dynamic parent, so only below it is this refused.
                if (!value && depthOf(m) > 0 && m.children.stream().anyMatch(child -> child.isStatic)) {
                    rejects(IllegalArgumentException.class, () -> m.real.setStatic(false), m, "static");
                    staticRejections++;
                    return;
                }
            }
            expectSame(m.real, m.real.setStatic(value), () -> "setStatic returns the node");
            m.isStatic = value;
            if (value && depthOf(m) > 0) {
                staticBelowRoot++;
            }
        }

        void reparentUnderDescendant(int a, int b, int c) {
            MNode m = nodeWithChildren(a);
            if (m == null) {
                reparent(a, b);
                return;
            }
            MNode target = c % 7 == 0 ? m : descendantOf(m, b);
            note = handleText(m.handle) + " under own " + handleText(target.handle);
            rejects(IllegalArgumentException.class, () -> m.real.reparent(target.real), m, "cycle");
            cycleRejections++;
        }

        void setPosition(int a, int b, int c) {
            MNode m = pickNode(a);
            float x = coordinate(b);
            float y = coordinate(c);
            float z = coordinate(a ^ b);
            note = handleText(m.handle);
            if (c % 2 == 0) {
                m.real.setPosition(x, y, z);
            } else {
                m.real.setPosition(new Vector3f(x, y, z));
            }
            m.position[0] = x;
            m.position[1] = y;
            m.position[2] = z;
        }

        void setOrientation(int a, int b, int c) {
            MNode m = pickNode(a);
            Quaternionf q = new Quaternionf().rotationXYZ((b % 628) / 100f, (c % 628) / 100f, (a % 628) / 100f);
            // Not unit length on purpose: the scene must store the normalized rotation.
            float k = 0.5f + c % 4;
            note = handleText(m.handle);
            m.real.setOrientation(q.x * k, q.y * k, q.z * k, q.w * k);
            double length = Math.sqrt((double) q.x * k * q.x * k + (double) q.y * k * q.y * k
                    + (double) q.z * k * q.z * k + (double) q.w * k * q.w * k);
            m.orientation[0] = (float) (q.x * k / length);
            m.orientation[1] = (float) (q.y * k / length);
            m.orientation[2] = (float) (q.z * k / length);
            m.orientation[3] = (float) (q.w * k / length);
        }

        void setScale(int a, int b, int c) {
            MNode m = pickNode(a);
            float x = scaleComponent(b);
            float y = scaleComponent(c);
            float z = scaleComponent(a ^ c);
            note = handleText(m.handle);
            m.real.setScale(x, y, z);
            m.scale[0] = x;
            m.scale[1] = y;
            m.scale[2] = z;
        }

        void translate(int a, int b, int c) {
            MNode m = pickNode(a);
            Vector3f delta = new Vector3f(coordinate(b) / 10f, coordinate(c) / 10f, coordinate(a ^ c) / 10f);
            note = handleText(m.handle);
            if (c % 2 == 0) {
                m.real.translate(delta.x, delta.y, delta.z, Space.PARENT);
            } else {
                m.real.translate(delta.x, delta.y, delta.z, Space.LOCAL);
                new Quaternionf(m.orientation[0], m.orientation[1], m.orientation[2], m.orientation[3])
                        .transform(delta);
            }
            m.position[0] += delta.x;
            m.position[1] += delta.y;
            m.position[2] += delta.z;
        }

        boolean overSoftObjectCap(ObjKind kind, int a) {
            int soft = kind == ObjKind.ITEM ? SOFT_ITEMS : SOFT_OTHERS;
            if (!failMode && liveObjects[kind.ordinal()] >= soft) {
                destroyObject(a);
                return true;
            }
            return false;
        }

        void createItem(int a, int b, int c) {
            if (overSoftObjectCap(ObjKind.ITEM, a)) {
                return;
            }
            String name = "i" + b % 4;
            Aabb local = new Aabb(coordinate(a) / 10f, coordinate(b) / 10f, coordinate(c) / 10f,
                    (a % 100) / 10f, (b % 100) / 10f, (c % 100) / 10f);
            if (failMode && liveObjects[ObjKind.ITEM.ordinal()] == MAX_ITEMS) {
                rejectsCapacity(() -> scene.createItem(name, b, c, local), SceneConfig.MAX_ITEMS_KEY);
                itemCapacityRejections++;
                return;
            }
            Item item = scene.createItem(name, b, c, local);
            expect(item.meshId() == b && item.materialId() == c && item.localAabb().equals(local),
                    () -> "new item data " + item.meshId() + ", " + item.materialId() + ", " + item.localAabb());
            addObject(item, ObjKind.ITEM, name, local);
            note = "-> " + handleText(item.handle());
        }

        void createLight(int a, int b) {
            if (overSoftObjectCap(ObjKind.LIGHT, a)) {
                return;
            }
            String name = "l" + b % 3;
            Light.Type type = Light.Type.values()[b % 3];
            if (failMode && liveObjects[ObjKind.LIGHT.ordinal()] == MAX_LIGHTS) {
                rejectsCapacity(() -> scene.createLight(name, type), SceneConfig.MAX_LIGHTS_KEY);
                return;
            }
            Light light = scene.createLight(name, type);
            addObject(light, ObjKind.LIGHT, name, null);
            note = "-> " + handleText(light.handle());
        }

        void createCamera(int a, int b) {
            if (overSoftObjectCap(ObjKind.CAMERA, a)) {
                return;
            }
            String name = "c" + b % 3;
            if (failMode && liveObjects[ObjKind.CAMERA.ordinal()] == MAX_CAMERAS) {
                rejectsCapacity(() -> scene.createCamera(name), SceneConfig.MAX_CAMERAS_KEY);
                return;
            }
            Camera camera = scene.createCamera(name);
            addObject(camera, ObjKind.CAMERA, name, null);
            note = "-> " + handleText(camera.handle());
        }

        void attach(int a, int b, int c) {
            if (objects.isEmpty()) {
                return;
            }
            // Mostly a detached object: most objects end up attached, and a refusal every time proves little more.
            MObj o = objects.get(a % objects.size());
            for (int i = 0; c % 4 != 0 && o.node != null && i < objects.size(); i++) {
                o = objects.get((a + i) % objects.size());
            }
            attach(o, pickNode(b));
        }

        void attach(MObj o, MNode m) {
            note = o.kind + " " + handleText(o.handle) + " to " + handleText(m.handle);
            if (o.node != null) {
                rejects(IllegalArgumentException.class, () -> m.real.attachObject(o.real), o);
                return;
            }
            expectSame(m.real, m.real.attachObject(o.real), () -> "attachObject returns the node");
            o.node = m;
            m.attached.add(o);
        }

        void detach(int a, int b, int c) {
            if (objects.isEmpty()) {
                return;
            }
            MObj picked = objects.get(a % objects.size());
            for (int i = 0; c % 4 != 0 && picked.node == null && i < objects.size(); i++) {
                picked = objects.get((a + i) % objects.size());
            }
            MObj o = picked;
            MNode wrong = pickNode(b);
            note = o.kind + " " + handleText(o.handle);
            if (o.node == null || (c % 5 == 0 && wrong != o.node)) {
                note += " from wrong node " + handleText(wrong.handle);
                rejects(IllegalArgumentException.class, () -> wrong.real.detachObject(o.real), o);
                return;
            }
            if (c % 2 == 0) {
                o.node.real.detachObject(o.real);
            } else {
                o.real.detachFromParent();
            }
            o.node.attached.remove(o);
            o.node = null;
        }

        void destroyObject(int a) {
            if (objects.isEmpty()) {
                return;
            }
            MObj o = objects.get(a % objects.size());
            note = o.kind + " " + handleText(o.handle);
            switch (o.kind) {
                case ITEM -> scene.destroyItem((Item) o.real);
                case LIGHT -> scene.destroyLight((Light) o.real);
                case CAMERA -> scene.destroyCamera((Camera) o.real);
            }
            destroyObject(o);
        }

        void listAdd(int a, int b, int c) {
            int l = a % LISTS;
            int channel = l % SceneManager.NODE_LIST_CHANNELS;
            // Mostly a node free on this channel, for the same reason as in attach.
            MNode picked = pickNode(b);
            for (int i = 0; c % 4 != 0 && picked.listOf[channel] >= 0 && i < nodes.size(); i++) {
                picked = pickNode(b + i);
            }
            MNode m = picked;
            note = handleText(m.handle) + " to list " + l;
            if (m.listOf[channel] >= 0) {
                // Only the type here: whether the message names the node is SceneBadInputTest's concern.
                rejects(IllegalArgumentException.class, () -> lists[l].add(m.real));
                return;
            }
            lists[l].add(m.real);
            listModel.get(l).add(m);
            m.listOf[channel] = l;
        }

        void listRemove(int a, int b, int c) {
            int l = a % LISTS;
            LinkedHashSet<MNode> members = listModel.get(l);
            if (members.isEmpty() && c % 5 != 0) {
                listAdd(a, b, c);
                return;
            }
            if (members.isEmpty() || c % 5 == 0) {
                MNode m = pickNode(b);
                if (members.contains(m)) {
                    return;
                }
                note = "non-member " + handleText(m.handle) + " from list " + l;
                rejects(IllegalArgumentException.class, () -> lists[l].remove(m.real));
                return;
            }
            Iterator<MNode> it = members.iterator();
            for (int i = b % members.size(); i > 0; i--) {
                it.next();
            }
            MNode m = it.next();
            note = handleText(m.handle) + " from list " + l;
            lists[l].remove(m.real);
            members.remove(m);
            m.listOf[l % SceneManager.NODE_LIST_CHANNELS] = -1;
        }

        void findNode(int a, int b) {
            switch (b % 4) {
                case 0 -> {
                    MNode m = pickNode(a);
                    expectSame(m.real, scene.findNode(m.handle).orElse(null), () -> "findNode of a live handle");
                }
                case 1 -> {
                    if (deadNodes.isEmpty()) {
                        return;
                    }
                    MNode d = deadNodes.get(a % deadNodes.size());
                    for (MNode m : nodes) {
                        if ((int) m.handle == (int) d.handle) {
                            staleHandlesWithReusedIndex++;
                            break;
                        }
                    }
                    note = "stale " + handleText(d.handle);
                    expect(scene.findNode(d.handle).isEmpty(), () -> "stale handle " + handleText(d.handle)
                            + " found " + scene.findNode(d.handle));
                }
                case 2 -> {
                    // A live node's index with a version it never had.
                    MNode m = pickNode(a);
                    long forged = ((long) ((int) (m.handle >>> 32) + 1) << 32) | (m.handle & 0xFFFF_FFFFL);
                    expect(scene.findNode(forged).isEmpty(), () -> "forged handle " + handleText(forged)
                            + " found " + scene.findNode(forged));
                }
                default -> {
                    long outOfRange = ((long) 1 << 32) | (10_000 + a % 1000);
                    expect(scene.findNode(outOfRange).isEmpty(), () -> "handle past every entry found a node");
                    expect(scene.findNode(0L).isEmpty(), () -> "the null handle found a node");
                }
            }
        }

        /** Sets a tag on a node or an object: any long, the extremes included. */
        void setTag(int a, int b, int c) {
            long tag = switch (c % 5) {
                case 0 -> Long.MIN_VALUE;
                case 1 -> Long.MAX_VALUE;
                case 2 -> 0L;
                default -> (long) b << 32 | c;
            };
            if (b % 2 == 0 || objects.isEmpty()) {
                MNode m = pickNode(a);
                note = handleText(m.handle) + " tag " + tag;
                expectSame(m.real, m.real.setTag(tag), () -> "setTag returns the node");
                m.tag = tag;
            } else {
                MObj o = objects.get(a % objects.size());
                note = o.kind + " " + handleText(o.handle) + " tag " + tag;
                o.real.setTag(tag);
                o.tag = tag;
            }
        }

        void setUserData(int a, int b, int c) {
            Object data = c % 4 == 0 ? null : "data " + b;
            if (b % 2 == 0 || objects.isEmpty()) {
                MNode m = pickNode(a);
                note = handleText(m.handle) + " user data " + data;
                m.real.setUserData(data);
                m.userData = data;
            } else {
                MObj o = objects.get(a % objects.size());
                note = o.kind + " " + handleText(o.handle) + " user data " + data;
                o.real.setUserData(data);
                o.userData = data;
            }
        }

        void setVisible(int a, int c) {
            MNode m = pickNode(a);
            boolean visible = c % 3 == 0;
            note = handleText(m.handle) + " visible " + visible;
            m.real.setVisible(visible);
            m.visible = visible;
        }

        void findByName(int a) {
            String name = a % 2 == 0 ? "n" + a % 6 : "d" + a % 3;
            List<SceneNode> found = scene.findNodesByName(name);
            int expected = 0;
            for (MNode m : nodes) {
                if (m.name.equals(name)) {
                    expected++;
                }
            }
            int count = expected;
            expect(found.size() == expected, () -> "findNodesByName(" + name + ") found " + found.size() + ", "
                    + "expected " + count);
            for (SceneNode n : found) {
                MNode m = nodeModel.get(n);
                expect(m != null && m.name.equals(name), () -> "findNodesByName(" + name + ") returned " + n);
            }
            if (count > 1) {
                rejects(IllegalStateException.class, () -> scene.findNodeByName(name), null, name, count + " live");
            } else {
                SceneNode one = scene.findNodeByName(name).orElse(null);
                expectSame(count == 1 ? found.get(0) : null, one, () -> "findNodeByName(" + name + ")");
            }
        }

        void update() {
            scene.updateAllTransforms();
            int again = scene.updateAllTransforms();
            expect(again == 0, () -> "a second transform update with nothing changed recomputed " + again);
            scene.updateAllBounds();
            worldStamp++;
            for (MNode m : nodes) {
                compare(expectedWorld(m), m.real.getWorldMatrix(m1), () -> "world matrix of "
                        + handleText(m.handle) + " at depth " + depthOf(m));
                // The in-graph bit culling reads is recomputed by the pass; it must match reachability from root.
                boolean inGraph = scene.transforms().isInGraph(scene.transforms().slotOfId(m.real.id()));
                expect(inGraph == hangsFromRoot(m), () -> handleText(m.handle) + " in-graph bit " + inGraph
                        + " after the update, model " + hangsFromRoot(m));
                boolean shown = (scene.transforms().flags()[scene.transforms().slotOfId(m.real.id())]
                        & TransformStore.SHOWN) != 0;
                expect(shown == shownFromRoot(m), () -> handleText(m.handle) + " shown bit " + shown
                        + " after the update, model " + shownFromRoot(m));
            }
            Vector3f center = new Vector3f();
            Vector3f half = new Vector3f();
            for (MObj o : objects) {
                if (o.kind != ObjKind.ITEM || o.node == null) {
                    continue;
                }
                Matrix4f w = expectedWorld(o.node);
                Aabb l = o.local;
                Vector3f expectedCenter = w.transformPosition(new Vector3f(l.centerX(), l.centerY(), l.centerZ()));
                Vector3f expectedHalf = new Vector3f(
                        Math.abs(w.m00()) * l.halfX() + Math.abs(w.m10()) * l.halfY() + Math.abs(w.m20()) * l.halfZ(),
                        Math.abs(w.m01()) * l.halfX() + Math.abs(w.m11()) * l.halfY() + Math.abs(w.m21()) * l.halfZ(),
                        Math.abs(w.m02()) * l.halfX() + Math.abs(w.m12()) * l.halfY() + Math.abs(w.m22()) * l.halfZ());
                Item item = (Item) o.real;
                compare(expectedCenter, storedWorldCenter(item, center), () -> "world center of item "
                        + handleText(o.handle) + " on node " + handleText(o.node.handle));
                compare(expectedHalf, storedWorldHalfExtents(item, half), () -> "world half extents of item "
                        + handleText(o.handle) + " on node " + handleText(o.node.handle));
            }
        }

        boolean shownFromRoot(MNode m) {
            for (MNode at = m; at != null; at = at.parent) {
                if (!at.visible) {
                    return false;
                }
            }
            return hangsFromRoot(m);
        }

        boolean hangsFromRoot(MNode m) {
            MNode top = m;
            while (top.parent != null) {
                top = top.parent;
            }
            return top == root;
        }

        /** The plain JOML chain: parent world times T · R · S; a node without a parent is its own world. */
        Matrix4f expectedWorld(MNode m) {
            if (m.worldStamp == worldStamp) {
                return m.world;
            }
            m.world.translationRotateScale(m.position[0], m.position[1], m.position[2], m.orientation[0],
                    m.orientation[1], m.orientation[2], m.orientation[3], m.scale[0], m.scale[1], m.scale[2]);
            if (m.parent != null) {
                expectedWorld(m.parent).mul(m.world, m.world);
            }
            m.worldStamp = worldStamp;
            return m.world;
        }

        void useDeadNode(int a, int b, int c) {
            if (deadNodes.isEmpty()) {
                return;
            }
            MNode d = deadNodes.get(a % deadNodes.size());
            MNode live = pickNode(b);
            note = "dead " + handleText(d.handle) + " variant " + c % 12;
            Runnable call = switch (c % 12) {
                case 0 -> () -> d.real.setPosition(1f, 2f, 3f);
                case 1 -> () -> d.real.createChild("x");
                case 2 -> () -> d.real.reparent(live.real);
                case 3 -> () -> live.real.reparent(d.real);
                case 4 -> () -> scene.destroySceneNode(d.real);
                case 5 -> () -> scene.destroyLater(d.real);
                case 6 -> () -> live.real.addChild(d.real);
                case 7 -> () -> lists[b % LISTS].add(d.real);
                case 8 -> () -> d.real.setOrientation(0f, 0f, 0f, 1f);
                case 9 -> () -> d.real.parent();
                case 10 -> () -> scene.destroySceneNode(d.real, DestroyMode.REATTACH_CHILDREN_TO_ROOT);
                default -> {
                    if (objects.isEmpty()) {
                        yield () -> d.real.setScale(2f, 2f, 2f);
                    }
                    MovableObject o = objects.get(b % objects.size()).real;
                    yield () -> d.real.attachObject(o);
                }
            };
            rejects(IllegalStateException.class, call, d, "destroyed");
        }

        void useDeadObject(int a, int b, int c) {
            if (deadObjects.isEmpty()) {
                return;
            }
            MObj o = deadObjects.get(a % deadObjects.size());
            MNode live = pickNode(b);
            note = "dead " + o.kind + " " + handleText(o.handle) + " variant " + c % 5;
            Runnable call = switch (c % 5) {
                case 0 -> () -> live.real.attachObject(o.real);
                case 1 -> () -> live.real.detachObject(o.real);
                case 2 -> () -> o.real.detachFromParent();
                case 3 -> () -> o.real.parentNode();
                default -> switch (o.kind) {
                    case ITEM -> () -> scene.destroyItem((Item) o.real);
                    case LIGHT -> () -> scene.destroyLight((Light) o.real);
                    case CAMERA -> () -> scene.destroyCamera((Camera) o.real);
                };
            };
            rejects(IllegalStateException.class, call, o, "destroyed");
        }

        void badRoot(int b, int variant) {
            MNode other = pickNode(b);
            note = "root variant " + variant % 5;
            Runnable call = switch (variant % 5) {
                case 0 -> () -> scene.destroySceneNode(root.real);
                case 1 -> () -> scene.destroySceneNode(root.real, DestroyMode.REATTACH_CHILDREN_TO_ROOT);
                case 2 -> () -> scene.destroyLater(root.real);
                case 3 -> () -> root.real.reparent(other.real);
                default -> () -> other.real.addChild(root.real);
            };
            rejects(IllegalArgumentException.class, call, root, "root");
        }

        // ---- expectations ----

        void rejects(Class<? extends RuntimeException> type, Runnable call, Object culprit, String... fragments) {
            RuntimeException thrown = thrownBy(call);
            rejections++;
            expect(thrown != null && thrown.getClass() == type, () -> "expected " + type.getSimpleName() + ", got "
                    + (thrown == null ? "no exception" : thrown.toString()));
            String message = String.valueOf(thrown.getMessage());
            if (culprit instanceof MNode m) {
                expect(message.contains(handleText(m.handle)) && message.contains(m.name), () -> "message '"
                        + message + "' does not name node " + handleText(m.handle) + " '" + m.name + "'");
            } else if (culprit instanceof MObj o) {
                expect(message.contains(handleText(o.handle)) && message.contains(o.name), () -> "message '"
                        + message + "' does not name " + o.kind + " " + handleText(o.handle) + " '" + o.name + "'");
            }
            for (String fragment : fragments) {
                expect(message.contains(fragment), () -> "message '" + message + "' lacks '" + fragment + "'");
            }
        }

        void rejects(Class<? extends RuntimeException> type, Runnable call) {
            rejects(type, call, null);
        }

        void rejectsCapacity(Runnable call, String key) {
            RuntimeException thrown = thrownBy(call);
            expect(thrown instanceof CapacityExceededException, () -> "expected CapacityExceededException for "
                    + key + ", got " + (thrown == null ? "no exception" : thrown.toString()));
            CapacityExceededException e = (CapacityExceededException) thrown;
            expect(key.equals(e.capacityName()) && e.getMessage().contains(key), () -> "capacity exception '"
                    + e.getMessage() + "' does not name " + key);
        }

        static RuntimeException thrownBy(Runnable call) {
            try {
                call.run();
                return null;
            } catch (RuntimeException e) {
                return e;
            }
        }

        static void expect(boolean condition, Supplier<String> message) {
            if (!condition) {
                throw new AssertionError(message.get());
            }
        }

        static void expectSame(Object expected, Object actual, Supplier<String> what) {
            if (expected != actual) {
                throw new AssertionError(what.get() + ": expected " + expected + " but was " + actual);
            }
        }

        static void compare(Matrix4f expected, Matrix4f actual, Supplier<String> what) {
            float magnitude = 1f;
            for (int col = 0; col < 4; col++) {
                for (int row = 0; row < 4; row++) {
                    magnitude = Math.max(magnitude, Math.abs(expected.get(col, row)));
                }
            }
            float tolerance = 1e-4f * magnitude;
            for (int col = 0; col < 4; col++) {
                for (int row = 0; row < 4; row++) {
                    if (!(Math.abs(expected.get(col, row) - actual.get(col, row)) <= tolerance)) {
                        throw new AssertionError(what.get() + ": expected\n" + expected + "but was\n" + actual);
                    }
                }
            }
        }

        static void compare(Vector3f expected, Vector3f actual, Supplier<String> what) {
            float tolerance = 1e-4f * Math.max(1f, Math.max(Math.abs(expected.x),
                    Math.max(Math.abs(expected.y), Math.abs(expected.z))));
            if (!(Math.abs(expected.x - actual.x) <= tolerance && Math.abs(expected.y - actual.y) <= tolerance
                    && Math.abs(expected.z - actual.z) <= tolerance)) {
                throw new AssertionError(what.get() + ": expected " + expected + " but was " + actual);
            }
        }

        // ---- the comparison after every operation ----

        void check() {
            scene.validate();
            expect(scene.nodeCount() == nodes.size(), () -> "scene has " + scene.nodeCount() + " nodes, model "
                    + nodes.size());
            for (MNode m : nodes) {
                checkNode(m);
            }
            checkObjects();
            checkLists();
            expect(scene.pendingDestructionCount() == pending.size(), () -> "pending destruction count "
                    + scene.pendingDestructionCount() + ", model " + pending.size());
            for (MNode d : newlyDead) {
                checkDead(d);
                expect(thrownBy(d.real::parent) instanceof IllegalStateException,
                        () -> "parent() of destroyed " + handleText(d.handle) + " did not throw");
            }
            newlyDead.clear();
            for (MObj o : newlyDeadObjects) {
                checkDead(o);
            }
            newlyDeadObjects.clear();
            if (step - lastDeadSweep >= ALL_DEAD_CHECK_EVERY) {
                lastDeadSweep = step;
                for (MNode d : deadNodes) {
                    checkDead(d);
                }
                for (MObj o : deadObjects) {
                    checkDead(o);
                }
            }
        }

        void checkNode(MNode m) {
            SceneNode n = m.real;
            expect(n.isAlive(), () -> handleText(m.handle) + " is dead in the scene");
            expectSame(n, scene.findNode(m.handle).orElse(null), () -> "findNode(" + handleText(m.handle) + ")");
            expectSame(m.parent == null ? null : m.parent.real, n.parent(),
                    () -> "parent of " + handleText(m.handle));
            int childCount = n.childCount();
            expect(childCount == m.children.size(), () -> handleText(m.handle) + " has " + childCount
                    + " children, model " + m.children.size());
            int childStamp = ++stamp;
            for (int i = 0; i < childCount; i++) {
                SceneNode child = n.child(i);
                MNode cm = nodeModel.get(child);
                expect(cm != null && cm.parent == m && cm.stamp != childStamp, () -> handleText(m.handle)
                        + " lists child " + child + " which the model does not place under it (or twice)");
                cm.stamp = childStamp;
            }
            int depth = n.depth();
            expect(depth == depthOf(m), () -> handleText(m.handle) + " has depth " + depth + ", model "
                    + depthOf(m));
            expect(n.isStatic() == m.isStatic, () -> handleText(m.handle) + " static " + n.isStatic() + ", model "
                    + m.isStatic);
            int attachedCount = n.attachedObjectCount();
            expect(attachedCount == m.attached.size(), () -> handleText(m.handle) + " has " + attachedCount
                    + " attached objects, model " + m.attached.size());
            int objectStamp = ++stamp;
            for (int i = 0; i < attachedCount; i++) {
                MovableObject object = n.attachedObject(i);
                MObj om = objectModel.get(object);
                expect(om != null && om.node == m && om.stamp != objectStamp, () -> handleText(m.handle)
                        + " lists attached " + object + " which the model does not attach to it (or twice)");
                om.stamp = objectStamp;
            }
            n.getPosition(v1);
            expect(v1.x == m.position[0] && v1.y == m.position[1] && v1.z == m.position[2]
                    || close(v1, m.position), () -> "position of " + handleText(m.handle) + " is " + v1
                    + ", model " + java.util.Arrays.toString(m.position));
            n.getOrientation(q1);
            expect(Math.abs(q1.x - m.orientation[0]) <= 1e-6f && Math.abs(q1.y - m.orientation[1]) <= 1e-6f
                    && Math.abs(q1.z - m.orientation[2]) <= 1e-6f && Math.abs(q1.w - m.orientation[3]) <= 1e-6f,
                    () -> "orientation of " + handleText(m.handle) + " is " + q1 + ", model "
                            + java.util.Arrays.toString(m.orientation));
            n.getScale(v1);
            expect(v1.x == m.scale[0] && v1.y == m.scale[1] && v1.z == m.scale[2], () -> "scale of "
                    + handleText(m.handle) + " is " + v1 + ", model " + java.util.Arrays.toString(m.scale));
            expect(n.tag() == m.tag, () -> "tag of " + handleText(m.handle) + " is " + n.tag() + ", model " + m.tag);
            expectSame(m.userData, n.userData(), () -> "user data of " + handleText(m.handle));
            expect(n.isVisible() == m.visible, () -> handleText(m.handle) + " visible " + n.isVisible() + ", model "
                    + m.visible);
        }

        static boolean close(Vector3f actual, float[] expected) {
            float tolerance = 1e-4f * Math.max(1f, Math.max(Math.abs(expected[0]),
                    Math.max(Math.abs(expected[1]), Math.abs(expected[2]))));
            return Math.abs(actual.x - expected[0]) <= tolerance && Math.abs(actual.y - expected[1]) <= tolerance
                    && Math.abs(actual.z - expected[2]) <= tolerance;
        }

        void checkObjects() {
            expect(scene.itemCount() == liveObjects[ObjKind.ITEM.ordinal()]
                    && scene.lightCount() == liveObjects[ObjKind.LIGHT.ordinal()]
                    && scene.cameraCount() == liveObjects[ObjKind.CAMERA.ordinal()], () -> "object counts "
                    + scene.itemCount() + "/" + scene.lightCount() + "/" + scene.cameraCount() + ", model "
                    + java.util.Arrays.toString(liveObjects));
            for (MObj o : objects) {
                expect(o.real.isAlive(), () -> o.kind + " " + handleText(o.handle) + " is dead in the scene");
                expectSame(o.node == null ? null : o.node.real, o.real.parentNode(), () -> "node of " + o.kind + " "
                        + handleText(o.handle));
                expectSame(o.real, find(o), () -> "find(" + o.kind + " " + handleText(o.handle) + ")");
                expect(o.real.tag() == o.tag, () -> "tag of " + o.kind + " " + handleText(o.handle) + " is "
                        + o.real.tag() + ", model " + o.tag);
                expectSame(o.userData, o.real.userData(), () -> "user data of " + o.kind + " " + handleText(o.handle));
            }
        }

        MovableObject find(MObj o) {
            return switch (o.kind) {
                case ITEM -> scene.findItem(o.handle).orElse(null);
                case LIGHT -> scene.findLight(o.handle).orElse(null);
                case CAMERA -> scene.findCamera(o.handle).orElse(null);
            };
        }

        void checkLists() {
            for (int l = 0; l < LISTS; l++) {
                NodeList list = lists[l];
                LinkedHashSet<MNode> members = listModel.get(l);
                int index = l;
                expect(list.size() == members.size() && list.isEmpty() == members.isEmpty(), () -> "list " + index
                        + " has " + list.size() + " nodes, model " + members.size());
                SceneNode at = list.first();
                for (MNode m : members) {
                    SceneNode actual = at;
                    expectSame(m.real, actual, () -> "list " + index + " member");
                    at = list.next(at);
                }
                expectSame(null, at, () -> "end of list " + index);
            }
        }

        void checkDead(MNode d) {
            expect(!d.real.isAlive(), () -> "destroyed " + handleText(d.handle) + " is alive");
            expect(scene.findNode(d.handle).isEmpty(), () -> "stale handle " + handleText(d.handle) + " found "
                    + scene.findNode(d.handle));
        }

        void checkDead(MObj o) {
            expect(!o.real.isAlive(), () -> "destroyed " + o.kind + " " + handleText(o.handle) + " is alive");
            expect(find(o) == null, () -> "stale handle " + handleText(o.handle) + " found " + find(o));
        }
    }
}
