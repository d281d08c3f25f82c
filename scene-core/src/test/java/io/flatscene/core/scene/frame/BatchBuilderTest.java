package io.flatscene.core.scene.frame;

import io.flatscene.core.container.GrowthPolicy;
import io.flatscene.core.container.SparseSet;
import io.flatscene.core.parallel.WorkerPool;
import io.flatscene.core.scene.store.ItemStore;
import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The batch builder against a run-by-run oracle: each instance's item and its node's slot in draw order, and a batch
 * started at the first instance, wherever the key's batch bits change and, when some id is wider than its 16 key
 * bits, wherever the full mesh or material id changes; each batch described by its first instance. On one thread and
 * on a pool, for counts on and off the 64-instance words, on a builder reused with smaller and larger counts.
 */
class BatchBuilderTest {
    private static final int ITEMS = 200;

    private final Random random = new Random(20261124);
    private final SparseSet set = new SparseSet("items", ITEMS, GrowthPolicy.FAIL);
    private final ItemStore items = new ItemStore(set);
    private final boolean[] mirrored = new boolean[ITEMS];

    @Test
    void batchesOnOneThread() {
        fill(false);
        BatchBuilder builder = new BatchBuilder(items);
        try (WorkerPool pool = new WorkerPool("batch-test", 1)) {
            for (int visible : new int[] {64, 1, 0, 63, 65, 128, 1000, 130, 5000, 64}) {
                check(builder, visible, false, pool);
            }
        }
    }

    @Test
    void wideIdsSplitRunsThatShareTheirLowSixteenBits() {
        fill(true);
        BatchBuilder builder = new BatchBuilder(items);
        try (WorkerPool pool = new WorkerPool("batch-test", 1)) {
            for (int visible : new int[] {64, 200, 3000, 7}) {
                check(builder, visible, true, pool);
            }
        }
    }

    @Test
    void batchesOnAPoolAcrossShareBoundaries() {
        fill(false);
        BatchBuilder builder = new BatchBuilder(items);
        try (WorkerPool pool = new WorkerPool("batch-test", 3)) {
            check(builder, 70_001, false, pool);
            check(builder, 65_536, false, pool);
            check(builder, 100, false, pool);
        }
        fill(true);
        try (WorkerPool pool = new WorkerPool("batch-test", 2)) {
            check(builder, 66_000, true, pool);
        }
    }

    @Test
    void theFirstInstanceStartsABatchEvenWithAKeyOfZero() {
        fill(false);
        items.init(0, 0, 0, 0, -1, -1);
        items.transparentArray()[0] = 0;
        mirrored[0] = false;
        items.init(1, 0, 0, 0, -1, -1);
        items.transparentArray()[1] = 0;
        mirrored[1] = true;
        assertEquals(0L, SortKeys.batchBits(instance(0, 3)[0]));
        try (WorkerPool pool = new WorkerPool("batch-test", 1)) {
            check(new BatchBuilder(items), new long[][] {instance(0, 0), instance(0, 1), instance(1, 0)}, false, pool);
        }
    }

    @Test
    void aWorkerComparesItsFirstInstanceWithTheLastOfTheShareBefore() {
        fill(true);
        // items 0 and 1 differ in their batch bits; items 0 and 2 only in the mesh id above its low 16 bits
        items.init(0, 5, 7, 1, -1, -1);
        items.init(1, 6, 7, 1, -1, -1);
        items.init(2, 5 + 0x10000, 7, 1, -1, -1);
        items.init(3, 5, 7 + 0x10000, 1, -1, -1);
        for (int item = 0; item < 4; item++) {
            items.transparentArray()[item] = 0;
            mirrored[item] = false;
        }
        int visible = 65_536 + 3 * 64;
        BatchBuilder builder = new BatchBuilder(items);
        for (int workers = 2; workers <= 3; workers++) {
            int share = WorkerPool.alignedShareStart(0, visible, 1, workers, 64);
            try (WorkerPool pool = new WorkerPool("batch-test", workers)) {
                for (int next = 1; next < 4; next++) {
                    long[][] drawn = new long[visible][];
                    for (int i = 0; i < visible; i++) {
                        drawn[i] = instance(i < share ? 0 : next, 1);
                    }
                    // items 0 and 1 alone have ids that fit their key bits: only their batch bits tell them apart
                    check(builder, drawn, next != 1, pool);
                }
            }
        }
    }

    /**
     * Items with few distinct meshes, materials, groups and flags, so that runs form; with {@code wide}, some ids
     * differ only above their low 16 bits.
     */
    private void fill(boolean wide) {
        set.clear();
        for (int id = 0; id < ITEMS; id++) {
            int index = set.add(id);
            int mesh = 1 + random.nextInt(3) + (wide && random.nextBoolean() ? 0x10000 : 0);
            int material = 7 + random.nextInt(2) + (wide && random.nextBoolean() ? 0x30000 : 0);
            items.init(index, mesh, material, random.nextInt(2), -1, -1);
            items.attach(index, random.nextInt(1 << 20));
            items.transparentArray()[index] = random.nextInt(3) == 0 ? 1 : 0;
            mirrored[index] = random.nextInt(4) == 0;
        }
    }

    private void check(BatchBuilder builder, int visible, boolean wide, WorkerPool pool) {
        check(builder, drawn(visible), wide, pool);
    }

