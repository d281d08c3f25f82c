package io.flatscene.assets.testing;

import io.flatscene.assets.ImportedModel;
import io.flatscene.assets.ModelException;
import io.flatscene.assets.ModelImporter;
import io.flatscene.core.config.SceneConfig;
import io.flatscene.core.scene.SceneManager;
import io.flatscene.render.Renderer;
import io.flatscene.render.RendererConfig;
import io.flatscene.render.context.HeadlessContext;
import java.nio.file.Path;

/**
 * Imports each file named on the command line into a scene and renderer of its own, on one headless context, and
 * prints a line before each ("start FILE") and one after ("imported ..." or "refused MESSAGE"), so that a process
 * that dies names the file it died on. Anything but a {@link ModelException} escapes, with its stack trace.
 */
public final class ImportBatch {
    private ImportBatch() {
    }

    public static void main(String[] args) {
        HeadlessContext context = HeadlessContext.create(false);
        try {
            for (String file : args) {
                System.out.println("start " + file);
                try (Renderer renderer = new Renderer(RendererConfig.defaults());
                     SceneManager scene = new SceneManager(SceneConfig.defaults())) {
                    ImportedModel model = ModelImporter.load(Path.of(file), renderer, scene, scene.rootNode());
                    System.out.println("imported " + model.nodes() + " nodes, " + model.items() + " items");
                } catch (ModelException e) {
                    System.out.println("refused " + e.getMessage());
                }
            }
        } finally {
            context.close();
        }
    }
}
