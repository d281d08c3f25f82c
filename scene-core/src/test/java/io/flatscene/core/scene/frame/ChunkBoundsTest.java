package io.flatscene.core.scene.frame;

import io.flatscene.core.container.GrowthPolicy;
import io.flatscene.core.container.SparseSet;
import io.flatscene.core.geometry.Frustum;
import io.flatscene.core.scene.store.ItemStore;
import java.lang.reflect.Field;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The chunks' boxes over 150 items filled by hand (chunks of 64, 64 and 22): each refresh boxes the stale chunks
 * around their items' world boxes, leaves a chunk that changes at every refresh moving, opens one with a box that is
 * not finite or not positive, and {@link ChunkBounds#classify} calls a chunk outside or inside a plane only past the
 * margin, and every chunk not boxed across.
 */
class ChunkBoundsTest {
    private static final int ITEMS = 150;
    private static final int CHUNKS = 3;
    /** Five planes far around every item: with them, a sixth plane alone decides. */
    private static final float[] ROOMY = {0f, 1f, 0f, 1000f, 0f, -1f, 0f, 1000f, 0f, 0f, 1f, 1000f, 0f, 0f, -1f,
        1000f, -1f, 0f, 0f, 1000f};
    private static final float[] AROUND_ALL = planesAlongX(1f, -1000f);

    private final SparseSet set = new SparseSet("items", ITEMS, GrowthPolicy.FAIL);
    private final ItemStore items = new ItemStore(set);
    private final ChunkBounds chunks = new ChunkBounds(items);
    private final Random random = new Random(20261125);

    ChunkBoundsTest() {
        for (int id = 0; id < ITEMS; id++) {
            int index = set.add(id);
            items.init(index, 1, 1, 0, -1, -1);
            place(index, 10f * random.nextFloat(), 10f * random.nextFloat(), 10f * random.nextFloat());
        }
    }

    private void place(int i, float x, float y, float z) {
        float[] c = items.worldCenterArray();
        float[] h = items.worldHalfArray();
        c[i * 3] = x;
        c[i * 3 + 1] = y;
        c[i * 3 + 2] = z;
        for (int axis = 0; axis < 3; axis++) {
            h[i * 3 + axis] = 0.25f + random.nextFloat();
        }
    }

    private float[] floats(String name) throws ReflectiveOperationException {
        Field field = ChunkBounds.class.getDeclaredField(name);
        field.setAccessible(true);
        return (float[]) field.get(chunks);
    }

    /** The planes: the roomy five, then {@code x >= d} ({@code sign} 1) or {@code x <= -d} ({@code sign} -1). */
    private static float[] planesAlongX(float sign, float d) {
        float[] planes = new float[24];
        System.arraycopy(ROOMY, 0, planes, 0, ROOMY.length);
        planes[20] = sign;
        planes[23] = -d;
        return planes;
    }

    @Test
    void eachChunkIsBoxedAroundItsItems() throws ReflectiveOperationException {
        chunks.refresh(ITEMS);
        float[] c = items.worldCenterArray();
        float[] h = items.worldHalfArray();
        double sum = 0;
        for (int chunk = 0; chunk < CHUNKS; chunk++) {
            for (int axis = 0; axis < 3; axis++) {
                float min = Float.POSITIVE_INFINITY;
                float max = Float.NEGATIVE_INFINITY;
                for (int i = chunk * 64; i < Math.min(ITEMS, chunk * 64 + 64); i++) {
                    min = Math.min(min, c[i * 3 + axis] - h[i * 3 + axis]);
                    max = Math.max(max, c[i * 3 + axis] + h[i * 3 + axis]);
                }
                float center = floats("center")[chunk * 3 + axis];
                float half = floats("half")[chunk * 3 + axis];
                assertEquals(min * 0.5f + max * 0.5f, center, "chunk " + chunk);
                // the halves' difference, widened by the ulps that make the float box hold its items
                assertTrue(center - half <= min && center + half >= max, "chunk " + chunk + " holds its items");
                assertEquals(max * 0.5f - min * 0.5f, half, 2 * Math.ulp(half), "chunk " + chunk);
                sum += half;
            }
            assertEquals(Frustum.INSIDE, chunks.classify(chunk, AROUND_ALL));
            assertTrue(items.queryChunks().get(chunk), "a re-boxed chunk tells the query index");
        }
        assertEquals(sum / CHUNKS, chunks.looseness(), 1e-9);
        assertTrue(chunks.settled());
        chunks.validate(ITEMS);
    }

    @Test
    void aMarkedChunkIsTestedItemByItemUntilTheNextRefresh() {
        chunks.refresh(ITEMS);
        chunks.mark(70);
        chunks.mark(10_000);
        assertEquals(Frustum.INSIDE, chunks.classify(0, AROUND_ALL));
        assertEquals(Frustum.ACROSS, chunks.classify(1, AROUND_ALL));
        place(70, 50f, 5f, 5f);
        chunks.validate(ITEMS);
        items.queryChunks().clear();
        chunks.refresh(ITEMS);
        // boxed at the first refresh and changed again at the second: moving, left to the item tests
        assertEquals(Frustum.ACROSS, chunks.classify(1, AROUND_ALL));
        assertTrue(items.queryChunks().get(1));
        assertFalse(items.queryChunks().get(0));
        assertFalse(chunks.settled(), "one moving chunk of three is not under a quarter");
        chunks.refresh(ITEMS);
        assertEquals(Frustum.INSIDE, chunks.classify(1, AROUND_ALL), "unmarked since: boxed again");
        assertEquals(Frustum.OUTSIDE, chunks.classify(1, planesAlongX(1f, 52f)));
        assertEquals(Frustum.ACROSS, chunks.classify(1, planesAlongX(1f, 49f)), "item 70 lies past x = 49");
        assertTrue(chunks.settled());
        chunks.validate(ITEMS);
    }

    @Test
    void aChunkBoxedAgainToTheSameBoxStaysBoxed() {
        chunks.refresh(ITEMS);
        chunks.mark(3);
        chunks.refresh(ITEMS);
        assertEquals(Frustum.ACROSS, chunks.classify(0, AROUND_ALL), "changed at two refreshes in a row");
        chunks.refresh(ITEMS);
        chunks.mark(3);
        chunks.refresh(ITEMS);
        assertEquals(Frustum.INSIDE, chunks.classify(0, AROUND_ALL), "re-boxed to the same box last time");
    }

    /**
     * A moving chunk boxed again to a box that differs from its last in one value alone (a center or a half extent,
     * moved by whole units so that the sums are exact) changed: marked at the next refresh, it is moving again.
     */
    @ParameterizedTest
    @ValueSource(ints = {0, 1, 2, 3, 4, 5})
    void aBoxThatChangedInOneValueCountsAsChanged(int value) {
        float[] c = items.worldCenterArray();
        float[] h = items.worldHalfArray();
        for (int i = 0; i < 64; i++) {
            for (int axis = 0; axis < 3; axis++) {
                c[i * 3 + axis] = 4f + (i >> (2 * axis) & 3);
                h[i * 3 + axis] = 0.5f;
            }
        }
        chunks.refresh(ITEMS);
        int axis = value % 3;
        if (value < 3) {
            for (int i = 0; i < 64; i++) {
                c[i * 3 + axis] += 1f;
            }
        } else {
            // the items at either end along the axis reach one unit further each way: the center stays
            for (int i = 0; i < 64; i++) {
                h[i * 3 + axis] += 1f;
            }
        }
        chunks.mark(0);
        chunks.refresh(ITEMS);
        assertEquals(Frustum.ACROSS, chunks.classify(0, AROUND_ALL), "changed at two refreshes in a row");
        chunks.refresh(ITEMS);
        assertEquals(Frustum.INSIDE, chunks.classify(0, AROUND_ALL), "boxed again, to another box");
        chunks.mark(0);
        chunks.refresh(ITEMS);
        assertEquals(Frustum.ACROSS, chunks.classify(0, AROUND_ALL), "changed at the last refresh: moving");
    }

    @Test
    void reorderedChunksAreBoxedAgainWithoutCountingAsMoving() {
        chunks.refresh(ITEMS);
        chunks.markReordered(64, ITEMS);
        assertEquals(Frustum.INSIDE, chunks.classify(0, AROUND_ALL));
        assertEquals(Frustum.ACROSS, chunks.classify(1, AROUND_ALL));
        assertEquals(Frustum.ACROSS, chunks.classify(2, AROUND_ALL));
        place(100, -30f, 5f, 5f);
        chunks.refresh(ITEMS);
        for (int chunk = 0; chunk < CHUNKS; chunk++) {
            assertEquals(Frustum.INSIDE, chunks.classify(chunk, AROUND_ALL), "chunk " + chunk);
        }
        assertEquals(Frustum.ACROSS, chunks.classify(1, planesAlongX(-1f, 25f)), "item 100 spans x = -30");
        chunks.markReordered(0, 0);
        assertEquals(Frustum.INSIDE, chunks.classify(0, AROUND_ALL), "an empty range marks nothing");
        chunks.validate(ITEMS);
    }

    @Test
    void boxesNotFiniteOrNegativeOpenTheirChunk() throws ReflectiveOperationException {
        float[] c = items.worldCenterArray();
        float[] h = items.worldHalfArray();
        h[5 * 3 + 1] = Float.POSITIVE_INFINITY;
        c[70 * 3 + 2] = Float.NaN;
        h[140 * 3] = -0.5f;
        chunks.refresh(ITEMS);
        for (int chunk = 0; chunk < CHUNKS; chunk++) {
            assertEquals(Frustum.ACROSS, chunks.classify(chunk, planesAlongX(1f, -1e6f)), "chunk " + chunk);
        }
        assertEquals(0.0, chunks.looseness(), "no chunk is boxed");
        chunks.validate(ITEMS);
        h[5 * 3 + 1] = 1f;
        chunks.mark(5);
        chunks.refresh(ITEMS);
        assertEquals(Frustum.ACROSS, chunks.classify(0, AROUND_ALL), "opened at the last refresh: moving");
        chunks.refresh(ITEMS);
        assertEquals(Frustum.INSIDE, chunks.classify(0, AROUND_ALL));
        assertEquals(Frustum.ACROSS, chunks.classify(1, AROUND_ALL));
        assertEquals(Frustum.ACROSS, chunks.classify(2, AROUND_ALL));
        float[] half = floats("half");
        assertEquals(half[0] + half[1] + half[2], chunks.looseness(), 1e-6);
    }

    /** The chunk spans x 0 to 10 or so; a plane must clear it by the margin before it is called outside or inside. */
    @Test
    void classifyCallsOutsideAndInsideOnlyPastTheMargin() throws ReflectiveOperationException {
        chunks.refresh(ITEMS);
        float lo = floats("center")[0] - floats("half")[0];
        float hi = floats("center")[0] + floats("half")[0];
        assertEquals(Frustum.OUTSIDE, chunks.classify(0, planesAlongX(1f, hi + 0.01f)));
        assertEquals(Frustum.ACROSS, chunks.classify(0, planesAlongX(1f, Math.nextUp(hi))));
        assertEquals(Frustum.ACROSS, chunks.classify(0, planesAlongX(1f, hi - 0.01f)));
        assertEquals(Frustum.ACROSS, chunks.classify(0, planesAlongX(1f, Math.nextDown(lo))));
        assertEquals(Frustum.INSIDE, chunks.classify(0, planesAlongX(1f, lo - 0.01f)));
        assertEquals(Frustum.OUTSIDE, chunks.classify(0, planesAlongX(-1f, -(lo - 0.01f))));
        assertEquals(Frustum.INSIDE, chunks.classify(0, planesAlongX(-1f, -(hi + 0.01f))));
    }

    @Test
    void validationNamesAnItemLeftOutsideItsBoxedChunk() {
        chunks.refresh(ITEMS);
        items.worldCenterArray()[66 * 3 + 1] += 50f;
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> chunks.validate(ITEMS));
        assertTrue(e.getMessage().contains("item at global index 66") && e.getMessage().contains("on axis 1")
                && e.getMessage().contains("outside the box of its chunk 1"), e.getMessage());
        items.worldCenterArray()[66 * 3 + 1] -= 100f;
        assertThrows(IllegalStateException.class, () -> chunks.validate(ITEMS));
        chunks.validate(64);
        chunks.mark(66);
        chunks.validate(ITEMS);
    }
}
