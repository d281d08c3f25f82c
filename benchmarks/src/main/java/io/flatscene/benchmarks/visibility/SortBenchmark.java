package io.flatscene.benchmarks.visibility;

import io.flatscene.core.container.GrowthPolicy;
import io.flatscene.core.container.LongColumn;
import io.flatscene.core.container.LongRadixSort;
import io.flatscene.core.container.SparseSet;
import java.util.Arrays;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The render-queue sort at 1M entries: 64-bit keys shaped like the queue's (a few groups, opaque and transparent,
 * 256 materials, 1,024 meshes, random depth), each carrying an item index. The radix sort the queue uses against
 * the foundation's sparse-set sorts (mixed and permutation, by a key column) and a boxed-comparator sort, with
 * {@code Arrays.sort} of the bare keys as the floor. Every method starts from the same shuffled input.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(value = 1, jvmArgsAppend = {"-Xms4g", "-Xmx4g"})
public class SortBenchmark {
    private static final int N = 1_000_000;

    private final long[] original = new long[N];
    private final long[] keys = new long[N];
    private final int[] values = new int[N];
    private final LongRadixSort radix = new LongRadixSort();
    private SparseSet set;
    private LongColumn setKeys;
    private SparseSet template;
    private Integer[] boxed;

    @Setup(Level.Trial)
    public void setUp() {
        SplittableRandom random = new SplittableRandom(5);
        for (int i = 0; i < N; i++) {
            long group = random.nextInt(4) * 10L;
            boolean transparent = random.nextInt(10) == 0;
            long body = transparent
                    ? (random.nextLong(1L << 23) << 32) | random.nextInt(256)
                    : ((long) random.nextInt(256) << 39) | ((long) random.nextInt(1024) << 23)
                      | random.nextLong(1L << 23);
            original[i] = (group << 56) | (transparent ? 1L << 55 : 0L) | body;
        }
        set = new SparseSet("queue", N, GrowthPolicy.FAIL);
        setKeys = set.addLongColumn();
        template = new SparseSet("order", N, GrowthPolicy.FAIL);
        for (int i = 0; i < N; i++) {
            setKeys.set(set.add(i), original[i]);
            template.add(i);
        }
        boxed = new Integer[N];
    }

    @Setup(Level.Invocation)
    public void restore() {
        System.arraycopy(original, 0, keys, 0, N);
        for (int i = 0; i < N; i++) {
            values[i] = i;
            boxed[i] = i;
        }
        set.sortAs(template);
    }

    @Benchmark
    public long radix() {
        radix.sort(keys, values, N);
        return keys[N / 2] + values[N / 2];
    }

    @Benchmark
    public int sparseSetMixed() {
        set.sort((a, b) -> Long.compareUnsigned(setKeys.get(set.indexOf(a)), setKeys.get(set.indexOf(b))));
        return set.idAt(N / 2);
    }

    @Benchmark
    public int sparseSetPermutation() {
        set.sortByPermutation((a, b) -> Long.compareUnsigned(setKeys.get(set.indexOf(a)),
                setKeys.get(set.indexOf(b))));
        return set.idAt(N / 2);
    }

    @Benchmark
    public int boxedComparator() {
        Arrays.sort(boxed, (a, b) -> Long.compareUnsigned(original[a], original[b]));
        return boxed[N / 2];
    }

    @Benchmark
    public long primitiveFloor() {
        Arrays.sort(keys);
        return keys[N / 2];
    }
}
