/**
 * FlatScene's core: flat containers and, built on them, the scene graph. Pure data and algorithms, no OpenGL.
 */
module io.flatscene.core {
    requires transitive org.joml;
    requires org.apache.logging.log4j;

    exports io.flatscene.core.config;
    exports io.flatscene.core.container;
    exports io.flatscene.core.parallel;
    exports io.flatscene.core.scene;
}
