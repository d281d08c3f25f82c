package io.flatscene.core.scene;

import io.flatscene.core.config.SceneConfig;
import io.flatscene.core.container.Capacity;
import io.flatscene.core.scene.query.HeapCheck;
import java.util.Locale;
import org.joml.Vector3f;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * What a caller sizes (a ray batch, a query result, the hits of a cast) is computed in long and refused past what an
 * array holds, naming the class, the value and the largest accepted; past what the heap holds, naming the bytes. An
 * int product once wrapped ({@code new RayBatch(400_000_000)} failed with {@code NegativeArraySizeException:
 * -1494967296}) and a capacity past the largest array ended in a bare OutOfMemoryError.
 */
class ArraySizeLimitTest {
    private static final long HEAP_MIB = Runtime.getRuntime().maxMemory() >> 20;

    @Test
    void theMaximumsAreTheLargestThatFitAnArray() {
        assertTrue((long) RayBatch.MAX_RAYS * RayBatch.RAY_FLOATS <= Capacity.MAX_ARRAY_LENGTH);
        assertTrue((RayBatch.MAX_RAYS + 1L) * RayBatch.RAY_FLOATS > Capacity.MAX_ARRAY_LENGTH);
        assertEquals(SceneConfig.MAX_CAPACITY, QueryResult.MAX_CAPACITY, "a query finds at most a scene's items");
    }

    @ParameterizedTest
    @ValueSource(ints = {400_000_000, RayBatch.MAX_RAYS + 1, Integer.MAX_VALUE, -1, Integer.MIN_VALUE})
    void aRayBatchPastTheLargestArrayIsRefused(int capacity) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new RayBatch(capacity));
        assertEquals("RayBatch capacity " + capacity + " must be between 0 and " + RayBatch.MAX_RAYS
                + " (RayBatch.MAX_RAYS: the 7 floats of each ray share one array)", e.getMessage());
    }

    @ParameterizedTest
    @ValueSource(ints = {QueryResult.MAX_CAPACITY + 1, Integer.MAX_VALUE, -1})
    void aQueryResultPastTheMostItemsAQueryFindsIsRefused(int capacity) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new QueryResult(capacity));
        assertEquals("QueryResult capacity " + capacity + " must be between 0 and " + QueryResult.MAX_CAPACITY
                + " (QueryResult.MAX_CAPACITY: a query finds at most the items of a scene)", e.getMessage());
    }

    /** 40 bytes a ray: the largest batch takes about 11.4 GiB, more than a test heap holds. */
    @Test
    void aRayBatchTheHeapCannotHoldIsRefusedNamingTheBytes() {
        long bytes = RayBatch.MAX_RAYS * 40L;
        assumeTrue(bytes > Runtime.getRuntime().maxMemory(), "a heap that holds the largest ray batch");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> new RayBatch(RayBatch.MAX_RAYS));
        assertEquals(String.format(Locale.ROOT, "RayBatch capacity %d takes about %,d MiB (40 bytes a ray), and the "
                + "heap holds %,d MiB at most: lower the capacity or raise -Xmx", RayBatch.MAX_RAYS,
                (bytes + (1 << 20) - 1) >> 20, HEAP_MIB), e.getMessage());
    }

    @Test
    void aQueryResultTheHeapCannotHoldIsRefusedNamingTheBytes() {
        long bytes = QueryResult.MAX_CAPACITY * 16L;
        assumeTrue(bytes > Runtime.getRuntime().maxMemory(), "a heap that holds the largest query result");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> new QueryResult(QueryResult.MAX_CAPACITY));
        assertTrue(e.getMessage().startsWith("QueryResult capacity " + QueryResult.MAX_CAPACITY + " takes about "),
                e.getMessage());
    }

    /** The heap check's two messages, with counts no heap holds, so that they run whatever -Xmx the tests get. */
    @Test
    void theHeapRefusalsNameTheRequestTheBytesAndTheHeap() {
        long count = (Runtime.getRuntime().maxMemory() >> 4) + 1;
        IllegalArgumentException upFront = assertThrows(IllegalArgumentException.class,
                () -> HeapCheck.checkFits("Thing", "size", count, 16, "part"));
        assertEquals(String.format(Locale.ROOT, "Thing size %d takes about %,d MiB (16 bytes a part), and the heap "
                + "holds %,d MiB at most: lower the size or raise -Xmx", count, HeapCheck.mib(count * 16), HEAP_MIB),
                upFront.getMessage());
        HeapCheck.checkFits("Thing", "size", 1000, 16, "part");

        OutOfMemoryError failure = new OutOfMemoryError("Java heap space");
        IllegalArgumentException late = HeapCheck.outOfHeap("Thing", "size", 1000, 16, "part", failure);
        assertEquals(String.format(Locale.ROOT, "Thing size 1000 takes about 1 MiB (16 bytes a part), more than the "
                + "heap had free (it holds %,d MiB at most, other data included): lower the size or raise -Xmx",
                HEAP_MIB), late.getMessage());
        assertSame(failure, late.getCause());
        assertEquals(0, HeapCheck.mib(0));
        assertEquals(2, HeapCheck.mib((1 << 20) + 1), "rounded up");
    }

    /**
     * The hits of a cast are summed in long: an int sum of many rays' hits wrapped to a negative count. Past the
     * largest array the cast is refused, and the batch reads as never cast rather than pointing into the workers'
     * buffers.
     */
    @Test
    void aCastWhoseHitsExceedAnArrayIsRefusedAndForgotten() {
        try (SceneManager scene = new SceneManager(SceneConfig.builder().maxNodes(4).maxItems(4).build())) {
            scene.rootNode().createChild("target").attachObject(scene.createItem("box", 1, 1,
                    new Aabb(0f, 0f, -10f, 1f, 1f, 1f)));
            RayBatch batch = new RayBatch(2);
            batch.add(new Vector3f(), new Vector3f(0f, 0f, -1f), Float.POSITIVE_INFINITY, -1);
            scene.queries().rays(batch);
            assertEquals(1, batch.hitCount(0), "the box is hit");

            long total = Capacity.MAX_ARRAY_LENGTH + 1L;
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> batch.prepareHits(total));
            assertEquals("cannot cast ray batch of 1 ray: its rays found " + total + " hits, more than one array "
                    + "holds (" + Capacity.MAX_ARRAY_LENGTH + "): cast fewer rays at a time, or narrow their query "
                    + "masks or maximum distances", e.getMessage());
            assertEquals(0, batch.hitCount(0), "the batch reads as never cast");
            assertEquals(1, batch.size(), "its rays stay");

            scene.queries().rays(batch);
            assertEquals(1, batch.hitCount(0), "and cast again as before");
        }
    }
}
