package io.flatscene.render;

import io.flatscene.core.scene.Camera;
import io.flatscene.core.scene.FrameStats;
import io.flatscene.core.scene.RenderQueue;
import io.flatscene.core.scene.SceneNode;
import io.flatscene.core.scene.Space;
import io.flatscene.render.image.Image;
import io.flatscene.render.target.Framebuffer;
import org.joml.Vector3f;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

/**
 * Two cameras drawn from one scene update, each culled into its own queue and drawn into its own target: each picture
 * is exactly the one the one-camera convenience path draws, and the update ran once.
 */
class TwoViewsTest {
    private static final int SIZE = 96;

    @ParameterizedTest
    @EnumSource(value = DrawPath.class, names = {"MULTI_DRAW_INDIRECT", "INSTANCED"})
    void twoCamerasOfOneUpdateDrawWhatEachWouldAlone(DrawPath path) {
        try (HeadlessRendering gl = HeadlessRendering.open(SIZE, SIZE, path);
             Framebuffer second = new Framebuffer(SIZE / 2, SIZE / 2)) {
            TestScenes built = TestScenes.cubeGrid(gl.renderer, SIZE, SIZE);
            Camera above = built.scene.createCamera("above").setPerspective(0.9f, 0.5f, 100f)
                    .setViewport(SIZE / 2, SIZE / 2);
            built.scene.rootNode().createChild("above").setPosition(1, 18, 0.5f)
                    .lookAt(new Vector3f(0, 0, 0), Space.PARENT).attachObject(above);

            gl.renderer.render(built.scene, built.camera, gl.target);
            Image mainAlone = Image.read(gl.target);
            gl.renderer.render(built.scene, above, second);
            Image aboveAlone = Image.read(second);
            assertNotEquals(mainAlone, aboveAlone);

            // moved to where it is: the update recomputes it and its item's bounds without changing the picture
            SceneNode moved = built.scene.rootNode().child(1);
            moved.setPosition(moved.getPosition(new Vector3f()));
            FrameStats update = built.scene.update();
            assertEquals(1, update.nodesUpdated());
            RenderQueue mainView = built.scene.cull(built.camera, new RenderQueue());
            RenderQueue aboveView = built.scene.cull(above, new RenderQueue());
            assertSame(built.scene, aboveView.scene());
            assertEquals(update.nodesUpdated(), mainView.stats().nodesUpdated());
            assertEquals(update.nodesUpdated(), aboveView.stats().nodesUpdated(), "one update serves both views");
            assertEquals(SIZE / 2, aboveView.viewportWidth());

            gl.renderer.render(mainView, gl.target);
            gl.renderer.prepare(aboveView);
            RenderStats stats = gl.renderer.draw(second);
            assertEquals(0, stats.glErrors());
            assertEquals(aboveView.instanceCount(), stats.instances());
            assertEquals(mainAlone, Image.read(gl.target));
            assertEquals(aboveAlone, Image.read(second));
            built.scene.close();
        }
    }

    @ParameterizedTest
    @EnumSource(value = DrawPath.class, names = {"INSTANCED"})
    void aQueueNeverCulledIsRefused(DrawPath path) {
        try (HeadlessRendering gl = HeadlessRendering.open(8, 8, path)) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> gl.renderer.prepare(new RenderQueue()));
            assertEquals("cannot prepare a render queue that was never culled: fill it with "
                    + "scene.cull(camera, queue) first", e.getMessage());
        }
    }
}
