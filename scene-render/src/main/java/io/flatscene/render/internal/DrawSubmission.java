package io.flatscene.render.internal;

import io.flatscene.core.scene.RenderQueue;

/** One way of getting a frame's instances to the GPU and drawing them: see {@link DrawPath}. */
public sealed interface DrawSubmission permits MultiDrawSubmission, InstancedSubmission {
    /**
     * Writes the queue's instances (and draw commands) where the GPU will read them, and keeps whatever else the
     * draws need, so that they never read the queue, which the scene overwrites on its next frame.
     *
     * @return bytes written for the GPU
     */
    long upload(RenderQueue queue, MeshRanges meshes);

    /** Bytes of world matrices the last upload wrote. */
    long matrixBytes();

    /** Bytes of per-instance data and draw commands the last upload wrote, matrices aside. */
    long instanceBytes();

    /** How long the last upload waited for the GPU to release the memory it writes; 0 where it never waits. */
    long waitNanos();

    /** Binds this frame's instance buffer (and points the attributes at it, where one place serves every batch). */
    void bindInstances();

    /**
     * Draws batches {@code firstBatch} to {@code firstBatch + batchCount - 1} of the last upload, which share a
     * render-queue group, blending, winding and the GL draw mode {@code glMode} of their meshes.
     *
     * @return draw calls issued
     */
    int drawRun(int firstBatch, int batchCount, int glMode);

    /** Marks the end of the frame's draws, after which the memory they read may be reused once the GPU is done. */
    void endFrame();

    /**
     * Deletes the GL objects while their context is current (once it is gone, they went with it, mapped memory
     * included), and frees native memory in any case.
     */
    void release(boolean contextCurrent);
}
