package io.flatscene.render;

import io.flatscene.core.config.SceneConfig;
import io.flatscene.core.scene.Aabb;
import io.flatscene.core.scene.Camera;
import io.flatscene.core.scene.ChangedSlots;
import io.flatscene.core.scene.DestroyMode;
import io.flatscene.core.scene.RenderQueue;
import io.flatscene.core.scene.SceneManager;
import io.flatscene.core.scene.SceneNode;
import io.flatscene.core.scene.Space;
import io.flatscene.render.image.Image;
import io.flatscene.render.target.Framebuffer;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import org.joml.Vector3f;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The multi-draw path keeps the world matrices on the GPU and writes only the blocks of slots the scene changed:
 * every frame must still show what a full upload shows, and a small change must cost a small upload.
 */
class ResidentMatricesTest {
    private static final int WIDTH = 160;
    private static final int HEIGHT = 120;
    private static final int BLOCK_BYTES = 8 * 12 * 4;

    /**
     * Nodes are created, destroyed, reparented, made static and moved between frames, so slots move and free; some
     * frames run a second scene update before drawing (the renderer misses a changed set) and some draw twice. Each
     * frame drawn on the resident path must equal, pixel for pixel, the same queue drawn by the instanced path,
     * which uploads every instance's matrix every frame.
     */
    @Test
    void everyFrameEqualsAFullUploadThroughChurn() {
        try (HeadlessRendering gl = HeadlessRendering.open(WIDTH, HEIGHT, RendererConfig.builder()
                .drawPath(DrawPath.MULTI_DRAW_INDIRECT).debugOutput(true).initialInstances(8).build());
             SceneManager scene = new SceneManager(SceneConfig.builder().maxNodes(64).maxItems(64)
                     .validation(true).build())) {
            Renderer resident = gl.renderer;
            Framebuffer residentTarget = gl.target;
            Renderer full = new Renderer(RendererConfig.builder().drawPath(DrawPath.INSTANCED).debugOutput(true)
                    .initialInstances(8).build());
            Framebuffer fullTarget = new Framebuffer(WIDTH, HEIGHT);
            try {
                int cube = 0;
                int red = 0;
                int blue = 0;
                for (Renderer renderer : new Renderer[] {resident, full}) {
                    cube = renderer.meshes().add(Meshes.cube(1f));
                    red = renderer.materials().add(Material.color(0.9f, 0.2f, 0.2f));
                    blue = renderer.materials().add(Material.color(0.2f, 0.3f, 0.9f).withAlpha(0.5f));
                }
                Camera camera = scene.createCamera("eye").setPerspective(1f, 0.5f, 300f).setViewport(WIDTH, HEIGHT);
                scene.rootNode().createChild("eye").setPosition(0, 30, 60).lookAt(new Vector3f(), Space.PARENT)
                        .attachObject(camera);
                RenderQueue queue = new RenderQueue();
                Random random = new Random(3);
                List<SceneNode> live = new ArrayList<>();
                for (int frame = 0; frame < 160; frame++) {
                    churn(scene, live, random, cube, red, blue, resident.meshes().bounds(cube));
                    if (frame % 7 == 3) {
                        scene.update(); // a changed set the renderer never sees
                        live.get(random.nextInt(live.size())).roll(0.2f, Space.LOCAL);
                    }
                    scene.update();
                    scene.cull(camera, queue);
                    int draws = frame % 5 == 0 ? 2 : 1;
                    for (int d = 0; d < draws; d++) {
                        RenderStats stats = resident.render(queue, residentTarget);
                        assertEquals(0, stats.glErrors(), "frame " + frame);
                        if (d == 1) {
                            assertEquals(0, stats.matrixBytesUploaded() + stats.instanceBytesUploaded(),
                                    "the same queue drawn again writes nothing, frame " + frame);
                        }
                    }
                    RenderStats stats = full.render(queue, fullTarget);
                    assertEquals(0, stats.glErrors(), "frame " + frame);
                    assertEquals(Image.read(fullTarget), Image.read(residentTarget), "frame " + frame);
                }
            } finally {
                fullTarget.close();
                full.close();
            }
        }
    }

