package io.flatscene.samples.libgdx;

import com.badlogic.gdx.ApplicationAdapter;
import com.badlogic.gdx.Gdx;
import com.badlogic.gdx.Input;
import com.badlogic.gdx.InputAdapter;
import com.badlogic.gdx.InputMultiplexer;
import com.badlogic.gdx.graphics.Color;
import com.badlogic.gdx.graphics.PerspectiveCamera;
import com.badlogic.gdx.graphics.Pixmap;
import com.badlogic.gdx.graphics.Texture;
import com.badlogic.gdx.graphics.g2d.BitmapFont;
import com.badlogic.gdx.graphics.g2d.SpriteBatch;
import com.badlogic.gdx.graphics.g3d.utils.CameraInputController;
import com.badlogic.gdx.utils.ScreenUtils;
import io.flatscene.core.config.SceneConfig;
import io.flatscene.core.scene.Camera;
import io.flatscene.core.scene.Light;
import io.flatscene.core.scene.SceneManager;
import io.flatscene.core.scene.SceneNode;
import io.flatscene.core.scene.Space;
import io.flatscene.render.ClearMode;
import io.flatscene.render.Material;
import io.flatscene.render.Meshes;
import io.flatscene.render.Renderer;
import io.flatscene.render.RendererConfig;
import io.flatscene.render.target.RenderTarget;

/**
 * A libGDX game whose 3D layer is FlatScene: a SpriteBatch background (sky, ground, title), then FlatScene's grid of
 * cubes with churn around a red landmark, then a SpriteBatch HUD (reticle, counters, help). libGDX owns the window,
 * the GL context, input and the loop; FlatScene draws into libGDX's back buffer and puts back the GL state it
 * touched. A libGDX {@link PerspectiveCamera} driven by a {@link CameraInputController} (drag to orbit, W/S to move,
 * A/D to turn) is mirrored into FlatScene's camera each frame. Escape quits.
 */
class CubeFieldGame extends ApplicationAdapter {
    static final Color CLEAR = new Color(0.08f, 0.08f, 0.1f, 1f);
    static final Color SKY = new Color(0.4f, 0.6f, 0.85f, 1f);
    static final Color GROUND = new Color(0.2f, 0.32f, 0.22f, 1f);
    static final Color RETICLE = new Color(1f, 0.85f, 0.2f, 1f);
    static final int CUBES = 360;
    static final int CHURN_PER_FRAME = 8;
    /** The landmark's centre: the orbit's target, so that it stays at the centre of the screen. */
    static final float LANDMARK_Y = 2f;
    private static final float LANDMARK_SIZE = 5f;
    private static final int RETICLE_SIZE = 6;
    private static final String HELP = "drag: orbit   W/S: move   A/D: turn   Esc: quit";

    private final int frameLimit;
    private int frame;

    private SpriteBatch batch;
    private BitmapFont font;
    private Texture white;
    private PerspectiveCamera view;
    private CameraInputController orbit;
    private final StringBuilder hud = new StringBuilder();

    private SceneManager scene;
    private Renderer renderer;
    private Camera camera;
    private SceneNode eye;
    private CubeGrid grid;
    private final CameraMirror mirror = new CameraMirror();
    private RenderTarget screen;
    private String summary = "the game did not start";

    /**
     * @param frameLimit the frames to draw before the game exits by itself; {@link Integer#MAX_VALUE} for none
     */
    CubeFieldGame(int frameLimit) {
        this.frameLimit = frameLimit;
    }

    @Override
    public void create() {
        batch = new SpriteBatch();
        font = new BitmapFont();
        Pixmap pixel = new Pixmap(1, 1, Pixmap.Format.RGBA8888);
        pixel.setColor(Color.WHITE);
        pixel.fill();
        white = new Texture(pixel);
        pixel.dispose();

        view = new PerspectiveCamera(60f, Gdx.graphics.getBackBufferWidth(), Gdx.graphics.getBackBufferHeight());
        view.position.set(0f, LANDMARK_Y + 12f, 18f);
        view.lookAt(0f, LANDMARK_Y, 0f);
        view.near = 0.5f;
        view.far = 300f;
        view.update();
        orbit = new CameraInputController(view);
        orbit.target.set(0f, LANDMARK_Y, 0f);
        Gdx.input.setInputProcessor(new InputMultiplexer(new InputAdapter() {
            @Override
            public boolean keyDown(int keycode) {
                if (keycode == Input.Keys.ESCAPE) {
                    Gdx.app.exit();
                    return true;
                }
                return false;
            }
        }, orbit));

        // libGDX made its context current on this thread: FlatScene's renderer uses it. It puts back the GL state
        // it touches, so SpriteBatch finds its own; -Dflatscene.render.* settings (debugOutput, drawPath) apply.
        scene = new SceneManager(SceneConfig.builder().maxNodes(1024).maxItems(1024).build());
        // the game has drawn its background when FlatScene draws: FlatScene clears depth only, which
        // ScreenUtils.clear leaves holding the last frame
        renderer = new Renderer(RendererConfig.builder().restoreGlState(true).clear(ClearMode.DEPTH).build());
        renderer.setAmbient(0.35f, 0.35f, 0.38f);
        int cube = renderer.meshes().add(Meshes.cube(1f));
        int[] colors = {
                renderer.materials().add(Material.color(0.3f, 0.7f, 0.9f)),
                renderer.materials().add(Material.color(0.25f, 0.45f, 0.95f)),
                renderer.materials().add(Material.color(0.85f, 0.9f, 0.95f)),
                renderer.materials().add(Material.color(0.35f, 0.85f, 0.55f))};
        grid = new CubeGrid(scene, cube, renderer.meshes().bounds(cube), colors, CUBES, 7L);
        scene.rootNode().createChild("landmark").setPosition(0f, LANDMARK_Y, 0f)
                .setScale(LANDMARK_SIZE, LANDMARK_SIZE, LANDMARK_SIZE)
                .attachObject(scene.createItem(cube, renderer.materials().add(Material.color(0.9f, 0.15f, 0.1f)),
                        renderer.meshes().bounds(cube)));
        Light sun = scene.createLight("sun", Light.Type.DIRECTIONAL);
        scene.rootNode().createChild("sun").yaw(0.6f, Space.LOCAL).pitch(-0.9f, Space.LOCAL).attachObject(sun);
        camera = scene.createCamera("eye");
        eye = scene.rootNode().createChild("eye");
        eye.attachObject(camera);
    }

