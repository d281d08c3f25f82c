package io.flatscene.render.context;

/**
 * What {@link WindowContext#create(WindowOptions)} opens. A record so that options can be logged and compared; the
 * builder exists because four positional booleans at a call site cannot be told apart.
 *
 * @param title   the window's title bar text
 * @param width   the window's width in screen coordinates (on HiDPI screens the framebuffer has more pixels)
 * @param height  the window's height in screen coordinates
 * @param vsync   wait for the display's refresh on each swap (swap interval 1) rather than tear (0)
 * @param debug   ask for a debug context, so that the renderer's GL debug output reports everything
 * @param visible show the window once its context works; tests and tools that only read pixels back may keep it hidden
 */
public record WindowOptions(String title, int width, int height, boolean vsync, boolean debug, boolean visible) {
    /**
     * Rejects what GLFW would otherwise turn into a native error or a crash far from the caller's mistake.
     *
     * @param title   the window's title bar text, not null
     * @param width   the window's width in screen coordinates, 1 or more
     * @param height  the window's height in screen coordinates, 1 or more
     * @param vsync   wait for the display's refresh on each swap
     * @param debug   ask for a debug context
     * @param visible show the window once its context works
     * @throws IllegalArgumentException if {@code title} is null or the size is below 1x1
     */
    public WindowOptions {
        if (title == null) {
            throw new IllegalArgumentException("window option title must not be null");
        }
        if (width <= 0 || height <= 0) {
            throw new IllegalArgumentException("window option size must be at least 1x1, got " + width + "x" + height);
        }
    }

    /**
     * Defaults: title "FlatScene", 1280x720, vsync on, no debug context, visible.
     *
     * @return a new builder holding the defaults
     */
    public static Builder builder() {
        return new Builder();
    }

    /** Collects options; {@link #build()} checks them. */
    public static final class Builder {
        private String title = "FlatScene";
        private int width = 1280;
        private int height = 720;
        private boolean vsync = true;
        private boolean debug;
        private boolean visible = true;

        private Builder() {
        }

        /**
         * @param title the title bar text, not null (checked by {@link #build()}); may be empty
         * @return this builder
         */
        public Builder title(String title) {
            this.title = title;
            return this;
        }

        /**
         * Sets the window size; {@link #build()} checks it.
         *
         * @param width  the window's width in screen coordinates, 1 or more
         * @param height the window's height in screen coordinates, 1 or more
         * @return this builder
         */
        public Builder size(int width, int height) {
            this.width = width;
            this.height = height;
            return this;
        }

        /**
         * @param vsync wait for the display's refresh on each swap, capping the frame rate at the refresh rate
         * @return this builder
         */
        public Builder vsync(boolean vsync) {
            this.vsync = vsync;
            return this;
        }

        /**
         * @param debug ask for a debug context; pair with {@code RendererConfig.debugOutput(true)} to see its messages
         * @return this builder
         */
        public Builder debug(boolean debug) {
            this.debug = debug;
            return this;
        }

        /**
         * @param visible show the window once its context works; false for tests that only read pixels back
         * @return this builder
         */
        public Builder visible(boolean visible) {
            this.visible = visible;
            return this;
        }

        /**
         * @return the options
         * @throws IllegalArgumentException naming the option, if the title is null or the size below 1x1
         */
        public WindowOptions build() {
            return new WindowOptions(title, width, height, vsync, debug, visible);
        }
    }
}