    private static void churn(SceneManager scene, List<SceneNode> live, Random random, int cube, int red, int blue,
                              Aabb bounds) {
        for (int i = 0; i < 2; i++) {
            boolean transparent = random.nextInt(4) == 0;
            SceneNode parent = live.isEmpty() || random.nextBoolean() ? scene.rootNode()
                    : live.get(random.nextInt(live.size()));
            if (parent.isStatic()) {
                parent = scene.rootNode();
            }
            SceneNode node = parent.createChild().setPosition(random.nextFloat() * 40 - 20,
                    random.nextFloat() * 10 - 5, random.nextFloat() * 40 - 20);
            node.attachObject(scene.createItem(cube, transparent ? blue : red, bounds).setTransparent(transparent));
            live.add(node);
        }
        if (live.size() > 24) {
            SceneNode doomed = live.get(random.nextInt(live.size()));
            scene.destroySceneNode(doomed, DestroyMode.REATTACH_CHILDREN_TO_ROOT);
            live.remove(doomed);
        }
        SceneNode moved = live.get(random.nextInt(live.size()));
        if (random.nextInt(3) == 0 && !moved.isStatic()) {
            moved.reparent(live.get(random.nextInt(live.size())) == moved ? scene.rootNode()
                    : scene.rootNode().equals(moved.parent()) ? live.get(0) : scene.rootNode());
        }
        SceneNode toggled = live.get(random.nextInt(live.size()));
        if (toggled.parent() == scene.rootNode() && toggled.childCount() == 0) {
            toggled.setStatic(!toggled.isStatic());
        }
        for (SceneNode node : live) {
            if (!node.isStatic() && random.nextInt(3) == 0) {
                node.yaw(0.05f, Space.LOCAL);
            }
        }
    }

    private static List<Integer> changedBlocks(SceneManager scene) {
        List<Integer> blocks = new ArrayList<>();
        ChangedSlots changed = scene.changedSlots();
        for (int slot = changed.nextChanged(0); slot != -1; slot = changed.nextChanged(slot + 1)) {
            blocks.add(slot / 8);
        }
        return blocks;
    }

    /**
     * Moving one node among 100,000 writes the block of eight slots that holds its matrix (384 bytes); a still frame
     * writes none.
     */
    @Test
    void movingOneNodeAmongAHundredThousandWritesOneBlock() {
        try (HeadlessRendering gl = HeadlessRendering.open(32, 24, RendererConfig.builder()
                .drawPath(DrawPath.MULTI_DRAW_INDIRECT).initialInstances(1024).build());
             SceneManager scene = new SceneManager(SceneConfig.builder().maxNodes(100_010).maxItems(100_000)
                     .build())) {
            int cube = gl.renderer.meshes().add(Meshes.cube(0.5f));
            int material = gl.renderer.materials().add(Material.color(0.5f, 0.5f, 0.5f));
            SceneNode[] nodes = new SceneNode[100_000];
            for (int i = 0; i < nodes.length; i++) {
                nodes[i] = scene.rootNode().createChild().setPosition(i % 316, 0, i / 316);
                nodes[i].attachObject(scene.createItem(cube, material, gl.renderer.meshes().bounds(cube)));
            }
            Camera camera = scene.createCamera("eye").setPerspective(1.2f, 1f, 2000f).setViewport(32, 24);
            scene.rootNode().createChild("eye").setPosition(158, 400, 158.1f)
                    .lookAt(new Vector3f(158, 0, 158), Space.PARENT).attachObject(camera);
            RenderStats first = gl.renderer.render(scene, camera, gl.target);
            assertTrue(first.matrixBytesUploaded() >= 3 * 100_000L * 48, "the first frame copies every matrix into "
                    + "each of the three regions: " + first.matrixBytesUploaded());
            RenderStats still = gl.renderer.render(scene, camera, gl.target);
            assertEquals(0, still.matrixBytesUploaded() + still.instanceBytesUploaded(), "a still frame");
            assertTrue(still.bytesUploaded() <= 64 * 1024, "a still frame uploads its uniforms alone: "
                    + still.bytesUploaded());
            nodes[54_321].setPosition(3, 1, 171);
            RenderStats moved = gl.renderer.render(scene, camera, gl.target);
            assertEquals(BLOCK_BYTES, moved.matrixBytesUploaded(), "one moved node, one block of eight slots");
            Set<Integer> blocks = new HashSet<>(changedBlocks(scene));
            nodes[77_777].setPosition(4, 1, 171);
            nodes[88_888].setPosition(5, 1, 171);
            RenderStats two = gl.renderer.render(scene, camera, gl.target);
            blocks.addAll(changedBlocks(scene));
            assertEquals(3, blocks.size());
            assertEquals(3L * BLOCK_BYTES, two.matrixBytesUploaded(),
                    "this frame's two blocks and, for the region last written two frames ago, the one before");
            assertEquals(0, gl.renderer.render(scene, camera, gl.target).matrixBytesUploaded(), "still again");
        }
    }
}
