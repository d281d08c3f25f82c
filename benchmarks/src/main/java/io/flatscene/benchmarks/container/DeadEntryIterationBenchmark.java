package io.flatscene.benchmarks.container;

import io.flatscene.core.container.DeadEntryVector;
import io.flatscene.core.container.GrowthPolicy;
import java.util.ArrayList;
import java.util.LinkedList;
import java.util.SplittableRandom;
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
import org.openjdk.jmh.annotations.Warmup;

/**
 * Iterating the live entries of a {@link DeadEntryVector} (skipping dead ones with {@link DeadEntryVector#nextLive})
 * against iterating the same live values in the structures a Java user would reach for: a {@link LinkedList} of
 * {@code Integer} (O(1) removal keeps the survivors' order, as marking dead does, but every step chases a pointer) and
 * an {@link ArrayList} of {@code Integer} (contiguous references, but each value is a boxed object). A plain
 * {@code int[]} of the live values is the floor: the fastest any representation could go.
 *
 * <p>Article: PathEngine's "Vector Hosted Lists" (see docs/references.md): the "vector with dead entries", whose point
 * is that marking an entry dead keeps every other index valid, at the price of skipping dead entries while iterating.
 *
 * <p>The vector holds {@value #N} entries of which {@code deadPercent} percent are dead, chosen uniformly at random
 * with a fixed seed (so {@code nextLive}'s skip loop meets unpredictable branches, the realistic case). The three
 * baselines hold only the live values, in index order; the {@code Integer}s are allocated in that order, which is the
 * lists' best case for locality. Each benchmark returns the sum of the live values, which the setup checks is the same
 * for all four.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {"-Xms2g", "-Xmx2g"})
public class DeadEntryIterationBenchmark {
    static final int N = 1_000_000;
    private static final long SEED = 0x5EED_0000L;

    @Param({"0", "25", "50"})
    public int deadPercent;

    private DeadEntryVector vector;
    private LinkedList<Integer> linkedList;
    private ArrayList<Integer> arrayList;
    private int[] liveValues;

    @Setup(Level.Trial)
    public void setUp() {
        SplittableRandom random = new SplittableRandom(SEED);
        vector = new DeadEntryVector("bench", N, GrowthPolicy.FAIL);
        int[] values = new int[N];
        for (int i = 0; i < N; i++) {
            int index = vector.addEntry();
            values[index] = random.nextInt(1 << 20);
            vector.set(index, values[index]);
        }
        int[] order = Fixtures.shuffledIndices(N, random);
        boolean[] dead = new boolean[N];
        int deadCount = (int) ((long) N * deadPercent / 100);
        for (int k = 0; k < deadCount; k++) {
            vector.markAsDead(order[k]);
            dead[order[k]] = true;
        }
        liveValues = new int[N - deadCount];
        arrayList = new ArrayList<>(N - deadCount);
        linkedList = new LinkedList<>();
        int live = 0;
        for (int i = 0; i < N; i++) {
            if (!dead[i]) {
                Integer boxed = values[i];
                liveValues[live++] = values[i];
                arrayList.add(boxed);
                linkedList.add(boxed);
            }
        }
        long expected = intArray();
        if (deadEntryVector() != expected || linkedList() != expected || arrayList() != expected
                || vector.liveCount() != liveValues.length) {
            throw new IllegalStateException("the four structures do not hold the same live values");
        }
        Fixtures.settleHeap();
    }

    @Benchmark
    public long deadEntryVector() {
        DeadEntryVector v = vector;
        int size = v.size();
        long sum = 0;
        for (int i = v.nextLive(0); i < size; i = v.nextLive(i + 1)) {
            sum += v.get(i);
        }
        return sum;
    }

    @Benchmark
    public long linkedList() {
        long sum = 0;
        for (Integer value : linkedList) {
            sum += value;
        }
        return sum;
    }

    @Benchmark
    public long arrayList() {
        long sum = 0;
        for (Integer value : arrayList) {
            sum += value;
        }
        return sum;
    }

    @Benchmark
    public long intArray() {
        long sum = 0;
        for (int value : liveValues) {
            sum += value;
        }
        return sum;
    }
}
