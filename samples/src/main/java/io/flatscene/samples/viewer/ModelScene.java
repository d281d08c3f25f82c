package io.flatscene.samples.viewer;

import io.flatscene.assets.ImportedModel;
import io.flatscene.assets.ModelImporter;
import io.flatscene.core.scene.Item;
import io.flatscene.core.scene.Light;
import io.flatscene.core.scene.SceneManager;
import io.flatscene.core.scene.SceneNode;
import io.flatscene.core.scene.Space;
import io.flatscene.render.Material;
import io.flatscene.render.Meshes;
import io.flatscene.render.Renderer;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import org.joml.Vector3f;

/**
 * A model file's node hierarchy mapped onto scene nodes (the bundled rover unless a file is given), on a slowly
 * turning turntable.
 */
final class ModelScene implements DemoScene {
    /**
     * The bundled model, a resource of this package: the importer's tests generate it
     * ({@code io.flatscene.assets.testing.DefaultModelWriter}) and {@code DefaultModelWriterTest} keeps the two equal.
     */
    static final String DEFAULT_MODEL = "flatscene-rover.gltf";

    private final Path file;
    private SceneNode turntable;
    private ImportedModel model;

    /** @param file the model to load, or null for the bundled one */
    ModelScene(Path file) {
        this.file = file;
    }

    @Override
    public void build(Renderer renderer, SceneManager scene, CameraRig rig) {
        turntable = scene.rootNode().createChild("turntable");
        model = file == null ? loadDefault(renderer, scene, turntable)
                : ModelImporter.load(file, renderer, scene, turntable);
        float[] box = worldBounds(scene);
        // a flat or point-like model still gets a floor and a camera distance to work with
        float radius = Math.max(0.01f, Math.max(Math.max(box[3] - box[0], box[4] - box[1]), box[5] - box[2]) * 0.5f);
        int plane = renderer.meshes().add(Meshes.plane(radius * 6f, radius * 6f));
        int floor = renderer.materials().add(Material.color(0.35f, 0.37f, 0.4f).withSpecular(0.05f, 4f));
        scene.rootNode().createChild("floor").setPosition((box[0] + box[3]) / 2, box[1] - 0.01f * radius,
                (box[2] + box[5]) / 2).attachObject(scene.createItem("floor", plane, floor,
                renderer.meshes().bounds(plane)));
        Light key = scene.createLight("key light", Light.Type.DIRECTIONAL).setColor(0.95f, 0.9f, 0.85f);
        scene.rootNode().createChild("key light").yaw(-0.6f, Space.LOCAL).pitch(-0.8f, Space.LOCAL)
                .attachObject(key);
        Light fill = scene.createLight("fill light", Light.Type.POINT).setColor(0.4f, 0.5f, 0.7f)
                .setRange(radius * 8f);
        scene.rootNode().createChild("fill light").setPosition(-radius * 2f, radius * 1.5f, radius * 2f)
                .attachObject(fill);
        rig.orbit((box[0] + box[3]) / 2, (box[1] + box[4]) / 2, (box[2] + box[5]) / 2, radius * 3.2f, 0.6f, 0.35f);
    }

    /** Imports {@link #DEFAULT_MODEL} under {@code parent}. */
    static ImportedModel loadDefault(Renderer renderer, SceneManager scene, SceneNode parent) {
        byte[] bytes;
        try (InputStream in = ModelScene.class.getResourceAsStream(DEFAULT_MODEL)) {
            if (in == null) {
                throw new IllegalStateException(DEFAULT_MODEL + " is missing from the samples module");
            }
            bytes = in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the resource " + DEFAULT_MODEL, e);
        }
        return ModelImporter.load(DEFAULT_MODEL, ByteBuffer.wrap(bytes), "gltf", renderer, scene, parent);
    }

    /** min x, y, z then max x, y, z over every item's world bounds. */
    private static float[] worldBounds(SceneManager scene) {
        scene.updateAllTransforms();
        scene.updateAllBounds();
        float[] box = {Float.MAX_VALUE, Float.MAX_VALUE, Float.MAX_VALUE, -Float.MAX_VALUE, -Float.MAX_VALUE,
                -Float.MAX_VALUE};
        Vector3f center = new Vector3f();
        Vector3f half = new Vector3f();
        for (int i = 0; i < scene.itemCount(); i++) {
            Item item = scene.item(i);
            item.getWorldCenter(center);
            item.getWorldHalfExtents(half);
            box[0] = Math.min(box[0], center.x - half.x);
            box[1] = Math.min(box[1], center.y - half.y);
            box[2] = Math.min(box[2], center.z - half.z);
            box[3] = Math.max(box[3], center.x + half.x);
            box[4] = Math.max(box[4], center.y + half.y);
            box[5] = Math.max(box[5], center.z + half.z);
        }
        return box;
    }

    @Override
    public void update(double time, double dt) {
        turntable.yaw((float) (0.3 * dt), Space.LOCAL);
    }

    @Override
    public String status() {
        return String.format("%s: %d nodes, %d meshes, %d materials, %d textures, %d items", model.name(),
                model.nodes(), model.meshes(), model.materials(), model.textures(), model.items());
    }
}