    /** libGDX calls this once after {@link #create()} and whenever the window's size changes. */
    @Override
    public void resize(int width, int height) {
        // on a HiDPI screen the back buffer has more pixels than the window's logical size: FlatScene draws them all
        int pixelsWide = Gdx.graphics.getBackBufferWidth();
        int pixelsHigh = Gdx.graphics.getBackBufferHeight();
        batch.getProjectionMatrix().setToOrtho2D(0f, 0f, width, height);
        if (pixelsWide > 0 && pixelsHigh > 0) {
            screen = RenderTarget.of(0, pixelsWide, pixelsHigh);
            view.viewportWidth = pixelsWide;
            view.viewportHeight = pixelsHigh;
            view.update();
        } else {
            screen = null; // minimized
        }
    }

    @Override
    public void render() {
        float seconds = Math.min(Gdx.graphics.getDeltaTime(), 0.1f);
        orbit.update();
        grid.update(seconds, CHURN_PER_FRAME);
        mirror.copy(view, eye, camera);

        ScreenUtils.clear(CLEAR);
        drawBackground();
        if (screen != null) {
            drawScene();
        }
        drawHud();
        if (++frame >= frameLimit) {
            Gdx.app.exit();
        }
    }

    /** The 2D layer under the 3D scene. */
    private void drawBackground() {
        float width = Gdx.graphics.getWidth();
        float height = Gdx.graphics.getHeight();
        batch.begin();
        batch.setColor(SKY);
        batch.draw(white, 0f, height * 0.5f, width, height * 0.5f);
        batch.setColor(GROUND);
        batch.draw(white, 0f, 0f, width, height * 0.5f);
        batch.setColor(Color.WHITE);
        font.draw(batch, "FlatScene in libGDX", 16f, height - 16f);
        batch.end();
    }

    /** FlatScene's frame: scene update, cull, upload and draw into libGDX's back buffer, its GL state put back. */
    void drawScene() {
        renderer.render(scene, camera, screen);
    }

    /** The 2D layer over the 3D scene. */
    private void drawHud() {
        float width = Gdx.graphics.getWidth();
        float height = Gdx.graphics.getHeight();
        hud.setLength(0);
        hud.append("frame ").append(frame).append("   cubes ").append(grid.cubes()).append("   drawn ")
                .append(renderer.stats().instances()).append("   churned ").append(grid.churned());
        batch.begin();
        batch.setColor(RETICLE);
        batch.draw(white, width * 0.5f - RETICLE_SIZE * 0.5f, height * 0.5f - RETICLE_SIZE * 0.5f, RETICLE_SIZE,
                RETICLE_SIZE);
        batch.setColor(Color.WHITE);
        font.draw(batch, hud, 16f, 44f);
        font.draw(batch, HELP, 16f, 24f);
        batch.end();
    }

    @Override
    public void dispose() {
        // libGDX calls this with its context still current: FlatScene's GL objects go before the context does
        summary = "libGDX sample: " + frame + " frames, " + grid.cubes() + " cubes (" + renderer.stats().instances()
                + " drawn in the last frame), " + grid.churned() + " churned";
        renderer.close();
        scene.close();
        white.dispose();
        font.dispose();
        batch.dispose();
    }

    /** {@return a line on the game's run, once it has ended} */
    String summary() {
        return summary;
    }

    /** {@return the libGDX camera the player drives} */
    PerspectiveCamera view() {
        return view;
    }

    /** {@return FlatScene's camera, which mirrors {@link #view()}} */
    Camera camera() {
        return camera;
    }

    /** {@return the renderer drawing the 3D layer} */
    Renderer renderer() {
        return renderer;
    }
}
