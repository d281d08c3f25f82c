package io.flatscene.samples.embedding;

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
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.joml.Vector3f;
import org.lwjgl.opengl.GL;

import static org.lwjgl.glfw.GLFW.GLFW_CONTEXT_VERSION_MAJOR;
import static org.lwjgl.glfw.GLFW.GLFW_CONTEXT_VERSION_MINOR;
import static org.lwjgl.glfw.GLFW.GLFW_KEY_DOWN;
import static org.lwjgl.glfw.GLFW.GLFW_KEY_ESCAPE;
import static org.lwjgl.glfw.GLFW.GLFW_KEY_LEFT;
import static org.lwjgl.glfw.GLFW.GLFW_KEY_RIGHT;
import static org.lwjgl.glfw.GLFW.GLFW_KEY_UP;
import static org.lwjgl.glfw.GLFW.GLFW_OPENGL_CORE_PROFILE;
import static org.lwjgl.glfw.GLFW.GLFW_OPENGL_FORWARD_COMPAT;
import static org.lwjgl.glfw.GLFW.GLFW_OPENGL_PROFILE;
import static org.lwjgl.glfw.GLFW.GLFW_PRESS;
import static org.lwjgl.glfw.GLFW.GLFW_TRUE;
import static org.lwjgl.glfw.GLFW.glfwCreateWindow;
import static org.lwjgl.glfw.GLFW.glfwDestroyWindow;
import static org.lwjgl.glfw.GLFW.glfwGetFramebufferSize;
import static org.lwjgl.glfw.GLFW.glfwGetKey;
import static org.lwjgl.glfw.GLFW.glfwGetTime;
import static org.lwjgl.glfw.GLFW.glfwInit;
import static org.lwjgl.glfw.GLFW.glfwMakeContextCurrent;
import static org.lwjgl.glfw.GLFW.glfwPollEvents;
import static org.lwjgl.glfw.GLFW.glfwSetWindowShouldClose;
import static org.lwjgl.glfw.GLFW.glfwSwapBuffers;
import static org.lwjgl.glfw.GLFW.glfwSwapInterval;
import static org.lwjgl.glfw.GLFW.glfwTerminate;
import static org.lwjgl.glfw.GLFW.glfwWindowHint;
import static org.lwjgl.glfw.GLFW.glfwWindowShouldClose;
import static org.lwjgl.opengl.GL11C.GL_COLOR_BUFFER_BIT;
import static org.lwjgl.opengl.GL11C.glClear;
import static org.lwjgl.opengl.GL11C.glClearColor;

/**
 * A tiny game that owns its window, loop and input and uses FlatScene only as its rendering layer: steer the
 * white ship with the arrow keys between spinning crates; Escape quits. Everything FlatScene-specific is in
 * {@link #start()}, {@link #tick(double, double)} and {@link #render(int, int)}; the rest is the game's own. The game
 * draws first (its sky) and FlatScene clears depth alone, so the sky stays behind the scene.
 *
 * <p>Run it with {@code java -cp samples/target/flatscene-viewer.jar io.flatscene.samples.embedding
 * .EmbeddedGameExample [--frames N]} on a machine with a display.
 */
public final class EmbeddedGameExample {
    private static final float SHIP_SPEED = 8f;

    private SceneManager scene;
    private Renderer renderer;
    private Camera camera;
    private SceneNode ship;
    private RenderTarget screen;
    private final List<SceneNode> crates = new ArrayList<>();

    /** The game is run by its main, which owns the window it draws in. */
    private EmbeddedGameExample() {
    }

    public static void main(String[] args) {
        int frames = frames(args);
        if (frames < 0) {
            System.err.println("EmbeddedGameExample: cannot use the command line " + Arrays.toString(args)
                    + "; usage: EmbeddedGameExample [--frames N], N a whole number from 1 to 999999999");
            System.exit(2);
        }
        if (!glfwInit()) {
            System.err.println("no display to open the game's window on");
            System.exit(1);
        }
        // the game's own window and context: FlatScene only asks for an OpenGL 4.1+ core context current here
        glfwWindowHint(GLFW_CONTEXT_VERSION_MAJOR, 4);
        glfwWindowHint(GLFW_CONTEXT_VERSION_MINOR, 1);
        glfwWindowHint(GLFW_OPENGL_PROFILE, GLFW_OPENGL_CORE_PROFILE);
        glfwWindowHint(GLFW_OPENGL_FORWARD_COMPAT, GLFW_TRUE);
        long window = glfwCreateWindow(960, 540, "A game using FlatScene", 0L, 0L);
        if (window == 0L) {
            System.err.println("no OpenGL 4.1 core context for the game's window");
            glfwTerminate();
            System.exit(1);
        }
        glfwMakeContextCurrent(window);
        GL.createCapabilities();
        glfwSwapInterval(1);

        EmbeddedGameExample game = new EmbeddedGameExample();
        game.start();
        double previous = glfwGetTime();
        int[] width = new int[1];
        int[] height = new int[1];
        for (int frame = 0; frame < frames && !glfwWindowShouldClose(window); frame++) {
            glfwPollEvents();
            double now = glfwGetTime();
            game.steer(window, now - previous);
            game.tick(now - previous);
            previous = now;
            glfwGetFramebufferSize(window, width, height);
            game.render(width[0], height[0]);
            glfwSwapBuffers(window);
        }
        Vector3f shipAt = game.ship.getWorldPosition(new Vector3f());
        System.out.printf("game over: %d nodes, %d items drawn last frame, ship at (%.1f, %.1f)%n",
                game.scene.nodeCount(), game.renderer.stats().instances(), shipAt.x, shipAt.z);
        game.stop();
        glfwDestroyWindow(window);
        glfwTerminate();
    }

