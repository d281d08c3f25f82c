package io.flatscene.core.scene.frame;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The sort key's documented bit layout, the orders it gives (opaque front to back, transparent back to front, group
 * first), which of its bits cut a batch, and that mirroring marks only opaque items.
 */
class SortKeysTest {
    private static final long DEPTH_MAX = SortKeys.DEPTH_MAX;

    @Test
    void depthHasTwentyTwoBits() {
        assertEquals((1L << 22) - 1, DEPTH_MAX);
    }

    @Test
    void opaqueKeysAreGroupMirroringMaterialMeshDepth() {
        assertEquals(0L, SortKeys.key(0, false, false, 0, 0, 0L));
        assertEquals(0x2AL << 56, SortKeys.key(0x2A, false, false, 0, 0, 0L));
        assertEquals(1L << 54, SortKeys.key(0, false, true, 0, 0, 0L));
        assertEquals(0xBEEFL << 38, SortKeys.key(0, false, false, 0xBEEF, 0, 0L));
        assertEquals(0xCAFEL << 22, SortKeys.key(0, false, false, 0, 0xCAFE, 0L));
        assertEquals(DEPTH_MAX, SortKeys.key(0, false, false, 0, 0, DEPTH_MAX));
        assertEquals((0x7FL << 56) | (1L << 54) | (0xFFFFL << 38) | (0xFFFFL << 22) | DEPTH_MAX,
                SortKeys.key(0x7F, false, true, 0xFFFF, 0xFFFF, DEPTH_MAX));
        assertEquals((3L << 56) | (5L << 38) | (7L << 22) | 11L, SortKeys.key(3, false, false, 5, 7, 11L));
    }

    @Test
    void transparentKeysAreGroupFlagFarnessMaterialMesh() {
        long flag = 1L << 55;
        assertEquals(flag | (DEPTH_MAX << 32), SortKeys.key(0, true, false, 0, 0, 0L));
        assertEquals(flag, SortKeys.key(0, true, false, 0, 0, DEPTH_MAX));
        assertEquals(flag | ((DEPTH_MAX - 9) << 32), SortKeys.key(0, true, false, 0, 0, 9L));
        assertEquals(flag | (0xBEEFL << 16), SortKeys.key(0, true, false, 0xBEEF, 0, DEPTH_MAX));
        assertEquals(flag | 0xCAFEL, SortKeys.key(0, true, false, 0, 0xCAFE, DEPTH_MAX));
        assertEquals((3L << 56) | flag | ((DEPTH_MAX - 11) << 32) | (5L << 16) | 7L,
                SortKeys.key(3, true, false, 5, 7, 11L));
    }

    @Test
    void transparentItemsIgnoreMirroring() {
        assertEquals(SortKeys.key(3, true, false, 5, 7, 11L), SortKeys.key(3, true, true, 5, 7, 11L));
        assertFalse(SortKeys.mirrored(SortKeys.key(3, true, true, 5, 7, 11L)));
        assertTrue(SortKeys.mirrored(SortKeys.key(3, false, true, 5, 7, 11L)));
        assertFalse(SortKeys.mirrored(SortKeys.key(3, false, false, 5, 7, 11L)));
        assertTrue(SortKeys.mirrored(SortKeys.key(0, false, true, 0, 0, 0L)));
        assertFalse(SortKeys.mirrored(SortKeys.key(0xFF, true, true, 0xFFFF, 0xFFFF, 0L)));
    }

    @Test
    void onlyTheLowSixteenBitsOfIdsSort() {
        assertEquals(SortKeys.key(1, false, false, 5, 7, 3L), SortKeys.key(1, false, false, 0x10005, 0x30007, 3L));
        assertEquals(SortKeys.key(1, true, false, 5, 7, 3L), SortKeys.key(1, true, false, 0x10005, 0x30007, 3L));
        assertEquals(SortKeys.key(1, false, false, 0xFFFF, 0xFFFF, 3L), SortKeys.key(1, false, false, -1, -1, 3L));
        assertEquals(SortKeys.key(1, true, false, 0xFFFF, 0xFFFF, 3L), SortKeys.key(1, true, false, -1, -1, 3L));
    }

    @Test
    void opaqueSortsFrontToBackTransparentBackToFrontAndGroupFirst() {
        assertTrue(SortKeys.key(1, false, false, 5, 7, 10L) < SortKeys.key(1, false, false, 5, 7, 11L));
        assertTrue(SortKeys.key(1, true, false, 5, 7, 11L) < SortKeys.key(1, true, false, 5, 7, 10L));
        assertTrue(SortKeys.key(1, false, true, 0xFFFF, 0xFFFF, DEPTH_MAX)
                < SortKeys.key(1, true, false, 0, 0, DEPTH_MAX), "opaque before transparent");
        assertTrue(SortKeys.key(1, true, false, 0xFFFF, 0xFFFF, 0L) < SortKeys.key(2, false, false, 0, 0, 0L));
        assertTrue(SortKeys.key(1, false, false, 4, 0xFFFF, DEPTH_MAX) < SortKeys.key(1, false, false, 5, 0, 0L),
                "opaque: material before mesh before depth");
        assertTrue(SortKeys.key(1, false, false, 5, 6, DEPTH_MAX) < SortKeys.key(1, false, false, 5, 7, 0L));
        assertTrue(SortKeys.key(1, true, false, 0xFFFF, 0xFFFF, 11L) < SortKeys.key(1, true, false, 0, 0, 10L),
                "transparent: depth before material");
        assertTrue(SortKeys.key(1, true, false, 4, 0xFFFF, 10L) < SortKeys.key(1, true, false, 5, 0, 10L));
    }

    @Test
    void batchBitsAreAllButTheDepth() {
        long opaque = SortKeys.key(3, false, true, 5, 7, 11L);
        assertEquals(opaque & ~DEPTH_MAX, SortKeys.batchBits(opaque));
        assertEquals((3L << 56) | (1L << 54) | (5L << 38) | (7L << 22), SortKeys.batchBits(opaque));
        long transparent = SortKeys.key(3, true, false, 5, 7, 11L);
        assertEquals((3L << 56) | (1L << 55) | (5L << 16) | 7L, SortKeys.batchBits(transparent));
        assertEquals(SortKeys.batchBits(SortKeys.key(3, false, false, 5, 7, 0L)),
                SortKeys.batchBits(SortKeys.key(3, false, false, 5, 7, DEPTH_MAX)));
        assertEquals(SortKeys.batchBits(SortKeys.key(3, true, false, 5, 7, 0L)),
                SortKeys.batchBits(SortKeys.key(3, true, false, 5, 7, DEPTH_MAX)));
    }

    @Test
    void batchBitsTellApartEverythingButTheDepth() {
        long[] keys = {
            SortKeys.key(3, false, false, 5, 7, 1L),
            SortKeys.key(4, false, false, 5, 7, 1L),
            SortKeys.key(3, false, true, 5, 7, 1L),
            SortKeys.key(3, false, false, 6, 7, 1L),
            SortKeys.key(3, false, false, 5, 8, 1L),
            SortKeys.key(3, true, false, 5, 7, 1L),
            SortKeys.key(3, true, false, 6, 7, 1L),
            SortKeys.key(3, true, false, 5, 8, 1L),
            SortKeys.key(4, true, false, 5, 7, 1L),
        };
        for (int i = 0; i < keys.length; i++) {
            for (int j = 0; j < keys.length; j++) {
                if (i != j) {
                    assertNotEquals(SortKeys.batchBits(keys[i]), SortKeys.batchBits(keys[j]), i + " vs " + j);
                }
            }
        }
    }
}
