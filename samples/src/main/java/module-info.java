/** The sample viewer and the embedding example: applications built on FlatScene, talking to OpenGL only through it. */
module io.flatscene.samples {
    requires io.flatscene.assets;
    requires io.flatscene.render;
    requires org.apache.logging.log4j;
    requires org.lwjgl.glfw;
    requires org.lwjgl.stb;
}
