package io.flatscene.render;

import io.flatscene.core.config.SceneConfig;
import io.flatscene.core.scene.Camera;
import io.flatscene.core.scene.SceneManager;
import io.flatscene.core.scene.Space;
import io.flatscene.render.image.Image;
import io.flatscene.render.target.Framebuffer;
import io.flatscene.render.testing.GoldenImages;
import org.joml.Vector3f;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** What is drawn is what was prepared, mirrored nodes draw right side out, and a failed draw spoils nothing. */
class FrameConsistencyTest {
    private static final int SIZE = 96;

    @ParameterizedTest
    @EnumSource(value = DrawPath.class, names = {"MULTI_DRAW_INDIRECT", "INSTANCED"})
    void drawShowsThePreparedFrameEvenAfterTheSceneRanAnother(DrawPath path) {
        try (HeadlessRendering gl = HeadlessRendering.open(SIZE, SIZE, path)) {
            TestScenes built = TestScenes.cubeGrid(gl.renderer, SIZE, SIZE);
            gl.renderer.render(built.scene, built.camera, gl.target);
            Image expected = Image.read(gl.target);

            Camera elsewhere = built.scene.createCamera("elsewhere").setPerspective(0.3f, 0.5f, 50f)
                    .setViewport(SIZE, SIZE);
            built.scene.rootNode().createChild().setPosition(30, 1, 0).lookAt(new Vector3f(40, 0, 0), Space.PARENT)
                    .attachObject(elsewhere);
            gl.renderer.prepare(built.scene, built.camera);
            assertEquals(0, built.scene.updateFrame(elsewhere).itemsVisible(), "the other camera sees nothing");
            gl.renderer.draw(gl.target);
            assertEquals(expected, Image.read(gl.target));
            built.scene.close();
        }
    }

    /**
     * A cube mirrored by a negative scale looks exactly like the plain one (it is symmetric), provided its faces,
     * which now wind clockwise, are culled as front faces rather than back faces.
     */
    @ParameterizedTest
    @EnumSource(value = DrawPath.class, names = {"MULTI_DRAW_INDIRECT", "INSTANCED"})
    void aMirroredCubeDrawsRightSideOut(DrawPath path) {
        try (HeadlessRendering gl = HeadlessRendering.open(SIZE, SIZE, path);
             SceneManager scene = new SceneManager(SceneConfig.builder().validation(true).build())) {
            int cube = gl.renderer.meshes().add(Meshes.cube(1f));
            int green = gl.renderer.materials().add(Material.color(0.2f, 0.8f, 0.3f));
            Camera camera = scene.createCamera("eye").setPerspective(0.8f, 0.5f, 50f).setViewport(SIZE, SIZE);
            scene.rootNode().createChild().setPosition(2, 2.5f, 3).lookAt(new Vector3f(), Space.PARENT)
                    .attachObject(camera);
            var node = scene.rootNode().createChild("cube");
            node.attachObject(scene.createItem(cube, green, gl.renderer.meshes().bounds(cube)));
            var lamp = scene.createLight("lamp", io.flatscene.core.scene.Light.Type.POINT).setRange(20f);
            scene.rootNode().createChild().setPosition(3, 4, 2).attachObject(lamp);

            gl.renderer.render(scene, camera, gl.target);
            Image plain = Image.read(gl.target);
            node.setScale(-1f, 1f, 1f);
            RenderStats stats = gl.renderer.render(scene, camera, gl.target);
            assertTrue(scene.renderQueue().batchMirrored(0));
            assertEquals(0, stats.glErrors());
            Image mirrored = Image.read(gl.target);
            int differing = 0;
            for (int y = 0; y < SIZE; y++) {
                for (int x = 0; x < SIZE; x++) {
                    if (GoldenImages.worstChannelDifference(plain.rgba(x, y), mirrored.rgba(x, y)) > 8) {
                        differing++;
                    }
                }
            }
            assertTrue(differing < SIZE * SIZE / 200, differing + " pixels differ between the plain and the mirrored "
                    + "cube");
        }
    }

    /** With no light in the scene and no ambient, only emission shows: the emissive cube in its own color. */
    @ParameterizedTest
    @EnumSource(value = DrawPath.class, names = {"MULTI_DRAW_INDIRECT", "INSTANCED"})
    void anEmissiveMaterialShinesWithoutLight(DrawPath path) {
        try (HeadlessRendering gl = HeadlessRendering.open(SIZE, SIZE, path);
             SceneManager scene = new SceneManager(SceneConfig.builder().validation(true).build())) {
            int cube = gl.renderer.meshes().add(Meshes.cube(1f));
            int glowing = gl.renderer.materials().add(Material.color(0.8f, 0.4f, 0.2f).withEmission(1f));
            int dark = gl.renderer.materials().add(Material.color(0.8f, 0.4f, 0.2f));
            Camera camera = scene.createCamera("eye").setPerspective(0.8f, 0.5f, 50f).setViewport(SIZE, SIZE);
            scene.rootNode().createChild().setPosition(0, 0, 4).attachObject(camera);
            scene.rootNode().createChild().setPosition(-0.8f, 0, 0)
                    .attachObject(scene.createItem(cube, glowing, gl.renderer.meshes().bounds(cube)));
            scene.rootNode().createChild().setPosition(0.8f, 0, 0)
                    .attachObject(scene.createItem(cube, dark, gl.renderer.meshes().bounds(cube)));
            gl.renderer.setAmbient(0f, 0f, 0f);
            gl.renderer.setClearColor(0f, 0f, 0f, 1f);
            gl.renderer.render(scene, camera, gl.target);
            Image image = Image.read(gl.target);
            int left = image.rgba(SIZE / 2 - 18, SIZE / 2);
            assertEquals(0xCC6633FF, left, Integer.toHexString(left));
            assertEquals(0x000000FF, image.rgba(SIZE / 2 + 18, SIZE / 2));
        }
    }

    @ParameterizedTest
    @EnumSource(value = DrawPath.class, names = {"MULTI_DRAW_INDIRECT", "INSTANCED"})
    void aDrawRefusedForAClosedTargetLeavesTheRendererWorking(DrawPath path) {
        try (HeadlessRendering gl = HeadlessRendering.open(SIZE, SIZE, path)) {
            TestScenes built = TestScenes.cubeGrid(gl.renderer, SIZE, SIZE);
            gl.renderer.render(built.scene, built.camera, gl.target);
            Image expected = Image.read(gl.target);
            Framebuffer closed = new Framebuffer(SIZE, SIZE);
            closed.close();
            gl.renderer.prepare(built.scene, built.camera);
            assertThrows(IllegalStateException.class, () -> gl.renderer.draw(closed));
            for (int frame = 0; frame < 4; frame++) {
                assertEquals(0, gl.renderer.render(built.scene, built.camera, gl.target).glErrors());
            }
            assertEquals(expected, Image.read(gl.target));
            built.scene.close();
        }
    }
}
