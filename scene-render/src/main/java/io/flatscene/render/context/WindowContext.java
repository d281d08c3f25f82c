package io.flatscene.render.context;

import io.flatscene.render.gl.GlInfo;
import io.flatscene.render.owner.ContextLifetime;
import io.flatscene.render.target.RenderTarget;
import java.util.List;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;
import org.lwjgl.glfw.GLFWErrorCallback;
import org.lwjgl.glfw.GLFWFramebufferSizeCallback;
import org.lwjgl.opengl.GL;
import org.lwjgl.opengl.GLCapabilities;
import org.lwjgl.system.Platform;

import static org.lwjgl.glfw.GLFW.GLFW_CONTEXT_CREATION_API;
import static org.lwjgl.glfw.GLFW.GLFW_CONTEXT_VERSION_MAJOR;
import static org.lwjgl.glfw.GLFW.GLFW_CONTEXT_VERSION_MINOR;
import static org.lwjgl.glfw.GLFW.GLFW_EGL_CONTEXT_API;
import static org.lwjgl.glfw.GLFW.GLFW_FALSE;
import static org.lwjgl.glfw.GLFW.GLFW_NATIVE_CONTEXT_API;
import static org.lwjgl.glfw.GLFW.GLFW_OPENGL_CORE_PROFILE;
import static org.lwjgl.glfw.GLFW.GLFW_OPENGL_DEBUG_CONTEXT;
import static org.lwjgl.glfw.GLFW.GLFW_OPENGL_FORWARD_COMPAT;
import static org.lwjgl.glfw.GLFW.GLFW_OPENGL_PROFILE;
import static org.lwjgl.glfw.GLFW.GLFW_PLATFORM;
import static org.lwjgl.glfw.GLFW.GLFW_PLATFORM_X11;
import static org.lwjgl.glfw.GLFW.GLFW_TRUE;
import static org.lwjgl.glfw.GLFW.GLFW_VISIBLE;
import static org.lwjgl.glfw.GLFW.glfwCreateWindow;
import static org.lwjgl.glfw.GLFW.glfwDefaultWindowHints;
import static org.lwjgl.glfw.GLFW.glfwDestroyWindow;
import static org.lwjgl.glfw.GLFW.glfwGetCurrentContext;
import static org.lwjgl.glfw.GLFW.glfwGetFramebufferSize;
import static org.lwjgl.glfw.GLFW.glfwInit;
import static org.lwjgl.glfw.GLFW.glfwInitHint;
import static org.lwjgl.glfw.GLFW.glfwMakeContextCurrent;
import static org.lwjgl.glfw.GLFW.glfwPollEvents;
import static org.lwjgl.glfw.GLFW.glfwSetErrorCallback;
import static org.lwjgl.glfw.GLFW.glfwSetFramebufferSizeCallback;
import static org.lwjgl.glfw.GLFW.glfwSetWindowTitle;
import static org.lwjgl.glfw.GLFW.glfwShowWindow;
import static org.lwjgl.glfw.GLFW.glfwSwapBuffers;
import static org.lwjgl.glfw.GLFW.glfwSwapInterval;
import static org.lwjgl.glfw.GLFW.glfwTerminate;
import static org.lwjgl.glfw.GLFW.glfwWindowHint;
import static org.lwjgl.glfw.GLFW.glfwWindowShouldClose;

/**
 * A GLFW window with an OpenGL core context (4.6 or 4.5 where the driver has it, else 4.1 forward-compatible, which
 * is what macOS offers) for games and viewers that draw to the screen. Its back buffer is the default framebuffer:
 * draw into {@link #target()}, then {@link #swapBuffers()}.
 *
 * <p>GLFW allows most calls only on the thread that initialized it, and on macOS only on the main thread (start
 * the JVM with {@code -XstartOnFirstThread}): create, poll and close windows there.
 */
public final class WindowContext implements GlContext {
    private static final Logger LOG = LogManager.getLogger(WindowContext.class);

