package io.flatscene.render.target;

import static org.lwjgl.opengl.GL11C.GL_RGBA8;
import static org.lwjgl.opengl.GL11C.glGetInteger;
import static org.lwjgl.opengl.GL14C.GL_DEPTH_COMPONENT24;
import static org.lwjgl.opengl.GL30C.GL_COLOR_ATTACHMENT0;
import static org.lwjgl.opengl.GL30C.GL_DEPTH_ATTACHMENT;
import static org.lwjgl.opengl.GL30C.GL_FRAMEBUFFER;
import static org.lwjgl.opengl.GL30C.GL_FRAMEBUFFER_BINDING;
import static org.lwjgl.opengl.GL30C.GL_FRAMEBUFFER_COMPLETE;
import static org.lwjgl.opengl.GL30C.GL_RENDERBUFFER;
import static org.lwjgl.opengl.GL30C.glBindFramebuffer;
import static org.lwjgl.opengl.GL30C.glBindRenderbuffer;
import static org.lwjgl.opengl.GL30C.glCheckFramebufferStatus;
import static org.lwjgl.opengl.GL30C.glDeleteFramebuffers;
import static org.lwjgl.opengl.GL30C.glDeleteRenderbuffers;
import static org.lwjgl.opengl.GL30C.glFramebufferRenderbuffer;
import static org.lwjgl.opengl.GL30C.glGenFramebuffers;
import static org.lwjgl.opengl.GL30C.glGenRenderbuffers;
import static org.lwjgl.opengl.GL30C.glRenderbufferStorage;

/**
 * An offscreen framebuffer FlatScene owns: an 8-bit RGBA color buffer and a 24-bit depth buffer, the target of
 * headless rendering and screenshots. Lives in the context that was current when it was made.
 */
public final class Framebuffer implements RenderTarget, AutoCloseable {
    private final int framebuffer;
    private final int color;
    private final int depth;
    private int width;
    private int height;
    private boolean closed;

    /** @throws IllegalArgumentException if the size is below 1x1 */
    public Framebuffer(int width, int height) {
        checkSize(width, height);
        framebuffer = glGenFramebuffers();
        color = glGenRenderbuffers();
        depth = glGenRenderbuffers();
        allocate(width, height);
    }

    private static void checkSize(int width, int height) {
        if (width <= 0 || height <= 0) {
            throw new IllegalArgumentException("framebuffer size " + width + "x" + height + " must be at least 1x1");
        }
    }

    private void allocate(int width, int height) {
        glBindRenderbuffer(GL_RENDERBUFFER, color);
        glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, width, height);
        glBindRenderbuffer(GL_RENDERBUFFER, depth);
        glRenderbufferStorage(GL_RENDERBUFFER, GL_DEPTH_COMPONENT24, width, height);
        glBindRenderbuffer(GL_RENDERBUFFER, 0);
        int previous = glGetInteger(GL_FRAMEBUFFER_BINDING);
        glBindFramebuffer(GL_FRAMEBUFFER, framebuffer);
        glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, color);
        glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_DEPTH_ATTACHMENT, GL_RENDERBUFFER, depth);
        int status = glCheckFramebufferStatus(GL_FRAMEBUFFER);
        glBindFramebuffer(GL_FRAMEBUFFER, previous);
        if (status != GL_FRAMEBUFFER_COMPLETE) {
            throw new IllegalStateException("framebuffer " + width + "x" + height + " is incomplete (status 0x"
                    + Integer.toHexString(status) + ")");
        }
        this.width = width;
        this.height = height;
    }

    /** Reallocates the buffers at a new size; their contents are lost. */
    public void resize(int width, int height) {
        checkOpen();
        checkSize(width, height);
        if (width != this.width || height != this.height) {
            allocate(width, height);
        }
    }

    @Override
    public int framebufferId() {
        checkOpen();
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

    @Override
    public void close() {
        if (!closed) {
            closed = true;
            glDeleteFramebuffers(framebuffer);
            glDeleteRenderbuffers(color);
            glDeleteRenderbuffers(depth);
        }
    }

    private void checkOpen() {
        if (closed) {
            throw new IllegalStateException("framebuffer " + width + "x" + height + " was closed");
        }
    }
}
