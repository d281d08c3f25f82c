package io.flatscene.render;

import io.flatscene.core.scene.RenderQueue;

/** One way of getting a frame's instances to the GPU and drawing them: see {@link DrawPath}. */
sealed interface DrawSubmission permits MultiDrawSubmission, InstancedSubmission {
    /**
     * Writes the queue's instances (and draw commands) where the GPU will read them.
     *
     * @return bytes written for the GPU
     */
    long upload(RenderQueue queue, MeshRegistry meshes);

    /** Points the bound vertex array's instance attributes at this frame's instances. */
    void bindInstances();

    /**
     * Draws batches {@code firstBatch} to {@code firstBatch + batchCount - 1}, which share a render-queue group and
     * blending.
     *
     * @return draw calls issued
     */
    int drawRun(RenderQueue queue, MeshRegistry meshes, int firstBatch, int batchCount);

    /** Marks the end of the frame's draws, after which the memory they read may be reused once the GPU is done. */
    void endFrame();

    void delete();
}
