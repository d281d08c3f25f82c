/**
 * FlatScene's OpenGL render loop over LWJGL: the only module that talks to OpenGL. {@code gl} holds the internals
 * (shaders, buffers, state) and is not exported.
 */
module io.flatscene.render {
    requires transitive io.flatscene.core;
    requires transitive org.lwjgl.opengl;
    requires org.apache.logging.log4j;
    requires org.lwjgl;
    requires org.lwjgl.egl;
    requires org.lwjgl.glfw;
    requires org.lwjgl.stb;

    exports io.flatscene.render;
    exports io.flatscene.render.context;
    exports io.flatscene.render.image;
    exports io.flatscene.render.overlay;
    exports io.flatscene.render.target;
}
