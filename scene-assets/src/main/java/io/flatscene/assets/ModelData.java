package io.flatscene.assets;

import io.flatscene.core.scene.Aabb;
import io.flatscene.render.ColorSpace;
import io.flatscene.render.Material;
import io.flatscene.render.Mesh;
import java.util.List;
import org.joml.Quaternionf;
import org.joml.Vector3f;

/**
 * What an import keeps of a model, read from Assimp and checked, in Java memory: everything the scene and the
 * renderer are then built from, on the caller's thread.
 *
 * @param meshes    by Assimp's mesh index; null for a mesh no node draws or one without triangles
 * @param materials the material of each mesh in {@code meshes}, null where the mesh is; its texture ids are still
 *                  indices into {@code textures}, which the import turns into the renderer's ids
 * @param textures  the images the materials use, each once
 * @param nodes     depth first, each node after its parent, the model's root first
 * @param bounds    a box holding every mesh where its node places it, in the model's space
 */
record ModelData(Mesh[] meshes, Material[] materials, List<Texture> textures, List<Node> nodes, Aabb bounds) {
    /**
     * An image a material uses, as encoded in its file.
     *
     * @param name       the file it came from, or where in the model it was embedded
     * @param encoded    the image file's bytes (PNG, JPEG)
     * @param colorSpace how the material uses it: sRGB for colour, linear for normals
     */
    record Texture(String name, byte[] encoded, ColorSpace colorSpace) {
    }

    /**
     * @param parent the index of the parent in {@link #nodes()}, -1 for the model's root
     * @param meshes the indices of the meshes it draws, each one an item
     */
    record Node(String name, int parent, Vector3f translation, Quaternionf rotation, Vector3f scale, int[] meshes) {
    }
}
