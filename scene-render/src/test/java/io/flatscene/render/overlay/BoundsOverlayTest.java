package io.flatscene.render.overlay;

import io.flatscene.core.config.SceneConfig;
import io.flatscene.core.scene.Aabb;
import io.flatscene.core.scene.Camera;
import io.flatscene.core.scene.SceneManager;
import io.flatscene.core.scene.Space;
import io.flatscene.render.image.Image;
import org.joml.Matrix4f;
import org.joml.Vector3f;
import org.joml.Vector4f;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

import static io.flatscene.render.overlay.OverlayGl.assertNoGlError;
import static io.flatscene.render.overlay.OverlayGl.rgb;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Bounding boxes drawn for real on Mesa's llvmpipe over a cleared target, checked against their projection. */
class BoundsOverlayTest {
    private static final int SIZE = 200;
    private static final int BACKGROUND = 0x1A1A1A;
    private static final Aabb UNIT_CUBE = new Aabb(0f, 0f, 0f, 0.5f, 0.5f, 0.5f);

    private OverlayGl gl;
    private BoundsOverlay bounds;
    private SceneManager scene;
    private Camera camera;

    @BeforeEach
    void open() {
        gl = new OverlayGl(SIZE, SIZE);
        bounds = new BoundsOverlay();
        scene = new SceneManager(SceneConfig.builder().validation(true).build());
        camera = scene.createCamera("eye");
        camera.setPerspective((float) Math.toRadians(50), 0.5f, 100f).setViewport(SIZE, SIZE);
        // off-axis, so the front and back faces and the edges joining them all project apart
        scene.rootNode().createChild("eye").setPosition(1.2f, 0.9f, 3f).lookAt(new Vector3f(), Space.PARENT)
                .attachObject(camera);
        gl.clear(0.1f, 0.1f, 0.1f);
    }

    @AfterEach
    void close() {
        scene.close();
        bounds.close();
        gl.close();
    }

    @Test
    void aUnitCubesTwelveEdgesAreDrawnAndItsMiddleStaysEmpty() {
        scene.rootNode().createChild("cube").attachObject(scene.createItem("cube", 0, 0, UNIT_CUBE));
        scene.updateFrame(camera);
        assertEquals(1, scene.renderQueue().instanceCount());

        assertEquals(1, bounds.draw(scene, camera, gl.target, 10));
        assertNoGlError();
        Image image = gl.read();

        Matrix4f viewProjection = camera.getViewProjection(new Matrix4f(), new Matrix4f());
        float[][] corners = new float[8][];
        float minX = Float.MAX_VALUE;
        float maxX = -Float.MAX_VALUE;
        float minY = Float.MAX_VALUE;
        float maxY = -Float.MAX_VALUE;
        for (int corner = 0; corner < 8; corner++) {
            corners[corner] = project(viewProjection, (corner & 1) != 0 ? 0.5f : -0.5f,
                    (corner & 2) != 0 ? 0.5f : -0.5f, (corner & 4) != 0 ? 0.5f : -0.5f);
            minX = Math.min(minX, corners[corner][0]);
            maxX = Math.max(maxX, corners[corner][0]);
            minY = Math.min(minY, corners[corner][1]);
            maxY = Math.max(maxY, corners[corner][1]);
        }
        assertTrue(maxX - minX > 40 && maxY - minY > 40, "the cube should cover a good part of the target");
        // each edge is lit along its length: a quarter, half and three quarters of the way
        int[][] edges = {{0, 1}, {2, 3}, {4, 5}, {6, 7}, {0, 2}, {1, 3}, {4, 6}, {5, 7}, {0, 4}, {1, 5}, {2, 6},
                {3, 7}};
        for (int[] edge : edges) {
            for (float t : new float[]{0.25f, 0.5f, 0.75f}) {
                float x = corners[edge[0]][0] + t * (corners[edge[1]][0] - corners[edge[0]][0]);
                float y = corners[edge[0]][1] + t * (corners[edge[1]][1] - corners[edge[0]][1]);
                assertTrue(litNear(image, x, y), "edge " + edge[0] + "-" + edge[1] + " at " + t + ": nothing drawn"
                        + " near (" + x + ", " + y + ")");
            }
        }
        float[] center = project(viewProjection, 0f, 0f, 0f);
        int cx = Math.round(center[0]);
        int cy = Math.round(center[1]);
        for (int y = cy - 2; y <= cy + 2; y++) {
            for (int x = cx - 2; x <= cx + 2; x++) {
                assertEquals(BACKGROUND, rgb(image, x, y), "the cube's middle at (" + x + ", " + y + ")");
            }
        }
        // nothing outside the projected outline, give or take a pixel of rasterisation
        int lit = 0;
        for (int y = 0; y < SIZE; y++) {
            for (int x = 0; x < SIZE; x++) {
                boolean inside = x >= minX - 1.5f && x <= maxX + 1.5f && y >= minY - 1.5f && y <= maxY + 1.5f;
                if (!inside) {
                    assertEquals(BACKGROUND, rgb(image, x, y), "pixel (" + x + ", " + y + ") outside the box");
                } else if (rgb(image, x, y) != BACKGROUND) {
                    lit++;
                }
            }
        }
        assertTrue(lit > 200, "line pixels: " + lit);
    }

