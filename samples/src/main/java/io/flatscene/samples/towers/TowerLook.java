package io.flatscene.samples.towers;

import io.flatscene.assets.ImportedModel;
import io.flatscene.assets.ModelImporter;
import io.flatscene.core.scene.Aabb;
import io.flatscene.core.scene.Item;
import io.flatscene.core.scene.SceneManager;
import io.flatscene.core.scene.SceneNode;
import io.flatscene.render.Material;
import io.flatscene.render.Mesh;
import io.flatscene.render.Meshes;
import io.flatscene.render.Primitive;
import io.flatscene.render.Renderer;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.util.Objects;
import org.joml.Vector3f;

/**
 * The tower game's meshes and materials as the renderer registered them, and its turret as a prefab of an imported
 * model: the game hands only these ids to the scene, so it runs over a scene without a renderer as well (its tests
 * do, with ids of their own).
 */
public final class TowerLook {
    /** The turret model, a resource of the viewer (the rover the model scene shows). */
    static final String TURRET_MODEL = "/io/flatscene/samples/viewer/flatscene-rover.gltf";
    /** A turret's size across, in world units, whatever the model's own size. */
    static final float TURRET_SIZE = 2.4f;

    final Drawn ground;
    final Drawn creep;
    final Drawn rock;
    final Drawn beam;
    final Drawn lane;
    final Prefab turret;
    /** The scale that makes the turret model {@link #TURRET_SIZE} across. */
    final float turretScale;

    /** A registered mesh, the material it is drawn with and its local bounds. */
    record Drawn(int mesh, int material, Aabb bounds) {
    }

    TowerLook(Drawn ground, Drawn creep, Drawn rock, Drawn beam, Drawn lane, Prefab turret, float turretScale) {
        this.ground = ground;
        this.creep = creep;
        this.rock = rock;
        this.beam = beam;
        this.lane = lane;
        this.turret = turret;
        this.turretScale = turretScale;
    }

    /**
     * Registers the game's meshes and materials with {@code renderer}, and imports the turret model through the
     * library's importer into {@code scene}, keeps it as a prefab and removes it again: each turret is then built from
     * the prefab, on the meshes imported once.
     */
    public static TowerLook register(Renderer renderer, SceneManager scene) {
        Objects.requireNonNull(renderer, "renderer");
        Objects.requireNonNull(scene, "scene");
        SceneNode holder = scene.rootNode().createChild("turret model");
        ImportedModel model = ModelImporter.load(TURRET_MODEL, ByteBuffer.wrap(resource(TURRET_MODEL)), "gltf",
                renderer, scene, holder);
        Prefab turret = Prefab.capture(model.root());
        float scale = TURRET_SIZE / size(scene, holder);
        scene.destroySceneNode(holder);
        Lane road = new Lane();
        float[] positions = new float[road.waypoints() * 3];
        int[] order = new int[road.waypoints()];
        float[] normals = new float[positions.length];
        for (int i = 0; i < order.length; i++) {
            positions[i * 3] = road.waypoint(i, 0);
            positions[i * 3 + 1] = 0.05f;
            positions[i * 3 + 2] = road.waypoint(i, 1);
            normals[i * 3 + 1] = 1f;
            order[i] = i;
        }
        int[] meshes = {renderer.meshes().add(Meshes.plane(48f, 40f)), renderer.meshes().add(Meshes.sphere(
                Lane.HEIGHT, 10, 6)), renderer.meshes().add(Meshes.cube(1f)), renderer.meshes().add(Mesh.of(
                Primitive.LINES, "beam", new float[]{0f, 0f, 0f, 0f, 0f, -1f}, new float[]{0f, 1f, 0f, 0f, 1f, 0f},
                new int[]{0, 1})), renderer.meshes().add(Mesh.of(Primitive.LINE_STRIP, "lane", positions, normals,
                order))};
        Material[] materials = {Material.color(0.32f, 0.42f, 0.28f).withSpecular(0.02f, 4f),
            Material.color(0.85f, 0.25f, 0.2f).withSpecular(0.3f, 16f),
            Material.color(0.5f, 0.48f, 0.45f).withSpecular(0.05f, 4f),
            Material.color(1f, 0.9f, 0.3f).withEmission(1f),
            Material.color(0.9f, 0.85f, 0.6f).withEmission(1f)};
        Drawn[] drawn = new Drawn[meshes.length];
        for (int k = 0; k < meshes.length; k++) {
            drawn[k] = new Drawn(meshes[k], renderer.materials().add(materials[k]),
                    renderer.meshes().bounds(meshes[k]));
        }
        return new TowerLook(drawn[0], drawn[1], drawn[2], drawn[3], drawn[4], turret, scale);
    }

    private static byte[] resource(String name) {
        try (InputStream in = TowerLook.class.getResourceAsStream(name)) {
            if (in == null) {
                throw new IllegalStateException(name + " is missing from the samples module");
            }
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the resource " + name, e);
        }
    }

    /** The largest side of the world box around every item under {@code holder}. */
    private static float size(SceneManager scene, SceneNode holder) {
        scene.updateAllTransforms();
        scene.updateAllBounds();
        Vector3f low = new Vector3f(Float.MAX_VALUE);
        Vector3f high = new Vector3f(-Float.MAX_VALUE);
        Vector3f center = new Vector3f();
        Vector3f half = new Vector3f();
        Vector3f corner = new Vector3f();
        for (int i = 0; i < scene.itemCount(); i++) {
            Item item = scene.item(i);
            if (item.parentNode() != null && under(item.parentNode(), holder)) {
                item.getWorldCenter(center);
                item.getWorldHalfExtents(half);
                low.min(center.sub(half, corner));
                high.max(center.add(half, corner));
            }
        }
        return high.sub(low).get(high.maxComponent());
    }

    private static boolean under(SceneNode node, SceneNode ancestor) {
        for (SceneNode at = node; at != null; at = at.parent()) {
            if (at == ancestor) {
                return true;
            }
        }
        return false;
    }
}
