package io.flatscene.core.scene.frame;

import io.flatscene.core.container.GrowthPolicy;
import io.flatscene.core.container.Index;
import io.flatscene.core.container.IndexField;
import io.flatscene.core.scene.store.ItemStore;
import io.flatscene.core.scene.store.ObjectStore;
import java.util.Random;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The spatial order over 20,000 items filled by hand, centers scattered in a cube, each on its own node slot: no sort
 * under 4,096 items; the first sort orders every item by cell (about 4,096 items a cell: two cells an axis here, the
 * centers' box cut in eight) and within a cell by node slot, its data moving with it; a later sort comes only once 32
 * bounds passes have passed since, the chunks have grown more than twice as loose and have settled, and goes a window
 * of 16,384 items a pass.
 */
class SpatialOrderTest {
    private static final int ITEMS = 20_000;
    private static final int WINDOW = 16_384;
    private static final int PERIOD = 32;
    private static final float SIDE = 100f;
    private static final IndexField<Thing> DENSE = IndexField.of(t -> t.dense, (t, i) -> t.dense = i);

    private final ObjectStore<Thing> objects = new ObjectStore<>("items", ITEMS, GrowthPolicy.FAIL, DENSE,
            t -> t.handle, 3);
    private final ItemStore items = new ItemStore(objects.columns());
    private final SpatialOrder order = new SpatialOrder(objects, items);
    private final ChunkBounds chunks = new ChunkBounds(items);
    private final Random random = new Random(20261129L);

    SpatialOrderTest() {
        for (int i = 0; i < ITEMS; i++) {
            Thing thing = new Thing();
            thing.handle = objects.add(thing);
            items.init(thing.dense, 1, 1, 0, -1, -1);
            items.attach(thing.dense, i);
        }
        scatter(SIDE);
    }

    /** Gives every item a new center in a cube, derived from its node slot so that it moves with the item. */
    private void scatter(float side) {
        float[] c = items.worldCenterArray();
        float[] h = items.worldHalfArray();
        int[] slot = items.nodeSlotArray();
        int salt = random.nextInt();
        for (int i = 0; i < ITEMS; i++) {
            Random own = new Random(slot[i] * 31L + salt);
            for (int axis = 0; axis < 3; axis++) {
                c[i * 3 + axis] = own.nextFloat() * side;
                h[i * 3 + axis] = 0.5f;
            }
            chunks.mark(i);
        }
    }

    /** One bounds pass's refresh of the chunks, then the order's turn. */
    private boolean pass(int itemCount) {
        chunks.refresh(itemCount);
        return order.sortDue(itemCount, chunks);
    }

    @Test
    void theFirstSortWaitsForEnoughItemsAndOrdersThemByCellThenSlot() {
        float[] before = centersBySlot();
        assertFalse(pass(4_095), "too few items to sort");
        double loose = chunks.looseness();
        assertTrue(pass(ITEMS), "the first pass with enough items sorts them all");
        assertArrayEquals(before, centersBySlot(), "every item's data moved with it");
        assertTrue(chunks.looseness() < loose * 0.75, "tighter chunks: " + chunks.looseness() + " after " + loose);
        assertOrderedByCellThenSlot(0, ITEMS);
    }

    /** Items whose center or extent is not finite, in any of the six values, go last, together. */
    @Test
    void itemsWithoutAFiniteBoxGoLast() {
        float[] c = items.worldCenterArray();
        float[] h = items.worldHalfArray();
        float[] bad = {Float.NaN, Float.POSITIVE_INFINITY, Float.NEGATIVE_INFINITY};
        int unbounded = 0;
        for (int i = 0; i < ITEMS; i += 97) {
            int value = (i / 97) % 6;
            (value < 3 ? c : h)[i * 3 + value % 3] = bad[(i / 97) % 3];
            unbounded++;
        }
        assertTrue(pass(ITEMS));
        for (int i = 0; i < ITEMS; i++) {
            assertEquals(i >= ITEMS - unbounded, !finite(i), "item " + i);
        }
        assertOrderedByCellThenSlot(0, ITEMS - unbounded);
    }

    private boolean finite(int i) {
        float[] c = items.worldCenterArray();
        float[] h = items.worldHalfArray();
        boolean finite = true;
        for (int axis = 0; axis < 3; axis++) {
            finite &= Float.isFinite(c[i * 3 + axis]) && Float.isFinite(h[i * 3 + axis]);
        }
        return finite;
    }

    /** The first sort, then 31 passes that sort nothing, the items scattered four times as wide at the 10th. */
    private void sortThenLoosen() {
        assertTrue(pass(ITEMS));
        for (int p = 1; p < PERIOD; p++) {
            if (p == 10) {
                // four times as wide: chunks far more than twice as loose as the sort left them
                scatter(4 * SIDE);
            }
            assertFalse(pass(ITEMS), "pass " + p + " after the sort");
        }
    }

    @Test
    void laterSortsWaitForLooseSettledChunksAndGoAWindowAPass() {
        sortThenLoosen();
        assertTrue(chunks.settled());
        assertTrue(pass(ITEMS), "the first window, 32 passes after the sort");
        assertOrderedByCellThenSlot(0, WINDOW);
        assertTrue(pass(ITEMS), "the rest");
        assertOrderedByCellThenSlot(WINDOW, ITEMS);
        assertFalse(pass(ITEMS), "the round is over");

        for (int p = 2; p < PERIOD; p++) {
            assertFalse(pass(ITEMS), "pass " + p + " after the round: the chunks are as tight as after it");
        }
        scatter(16 * SIDE);
        assertTrue(pass(ITEMS), "32 passes after the round, and loose again: a new round");
        assertFalse(pass(WINDOW), "the items past the first window are gone: the round is over");
        assertFalse(pass(ITEMS), "and no new one is due");
    }

    /**
     * A later sort, in a scene whose chunks no longer change, marks the chunks of the window it reorders for the
     * query index, and no others, before the update that sorted returns: the index's entries hold their items' global
     * indices, which the next query reads.
     */
    @Test
    void aSortMarksTheChunksItReordersForTheQueries() {
        sortThenLoosen();
        items.queryChunks().clear();
        assertTrue(pass(ITEMS), "the first window");
        int chunks = WINDOW >>> 6;
        assertEquals(chunks, items.queryChunks().cardinality(0, items.queryChunks().capacity()));
        assertEquals(chunks, items.queryChunks().cardinality(0, chunks));
    }

    @Test
    void aStillSceneIsSortedOnceAndAMovingOneOnceItSettles() {
        assertTrue(pass(ITEMS));
        for (int p = 1; p < 2 * PERIOD; p++) {
            assertFalse(pass(ITEMS), "pass " + p + " of a still scene");
        }
        scatter(4 * SIDE);
        assertTrue(pass(ITEMS), "loose, and the chunks changed at one refresh only");
        assertTrue(pass(ITEMS));
        for (int p = 1; p < 2 * PERIOD; p++) {
            // wider than the last sort's cube: chunks more than twice as loose as it left them
            scatter(16 * SIDE);
            assertFalse(pass(ITEMS), "pass " + p + ": the chunks keep moving");
        }
        assertFalse(chunks.settled(), "every chunk changed at the last two refreshes");
        assertTrue(pass(ITEMS), "settled, and loose");
    }

    private float[] centersBySlot() {
        float[] bySlot = new float[ITEMS * 3];
        float[] c = items.worldCenterArray();
        int[] slot = items.nodeSlotArray();
        for (int i = 0; i < ITEMS; i++) {
            System.arraycopy(c, i * 3, bySlot, slot[i] * 3, 3);
        }
        return bySlot;
    }

    private void assertOrderedByCellThenSlot(int from, int to) {
        assertOrderedByCellThenSlot(from, to, 2, new boolean[] {true, true, true});
    }

    /**
     * Items {@code [from, to)} go by cell, then node slot: the centers' box is cut {@code perAxis} times along each
     * axis {@code cut} names, the cells numbered in Morton order (x lowest), so the cells rise from item to item and
     * the slots rise within each cell. Items within a thousandth of a cell of its side are not judged.
     */
    private void assertOrderedByCellThenSlot(int from, int to, int perAxis, boolean[] cut) {
        float[] c = items.worldCenterArray();
        float[] min = {Float.MAX_VALUE, Float.MAX_VALUE, Float.MAX_VALUE};
        float[] max = {-Float.MAX_VALUE, -Float.MAX_VALUE, -Float.MAX_VALUE};
        for (int i = 0; i < ITEMS; i++) {
            for (int axis = 0; axis < 3 && finite(i); axis++) {
                min[axis] = Math.min(min[axis], c[i * 3 + axis]);
                max[axis] = Math.max(max[axis], c[i * 3 + axis]);
            }
        }
        int[] slot = items.nodeSlotArray();
        long lastCell = -1;
        int lastSlot = -1;
        int cells = 0;
        for (int i = from; i < to; i++) {
            long cell = 0;
            for (int axis = 0; axis < 3 && cell >= 0; axis++) {
                if (!cut[axis]) {
                    continue;
                }
                double t = (c[i * 3 + axis] - min[axis]) / ((double) max[axis] - min[axis]) * perAxis;
                long k = Math.min(perAxis - 1, (long) t);
                boolean nearSide = Math.abs(t - Math.rint(t)) < 1e-3 && Math.rint(t) > 0 && Math.rint(t) < perAxis;
                for (int bit = 0; (1 << bit) < perAxis; bit++) {
                    cell |= ((k >> bit) & 1L) << (3 * bit + axis);
                }
                cell = nearSide ? -1 : cell;
            }
            if (cell < 0) {
                continue;
            }
            assertTrue(cell >= lastCell, "item " + i + " in cell " + cell + " after cell " + lastCell);
            if (cell != lastCell) {
                cells++;
                lastCell = cell;
            } else {
                assertTrue(slot[i] > lastSlot, "item " + i + ": slots rise within a cell");
            }
            lastSlot = slot[i];
        }
        int axes = (cut[0] ? 1 : 0) + (cut[1] ? 1 : 0) + (cut[2] ? 1 : 0);
        assertEquals((int) Math.pow(perAxis, axes), cells, "the cells");
    }

    /** A flat scene (its up axis a thousandth of its width) is cut along the other two only. */
    @Test
    void aFlatSceneIsCutAlongItsWideAxesAlone() {
        float[] c = items.worldCenterArray();
        for (int i = 0; i < ITEMS; i++) {
            c[i * 3 + 1] *= 1e-3f;
        }
        assertTrue(pass(ITEMS));
        // 20,000 items make four cells of 4,096 or more: two by two, where three axes give two each, eight cells
        assertOrderedByCellThenSlot(0, ITEMS, 2, new boolean[] {true, false, true});
    }

    private static final class Thing {
        int dense = Index.NONE;
        long handle;
    }
}
