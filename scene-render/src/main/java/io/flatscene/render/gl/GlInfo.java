package io.flatscene.render.gl;

import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;
import org.lwjgl.opengl.GL11C;
import org.lwjgl.opengl.GL20C;
import org.lwjgl.opengl.GLCapabilities;

/** The one place that reads and logs what a new context is: strings, version and the features FlatScene picks by. */
public final class GlInfo {
    private static final Logger LOG = LogManager.getLogger(GlInfo.class);

    private GlInfo() {
    }

    /** Logs the context's details once at INFO and returns {@code "renderer / version"}. */
    public static String describeAndLog(String kind, GLCapabilities capabilities) {
        String renderer = GL11C.glGetString(GL11C.GL_RENDERER);
        String version = GL11C.glGetString(GL11C.GL_VERSION);
        LOG.info("OpenGL context ({}): vendor {}, renderer {}, version {}, GLSL {}; buffer storage {}, "
                        + "multi-draw indirect {}, KHR_debug {}, timer queries {}", kind,
                GL11C.glGetString(GL11C.GL_VENDOR), renderer, version,
                GL11C.glGetString(GL20C.GL_SHADING_LANGUAGE_VERSION), hasBufferStorage(capabilities),
                hasMultiDrawIndirect(capabilities), hasDebugOutput(capabilities), hasTimerQuery(capabilities));
        return renderer + " / " + version;
    }

    public static boolean hasBufferStorage(GLCapabilities capabilities) {
        return capabilities.OpenGL44 || capabilities.GL_ARB_buffer_storage;
    }

    public static boolean hasMultiDrawIndirect(GLCapabilities capabilities) {
        return capabilities.OpenGL43 || capabilities.GL_ARB_multi_draw_indirect;
    }

    public static boolean hasDebugOutput(GLCapabilities capabilities) {
        return capabilities.OpenGL43 || capabilities.GL_KHR_debug;
    }

    public static boolean hasTimerQuery(GLCapabilities capabilities) {
        return capabilities.OpenGL33 || capabilities.GL_ARB_timer_query;
    }
}
