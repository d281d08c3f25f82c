package io.flatscene.render;

import io.flatscene.render.context.HeadlessContext;
import io.flatscene.render.target.Framebuffer;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.lwjgl.opengl.GLDebugMessageCallback;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.lwjgl.opengl.GL43C.GL_ARRAY_BUFFER;
import static org.lwjgl.opengl.GL43C.GL_DEBUG_CALLBACK_FUNCTION;
import static org.lwjgl.opengl.GL43C.GL_DEBUG_CALLBACK_USER_PARAM;
import static org.lwjgl.opengl.GL43C.GL_DEBUG_OUTPUT;
import static org.lwjgl.opengl.GL43C.GL_DEBUG_SEVERITY_HIGH;
import static org.lwjgl.opengl.GL43C.GL_DEBUG_SOURCE_API;
import static org.lwjgl.opengl.GL43C.GL_DEBUG_SOURCE_APPLICATION;
import static org.lwjgl.opengl.GL43C.GL_DEBUG_TYPE_ERROR;
import static org.lwjgl.opengl.GL43C.GL_INVALID_OPERATION;
import static org.lwjgl.opengl.GL43C.glBindBuffer;
import static org.lwjgl.opengl.GL43C.glDebugMessageCallback;
import static org.lwjgl.opengl.GL43C.glDebugMessageInsert;
import static org.lwjgl.opengl.GL43C.glEnable;
import static org.lwjgl.opengl.GL43C.glGetError;
import static org.lwjgl.opengl.GL43C.glGetPointer;

/**
 * A game that logs GL debug output through its own callback (as libGDX's {@code enableGLDebugOutput} does) and a
 * renderer with debug output on: the game's messages, inserted or from its own bad calls between FlatScene's frames,
 * reach the game's callback and are not FlatScene's errors; closing the renderer gives the game its callback back.
 */
class DebugCallbackChainTest {
    private static final long GAME_USER_PARAM = 0x6A3EL;

    @Test
    void theGamesMessagesGoToTheGamesCallbackAndItComesBackOnClose() {
        List<String> gameGot = new ArrayList<>();
        GLDebugMessageCallback gameCallback = GLDebugMessageCallback.create(
                (source, type, id, severity, length, message, userParam) -> gameGot.add("source 0x"
                        + Integer.toHexString(source) + " type 0x" + Integer.toHexString(type) + " id " + id
                        + " for 0x" + Long.toHexString(userParam)));
        HeadlessContext context = HeadlessContext.create(true);
        try {
            glEnable(GL_DEBUG_OUTPUT);
            glDebugMessageCallback(gameCallback, GAME_USER_PARAM);
            try (Renderer renderer = new Renderer(RendererConfig.builder().debugOutput(true).build());
                 Framebuffer target = new Framebuffer(64, 48)) {
                TestScenes built = TestScenes.cubeGrid(renderer, 64, 48);
                assertEquals(0, renderer.render(built.scene, built.camera, target).glErrors());
                assertEquals(List.of(), gameGot, "FlatScene's startup and frame raised nothing the game should see");

                glDebugMessageInsert(GL_DEBUG_SOURCE_APPLICATION, GL_DEBUG_TYPE_ERROR, 77, GL_DEBUG_SEVERITY_HIGH,
                        "the game's own error");
                glBindBuffer(GL_ARRAY_BUFFER, 0x7FFF_0000);
                assertEquals(GL_INVALID_OPERATION, glGetError(), "a name the game never made");
                assertEquals(2, gameGot.size(), gameGot.toString());
                assertEquals("source 0x" + Integer.toHexString(GL_DEBUG_SOURCE_APPLICATION) + " type 0x"
                        + Integer.toHexString(GL_DEBUG_TYPE_ERROR) + " id 77 for 0x6a3e", gameGot.get(0));
                String apiError = "source 0x" + Integer.toHexString(GL_DEBUG_SOURCE_API) + " type 0x"
                        + Integer.toHexString(GL_DEBUG_TYPE_ERROR);
                assertEquals(apiError, gameGot.get(1).substring(0, apiError.length()), gameGot.get(1));

                assertEquals(0, renderer.render(built.scene, built.camera, target).glErrors(),
                        "the game's errors are not counted as FlatScene's");
                assertEquals(2, gameGot.size(), gameGot.toString());
                assertNotEquals(gameCallback.address(), glGetPointer(GL_DEBUG_CALLBACK_FUNCTION));
                built.scene.close();
            }
            assertEquals(gameCallback.address(), glGetPointer(GL_DEBUG_CALLBACK_FUNCTION), "the game's callback");
            assertEquals(GAME_USER_PARAM, glGetPointer(GL_DEBUG_CALLBACK_USER_PARAM), "and its user parameter");
            glDebugMessageInsert(GL_DEBUG_SOURCE_APPLICATION, GL_DEBUG_TYPE_ERROR, 78, GL_DEBUG_SEVERITY_HIGH,
                    "after FlatScene");
            assertEquals(3, gameGot.size(), gameGot.toString());
        } finally {
            context.close();
            gameCallback.free();
        }
    }

    /** Without a callback of the game's, the renderer takes every message as before: a game's error counts. */
    @Test
    void withoutAGameCallbackTheRendererCountsEveryError() {
        try (HeadlessRendering gl = HeadlessRendering.open(64, 48, RendererConfig.builder().debugOutput(true)
                .build())) {
            TestScenes built = TestScenes.cubeGrid(gl.renderer, 64, 48);
            assertEquals(0, gl.renderer.render(built.scene, built.camera, gl.target).glErrors());
            glDebugMessageInsert(GL_DEBUG_SOURCE_APPLICATION, GL_DEBUG_TYPE_ERROR, 79, GL_DEBUG_SEVERITY_HIGH,
                    "an error between frames");
            assertEquals(1, gl.renderer.render(built.scene, built.camera, gl.target).glErrors());
            built.scene.close();
        }
    }
}
