package io.flatscene.samples.viewer;

import io.flatscene.core.config.SceneConfig;
import io.flatscene.core.scene.FrameStats;
import io.flatscene.core.scene.SceneManager;
import io.flatscene.render.RenderStats;
import io.flatscene.render.overlay.TextOverlay;
import io.flatscene.render.target.RenderTarget;
import java.util.Formatter;
import java.util.Locale;

/**
 * The heads-up display: frame rate and time, each phase's milliseconds, counts and capacity. The text is rebuilt four
 * times a second, which is as often as anyone can read it, so the formatting is not a per-frame cost.
 */
final class Hud implements AutoCloseable, DemoScene.Labels {
    private static final double REFRESH_SECONDS = 0.25;
    private static final String CONTROLS = "1 solar  2 field  3 model  4 asteroids  5 towers   drag: turn  "
            + "scroll: zoom  WASD/QE: move\nF: fly/orbit  P: pause  B: bounds  space/backspace: burst  F12: screenshot";

    private final TextOverlay overlay = new TextOverlay();
    private final StringBuilder text = new StringBuilder(1024);
    private final Formatter formatter = new Formatter(text, Locale.ROOT);
    private double lastRefresh = Double.NEGATIVE_INFINITY;
    private int framesSinceRefresh;
    private double millisSinceRefresh;

    /** A label to draw with the HUD's text, at a window point. */
    @Override
    public void add(CharSequence text, float x, float y) {
        overlay.add(text, x, y, 1.4f, 1f, 0.95f, 0.6f);
    }

    /** Draws the HUD over {@code target}, refreshing its text when due; {@code frameMillis} is the last whole frame. */
    void draw(double now, double frameMillis, String sceneName, DemoScene demo, boolean paused, boolean showControls,
              SceneManager scene, SceneConfig config, RenderStats stats, RenderTarget target) {
        framesSinceRefresh++;
        millisSinceRefresh += frameMillis;
        if (now - lastRefresh >= REFRESH_SECONDS) {
            rebuild(sceneName, demo.status(), paused, showControls, scene, config, stats);
            lastRefresh = now;
            framesSinceRefresh = 0;
            millisSinceRefresh = 0;
        }
        overlay.add(text, 12, 12, 1.6f, 0.95f, 0.95f, 0.95f);
        overlay.draw(target);
    }

    private void rebuild(String sceneName, String status, boolean paused, boolean showControls, SceneManager scene,
                         SceneConfig config, RenderStats stats) {
        double frameMillis = framesSinceRefresh == 0 ? 0 : millisSinceRefresh / framesSinceRefresh;
        FrameStats frame = stats.scene();
        text.setLength(0);
        formatter.format("FlatScene viewer: %s%s   %.1f fps, %.2f ms/frame\n", sceneName, paused ? " (paused)" : "",
                frameMillis > 0 ? 1000 / frameMillis : 0, frameMillis);
        formatter.format("ms: update %.2f  cull %.2f  sort %.2f  wait %.2f  upload %.2f  submit %.2f  gpu %s\n",
                (frame.transformNanos() + frame.boundsNanos()) / 1e6, frame.cullNanos() / 1e6,
                (frame.sortNanos() + frame.queueNanos()) / 1e6, stats.gpuWaitNanos() / 1e6, stats.uploadNanos() / 1e6,
                stats.submitNanos() / 1e6,
                stats.gpuNanos() < 0 ? "n/a" : String.format(Locale.ROOT, "%.2f", stats.gpuNanos() / 1e6));
        formatter.format("nodes %d / %d   items %d / %d   visible %d  culled %d   draw calls %d  (%s)\n",
                scene.nodeCount(), config.maxNodes(), scene.itemCount(), config.maxItems(), frame.itemsVisible(),
                frame.itemsTested() - frame.itemsVisible(), stats.drawCalls(), stats.drawPath());
        formatter.format("uploaded KiB: matrices %.1f  instances %.1f  all %.1f\n",
                stats.matrixBytesUploaded() / 1024.0, stats.instanceBytesUploaded() / 1024.0,
                stats.bytesUploaded() / 1024.0);
        if (scene.itemCount() > config.maxItems()) {
            formatter.format("items outgrew %s=%d: raise it (--config) to skip the growth copies\n",
                    SceneConfig.MAX_ITEMS_KEY, config.maxItems());
        }
        if (scene.nodeCount() > config.maxNodes()) {
            formatter.format("nodes outgrew %s=%d: raise it (--config) to skip the growth copies\n",
                    SceneConfig.MAX_NODES_KEY, config.maxNodes());
        }
        if (!status.isEmpty()) {
            text.append(status).append('\n');
        }
        if (showControls) {
            text.append(CONTROLS);
        }
    }

    @Override
    public void close() {
        overlay.close();
    }
}
