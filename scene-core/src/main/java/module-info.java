/**
 * FlatScene's core: flat containers and, built on them, the scene graph. Pure data and algorithms, no OpenGL.
 */
// "module": javac warns that the module a qualified export names is not in the graph when this module is compiled
// alone, as it is, before the renderer that reads it
@SuppressWarnings("module")
module io.flatscene.core {
    requires transitive org.joml;
    requires org.apache.logging.log4j;
    // the transform pass's vector kernel, used only when the runtime resolved the module (--add-modules)
    requires static jdk.incubator.vector;

    exports io.flatscene.core.config;
    exports io.flatscene.core.container;
    exports io.flatscene.core.parallel;
    exports io.flatscene.core.scene;
    // the lane-block layout of the scene's per-node arrays, which the renderer reads when it uploads them
    exports io.flatscene.core.layout to io.flatscene.render;
}
