package io.flatscene.render.gl;

import io.flatscene.render.target.Framebuffer;
import io.flatscene.render.target.RenderTarget;

import static org.lwjgl.opengl.GL11C.GL_MAX_VIEWPORT_DIMS;
import static org.lwjgl.opengl.GL11C.glGetIntegerv;
import static org.lwjgl.opengl.GL30C.GL_FRAMEBUFFER_COMPLETE;
import static org.lwjgl.opengl.GL30C.GL_FRAMEBUFFER_UNDEFINED;
import static org.lwjgl.opengl.GL30C.glBindFramebuffer;
import static org.lwjgl.opengl.GL30C.glCheckFramebufferStatus;
import static org.lwjgl.opengl.GL30C.glIsFramebuffer;

/**
 * Binds a {@link RenderTarget} once it is known to name a complete framebuffer of the current context, at a size the
 * context can draw. A name that is no framebuffer there makes glBindFramebuffer fail and keep the framebuffer bound
 * before, so unchecked, a frame would land silently in another target.
 *
 * <p>What each kind of target costs: a {@link Framebuffer} is FlatScene's own, complete since it was made, and checks
 * its owner when asked for its name, so it costs no GL query; the default framebuffer (name 0) cannot come or go while
 * its context lives, so it is checked at its first bind; a game's framebuffer object may be deleted or changed at any
 * time, so it is checked at every bind (glIsFramebuffer and glCheckFramebufferStatus).
 */
public final class TargetBinder {
    private final int maxWidth;
    private final int maxHeight;
    private boolean defaultFramebufferComplete;

    /** Reads the viewport limit of the context current on this thread; one binder serves one context. */
    public TargetBinder() {
        int[] dimensions = new int[2];
        glGetIntegerv(GL_MAX_VIEWPORT_DIMS, dimensions);
        maxWidth = dimensions[0];
        maxHeight = dimensions[1];
    }

    /**
     * Checks what can be checked of {@code target} without binding it, so that a frame can refuse it before doing
     * any work for it.
     *
     * @throws IllegalArgumentException if {@code target} is null, its size is below 1x1 or beyond the context's
     *                                  viewport limit, or its name is no framebuffer of the current context
     * @throws IllegalStateException    if a {@link Framebuffer} refuses: closed, another thread's, or its context
     *                                  closed or not current
     */
    public void check(RenderTarget target) {
        if (target == null) {
            throw new IllegalArgumentException("render target must not be null");
        }
        int name = target.framebufferId();
        int width = target.width();
        int height = target.height();
        if (width <= 0 || height <= 0 || width > maxWidth || height > maxHeight) {
            throw new IllegalArgumentException(describe(name, width, height) + " must be at least 1x1 and at most "
                    + maxWidth + "x" + maxHeight + ", this context's GL_MAX_VIEWPORT_DIMS");
        }
        if (!(target instanceof Framebuffer) && name != 0 && !glIsFramebuffer(name)) {
            throw new IllegalArgumentException(describe(name, width, height) + " is no framebuffer of the OpenGL "
                    + "context current on thread '" + Thread.currentThread().getName() + "': never made (or never "
                    + "bound) there, deleted, or made in another context");
        }
    }

    /**
     * Binds {@code target} to {@code binding} ({@code GL_DRAW_FRAMEBUFFER} or {@code GL_READ_FRAMEBUFFER}).
     *
     * @throws IllegalArgumentException as {@link #check} says
     * @throws IllegalStateException    if the framebuffer is incomplete (it is left bound), or as {@link #check}
     *                                  says
     */
    public void bind(int binding, RenderTarget target) {
        check(target);
        int name = target.framebufferId();
        if (target instanceof Framebuffer) {
            glBindFramebuffer(binding, name);
            return;
        }
        glBindFramebuffer(binding, name);
        if (name == 0 && defaultFramebufferComplete) {
            return;
        }
        int status = glCheckFramebufferStatus(binding);
        if (status != GL_FRAMEBUFFER_COMPLETE) {
            throw new IllegalStateException(describe(name, target.width(), target.height()) + " is incomplete "
                    + "(status 0x" + Integer.toHexString(status) + ")" + (status == GL_FRAMEBUFFER_UNDEFINED
                    ? ": the current context has no default framebuffer (a HeadlessContext has none); draw into a "
                    + "Framebuffer" : ""));
        }
        defaultFramebufferComplete |= name == 0;
    }

    private static String describe(int name, int width, int height) {
        return "render target framebuffer " + name + " (" + width + "x" + height + ")";
    }
}
