package io.flatscene.benchmarks.container;

import io.flatscene.core.container.GrowthPolicy;
import io.flatscene.core.container.Index;
import io.flatscene.core.container.IntrusiveListPool;
import java.util.Arrays;
import java.util.LinkedList;
import java.util.ListIterator;
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
 * {@link IntrusiveListPool} (doubly linked lists of int elements stored in flat {@code int[]} link arrays) against
 * {@link LinkedList}, the java.util structure with the same O(1) unlink, in three workloads:
 * <ul>
 *   <li><b>iterate</b> ({@code iteratePool}, {@code iterateLinkedList}): sum the elements of one list of
 *       {@value #ITERATION_SIZE} elements. {@code order = shuffled} links the elements in a random order (fixed seed),
 *       since a real list's order is not the elements' memory order, so the pool's {@code next} lookups jump around its
 *       link arrays; {@code order = memory} links them in element order, the pool's best case. The
 *       {@code LinkedList<Integer>} holds the same {@code Integer}s (allocated in element order) in the same list
 *       order; its nodes are allocated in list order, so in the shuffled case its node walk is sequential but each
 *       {@code Integer} dereference jumps (though those loads are off the critical path: the next node's address
 *       does not depend on them, whereas the pool's {@code next[e]} chain is a chain of dependent loads).
 *       The pool's element is the payload summed (a user would use it to index their own arrays).</li>
 *   <li><b>churn</b> ({@code churnPool}, {@code churnLinkedList}): remove a random member (fixed seed) and push it
 *       back, {@value #OPS} times per invocation, scores per remove+push. The pool finds the member's link in O(1)
 *       from its id; {@link LinkedList#remove(Object)} must search, O(n), so these lists have only
 *       {@value #CHURN_SIZE} elements.</li>
 *   <li><b>sweep</b> ({@code sweepPool}, {@code sweepLinkedListIterator}): the fairer O(1) baseline for LinkedList,
 *       whose unlink is O(1) only through an iterator already positioned on the element: one pass over a
 *       {@value #CHURN_SIZE}-element list removes the {@value #OPS} members of a random condemned set while iterating
 *       ({@code ListIterator.remove()} vs the pool's {@code remove} returning the next element, Allen Chou's erase
 *       returning the next position), then appends them again. Scores are per removal and include the walk over
 *       {@value #CHURN_SIZE}/{@value #OPS} elements per removal.</li>
 * </ul>
 * Iteration scores are per whole list (microseconds); churn and sweep scores are per operation (nanoseconds). Each
 * setup ends with a full GC so that the {@code LinkedList}'s nodes and {@code Integer}s keep their allocation order
 * (G1's full collection slides objects; a young collection would copy them in traversal order, by chance).
 *
 * <p>Article: Allen Chou's "Intrusively Linked Lists with Safe Link Destruction" (see docs/references.md): O(1) unlink
 * of a known element and erase returning the next position.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {"-Xms2g", "-Xmx2g"})
public class IntrusiveListBenchmark {
    static final int ITERATION_SIZE = 1_000_000;
    static final int CHURN_SIZE = 10_000;
    static final int OPS = 1000;
    static final int BATCHES = 64;
    private static final long SEED = 0x5EED_0001L;

    @State(Scope.Benchmark)
    public static class IterationState {
        @Param({"shuffled", "memory"})
        public String order;

        IntrusiveListPool pool;
        int list;
        LinkedList<Integer> linkedList;

        @Setup(Level.Trial)
        public void setUp() {
            int[] sequence;
            if (order.equals("shuffled")) {
                sequence = Fixtures.shuffledIndices(ITERATION_SIZE, new SplittableRandom(SEED));
            } else if (order.equals("memory")) {
                sequence = new int[ITERATION_SIZE];
                for (int i = 0; i < ITERATION_SIZE; i++) {
                    sequence[i] = i;
                }
            } else {
                throw new IllegalArgumentException("order must be shuffled or memory, not " + order);
            }
            Integer[] boxed = new Integer[ITERATION_SIZE];
            for (int i = 0; i < ITERATION_SIZE; i++) {
                boxed[i] = i;
            }
            pool = new IntrusiveListPool("bench", ITERATION_SIZE, 1, GrowthPolicy.FAIL);
            list = pool.newList(0);
            linkedList = new LinkedList<>();
            for (int element : sequence) {
                pool.pushBack(list, element);
                linkedList.add(boxed[element]);
            }
            Fixtures.settleHeap();
        }
    }

    @State(Scope.Benchmark)
    public static class ChurnState {
        IntrusiveListPool pool;
        int list;
        LinkedList<Integer> linkedList;
        Integer[] boxed;
        /** Random members for churn (repeats allowed: each is pushed back before the next is drawn). */
        int[][] churnBatches;
        /** Distinct members condemned by one sweep, and the same set as a mask indexed by element. */
        int[][] sweepBatches;
        boolean[][] sweepMasks;
        int nextChurn;
        int nextSweep;

        @Setup(Level.Trial)
        public void setUp() {
            SplittableRandom random = new SplittableRandom(SEED);
            boxed = new Integer[CHURN_SIZE];
            pool = new IntrusiveListPool("bench", CHURN_SIZE, 1, GrowthPolicy.FAIL);
            list = pool.newList(0);
            linkedList = new LinkedList<>();
            for (int element : Fixtures.shuffledIndices(CHURN_SIZE, random)) {
                boxed[element] = element;
                pool.pushBack(list, element);
                linkedList.add(boxed[element]);
            }
            churnBatches = new int[BATCHES][OPS];
            for (int[] batch : churnBatches) {
                for (int k = 0; k < OPS; k++) {
                    batch[k] = random.nextInt(CHURN_SIZE);
                }
            }
            sweepBatches = new int[BATCHES][];
            sweepMasks = new boolean[BATCHES][CHURN_SIZE];
            for (int b = 0; b < BATCHES; b++) {
                int[] condemned = Fixtures.shuffledIndices(CHURN_SIZE, random);
                sweepBatches[b] = Arrays.copyOf(condemned, OPS);
                for (int element : sweepBatches[b]) {
                    sweepMasks[b][element] = true;
                }
            }
            Fixtures.settleHeap();
        }

        int[] churnVictims() {
            int[] batch = churnBatches[nextChurn];
            nextChurn = (nextChurn + 1) % BATCHES;
            return batch;
        }

        int sweepBatch() {
            int b = nextSweep;
            nextSweep = (nextSweep + 1) % BATCHES;
            return b;
        }

        @TearDown(Level.Trial)
        public void check() {
            pool.validate();
            if (pool.size(list) != CHURN_SIZE || linkedList.size() != CHURN_SIZE) {
                throw new IllegalStateException("list sizes drifted: " + pool.size(list) + ", " + linkedList.size());
            }
        }
    }

    @Benchmark
    public long iteratePool(IterationState s) {
        IntrusiveListPool pool = s.pool;
        int list = s.list;
        long sum = 0;
        for (int e = pool.first(list); e != Index.NONE; e = pool.next(list, e)) {
            sum += e;
        }
        return sum;
    }

    @Benchmark
    public long iterateLinkedList(IterationState s) {
        long sum = 0;
        for (Integer value : s.linkedList) {
            sum += value;
        }
        return sum;
    }

    @Benchmark
    @OperationsPerInvocation(OPS)
    @OutputTimeUnit(TimeUnit.NANOSECONDS)
    public int churnPool(ChurnState s) {
        IntrusiveListPool pool = s.pool;
        int list = s.list;
        int acc = 0;
        for (int e : s.churnVictims()) {
            acc += pool.remove(list, e);
            pool.pushBack(list, e);
        }
        return acc;
    }

    @Benchmark
    @OperationsPerInvocation(OPS)
    @OutputTimeUnit(TimeUnit.NANOSECONDS)
    public int churnLinkedList(ChurnState s) {
        LinkedList<Integer> list = s.linkedList;
        Integer[] boxed = s.boxed;
        int removed = 0;
        for (int e : s.churnVictims()) {
            Integer member = boxed[e];
            if (list.remove((Object) member)) {
                removed++;
            }
            list.add(member);
        }
        return removed;
    }

    @Benchmark
    @OperationsPerInvocation(OPS)
    @OutputTimeUnit(TimeUnit.NANOSECONDS)
    public int sweepPool(ChurnState s) {
        IntrusiveListPool pool = s.pool;
        int list = s.list;
        int b = s.sweepBatch();
        boolean[] condemned = s.sweepMasks[b];
        int removed = 0;
        for (int e = pool.first(list); e != Index.NONE; ) {
            if (condemned[e]) {
                e = pool.remove(list, e);
                removed++;
            } else {
                e = pool.next(list, e);
            }
        }
        for (int e : s.sweepBatches[b]) {
            pool.pushBack(list, e);
        }
        return removed;
    }

    @Benchmark
    @OperationsPerInvocation(OPS)
    @OutputTimeUnit(TimeUnit.NANOSECONDS)
    public int sweepLinkedListIterator(ChurnState s) {
        LinkedList<Integer> list = s.linkedList;
        int b = s.sweepBatch();
        boolean[] condemned = s.sweepMasks[b];
        int removed = 0;
        for (ListIterator<Integer> it = list.listIterator(); it.hasNext(); ) {
            if (condemned[it.next()]) {
                it.remove();
                removed++;
            }
        }
        Integer[] boxed = s.boxed;
        for (int e : s.sweepBatches[b]) {
            list.add(boxed[e]);
        }
        return removed;
    }
}