    /** Newest first: the 4.1 forward-compatible request is the only core context macOS creates. */
    private static final List<Attempt> ATTEMPTS = List.of(new Attempt(4, 6, false), new Attempt(4, 5, false),
            new Attempt(4, 1, true));

    /** GLFW is initialized once per process, so the last window to close terminates it. Guarded by the class. */
    private static int openWindows;
    /** Installed before glfwInit so that its failure is explained too; freed with glfwTerminate. */
    private static GLFWErrorCallback errorCallback;
    /** GLFW reports errors through the callback only; exceptions quote the latest. */
    private static volatile String lastError;

    private final long handle;
    private final GLCapabilities capabilities;
    private final String description;
    private final GLFWFramebufferSizeCallback sizeCallback;
    private final ContextLifetime lifetime;
    private int framebufferWidth;
    private int framebufferHeight;
    private RenderTarget target;
    private boolean closed;

    private WindowContext(long handle, GLCapabilities capabilities, String description, int width, int height) {
        this.handle = handle;
        this.capabilities = capabilities;
        this.description = description;
        this.framebufferWidth = width;
        this.framebufferHeight = height;
        this.target = RenderTarget.of(0, width, height);
        this.lifetime = ContextLifetime.begin(capabilities, "window " + description);
        this.sizeCallback = GLFWFramebufferSizeCallback.create((window, newWidth, newHeight) -> {
            framebufferWidth = newWidth;
            framebufferHeight = newHeight;
        });
        glfwSetFramebufferSizeCallback(handle, sizeCallback);
    }

    /**
     * Opens the window, makes its context current on the calling thread and applies the swap interval.
     *
     * @param options the window's title, size, swap interval, debug flag and visibility, not null
     * @return the open window, its context current on the calling thread
     * @throws ContextException if there is no display, GLFW cannot initialize, or none of the core versions can be
     *                          created; the message names what was tried and GLFW's error
     * @throws IllegalArgumentException if {@code options} is null
     */
    public static WindowContext create(WindowOptions options) {
        if (options == null) {
            throw new IllegalArgumentException("window options must not be null");
        }
        synchronized (WindowContext.class) {
            if (openWindows == 0) {
                initGlfw();
            }
            try {
                WindowContext created = open(options);
                openWindows++;
                return created;
            } catch (RuntimeException | Error e) {
                if (openWindows == 0) {
                    terminateGlfw();
                }
                throw e;
            }
        }
    }

    private static void initGlfw() {
        // X11 or Wayland: every platform but Windows and macOS (LWJGL 3.3.3 has no Platform.FREEBSD to name)
        boolean unix = Platform.get() != Platform.WINDOWS && Platform.get() != Platform.MACOSX;
        boolean wayland = !isBlank(System.getenv("WAYLAND_DISPLAY"));
        if (unix && !wayland && isBlank(System.getenv("DISPLAY"))) {
            throw new ContextException("no display: neither DISPLAY nor WAYLAND_DISPLAY is set, so there is nowhere "
                    + "to open a window (run under xvfb-run for a virtual one); HeadlessContext renders without a "
                    + "display");
        }
        lastError = null;
        errorCallback = GLFWErrorCallback.create((error, message) -> lastError =
                GLFWErrorCallback.getDescription(message) + " (GLFW error 0x" + Integer.toHexString(error) + ")");
        glfwSetErrorCallback(errorCallback);
        if (unix && !wayland) {
            // GLFW probes Wayland first, and libwayland prints an error to stderr wherever there is no Wayland session
            glfwInitHint(GLFW_PLATFORM, GLFW_PLATFORM_X11);
        }
        if (!glfwInit()) {
            String error = lastErrorOrNone();
            terminateGlfw();
            throw new ContextException("glfwInit failed, so there is no display to open a window on (" + error
                    + "); HeadlessContext renders without a display");
        }
    }

