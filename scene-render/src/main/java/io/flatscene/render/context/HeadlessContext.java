package io.flatscene.render.context;

import io.flatscene.render.gl.GlInfo;
import io.flatscene.render.owner.ContextLifetime;
import java.nio.IntBuffer;
import java.util.Arrays;
import java.util.List;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;
import org.lwjgl.PointerBuffer;
import org.lwjgl.egl.EGL;
import org.lwjgl.egl.EGL10;
import org.lwjgl.egl.EGL12;
import org.lwjgl.egl.EGL14;
import org.lwjgl.egl.EGL15;
import org.lwjgl.egl.EXTDeviceEnumeration;
import org.lwjgl.egl.EXTPlatformDevice;
import org.lwjgl.opengl.GL;
import org.lwjgl.opengl.GLCapabilities;
import org.lwjgl.system.Configuration;
import org.lwjgl.system.MemoryStack;

import static org.lwjgl.egl.EGL10.EGL_NONE;
import static org.lwjgl.egl.EGL10.EGL_NO_CONTEXT;
import static org.lwjgl.egl.EGL10.EGL_NO_DISPLAY;
import static org.lwjgl.egl.EGL10.EGL_NO_SURFACE;

/**
 * An OpenGL core context with no window and no window system, through EGL's device platform
 * ({@code EGL_EXT_platform_device}, first device): Mesa's software device on a machine without a GPU, the GPU on a
 * server with one. It has no default framebuffer: render into an {@link io.flatscene.render.target.Framebuffer}.
 *
 * <p>Creating one points LWJGL's OpenGL function loading at EGL, so no X11 library is needed; a process that also
 * opens a GLFW window should create that window's context with EGL too, which {@link WindowContext} then does.
 */
public final class HeadlessContext implements GlContext {
    private static final Logger LOG = LogManager.getLogger(HeadlessContext.class);

    /** Newest first; macOS has no EGL, so 4.1 only matters for drivers that stop short of 4.3. */
    private static final List<int[]> VERSIONS = List.of(new int[]{4, 6}, new int[]{4, 5}, new int[]{4, 3},
            new int[]{4, 1});

    static final String EGL_PACKAGES = "libegl1 libegl-mesa0 libgl1-mesa-dri";

    /**
     * Contexts open on the device's display. EGL hands out one display per device and a single eglTerminate ends
     * it for everyone, so only the last context to close may terminate it.
     */
    private static int openContexts;

    /** Whether a headless context was created in this process; see {@link #eglChosen()}. */
    private static volatile boolean eglChosen;

    private final long display;
    private final long context;
    private final GLCapabilities capabilities;
    private final String description;
    private final ContextLifetime lifetime;
    private boolean closed;

    private HeadlessContext(long display, long context, GLCapabilities capabilities, String description) {
        this.display = display;
        this.context = context;
        this.capabilities = capabilities;
        this.description = description;
        lifetime = ContextLifetime.begin(capabilities, "headless " + description);
    }

    /**
     * A context without KHR_debug output; see {@link #create(boolean)}.
     *
     * @return the new context, current on the calling thread
     * @throws ContextException as {@link #create(boolean)} does
     */
    public static HeadlessContext create() {
        return create(false);
    }

