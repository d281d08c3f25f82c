package io.flatscene.core.container;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Structure-of-arrays data beside a {@link SwapPopArray} must follow its element through every swap-and-pop and
 * every growth: the scene's item data relies on it.
 */
class ParallelStorageTest {

    /** One int of data per position: the value of the element that owns the position. */
    static final class OwnerValues implements ParallelStorage {
        int[] values;
        final List<Integer> resizes = new ArrayList<>();

        OwnerValues(int capacity) {
            values = new int[capacity];
        }

        @Override
        public void resize(int capacity) {
            resizes.add(capacity);
            values = java.util.Arrays.copyOf(values, capacity);
        }

        @Override
        public void move(int from, int to) {
            values[to] = values[from];
        }
    }

    @Test
    void dataFollowsEveryElementThroughRemovalsAndGrowth() {
        OwnerValues data = new OwnerValues(2);
        SwapPopArray<SwapPopArrayTest.Node> array = new SwapPopArray<>("items", 2, GrowthPolicy.ON_DEMAND,
                SwapPopArrayTest.GLOBAL, data);
        List<SwapPopArrayTest.Node> live = new ArrayList<>();
        Random random = new Random(3);
        for (int step = 0; step < 5_000; step++) {
            if (live.isEmpty() || random.nextInt(3) != 0) {
                SwapPopArrayTest.Node node = new SwapPopArrayTest.Node(step);
                int index = array.add(node);
                data.values[index] = node.value;
                live.add(node);
            } else {
                array.remove(live.remove(random.nextInt(live.size())));
            }
            array.validate();
            for (int i = 0; i < array.size(); i++) {
                assertEquals(array.get(i).value, data.values[i], "data at position " + i);
            }
        }
        assertTrue(data.resizes.size() > 3, "the array grew and resized its parallel data " + data.resizes);
        assertEquals(array.capacity(), data.values.length);
    }
}