    private static void terminateGlfw() {
        glfwTerminate();
        GLFWErrorCallback current = glfwSetErrorCallback(null);
        if (current != null && current.address() != errorCallback.address()) {
            // the caller replaced ours with their own: leave theirs in place, it is theirs to free
            glfwSetErrorCallback(current);
        }
        errorCallback.free();
        errorCallback = null;
    }

    private static WindowContext open(WindowOptions options) {
        // HeadlessContext points LWJGL's GL function loading at EGL (eglGetProcAddress) for the whole process, while
        // a process without one loads through the native API (GLX, WGL, CGL). The window's context is created through
        // the same API, because only that pairing is guaranteed to give working function pointers: under Xvfb with
        // Mesa both pairings happen to work (glvnd dispatches either way), and an EGL window context works there
        // too, so headless and window contexts share one JVM in either order. Without HeadlessContext the native API
        // stays, as it is the only one macOS has and the one every desktop driver supports best; on Wayland GLFW's
        // native API is EGL anyway.
        boolean egl = HeadlessContext.eglChosen();
        String api = egl ? "EGL" : "native";
        StringBuilder failures = new StringBuilder();
        for (Attempt attempt : ATTEMPTS) {
            glfwDefaultWindowHints();
            // hidden until the context works, so that a failed attempt never flashes a window
            glfwWindowHint(GLFW_VISIBLE, GLFW_FALSE);
            glfwWindowHint(GLFW_CONTEXT_CREATION_API, egl ? GLFW_EGL_CONTEXT_API : GLFW_NATIVE_CONTEXT_API);
            glfwWindowHint(GLFW_CONTEXT_VERSION_MAJOR, attempt.major());
            glfwWindowHint(GLFW_CONTEXT_VERSION_MINOR, attempt.minor());
            glfwWindowHint(GLFW_OPENGL_PROFILE, GLFW_OPENGL_CORE_PROFILE);
            glfwWindowHint(GLFW_OPENGL_FORWARD_COMPAT, attempt.forwardCompatible() ? GLFW_TRUE : GLFW_FALSE);
            glfwWindowHint(GLFW_OPENGL_DEBUG_CONTEXT, options.debug() ? GLFW_TRUE : GLFW_FALSE);
            lastError = null;
            long window = glfwCreateWindow(options.width(), options.height(), options.title(), 0L, 0L);
            if (window != 0L) {
                return initialize(window, options, api, attempt);
            }
            failures.append(failures.length() == 0 ? "" : "; ").append(attempt).append(": ").append(lastErrorOrNone());
        }
        throw new ContextException("GLFW cannot open a window with an OpenGL core context through the " + api
                + " context API; tried " + failures);
    }

    private static WindowContext initialize(long window, WindowOptions options, String api, Attempt attempt) {
        try {
            glfwMakeContextCurrent(window);
            GLCapabilities capabilities = GL.createCapabilities();
            String description = GlInfo.describeAndLog("GLFW window", capabilities);
            glfwSwapInterval(options.vsync() ? 1 : 0);
            int[] width = new int[1];
            int[] height = new int[1];
            glfwGetFramebufferSize(window, width, height);
            LOG.info("GLFW window {}x{} (framebuffer {}x{}) through the {} context API, asked for {}, vsync {}",
                    options.width(), options.height(), width[0], height[0], api, attempt, options.vsync());
            WindowContext created = new WindowContext(window, capabilities, description, width[0], height[0]);
            if (options.visible()) {
                glfwShowWindow(window);
            }
            return created;
        } catch (RuntimeException | Error e) {
            glfwMakeContextCurrent(0L);
            GL.setCapabilities(null);
            glfwDestroyWindow(window);
            throw e;
        }
    }

    /**
     * The GLFW window pointer, for installing input callbacks and other GLFW calls. A framebuffer-size callback set
     * here replaces the one that keeps {@link #target()} current: call the callback that
     * {@code glfwSetFramebufferSizeCallback} returns from yours. Callbacks you install are yours to free.
     *
     * @return the GLFW window pointer, never 0 while open
     * @throws IllegalStateException if the window was closed
     */
    public long handle() {
        checkOpen();
        return handle;
    }

