package io.flatscene.samples.readme;

import io.flatscene.core.config.SceneConfig;
import io.flatscene.core.scene.SceneFiles;
import io.flatscene.core.scene.SceneManager;
import io.flatscene.render.Material;
import io.flatscene.render.MaterialRegistry;
import io.flatscene.render.MeshRegistry;
import io.flatscene.render.Meshes;
import io.flatscene.render.Renderer;
import java.io.IOException;
import java.nio.file.Path;

/**
 * The README's "Save and load a scene" lines: a scene saved with its ids as they are, then with the renderer's
 * registries naming its mesh and material, and loaded back through them.
 */
final class SaveAndLoad {
    private SaveAndLoad() {
    }

    /**
     * Saves a scene of one named crate into {@code file} and loads it back.
     *
     * @param renderer whose registries hold the crate's mesh and material, its context current on this thread
     * @return the number of nodes of the loaded scene
     */
    static int saveAndLoad(Renderer renderer, SceneConfig config, Path file) throws IOException {
        MeshRegistry meshes = renderer.meshes();
        MaterialRegistry materials = renderer.materials();
        try (SceneManager scene = new SceneManager(config)) {
            int crate = meshes.add(Meshes.cube(1f));
            int steel = materials.add("steel", Material.color(0.6f, 0.6f, 0.65f));
            scene.rootNode().createChild("crate").attachObject(scene.createItem(crate, steel, meshes.bounds(crate)));
            SceneFiles.save(scene, file);
            SceneFiles.save(scene, file, meshes::nameOf, materials::nameOf);
        }
        try (SceneManager level = SceneFiles.load(file, config, meshes::idOf, materials::idOf)) {
            return level.nodeCount();
        }
    }
}