    /** Random instances in draw order: sorted by key, so equal keys (and only some equal full ids) lie together. */
    private long[][] drawn(int visible) {
        long[][] drawn = new long[visible][];
        for (int i = 0; i < visible; i++) {
            drawn[i] = instance(random.nextInt(ITEMS), random.nextInt(4));
        }
        Arrays.sort(drawn, (a, b) -> a[0] != b[0] ? Long.compare(a[0], b[0]) : Long.compare(a[1], b[1]));
        return drawn;
    }

    /** How a test has the builder turn a sorted cull's output into the queue. */
    @FunctionalInterface
    private interface Build {
        void run(BatchBuilder builder, CullScratch sorted, int visible, boolean wide, DrawList out);
    }

    /**
     * The parallel cull's way: each worker of a merge gathers its part ({@code gatherPart}) after
     * {@code begin}, one worker after another here, then {@code finish} settles the parts' first instances.
     */
    @Test
    void partsGatheredWorkerByWorkerGiveOneGather() {
        BatchBuilder builder = new BatchBuilder(items);
        for (boolean wide : new boolean[] {false, true}) {
            fill(wide);
            for (int workers = 2; workers <= 3; workers++) {
                int parts = workers;
                for (int visible : new int[] {0, 1, 2, 10, 63, 64, 65, 129, 1000}) {
                    check(builder, drawn(visible), wide, parts + " parts", (b, sorted, count, w, out) -> {
                        b.begin(sorted, count, w, out);
                        for (int part = 0; part < parts; part++) {
                            b.gatherPart(part, parts);
                        }
                        b.finish(parts);
                    });
                }
            }
        }
    }

    /** An incremental cull's way: the instances already in draw order in the queue, cut into batches where they are. */
    @Test
    void cutInPlaceKeepsTheInstancesAndCutsTheirBatches() {
        BatchBuilder builder = new BatchBuilder(items);
        for (boolean wide : new boolean[] {false, true}) {
            fill(wide);
            for (int workers = 1; workers <= 2; workers++) {
                try (WorkerPool pool = new WorkerPool("batch-test", workers)) {
                    for (int visible : new int[] {0, 1, 65, 1000, 70_001}) {
                        check(builder, drawn(visible), wide, "in place", (b, sorted, count, w, out) -> {
                            for (int i = 0; i < count; i++) {
                                out.items[i] = sorted.order[i];
                                out.slots[i] = items.nodeSlotArray()[sorted.order[i]];
                            }
                            b.cutInPlace(count, w, out, pool);
                        });
                    }
                }
            }
        }
    }

    /** An instance of {@code item} at {@code depth}: its key, its item and its node's slot. */
    private long[] instance(int item, int depth) {
        long key = SortKeys.key(items.renderQueueGroupArray()[item], items.transparentArray()[item] != 0,
                mirrored[item], items.materialIdArray()[item], items.meshIdArray()[item], depth);
        return new long[] {key, item, items.nodeSlotArray()[item]};
    }

    private void check(BatchBuilder builder, long[][] drawn, boolean wide, WorkerPool pool) {
        check(builder, drawn, wide, pool.size() + " workers", (b, sorted, count, w, out) -> b.run(sorted, count, w,
                out, pool));
    }

    /** Builds the queue of the instances {@code drawn} in draw order, and checks it against the oracle. */
    private void check(BatchBuilder builder, long[][] drawn, boolean wide, String how, Build build) {
        int visible = drawn.length;
        int[] mesh = items.meshIdArray();
        int[] material = items.materialIdArray();
        int[] group = items.renderQueueGroupArray();
        int[] transparent = items.transparentArray();
        CullScratch scratch = new CullScratch();
        scratch.ensureCapacity(visible, 1);
        DrawList out = new DrawList();
        out.ensureCapacity(visible);
        // the sorted cull's output: the keys in draw order in the queue, each key's item beside it in the scratch
        for (int i = 0; i < visible; i++) {
            out.keys[i] = drawn[i][0];
            scratch.order[i] = (int) drawn[i][1];
        }
        build.run(builder, scratch, visible, wide, out);

        int[] expectedItems = new int[visible];
        int[] expectedSlots = new int[visible];
        int[] first = new int[visible + 1];
        int batches = 0;
        for (int i = 0; i < visible; i++) {
            int item = (int) drawn[i][1];
            expectedItems[i] = item;
            expectedSlots[i] = (int) drawn[i][2];
            int previous = i == 0 ? -1 : (int) drawn[i - 1][1];
            if (i == 0 || SortKeys.batchBits(drawn[i][0]) != SortKeys.batchBits(drawn[i - 1][0])
                    || wide && (mesh[item] != mesh[previous] || material[item] != material[previous])) {
                first[batches++] = i;
            }
        }
        first[batches] = visible;
        String what = visible + " instances, wide " + wide + ", " + how;
        assertEquals(visible, out.instanceCount, what);
        assertArrayEquals(expectedItems, Arrays.copyOf(out.items, visible), what);
        assertArrayEquals(expectedSlots, Arrays.copyOf(out.slots, visible), what);
        assertEquals(batches, out.batchCount, what);
        for (int b = 0; b < batches; b++) {
            int item = expectedItems[first[b]];
            String batch = what + ", batch " + b;
            assertEquals(first[b], out.batchFirst[b], batch);
            assertEquals(first[b + 1] - first[b], out.batchInstances[b], batch);
            assertEquals(mesh[item], out.batchMesh[b], batch);
            assertEquals(material[item], out.batchMaterial[b], batch);
            assertEquals(group[item], out.batchGroup[b], batch);
            assertEquals(transparent[item] != 0, out.batchTransparent[b], batch);
            assertEquals(mirrored[item] && transparent[item] == 0, out.batchMirrored[b], batch);
        }
    }
}
