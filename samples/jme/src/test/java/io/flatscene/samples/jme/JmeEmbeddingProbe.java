package io.flatscene.samples.jme;

import com.jme3.math.Vector3f;
import com.jme3.post.SceneProcessor;
import com.jme3.profile.AppProfiler;
import com.jme3.renderer.RenderManager;
import com.jme3.renderer.ViewPort;
import com.jme3.renderer.queue.RenderQueue;
import com.jme3.texture.FrameBuffer;
import com.jme3.util.SafeArrayList;
import io.flatscene.render.image.Image;
import io.flatscene.render.target.RenderTarget;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The sample application with checks around FlatScene's processor ({@link StateCheckingProcessor}), jME's own GL
 * error checking on (its graphics debug mode fails at the first jME GL call that raises an error), and a look at the
 * finished last frame, GUI included: the colour at points where each layer must show, and how many pixels each
 * covers. Run in a child JVM by {@link JmeFlatSceneAppTest}; prints {@code probe.KEY=VALUE} lines.
 *
 * <p>usage: {@code JmeEmbeddingProbe FRAMES [SCREENSHOT.png]}
 */
public final class JmeEmbeddingProbe extends JmeFlatSceneApp {
    private final int frames;
    private final Path screenshot;
    private StateCheckingProcessor checks;
    private final LastFrame lastFrame = new LastFrame();
    private final Map<String, String> results = new LinkedHashMap<>();

    private JmeEmbeddingProbe(int frames, Path screenshot) {
        super(frames);
        this.frames = frames;
        this.screenshot = screenshot;
    }

    public static void main(String[] args) throws InterruptedException {
        JmeEmbeddingProbe probe = new JmeEmbeddingProbe(Integer.parseInt(args[0]),
                args.length > 1 ? Path.of(args[1]) : null);
        probe.configure();
        probe.settings.setGraphicsDebug(true);
        probe.start();
        System.exit(probe.awaitEnd());
    }

    @Override
    public void simpleInitApp() {
        super.simpleInitApp();
        SafeArrayList<SceneProcessor> processors = viewPort.getProcessors();
        for (int i = 0; i < processors.size(); i++) {
            if (processors.get(i) instanceof FlatSceneProcessor flatScene) {
                checks = new StateCheckingProcessor(flatScene);
                processors.set(i, checks);
            }
        }
        guiViewPort.addProcessor(lastFrame);
    }

    @Override
    public void destroy() {
        super.destroy();
        results.put("frames", String.valueOf(lastFrame.drawn));
        results.put("draws", String.valueOf(checks.draws));
        results.put("checkedCalls", String.valueOf(checks.checkedCalls));
        results.put("stateValues", String.valueOf(checks.values));
        results.put("stateChanges", checks.changes.isEmpty() ? "none" : String.join(" | ", checks.changes));
        results.put("jmeGlErrors", String.valueOf(checks.jmeErrors));
        results.put("flatSceneGlErrors", String.valueOf(checks.flatSceneErrors));
        results.put("viewProjectionDifference", String.valueOf(checks.viewProjectionDifference));
        for (String name : new String[]{"blend", "cull face", "framebuffer sRGB", "depth test", "program",
                "vertex array", "array buffer", "element array buffer", "unit 0 2d"}) {
            results.put("jmeState." + name.replace(' ', '_'), checks.stateAtLastDraw.get(name));
        }
        results.forEach((key, value) -> System.out.println("probe." + key + "=" + value));
    }

    private void lookAtLastFrame() {
        int width = cam.getWidth();
        int height = cam.getHeight();
        Image frame = Image.read(RenderTarget.of(0, width, height));
        results.put("size", width + "x" + height);
        // jME's box in front of the middle of FlatScene's bar, which runs through it
        sample(frame, "boxOverBarLeft", new Vector3f(-1f, CubeField.BOX_CENTRE_Y, 0f));
        sample(frame, "boxOverBarRight", new Vector3f(1f, CubeField.BOX_CENTRE_Y, 0f));
        sample(frame, "boxTop", new Vector3f(0f, CubeField.BOX_CENTRE_Y + 1.2f, BOX_HALF));
        // FlatScene's bar ends, out of the box, and its bead in front of the box
        float barEnd = CubeField.BAR_LENGTH / 2f - 0.6f;
        sample(frame, "barLeftEnd", new Vector3f(-barEnd, CubeField.BOX_CENTRE_Y, 0f));
        sample(frame, "barRightEnd", new Vector3f(barEnd, CubeField.BOX_CENTRE_Y, 0f));
        sample(frame, "beadOverBox", new Vector3f(0f, CubeField.BOX_CENTRE_Y, CubeField.BEAD_Z));
        // jME's GUI panel over everything, and the background jME cleared to
        results.put("guiPanel", rgb(frame, PANEL_X + PANEL_WIDTH / 2, PANEL_Y + PANEL_HEIGHT / 2));
        results.put("background", rgb(frame, 4, height - 5));
        countPixels(frame);
        if (screenshot != null) {
            frame.writePng(screenshot);
        }
    }

    /** The colour at {@code world}'s pixel, as jME's camera projects it. */
    private void sample(Image frame, String key, Vector3f world) {
        Vector3f screen = cam.getScreenCoordinates(world);
        results.put(key, rgb(frame, Math.round(screen.x), Math.round(screen.y)));
    }

    /** {@code "r,g,b"} at window pixel (x, y), counted from the bottom-left as jME and GL count. */
    private static String rgb(Image frame, int x, int y) {
        int rgba = frame.rgba(x, frame.height() - 1 - y);
        return (rgba >>> 24) + "," + (rgba >>> 16 & 0xFF) + "," + (rgba >>> 8 & 0xFF);
    }

    /** jME's red box and green panel are flat, exact colours; FlatScene's lit cubes are neither nor background. */
    private void countPixels(Image frame) {
        int background = frame.rgba(4, 4) | 0xFF;
        int red = 0;
        int green = 0;
        int backgroundPixels = 0;
        int other = 0;
        for (int y = 0; y < frame.height(); y++) {
            for (int x = 0; x < frame.width(); x++) {
                int rgba = frame.rgba(x, y) | 0xFF;
                if (rgba == 0xFF0000FF) {
                    red++;
                } else if (rgba == 0x00FF00FF) {
                    green++;
                } else if (rgba == background) {
                    backgroundPixels++;
                } else {
                    other++;
                }
            }
        }
        results.put("redPixels", String.valueOf(red));
        results.put("greenPixels", String.valueOf(green));
        results.put("backgroundPixels", String.valueOf(backgroundPixels));
        results.put("otherPixels", String.valueOf(other));
    }

    /** Looks at the window once the GUI viewport, the last of the frame, has drawn the last frame. */
    private final class LastFrame implements SceneProcessor {
        private boolean initialized;
        private int drawn;

        @Override
        public void initialize(RenderManager renderManager, ViewPort viewPort) {
            initialized = true;
        }

        @Override
        public void reshape(ViewPort viewPort, int width, int height) {
        }

        @Override
        public boolean isInitialized() {
            return initialized;
        }

        @Override
        public void preFrame(float tpf) {
        }

        @Override
        public void postQueue(RenderQueue queue) {
        }

        @Override
        public void postFrame(FrameBuffer out) {
            if (++drawn == frames) {
                lookAtLastFrame();
            }
        }

        @Override
        public void cleanup() {
        }

        @Override
        public void setProfiler(AppProfiler profiler) {
        }
    }
}
