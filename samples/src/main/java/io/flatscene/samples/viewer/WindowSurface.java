package io.flatscene.samples.viewer;

import io.flatscene.render.context.WindowContext;
import io.flatscene.render.context.WindowOptions;
import io.flatscene.render.target.RenderTarget;

/** A GLFW window with vsync, and the input the viewer reads from it. */
final class WindowSurface implements Surface {
    private final WindowContext window;
    private final ViewerInput input;

    WindowSurface(int width, int height) {
        window = WindowContext.create(WindowOptions.builder().title("FlatScene viewer").size(width, height)
                .vsync(true).build());
        try {
            input = new ViewerInput(window.handle());
        } catch (RuntimeException e) {
            window.close();
            throw e;
        }
    }

    @Override
    public RenderTarget target() {
        return window.target();
    }

    @Override
    public void endFrame() {
        window.swapBuffers();
        window.pollEvents();
    }

    @Override
    public boolean closeRequested() {
        return window.shouldClose();
    }

    @Override
    public ViewerInput input() {
        return input;
    }

    @Override
    public void close() {
        input.close();
        window.close();
    }
}