    /** Pixel coordinates from the top-left, as {@link Image} has them. */
    private static float[] project(Matrix4f viewProjection, float x, float y, float z) {
        Vector4f clip = viewProjection.transform(new Vector4f(x, y, z, 1f));
        return new float[]{(clip.x / clip.w * 0.5f + 0.5f) * SIZE, (0.5f - clip.y / clip.w * 0.5f) * SIZE};
    }

    /** Whether a pixel within a pixel and a half of (x, y) differs from the background. */
    private static boolean litNear(Image image, float x, float y) {
        for (int py = (int) Math.floor(y - 1.5f); py <= (int) Math.ceil(y + 1.5f); py++) {
            for (int px = (int) Math.floor(x - 1.5f); px <= (int) Math.ceil(x + 1.5f); px++) {
                if (px >= 0 && py >= 0 && px < SIZE && py < SIZE && rgb(image, px, py) != BACKGROUND) {
                    return true;
                }
            }
        }
        return false;
    }

    @Test
    void noBoxesMeansNoDrawing() {
        scene.rootNode().createChild("cube").attachObject(scene.createItem("cube", 0, 0, UNIT_CUBE));
        scene.updateFrame(camera);
        Image before = gl.read();
        assertEquals(0, bounds.draw(scene, camera, gl.target, 0));
        assertEquals(before, gl.read());
        assertNoGlError();

        // an empty queue: the cube hidden from this camera
        camera.setVisibilityMask(0);
        scene.updateFrame(camera);
        assertEquals(0, scene.renderQueue().instanceCount());
        assertEquals(0, bounds.draw(scene, camera, gl.target, 10));
        assertEquals(before, gl.read());
        assertNoGlError();
    }

    @Test
    void maxBoxesTakesTheFirstInDrawOrderAndInfiniteBoxesAreSkipped() {
        scene.rootNode().createChild("sky").attachObject(scene.createItem("sky", 0, 0, Aabb.INFINITE));
        for (int i = 0; i < 5; i++) {
            scene.rootNode().createChild("cube " + i).setPosition(i * 0.3f - 0.6f, 0, -i)
                    .attachObject(scene.createItem("cube " + i, i % 2, 0, UNIT_CUBE));
        }
        scene.updateFrame(camera);
        assertEquals(6, scene.renderQueue().instanceCount());
        assertEquals(5, bounds.draw(scene, camera, gl.target, 100));
        assertEquals(5, bounds.draw(scene, camera, gl.target, 5));
        assertEquals(3, bounds.draw(scene, camera, gl.target, 3));
        assertEquals(1, bounds.draw(scene, camera, gl.target, 1));
        assertNoGlError();

        IllegalArgumentException negative = assertThrows(IllegalArgumentException.class,
                () -> bounds.draw(scene, camera, gl.target, -1));
        assertTrue(negative.getMessage().contains("-1"), negative.getMessage());
    }

    @Test
    void manyBoxesGrowTheBufferAndDrawAllocatesNothing() {
        for (int i = 0; i < 600; i++) {
            scene.rootNode().createChild().setPosition((i % 30) * 0.1f - 1.5f, (i / 30) * 0.1f - 1f, -2f)
                    .attachObject(scene.createItem(0, i % 3, new Aabb(0, 0, 0, 0.04f, 0.04f, 0.04f)));
        }
        scene.updateFrame(camera);
        int visible = scene.renderQueue().instanceCount();
        assertTrue(visible > 256, "past the initial capacity of 256 boxes: " + visible);
        assertEquals(visible, bounds.draw(scene, camera, gl.target, Integer.MAX_VALUE));
        assertNoGlError();
        for (int frame = 0; frame < 200; frame++) {
            bounds.draw(scene, camera, gl.target, Integer.MAX_VALUE);
        }
        Allocations.assertSomeWindowAllocatesNothing("100 bounds draws", () -> {
            for (int frame = 0; frame < 100; frame++) {
                bounds.draw(scene, camera, gl.target, Integer.MAX_VALUE);
            }
        });
        assertNoGlError();
    }

    @Test
    void anotherThreadIsRefusedNamingBothThreads() throws InterruptedException {
        scene.updateFrame(camera);
        String owner = Thread.currentThread().getName();
        for (Executable call : new Executable[]{() -> bounds.draw(scene, camera, gl.target, 1),
                () -> bounds.close()}) {
            Throwable thrown = TextOverlayTest.callFrom("intruder", call);
            assertTrue(thrown instanceof IllegalStateException, String.valueOf(thrown));
            assertTrue(thrown.getMessage().contains("'" + owner + "'"), thrown.getMessage());
            assertTrue(thrown.getMessage().contains("'intruder'"), thrown.getMessage());
        }
        Throwable bare = TextOverlayTest.callFrom("no context here", () -> new BoundsOverlay().close());
        assertTrue(bare instanceof IllegalStateException, String.valueOf(bare));
        assertTrue(bare.getMessage().contains("'no context here'"), bare.getMessage());
        bounds.close();
        assertThrows(IllegalStateException.class, () -> bounds.draw(scene, camera, gl.target, 1));
    }
}
