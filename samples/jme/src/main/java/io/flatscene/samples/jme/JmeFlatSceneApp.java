package io.flatscene.samples.jme;

import com.jme3.app.SimpleApplication;
import com.jme3.app.state.AppState;
import com.jme3.font.BitmapText;
import com.jme3.material.Material;
import com.jme3.material.RenderState;
import com.jme3.math.ColorRGBA;
import com.jme3.math.FastMath;
import com.jme3.math.Vector3f;
import com.jme3.renderer.queue.RenderQueue;
import com.jme3.scene.Geometry;
import com.jme3.scene.shape.Box;
import com.jme3.scene.shape.Quad;
import com.jme3.system.AppSettings;
import com.jme3.system.JmeSystem;
import com.jme3.system.JmeVersion;
import com.jme3.system.Platform;
import java.util.concurrent.CountDownLatch;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;
import org.lwjgl.Version;

import static org.lwjgl.opengl.GL11C.GL_VERSION;
import static org.lwjgl.opengl.GL11C.glGetString;

/**
 * A jMonkeyEngine 3.9 application on its LWJGL3 backend whose every frame holds both engines' drawing: jME's own
 * scene (a red box, a translucent textured pane), a FlatScene scene drawn by a {@link FlatSceneProcessor} in jME's GL
 * context (a grid of cubes with churn, a bar through jME's box and a bead in front of it), both seen through jME's
 * camera as it orbits, and jME's GUI (a green panel and a line of text) over them.
 *
 * <p>Run it with {@code java -cp samples/jme/target/classes:<its class path> io.flatscene.samples.jme.JmeFlatSceneApp
 * [--frames N]} on a machine with a display (see the README): without {@code --frames} it runs until the window is
 * closed or Escape is pressed.
 */
public class JmeFlatSceneApp extends SimpleApplication {
    private static final Logger LOG = LogManager.getLogger(JmeFlatSceneApp.class);
    static final int WIDTH = 960;
    static final int HEIGHT = 540;
    /** jME's box: its centre, above FlatScene's grid, and its half extent. */
    static final Vector3f BOX_CENTRE = new Vector3f(0f, CubeField.BOX_CENTRE_Y, 0f);
    static final float BOX_HALF = 1.5f;
    /** jME's GUI panel, in window pixels from the bottom-left corner. */
    static final int PANEL_X = 20;
    static final int PANEL_Y = 20;
    static final int PANEL_WIDTH = 160;
    static final int PANEL_HEIGHT = 40;
    static final ColorRGBA BACKGROUND = new ColorRGBA(0.08f, 0.08f, 0.12f, 1f);

    private final int frames;
    private final CountDownLatch ended = new CountDownLatch(1);
    private volatile Thread renderThread;
    private volatile String failure;
    private int frame;
    private FlatSceneProcessor flatScene;

    /** @param frames the frames to draw before the application stops itself; {@link Integer#MAX_VALUE} for no end */
    public JmeFlatSceneApp(int frames) {
        // no fly camera, statistics or debug keys: the camera orbits by itself and the GUI holds only the sample's own
        super(new AppState[0]);
        this.frames = frames;
    }

    public static void main(String[] args) throws InterruptedException {
        int frames = Integer.MAX_VALUE;
        if (args.length == 2 && args[0].equals("--frames") && args[1].matches("[1-9][0-9]{0,8}")) {
            frames = Integer.parseInt(args[1]);
        } else if (args.length > 0) {
            System.err.println("usage: JmeFlatSceneApp [--frames N]");
            System.exit(2);
        }
        JmeFlatSceneApp app = new JmeFlatSceneApp(frames);
        app.configure();
        app.start();
        System.exit(app.awaitEnd());
    }

    /**
     * The settings FlatScene needs from jME: an OpenGL 4.5 core context, 4.1 on macOS, which has no newer one (jME's
     * {@code LWJGL_OPENGL4x} ask GLFW for a forward-compatible core profile of that version at least; FlatScene needs
     * 4.1 core and draws with multi-draw indirect from 4.4 on, while jME's default asks only for 3.2), no settings
     * dialog, and no pause when the window loses focus.
     */
    void configure() {
        AppSettings settings = new AppSettings(true);
        settings.setRenderer(JmeSystem.getPlatform().getOs() == Platform.Os.MacOS ? AppSettings.LWJGL_OPENGL41
                : AppSettings.LWJGL_OPENGL45);
        settings.setResolution(WIDTH, HEIGHT);
        settings.setTitle("jMonkeyEngine with FlatScene");
        settings.setAudioRenderer(null);
        settings.setVSync(frames == Integer.MAX_VALUE);
        settings.setResizable(true);
        setSettings(settings);
        setShowSettings(false);
        setPauseOnLostFocus(false);
    }

