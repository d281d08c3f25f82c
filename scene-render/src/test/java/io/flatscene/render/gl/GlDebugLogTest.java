package io.flatscene.render.gl;

import io.flatscene.render.context.HeadlessContext;
import io.flatscene.render.owner.GlOwner;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.lwjgl.opengl.GLDebugMessageCallback;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.lwjgl.opengl.GL43C.GL_DEBUG_CALLBACK_FUNCTION;
import static org.lwjgl.opengl.GL43C.GL_DEBUG_CALLBACK_USER_PARAM;
import static org.lwjgl.opengl.GL43C.GL_DEBUG_OUTPUT;
import static org.lwjgl.opengl.GL43C.GL_DEBUG_OUTPUT_SYNCHRONOUS;
import static org.lwjgl.opengl.GL43C.GL_DEBUG_SEVERITY_HIGH;
import static org.lwjgl.opengl.GL43C.GL_DEBUG_SOURCE_APPLICATION;
import static org.lwjgl.opengl.GL43C.GL_DEBUG_TYPE_ERROR;
import static org.lwjgl.opengl.GL43C.glDebugMessageCallback;
import static org.lwjgl.opengl.GL43C.glDebugMessageInsert;
import static org.lwjgl.opengl.GL43C.glDisable;
import static org.lwjgl.opengl.GL43C.glEnable;
import static org.lwjgl.opengl.GL43C.glGetPointer;
import static org.lwjgl.opengl.GL43C.glIsEnabled;

/**
 * Whose a debug message is: one raised while the owner's entry point runs is FlatScene's, logged and counted; one
 * raised outside goes to the callback the game installed before, with the game's user parameter, and is not
 * counted. The game's callback and output switches come back on uninstall.
 */
class GlDebugLogTest {
    private static final long GAME_USER_PARAM = 0x5EEDL;

    private HeadlessContext context;
    private GLDebugMessageCallback gameCallback;
    private final List<String> gameGot = new ArrayList<>();

    @BeforeEach
    void openADebugContext() {
        context = HeadlessContext.create(true);
        gameCallback = GLDebugMessageCallback.create((source, type, id, severity, length, message, userParam) ->
                gameGot.add(id + " " + GLDebugMessageCallback.getMessage(length, message) + " for 0x"
                        + Long.toHexString(userParam)));
    }

    @AfterEach
    void close() {
        context.close();
        gameCallback.free();
    }

    @Test
    void aMessageOutsideTheOwnersWorkGoesToTheGamesCallbackWithItsParameter() {
        installGameCallback();
        GlOwner owner = new GlOwner("test owner", "make a context current");
        GlDebugLog log = new GlDebugLog(owner);
        try {
            raise(1, "the game's");
            assertEquals(List.of("1 the game's for 0x5eed"), gameGot);
            assertEquals(0, log.errors(), "the game's error is not FlatScene's");
        } finally {
            log.uninstall(true);
        }
    }

    @Test
    void aMessageDuringTheOwnersWorkIsFlatScenesAlone() {
        installGameCallback();
        GlOwner owner = new GlOwner("test owner", "make a context current");
        GlDebugLog log = new GlDebugLog(owner);
        try {
            owner.enter();
            owner.enter();
            owner.leave();
            raise(2, "FlatScene's, one entry point deep still");
            owner.leave();
            assertEquals(List.of(), gameGot, "FlatScene's own message is not the game's");
            assertEquals(1, log.errors());
            assertFalse(owner.working(), "every entry point left");
            raise(3, "the game's again");
            assertEquals(List.of("3 the game's again for 0x5eed"), gameGot);
            assertEquals(1, log.errors());
        } finally {
            log.uninstall(true);
        }
    }

    @Test
    void withoutAGameCallbackEveryMessageIsLoggedAndCounted() {
        boolean output = glIsEnabled(GL_DEBUG_OUTPUT);
        GlOwner owner = new GlOwner("test owner", "make a context current");
        GlDebugLog log = new GlDebugLog(owner);
        try {
            raise(4, "nobody else listens");
            assertEquals(1, log.errors());
        } finally {
            log.uninstall(true);
        }
        assertEquals(0L, glGetPointer(GL_DEBUG_CALLBACK_FUNCTION), "no callback, as before");
        assertEquals(output, glIsEnabled(GL_DEBUG_OUTPUT), "output as before");
    }

    @Test
    void uninstallPutsBackTheGamesCallbackParameterAndSwitches() {
        installGameCallback();
        glDisable(GL_DEBUG_OUTPUT_SYNCHRONOUS);
        GlDebugLog log = new GlDebugLog(new GlOwner("test owner", "make a context current"));
        assertTrue(glIsEnabled(GL_DEBUG_OUTPUT_SYNCHRONOUS), "synchronous while installed: attribution needs it");
        assertTrue(glGetPointer(GL_DEBUG_CALLBACK_FUNCTION) != gameCallback.address());
        log.uninstall(true);
        assertEquals(gameCallback.address(), glGetPointer(GL_DEBUG_CALLBACK_FUNCTION));
        assertEquals(GAME_USER_PARAM, glGetPointer(GL_DEBUG_CALLBACK_USER_PARAM));
        assertTrue(glIsEnabled(GL_DEBUG_OUTPUT));
        assertFalse(glIsEnabled(GL_DEBUG_OUTPUT_SYNCHRONOUS));
        glEnable(GL_DEBUG_OUTPUT_SYNCHRONOUS);
        raise(5, "after FlatScene");
        assertEquals(List.of("5 after FlatScene for 0x5eed"), gameGot);
    }

    private void installGameCallback() {
        glEnable(GL_DEBUG_OUTPUT);
        glEnable(GL_DEBUG_OUTPUT_SYNCHRONOUS);
        glDebugMessageCallback(gameCallback, GAME_USER_PARAM);
    }

    private static void raise(int id, String text) {
        glDebugMessageInsert(GL_DEBUG_SOURCE_APPLICATION, GL_DEBUG_TYPE_ERROR, id, GL_DEBUG_SEVERITY_HIGH, text);
    }
}
