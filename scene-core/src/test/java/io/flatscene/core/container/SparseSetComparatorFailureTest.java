package io.flatscene.core.container;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** A comparator that throws must not leave ids and column values parted, whichever sort was running. */
class SparseSetComparatorFailureTest {

    private static void sortThatThrows(SparseSet set, IntColumn values, int sort) {
        int[] calls = {0};
        IdComparator failing = (a, b) -> {
            if (++calls[0] == 200) {
                throw new IllegalStateException("comparator failed");
            }
            return Integer.compare(values.get(set.indexOf(b)), values.get(set.indexOf(a)));
        };
        switch (sort) {
            case 0 -> set.sort(failing);
            case 1 -> set.sortByPermutation(failing);
            default -> set.sortInPlace(failing);
        }
    }

    @Test
    void everySortLeavesTheSetConsistentWhenItsComparatorThrows() {
        for (int sort = 0; sort < 3; sort++) {
            SparseSet set = new SparseSet("s", 64, GrowthPolicy.FAIL);
            IntColumn values = set.addIntColumn();
            for (int id = 0; id < 64; id++) {
                values.set(set.add(id * 7 % 64), id * 7 % 64 * 10);
            }
            int chosen = sort;
            assertThrows(IllegalStateException.class, () -> sortThatThrows(set, values, chosen));
            set.validate();
            for (int p = 0; p < set.size(); p++) {
                assertEquals(set.idAt(p) * 10, values.get(p), "sort " + chosen + ", position " + p);
            }
        }
    }
}
