package io.flatscene.core.scene;

import io.flatscene.core.scene.frame.PassTimings;

/**
 * What one frame's passes did and how long each took: the scene's {@link SceneManager#update()} and one view's
 * {@link SceneManager#cull}. Each render queue keeps one instance, overwritten by every cull into it (the scene keeps
 * one for its updates): read it before the next frame or copy what you keep.
 */
public final class FrameStats {
    int nodesUpdated;
    int itemsTested;
    int itemsVisible;
    int batches;
    long transformNanos;
    long boundsNanos;
    long cullNanos;
    long sortNanos;
    long queueNanos;

    FrameStats() {
    }

    void copyUpdate(PassTimings timings) {
        nodesUpdated = timings.nodesUpdated;
        transformNanos = timings.transformNanos;
        boundsNanos = timings.boundsNanos;
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

    /** World matrices recomputed by the transform pass. */
    public int nodesUpdated() {
        return nodesUpdated;
    }

    /**
     * Items the culling pass looked at: every item of the scene, or none when the cull kept its queue
     * ({@link RenderQueue#isKept()}).
     */
    public int itemsTested() {
        return itemsTested;
    }

    public int itemsVisible() {
        return itemsVisible;
    }

    public int batches() {
        return batches;
    }

    public long transformNanos() {
        return transformNanos;
    }

    public long boundsNanos() {
        return boundsNanos;
    }

    public long cullNanos() {
        return cullNanos;
    }

    public long sortNanos() {
        return sortNanos;
    }

    /** The time to turn the sorted items into batches. */
    public long queueNanos() {
        return queueNanos;
    }

    public long totalNanos() {
        return transformNanos + boundsNanos + cullNanos + sortNanos + queueNanos;
    }

    @Override
    public String toString() {
        return String.format("nodes updated %d, items visible %d/%d, batches %d, ms: transforms %.3f, bounds %.3f, "
                        + "cull %.3f, sort %.3f, queue %.3f", nodesUpdated, itemsVisible, itemsTested, batches,
                transformNanos / 1e6, boundsNanos / 1e6, cullNanos / 1e6, sortNanos / 1e6, queueNanos / 1e6);
    }
}
