package io.flatscene.render;

import io.flatscene.core.scene.FrameStats;

/**
 * What the renderer did in its last frame and how long each step took. One instance, overwritten every frame: read
 * it before the next or copy what you keep.
 */
public final class RenderStats {
    long frame;
    DrawPath drawPath;
    FrameStats scene;
    int instances;
    int batches;
    int drawCalls;
    long bytesUploaded;
    long matrixBytesUploaded;
    long instanceBytesUploaded;
    long prepareNanos;
    long uploadNanos;
    long gpuWaitNanos;
    long submitNanos;
    long gpuNanos = -1;
    long glErrors = -1;

    RenderStats() {
    }

    /** Frames prepared so far, this one included. */
    public long frame() {
        return frame;
    }

    /** The path the renderer draws with, {@link DrawPath#AUTO} resolved. */
    public DrawPath drawPath() {
        return drawPath;
    }

    /** The scene's own statistics of this frame: transform, bounds, cull, sort and queue times and counts. */
    public FrameStats scene() {
        return scene;
    }

    public int instances() {
        return instances;
    }

    public int batches() {
        return batches;
    }

    public int drawCalls() {
        return drawCalls;
    }

    /** Instance data, world matrices, draw commands, frame uniforms and materials written for the GPU this frame. */
    public long bytesUploaded() {
        return bytesUploaded;
    }

    /**
     * The part of {@link #bytesUploaded} that is world matrices: on the multi-draw path only the blocks of eight
     * transform slots the scene changed (0 for a still scene); on the instanced path every instance's matrix.
     */
    public long matrixBytesUploaded() {
        return matrixBytesUploaded;
    }

    /**
     * The part of {@link #bytesUploaded} that is the instance stream and draw commands: on the multi-draw path 8 bytes
     * an instance (its transform slot and material) plus a command a batch, and 0 when the queue's order and contents
     * did not change; on the instanced path the material id of every instance.
     */
    public long instanceBytesUploaded() {
        return instanceBytesUploaded;
    }

    /** CPU time of the whole preparation: the scene's frame update, waiting for the GPU, and the upload. */
    public long prepareNanos() {
        return prepareNanos;
    }

    /** CPU time writing instances, commands and uniforms. */
    public long uploadNanos() {
        return uploadNanos;
    }

    /**
     * Time the upload waited for the GPU to finish with the buffer region it writes (the frame three back): when
     * this is large the GPU, not the CPU, sets the frame rate. Always 0 on the instanced path, whose waits happen
     * inside the driver.
     */
    public long gpuWaitNanos() {
        return gpuWaitNanos;
    }

    /** CPU time issuing the frame's GL commands. */
    public long submitNanos() {
        return submitNanos;
    }

    /** GPU time of the newest frame whose timer query has come back (a few frames old); -1 when none has yet. */
    public long gpuNanos() {
        return gpuNanos;
    }

    /** GL errors the debug output has reported since the renderer started; -1 when debug output is off. */
    public long glErrors() {
        return glErrors;
    }

    @Override
    public String toString() {
        return String.format("frame %d (%s): %d instances in %d batches, %d draw calls, %d bytes uploaded (matrices "
                        + "%d, instances %d); ms: prepare %.3f (scene %.3f, gpu wait %.3f, upload %.3f), submit %.3f, "
                        + "gpu %s", frame, drawPath, instances, batches, drawCalls, bytesUploaded, matrixBytesUploaded,
                instanceBytesUploaded, prepareNanos / 1e6,
                scene == null ? 0 : scene.totalNanos() / 1e6, gpuWaitNanos / 1e6, uploadNanos / 1e6,
                submitNanos / 1e6, gpuNanos < 0 ? "n/a" : String.format("%.3f", gpuNanos / 1e6));
    }
}
