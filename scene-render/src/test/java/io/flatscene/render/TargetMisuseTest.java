package io.flatscene.render;

import io.flatscene.render.image.Image;
import io.flatscene.render.overlay.BoundsOverlay;
import io.flatscene.render.overlay.TextOverlay;
import io.flatscene.render.target.Framebuffer;
import io.flatscene.render.target.RenderTarget;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.lwjgl.opengl.GL11C.GL_COLOR_BUFFER_BIT;
import static org.lwjgl.opengl.GL11C.glClear;
import static org.lwjgl.opengl.GL11C.glClearColor;
import static org.lwjgl.opengl.GL30C.GL_DRAW_FRAMEBUFFER;
import static org.lwjgl.opengl.GL30C.glBindFramebuffer;
import static org.lwjgl.opengl.GL30C.glDeleteFramebuffers;
import static org.lwjgl.opengl.GL30C.glGenFramebuffers;

/**
 * Targets that cannot be drawn into, and sizes no buffer can have, fail with a message naming the target or size and
 * the rule, before anything is drawn or reallocated: nothing lands in another target, a framebuffer keeps its size
 * and storage, and the prepared frame stays for a good target.
 */
class TargetMisuseTest {
    private HeadlessRendering gl;
    private TestScenes built;

    @BeforeEach
    void setUp() {
        gl = HeadlessRendering.open(64, 48, DrawPath.AUTO);
        built = TestScenes.cubeGrid(gl.renderer, 64, 48);
    }

    @AfterEach
    void tearDown() {
        built.scene.close();
        gl.close();
    }

    private static <T extends Throwable> T assertRejected(Class<T> type, Executable call, String... fragments) {
        T thrown = assertThrows(type, call);
        assertTrue(ChildJvm.containsAll(thrown.getMessage(), fragments), "'" + thrown.getMessage()
                + "' should mention all of " + String.join(", ", fragments));
        return thrown;
    }

    /** Clears the framebuffer to one color and leaves it bound for drawing, as a previous frame would. */
    private void clearAndLeaveBound(Framebuffer framebuffer) {
        glBindFramebuffer(GL_DRAW_FRAMEBUFFER, framebuffer.framebufferId());
        glClearColor(0.2f, 0.4f, 0.6f, 1f);
        glClear(GL_COLOR_BUFFER_BIT);
    }

    @Test
    void aFramebufferNameThatDoesNotExistIsNamedAndNothingLandsInTheBoundOne() {
        clearAndLeaveBound(gl.target);
        gl.renderer.prepare(built.scene, built.camera);
        RenderTarget missing = RenderTarget.of(99999, 64, 48);
        assertRejected(IllegalArgumentException.class, () -> gl.renderer.draw(missing), "framebuffer 99999",
                "no framebuffer of the OpenGL context");
        assertEquals(1, Image.read(gl.target).distinctColors(), "the frame must not land in the bound framebuffer");

        assertTrue(gl.renderer.draw(gl.target).drawCalls() > 0, "the prepared frame stays for a good target");
        assertTrue(Image.read(gl.target).distinctColors() > 10);
        assertRejected(IllegalArgumentException.class, () -> Image.read(missing), "framebuffer 99999");
        try (TextOverlay text = new TextOverlay(); BoundsOverlay bounds = new BoundsOverlay()) {
            text.add("hud", 1f, 1f, 1f, 1f, 1f, 1f);
            assertRejected(IllegalArgumentException.class, () -> text.draw(missing), "framebuffer 99999");
            assertRejected(IllegalArgumentException.class, () -> bounds.draw(built.scene, built.camera, missing, 5),
                    "framebuffer 99999");
        }
    }

    @Test
    void aDeletedOrIncompleteFramebufferOfTheGameIsRefused() {
        int game = glGenFramebuffers();
        glBindFramebuffer(GL_DRAW_FRAMEBUFFER, game);
        glBindFramebuffer(GL_DRAW_FRAMEBUFFER, 0);
        RenderTarget target = RenderTarget.of(game, 64, 48);
        gl.renderer.prepare(built.scene, built.camera);
        assertRejected(IllegalStateException.class, () -> gl.renderer.draw(target), "framebuffer " + game,
                "incomplete");
        glDeleteFramebuffers(game);
        assertRejected(IllegalArgumentException.class, () -> gl.renderer.draw(target), "framebuffer " + game,
                "deleted");
        assertTrue(gl.renderer.draw(gl.target).drawCalls() > 0);
    }

