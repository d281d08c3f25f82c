package io.flatscene.samples.viewer;

import io.flatscene.render.context.HeadlessContext;
import io.flatscene.render.target.Framebuffer;
import io.flatscene.render.target.RenderTarget;

/** An EGL context without a window, drawing into a framebuffer of the window's size. */
final class HeadlessSurface implements Surface {
    private final HeadlessContext context;
    private final Framebuffer framebuffer;

    HeadlessSurface(int width, int height) {
        context = HeadlessContext.create();
        try {
            framebuffer = new Framebuffer(width, height);
        } catch (RuntimeException e) {
            context.close();
            throw e;
        }
    }

    @Override
    public RenderTarget target() {
        return framebuffer;
    }

    @Override
    public void endFrame() {
        // nothing is shown; the next frame's fences pace the loop to the GPU
    }

    @Override
    public boolean closeRequested() {
        return false;
    }

    @Override
    public ViewerInput input() {
        return null;
    }

    @Override
    public void close() {
        framebuffer.close();
        context.close();
    }
}
