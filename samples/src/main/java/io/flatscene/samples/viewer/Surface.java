package io.flatscene.samples.viewer;

import io.flatscene.render.target.RenderTarget;

/** Where the viewer's frames go: an offscreen framebuffer (headless) or a window, with its input. */
sealed interface Surface extends AutoCloseable permits HeadlessSurface, WindowSurface {
    /** The target for this frame, at the current size. */
    RenderTarget target();

    /** Shows the frame and handles window events; nothing to do headless. */
    void endFrame();

    boolean closeRequested();

    /** The window's input, or null headless. */
    ViewerInput input();

    @Override
    void close();
}
