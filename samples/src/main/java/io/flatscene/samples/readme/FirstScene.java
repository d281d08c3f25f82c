package io.flatscene.samples.readme;

import io.flatscene.core.config.SceneConfig;
import io.flatscene.core.scene.Aabb;
import io.flatscene.core.scene.Camera;
import io.flatscene.core.scene.FrameStats;
import io.flatscene.core.scene.Item;
import io.flatscene.core.scene.RenderQueue;
import io.flatscene.core.scene.SceneManager;
import io.flatscene.core.scene.SceneNode;
import org.joml.Matrix4f;
import org.joml.Quaternionf;
import org.joml.Vector3f;

/**
 * The README's first program: a scene with a ship, a camera and a minimap camera, one frame, a pick, a destruction.
 * The README shows it whole but for the package line, and the consumer build compiles that copy against the
 * installed artifacts.
 */
public final class FirstScene {
    private FirstScene() {
    }

    public static void main(String[] args) {
        SceneConfig config = SceneConfig.builder().maxNodes(1024).maxItems(1024).build();
        int meshId = 0;
        int materialId = 0;
        try (SceneManager scene = new SceneManager(config)) {
            SceneNode ship = scene.rootNode().createChild("ship");
            ship.setPosition(0, 2, -5).setOrientation(new Quaternionf().rotateY(0.5f));
            ship.attachObject(scene.createItem(meshId, materialId, Aabb.ofMinMax(-1, -1, -1, 1, 1, 1)));
            Camera camera = scene.createCamera("eye");
            scene.rootNode().createChild("eye").setPosition(0, 3, 10).attachObject(camera);
            Camera mapCamera = scene.createCamera("map");
            scene.rootNode().createChild("map").setPosition(0, 40, 0)
                    .setOrientation(new Quaternionf().rotateX((float) -Math.PI / 2)).attachObject(mapCamera);

            FrameStats stats = scene.updateFrame(camera);
            RenderQueue queue = scene.renderQueue();

            scene.update();
            RenderQueue minimap = scene.cull(mapCamera, new RenderQueue());
            Matrix4f world = ship.getWorldMatrix(new Matrix4f());
            Item hit = scene.queries().pick(640, 360, camera, new int[] {0, 0, 1280, 720});
            System.out.println(stats + "; " + queue.instanceCount() + " drawn, " + minimap.instanceCount() + " mapped");
            System.out.println("ship at " + world.getTranslation(new Vector3f()) + ", picked " + hit);
            scene.destroySceneNode(ship);
        }
    }
}