    /**
     * The frames to run from the command line: until the window closes without arguments, -1 for one the game
     * cannot use. A launcher never passes null, but a program calling main may.
     */
    static int frames(String... args) {
        if (args != null && args.length == 0) {
            return Integer.MAX_VALUE;
        }
        if (args != null && args.length == 2 && "--frames".equals(args[0])
                && String.valueOf(args[1]).matches("[1-9][0-9]{0,8}")) {
            return Integer.parseInt(args[1]);
        }
        return -1;
    }

    /** The game's startup: its own capacities, a renderer in its context, and the level. */
    void start() {
        scene = new SceneManager(SceneConfig.builder().maxNodes(512).maxItems(256).build());
        renderer = new Renderer(RendererConfig.builder().restoreGlState(true).clear(ClearMode.DEPTH).build());
        int cube = renderer.meshes().add(Meshes.cube(1f));
        int crate = renderer.materials().add(Material.color(0.8f, 0.55f, 0.3f));
        int white = renderer.materials().add(Material.color(0.95f, 0.95f, 0.95f));
        for (int i = 0; i < 120; i++) {
            SceneNode node = scene.rootNode().createChild("crate " + i)
                    .setPosition((i % 12) * 3f - 16.5f, 0f, (i / 12) * 3f - 13.5f);
            node.attachObject(scene.createItem(cube, crate, renderer.meshes().bounds(cube)));
            crates.add(node);
        }
        // the hull carries the shape's scale; the ship node stays unscaled so the chase camera under it sees true
        // proportions
        ship = scene.rootNode().createChild("ship");
        ship.createChild("hull").setScale(0.8f, 0.4f, 1.6f)
                .attachObject(scene.createItem(cube, white, renderer.meshes().bounds(cube)));
        Light sun = scene.createLight("sun", Light.Type.DIRECTIONAL);
        scene.rootNode().createChild("sun").yaw(0.5f, Space.LOCAL).pitch(-1f, Space.LOCAL).attachObject(sun);
        camera = scene.createCamera("chase").setPerspective(1f, 0.5f, 200f);
        ship.createChild("chase camera").setPosition(0, 12, 18).lookAt(new Vector3f(0, 0, -6), Space.PARENT)
                .attachObject(camera);
    }

    /** The game's own input handling: arrow keys move the ship. */
    void steer(long window, double dt) {
        float step = (float) (SHIP_SPEED * dt);
        float x = (glfwGetKey(window, GLFW_KEY_RIGHT) == GLFW_PRESS ? step : 0f)
                - (glfwGetKey(window, GLFW_KEY_LEFT) == GLFW_PRESS ? step : 0f);
        float z = (glfwGetKey(window, GLFW_KEY_DOWN) == GLFW_PRESS ? step : 0f)
                - (glfwGetKey(window, GLFW_KEY_UP) == GLFW_PRESS ? step : 0f);
        ship.translate(x, 0f, z, Space.PARENT);
        if (glfwGetKey(window, GLFW_KEY_ESCAPE) == GLFW_PRESS) {
            glfwSetWindowShouldClose(window, true);
        }
    }

    /** One game tick: the crates spin. */
    void tick(double dt) {
        for (int i = 0; i < crates.size(); i++) {
            crates.get(i).yaw((float) dt * (1f + i % 3), Space.LOCAL);
        }
    }

    /**
     * The game clears its sky, colour only, and FlatScene draws the scene over it into the game's default
     * framebuffer, leaving the game's GL state as it was.
     */
    void render(int width, int height) {
        if (width == 0 || height == 0) {
            return; // minimized
        }
        if (screen == null || screen.width() != width || screen.height() != height) {
            screen = RenderTarget.of(0, width, height);
            camera.setViewport(width, height);
        }
        glClearColor(0.32f, 0.5f, 0.72f, 1f);
        glClear(GL_COLOR_BUFFER_BIT);
        renderer.render(scene, camera, screen);
    }

    void stop() {
        renderer.close();
        scene.close();
    }
}
