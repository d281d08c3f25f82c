package io.flatscene.assets.testing;

import io.flatscene.assets.ImportedModel;
import io.flatscene.assets.ModelImporter;
import io.flatscene.core.scene.SceneManager;
import io.flatscene.core.scene.SceneNode;
import io.flatscene.render.Renderer;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;

/** The default model ({@link DefaultModelWriter}) imported from a direct buffer, as a game reads a packed asset. */
public final class Rover {
    /** The name of the viewer's copy of the model, and of each import here. */
    public static final String NAME = "flatscene-rover.gltf";

    private Rover() {
    }

    /** Imports the model under {@code parent}. */
    public static ImportedModel load(Renderer renderer, SceneManager scene, SceneNode parent) {
        byte[] bytes = DefaultModelWriter.gltf().getBytes(StandardCharsets.UTF_8);
        ByteBuffer data = ByteBuffer.allocateDirect(bytes.length).put(bytes).flip();
        return ModelImporter.load(NAME, data, "gltf", renderer, scene, parent);
    }
}
