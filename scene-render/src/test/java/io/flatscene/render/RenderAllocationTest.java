package io.flatscene.render;

import io.flatscene.core.scene.Camera;
import io.flatscene.core.scene.Item;
import io.flatscene.core.scene.RenderQueue;
import io.flatscene.core.scene.SceneManager;
import io.flatscene.core.scene.SceneNode;
import io.flatscene.core.testing.AllocationMeter;
import io.flatscene.render.target.Framebuffer;
import java.util.Arrays;
import java.util.Set;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A steady frame of the render loop allocates nothing on the Java heap, on either draw path: the scene's update and
 * cull (on the caller and the scene's worker), {@code prepare} (the upload) and {@code draw}, measured
 * with the JVM's per-thread allocation counters over windows of frames after warm-up, while the game moves nodes
 * between frames. One clean window among a few is asked for, for the reason {@link AllocationMeter} gives.
 */
class RenderAllocationTest {
    private static final String WORKER_PREFIX = "flatscene-worker";
    private static final int WIDTH = 64;
    private static final int HEIGHT = 48;
    /** Past the scene's parallel threshold, so that its worker takes part. */
    private static final int ITEMS = 9_000;
    private static final int MOVES_PER_FRAME = 64;
    /**
     * Two frame paths alternate (the one-view convenience and update + cull), so more methods reach C2 than in the
     * scene's own test: a longer warm-up and more windows let their late compilations, which allocate a few hundred
     * bytes on the thread that asked for them, settle before a clean window is asked for. A per-frame allocation of
     * even one object dirties every window still.
     */
    private static final int WARM_UP_FRAMES = 600;
    private static final int MEASURED_FRAMES = 300;
    private static final int MAX_WINDOWS = 8;

    @ParameterizedTest
    @EnumSource(value = DrawPath.class, names = {"MULTI_DRAW_INDIRECT", "INSTANCED"})
    void steadyFramesAllocateNothing(DrawPath path) {
        Set<Thread> threadsBefore = AllocationMeter.liveThreads();
        try (HeadlessRendering gl = HeadlessRendering.open(WIDTH, HEIGHT, path)) {
            TestScenes fixture = TestScenes.field(gl.renderer, WIDTH, HEIGHT, ITEMS);
            // textured materials too, so that binding the texture arrays is part of every frame
            int crate = gl.renderer.textures().load(TestScenes.TEXTURES.resolve("crate.png"), ColorSpace.SRGB);
            int tiles = gl.renderer.textures().load(TestScenes.TEXTURES.resolve("tiles.png"), ColorSpace.SRGB);
            gl.renderer.materials().set(0, gl.renderer.materials().get(0).withBaseColorTexture(crate));
            gl.renderer.materials().set(1, gl.renderer.materials().get(1).withBaseColorTexture(tiles));
            try (SceneManager scene = fixture.scene) {
                Frames frames = new Frames(gl.renderer, gl.target, scene, fixture.camera);
                frames.run(WARM_UP_FRAMES);
                RenderStats stats = gl.renderer.stats();
                assertTrue(stats.instances() > ITEMS / 10 && stats.instances() < ITEMS / 2,
                        "part of the field should be visible: " + stats.instances());

                AllocationMeter meter = AllocationMeter.callerAnd(WORKER_PREFIX, threadsBefore);
                assertEquals(2, meter.threadNames().length, "the caller and the scene's worker thread: "
                        + Arrays.toString(meter.threadNames()));
                meter.assertSomeWindowClean(MEASURED_FRAMES + " frames drawn with " + path, MAX_WINDOWS,
                        () -> frames.run(MEASURED_FRAMES));
                assertEquals(0, gl.renderer.stats().glErrors(), "GL errors reported by the debug output");
            }
        }
    }

    /**
     * The game's loop: a few nodes moved and one item's tint changed, then the frame prepared and drawn, every other
     * frame through the one-view convenience and otherwise as one update and a cull into the game's own queue.
     */
    private static final class Frames {
        private final Renderer renderer;
        private final Framebuffer target;
        private final SceneManager scene;
        private final Camera camera;
        private final RenderQueue view = new RenderQueue();
        private final SceneNode[] nodes;
        private final int side;
        private int seed = 12345;
        private int frame;

        Frames(Renderer renderer, Framebuffer target, SceneManager scene, Camera camera) {
            this.renderer = renderer;
            this.target = target;
            this.scene = scene;
            this.camera = camera;
            SceneNode field = scene.findNodesByName("field").get(0);
            nodes = new SceneNode[field.childCount()];
            for (int i = 0; i < nodes.length; i++) {
                nodes[i] = field.child(i);
            }
            side = (int) Math.ceil(Math.sqrt(nodes.length));
        }

        void run(int frames) {
            for (int i = 0; i < frames; i++) {
                moveSome();
                Item tinted = (Item) nodes[frame % nodes.length].attachedObject(0);
                tinted.setTint((frame & 0xFF) / 255f, 0.5f, 1f, 1f);
                if (frame % 2 == 0) {
                    renderer.prepare(scene, camera);
                } else {
                    scene.update();
                    renderer.prepare(scene.cull(camera, view));
                }
                renderer.draw(target);
                frame++;
            }
        }

        /** An LCG inline, since java.util.Random would do as well but is one more thing to trust not to allocate. */
        private void moveSome() {
            for (int m = 0; m < MOVES_PER_FRAME; m++) {
                seed = seed * 1_103_515_245 + 12_345;
                int index = (seed >>> 1) % nodes.length;
                nodes[index].setPosition((index % side - side / 2f) * 1.5f, (frame % 17) * 0.25f,
                        (index / side - side / 2f) * 1.5f);
            }
        }
    }
}
