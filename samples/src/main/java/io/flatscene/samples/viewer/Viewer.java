package io.flatscene.samples.viewer;

import io.flatscene.assets.ModelException;
import io.flatscene.core.config.SceneConfig;
import io.flatscene.core.container.CapacityExceededException;
import io.flatscene.core.scene.Camera;
import io.flatscene.core.scene.SceneManager;
import io.flatscene.core.scene.SceneNode;
import io.flatscene.render.RenderStats;
import io.flatscene.render.Renderer;
import io.flatscene.render.RendererConfig;
import io.flatscene.render.context.ContextException;
import io.flatscene.render.image.Image;
import io.flatscene.render.overlay.BoundsOverlay;
import io.flatscene.render.target.RenderTarget;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Properties;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;

/**
 * The sample viewer: the demo scenes in a 1280x720 window, or headless through EGL where there is no display
 * (or with {@code --headless}), ending with one summary line. See {@link ViewerOptions#USAGE}.
 */
public final class Viewer {
    private static final Logger LOG = LogManager.getLogger(Viewer.class);
    private static final int WIDTH = 1280;
    private static final int HEIGHT = 720;
    /** Enough boxes to show the pattern without the overlay costing more than the scene. */
    private static final int MAX_BOUNDS = 20_000;

    private final ViewerOptions options;
    private final SceneConfig config;
    private final RendererConfig rendererConfig;
    private final Surface surface;
    private final boolean headless;
    private final PrintStream out;

    private Viewer(ViewerOptions options, SceneConfig config, RendererConfig rendererConfig, Surface surface,
                   boolean headless, PrintStream out) {
        this.options = options;
        this.config = config;
        this.rendererConfig = rendererConfig;
        this.surface = surface;
        this.headless = headless;
        this.out = out;
    }

    public static void main(String[] args) {
        System.exit(run(args, System.out, System.err));
    }

    /** Runs the viewer; returns the exit status: 0 done, 1 failed while running, 2 unusable command line. */
    static int run(String[] args, PrintStream out, PrintStream err) {
        ViewerOptions options;
        SceneConfig config;
        RendererConfig rendererConfig;
        try {
            options = ViewerOptions.parse(args);
            config = loadConfig(options.config());
            rendererConfig = RendererConfig.defaults();
        } catch (ViewerOptions.HelpRequested e) {
            out.println(ViewerOptions.USAGE);
            return 0;
        } catch (ViewerOptions.UsageException | IllegalArgumentException | UncheckedIOException e) {
            // IllegalArgumentException: a ConfigException for a bad scene or renderer (-Dflatscene.render.*) setting
            // or a --config file that is no properties file, an InvalidPathException for an unusable path
            return usageError(err, e.getMessage());
        }
        boolean headless = options.headless() || !hasDisplay();
        if (headless && !options.headless()) {
            err.println("flatscene-viewer: no display found, rendering headless through EGL");
        }
        try (Surface surface = headless ? new HeadlessSurface(WIDTH, HEIGHT) : new WindowSurface(WIDTH, HEIGHT)) {
            new Viewer(options, config, rendererConfig, surface, headless, out).runScenes();
            return 0;
        } catch (ModelException e) {
            return usageError(err, e.getMessage());
        } catch (CapacityExceededException | ContextException | UncheckedIOException e) {
            err.println("flatscene-viewer: " + e.getMessage());
            return 1;
        } catch (IllegalArgumentException e) {
            // what the scenes build from the command line and the model was checked; this is a fault of the viewer's
            // own, so its trace goes to the log for a bug report, and the user gets the rule that broke
            LOG.debug("the viewer stopped on a rule it broke itself", e);
            err.println("flatscene-viewer: " + e.getMessage());
            return 1;
        } catch (OutOfMemoryError e) {
            // by now the scene and renderer are released, so there is room to say so
            err.println("flatscene-viewer: out of memory (" + e.getMessage() + "); give Java more with -Xmx, or "
                    + "ask for less with --count or --config");
            return 1;
        }
    }

    private static int usageError(PrintStream err, String reason) {
        err.println("flatscene-viewer: " + reason);
        err.println(ViewerOptions.USAGE);
        return 2;
    }

    /**
     * The --config file, read by the library's own rules (UTF-8, a byte-order mark skipped) so that a file the
     * library accepts the viewer accepts too, under the system properties as every configuration is; without one,
     * samples/viewer.properties, which the build bundles as the viewer's defaults.
     */
    static SceneConfig loadConfig(Path file) {
        if (file != null) {
            return SceneConfig.load(file);
        }
        Properties bundled = new Properties();
        try (Reader reader = new InputStreamReader(Viewer.class.getResourceAsStream("viewer.properties"),
                StandardCharsets.UTF_8)) {
            bundled.load(reader);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the bundled viewer.properties: " + e, e);
        }
        return SceneConfig.fromProperties(bundled, new Properties());
    }