    /**
     * Waits until the application ended and jME's render thread is gone, its window and context with it.
     *
     * @return the exit status: 0, or 1 when jME reported an error
     */
    int awaitEnd() throws InterruptedException {
        ended.await();
        Thread thread = renderThread;
        if (thread != null && thread != Thread.currentThread()) {
            thread.join();
        }
        return failure == null ? 0 : 1;
    }

    @Override
    public void simpleInitApp() {
        viewPort.setBackgroundColor(BACKGROUND);
        orbit();

        Geometry box = new Geometry("jME box", new Box(BOX_HALF, BOX_HALF, BOX_HALF));
        box.setMaterial(unshaded(ColorRGBA.Red));
        box.setLocalTranslation(BOX_CENTRE);
        rootNode.attachChild(box);

        // translucent and textured, behind everything else: at FlatScene's turn jME has blending on, face culling
        // off and a texture bound
        Geometry pane = new Geometry("jME pane", new Quad(6f, 4f));
        Material glass = unshaded(new ColorRGBA(0.4f, 0.7f, 1f, 0.5f));
        glass.setTexture("ColorMap", assetManager.loadTexture("Common/Textures/lightbulb32.png"));
        glass.getAdditionalRenderState().setBlendMode(RenderState.BlendMode.Alpha);
        glass.getAdditionalRenderState().setFaceCullMode(RenderState.FaceCullMode.Off);
        pane.setMaterial(glass);
        pane.setQueueBucket(RenderQueue.Bucket.Transparent);
        pane.setLocalTranslation(-14f, 1f, -8f);
        rootNode.attachChild(pane);

        Geometry panel = new Geometry("jME GUI panel", new Quad(PANEL_WIDTH, PANEL_HEIGHT));
        panel.setMaterial(unshaded(ColorRGBA.Green));
        panel.setLocalTranslation(PANEL_X, PANEL_Y, 0f);
        guiNode.attachChild(panel);
        BitmapText label = new BitmapText(guiFont);
        label.setText("jME GUI over jME's box and FlatScene's cubes");
        label.setLocalTranslation(PANEL_X, PANEL_Y + PANEL_HEIGHT + 30f, 0f);
        guiNode.attachChild(label);

        flatScene = new FlatSceneProcessor();
        viewPort.addProcessor(flatScene);
    }

    private Material unshaded(ColorRGBA colour) {
        Material material = new Material(assetManager, "Common/MatDefs/Misc/Unshaded.j3md");
        material.setColor("Color", colour);
        return material;
    }

    @Override
    public void simpleUpdate(float tpf) {
        frame++;
        orbit();
        if (frame >= frames) {
            // this frame is still drawn; the loop ends after it
            stop();
        }
    }

    /** Swings jME's camera to and fro in front of the box, a step per frame, so every run sees the same frames. */
    private void orbit() {
        float angle = 0.6f * FastMath.sin(frame * 0.02f);
        cam.setLocation(new Vector3f(30f * FastMath.sin(angle), 14f, 30f * FastMath.cos(angle)));
        cam.lookAt(new Vector3f(0f, 2f, 0f), Vector3f.UNIT_Y);
    }

    /** Called by jME on its render thread once the loop ended, with its context still current. */
    @Override
    public void destroy() {
        renderThread = Thread.currentThread();
        try {
            if (flatScene != null && flatScene.renderer() != null) {
                System.out.printf("jME %s on LWJGL %s, %s: %d frames; FlatScene drew %d instances (%d cubes) in %d "
                        + "draw calls on the %s path%n", JmeVersion.VERSION_FULL, Version.getVersion(),
                        glGetString(GL_VERSION), frame, flatScene.renderer().stats().instances(), flatScene.cubes(),
                        flatScene.renderer().stats().drawCalls(), flatScene.renderer().drawPath());
            }
            // jME leaves a viewport's processors as they are when it ends: cleaning them up here closes FlatScene's
            // renderer while jME's context is still current, so that its GL objects are deleted
            viewPort.clearProcessors();
            super.destroy();
        } finally {
            ended.countDown();
        }
    }

    /**
     * jME's own handling shows a dialog and waits for someone to close it; here the error is logged, the status
     * becomes 1 and the application stops.
     */
    @Override
    public void handleError(String message, Throwable error) {
        renderThread = Thread.currentThread();
        failure = message;
        LOG.error("jME reported an error: {}", message, error);
        stop();
        ended.countDown();
    }
}
