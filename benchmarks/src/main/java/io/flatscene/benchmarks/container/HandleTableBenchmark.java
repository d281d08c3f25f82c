package io.flatscene.benchmarks.container;

import io.flatscene.core.container.GrowthPolicy;
import io.flatscene.core.container.HandleTable;
import java.util.HashMap;
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
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Generational handles ({@link HandleTable}: entry id + version packed in a {@code long}, entries reused through a
 * dead-entry free list) against the map a Java user would reach for to turn a stable id into a storage index, a
 * {@code HashMap<Long, Integer>} keyed by ids from a counter. With {@value #LIVE} live ids:
 * <ul>
 *   <li><b>churn</b>: destroy a random live object and create a new one ({@code release}+{@code create} vs
 *       {@code remove}+{@code put} of a fresh key), scores per destroy+create;</li>
 *   <li><b>lookup</b>: resolve a random live id to its index ({@code indexOf} vs {@code get}), scores per lookup.</li>
 * </ul>
 * Ids are held as primitive {@code long}s in both cases, so the map's cost includes boxing the key (which escape
 * analysis may or may not remove) and the boxed {@code Integer} index; that is the cost a user of the map pays.
 * Random positions come from pre-drawn batches (fixed seed), {@value #OPS} operations per invocation.
 *
 * <p>Articles (see docs/references.md): PathEngine's "Vector Hosted Lists" (the dead-entry vector, which hosts the
 * entries and their free list) and Ogre 2.0's O(1) insertion and removal (whose swap-and-pop moves objects, hence the
 * id to index table).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {"-Xms2g", "-Xmx2g"})
public class HandleTableBenchmark {
    static final int LIVE = 100_000;
    static final int OPS = 1000;
    static final int BATCHES = 64;
    private static final long SEED = 0x5EED_0004L;

    private HandleTable table;
    private long[] handles;
    private HashMap<Long, Integer> map;
    private long[] keys;
    private long nextKey;
    private int[][] positionBatches;
    private int nextBatch;

    @Setup(Level.Trial)
    public void setUp() {
        table = new HandleTable("bench", LIVE, GrowthPolicy.FAIL);
        handles = new long[LIVE];
        map = new HashMap<>(2 * LIVE);
        keys = new long[LIVE];
        for (int index = 0; index < LIVE; index++) {
            handles[index] = table.create(index);
            keys[index] = nextKey++;
            map.put(keys[index], index);
        }
        SplittableRandom random = new SplittableRandom(SEED);
        positionBatches = new int[BATCHES][OPS];
        for (int[] batch : positionBatches) {
            for (int k = 0; k < OPS; k++) {
                batch[k] = random.nextInt(LIVE);
            }
        }
        Fixtures.settleHeap();
    }

    private int[] positions() {
        int[] batch = positionBatches[nextBatch];
        nextBatch = (nextBatch + 1) % BATCHES;
        return batch;
    }

    @TearDown(Level.Trial)
    public void check() {
        table.validate();
        if (table.size() != LIVE || map.size() != LIVE) {
            throw new IllegalStateException("live counts drifted: " + table.size() + ", " + map.size());
        }
        for (int index = 0; index < LIVE; index++) {
            if (table.indexOf(handles[index]) != index || map.get(keys[index]) != index) {
                throw new IllegalStateException("id " + index + " no longer resolves to its index");
            }
        }
    }

    @Benchmark
    @OperationsPerInvocation(OPS)
    public long churnHandleTable() {
        HandleTable t = table;
        long[] h = handles;
        long acc = 0;
        for (int index : positions()) {
            t.release(h[index]);
            h[index] = t.create(index);
            acc += h[index];
        }
        return acc;
    }

    @Benchmark
    @OperationsPerInvocation(OPS)
    public long churnHashMap() {
        HashMap<Long, Integer> m = map;
        long[] k = keys;
        long acc = 0;
        for (int index : positions()) {
            m.remove(k[index]);
            long key = nextKey++;
            k[index] = key;
            m.put(key, index);
            acc += key;
        }
        return acc;
    }

    @Benchmark
    @OperationsPerInvocation(OPS)
    public long lookupHandleTable() {
        HandleTable t = table;
        long[] h = handles;
        long sum = 0;
        for (int index : positions()) {
            sum += t.indexOf(h[index]);
        }
        return sum;
    }

    @Benchmark
    @OperationsPerInvocation(OPS)
    public long lookupHashMap() {
        HashMap<Long, Integer> m = map;
        long[] k = keys;
        long sum = 0;
        for (int index : positions()) {
            sum += m.get(k[index]);
        }
        return sum;
    }
}
