package io.flatscene.core.scene.query;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The refusals of arrays the heap cannot hold, at the heap's edge and in what they say. */
class HeapCheckTest {
    @Test
    void exactlyTheHeapsMaximumFitsAndOneByteMoreDoesNot() {
        long heap = Runtime.getRuntime().maxMemory();
        HeapCheck.checkFits("Test", "size", heap, 1, "byte");
        HeapCheck.checkFits("Test", "size", heap / 8, 8, "long");
        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class,
                () -> HeapCheck.checkFits("Test", "size", heap + 1, 1, "byte"));
        assertTrue(refused.getMessage().startsWith("Test size " + (heap + 1) + " takes about "), refused.getMessage());
        assertTrue(refused.getMessage().contains("lower the size or raise -Xmx"), refused.getMessage());
    }

    @Test
    void anAllocationThatFailedNamesItsBytesAndKeepsTheCause() {
        OutOfMemoryError cause = new OutOfMemoryError("test");
        IllegalArgumentException refused = HeapCheck.outOfHeap("RayBatch", "capacity", 1 << 20, 40, "ray", cause);
        assertTrue(refused.getMessage().startsWith("RayBatch capacity 1048576 takes about 40 MiB (40 bytes a ray), "
                + "more than the heap had free"), refused.getMessage());
        assertSame(cause, refused.getCause());
    }

    @Test
    void mebibytesRoundUp() {
        assertEquals(0, HeapCheck.mib(0));
        assertEquals(1, HeapCheck.mib(1));
        assertEquals(1, HeapCheck.mib(1 << 20));
        assertEquals(2, HeapCheck.mib((1 << 20) + 1));
    }
}
