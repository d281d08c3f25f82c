package io.flatscene.core.scene.frame;

import io.flatscene.core.parallel.WorkerPool;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The split sort gives what one stable sort of the shares packed in worker order gives, for any number of workers:
 * keys with many ties (across shares and within them), keys above the signed range, empty and lopsided shares, on
 * the workers of a pool and on one thread calling every worker's part in turn.
 */
class ShareSortTest {
    private static final int CAPACITY = 4_000;

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 3, 4, 5})
    void theMergedSharesAreTheStableSortOfThePackedShares(int workers) {
        SplittableRandom random = new SplittableRandom(workers);
        try (WorkerPool pool = new WorkerPool("share-sort-test", workers)) {
            for (int round = 0; round < 60; round++) {
                check(workers, random, pool, round % 2 == 0);
            }
        }
    }

    /** One sorter through every worker count, grown as a pipeline grows it when its pool changes. */
    @Test
    void aSorterGrownForMoreWorkersStillSortsEveryShare() {
        SplittableRandom random = new SplittableRandom(7);
        ShareSort sort = new ShareSort();
        for (int workers = 1; workers <= 4; workers++) {
            try (WorkerPool pool = new WorkerPool("share-sort-test", workers)) {
                check(sort, workers, random, pool, false);
            }
        }
    }

    private static void check(int workers, SplittableRandom random, WorkerPool pool, boolean onThePool) {
        check(new ShareSort(), workers, random, pool, onThePool);
    }

    private static void check(ShareSort sort, int workers, SplittableRandom random, WorkerPool pool,
                              boolean onThePool) {
        int[] starts = new int[workers + 1];
        int[] counts = new int[workers];
        for (int w = 1; w < workers; w++) {
            starts[w] = starts[w - 1] + random.nextInt(CAPACITY / workers + 1);
        }
        starts[workers] = CAPACITY;
        long[] keys = new long[CAPACITY];
        int[] order = new int[CAPACITY];
        // what the sort carries with each key, the visible item the cull wrote beside it: here distinct values
        int[] items = new int[CAPACITY];
        for (int i = 0; i < CAPACITY; i++) {
            items[i] = 3 * i + 1;
            order[i] = items[i];
        }
        // few distinct values for ties; some with the top bit set, which signed order would put first
        int distinct = 1 + random.nextInt(random.nextBoolean() ? 4 : 5_000);
        long[] values = new long[distinct];
        for (int v = 0; v < distinct; v++) {
            values[v] = random.nextBoolean() ? random.nextLong() : random.nextLong(1L << 33);
        }
        // a key of 0 now and then (group 0, opaque, material 0, mesh 0, depth 0): the smallest a rank can land on
        if (random.nextBoolean()) {
            values[0] = 0L;
        }
        List<long[]> packed = new ArrayList<>();
        int total = 0;
        for (int w = 0; w < workers; w++) {
            int room = starts[w + 1] - starts[w];
            counts[w] = random.nextInt(4) == 0 ? 0 : random.nextInt(room + 1);
            for (int i = starts[w]; i < starts[w] + counts[w]; i++) {
                keys[i] = values[random.nextInt(distinct)];
                packed.add(new long[] {keys[i], i});
            }
            total += counts[w];
        }
        packed.sort(Comparator.comparing((long[] entry) -> entry[0], Long::compareUnsigned));

        sort.ensureWorkers(workers);
        for (int w = 0; w < workers; w++) {
            sort.sortShare(w, keys, order, starts[w], counts[w]);
        }
        long[] outKeys = new long[CAPACITY];
        int[] outOrder = new int[CAPACITY];
        int sum = total;
        if (onThePool) {
            pool.run((worker, size) -> sort.merge(worker, size, starts, counts, sum, keys, order, outKeys, outOrder));
        } else {
            for (int w = 0; w < workers; w++) {
                sort.merge(w, workers, starts, counts, sum, keys, order, outKeys, outOrder);
            }
        }
        long[] expectedKeys = new long[total];
        int[] expectedOrder = new int[total];
        for (int i = 0; i < total; i++) {
            expectedKeys[i] = packed.get(i)[0];
            expectedOrder[i] = items[(int) packed.get(i)[1]];
        }
        assertEquals(total, packed.size());
        assertArrayEquals(expectedKeys, Arrays.copyOf(outKeys, total), "keys, " + workers + " workers");
        assertArrayEquals(expectedOrder, Arrays.copyOf(outOrder, total), "items, " + workers
                + " workers");
    }
}
