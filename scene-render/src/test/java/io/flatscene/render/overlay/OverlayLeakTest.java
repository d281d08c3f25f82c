package io.flatscene.render.overlay;

import io.flatscene.core.config.SceneConfig;
import io.flatscene.core.scene.Camera;
import io.flatscene.core.scene.SceneManager;
import io.flatscene.core.scene.Space;
import io.flatscene.render.Material;
import io.flatscene.render.Meshes;
import io.flatscene.render.RenderStats;
import io.flatscene.render.Renderer;
import io.flatscene.render.RendererConfig;
import io.flatscene.render.context.HeadlessContext;
import io.flatscene.render.target.Framebuffer;
import java.util.HashMap;
import java.util.Map;
import org.joml.Vector3f;
import org.junit.jupiter.api.Test;
import org.lwjgl.system.Configuration;
import org.lwjgl.system.MemoryUtil;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.lwjgl.opengl.GL11C.GL_NO_ERROR;
import static org.lwjgl.opengl.GL11C.glGetError;

/**
 * Overlays drawn over real frames, their buffers growing on the way, then closed: the renderer's debug output must
 * count no GL error, and LWJGL's debug allocator (on for this module's tests) must find no native allocation made
 * during the test still alive after teardown.
 */
class OverlayLeakTest {
    private static final int FRAMES = 60;
    private static final int WIDTH = 160;
    private static final int HEIGHT = 120;
    private static final int ITEMS = 300;

    @Test
    void overlaysOverFramesLeaveNoGlErrorAndNoNativeMemory() {
        assertTrue(Configuration.DEBUG_MEMORY_ALLOCATOR.get(false),
                "the surefire configuration must turn on org.lwjgl.util.DebugAllocator");
        // LWJGL allocates some things once per thread or process (the thread's MemoryStack, EGL's display): a first
        // full cycle makes them before the baseline is taken
        runFrames(3);
        Map<Long, Long> before = liveAllocations();

        long errors = runFrames(FRAMES);

        Map<Long, Long> leaked = liveAllocations();
        leaked.keySet().removeAll(before.keySet());
        assertEquals(0, errors, "GL errors reported by the debug output");
        assertEquals(Map.of(), leaked, "native allocations (address=bytes) still alive after teardown");
    }

    private static long runFrames(int frames) {
        // current for everything below and closed last, when every GL object made in it is gone
        HeadlessContext context = HeadlessContext.create(true);
        try (Renderer renderer = new Renderer(RendererConfig.builder().debugOutput(true).build());
             Framebuffer target = new Framebuffer(WIDTH, HEIGHT);
             TextOverlay text = new TextOverlay();
             BoundsOverlay bounds = new BoundsOverlay();
             SceneManager scene = new SceneManager(SceneConfig.builder().validation(true).build())) {
            int cube = renderer.meshes().add(Meshes.cube(0.3f));
            int red = renderer.materials().add(Material.color(0.9f, 0.2f, 0.2f));
            // more boxes than the bounds overlay's first buffer holds
            for (int i = 0; i < ITEMS; i++) {
                scene.rootNode().createChild().setPosition(i % 20 * 0.5f - 4.75f, 0, i / 20 * -0.5f)
                        .attachObject(scene.createItem(cube, red, renderer.meshes().bounds(cube)));
            }
            Camera camera = scene.createCamera("eye").setPerspective(1.2f, 0.5f, 100f).setViewport(WIDTH, HEIGHT);
            scene.rootNode().createChild("eye").setPosition(0, 9, 6).lookAt(new Vector3f(0, 0, -4), Space.PARENT)
                    .attachObject(camera);
            StringBuilder hud = new StringBuilder();
            for (int frame = 0; frame < frames; frame++) {
                renderer.render(scene, camera, target);
                assertEquals(ITEMS, bounds.draw(scene, camera, target, Integer.MAX_VALUE), "frame " + frame);
                hud.setLength(0);
                hud.append("frame ").append(frame).append('\n');
                // past the initial buffers every few frames, and more each time
                for (int line = 0; line < frame % 8 * frame; line++) {
                    hud.append("THE QUICK BROWN FOX ").append(line).append('\n');
                }
                text.add(hud, 2, 2, 1, 1f, 1f, 1f);
                text.draw(target);
                assertEquals(GL_NO_ERROR, glGetError(), "frame " + frame);
            }
            assertTrue(frames < 10 || text.vertexCapacityBytes() > 1 << 20, "the text buffer should have grown to "
                + "megabytes, holds " + text.vertexCapacityBytes() + " bytes");
            // the last overlays' errors reach the counter the renderer reports at its next draw
            RenderStats stats = renderer.render(scene, camera, target);
            assertEquals(GL_NO_ERROR, glGetError());
            return stats.glErrors();
        } finally {
            context.close();
        }
    }

    /** Address to size of every native allocation LWJGL's debug allocator tracks right now. */
    private static Map<Long, Long> liveAllocations() {
        Map<Long, Long> live = new HashMap<>();
        MemoryUtil.memReport((address, memory, threadId, threadName, stack) -> live.put(address, memory));
        return live;
    }
}
