package io.flatscene.render.target;

import io.flatscene.render.owner.GlOwner;

import static org.lwjgl.opengl.GL11C.GL_MAX_VIEWPORT_DIMS;
import static org.lwjgl.opengl.GL11C.GL_RGBA8;
import static org.lwjgl.opengl.GL11C.glGetInteger;
import static org.lwjgl.opengl.GL11C.glGetIntegerv;
import static org.lwjgl.opengl.GL14C.GL_DEPTH_COMPONENT24;
import static org.lwjgl.opengl.GL30C.GL_COLOR_ATTACHMENT0;
import static org.lwjgl.opengl.GL30C.GL_DEPTH_ATTACHMENT;
import static org.lwjgl.opengl.GL30C.GL_DRAW_FRAMEBUFFER;
import static org.lwjgl.opengl.GL30C.GL_DRAW_FRAMEBUFFER_BINDING;
import static org.lwjgl.opengl.GL30C.GL_FRAMEBUFFER_COMPLETE;
import static org.lwjgl.opengl.GL30C.GL_MAX_RENDERBUFFER_SIZE;
import static org.lwjgl.opengl.GL30C.GL_RENDERBUFFER;
import static org.lwjgl.opengl.GL30C.GL_RENDERBUFFER_BINDING;
import static org.lwjgl.opengl.GL30C.GL_RENDERBUFFER_HEIGHT;
import static org.lwjgl.opengl.GL30C.GL_RENDERBUFFER_WIDTH;
import static org.lwjgl.opengl.GL30C.glBindFramebuffer;
import static org.lwjgl.opengl.GL30C.glBindRenderbuffer;
import static org.lwjgl.opengl.GL30C.glCheckFramebufferStatus;
import static org.lwjgl.opengl.GL30C.glDeleteFramebuffers;
import static org.lwjgl.opengl.GL30C.glDeleteRenderbuffers;
import static org.lwjgl.opengl.GL30C.glFramebufferRenderbuffer;
import static org.lwjgl.opengl.GL30C.glGenFramebuffers;
import static org.lwjgl.opengl.GL30C.glGenRenderbuffers;
import static org.lwjgl.opengl.GL30C.glGetRenderbufferParameteri;
import static org.lwjgl.opengl.GL30C.glRenderbufferStorage;

/**
 * An offscreen framebuffer FlatScene owns: an 8-bit RGBA color buffer and a 24-bit depth buffer, the target of
 * headless rendering and screenshots. Lives in the context that was current when it was made, and like a
 * {@code Renderer} is used only on the thread that made it, with that context current.
 *
 * <p>Its size is always the size of its storage: a size the context cannot hold is refused before anything changes,
 * and new storage is made and checked before it replaces the old, so a failed resize leaves the old buffers, whole.
 */
public final class Framebuffer implements RenderTarget, AutoCloseable {
    private static final String REMEDY = "create a HeadlessContext or WindowContext first, or make your own context "
            + "current and call GL.createCapabilities()";

    private final GlOwner owner;
    private final int framebuffer;
    private int color;
    private int depth;
    private int width;
    private int height;
    private boolean closed;

    /**
     * Makes the buffers in the context current on this thread.
     *
     * @param width  the width in pixels, 1 to the context's limit
     * @param height the height in pixels, 1 to the context's limit
     * @throws IllegalArgumentException if the size is below 1x1 or beyond what the context can hold
     *                                  ({@code GL_MAX_RENDERBUFFER_SIZE}, {@code GL_MAX_VIEWPORT_DIMS})
     * @throws IllegalStateException    if no OpenGL 4.1 context is current on this thread, or the driver cannot
     *                                  allocate the buffers
     */
    public Framebuffer(int width, int height) {
        checkPositive(width, height);
        // the size first, so that the owner's message names the framebuffer asked for
        this.width = width;
        this.height = height;
        owner = new GlOwner(this, REMEDY);
        checkLimits(width, height);
        framebuffer = glGenFramebuffers();
        try {
            replaceStorage(width, height);
        } catch (RuntimeException | Error e) {
            glDeleteFramebuffers(framebuffer);
            throw e;
        }
    }

    private static void checkPositive(int width, int height) {
        if (width <= 0 || height <= 0) {
            throw new IllegalArgumentException("framebuffer size " + width + "x" + height + " must be at least 1x1");
        }
    }

    private static void checkLimits(int width, int height) {
        int renderbufferLimit = glGetInteger(GL_MAX_RENDERBUFFER_SIZE);
        int[] viewportLimit = new int[2];
        glGetIntegerv(GL_MAX_VIEWPORT_DIMS, viewportLimit);
        int maxWidth = Math.min(renderbufferLimit, viewportLimit[0]);
        int maxHeight = Math.min(renderbufferLimit, viewportLimit[1]);
        if (width > maxWidth || height > maxHeight) {
            throw new IllegalArgumentException("framebuffer size " + width + "x" + height + " exceeds this "
                    + "context's limit of " + maxWidth + "x" + maxHeight + " (GL_MAX_RENDERBUFFER_SIZE "
                    + renderbufferLimit + ", GL_MAX_VIEWPORT_DIMS " + viewportLimit[0] + "x" + viewportLimit[1] + ")");
        }
    }

