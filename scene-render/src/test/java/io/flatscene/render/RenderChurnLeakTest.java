package io.flatscene.render;

import io.flatscene.core.config.SceneConfig;
import io.flatscene.core.scene.SceneManager;
import io.flatscene.core.scene.SceneNode;
import io.flatscene.core.scene.Space;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.joml.Vector3f;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.lwjgl.system.Configuration;
import org.lwjgl.system.MemoryUtil;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Hundreds of frames with nodes created and destroyed between them, the instance buffers growing on the way: the
 * debug output must report no GL error, and LWJGL's debug allocator (on for this module's tests) must find no
 * native allocation made during the test still alive after teardown.
 */
class RenderChurnLeakTest {
    private static final int FRAMES = 300;

    @ParameterizedTest
    @EnumSource(value = DrawPath.class, names = {"MULTI_DRAW_INDIRECT", "INSTANCED"})
    void churnLeavesNoGlErrorAndNoNativeMemory(DrawPath path) {
        assertTrue(Configuration.DEBUG_MEMORY_ALLOCATOR.get(false),
                "the surefire configuration must turn on org.lwjgl.util.DebugAllocator");
        // LWJGL allocates some things once per thread or process (the thread's MemoryStack, EGL's display): a first
        // full cycle makes them before the baseline is taken
        runChurn(path, 5);
        Map<Long, Long> before = liveAllocations();

        long errors = runChurn(path, FRAMES);

        Map<Long, Long> leaked = liveAllocations();
        leaked.keySet().removeAll(before.keySet());
        assertEquals(0, errors, "GL errors reported by the debug output");
        assertEquals(Map.of(), leaked, "native allocations (address=bytes) still alive after teardown");
    }

    private static long runChurn(DrawPath path, int frames) {
        RendererConfig config = RendererConfig.builder().drawPath(path).debugOutput(true).initialInstances(16).build();
        try (HeadlessRendering gl = HeadlessRendering.open(160, 120, config);
             SceneManager scene = new SceneManager(SceneConfig.builder().maxNodes(64).maxItems(64)
                     .validation(true).build())) {
            int cube = gl.renderer.meshes().add(Meshes.cube(1f));
            int sphere = gl.renderer.meshes().add(Meshes.sphere(0.6f, 12, 6));
            // textures too: stb_image's decoding buffers must be freed, the arrays deleted with the renderer
            int crate = gl.renderer.textures().load(TestScenes.TEXTURES.resolve("crate.png"), ColorSpace.SRGB);
            int red = gl.renderer.materials().add(Material.color(0.9f, 0.2f, 0.2f).withBaseColorTexture(crate));
            int blue = gl.renderer.materials().add(Material.color(0.2f, 0.3f, 0.9f).withAlpha(0.5f));
            var camera = scene.createCamera("eye").setPerspective(1f, 0.5f, 300f).setViewport(160, 120);
            scene.rootNode().createChild("eye").setPosition(0, 30, 60).lookAt(new Vector3f(), Space.PARENT)
                    .attachObject(camera);
            Random random = new Random(7);
            List<SceneNode> live = new ArrayList<>();
            long errors = 0;
            for (int frame = 0; frame < frames; frame++) {
                // the scene grows to a few hundred nodes, past every initial capacity, then churns around that
                int creations = frame < frames / 2 ? 4 : 2;
                for (int i = 0; i < creations; i++) {
                    boolean transparent = random.nextInt(4) == 0;
                    int mesh = random.nextBoolean() ? cube : sphere;
                    SceneNode parent = live.isEmpty() || random.nextBoolean() ? scene.rootNode()
                            : live.get(random.nextInt(live.size()));
                    SceneNode node = parent.createChild().setPosition(random.nextFloat() * 40 - 20,
                            random.nextFloat() * 10 - 5, random.nextFloat() * 40 - 20);
                    node.attachObject(scene.createItem(mesh, transparent ? blue : red,
                            gl.renderer.meshes().bounds(mesh)).setTransparent(transparent));
                    live.add(node);
                }
                for (int i = 0; i < 2 && !live.isEmpty(); i++) {
                    scene.destroyLater(live.get(random.nextInt(live.size())));
                }
                scene.processPendingDestruction();
                live.removeIf(node -> !node.isAlive());
                for (SceneNode node : live) {
                    node.yaw(0.05f, Space.LOCAL);
                }
                RenderStats stats = gl.renderer.render(scene, camera, gl.target);
                assertEquals(stats.scene().itemsVisible(), stats.instances(), "frame " + frame);
                errors = stats.glErrors();
            }
            return errors;
        }
    }

    /** Address to size of every native allocation LWJGL's debug allocator tracks right now. */
    private static Map<Long, Long> liveAllocations() {
        Map<Long, Long> live = new HashMap<>();
        MemoryUtil.memReport((address, memory, threadId, threadName, stack) -> live.put(address, memory));
        return live;
    }
}
