package io.flatscene.render.overlay;

import io.flatscene.render.image.Image;
import java.nio.Buffer;
import java.nio.ByteBuffer;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;
import org.lwjgl.stb.STBEasyFont;
import org.lwjgl.system.MemoryUtil;

import static io.flatscene.render.overlay.OverlayGl.assertNoGlError;
import static io.flatscene.render.overlay.OverlayGl.rgb;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.lwjgl.opengl.GL11C.GL_DEPTH_TEST;
import static org.lwjgl.opengl.GL11C.glEnable;
import static org.lwjgl.opengl.GL11C.glGetInteger;
import static org.lwjgl.opengl.GL11C.glIsEnabled;
import static org.lwjgl.opengl.GL30C.GL_DRAW_FRAMEBUFFER;
import static org.lwjgl.opengl.GL30C.GL_DRAW_FRAMEBUFFER_BINDING;
import static org.lwjgl.opengl.GL30C.glBindFramebuffer;

/** HUD text drawn for real on Mesa's llvmpipe and read back. */
class TextOverlayTest {
    private static final int WIDTH = 240;
    private static final int HEIGHT = 80;

    private OverlayGl gl;
    private TextOverlay text;

    @BeforeEach
    void open() {
        gl = new OverlayGl(WIDTH, HEIGHT);
        text = new TextOverlay();
    }

    @AfterEach
    void close() {
        text.close();
        gl.close();
    }

    private static boolean whiteish(Image image, int x, int y) {
        return OverlayGl.red(image, x, y) > 200 && OverlayGl.green(image, x, y) > 200
                && OverlayGl.blue(image, x, y) > 200;
    }

    @Test
    void textLandsInsideTheBoxStbMeasuresAndNothingElseChanges() {
        String message = "FLATSCENE 123";
        gl.clear(0f, 0f, 0f);
        text.add(message, 10, 10, 2, 1f, 1f, 1f);
        text.draw(gl.target);
        assertNoGlError();
        Image image = gl.read();

        int right = 10 + 2 * STBEasyFont.stb_easy_font_width(message);
        int bottom = 10 + 2 * STBEasyFont.stb_easy_font_height(message);
        int white = 0;
        int minX = Integer.MAX_VALUE;
        int maxX = -1;
        int minY = Integer.MAX_VALUE;
        int maxY = -1;
        for (int y = 0; y < HEIGHT; y++) {
            for (int x = 0; x < WIDTH; x++) {
                if (x >= 10 && x < right && y >= 10 && y < bottom) {
                    if (whiteish(image, x, y)) {
                        white++;
                        minX = Math.min(minX, x);
                        maxX = Math.max(maxX, x);
                        minY = Math.min(minY, y);
                        maxY = Math.max(maxY, y);
                    }
                } else {
                    // the background box reaches past the text but is black, so over black it stays black
                    assertEquals(0, rgb(image, x, y), "pixel (" + x + ", " + y + ") outside the text");
                }
            }
        }
        assertTrue(white > 300, "white pixels in the text's box: " + white);
        assertTrue(minX <= 12 && minY <= 12, "the text should start at (10, 10), starts at (" + minX + ", " + minY
                + ")");
        // scale 2 spreads the glyphs over the whole measured width; at scale 1 they would stop halfway
        assertTrue(maxX >= right - 6, "the text should reach x " + (right - 6) + ", reaches " + maxX);
        assertTrue(maxY >= 10 + 2 * 6, "glyphs are 7 font pixels tall, the text reaches y " + maxY);
    }

    @Test
    void theBackgroundBoxDarkensTheSceneAroundTheText() {
        gl.clear(0.5f, 0.5f, 0.5f);
        text.add("HUD", 20, 20, 2, 1f, 1f, 0f);
        text.draw(gl.target);
        Image image = gl.read();
        int gray = OverlayGl.red(image, 2, 2);
        assertTrue(gray >= 126 && gray <= 129, "far from the text the scene stays gray: " + gray);
        // inside the box's margin, above and left of the first glyph
        int boxed = OverlayGl.red(image, 19, 19);
        assertTrue(boxed < 80, "the box should darken gray " + gray + " clearly, got " + boxed);
        assertEquals(boxed, OverlayGl.blue(image, 19, 19), "the box is black, it must not tint");
        int yellow = 0;
        for (int y = 20; y < 40; y++) {
            for (int x = 20; x < 60; x++) {
                int pixel = rgb(image, x, y);
                yellow += pixel == 0xFFFF00 ? 1 : 0;
            }
        }
        assertTrue(yellow > 50, "the text's color as given: " + yellow + " yellow pixels");
    }

