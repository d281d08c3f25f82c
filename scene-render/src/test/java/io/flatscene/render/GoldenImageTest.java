package io.flatscene.render;

import io.flatscene.core.scene.FrameStats;
import io.flatscene.render.image.Image;
import io.flatscene.render.testing.GoldenImages;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Real draws on Mesa's llvmpipe through EGL, compared with reference images; both draw paths must match them. */
class GoldenImageTest {
    private static final int WIDTH = 320;
    private static final int HEIGHT = 240;

    @ParameterizedTest
    @EnumSource(value = DrawPath.class, names = {"MULTI_DRAW_INDIRECT", "INSTANCED"})
    void litCubeGrid(DrawPath path) {
        try (HeadlessRendering gl = HeadlessRendering.open(WIDTH, HEIGHT, path)) {
            TestScenes built = TestScenes.cubeGrid(gl.renderer, WIDTH, HEIGHT);
            RenderStats stats = gl.renderer.render(built.scene, built.camera, gl.target);
            assertEquals(37, stats.instances());
            assertEquals(0, stats.glErrors());
            GoldenImages.assertMatches("cube-grid", Image.read(gl.target));
            built.scene.close();
        }
    }

    /** Lines, a line strip and points among triangles: each primitive a run of its own, drawn in its GL mode. */
    @ParameterizedTest
    @EnumSource(value = DrawPath.class, names = {"MULTI_DRAW_INDIRECT", "INSTANCED"})
    void linesAndPoints(DrawPath path) {
        try (HeadlessRendering gl = HeadlessRendering.open(WIDTH, HEIGHT, path)) {
            TestScenes built = TestScenes.linesAndPoints(gl.renderer, WIDTH, HEIGHT);
            RenderStats stats = gl.renderer.render(built.scene, built.camera, gl.target);
            assertEquals(4, stats.instances());
            assertEquals(4, stats.batches());
            assertEquals(4, stats.drawCalls());
            assertEquals(0, stats.glErrors());
            GoldenImages.assertMatches("lines-and-points", Image.read(gl.target));
            built.scene.close();
        }
    }

    @ParameterizedTest
    @EnumSource(value = DrawPath.class, names = {"MULTI_DRAW_INDIRECT", "INSTANCED"})
    void rotatingHierarchyFrozenAtTwoAndAHalfSeconds(DrawPath path) {
        try (HeadlessRendering gl = HeadlessRendering.open(WIDTH, HEIGHT, path)) {
            TestScenes built = TestScenes.hierarchy(gl.renderer, WIDTH, HEIGHT, 2.5f);
            RenderStats stats = gl.renderer.render(built.scene, built.camera, gl.target);
            assertEquals(5, stats.instances());
            assertEquals(0, stats.glErrors());
            GoldenImages.assertMatches("hierarchy", Image.read(gl.target));
            built.scene.close();
        }
    }

    @ParameterizedTest
    @EnumSource(value = DrawPath.class, names = {"MULTI_DRAW_INDIRECT", "INSTANCED"})
    void cullingRemovesTheHalfBehindTheCamera(DrawPath path) {
        try (HeadlessRendering gl = HeadlessRendering.open(WIDTH, HEIGHT, path)) {
            TestScenes built = TestScenes.halfCulled(gl.renderer, WIDTH, HEIGHT);
            RenderStats stats = gl.renderer.render(built.scene, built.camera, gl.target);
            FrameStats frame = stats.scene();
            assertEquals(40, frame.itemsTested());
            assertTrue(frame.itemsVisible() <= 20, "visible " + frame.itemsVisible());
            assertTrue(frame.itemsVisible() >= 15, "visible " + frame.itemsVisible());
            assertEquals(0, stats.glErrors());
            GoldenImages.assertMatches("half-culled", Image.read(gl.target));
            built.scene.close();
        }
    }

    @ParameterizedTest
    @EnumSource(value = DrawPath.class, names = {"MULTI_DRAW_INDIRECT", "INSTANCED"})
    void texturedCubeGrid(DrawPath path) {
        try (HeadlessRendering gl = HeadlessRendering.open(WIDTH, HEIGHT, path)) {
            TestScenes built = TestScenes.texturedCubeGrid(gl.renderer, WIDTH, HEIGHT);
            RenderStats stats = gl.renderer.render(built.scene, built.camera, gl.target);
            assertEquals(37, stats.instances());
            assertEquals(0, stats.glErrors());
            assertEquals(3, gl.renderer.textures().arrayCount(), "64x64 and 32x32 sRGB, 64x64 linear");
            // seven materials over three texture arrays, all opaque in one group: still one multi-draw
            assertEquals(7, stats.batches());
            assertEquals(path == DrawPath.MULTI_DRAW_INDIRECT ? 1 : 7, stats.drawCalls());
            GoldenImages.assertMatches("textured-cube-grid", Image.read(gl.target));
            built.scene.close();
        }
    }

    @ParameterizedTest
    @EnumSource(value = DrawPath.class, names = {"MULTI_DRAW_INDIRECT", "INSTANCED"})
    void tintedInstanceField(DrawPath path) {
        try (HeadlessRendering gl = HeadlessRendering.open(WIDTH, HEIGHT, path)) {
            TestScenes built = TestScenes.tintedField(gl.renderer, WIDTH, HEIGHT);
            RenderStats stats = gl.renderer.render(built.scene, built.camera, gl.target);
            assertEquals(1, gl.renderer.materials().count());
            assertEquals(0, stats.glErrors());
            GoldenImages.assertMatches("tinted-field", Image.read(gl.target));
            built.scene.close();
        }
    }
}
