package io.flatscene.samples.viewer;

import org.lwjgl.glfw.GLFWCursorPosCallback;
import org.lwjgl.glfw.GLFWKeyCallback;
import org.lwjgl.glfw.GLFWMouseButtonCallback;
import org.lwjgl.glfw.GLFWScrollCallback;

import static org.lwjgl.glfw.GLFW.GLFW_KEY_1;
import static org.lwjgl.glfw.GLFW.GLFW_KEY_A;
import static org.lwjgl.glfw.GLFW.GLFW_KEY_B;
import static org.lwjgl.glfw.GLFW.GLFW_KEY_BACKSPACE;
import static org.lwjgl.glfw.GLFW.GLFW_KEY_D;
import static org.lwjgl.glfw.GLFW.GLFW_KEY_E;
import static org.lwjgl.glfw.GLFW.GLFW_KEY_ESCAPE;
import static org.lwjgl.glfw.GLFW.GLFW_KEY_F;
import static org.lwjgl.glfw.GLFW.GLFW_KEY_F12;
import static org.lwjgl.glfw.GLFW.GLFW_KEY_P;
import static org.lwjgl.glfw.GLFW.GLFW_KEY_Q;
import static org.lwjgl.glfw.GLFW.GLFW_KEY_S;
import static org.lwjgl.glfw.GLFW.GLFW_KEY_SPACE;
import static org.lwjgl.glfw.GLFW.GLFW_KEY_W;
import static org.lwjgl.glfw.GLFW.GLFW_MOUSE_BUTTON_LEFT;
import static org.lwjgl.glfw.GLFW.GLFW_PRESS;
import static org.lwjgl.glfw.GLFW.GLFW_RELEASE;
import static org.lwjgl.glfw.GLFW.glfwGetKey;
import static org.lwjgl.glfw.GLFW.glfwSetCursorPosCallback;
import static org.lwjgl.glfw.GLFW.glfwSetKeyCallback;
import static org.lwjgl.glfw.GLFW.glfwSetMouseButtonCallback;
import static org.lwjgl.glfw.GLFW.glfwSetScrollCallback;
import static org.lwjgl.glfw.GLFW.glfwSetWindowShouldClose;

/**
 * Window input turned into viewer actions: key presses become one-shot requests the loop takes each frame, held
 * keys and mouse drags move the camera rig directly.
 */
final class ViewerInput implements AutoCloseable {
    private final long window;
    private final GLFWKeyCallback keys;
    private final GLFWMouseButtonCallback buttons;
    private final GLFWCursorPosCallback cursor;
    private final GLFWScrollCallback scroll;
    private CameraRig rig;
    private boolean dragging;
    private double lastX;
    private double lastY;
    /** The scene a number key asked for, or null; taken by the loop. */
    private SceneKind requestedScene;
    private boolean pauseToggled;
    private boolean boundsToggled;
    private boolean spawnRequested;
    private boolean despawnRequested;
    private boolean screenshotRequested;

    ViewerInput(long window) {
        this.window = window;
        keys = GLFWKeyCallback.create((w, key, scancode, action, mods) -> {
            if (action != GLFW_PRESS) {
                return;
            }
            if (key >= GLFW_KEY_1 && key < GLFW_KEY_1 + SceneKind.values().length) {
                requestedScene = SceneKind.values()[key - GLFW_KEY_1];
            } else if (key == GLFW_KEY_P) {
                pauseToggled = true;
            } else if (key == GLFW_KEY_B) {
                boundsToggled = true;
            } else if (key == GLFW_KEY_SPACE) {
                spawnRequested = true;
            } else if (key == GLFW_KEY_BACKSPACE) {
                despawnRequested = true;
            } else if (key == GLFW_KEY_F12) {
                screenshotRequested = true;
            } else if (key == GLFW_KEY_F && rig != null) {
                rig.toggleFlying();
            } else if (key == GLFW_KEY_ESCAPE) {
                glfwSetWindowShouldClose(w, true);
            }
        });
        buttons = GLFWMouseButtonCallback.create((w, button, action, mods) -> {
            if (button == GLFW_MOUSE_BUTTON_LEFT) {
                dragging = action != GLFW_RELEASE;
            }
        });
        cursor = GLFWCursorPosCallback.create((w, x, y) -> {
            if (dragging && rig != null) {
                rig.turn((float) (lastX - x) * 0.005f, (float) (y - lastY) * 0.005f);
            }
            lastX = x;
            lastY = y;
        });
        scroll = GLFWScrollCallback.create((w, dx, dy) -> {
            if (rig != null) {
                rig.zoom((float) dy);
            }
        });
        glfwSetKeyCallback(window, keys);
        glfwSetMouseButtonCallback(window, buttons);
        glfwSetCursorPosCallback(window, cursor);
        glfwSetScrollCallback(window, scroll);
    }

    void control(CameraRig rig) {
        this.rig = rig;
    }

    /** Moves the rig for the keys held down during {@code dt} seconds. */
    void moveHeld(double dt) {
        float step = (float) (rig.speed() * dt);
        float forward = axis(GLFW_KEY_W, GLFW_KEY_S) * step;
        float right = axis(GLFW_KEY_D, GLFW_KEY_A) * step;
        float up = axis(GLFW_KEY_E, GLFW_KEY_Q) * step;
        if (forward != 0 || right != 0 || up != 0) {
            rig.move(forward, right, up);
        }
    }

    private float axis(int positive, int negative) {
        return (glfwGetKey(window, positive) == GLFW_PRESS ? 1f : 0f)
                - (glfwGetKey(window, negative) == GLFW_PRESS ? 1f : 0f);
    }

    SceneKind takeRequestedScene() {
        SceneKind requested = requestedScene;
        requestedScene = null;
        return requested;
    }

    boolean takePauseToggle() {
        boolean taken = pauseToggled;
        pauseToggled = false;
        return taken;
    }

    boolean takeBoundsToggle() {
        boolean taken = boundsToggled;
        boundsToggled = false;
        return taken;
    }

    boolean takeSpawn() {
        boolean taken = spawnRequested;
        spawnRequested = false;
        return taken;
    }

    boolean takeDespawn() {
        boolean taken = despawnRequested;
        despawnRequested = false;
        return taken;
    }

    boolean takeScreenshot() {
        boolean taken = screenshotRequested;
        screenshotRequested = false;
        return taken;
    }

    @Override
    public void close() {
        glfwSetKeyCallback(window, null);
        glfwSetMouseButtonCallback(window, null);
        glfwSetCursorPosCallback(window, null);
        glfwSetScrollCallback(window, null);
        keys.free();
        buttons.free();
        cursor.free();
        scroll.free();
    }
}
