package io.flatscene.core.scene;

import io.flatscene.core.scene.frame.PassTimings;
import java.util.Locale;

/**
 * What one frame's passes did and how long each took: the scene's {@link SceneManager#update()} and one view's
 * {@link SceneManager#cull}. Its reads consult no guard, on any thread, as a {@link RenderQueue}'s do.
 *
 * <p>The object is reused: each render queue keeps one instance, overwritten by every cull into it, and the scene
 * keeps one for its updates, so a reference stored across frames reads the latest frame's figures, not the frame it
 * was stored in. To keep a frame's figures, take a {@link #snapshot()}: an immutable copy, allocated only then.
 */
public final class FrameStats {
    int nodesUpdated;
    int itemsTested;
    int itemsVisible;
    int batches;
    long transformNanos;
    long boundsNanos;
    long queryIndexNanos;
    long cullNanos;
    long sortNanos;
    long queueNanos;

    FrameStats() {
    }

    void copyUpdate(PassTimings timings) {
        nodesUpdated = timings.nodesUpdated;
        transformNanos = timings.transformNanos;
        boundsNanos = timings.boundsNanos;
        queryIndexNanos = timings.queryIndexNanos;
    }

    /** A cull that kept its queue as it was: it tested nothing and took no time; the counts of the queue stand. */
    void keptCull() {
        itemsTested = 0;
        cullNanos = 0L;
        sortNanos = 0L;
        queueNanos = 0L;
    }

    void copyCull(PassTimings timings) {
        itemsTested = timings.itemsTested;
        itemsVisible = timings.itemsVisible;
        batches = timings.batches;
        cullNanos = timings.cullNanos;
        sortNanos = timings.sortNanos;
        queueNanos = timings.queueNanos;
    }

    /** {@return the number of world matrices the last transform pass recomputed} */
    public int nodesUpdated() {
        return nodesUpdated;
    }

    /**
     * {@return the number of items the culling pass looked at: every item attached to a node (detached items are
     * never looked at), or none when the cull kept its queue ({@link RenderQueue#isKept()})}
     */
    public int itemsTested() {
        return itemsTested;
    }

    /** {@return the number of items the cull found visible and queued; a kept queue's count stands} */
    public int itemsVisible() {
        return itemsVisible;
    }

    /** {@return the number of batches (draw calls) the cull made; a kept queue's count stands} */
    public int batches() {
        return batches;
    }

    /** {@return the time the last transform pass took, in nanoseconds} */
    public long transformNanos() {
        return transformNanos;
    }

    /** {@return the time the last bounds pass (items' world bounds) took, in nanoseconds} */
    public long boundsNanos() {
        return boundsNanos;
    }

    /**
     * {@return the time the update's refit of the query index took, in nanoseconds} The update syncs the index to the
     * bounds it computed, on the worker threads, once a query has built one, so that the game's queries after it
     * find nothing to refit; 0 in a scene never queried, which keeps no index.
     */
    public long queryIndexNanos() {
        return queryIndexNanos;
    }

    /**
     * {@return the time the culling pass took, in nanoseconds; 0 when the cull kept its queue} On several workers it
     * includes each worker's sort of the items it found visible, which runs right after its share of the cull.
     */
    public long cullNanos() {
        return cullNanos;
    }

    /**
     * {@return the time sorting the visible items took, in nanoseconds; 0 when the cull kept its queue} On several
     * workers, the merge of the workers' sorted shares, each worker gathering the instances of its part of the queue
     * (items and slots in draw order, where batches start) right after merging it.
     */
    public long sortNanos() {
        return sortNanos;
    }

    /** {@return the time turning the sorted items into batches took, in nanoseconds; 0 when the cull kept its queue} */
    public long queueNanos() {
        return queueNanos;
    }

    /** {@return the sum of the six pass times, in nanoseconds} */
    public long totalNanos() {
        return transformNanos + boundsNanos + queryIndexNanos + cullNanos + sortNanos + queueNanos;
    }

    /**
     * Copies the figures as they are now; later frames leave the copy as it was.
     *
     * @return a new immutable copy with the same figures
     */
    public Snapshot snapshot() {
        return new Snapshot(nodesUpdated, itemsTested, itemsVisible, batches, transformNanos, boundsNanos,
                queryIndexNanos, cullNanos, sortNanos, queueNanos);
    }

    /** {@return the figures in one line, as {@link Snapshot#toString()} gives them} */
    @Override
    public String toString() {
        return snapshot().toString();
    }

    /**
     * One frame's figures, copied from a {@link FrameStats} by {@link FrameStats#snapshot()} and never changed
     * after: each component reads as the getter of the same name read when the copy was taken.
     *
     * @param nodesUpdated    {@link FrameStats#nodesUpdated()}
     * @param itemsTested     {@link FrameStats#itemsTested()}
     * @param itemsVisible    {@link FrameStats#itemsVisible()}
     * @param batches         {@link FrameStats#batches()}
     * @param transformNanos  {@link FrameStats#transformNanos()}
     * @param boundsNanos     {@link FrameStats#boundsNanos()}
     * @param queryIndexNanos {@link FrameStats#queryIndexNanos()}
     * @param cullNanos       {@link FrameStats#cullNanos()}
     * @param sortNanos       {@link FrameStats#sortNanos()}
     * @param queueNanos      {@link FrameStats#queueNanos()}
     */
    public record Snapshot(int nodesUpdated, int itemsTested, int itemsVisible, int batches, long transformNanos,
                           long boundsNanos, long queryIndexNanos, long cullNanos, long sortNanos, long queueNanos) {
        /** {@return the sum of the six pass times, in nanoseconds} */
        public long totalNanos() {
            return transformNanos + boundsNanos + queryIndexNanos + cullNanos + sortNanos + queueNanos;
        }

        /** {@return the counts and each pass's milliseconds in one line, in the root locale} */
        @Override
        public String toString() {
            return String.format(Locale.ROOT, "nodes updated %d, items visible %d/%d, batches %d, ms: transforms "
                            + "%.3f, bounds %.3f, query index %.3f, cull %.3f, sort %.3f, queue %.3f", nodesUpdated,
                    itemsVisible, itemsTested, batches, transformNanos / 1e6, boundsNanos / 1e6,
                    queryIndexNanos / 1e6, cullNanos / 1e6, sortNanos / 1e6, queueNanos / 1e6);
        }
    }
}
