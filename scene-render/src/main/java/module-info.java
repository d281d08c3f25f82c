/**
 * FlatScene's OpenGL render loop over LWJGL: the only module that talks to OpenGL. It exports nothing yet; the
 * render issue adds the public API.
 */
module io.flatscene.render {
    requires transitive io.flatscene.core;
    requires org.apache.logging.log4j;
    requires org.lwjgl;
    requires org.lwjgl.opengl;
    requires org.lwjgl.egl;
    requires org.lwjgl.glfw;
    requires org.lwjgl.stb;
}
