package io.flatscene.core.scene;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

class FrameStatsTest {
    private static FrameStats filled() {
        FrameStats stats = new FrameStats();
        stats.nodesUpdated = 7;
        stats.itemsTested = 300;
        stats.itemsVisible = 120;
        stats.batches = 4;
        stats.transformNanos = 1_250_000L;
        stats.boundsNanos = 2_000_000L;
        stats.cullNanos = 500_000L;
        stats.sortNanos = 3L;
        stats.queueNanos = 40_000_000L;
        return stats;
    }

    @Test
    void theTotalSumsEveryPass() {
        assertEquals(43_750_003L, filled().totalNanos());
    }

    /** In the root locale whatever the machine's, so that a log line reads the same everywhere. */
    @Test
    void theSummaryGivesCountsAndMillisecondsPerPass() {
        assertEquals("nodes updated 7, items visible 120/300, batches 4, ms: transforms 1.250, bounds 2.000, "
                + "cull 0.500, sort 0.000, queue 40.000", filled().toString());
    }

    @Test
    void aKeptCullClearsOnlyTheCullsWork() {
        FrameStats stats = filled();
        stats.keptCull();
        assertEquals(0, stats.itemsTested());
        assertEquals(0L, stats.cullNanos());
        assertEquals(0L, stats.sortNanos());
        assertEquals(0L, stats.queueNanos());
        assertEquals(120, stats.itemsVisible(), "the kept queue's items are still visible");
        assertEquals(4, stats.batches());
        assertEquals(7, stats.nodesUpdated());
        assertEquals(1_250_000L, stats.transformNanos());
        assertEquals(2_000_000L, stats.boundsNanos());
    }
}
