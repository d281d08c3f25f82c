package io.flatscene.render.context;

import io.flatscene.render.target.RenderTarget;
import io.flatscene.render.testing.Display;
import java.nio.ByteBuffer;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.lwjgl.system.MemoryStack;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeFalse;
import static org.junit.jupiter.api.Assumptions.assumeTrue;
import static org.lwjgl.glfw.GLFW.GLFW_CONTEXT_CREATION_API;
import static org.lwjgl.glfw.GLFW.GLFW_EGL_CONTEXT_API;
import static org.lwjgl.glfw.GLFW.glfwGetWindowAttrib;
import static org.lwjgl.opengl.GL11C.GL_BACK;
import static org.lwjgl.opengl.GL11C.GL_COLOR_BUFFER_BIT;
import static org.lwjgl.opengl.GL11C.GL_NO_ERROR;
import static org.lwjgl.opengl.GL11C.GL_PACK_ALIGNMENT;
import static org.lwjgl.opengl.GL11C.GL_RGBA;
import static org.lwjgl.opengl.GL11C.GL_UNSIGNED_BYTE;
import static org.lwjgl.opengl.GL11C.GL_VERSION;
import static org.lwjgl.opengl.GL11C.glClear;
import static org.lwjgl.opengl.GL11C.glClearColor;
import static org.lwjgl.opengl.GL11C.glGetError;
import static org.lwjgl.opengl.GL11C.glGetInteger;
import static org.lwjgl.opengl.GL11C.glGetString;
import static org.lwjgl.opengl.GL11C.glPixelStorei;
import static org.lwjgl.opengl.GL11C.glReadBuffer;
import static org.lwjgl.opengl.GL11C.glReadPixels;
import static org.lwjgl.opengl.GL30C.GL_CONTEXT_FLAGS;
import static org.lwjgl.opengl.GL30C.GL_MAJOR_VERSION;
import static org.lwjgl.opengl.GL30C.GL_MINOR_VERSION;
import static org.lwjgl.opengl.GL32C.GL_CONTEXT_CORE_PROFILE_BIT;
import static org.lwjgl.opengl.GL32C.GL_CONTEXT_PROFILE_MASK;
import static org.lwjgl.opengl.GL43C.GL_CONTEXT_FLAG_DEBUG_BIT;

/**
 * Opens real windows, so it needs a display: CI runs the build under xvfb-run. The window tests run first so that,
 * in a fork no headless test touched yet, they use the native context API; the last one makes a headless context
 * first, which switches windows to EGL, and proves both kinds work side by side in one JVM.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class WindowContextTest {
    @Test
    @Order(1)
    void clearsTheDefaultFramebufferAndReadsItBack() {
        assumeTrue(Display.present(), Display.ABSENT);
        try (WindowContext window = WindowContext.create(WindowOptions.builder().title("WindowContextTest")
                .size(320, 240).vsync(false).build())) {
            int major = glGetInteger(GL_MAJOR_VERSION);
            int minor = glGetInteger(GL_MINOR_VERSION);
            assertTrue(major > 4 || (major == 4 && minor >= 1), "OpenGL " + glGetString(GL_VERSION));
            assertTrue((glGetInteger(GL_CONTEXT_PROFILE_MASK) & GL_CONTEXT_CORE_PROFILE_BIT) != 0,
                    "not a core profile: " + glGetString(GL_VERSION));
            assertTrue(window.capabilities().OpenGL41);
            assertNotNull(window.description());

            assertClearsTo(window, 51, 102, 153);
            window.swapBuffers();
            window.pollEvents();

            RenderTarget target = window.target();
            assertEquals(0, target.framebufferId());
            assertTrue(window.framebufferWidth() >= 320 && window.framebufferHeight() >= 240,
                    "framebuffer " + window.framebufferWidth() + "x" + window.framebufferHeight());
            assertEquals(window.framebufferWidth(), target.width());
            assertEquals(window.framebufferHeight(), target.height());
            assertSame(target, window.target(), "target() must not allocate while the size stays");
            assertEquals(GL_NO_ERROR, glGetError());
        }
    }

    @Test
    @Order(2)
    void aWindowAndAHeadlessContextShareOneProcess() {
        assumeTrue(Display.present(), Display.ABSENT);
        try (HeadlessContext headless = HeadlessContext.create();
             WindowContext window = WindowContext.create(WindowOptions.builder().title("WindowContextTest")
                     .size(320, 240).vsync(false).debug(true).build())) {
            assertTrue((glGetInteger(GL_CONTEXT_FLAGS) & GL_CONTEXT_FLAG_DEBUG_BIT) != 0, "asked for a debug context");
            assertEquals(GLFW_EGL_CONTEXT_API, glfwGetWindowAttrib(window.handle(), GLFW_CONTEXT_CREATION_API),
                    "after a headless context, GL functions load through EGL, so the window must use EGL too");
            assertClearsTo(window, 204, 0, 255);
            window.swapBuffers();

            headless.makeCurrent();
            assertTrue(glGetInteger(GL_MAJOR_VERSION) >= 4, glGetString(GL_VERSION));
            assertEquals(GL_NO_ERROR, glGetError());

            window.makeCurrent();
            assertClearsTo(window, 0, 255, 0);
        }
    }

    @Test
    void withoutADisplayCreateSaysSoAndPointsAtHeadless() {
        assumeFalse(Display.present(), "a display is set, so a window opens");
        ContextException thrown = assertThrows(ContextException.class,
                () -> WindowContext.create(WindowOptions.builder().size(320, 240).build()));
        assertTrue(thrown.getMessage().contains("no display") && thrown.getMessage().contains("HeadlessContext"),
                thrown.getMessage());
    }

    @Test
    void badOptionsNameTheOption() {
        assertTrue(assertThrows(IllegalArgumentException.class,
                () -> WindowOptions.builder().size(0, 240).build()).getMessage().contains("size"));
        assertTrue(assertThrows(IllegalArgumentException.class,
                () -> WindowOptions.builder().size(320, -1).build()).getMessage().contains("size"));
        assertTrue(assertThrows(IllegalArgumentException.class,
                () -> WindowOptions.builder().title(null).build()).getMessage().contains("title"));
        assertTrue(assertThrows(IllegalArgumentException.class,
                () -> WindowContext.create(null)).getMessage().contains("options"));
    }

    /** Reads the back buffer before the swap: after it, its contents are undefined. */
    private static void assertClearsTo(WindowContext window, int red, int green, int blue) {
        glClearColor(red / 255f, green / 255f, blue / 255f, 1f);
        glClear(GL_COLOR_BUFFER_BIT);
        try (MemoryStack stack = MemoryStack.stackPush()) {
            ByteBuffer pixel = stack.malloc(4);
            glReadBuffer(GL_BACK);
            glPixelStorei(GL_PACK_ALIGNMENT, 1);
            glReadPixels(window.framebufferWidth() / 2, window.framebufferHeight() / 2, 1, 1, GL_RGBA,
                    GL_UNSIGNED_BYTE, pixel);
            int[] actual = {pixel.get(0) & 0xFF, pixel.get(1) & 0xFF, pixel.get(2) & 0xFF, pixel.get(3) & 0xFF};
            String message = "pixel " + actual[0] + "," + actual[1] + "," + actual[2] + "," + actual[3];
            assertTrue(Math.abs(actual[0] - red) <= 1 && Math.abs(actual[1] - green) <= 1
                    && Math.abs(actual[2] - blue) <= 1, message + ", expected " + red + "," + green + "," + blue);
        }
        assertEquals(GL_NO_ERROR, glGetError());
    }
}
