package io.flatscene.core.container;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/**
 * {@link SparseSet#sortBy(LongColumn, int, int)}: the window ends up stably sorted by key, every column moving with
 * its id, and every position outside the window keeps its id and values.
 */
class SparseSetWindowSortTest {
    private static final int IDS = 600;

    @Test
    void sortsTheWindowAndNothingElse() {
        Random random = new Random(11);
        SparseSet set = new SparseSet("window", 64, GrowthPolicy.GROW);
        IntColumn ints = set.addIntColumn();
        FloatColumn pairs = set.addFloatColumn(2);
        LongColumn key = set.addLongColumn();
        ObjectColumn<String> names = set.addObjectColumn();
        long[] keyOf = new long[IDS * 2];
        for (int n = 0; n < IDS; n++) {
            int id = n * 2 + random.nextInt(2);
            int p = set.add(id);
            // few distinct keys, negatives among them, so that ties and sign order are both tested
            keyOf[id] = (random.nextInt(7) - 3) * 1_000_000_007L;
            key.set(p, keyOf[id]);
            ints.set(p, id * 3);
            pairs.set(p, 0, id + 0.5f);
            pairs.set(p, 1, -id);
            names.set(p, "id" + id);
        }
        for (int trial = 0; trial < 40; trial++) {
            int from = random.nextInt(IDS);
            int to = from + random.nextInt(IDS - from + 1);
            int[] before = new int[IDS];
            for (int p = 0; p < IDS; p++) {
                before[p] = set.idAt(p);
            }
            List<Integer> expected = new ArrayList<>();
            for (int p = from; p < to; p++) {
                expected.add(before[p]);
            }
            // List.sort is stable: equal keys keep their order, as the sort must
            expected.sort(Comparator.comparingLong(id -> keyOf[id]));

            set.sortBy(key, from, to);

            set.validate();
            for (int p = 0; p < IDS; p++) {
                int id = set.idAt(p);
                int want = p < from || p >= to ? before[p] : expected.get(p - from);
                assertEquals(want, id, "trial " + trial + ", window [" + from + ", " + to + "), position " + p);
                assertEquals(p, set.indexOf(id), "id " + id + " knows its position");
                assertEquals(keyOf[id], key.get(p));
                assertEquals(id * 3, ints.get(p));
                assertEquals(id + 0.5f, pairs.get(p, 0));
                assertEquals(-id, pairs.get(p, 1));
                assertEquals("id" + id, names.get(p));
            }
            // and the same key, position for position, with a new key for the next trial
            for (int p = 0; p < IDS; p++) {
                int id = set.idAt(p);
                keyOf[id] = random.nextInt(5) - 2;
                key.set(p, keyOf[id]);
            }
        }
    }

    @Test
    void refusesAWindowOutsideTheSetOrAForeignColumn() {
        SparseSet set = new SparseSet("window", 8, GrowthPolicy.GROW);
        LongColumn key = set.addLongColumn();
        set.add(3);
        set.add(5);
        assertThrows(IndexOutOfBoundsException.class, () -> set.sortBy(key, 1, 3));
        assertThrows(IndexOutOfBoundsException.class, () -> set.sortBy(key, 2, 1));
        LongColumn foreign = new SparseSet("other", 8, GrowthPolicy.GROW).addLongColumn();
        assertThrows(IllegalArgumentException.class, () -> set.sortBy(foreign, 0, 2));
        set.sortBy(key, 1, 1);
        assertEquals(3, set.idAt(0));
        set.validate();
    }
}
