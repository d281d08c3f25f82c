package io.flatscene.render;

import io.flatscene.core.scene.FrameStats;

/**
 * What the renderer did in its last frame and how long each step took.
 *
 * <p>The object is reused: the renderer keeps one instance and overwrites it every frame, and {@link #scene()} is
 * the render queue's own reused {@link FrameStats}, so a reference stored across frames reads the latest frame's
 * figures. To keep a frame's figures, take a {@link #snapshot()}: an immutable copy, the scene's figures included,
 * allocated only then.
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

    /**
     * Frames prepared so far, this one included.
     *
     * @return 1 or more once the renderer has prepared a frame
     */
    public long frame() {
        return frame;
    }

    /**
     * The path the renderer draws with, {@link DrawPath#AUTO} resolved.
     *
     * @return {@link DrawPath#MULTI_DRAW_INDIRECT} or {@link DrawPath#INSTANCED}; null before the first frame
     */
    public DrawPath drawPath() {
        return drawPath;
    }

    /**
     * The scene's own statistics of this frame: transform, bounds, cull, sort and queue times and counts.
     *
     * @return the scene's statistics, overwritten by the next frame like this object; null before the first frame
     */
    public FrameStats scene() {
        return scene;
    }

    /** {@return the number of item instances drawn this frame, after culling} */
    public int instances() {
        return instances;
    }

    /** {@return the number of batches, each a run of queued instances sharing mesh and material} */
    public int batches() {
        return batches;
    }

    /**
     * The GL draw calls of the last draw: on the multi-draw path one per run of batches drawn with the same state
     * (render-queue group, blending, winding), on the instanced path one per batch; 0 until the prepared frame is
     * drawn.
     *
     * @return the number of draw calls, 0 or more
     */
    public int drawCalls() {
        return drawCalls;
    }

    /**
     * Instance data, world matrices, draw commands, frame uniforms and materials written for the GPU this frame.
     *
     * @return bytes, 0 or more
     */
    public long bytesUploaded() {
        return bytesUploaded;
    }

    /**
     * The part of {@link #bytesUploaded} that is world matrices: on the multi-draw path only the blocks of eight
     * transform slots the scene changed (0 for a still scene); on the instanced path every instance's matrix.
     *
     * @return bytes, 0 or more
     */
    public long matrixBytesUploaded() {
        return matrixBytesUploaded;
    }

    /**
     * The part of {@link #bytesUploaded} that is the instance stream and draw commands: on the multi-draw path 12
     * bytes an instance (its transform slot, material and tint) plus a command a batch, and 0 when the queue's order
     * and contents did not change; on the instanced path the material id and tint of every instance, 8 bytes each.
     *
     * @return bytes, 0 or more
     */
    public long instanceBytesUploaded() {
        return instanceBytesUploaded;
    }

    /**
     * CPU time of the whole preparation: the scene's frame update, waiting for the GPU, and the upload.
     *
     * @return nanoseconds
     */
    public long prepareNanos() {
        return prepareNanos;
    }

    /**
     * CPU time writing instances, commands and uniforms.
     *
     * @return nanoseconds
     */
    public long uploadNanos() {
        return uploadNanos;
    }

    /**
     * Time the upload waited for the GPU to finish with the buffer region it writes (the frame three back): when
     * this is large the GPU, not the CPU, sets the frame rate. Always 0 on the instanced path, whose waits happen
     * inside the driver.
     *
     * @return nanoseconds, 0 or more
     */
    public long gpuWaitNanos() {
        return gpuWaitNanos;
    }

    /**
     * CPU time issuing the frame's GL commands.
     *
     * @return nanoseconds
     */
    public long submitNanos() {
        return submitNanos;
    }

    /**
     * GPU time of the newest frame whose timer query has come back (a few frames old); -1 when none has yet.
     *
     * @return nanoseconds, or -1; always -1 with GPU timing off or a context without timer queries
     */
    public long gpuNanos() {
        return gpuNanos;
    }

    /**
     * GL errors the debug output has reported since the renderer started; -1 when debug output is off. When the
     * game had a debug callback of its own, the errors of the game's GL calls go to it and are not counted here.
     *
     * @return the count, or -1
     */
    public long glErrors() {
        return glErrors;
    }

    /**
     * Copies the figures as they are now, the scene's included; later frames leave the copy as it was.
     *
     * @return a new immutable copy with the same figures
     */
    public Snapshot snapshot() {
        return new Snapshot(frame, drawPath, scene == null ? null : scene.snapshot(), instances, batches, drawCalls,
                bytesUploaded, matrixBytesUploaded, instanceBytesUploaded, prepareNanos, uploadNanos, gpuWaitNanos,
                submitNanos, gpuNanos, glErrors);
    }

    /** {@return the figures in one line, as {@link Snapshot#toString()} gives them} */
    @Override
    public String toString() {
        return snapshot().toString();
    }

    /**
     * One frame's figures, copied from {@link RenderStats} by {@link RenderStats#snapshot()} and never changed after:
     * each component reads as the getter of the same name read when the copy was taken.
     *
     * @param frame                 {@link RenderStats#frame()}
     * @param drawPath              {@link RenderStats#drawPath()}
     * @param scene                 a snapshot of {@link RenderStats#scene()}; null before the first frame
     * @param instances             {@link RenderStats#instances()}
     * @param batches               {@link RenderStats#batches()}
     * @param drawCalls             {@link RenderStats#drawCalls()}
     * @param bytesUploaded         {@link RenderStats#bytesUploaded()}
     * @param matrixBytesUploaded   {@link RenderStats#matrixBytesUploaded()}
     * @param instanceBytesUploaded {@link RenderStats#instanceBytesUploaded()}
     * @param prepareNanos          {@link RenderStats#prepareNanos()}
     * @param uploadNanos           {@link RenderStats#uploadNanos()}
     * @param gpuWaitNanos          {@link RenderStats#gpuWaitNanos()}
     * @param submitNanos           {@link RenderStats#submitNanos()}
     * @param gpuNanos              {@link RenderStats#gpuNanos()}
     * @param glErrors              {@link RenderStats#glErrors()}
     */
    public record Snapshot(long frame, DrawPath drawPath, FrameStats.Snapshot scene, int instances, int batches,
                           int drawCalls, long bytesUploaded, long matrixBytesUploaded, long instanceBytesUploaded,
                           long prepareNanos, long uploadNanos, long gpuWaitNanos, long submitNanos, long gpuNanos,
                           long glErrors) {
        /** {@return the counts, bytes and each step's milliseconds in one line} */
        @Override
        public String toString() {
            return String.format("frame %d (%s): %d instances in %d batches, %d draw calls, %d bytes uploaded "
                            + "(matrices %d, instances %d); ms: prepare %.3f (scene %.3f, gpu wait %.3f, upload "
                            + "%.3f), submit %.3f, gpu %s", frame, drawPath, instances, batches, drawCalls,
                    bytesUploaded, matrixBytesUploaded, instanceBytesUploaded, prepareNanos / 1e6,
                    scene == null ? 0 : scene.totalNanos() / 1e6, gpuWaitNanos / 1e6, uploadNanos / 1e6,
                    submitNanos / 1e6, gpuNanos < 0 ? "n/a" : String.format("%.3f", gpuNanos / 1e6));
        }
    }
}
