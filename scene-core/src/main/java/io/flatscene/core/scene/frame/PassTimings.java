package io.flatscene.core.scene.frame;

/** What the pipeline's passes did and how long each took, as of the last update and the last cull. */
public final class PassTimings {
    public int nodesUpdated;
    public long transformNanos;
    public long boundsNanos;
    /** The update's sync of the query index, written by the scene after the passes; 0 when there was none. */
    public long queryIndexNanos;
    public int itemsTested;
    public int itemsVisible;
    public int batches;
    public long cullNanos;
    public long sortNanos;
    public long queueNanos;
}
