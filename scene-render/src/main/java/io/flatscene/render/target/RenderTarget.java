package io.flatscene.render.target;

/**
 * Where a frame is drawn: a framebuffer object and the size to draw at. The renderer binds
 * {@link #framebufferId()} as the draw framebuffer and sets the viewport to the whole size.
 */
public interface RenderTarget {
    /**
     * The GL framebuffer name; 0 is the context's default framebuffer (a window's back buffer).
     *
     * @return the framebuffer name, 0 or more
     */
    int framebufferId();

    /** {@return the width to draw at, in pixels, 1 or more} */
    int width();

    /** {@return the height to draw at, in pixels, 1 or more} */
    int height();

    /**
     * A framebuffer someone else owns, at a fixed size: a window's default framebuffer (id 0) or a game's own
     * framebuffer object. Make a new one when the window is resized. Needs no context: whether the name is a complete
     * framebuffer of the current context, and the size one it can draw, is checked at each draw or read.
     *
     * @param framebufferId the GL framebuffer name, 0 or more; 0 is the default framebuffer
     * @param width         the width to draw at, in pixels, 1 or more
     * @param height        the height to draw at, in pixels, 1 or more
     * @return a target holding these three values, compared by value
     * @throws IllegalArgumentException if the name is negative or the size below 1x1
     */
    static RenderTarget of(int framebufferId, int width, int height) {
        return new ExistingFramebuffer(framebufferId, width, height);
    }
}
