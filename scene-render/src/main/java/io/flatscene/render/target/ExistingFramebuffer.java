package io.flatscene.render.target;

/** Whether the name is a complete framebuffer of the context is checked where it is drawn to or read, not here. */
record ExistingFramebuffer(int framebufferId, int width, int height) implements RenderTarget {
    ExistingFramebuffer {
        if (framebufferId < 0 || width <= 0 || height <= 0) {
            throw new IllegalArgumentException("render target: framebuffer " + framebufferId + " at " + width + "x"
                    + height + " needs a framebuffer name >= 0 and a size of at least 1x1");
        }
    }

    @Override
    public String toString() {
        return "render target framebuffer " + framebufferId + " (" + width + "x" + height + ")";
    }
}
