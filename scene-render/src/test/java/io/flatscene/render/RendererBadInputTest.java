package io.flatscene.render;

import io.flatscene.core.config.SceneConfig;
import io.flatscene.core.scene.Camera;
import io.flatscene.core.scene.Item;
import io.flatscene.core.scene.SceneManager;
import io.flatscene.core.scene.Space;
import io.flatscene.render.target.Framebuffer;
import io.flatscene.render.target.RenderTarget;
import java.util.concurrent.atomic.AtomicReference;
import org.joml.Vector3f;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Each misuse fails with a message naming the object and the rule, and leaves the renderer able to go on. */
class RendererBadInputTest {
    private HeadlessRendering gl;
    private SceneManager scene;
    private Camera camera;
    private int cube;
    private int red;

    @BeforeEach
    void setUp() {
        gl = HeadlessRendering.open(64, 48, DrawPath.AUTO);
        scene = new SceneManager(SceneConfig.builder().validation(true).build());
        cube = gl.renderer.meshes().add(Meshes.cube(1f));
        red = gl.renderer.materials().add(Material.color(1f, 0f, 0f));
        camera = scene.createCamera("eye").setPerspective(1f, 0.5f, 100f).setViewport(64, 48);
        scene.rootNode().createChild("eye").setPosition(0, 0, 10).lookAt(new Vector3f(), Space.PARENT)
                .attachObject(camera);
    }

    @AfterEach
    void tearDown() {
        scene.close();
        gl.close();
    }

    private static void assertRejected(Class<? extends Throwable> type, Executable call, String... fragments) {
        Throwable thrown = assertThrows(type, call);
        for (String fragment : fragments) {
            assertTrue(thrown.getMessage().contains(fragment), "'" + thrown.getMessage() + "' should mention '"
                    + fragment + "'");
        }
    }

    @Test
    void anItemWithAnUnregisteredMeshIsNamedAndTheNextFrameWorksOnceFixed() {
        Item item = scene.createItem("stray", 7, red, Meshes.cube(1f).bounds());
        scene.rootNode().createChild().attachObject(item);
        assertRejected(IllegalArgumentException.class, () -> gl.renderer.render(scene, camera, gl.target),
                "'stray'", "mesh id 7", "1 meshes");
        assertRejected(IllegalStateException.class, () -> gl.renderer.draw(gl.target), "prepare");

        scene.destroyItem(item);
        scene.rootNode().createChild().attachObject(scene.createItem(cube, red, Meshes.cube(1f).bounds()));
        assertEquals(1, gl.renderer.render(scene, camera, gl.target).instances());
        scene.validate();
    }

    @Test
    void anItemWithAnUnregisteredMaterialIsNamed() {
        Item item = scene.createItem("unpainted", cube, 3, Meshes.cube(1f).bounds());
        scene.rootNode().createChild().attachObject(item);
        assertRejected(IllegalArgumentException.class, () -> gl.renderer.prepare(scene, camera),
                "'unpainted'", "material id 3", "1 materials");
        item.setMaterialId(red);
        assertEquals(1, gl.renderer.render(scene, camera, gl.target).instances());
    }

    @Test
    void drawWithoutPrepareIsRefused() {
        assertRejected(IllegalStateException.class, () -> gl.renderer.draw(gl.target), "prepare(scene, camera)");
    }

    @Test
    void anotherThreadIsRefusedNamingTheOwner() throws InterruptedException {
        AtomicReference<Throwable> thrown = new AtomicReference<>();
        Thread other = new Thread(() -> {
            try {
                gl.renderer.render(scene, camera, gl.target);
            } catch (Throwable t) {
                thrown.set(t);
            }
        }, "intruder");
        other.start();
        other.join();
        assertTrue(thrown.get() instanceof IllegalStateException, String.valueOf(thrown.get()));
        assertTrue(thrown.get().getMessage().contains("'" + Thread.currentThread().getName() + "'"));
        assertTrue(thrown.get().getMessage().contains("'intruder'"));
    }

    @Test
    void aRendererNeedsACurrentContext() throws InterruptedException {
        AtomicReference<Throwable> thrown = new AtomicReference<>();
        Thread bare = new Thread(() -> {
            try {
                new Renderer(RendererConfig.defaults()).close();
            } catch (Throwable t) {
                thrown.set(t);
            }
        }, "no context here");
        bare.start();
        bare.join();
        assertTrue(thrown.get() instanceof IllegalStateException, String.valueOf(thrown.get()));
        assertTrue(thrown.get().getMessage().contains("needs an OpenGL context current"));
        assertTrue(thrown.get().getMessage().contains("'no context here'"));
    }

    @Test
    void aFullMaterialRegistryNamesTheSettingAndKeepsItsMaterials() {
        gl.close();
        gl = HeadlessRendering.open(64, 48, RendererConfig.builder().maxMaterials(2).build());
        gl.renderer.materials().add(Material.color(1f, 1f, 1f));
        gl.renderer.materials().add(Material.color(0f, 0f, 0f));
        assertRejected(IllegalStateException.class, () -> gl.renderer.materials().add(Material.color(1f, 0f, 0f)),
                "all 2 materials", RendererConfig.MAX_MATERIALS_KEY);
        assertEquals(2, gl.renderer.materials().count());
        assertEquals(Material.color(0f, 0f, 0f), gl.renderer.materials().get(1));
        assertRejected(IllegalArgumentException.class, () -> gl.renderer.materials().get(2), "material id 2");
        assertRejected(IllegalArgumentException.class, () -> gl.renderer.materials().set(-1,
                Material.color(0f, 0f, 0f)), "material id -1");
        assertRejected(IllegalArgumentException.class, () -> gl.renderer.meshes().bounds(0), "mesh id 0");
    }

    @Test
    void badColorsAndTargetsAreNamed() {
        assertRejected(IllegalArgumentException.class, () -> gl.renderer.setAmbient(-1f, 0f, 0f), "ambient");
        assertRejected(IllegalArgumentException.class, () -> gl.renderer.setClearColor(0f, 0f, Float.NaN, 1f),
                "clear color");
        assertRejected(IllegalArgumentException.class, () -> gl.renderer.setAmbient(1f, Float.POSITIVE_INFINITY, 0f),
                "ambient");
        // finite components whose sum overflows are still a color
        gl.renderer.setAmbient(Float.MAX_VALUE, Float.MAX_VALUE, Float.MAX_VALUE);
        gl.renderer.setAmbient(0f, 0f, 0f);
        assertRejected(IllegalArgumentException.class, () -> new Framebuffer(0, 10), "0x10");
        assertRejected(IllegalArgumentException.class, () -> RenderTarget.of(-1, 10, 10), "framebuffer -1");
        Framebuffer closed = new Framebuffer(4, 4);
        closed.close();
        assertRejected(IllegalStateException.class, closed::framebufferId, "closed");
    }

    @Test
    void aClosedRendererRefusesWork() {
        gl.renderer.close();
        assertRejected(IllegalStateException.class, () -> gl.renderer.prepare(scene, camera), "closed");
    }
}
