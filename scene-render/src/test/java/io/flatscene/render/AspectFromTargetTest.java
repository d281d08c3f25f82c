package io.flatscene.render;

import io.flatscene.core.config.SceneConfig;
import io.flatscene.core.scene.Camera;
import io.flatscene.core.scene.RenderQueue;
import io.flatscene.core.scene.SceneManager;
import io.flatscene.render.image.Image;
import io.flatscene.render.target.RenderTarget;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A cube seen face on, drawn into a target twice as wide as it is tall by a camera that was never given a viewport
 * (its default is 16:9): its front face comes out square, since the camera takes the target's aspect. A queue culled
 * with a square viewport and drawn into the wide target is fitted at draw; a camera that fixed its aspect is not.
 */
class AspectFromTargetTest {
    private static final int WIDTH = 160;
    private static final int HEIGHT = 64;

    @ParameterizedTest
    @EnumSource(value = DrawPath.class, names = {"MULTI_DRAW_INDIRECT", "INSTANCED"})
    void aCubeStaysSquareInANonSquareTarget(DrawPath path) {
        try (HeadlessRendering gl = HeadlessRendering.open(WIDTH, HEIGHT, path);
             SceneManager scene = new SceneManager(SceneConfig.builder().validation(true).build())) {
            gl.renderer.setClearColor(0f, 0f, 0f, 1f);
            gl.renderer.setAmbient(1f, 1f, 1f);
            int cube = gl.renderer.meshes().add(Meshes.cube(1f));
            int white = gl.renderer.materials().add(Material.color(1f, 1f, 1f));
            scene.rootNode().createChild("cube")
                    .attachObject(scene.createItem(cube, white, gl.renderer.meshes().bounds(cube)));
            Camera camera = scene.createCamera("eye").setPerspective(0.6f, 0.5f, 50f);
            scene.rootNode().createChild("eye").setPosition(0f, 0f, 4f).attachObject(camera);

            gl.renderer.render(scene, camera, gl.target);
            int[] box = coveredBox(Image.read(gl.target));
            assertEquals(box[0], box[1], 1, "the face is as wide as it is tall, in pixels: " + box[0] + "x" + box[1]);
            assertEquals(WIDTH, camera.viewportWidth(), "the camera's viewport is the target it draws into");
            assertEquals(HEIGHT, camera.viewportHeight());

            // culled for a square viewport, drawn into the wide target: fitted at draw
            camera.setViewport(HEIGHT, HEIGHT);
            scene.update();
            RenderQueue queue = scene.cull(camera, new RenderQueue());
            gl.renderer.render(queue, gl.target);
            int[] fitted = coveredBox(Image.read(gl.target));
            assertEquals(box[0], fitted[0], 1, "width, fitted at draw");
            assertEquals(box[1], fitted[1], 1, "height, fitted at draw");

            // a fixed aspect is kept: a square picture stretched to the wide target
            camera.setAspectRatio(1f);
            gl.renderer.render(scene, camera, gl.target);
            int[] stretched = coveredBox(Image.read(gl.target));
            float ratio = (float) stretched[0] / stretched[1];
            assertTrue(Math.abs(ratio - (float) WIDTH / HEIGHT) < 0.15f, "stretched by the target's shape: "
                    + stretched[0] + "x" + stretched[1]);
        }
    }

    /** A target that cannot be drawn into is refused before the frame changes the camera or the scene. */
    @ParameterizedTest
    @EnumSource(value = DrawPath.class, names = {"INSTANCED"})
    void aBadTargetIsRefusedBeforeTheCameraChanges(DrawPath path) {
        try (HeadlessRendering gl = HeadlessRendering.open(WIDTH, HEIGHT, path);
             SceneManager scene = new SceneManager(SceneConfig.builder().build())) {
            Camera camera = scene.createCamera("eye").setViewport(320, 240);
            scene.rootNode().createChild("eye").attachObject(camera);
            assertThrows(IllegalArgumentException.class, () -> gl.renderer.render(scene, camera, null));
            assertThrows(IllegalArgumentException.class, () -> gl.renderer.render(scene, camera,
                    RenderTarget.of(0, 1 << 30, 1)));
            assertEquals(320, camera.viewportWidth(), "the viewport of a refused frame is the camera's own");
            assertEquals(240, camera.viewportHeight());
            assertEquals(0, scene.updateFrame(camera).itemsTested(), "the scene still runs frames");
        }
    }

    /** The width and height of the box around every pixel that is not the black background. */
    private static int[] coveredBox(Image image) {
        int minX = Integer.MAX_VALUE;
        int maxX = -1;
        int minY = Integer.MAX_VALUE;
        int maxY = -1;
        for (int y = 0; y < image.height(); y++) {
            for (int x = 0; x < image.width(); x++) {
                if ((image.rgba(x, y) & 0xFFFFFF00) != 0) {
                    minX = Math.min(minX, x);
                    maxX = Math.max(maxX, x);
                    minY = Math.min(minY, y);
                    maxY = Math.max(maxY, y);
                }
            }
        }
        assertTrue(maxX >= 0, "the cube was drawn");
        return new int[] {maxX - minX + 1, maxY - minY + 1};
    }
}