    @Test
    void linesSplitOnNewlinesAndUnknownCharactersShowAsQuestionMarks() {
        gl.clear(0f, 0f, 0f);
        text.add("A\nB", 10, 10, 2, 1f, 1f, 1f);
        text.draw(gl.target);
        Image twoLines = gl.read();
        assertTrue(countWhite(twoLines, 10, 10, 40, 24) > 20, "first line");
        assertTrue(countWhite(twoLines, 10, 34, 40, 24) > 20, "second line, 12 font pixels lower");

        gl.clear(0f, 0f, 0f);
        text.add("é€\t\u0000", 10, 10, 2, 1f, 1f, 1f);
        text.draw(gl.target);
        Image replaced = gl.read();
        gl.clear(0f, 0f, 0f);
        text.add("????", 10, 10, 2, 1f, 1f, 1f);
        text.draw(gl.target);
        assertEquals(gl.read(), replaced);
        assertTrue(countWhite(replaced, 0, 0, WIDTH, HEIGHT) > 20);
        assertNoGlError();
    }

    private static int countWhite(Image image, int left, int top, int width, int height) {
        int count = 0;
        for (int y = top; y < top + height; y++) {
            for (int x = left; x < left + width; x++) {
                count += whiteish(image, x, y) ? 1 : 0;
            }
        }
        return count;
    }

    @Test
    void anEmptyQueueDrawsNothingAndTouchesNoState() {
        gl.clear(0.2f, 0.3f, 0.4f);
        Image before = gl.read();
        glBindFramebuffer(GL_DRAW_FRAMEBUFFER, 0);
        glEnable(GL_DEPTH_TEST);
        text.draw(gl.target);
        text.add("", 5, 5, 1, 1f, 1f, 1f);
        text.draw(gl.target);
        assertEquals(0, glGetInteger(GL_DRAW_FRAMEBUFFER_BINDING));
        assertTrue(glIsEnabled(GL_DEPTH_TEST));
        assertNoGlError();
        assertEquals(before, gl.read());

        // a draw empties the queue: the next one draws nothing
        text.add("ONCE", 5, 5, 1, 1f, 1f, 1f);
        text.draw(gl.target);
        assertEquals(0, text.queuedQuads());
        gl.clear(0.2f, 0.3f, 0.4f);
        text.draw(gl.target);
        assertEquals(before, gl.read());
        assertNoGlError();
    }

    @Test
    void kilobytesOfTextGrowTheBufferAndAllOfItIsQueuedAndDrawn() {
        StringBuilder page = new StringBuilder();
        for (int line = 0; page.length() < 8192; line++) {
            page.append("line ").append(line).append(": THE QUICK BROWN FOX JUMPS OVER 0123456789 {}[]\n");
        }
        int capacityBefore = text.vertexCapacityBytes();
        text.add(page, 4, 4, 1, 1f, 1f, 1f);
        assertTrue(text.vertexCapacityBytes() > capacityBefore, "the vertex buffer should have grown from "
                + capacityBefore + " bytes");
        assertEquals(expectedQuads(page) + 1, text.queuedQuads(), "every glyph quad and one box");

        gl.clear(0f, 0f, 0f);
        text.draw(gl.target);
        assertNoGlError();
        Image image = gl.read();
        assertTrue(countWhite(image, 0, 0, WIDTH, HEIGHT) > 1000);
        assertTrue(countWhite(image, 0, HEIGHT - 12, WIDTH, 12) > 50, "lines run down to the target's bottom");

        // the grown buffer keeps serving small frames
        gl.clear(0f, 0f, 0f);
        text.add("OK", 4, 4, 1, 1f, 1f, 1f);
        assertEquals(expectedQuads("OK") + 1, text.queuedQuads());
        text.draw(gl.target);
        assertTrue(countWhite(gl.read(), 0, 0, 20, 12) > 10);
        assertNoGlError();
    }

