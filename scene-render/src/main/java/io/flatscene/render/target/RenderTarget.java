package io.flatscene.render.target;

/**
 * Where a frame is drawn: a framebuffer object and the size to draw at. The renderer binds
 * {@link #framebufferId()} as the draw framebuffer and sets the viewport to the whole size.
 */
public interface RenderTarget {
    /** The GL framebuffer name; 0 is the context's default framebuffer (a window's back buffer). */
    int framebufferId();

    int width();

    int height();

    /**
     * A framebuffer someone else owns, at a fixed size: a window's default framebuffer (id 0) or a game's own
     * framebuffer object. Make a new one when the window is resized.
     */
    static RenderTarget of(int framebufferId, int width, int height) {
        return new ExistingFramebuffer(framebufferId, width, height);
    }
}
