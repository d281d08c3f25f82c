/**
 * FlatScene's model import: glTF 2.0 and Wavefront OBJ files read through Assimp, checked, and built into a scene's
 * nodes and items and a renderer's meshes, materials and textures; and a scene's graph written as glTF.
 */
module io.flatscene.assets {
    requires transitive io.flatscene.render;
    requires org.apache.logging.log4j;
    requires org.lwjgl.assimp;
    requires org.lwjgl.stb;

    exports io.flatscene.assets;
}
