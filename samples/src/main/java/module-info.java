/** The sample viewer and the embedding example: applications built on FlatScene, talking to OpenGL only through it. */
module io.flatscene.samples {
    requires io.flatscene.render;
    requires org.apache.logging.log4j;
    requires org.lwjgl.assimp;
    requires org.lwjgl.glfw;
    requires org.lwjgl.stb;
}
