package io.flatscene.render.gl;

import io.flatscene.render.owner.GlOwner;
import org.apache.logging.log4j.Level;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;
import org.lwjgl.opengl.GLDebugMessageCallback;
import org.lwjgl.system.JNI;

import static org.lwjgl.opengl.GL11C.glDisable;
import static org.lwjgl.opengl.GL11C.glEnable;
import static org.lwjgl.opengl.GL11C.glIsEnabled;
import static org.lwjgl.opengl.GL43C.GL_DEBUG_CALLBACK_FUNCTION;
import static org.lwjgl.opengl.GL43C.GL_DEBUG_CALLBACK_USER_PARAM;
import static org.lwjgl.opengl.GL43C.GL_DEBUG_OUTPUT;
import static org.lwjgl.opengl.GL43C.GL_DEBUG_OUTPUT_SYNCHRONOUS;
import static org.lwjgl.opengl.GL43C.GL_DEBUG_SEVERITY_HIGH;
import static org.lwjgl.opengl.GL43C.GL_DEBUG_SEVERITY_MEDIUM;
import static org.lwjgl.opengl.GL43C.GL_DEBUG_SEVERITY_NOTIFICATION;
import static org.lwjgl.opengl.GL43C.GL_DEBUG_TYPE_ERROR;
import static org.lwjgl.opengl.GL43C.glDebugMessageCallback;
import static org.lwjgl.opengl.GL43C.glGetPointer;
import static org.lwjgl.opengl.GL43C.nglDebugMessageCallback;

/**
 * KHR_debug output routed to Log4j: errors at ERROR, other high and medium severity at WARN, low at DEBUG,
 * notifications at TRACE. A driver may repeat a message every frame, so each message id is logged a few times and
 * then only counted, in fixed arrays so that a chatty driver costs no allocation.
 *
 * <p>A context has one callback. When the game installed one before (libGDX's {@code enableGLDebugOutput}, its own
 * logger), that one keeps getting the game's messages, with its user parameter: only the messages raised while
 * FlatScene calls GL for the {@link GlOwner} are logged and counted here. Without one, every message is.
 */
public final class GlDebugLog {
    private static final Logger LOG = LogManager.getLogger(GlDebugLog.class);
    private static final int LOGGED_REPEATS = 3;
    /** Distinct message ids tracked; later ids are still logged, but without repeat suppression. */
    private static final int TRACKED_IDS = 256;

    private final GLDebugMessageCallback callback;
    private final long previousCallback;
    private final long previousUserParam;
    private final boolean previousOutput;
    private final boolean previousSynchronous;
    private final int[] ids = new int[TRACKED_IDS];
    private final int[] times = new int[TRACKED_IDS];
    private int tracked;
    private long errors;

    /**
     * Installs the callback on the current context, synchronous so that a logged error's stack is the GL call's;
     * whatever callback and output switches the context had come back with {@link #uninstall}.
     *
     * @param owner whose GL work the messages logged here come from: those raised outside its entry points go to the
     *              callback the context had, if any
     * @throws IllegalStateException if no context is current on this thread, or FlatScene closed the one that is
     */
    public GlDebugLog(GlOwner owner) {
        GlOwner.requireCurrent("GL debug output");
        previousCallback = glGetPointer(GL_DEBUG_CALLBACK_FUNCTION);
        previousUserParam = glGetPointer(GL_DEBUG_CALLBACK_USER_PARAM);
        previousOutput = glIsEnabled(GL_DEBUG_OUTPUT);
        previousSynchronous = glIsEnabled(GL_DEBUG_OUTPUT_SYNCHRONOUS);
        callback = GLDebugMessageCallback.create((source, type, id, severity, length, message, userParam) -> {
            // A message carries no mark of who caused it: the game's errors and FlatScene's share source, type and
            // ids. But output is synchronous, so a message arrives on the thread that raised it, during the GL call
            // that raised it, and on the owner's thread FlatScene calls GL only inside its entry points and the game
            // only outside them. (A game that turns synchronous output off again gets messages late, from the
            // driver's threads, and this attribution is then a guess.)
            if (previousCallback != 0L && !owner.working()) {
                // the callback's own function pointer, called as the driver would: it may be no LWJGL callback
                JNI.callPPV(source, type, id, severity, length, message, previousUserParam, previousCallback);
                return;
            }
            if (type == GL_DEBUG_TYPE_ERROR) {
                errors++;
            }
            int seen = countSeen(id);
            if (seen <= LOGGED_REPEATS) {
                LOG.log(level(type, severity), "GL debug message {} (source 0x{}, type 0x{}){}: {}", id,
                        Integer.toHexString(source), Integer.toHexString(type),
                        seen == LOGGED_REPEATS ? ", further repeats not logged" : "",
                        GLDebugMessageCallback.getMessage(length, message));
            }
        });
        glEnable(GL_DEBUG_OUTPUT);
        glEnable(GL_DEBUG_OUTPUT_SYNCHRONOUS);
        glDebugMessageCallback(callback, 0L);
    }

    /** How many times message {@code id} has come, this time included; 1 for ids past the tracked ones. */
    private int countSeen(int id) {
        for (int i = 0; i < tracked; i++) {
            if (ids[i] == id) {
                return ++times[i];
            }
        }
        if (tracked < TRACKED_IDS) {
            ids[tracked] = id;
            times[tracked++] = 1;
        }
        return 1;
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

    /** FlatScene's GL errors reported since installation: not those forwarded to the game's callback. */
    public long errors() {
        return errors;
    }

    /**
     * Puts back the context's previous callback and output switches while it is current, and frees this callback
     * either way: a context that is gone calls no callback any more.
     */
    public void uninstall(boolean contextCurrent) {
        if (contextCurrent) {
            nglDebugMessageCallback(previousCallback, previousUserParam);
            setEnabled(GL_DEBUG_OUTPUT, previousOutput);
            setEnabled(GL_DEBUG_OUTPUT_SYNCHRONOUS, previousSynchronous);
        }
        callback.free();
    }

    private static void setEnabled(int capability, boolean enabled) {
        if (enabled) {
            glEnable(capability);
        } else {
            glDisable(capability);
        }
    }
}
