package io.flatscene.samples.viewer;

import io.flatscene.core.scene.FrameStats;
import io.flatscene.render.RenderStats;
import java.util.Arrays;
import java.util.Locale;

/** Every frame's time and the sums of each phase, for the HUD and the summary line the viewer ends with. */
final class FrameRecorder {
    private double[] frameMillis = new double[1024];
    private int frames;
    private double update;
    private double cull;
    private double sort;
    private double wait;
    private double upload;
    private double submit;
    private double gpu;
    private int gpuFrames;
    private long matrixBytes;
    private long instanceBytes;
    private RenderStats last;

    void record(double millis, RenderStats stats) {
        if (frames == frameMillis.length) {
            frameMillis = Arrays.copyOf(frameMillis, frames * 2);
        }
        frameMillis[frames++] = millis;
        FrameStats scene = stats.scene();
        update += (scene.transformNanos() + scene.boundsNanos()) / 1e6;
        cull += scene.cullNanos() / 1e6;
        sort += (scene.sortNanos() + scene.queueNanos()) / 1e6;
        wait += stats.gpuWaitNanos() / 1e6;
        upload += stats.uploadNanos() / 1e6;
        submit += stats.submitNanos() / 1e6;
        if (stats.gpuNanos() >= 0) {
            gpu += stats.gpuNanos() / 1e6;
            gpuFrames++;
        }
        matrixBytes += stats.matrixBytesUploaded();
        instanceBytes += stats.instanceBytesUploaded();
        last = stats;
    }

    int frames() {
        return frames;
    }

    double averageMillis() {
        double sum = 0;
        for (int i = 0; i < frames; i++) {
            sum += frameMillis[i];
        }
        return frames == 0 ? 0 : sum / frames;
    }

    /** The frame time that 99% of frames stay within (nearest rank). */
    double percentile99Millis() {
        if (frames == 0) {
            return 0;
        }
        double[] sorted = Arrays.copyOf(frameMillis, frames);
        Arrays.sort(sorted);
        return sorted[(int) Math.ceil(0.99 * frames) - 1];
    }

    /** The viewer's last line: what a run did, in one line a script can read. */
    String summary(String scene, int nodes, int itemsTotal) {
        double n = Math.max(1, frames);
        String gpuMillis = gpuFrames == 0 ? "n/a" : String.format(Locale.ROOT, "%.2f", gpu / gpuFrames);
        return String.format(Locale.ROOT, "summary: scene %s, %d frames, frame ms avg %.2f p99 %.2f, phase ms update "
                        + "%.2f cull %.2f sort %.2f wait %.2f upload %.2f submit %.2f gpu %s, nodes %d, items "
                        + "visible %d / %d, draw calls %d, uploaded bytes a frame matrices %d instances %d", scene,
                frames, averageMillis(), percentile99Millis(), update / n, cull / n, sort / n, wait / n, upload / n,
                submit / n, gpuMillis, nodes, last == null ? 0 : last.scene().itemsVisible(), itemsTotal,
                last == null ? 0 : last.drawCalls(), Math.round(matrixBytes / n), Math.round(instanceBytes / n));
    }
}