    /**
     * Creates the newest core context the first EGL device offers (4.6 down to 4.1) and makes it current on the
     * calling thread.
     *
     * @param debug ask for a debug context, so that the renderer's GL debug output reports everything
     * @return the new context, current on the calling thread
     * @throws ContextException if libEGL cannot be loaded (naming the Debian packages to install), the device
     *                          platform is missing, or no core context of 4.1 or newer can be created
     */
    public static HeadlessContext create(boolean debug) {
        loadEgl();
        loadGlThroughEgl();
        String clientExtensions = EGL10.eglQueryString(EGL_NO_DISPLAY, EGL10.EGL_EXTENSIONS);
        // EGLCapabilities reports client extensions as absent although the string lists them, so read the string
        List<String> extensions = clientExtensions == null ? List.of() : Arrays.asList(clientExtensions.split(" "));
        for (String required : List.of("EGL_EXT_platform_device", "EGL_EXT_device_enumeration")) {
            if (!extensions.contains(required) && !(required.endsWith("enumeration")
                    && extensions.contains("EGL_EXT_device_base"))) {
                throw new ContextException("EGL lacks " + required + ", needed for headless rendering; client "
                        + "extensions are: " + clientExtensions + ". With Mesa, install " + EGL_PACKAGES);
            }
        }
        synchronized (HeadlessContext.class) {
            long display = openFirstDevice();
            try {
                HeadlessContext created = createOn(display, debug);
                openContexts++;
                return created;
            } catch (RuntimeException e) {
                if (openContexts == 0) {
                    EGL10.eglTerminate(display);
                }
                throw e;
            }
        }
    }

    private static void loadEgl() {
        try {
            EGL.getFunctionProvider();
        } catch (LinkageError e) {
            throw new ContextException("cannot load libEGL (" + e.getMessage() + "): headless rendering needs EGL "
                    + "with the device platform; on Debian or Ubuntu install it with: apt-get install "
                    + EGL_PACKAGES, e);
        }
    }

    /**
     * Points LWJGL's OpenGL function loading at EGL (eglGetProcAddress) for the whole process, unless GL functions
     * already load through the native API (a window came first; glvnd dispatches either way). LWJGL 3.3.3 has no
     * {@code Configuration.OPENGL_CONTEXT_API} (3.4 added it), and its {@code GL.create()} always loads libGL with
     * glXGetProcAddress, an X11 library a headless machine may lack; {@code GL.create(FunctionProvider)} with EGL's
     * provider works the same on 3.3.3 and later. Explicit init keeps the GL class from loading libGL as it
     * initializes; GL gets a provider of its own, as a {@code GL.destroy()} frees the one it holds.
     */
    private static synchronized void loadGlThroughEgl() {
        Configuration.OPENGL_EXPLICIT_INIT.set(true);
        if (GL.getFunctionProvider() == null) {
            GL.create(EGL.getFunctionProvider()::getFunctionAddress);
        }
        eglChosen = true;
    }

    /**
     * Whether a headless context was created in this process, so that {@link WindowContext} creates its contexts
     * through EGL too.
     */
    static boolean eglChosen() {
        return eglChosen;
    }

    private static long openFirstDevice() {
        try (MemoryStack stack = MemoryStack.stackPush()) {
            IntBuffer count = stack.mallocInt(1);
            PointerBuffer devices = stack.mallocPointer(8);
            if (!EXTDeviceEnumeration.eglQueryDevicesEXT(devices, count) || count.get(0) == 0) {
                throw new ContextException("EGL found no device (eglQueryDevicesEXT, error 0x"
                        + Integer.toHexString(EGL10.eglGetError()) + "); with Mesa, install " + EGL_PACKAGES);
            }
            long display = EGL15.eglGetPlatformDisplay(EXTPlatformDevice.EGL_PLATFORM_DEVICE_EXT, devices.get(0),
                    (PointerBuffer) null);
            if (display == EGL_NO_DISPLAY) {
                throw new ContextException("EGL could not open a display on its first device (error 0x"
                        + Integer.toHexString(EGL10.eglGetError()) + ")");
            }
            IntBuffer major = stack.mallocInt(1);
            IntBuffer minor = stack.mallocInt(1);
            if (!EGL10.eglInitialize(display, major, minor)) {
                throw new ContextException("eglInitialize failed on the first EGL device (error 0x"
                        + Integer.toHexString(EGL10.eglGetError()) + ")");
            }
            EGL.createDisplayCapabilities(display, major.get(0), minor.get(0));
            LOG.info("EGL {}.{} on the first of {} device(s), vendor {}", major.get(0), minor.get(0), count.get(0),
                    EGL10.eglQueryString(display, EGL10.EGL_VENDOR));
            return display;
        }
    }

