package io.flatscene.assets;

import io.flatscene.core.scene.Aabb;
import io.flatscene.core.scene.SceneNode;

/**
 * What {@link ModelImporter} added: the node made for the model's root, with the model's hierarchy below it, and
 * how much of each kind it created.
 *
 * @param name      the file path, or the name given to an import from memory
 * @param root      the model's root node, a child of the parent the import was given; destroying it removes the
 *                  model's nodes (its items are detached, not destroyed)
 * @param nodes     scene nodes created, the root included
 * @param meshes    meshes registered with the renderer
 * @param materials materials registered with the renderer, identical ones registered once
 * @param textures  images loaded into the renderer's textures, each once however many materials use it
 * @param items     items created, one per mesh reference of a node
 * @param bounds    a box holding every item, in the parent's space, as the model was imported; conservative
 *                  (built from each item's box), so slightly loose around rotated parts
 */
public record ImportedModel(String name, SceneNode root, int nodes, int meshes, int materials, int textures,
                            int items, Aabb bounds) {
}
