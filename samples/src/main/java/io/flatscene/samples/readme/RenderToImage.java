package io.flatscene.samples.readme;

import io.flatscene.core.config.SceneConfig;
import io.flatscene.core.scene.Camera;
import io.flatscene.core.scene.Light;
import io.flatscene.core.scene.SceneManager;
import io.flatscene.core.scene.Space;
import io.flatscene.render.Material;
import io.flatscene.render.Meshes;
import io.flatscene.render.RenderStats;
import io.flatscene.render.Renderer;
import io.flatscene.render.RendererConfig;
import io.flatscene.render.context.HeadlessContext;
import io.flatscene.render.image.Image;
import io.flatscene.render.target.Framebuffer;
import java.nio.file.Path;
import org.joml.Vector3f;

/**
 * The README's rendering program: a red cube under a sun and a blue lamp, drawn offscreen into
 * {@code target/shot.png}. The README shows it whole but for the package line.
 */
public final class RenderToImage {
    private RenderToImage() {
    }

    public static void main(String[] args) {
        try (HeadlessContext context = HeadlessContext.create();
             Renderer renderer = new Renderer(RendererConfig.defaults());
             Framebuffer target = new Framebuffer(1280, 720);
             SceneManager scene = new SceneManager(SceneConfig.defaults())) {
            int cube = renderer.meshes().add(Meshes.cube(1f));
            int red = renderer.materials().add(Material.color(0.9f, 0.2f, 0.2f));
            scene.rootNode().createChild().attachObject(scene.createItem(cube, red, renderer.meshes().bounds(cube)));

            Camera camera = scene.createCamera("eye").setPerspective(1f, 0.1f, 100f);
            scene.rootNode().createChild("eye").setPosition(2, 2, 4).lookAt(new Vector3f(), Space.WORLD)
                    .attachObject(camera);
            Light sun = scene.createLight("sun", Light.Type.DIRECTIONAL).setColor(1f, 0.95f, 0.85f);
            scene.rootNode().createChild("sun").setPosition(1, 3, 2).lookAt(new Vector3f(), Space.WORLD)
                    .attachObject(sun);
            Light lamp = scene.createLight("lamp", Light.Type.POINT).setColor(0.3f, 0.5f, 1f).setRange(6f);
            scene.rootNode().createChild("lamp").setPosition(-1.5f, 0.5f, 1.5f).attachObject(lamp);

            RenderStats stats = renderer.render(scene, camera, target);
            Image.read(target).writePng(Path.of("target/shot.png"));
            System.out.println(context.description() + ": " + stats);
        }
    }
}
