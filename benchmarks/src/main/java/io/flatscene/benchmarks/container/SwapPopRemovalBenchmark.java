package io.flatscene.benchmarks.container;

import io.flatscene.core.container.GrowthPolicy;
import io.flatscene.core.container.Index;
import io.flatscene.core.container.IndexField;
import io.flatscene.core.container.SwapPopArray;
import java.util.ArrayList;
import java.util.LinkedList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Removal of a known element from an unordered collection: {@link SwapPopArray#remove(Object)} (O(1) through the
 * element's own index field, then swap-and-pop) against what a Java user would reach for,
 * {@link ArrayList#remove(Object)} (linear search, then an arraycopy of the tail) and
 * {@link LinkedList#remove(Object)} (linear search by pointer chasing, then an O(1) unlink).
 *
 * <p>Article: Ogre 2.0's O(1) insertion and removal (see docs/references.md): O(1) swap-and-pop removal through
 * {@code mGlobalIndex}, the element recording its own position.
 *
 * <p>Each invocation removes {@value #REMOVALS} distinct elements picked at random (fixed seed) from a collection of
 * {@code n} elements and then appends them again, so the collection is back to {@code n} elements and every invocation
 * runs in the same steady state. The victims come from {@value #BATCHES} pre-drawn batches used in rotation, so no
 * random numbers are drawn inside the measured code and no {@code Level.Invocation} fixture is needed. Scores are per
 * removal ({@link OperationsPerInvocation}) and include the re-append, which is O(1) for all three structures; for the
 * two java.util lists the removal dominates. Since re-appended elements go to the end, the lists' order drifts away
 * from the initial one, which is the steady state of a real game's object list.
 *
 * <p>Elements are a small final class with an {@code int} id and the {@code int} index field the array maintains; they
 * do not override {@code equals}, so the java.util lists compare by identity, as the array does.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {"-Xms2g", "-Xmx2g"})
public class SwapPopRemovalBenchmark {
    /** Removals (and re-appends) per invocation: keeps one 100k LinkedList invocation in the hundreds of ms. */
    static final int REMOVALS = 1000;
    static final int BATCHES = 64;
    private static final long SEED = 0x5EED_0003L;

    /** A scene-object stand-in: an id and the field {@link SwapPopArray} keeps equal to its position. */
    static final class Node {
        final int id;
        int globalIndex = Index.NONE;

        Node(int id) {
            this.id = id;
        }

        @Override
        public String toString() {
            return "Node" + id;
        }
    }

    static final IndexField<Node> GLOBAL_INDEX = new IndexField<>() {
        @Override
        public int get(Node element) {
            return element.globalIndex;
        }

        @Override
        public void set(Node element, int index) {
            element.globalIndex = index;
        }
    };

    @Param({"10000", "100000"})
    public int n;

    private SwapPopArray<Node> swapPopArray;
    private ArrayList<Node> arrayList;
    private LinkedList<Node> linkedList;
    private Node[][] victimBatches;
    private int nextBatch;

    @Setup(Level.Trial)
    public void setUp() {
        Node[] nodes = new Node[n];
        swapPopArray = new SwapPopArray<>("bench", n, GrowthPolicy.FAIL, GLOBAL_INDEX);
        arrayList = new ArrayList<>(n);
        linkedList = new LinkedList<>();
        for (int i = 0; i < n; i++) {
            nodes[i] = new Node(i);
            swapPopArray.add(nodes[i]);
            arrayList.add(nodes[i]);
            linkedList.add(nodes[i]);
        }
        SplittableRandom random = new SplittableRandom(SEED);
        int[] pick = new int[n];
        for (int i = 0; i < n; i++) {
            pick[i] = i;
        }
        victimBatches = new Node[BATCHES][REMOVALS];
        for (int b = 0; b < BATCHES; b++) {
            // Partial Fisher-Yates: REMOVALS distinct elements per batch.
            for (int k = 0; k < REMOVALS; k++) {
                int j = k + random.nextInt(n - k);
                int held = pick[k];
                pick[k] = pick[j];
                pick[j] = held;
                victimBatches[b][k] = nodes[pick[k]];
            }
        }
        nextBatch = 0;
        Fixtures.settleHeap();
    }

    private Node[] victims() {
        Node[] batch = victimBatches[nextBatch];
        nextBatch = (nextBatch + 1) % BATCHES;
        return batch;
    }

    @TearDown(Level.Trial)
    public void check() {
        swapPopArray.validate();
        if (swapPopArray.size() != n || arrayList.size() != n || linkedList.size() != n) {
            throw new IllegalStateException("sizes drifted: " + swapPopArray.size() + ", " + arrayList.size() + ", "
                    + linkedList.size() + " (expected " + n + ")");
        }
    }

    @Benchmark
    @OperationsPerInvocation(REMOVALS)
    public int swapPopArray() {
        Node[] victims = victims();
        SwapPopArray<Node> array = swapPopArray;
        int acc = 0;
        for (Node victim : victims) {
            acc += array.remove(victim);
        }
        for (Node victim : victims) {
            array.add(victim);
        }
        return acc;
    }

    @Benchmark
    @OperationsPerInvocation(REMOVALS)
    public int arrayList() {
        return removeThenAppend(arrayList, victims());
    }

    @Benchmark
    @OperationsPerInvocation(REMOVALS)
    public int linkedList() {
        return removeThenAppend(linkedList, victims());
    }

    /** Each benchmark runs in a fork of its own, so sharing this loop does not mix the two lists' JIT profiles. */
    private static int removeThenAppend(List<Node> list, Node[] victims) {
        int removed = 0;
        for (Node victim : victims) {
            if (list.remove(victim)) {
                removed++;
            }
        }
        for (Node victim : victims) {
            list.add(victim);
        }
        return removed;
    }
}
