package io.flatscene.core.container;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class GrowthPolicyTest {

    @Test
    void everyPolicyAgreesOnHowFarToGrow() {
        assertEquals(16, Capacity.next("x", GrowthPolicy.GROW, 10, 11));
        assertEquals(16, Capacity.next("x", GrowthPolicy.ON_DEMAND, 10, 11));
        assertEquals(40, Capacity.next("x", GrowthPolicy.GROW, 10, 40), "at least what is required");
        assertEquals(1, Capacity.next("x", GrowthPolicy.GROW, 0, 1), "an empty container can grow");
        assertEquals(Capacity.MAX_ARRAY_LENGTH,
                Capacity.next("x", GrowthPolicy.GROW, Capacity.MAX_ARRAY_LENGTH - 10, Capacity.MAX_ARRAY_LENGTH),
                "growth stops at the largest array");
    }

    @Test
    void failNamesTheCapacityThatRanOut() {
        CapacityExceededException e = assertThrows(CapacityExceededException.class,
                () -> Capacity.next("flatscene.maxItems", GrowthPolicy.FAIL, 8, 9));
        assertEquals("flatscene.maxItems", e.capacityName());
        assertEquals(8, e.capacity());
        assertTrue(e.getMessage().contains("flatscene.maxItems") && e.getMessage().contains("8"), e.getMessage());
    }

    /** Under every policy, and the message does not blame FAIL or ask for a larger capacity that cannot be had. */
    @Test
    void nothingGrowsPastTheLargestArray() {
        for (GrowthPolicy policy : GrowthPolicy.values()) {
            CapacityExceededException e = assertThrows(CapacityExceededException.class, () -> Capacity.next("x",
                    policy, Capacity.MAX_ARRAY_LENGTH, Capacity.MAX_ARRAY_LENGTH + 1));
            assertEquals("x is full at " + Capacity.MAX_ARRAY_LENGTH + ": it cannot grow past "
                    + Capacity.MAX_ARRAY_LENGTH + ", the most one container can hold, under any growth policy",
                    e.getMessage());
            assertEquals(Capacity.MAX_ARRAY_LENGTH, e.capacity());
            assertEquals("x", e.capacityName());
        }
    }

    /** A structure whose arrays take several values an element stops growing at its own limit, not the array's. */
    @Test
    void growthStopsAtTheStructuresLimit() {
        assertEquals(12, Capacity.next("x", GrowthPolicy.GROW, 10, 11, 12), "by half, but not past the limit");
        assertEquals(12, Capacity.grow("x", GrowthPolicy.ON_DEMAND, 11, 12, 12), "the last element fits");
        for (GrowthPolicy policy : GrowthPolicy.values()) {
            CapacityExceededException e = assertThrows(CapacityExceededException.class,
                    () -> Capacity.grow("x", policy, 12, 13, 12));
            assertEquals("x is full at 12: it cannot grow past 12, the most one container can hold, under any growth "
                    + "policy", e.getMessage());
        }
        assertThrows(CapacityExceededException.class, () -> Capacity.next("x", GrowthPolicy.FAIL, 10, 11, 12),
                "FAIL still refuses below the limit");
    }

    @Test
    void onDemandGrowsLikeGrow() {
        SwapPopArray<SwapPopArrayTest.Node> array = new SwapPopArray<>("children", 1, GrowthPolicy.ON_DEMAND,
                SwapPopArrayTest.GLOBAL);
        for (int i = 0; i < 100; i++) {
            array.add(new SwapPopArrayTest.Node(i));
        }
        array.validate();
        assertEquals(100, array.size());
    }
}
