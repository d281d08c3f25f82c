package io.flatscene.benchmarks.container;

import io.flatscene.core.container.FloatColumn;
import io.flatscene.core.container.GrowthPolicy;
import io.flatscene.core.container.IdComparator;
import io.flatscene.core.container.IntColumn;
import io.flatscene.core.container.LongColumn;
import io.flatscene.core.container.ObjectColumn;
import io.flatscene.core.container.SparseSet;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
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
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Sorting a {@link SparseSet} of {@value #N} ids by a float key column with EnTT's three strategies,
 * {@link SparseSet#sortInPlace} (every swap of the sort also swaps the sparse entries and every column),
 * {@link SparseSet#sortByPermutation} (sort an index array, then apply it by cycles) and {@link SparseSet#sort} (the
 * mixed one: sort the ids alone, then move the columns by walking the sparse array), against what a Java user would
 * write instead: an {@code ArrayList<Integer>} of boxed ids sorted with a {@link Comparator} reading a
 * {@code float[]} key indexed by id ({@code ArrayList.sort}, i.e. {@code Arrays.sort(Integer[], Comparator)}, a
 * TimSort), and, as the floor with no comparator at all, {@link Arrays#sort(int[])} of the primitive ids. Beside them
 * the sorts with no comparator: {@link SparseSet#sortBy(FloatColumn)} (a radix sort of (key, position) pairs, then
 * every column gathered once) and {@link SparseSet#sortAs} into the key order held by another set (EnTT's
 * {@code sort_as}).
 *
 * <p>Article: EnTT's sparse-set sorting (see docs/references.md): sorting a sparse set that has several dense arrays;
 * in-place vs permutation vs mixed, whose relative costs depend on the number of arrays to carry along.
 *
 * <p>The ids {@code 0..N-1} are added in a shuffled order (fixed seed) and every id has a random float key (fixed
 * seed). {@code extraColumns = 3} gives the set the key column plus an int, a long and an object column, as an EnTT
 * pool with several component arrays; {@code extraColumns = 0} has the key column only. The set comparator is the
 * one the API asks for, {@code key.get(set.indexOf(id))} on both ids. Before every invocation the set (or the
 * baseline's list/array) is put back in the same shuffled state in a {@code Level.Invocation} setup, which is not
 * timed; one sort of a million ids takes tens to hundreds of milliseconds, far above the fixture's overhead. The
 * trial teardown checks that the last sort left the set ordered with every column still matching its id, and that
 * the restore brings back the shuffled state exactly.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {"-Xms2g", "-Xmx2g"})
public class SparseSetSortBenchmark {
    static final int N = 1_000_000;
    private static final long SEED = 0x5EED_0002L;

    /** The ids {@code 0..N-1} in the shuffled order every sort starts from. */
    static int[] shuffledIds() {
        return Fixtures.shuffledIndices(N, new SplittableRandom(SEED));
    }

    /** The sort key of each id, indexed by id. */
    static float[] keysById() {
        SplittableRandom random = new SplittableRandom(SEED ^ 0xF10A7L);
        float[] keys = new float[N];
        for (int i = 0; i < N; i++) {
            keys[i] = (float) random.nextDouble();
        }
        return keys;
    }

    @State(Scope.Benchmark)
    public static class SetState {
        @Param({"3", "0"})
        public int extraColumns;

        SparseSet set;
        FloatColumn key;
        IntColumn ints;
        LongColumn longs;
        ObjectColumn<Object> objects;
        IdComparator byKey;
        /**
         * The same ids in the shuffled order, no columns: {@code set.sortAs(shuffledOrder)} restores the start state.
         */
        SparseSet shuffledOrder;
        /** The same ids in key order, no columns: what {@code sortAs} arranges the set by. */
        SparseSet keyOrder;
        int[] shuffled;
        float[] keys;
        Object[] payload;

        @Setup(Level.Trial)
        public void setUp() {
            if (extraColumns != 0 && extraColumns != 3) {
                throw new IllegalArgumentException("extraColumns must be 0 or 3, not " + extraColumns);
            }
            shuffled = shuffledIds();
            keys = keysById();
            set = new SparseSet("bench", N, GrowthPolicy.FAIL);
            shuffledOrder = new SparseSet("bench-order", N, GrowthPolicy.FAIL);
            key = set.addFloatColumn();
            if (extraColumns == 3) {
                ints = set.addIntColumn();
                longs = set.addLongColumn();
                objects = set.addObjectColumn();
                payload = new Object[N];
                for (int id = 0; id < N; id++) {
                    payload[id] = new Object();
                }
            }
            for (int id : shuffled) {
                int position = set.add(id);
                shuffledOrder.add(id);
                key.set(position, keys[id]);
                if (extraColumns == 3) {
                    ints.set(position, id);
                    longs.set(position, id * 31L);
                    objects.set(position, payload[id]);
                }
            }
            Integer[] byKeyIds = new Integer[N];
            for (int id = 0; id < N; id++) {
                byKeyIds[id] = id;
            }
            float[] k0 = keys;
            Arrays.sort(byKeyIds, (a, b) -> Float.compare(k0[a], k0[b]));
            keyOrder = new SparseSet("bench-key-order", N, GrowthPolicy.FAIL);
            for (Integer id : byKeyIds) {
                keyOrder.add(id);
            }
            SparseSet s = set;
            FloatColumn k = key;
            byKey = (a, b) -> Float.compare(k.get(s.indexOf(a)), k.get(s.indexOf(b)));
            Fixtures.settleHeap();
        }

        @Setup(Level.Invocation)
        public void restore() {
            set.sortAs(shuffledOrder);
        }

        @TearDown(Level.Trial)
        public void check() {
            set.validate();
            for (int p = 1; p < N; p++) {
                if (key.get(p - 1) > key.get(p)) {
                    throw new IllegalStateException("not sorted at position " + p);
                }
            }
            checkColumns();
            restore();
            for (int p = 0; p < N; p++) {
                if (set.idAt(p) != shuffled[p]) {
                    throw new IllegalStateException("restore did not bring back the shuffled order at " + p);
                }
            }
            checkColumns();
        }

        private void checkColumns() {
            for (int p = 0; p < N; p++) {
                int id = set.idAt(p);
                boolean ok = key.get(p) == keys[id];
                if (extraColumns == 3) {
                    ok &= ints.get(p) == id && longs.get(p) == id * 31L && objects.get(p) == payload[id];
                }
                if (!ok) {
                    throw new IllegalStateException("columns at position " + p + " do not belong to id " + id);
                }
            }
        }
    }

    @State(Scope.Benchmark)
    public static class BoxedState {
        ArrayList<Integer> list;
        Integer[] shuffled;
        Comparator<Integer> byKey;

        @Setup(Level.Trial)
        public void setUp() {
            int[] ids = shuffledIds();
            float[] keys = keysById();
            Integer[] boxedById = new Integer[N];
            for (int id = 0; id < N; id++) {
                boxedById[id] = id;
            }
            shuffled = new Integer[N];
            for (int p = 0; p < N; p++) {
                shuffled[p] = boxedById[ids[p]];
            }
            list = new ArrayList<>(Arrays.asList(shuffled));
            byKey = (a, b) -> Float.compare(keys[a], keys[b]);
            Fixtures.settleHeap();
        }

        @Setup(Level.Invocation)
        public void restore() {
            ArrayList<Integer> l = list;
            Integer[] from = shuffled;
            for (int p = 0; p < N; p++) {
                l.set(p, from[p]);
            }
        }

        @TearDown(Level.Trial)
        public void check() {
            for (int p = 1; p < N; p++) {
                if (byKey.compare(list.get(p - 1), list.get(p)) > 0) {
                    throw new IllegalStateException("not sorted at position " + p);
                }
            }
        }
    }

    @State(Scope.Benchmark)
    public static class PrimitiveState {
        int[] ids;
        int[] shuffled;

        @Setup(Level.Trial)
        public void setUp() {
            shuffled = shuffledIds();
            ids = new int[N];
        }

        @Setup(Level.Invocation)
        public void restore() {
            System.arraycopy(shuffled, 0, ids, 0, N);
        }
    }

    @Benchmark
    public int sortInPlace(SetState s) {
        s.set.sortInPlace(s.byKey);
        return s.set.idAt(0);
    }

    @Benchmark
    public int sortByPermutation(SetState s) {
        s.set.sortByPermutation(s.byKey);
        return s.set.idAt(0);
    }

    @Benchmark
    public int sortMixed(SetState s) {
        s.set.sort(s.byKey);
        return s.set.idAt(0);
    }

    @Benchmark
    public int sortByKey(SetState s) {
        s.set.sortBy(s.key);
        return s.set.idAt(0);
    }

    @Benchmark
    public int sortAs(SetState s) {
        s.set.sortAs(s.keyOrder);
        return s.set.idAt(0);
    }

    @Benchmark
    public Integer boxedArrayListSort(BoxedState s) {
        s.list.sort(s.byKey);
        return s.list.get(0);
    }

    @Benchmark
    public int primitiveIntArraySort(PrimitiveState s) {
        Arrays.sort(s.ids);
        return s.ids[0];
    }
}
