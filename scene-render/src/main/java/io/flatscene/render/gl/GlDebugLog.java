package io.flatscene.render.gl;

import org.apache.logging.log4j.Level;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;
import org.lwjgl.opengl.GLDebugMessageCallback;

import java.util.HashMap;
import java.util.Map;

import static org.lwjgl.opengl.GL11C.glEnable;
import static org.lwjgl.opengl.GL43C.GL_DEBUG_OUTPUT;
import static org.lwjgl.opengl.GL43C.GL_DEBUG_OUTPUT_SYNCHRONOUS;
import static org.lwjgl.opengl.GL43C.GL_DEBUG_SEVERITY_HIGH;
import static org.lwjgl.opengl.GL43C.GL_DEBUG_SEVERITY_MEDIUM;
import static org.lwjgl.opengl.GL43C.GL_DEBUG_SEVERITY_NOTIFICATION;
import static org.lwjgl.opengl.GL43C.GL_DEBUG_TYPE_ERROR;
import static org.lwjgl.opengl.GL43C.glDebugMessageCallback;

/**
 * KHR_debug output routed to Log4j: errors at ERROR, other high and medium severity at WARN, the rest at DEBUG. A
 * driver may repeat a message every frame, so each message id is logged a few times and then only counted.
 */
public final class GlDebugLog {
    private static final Logger LOG = LogManager.getLogger(GlDebugLog.class);
    private static final int LOGGED_REPEATS = 3;

    private final GLDebugMessageCallback callback;
    /** Message id to times seen; grows only with new ids, which a working renderer stops producing quickly. */
    private final Map<Integer, Integer> seen = new HashMap<>();
    private long errors;

    /** Installs the callback on the current context; synchronous, so a logged error's stack is the GL call's. */
    public GlDebugLog() {
        callback = GLDebugMessageCallback.create((source, type, id, severity, length, message, userParam) -> {
            if (type == GL_DEBUG_TYPE_ERROR) {
                errors++;
            }
            int times = seen.merge(id, 1, Integer::sum);
            if (times <= LOGGED_REPEATS) {
                LOG.log(level(type, severity), "GL debug message {} (source 0x{}, type 0x{}){}: {}", id,
                        Integer.toHexString(source), Integer.toHexString(type),
                        times == LOGGED_REPEATS ? ", further repeats not logged" : "",
                        GLDebugMessageCallback.getMessage(length, message));
            }
        });
        glEnable(GL_DEBUG_OUTPUT);
        glEnable(GL_DEBUG_OUTPUT_SYNCHRONOUS);
        glDebugMessageCallback(callback, 0L);
    }

    private static Level level(int type, int severity) {
        if (type == GL_DEBUG_TYPE_ERROR) {
            return Level.ERROR;
        }
        if (severity == GL_DEBUG_SEVERITY_HIGH || severity == GL_DEBUG_SEVERITY_MEDIUM) {
            return Level.WARN;
        }
        return severity == GL_DEBUG_SEVERITY_NOTIFICATION ? Level.TRACE : Level.DEBUG;
    }

    /** GL errors reported since installation. */
    public long errors() {
        return errors;
    }

    /** Removes the callback from the current context and frees it. */
    public void uninstall() {
        glDebugMessageCallback(null, 0L);
        callback.free();
    }
}