    @Test
    void theDefaultFramebufferOfAHeadlessContextIsRefused() {
        gl.renderer.prepare(built.scene, built.camera);
        assertRejected(IllegalStateException.class, () -> gl.renderer.draw(RenderTarget.of(0, 64, 48)),
                "framebuffer 0", "no default framebuffer", "Framebuffer");
    }

    @Test
    void aTargetLargerThanTheContextCanDrawIsRefused() {
        gl.renderer.prepare(built.scene, built.camera);
        assertRejected(IllegalArgumentException.class,
                () -> gl.renderer.draw(RenderTarget.of(gl.target.framebufferId(), 100_000, 48)),
                "100000x48", "GL_MAX_VIEWPORT_DIMS");
    }

    @Test
    void anAbsurdResizeIsRefusedAndTheFramebufferKeepsItsSizeAndStorage() {
        assertRejected(IllegalArgumentException.class, () -> gl.target.resize(100_000, 100_000),
                "framebuffer size 100000x100000", "GL_MAX_RENDERBUFFER_SIZE", "GL_MAX_VIEWPORT_DIMS");
        assertRejected(IllegalArgumentException.class, () -> gl.target.resize(0, 48), "0x48", "at least 1x1");
        assertEquals(64, gl.target.width());
        assertEquals(48, gl.target.height());
        gl.renderer.render(built.scene, built.camera, gl.target);
        Image drawn = Image.read(gl.target);
        assertEquals(64, drawn.width());
        assertTrue(drawn.distinctColors() > 10, "the old storage still draws");

        gl.target.resize(32, 24);
        gl.renderer.render(built.scene, built.camera, gl.target);
        Image resized = Image.read(gl.target);
        assertEquals(32, resized.width());
        assertEquals(24, resized.height());
        assertTrue(resized.distinctColors() > 10, "the new storage draws");
    }

    @Test
    void absurdSizesElsewhereAreNamed() {
        assertRejected(IllegalArgumentException.class, () -> new Framebuffer(100_000, 1), "100000x1",
                "GL_MAX_RENDERBUFFER_SIZE");
        assertRejected(IllegalArgumentException.class, () -> new Framebuffer(-1, 1), "-1x1", "at least 1x1");
        // 65536 x 65536 x 4 bytes overflows an int to 0, which an empty array would have matched
        assertRejected(IllegalArgumentException.class, () -> new Image(65_536, 65_536, new byte[0]),
                "65536x65536", "bytes");
        assertRejected(IllegalArgumentException.class, () -> new Image(2, 2, new byte[15]), "16 bytes", "got 15");
        assertRejected(IllegalArgumentException.class, () -> Meshes.sphere(1f, 100_000, 100_000), "slices 100000",
                "indices");
        assertRejected(IllegalArgumentException.class, () -> gl.renderer.meshes().firstIndex(5), "mesh id 5");
    }

    /** Unchecked, these overflow a native buffer and crash the JVM, so they run in a child. */
    @Test
    void sizesThatWouldOverflowANativeBufferAreRefusedInAChildJvm() {
        ChildJvm.Result result = ChildJvm.run(OversizeProbe.class);
        ChildJvm.assertFinished(result);
        result.assertStderrLine("Image.read(100000x100000) -> IllegalArgumentException", "100000x100000",
                "GL_MAX_VIEWPORT_DIMS");
        result.assertStderrLine("Image.read(-64x48) -> IllegalArgumentException", "-64x48", "at least 1x1");
        result.assertStderrLine("TextOverlay.add(2^30 characters) -> IllegalArgumentException", "1073741824 "
                + "characters");
        result.assertStderrLine("TextOverlay.add(Integer.MAX_VALUE characters) -> IllegalArgumentException",
                "2147483647 characters");
    }
}
