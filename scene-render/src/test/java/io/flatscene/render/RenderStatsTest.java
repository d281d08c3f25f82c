package io.flatscene.render;

import io.flatscene.render.image.Image;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** What the statistics say matches what the frame did. */
class RenderStatsTest {
    private static final int SLOT_BLOCK_BYTES = 8 * 12 * 4;

    @ParameterizedTest
    @EnumSource(value = DrawPath.class, names = {"MULTI_DRAW_INDIRECT", "INSTANCED"})
    void countsDrawCallsBytesAndGpuTime(DrawPath path) {
        try (HeadlessRendering gl = HeadlessRendering.open(64, 48, path)) {
            TestScenes built = TestScenes.cubeGrid(gl.renderer, 64, 48);
            boolean resident = path == DrawPath.MULTI_DRAW_INDIRECT;
            // six cube materials and the floor's make seven batches, all opaque in one render-queue group
            long uniforms = 144 + 64 * 8; // frame block: header and room for the default eight local lights
            long commands = resident ? 7 * 20 : 0;
            long materials = 7 * 48; // uploaded with the first frame only
            RenderStats stats = gl.renderer.render(built.scene, built.camera, gl.target);
            // the resident path's first frame copies every slot's matrix, block by block, into each of the three
            // buffer regions (none is in use yet), and the thin stream into one
            int slots = built.scene.changedSlots().slotCount();
            long matrices = resident ? 3L * (slots + 7) / 8 * SLOT_BLOCK_BYTES : 37 * 48;
            long instances = resident ? 37 * 12 + commands : 37 * 8; // slot, material, tint; or material, tint
            assertEquals(matrices, stats.matrixBytesUploaded());
            assertEquals(instances, stats.instanceBytesUploaded());
            assertEquals(matrices + instances + uniforms + materials, stats.bytesUploaded());
            for (int frame = 2; frame <= 6; frame++) {
                Image.read(gl.target); // waits for the frame, so earlier timer queries have their results
                stats = gl.renderer.render(built.scene, built.camera, gl.target);
                assertEquals(frame, stats.frame());
            }
            assertEquals(path, stats.drawPath());
            assertEquals(37, stats.instances());
            assertEquals(7, stats.batches());
            assertEquals(resident ? 1 : 7, stats.drawCalls());
            // a still scene: the resident path writes no matrix and no instance; the instanced path all of them
            assertEquals(resident ? 0 : 37 * 48, stats.matrixBytesUploaded());
            assertEquals(resident ? 0 : 37 * 8, stats.instanceBytesUploaded());
            assertEquals(stats.matrixBytesUploaded() + stats.instanceBytesUploaded() + uniforms,
                    stats.bytesUploaded());
            assertTrue(stats.gpuNanos() > 0, "GPU time " + stats.gpuNanos());
            assertTrue(stats.prepareNanos() >= stats.uploadNanos());
            assertEquals(0, stats.glErrors());
            assertTrue(stats.toString().contains("37 instances in 7 batches"), stats.toString());
            assertTrue(stats.toString().contains("(matrices " + stats.matrixBytesUploaded() + ", instances "
                    + stats.instanceBytesUploaded() + ")"), stats.toString());
            built.scene.close();
        }
    }

    /**
     * The renderer's statistics and the scene's inside them are reused objects: a stored reference reads the latest
     * frame, a snapshot the frame it was taken in.
     */
    @Test
    void aSnapshotKeepsItsFrameWhileTheLiveObjectMovesOn() {
        try (HeadlessRendering gl = HeadlessRendering.open(64, 48, DrawPath.MULTI_DRAW_INDIRECT)) {
            TestScenes built = TestScenes.cubeGrid(gl.renderer, 64, 48);
            RenderStats live = gl.renderer.render(built.scene, built.camera, gl.target);
            RenderStats.Snapshot first = live.snapshot();
            assertEquals(1, first.frame());
            assertNotNull(first.scene());
            assertEquals(37, first.scene().itemsVisible());
            assertEquals(live.toString(), first.toString());
            long firstMatrixBytes = first.matrixBytesUploaded();
            assertTrue(firstMatrixBytes > 0, "the first frame writes every matrix");

            built.scene.rootNode().createChild().setPosition(0, -1000, 0)
                    .attachObject(built.scene.createItem(0, 0, gl.renderer.meshes().bounds(0)));
            assertSame(live, gl.renderer.render(built.scene, built.camera, gl.target), "one reused object");
            built.scene.validate();

            assertEquals(2, live.frame(), "the live object reads the latest frame");
            assertEquals(38, live.scene().itemsTested());
            assertEquals(1, first.frame(), "the snapshot keeps its frame");
            assertEquals(37, first.scene().itemsTested());
            assertEquals(37, first.instances());
            assertEquals(firstMatrixBytes, first.matrixBytesUploaded());
            assertEquals(DrawPath.MULTI_DRAW_INDIRECT, first.drawPath());
            built.scene.close();
        }
    }

    @Test
    void beforeTheFirstFrameASnapshotHasNoSceneFigures() {
        RenderStats.Snapshot none = new RenderStats().snapshot();
        assertEquals(0, none.frame());
        assertNull(none.scene());
        assertEquals(-1, none.gpuNanos());
        assertTrue(none.toString().startsWith("frame 0 (null)"), none.toString());
    }
}
