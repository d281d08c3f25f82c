package io.flatscene.render;

import io.flatscene.render.image.Image;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** What the statistics say matches what the frame did. */
class RenderStatsTest {
    @ParameterizedTest
    @EnumSource(value = DrawPath.class, names = {"MULTI_DRAW_INDIRECT", "INSTANCED"})
    void countsDrawCallsBytesAndGpuTime(DrawPath path) {
        try (HeadlessRendering gl = HeadlessRendering.open(64, 48, path)) {
            TestScenes built = TestScenes.cubeGrid(gl.renderer, 64, 48);
            // six cube materials and the floor's make seven batches, all opaque in one render-queue group
            long uniforms = 144 + 64 * 8; // frame block: header and room for the default eight local lights
            long commands = path == DrawPath.MULTI_DRAW_INDIRECT ? 7 * 20 : 0;
            long materials = 7 * 32; // uploaded with the first frame only
            RenderStats stats = gl.renderer.render(built.scene, built.camera, gl.target);
            assertEquals(37 * 52 + commands + uniforms + materials, stats.bytesUploaded());
            for (int frame = 2; frame <= 6; frame++) {
                Image.read(gl.target); // waits for the frame, so earlier timer queries have their results
                stats = gl.renderer.render(built.scene, built.camera, gl.target);
                assertEquals(frame, stats.frame());
            }
            assertEquals(path, stats.drawPath());
            assertEquals(37, stats.instances());
            assertEquals(7, stats.batches());
            assertEquals(path == DrawPath.MULTI_DRAW_INDIRECT ? 1 : 7, stats.drawCalls());
            assertEquals(37 * 52 + commands + uniforms, stats.bytesUploaded());
            assertTrue(stats.gpuNanos() > 0, "GPU time " + stats.gpuNanos());
            assertTrue(stats.prepareNanos() >= stats.uploadNanos());
            assertEquals(0, stats.glErrors());
            assertTrue(stats.toString().contains("37 instances in 7 batches"), stats.toString());
            built.scene.close();
        }
    }
}
