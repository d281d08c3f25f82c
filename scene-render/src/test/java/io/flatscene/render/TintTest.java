package io.flatscene.render;

import io.flatscene.core.config.SceneConfig;
import io.flatscene.core.scene.Camera;
import io.flatscene.core.scene.Item;
import io.flatscene.core.scene.SceneManager;
import io.flatscene.core.scene.Space;
import io.flatscene.render.image.Image;
import org.joml.Vector3f;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A tint set between frames of a still scene reaches the screen on the next frame: the scene re-culls the queue it
 * kept, and the instances go up again with the new tint (on the multi-draw path, only then).
 */
class TintTest {
    @ParameterizedTest
    @EnumSource(value = DrawPath.class, names = {"MULTI_DRAW_INDIRECT", "INSTANCED"})
    void aTintChangeReachesTheNextFrameAndNothingElseIsUploaded(DrawPath path) {
        try (HeadlessRendering gl = HeadlessRendering.open(64, 48, path);
             SceneManager scene = new SceneManager(SceneConfig.builder().validation(true).build())) {
            gl.renderer.setAmbient(1f, 1f, 1f);
            int cube = gl.renderer.meshes().add(Meshes.cube(2f));
            int white = gl.renderer.materials().add(Material.color(1f, 1f, 1f).withSpecular(0f, 1f));
            Item item = scene.createItem(cube, white, gl.renderer.meshes().bounds(cube));
            scene.rootNode().createChild().attachObject(item);
            Camera camera = scene.createCamera("eye").setPerspective(1f, 0.5f, 50f).setViewport(64, 48);
            scene.rootNode().createChild("eye").setPosition(0, 0, 5).lookAt(new Vector3f(), Space.PARENT)
                    .attachObject(camera);
            boolean resident = path == DrawPath.MULTI_DRAW_INDIRECT;

            gl.renderer.render(scene, camera, gl.target);
            assertEquals(0xFFFFFF, Image.read(gl.target).rgba(32, 24) >>> 8, "untinted white");
            RenderStats still = gl.renderer.render(scene, camera, gl.target);
            assertEquals(resident ? 0 : 8, still.instanceBytesUploaded());

            item.setTint(1f, 0.5f, 0f, 1f);
            RenderStats tinted = gl.renderer.render(scene, camera, gl.target);
            int rgb = Image.read(gl.target).rgba(32, 24) >>> 8;
            assertEquals(0xFF, rgb >>> 16, "red");
            assertTrue(Math.abs((rgb >>> 8 & 0xFF) - 128) <= 1, "green " + (rgb >>> 8 & 0xFF));
            assertEquals(0, rgb & 0xFF, "blue");
            // one instance (slot, material, tint) and its draw command; the matrices did not change
            assertEquals(resident ? 12 + 20 : 8, tinted.instanceBytesUploaded());
            assertEquals(resident ? 0 : 48, tinted.matrixBytesUploaded());
            assertEquals(0, tinted.glErrors());
        }
    }
}
