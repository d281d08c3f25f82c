package io.flatscene.render.gl;

import io.flatscene.render.owner.GlOwner;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;
import org.lwjgl.opengl.GL11C;
import org.lwjgl.opengl.GL20C;
import org.lwjgl.opengl.GL43C;
import org.lwjgl.opengl.GLCapabilities;

/** The one place that reads and logs what a new context is: strings, version and the features FlatScene picks by. */
public final class GlInfo {
    private static final Logger LOG = LogManager.getLogger(GlInfo.class);

    private GlInfo() {
    }

    /**
     * Logs the context's details once at INFO and returns {@code "renderer / version"}.
     *
     * @throws IllegalStateException if no context is current on this thread, or FlatScene closed the one that is
     */
    public static String describeAndLog(String kind, GLCapabilities capabilities) {
        GlOwner.requireCurrent("describing a " + kind + " context");
        String renderer = GL11C.glGetString(GL11C.GL_RENDERER);
        String version = GL11C.glGetString(GL11C.GL_VERSION);
        LOG.info("OpenGL context ({}): vendor {}, renderer {}, version {}, GLSL {}; buffer storage {}, "
                        + "multi-draw indirect {}, vertex storage buffers {}, KHR_debug {}, timer queries {}", kind,
                GL11C.glGetString(GL11C.GL_VENDOR), renderer, version,
                GL11C.glGetString(GL20C.GL_SHADING_LANGUAGE_VERSION), hasBufferStorage(capabilities),
                hasMultiDrawIndirect(capabilities), hasVertexStorageBuffers(capabilities),
                hasDebugOutput(capabilities), hasTimerQuery(capabilities));
        return renderer + " / " + version;
    }

    public static boolean hasBufferStorage(GLCapabilities capabilities) {
        return capabilities.OpenGL44 || capabilities.GL_ARB_buffer_storage;
    }

    public static boolean hasMultiDrawIndirect(GLCapabilities capabilities) {
        return capabilities.OpenGL43 || capabilities.GL_ARB_multi_draw_indirect;
    }

    /**
     * Whether vertex shaders can read shader storage buffers: the resident matrices of the multi-draw path. Asks the
     * context current on this thread, which {@code capabilities} must be.
     *
     * @throws IllegalStateException if no context is current on this thread, or FlatScene closed the one that is
     */
    public static boolean hasVertexStorageBuffers(GLCapabilities capabilities) {
        GlOwner.requireCurrent("asking for vertex storage buffers");
        return (capabilities.OpenGL43 || capabilities.GL_ARB_shader_storage_buffer_object)
                && GL11C.glGetInteger(GL43C.GL_MAX_VERTEX_SHADER_STORAGE_BLOCKS) > 0;
    }

    public static boolean hasDebugOutput(GLCapabilities capabilities) {
        return capabilities.OpenGL43 || capabilities.GL_KHR_debug;
    }

    public static boolean hasTimerQuery(GLCapabilities capabilities) {
        return capabilities.OpenGL33 || capabilities.GL_ARB_timer_query;
    }
}