    private static HeadlessContext createOn(long display, boolean debug) {
        if (!EGL15.eglBindAPI(EGL15.EGL_OPENGL_API)) {
            throw new ContextException("this EGL cannot create desktop OpenGL contexts (eglBindAPI failed)");
        }
        try (MemoryStack stack = MemoryStack.stackPush()) {
            IntBuffer configAttributes = stack.ints(
                    EGL10.EGL_SURFACE_TYPE, EGL10.EGL_PBUFFER_BIT,
                    EGL12.EGL_RENDERABLE_TYPE, EGL15.EGL_OPENGL_BIT,
                    EGL_NONE);
            PointerBuffer config = stack.mallocPointer(1);
            IntBuffer configCount = stack.mallocInt(1);
            if (!EGL10.eglChooseConfig(display, configAttributes, config, configCount) || configCount.get(0) == 0) {
                throw new ContextException("EGL offers no config that renders desktop OpenGL (error 0x"
                        + Integer.toHexString(EGL10.eglGetError()) + ")");
            }
            for (int[] version : VERSIONS) {
                IntBuffer contextAttributes = stack.ints(
                        EGL15.EGL_CONTEXT_MAJOR_VERSION, version[0],
                        EGL15.EGL_CONTEXT_MINOR_VERSION, version[1],
                        EGL15.EGL_CONTEXT_OPENGL_PROFILE_MASK, EGL15.EGL_CONTEXT_OPENGL_CORE_PROFILE_BIT,
                        EGL15.EGL_CONTEXT_OPENGL_DEBUG, debug ? EGL10.EGL_TRUE : EGL10.EGL_FALSE,
                        EGL_NONE);
                long context = EGL10.eglCreateContext(display, config.get(0), EGL_NO_CONTEXT, contextAttributes);
                if (context == EGL_NO_CONTEXT) {
                    continue;
                }
                if (!EGL10.eglMakeCurrent(display, EGL_NO_SURFACE, EGL_NO_SURFACE, context)) {
                    EGL10.eglDestroyContext(display, context);
                    throw new ContextException("EGL created an OpenGL " + version[0] + "." + version[1]
                            + " context but cannot make it current without a surface (error 0x"
                            + Integer.toHexString(EGL10.eglGetError()) + ")");
                }
                GLCapabilities capabilities = GL.createCapabilities();
                String description = GlInfo.describeAndLog("headless EGL", capabilities);
                return new HeadlessContext(display, context, capabilities, description);
            }
        }
        throw new ContextException("EGL cannot create an OpenGL core context of version 4.1 or newer (error 0x"
                + Integer.toHexString(EGL10.eglGetError()) + ")");
    }

    @Override
    public void makeCurrent() {
        checkOpen();
        if (!EGL10.eglMakeCurrent(display, EGL_NO_SURFACE, EGL_NO_SURFACE, context)) {
            int error = EGL10.eglGetError();
            throw new ContextException("eglMakeCurrent failed (error 0x" + Integer.toHexString(error) + ")"
                    + (error == EGL10.EGL_BAD_ACCESS ? ": the headless context is current on another thread, and a "
                    + "context is current on one thread at a time" : ""));
        }
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
        // another context (a window's, another headless one) may be current on this thread: leave it be
        if (EGL14.eglGetCurrentContext() == context) {
            EGL10.eglMakeCurrent(display, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
            GL.setCapabilities(null);
        }
        EGL10.eglDestroyContext(display, context);
        synchronized (HeadlessContext.class) {
            if (--openContexts == 0) {
                EGL10.eglTerminate(display);
            }
        }
    }

    private void checkOpen() {
        if (closed) {
            throw new IllegalStateException("headless context (" + description + ") was closed");
        }
    }
}