    /**
     * Makes color and depth storage of the new size in new renderbuffers and attaches them; only once the
     * framebuffer is complete with them do they replace the old ones. Leaves the renderbuffer and draw framebuffer
     * bindings as it found them.
     */
    private void replaceStorage(int newWidth, int newHeight) {
        int previousRenderbuffer = glGetInteger(GL_RENDERBUFFER_BINDING);
        int previousFramebuffer = glGetInteger(GL_DRAW_FRAMEBUFFER_BINDING);
        int newColor = glGenRenderbuffers();
        int newDepth = glGenRenderbuffers();
        boolean replaced = false;
        try {
            allocate(newColor, GL_RGBA8, "color", newWidth, newHeight);
            allocate(newDepth, GL_DEPTH_COMPONENT24, "depth", newWidth, newHeight);
            glBindFramebuffer(GL_DRAW_FRAMEBUFFER, framebuffer);
            attach(newColor, newDepth);
            int status = glCheckFramebufferStatus(GL_DRAW_FRAMEBUFFER);
            if (status != GL_FRAMEBUFFER_COMPLETE) {
                if (color != 0) {
                    attach(color, depth);
                }
                throw new IllegalStateException("framebuffer " + newWidth + "x" + newHeight + " is incomplete "
                        + "(status 0x" + Integer.toHexString(status) + ")" + (color != 0 ? "; it stays "
                        + width + "x" + height : ""));
            }
            replaced = true;
        } finally {
            glBindRenderbuffer(GL_RENDERBUFFER, previousRenderbuffer);
            glBindFramebuffer(GL_DRAW_FRAMEBUFFER, previousFramebuffer);
            if (!replaced) {
                glDeleteRenderbuffers(newColor);
                glDeleteRenderbuffers(newDepth);
            }
        }
        if (color != 0) {
            glDeleteRenderbuffers(color);
            glDeleteRenderbuffers(depth);
        }
        color = newColor;
        depth = newDepth;
        width = newWidth;
        height = newHeight;
    }

    /** The driver may run out of memory below the limits; then the storage keeps another size, which tells. */
    private void allocate(int renderbuffer, int format, String what, int newWidth, int newHeight) {
        glBindRenderbuffer(GL_RENDERBUFFER, renderbuffer);
        glRenderbufferStorage(GL_RENDERBUFFER, format, newWidth, newHeight);
        if (glGetRenderbufferParameteri(GL_RENDERBUFFER, GL_RENDERBUFFER_WIDTH) != newWidth
                || glGetRenderbufferParameteri(GL_RENDERBUFFER, GL_RENDERBUFFER_HEIGHT) != newHeight) {
            throw new IllegalStateException("framebuffer " + newWidth + "x" + newHeight + ": the driver could not "
                    + "allocate its " + what + " buffer (out of GPU memory?)" + (color != 0 ? "; it stays "
                    + width + "x" + height : ""));
        }
    }

    private void attach(int colorBuffer, int depthBuffer) {
        glFramebufferRenderbuffer(GL_DRAW_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, colorBuffer);
        glFramebufferRenderbuffer(GL_DRAW_FRAMEBUFFER, GL_DEPTH_ATTACHMENT, GL_RENDERBUFFER, depthBuffer);
    }

    /**
     * Reallocates the buffers at a new size; their contents are lost. On failure the framebuffer keeps its size and
     * its buffers.
     *
     * @param width  the new width in pixels, 1 to the context's limit; the current size does nothing
     * @param height the new height in pixels, 1 to the context's limit
     * @throws IllegalArgumentException if the size is below 1x1 or beyond what the context can hold
     * @throws IllegalStateException    if called on another thread than the creating one, after close, when its
     *                                  context was closed or is not current, or when the driver cannot allocate
     */
    public void resize(int width, int height) {
        owner.check(closed);
        checkPositive(width, height);
        checkLimits(width, height);
        if (width != this.width || height != this.height) {
            replaceStorage(width, height);
        }
    }

    /**
     * @throws IllegalStateException if called on another thread than the creating one, after close, or when its
     *                               context was closed or is not current: the name means nothing then
     */
    @Override
    public int framebufferId() {
        owner.check(closed);
        return framebuffer;
    }

    @Override
    public int width() {
        return width;
    }

    @Override
    public int height() {
        return height;
    }

    /**
     * Deletes the framebuffer and its buffers. If its context was closed first they went with it, and this only
     * marks the framebuffer closed.
     *
     * @throws IllegalStateException if called on another thread than the creating one, or while its context, still
     *                               open, is not current
     */
    @Override
    public void close() {
        if (closed) {
            return;
        }
        boolean deleteGlObjects = owner.checkClose();
        closed = true;
        if (deleteGlObjects) {
            glDeleteFramebuffers(framebuffer);
            glDeleteRenderbuffers(color);
            glDeleteRenderbuffers(depth);
        }
    }

    @Override
    public String toString() {
        return "framebuffer " + width + "x" + height;
    }
}