    /**
     * True once the user asked to close the window (or someone called glfwSetWindowShouldClose).
     *
     * @return whether a close was requested; the window stays open until {@link #close()}
     * @throws IllegalStateException if the window was closed
     */
    public boolean shouldClose() {
        checkOpen();
        return glfwWindowShouldClose(handle);
    }

    /** Shows the frame just drawn; with vsync it waits for the display. */
    public void swapBuffers() {
        checkOpen();
        glfwSwapBuffers(handle);
    }

    /** Handles pending window and input events, which is also when a resize reaches {@link #target()}. */
    public void pollEvents() {
        checkOpen();
        glfwPollEvents();
    }

    /**
     * The default framebuffer at its current size in pixels (more than the window size on HiDPI screens). The same
     * object until a resize, so asking every frame costs nothing. While the window is minimized its framebuffer is
     * 0x0; this keeps the last real size, and {@link #framebufferWidth()} tells a loop to skip the frame.
     *
     * @return the target to give the renderer, its id 0
     * @throws IllegalStateException if the window was closed
     */
    public RenderTarget target() {
        checkOpen();
        if ((framebufferWidth != target.width() || framebufferHeight != target.height())
                && framebufferWidth > 0 && framebufferHeight > 0) {
            target = RenderTarget.of(0, framebufferWidth, framebufferHeight);
        }
        return target;
    }

    /**
     * The framebuffer's width in pixels as of the last {@link #pollEvents()}; 0 while minimized.
     *
     * @return the width in pixels, 0 or more
     * @throws IllegalStateException if the window was closed
     */
    public int framebufferWidth() {
        checkOpen();
        return framebufferWidth;
    }

    /**
     * The framebuffer's height in pixels as of the last {@link #pollEvents()}; 0 while minimized.
     *
     * @return the height in pixels, 0 or more
     * @throws IllegalStateException if the window was closed
     */
    public int framebufferHeight() {
        checkOpen();
        return framebufferHeight;
    }

    /**
     * Changes the title bar text.
     *
     * @param title the new text, not null; may be empty
     * @throws IllegalArgumentException if {@code title} is null
     * @throws IllegalStateException    if the window was closed
     */
    public void setTitle(String title) {
        checkOpen();
        if (title == null) {
            throw new IllegalArgumentException("window title must not be null");
        }
        glfwSetWindowTitle(handle, title);
    }

    @Override
    public void makeCurrent() {
        checkOpen();
        glfwMakeContextCurrent(handle);
        GL.setCapabilities(capabilities);
    }

    @Override
    public GLCapabilities capabilities() {
        checkOpen();
        return capabilities;
    }

    @Override
    public String description() {
        return description;
    }

    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        // first, so that renderers, framebuffers and overlays made in it refuse work from now on
        lifetime.end();
        if (glfwGetCurrentContext() == handle) {
            glfwMakeContextCurrent(0L);
            GL.setCapabilities(null);
        }
        glfwDestroyWindow(handle);
        sizeCallback.free();
        synchronized (WindowContext.class) {
            if (--openWindows == 0) {
                terminateGlfw();
            }
        }
    }

    private void checkOpen() {
        if (closed) {
            // GLFW would dereference the destroyed window and crash the JVM instead
            throw new IllegalStateException("window (" + description + ") was closed");
        }
    }

    private static String lastErrorOrNone() {
        String error = lastError;
        return error == null ? "GLFW reported no error" : error;
    }

    private static boolean isBlank(String value) {
        return value == null || value.isBlank();
    }

    private record Attempt(int major, int minor, boolean forwardCompatible) {
        @Override
        public String toString() {
            return major + "." + minor + " core" + (forwardCompatible ? " forward-compatible" : "");
        }
    }
}
