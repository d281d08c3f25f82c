package io.flatscene.render;

import io.flatscene.core.config.SceneConfig;
import io.flatscene.core.scene.Camera;
import io.flatscene.core.scene.SceneManager;
import io.flatscene.render.image.Image;
import java.nio.FloatBuffer;
import org.junit.jupiter.api.Test;
import org.lwjgl.system.MemoryStack;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.lwjgl.opengl.GL11C.GL_COLOR_BUFFER_BIT;
import static org.lwjgl.opengl.GL11C.GL_COLOR_CLEAR_VALUE;
import static org.lwjgl.opengl.GL11C.GL_DEPTH_BUFFER_BIT;
import static org.lwjgl.opengl.GL11C.GL_DEPTH_WRITEMASK;
import static org.lwjgl.opengl.GL11C.glClear;
import static org.lwjgl.opengl.GL11C.glClearColor;
import static org.lwjgl.opengl.GL11C.glClearDepth;
import static org.lwjgl.opengl.GL11C.glDepthMask;
import static org.lwjgl.opengl.GL11C.glGetFloatv;
import static org.lwjgl.opengl.GL11C.glGetInteger;
import static org.lwjgl.opengl.GL30C.GL_DRAW_FRAMEBUFFER;
import static org.lwjgl.opengl.GL30C.glBindFramebuffer;

/**
 * A game that drew before FlatScene: it cleared the colour to its own green and left the depth buffer at 0, the
 * nearest value (what a previous frame's or a pre-pass's depth does to a scene behind it), with depth writes off as
 * its last draw left them. FlatScene then draws a red cube in the middle of the target under each clear policy.
 */
class ClearModeTest {
    private static final int SIZE = 48;
    private static final int GAME_GREEN = 0x00FF00FF;
    private static final int RENDERER_BLUE = 0x0000FFFF;

    @Test
    void withoutAClearTheGamesDepthHidesTheScene() {
        Image frame = drawOverTheGamesFrame(ClearMode.NONE, false).image();
        assertEquals(GAME_GREEN, frame.rgba(SIZE / 2, SIZE / 2), "the cube is behind the game's depth");
        assertEquals(GAME_GREEN, frame.rgba(0, 0));
        assertEquals(1, frame.distinctColors(), "nothing of the scene shows");
    }

    @Test
    void aDepthClearShowsTheSceneOverTheGamesColour() {
        Image frame = drawOverTheGamesFrame(ClearMode.DEPTH, false).image();
        assertRed(frame.rgba(SIZE / 2, SIZE / 2), "the cube, with depth writes turned on for the clear");
        assertEquals(GAME_GREEN, frame.rgba(0, 0), "the game's colour stays around it");
    }

    @Test
    void aColourAndDepthClearStartsFromTheRenderersColour() {
        Image frame = drawOverTheGamesFrame(ClearMode.COLOR_AND_DEPTH, false).image();
        assertRed(frame.rgba(SIZE / 2, SIZE / 2), "the cube");
        assertEquals(RENDERER_BLUE, frame.rgba(0, 0), "the renderer's clear colour replaced the game's");
    }

    /** Only a colour clear sets the clear colour: a depth clear leaves the game's, even with no state restored. */
    @Test
    void aDepthClearLeavesTheGamesClearColour() {
        assertArrayEquals(new float[] {0f, 1f, 0f, 1f}, drawOverTheGamesFrame(ClearMode.DEPTH, false).clearColor());
        assertArrayEquals(new float[] {0f, 0f, 1f, 1f},
                drawOverTheGamesFrame(ClearMode.COLOR_AND_DEPTH, false).clearColor(), "a colour clear sets its own");
    }

    @Test
    void withTheStateRestoredADepthClearLeavesTheGamesDepthWritesOff() {
        Drawn drawn = drawOverTheGamesFrame(ClearMode.DEPTH, true);
        assertRed(drawn.image().rgba(SIZE / 2, SIZE / 2), "the cube");
        assertEquals(0, drawn.depthWriteMask(), "the game's depth writes are off again");
    }

    /** What a frame left: the target's pixels and the GL state the game finds after it. */
    private record Drawn(Image image, float[] clearColor, int depthWriteMask) {
    }

    /** The game's frame, then FlatScene's. */
    private static Drawn drawOverTheGamesFrame(ClearMode clear, boolean restoreGlState) {
        RendererConfig config = RendererConfig.builder().clear(clear).restoreGlState(restoreGlState)
                .debugOutput(true).build();
        try (HeadlessRendering gl = HeadlessRendering.open(SIZE, SIZE, config);
             SceneManager scene = new SceneManager(SceneConfig.builder().build())) {
            gl.renderer.setClearColor(0f, 0f, 1f, 1f);
            gl.renderer.setAmbient(1f, 1f, 1f);
            int cube = gl.renderer.meshes().add(Meshes.cube(1f));
            int red = gl.renderer.materials().add(Material.color(1f, 0f, 0f));
            scene.rootNode().createChild("cube")
                    .attachObject(scene.createItem(cube, red, gl.renderer.meshes().bounds(cube)));
            Camera camera = scene.createCamera("eye").setPerspective(0.8f, 0.5f, 50f);
            scene.rootNode().createChild("eye").setPosition(0f, 0f, 3f).attachObject(camera);

            glBindFramebuffer(GL_DRAW_FRAMEBUFFER, gl.target.framebufferId());
            glClearColor(0f, 1f, 0f, 1f);
            glClearDepth(0.0);
            glDepthMask(true);
            glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
            glDepthMask(false);

            RenderStats stats = gl.renderer.render(scene, camera, gl.target);
            assertEquals(0, stats.glErrors());
            assertEquals(1, stats.instances(), "the cube was drawn, whether or not it shows");
            return new Drawn(Image.read(gl.target), clearColor(), glGetInteger(GL_DEPTH_WRITEMASK));
        }
    }

    private static float[] clearColor() {
        try (MemoryStack stack = MemoryStack.stackPush()) {
            FloatBuffer color = stack.mallocFloat(4);
            glGetFloatv(GL_COLOR_CLEAR_VALUE, color);
            float[] values = new float[4];
            color.get(0, values);
            return values;
        }
    }

    private static void assertRed(int rgba, String what) {
        int red = rgba >>> 24;
        int green = rgba >>> 16 & 0xFF;
        int blue = rgba >>> 8 & 0xFF;
        assertTrue(red > 200 && green < 40 && blue < 40, what + ": expected the red cube, found 0x"
                + Integer.toHexString(rgba));
    }
}