    /** The quads stb_easy_font makes of {@code text}, printed into a buffer far larger than it needs. */
    private static int expectedQuads(CharSequence text) {
        ByteBuffer vertices = MemoryUtil.memAlloc(64 << 20);
        try {
            int quads = STBEasyFont.stb_easy_font_print(0f, 0f, text, null, vertices);
            assertTrue(quads * 64L + 64 <= vertices.capacity());
            return quads;
        } finally {
            MemoryUtil.memFree((Buffer) vertices);
        }
    }

    @Test
    void badArgumentsAreRefused() {
        assertThrows(IllegalArgumentException.class, () -> text.add(null, 0, 0, 1, 1f, 1f, 1f));
        assertThrows(IllegalArgumentException.class, () -> text.add("x", Float.NaN, 0, 1, 1f, 1f, 1f));
        assertThrows(IllegalArgumentException.class, () -> text.add("x", 0, Float.POSITIVE_INFINITY, 1, 1, 1, 1));
        assertThrows(IllegalArgumentException.class, () -> text.add("x", 0, 0, 0, 1f, 1f, 1f));
        assertThrows(IllegalArgumentException.class, () -> text.add("x", 0, 0, Float.NaN, 1f, 1f, 1f));
        assertThrows(IllegalArgumentException.class, () -> text.add("x", 0, 0, 1, 1.5f, 1f, 1f));
        assertThrows(IllegalArgumentException.class, () -> text.add("x", 0, 0, 1, 1f, -0.1f, 1f));
        assertThrows(IllegalArgumentException.class, () -> text.add("x", 0, 0, 1, 1f, 1f, Float.NaN));
        assertEquals(0, text.queuedQuads());
        text.close();
        IllegalStateException closed = assertThrows(IllegalStateException.class, () -> text.draw(gl.target));
        assertTrue(closed.getMessage().contains("closed"), closed.getMessage());
        assertThrows(IllegalStateException.class, () -> text.add("x", 0, 0, 1, 1f, 1f, 1f));
        text.close();
    }

    @Test
    void anotherThreadIsRefusedNamingBothThreads() throws InterruptedException {
        String owner = Thread.currentThread().getName();
        for (Executable call : new Executable[]{() -> text.add("x", 0, 0, 1, 1f, 1f, 1f),
                () -> text.draw(gl.target), () -> text.close()}) {
            Throwable thrown = callFrom("intruder", call);
            assertTrue(thrown instanceof IllegalStateException, String.valueOf(thrown));
            assertTrue(thrown.getMessage().contains("'" + owner + "'"), thrown.getMessage());
            assertTrue(thrown.getMessage().contains("'intruder'"), thrown.getMessage());
        }
        // still usable by its owner
        text.add("x", 0, 0, 1, 1f, 1f, 1f);
        text.draw(gl.target);
        assertNoGlError();
    }

    @Test
    void aTextOverlayNeedsACurrentContext() throws InterruptedException {
        Throwable thrown = callFrom("no context here", () -> new TextOverlay().close());
        assertTrue(thrown instanceof IllegalStateException, String.valueOf(thrown));
        assertTrue(thrown.getMessage().contains("needs an OpenGL context current"), thrown.getMessage());
        assertTrue(thrown.getMessage().contains("'no context here'"), thrown.getMessage());
    }

    @Test
    void steadyFramesAllocateNothing() {
        StringBuilder line = new StringBuilder(64);
        for (int frame = 0; frame < 2_000; frame++) {
            hudFrame(line, frame);
        }
        Allocations.assertSomeWindowAllocatesNothing("500 frames of add and draw", () -> {
            for (int frame = 0; frame < 500; frame++) {
                hudFrame(line, frame);
            }
        });
        assertNoGlError();
    }

    private void hudFrame(StringBuilder line, int frame) {
        line.setLength(0);
        line.append("frame ").append(frame).append('\n').append("draws ").append(frame % 7);
        text.add(line, 4, 4, 1, 1f, 1f, 1f);
        text.add("FLATSCENE", 4, 40, 2, 0.5f, 1f, 0.5f);
        text.draw(gl.target);
    }

    static Throwable callFrom(String threadName, Executable call) throws InterruptedException {
        AtomicReference<Throwable> thrown = new AtomicReference<>();
        Thread other = new Thread(() -> {
            try {
                call.execute();
            } catch (Throwable t) {
                thrown.set(t);
            }
        }, threadName);
        other.start();
        other.join();
        assertNotEquals(null, thrown.get(), "the call from '" + threadName + "' should have failed");
        assertFalse(other.isAlive());
        return thrown.get();
    }
}
