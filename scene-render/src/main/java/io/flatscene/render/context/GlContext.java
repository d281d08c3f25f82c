package io.flatscene.render.context;

import org.lwjgl.opengl.GLCapabilities;

/**
 * An OpenGL context FlatScene created and owns: {@link HeadlessContext} (EGL, no window system) or
 * {@link WindowContext} (GLFW). A game that brings its own context needs neither: it makes its context current and
 * creates the {@link io.flatscene.render.Renderer} on that thread.
 */
public interface GlContext extends AutoCloseable {
    /** Makes this context current on the calling thread; GL calls on that thread then go to it. */
    void makeCurrent();

    /**
     * The functions and extensions this context offers, as LWJGL loaded them.
     *
     * @return the capabilities, to pass to {@code GL.setCapabilities} when another library switched contexts
     */
    GLCapabilities capabilities();

    /**
     * Renderer and version as the driver reports them, e.g. {@code llvmpipe (LLVM 15.0.6) / 4.5 (Core Profile)}.
     *
     * @return the description, also after close
     */
    String description();

    /**
     * Releases the context and everything it holds; GL objects made in it are gone with it. Renderers, framebuffers
     * and overlays made in it refuse work from then on with an {@link IllegalStateException}; close them first, or
     * close them afterwards, which then only frees their native memory.
     */
    @Override
    void close();
}