    private static boolean hasDisplay() {
        String os = System.getProperty("os.name", "").toLowerCase();
        if (os.contains("win") || os.contains("mac")) {
            return true;
        }
        return !isBlank(System.getenv("DISPLAY")) || !isBlank(System.getenv("WAYLAND_DISPLAY"));
    }

    private static boolean isBlank(String value) {
        return value == null || value.isBlank();
    }

    private void runScenes() {
        try (Hud hud = new Hud(); BoundsOverlay bounds = new BoundsOverlay()) {
            SceneKind next = options.scene();
            while (next != null) {
                next = runScene(next, hud, bounds);
            }
        }
    }

    /** Runs one scene until the frames are done, the window closes, or another scene is asked for (returned). */
    private SceneKind runScene(SceneKind kind, Hud hud, BoundsOverlay boundsOverlay) {
        int frameLimit = options.frames() != null ? options.frames()
                : headless ? ViewerOptions.DEFAULT_FRAMES : Integer.MAX_VALUE;
        ViewerInput input = surface.input();
        String label = kind.label();
        try (Renderer renderer = new Renderer(rendererConfig);
             SceneManager scene = new SceneManager(config)) {
            Camera camera = scene.createCamera("viewer");
            SceneNode eye = scene.rootNode().createChild("viewer camera");
            eye.attachObject(camera);
            CameraRig rig = new CameraRig(eye, camera);
            DemoScene demo = DemoScene.of(options, kind);
            demo.build(renderer, scene, rig);
            LOG.info("scene {} built: {} nodes, {} items", label, scene.nodeCount(), scene.itemCount());
            if (input != null) {
                input.control(rig);
            }
            FrameRecorder recorder = new FrameRecorder();
            boolean paused = false;
            boolean showBounds = false;
            double time = 0;
            long previous = System.nanoTime();
            SceneKind requested = null;
            Path screenshot = options.screenshotOrDefault(headless);
            double lastFrameMillis = 0;
            while (recorder.frames() < frameLimit && !surface.closeRequested()) {
                long start = System.nanoTime();
                double dt = Math.min((start - previous) / 1e9, 0.1);
                previous = start;
                if (input != null) {
                    requested = input.takeRequestedScene();
                    if (requested != null && requested != kind) {
                        break;
                    }
                    paused ^= input.takePauseToggle();
                    showBounds ^= input.takeBoundsToggle();
                    if (input.takeSpawn()) {
                        demo.spawnBurst();
                    }
                    if (input.takeDespawn()) {
                        demo.despawnBurst();
                    }
                    input.moveHeld(dt);
                }
                if (!paused) {
                    time += dt;
                    demo.update(time, dt);
                }
                RenderTarget target = surface.target();
                if (camera.viewportWidth() != target.width() || camera.viewportHeight() != target.height()) {
                    camera.setViewport(target.width(), target.height());
                }
                RenderStats stats = renderer.render(scene, camera, target);
                if (showBounds) {
                    boundsOverlay.draw(scene, camera, target, MAX_BOUNDS);
                }
                demo.label(camera, hud);
                // the HUD refreshes on the wall clock: scene time stops while paused and restarts with each scene
                hud.draw(System.nanoTime() / 1e9, lastFrameMillis, label, demo, paused, !headless, scene, config,
                        stats, target);
                long screenshotNanos = 0;
                if (input != null && input.takeScreenshot()) {
                    screenshotNanos += screenshot(target, Path.of("target", "flatscene-" + label + "-"
                            + recorder.frames() + ".png"));
                }
                // read before the swap: a window's back buffer is undefined after it
                if (screenshot != null && recorder.frames() + 1 == frameLimit) {
                    screenshotNanos += screenshot(target, screenshot);
                    screenshot = null;
                }
                surface.endFrame();
                // writing a PNG is not the frame's work, and would be the run's worst frame
                lastFrameMillis = (System.nanoTime() - start - screenshotNanos) / 1e6;
                recorder.record(lastFrameMillis, stats);
            }
            if (screenshot != null) {
                LOG.warn("no screenshot written: the window closed before frame {} (--frames)", frameLimit);
            }
            String status = demo.status();
            if (!status.isEmpty()) {
                // what the scene itself did, for a script as for the HUD
                out.println(label + ": " + status);
            }
            out.println(recorder.summary(label, scene.nodeCount(), scene.itemCount()));
            return requested != null && requested != kind ? requested : null;
        }
    }

    /** Writes the target as a PNG and says where; returns the time it took. */
    private long screenshot(RenderTarget target, Path file) {
        long start = System.nanoTime();
        Image.read(target).writePng(file);
        out.println("screenshot: " + file.toAbsolutePath());
        return System.nanoTime() - start;
    }
}
