package io.flatscene.render.overlay;

import io.flatscene.render.gl.ShaderProgram;
import io.flatscene.render.gl.TargetBinder;
import io.flatscene.render.owner.GlOwner;
import io.flatscene.render.target.RenderTarget;
import java.nio.Buffer;
import java.nio.ByteBuffer;
import org.lwjgl.system.MemoryUtil;

import static org.lwjgl.opengl.GL11C.GL_BLEND;
import static org.lwjgl.opengl.GL11C.GL_CULL_FACE;
import static org.lwjgl.opengl.GL11C.GL_DEPTH_TEST;
import static org.lwjgl.opengl.GL11C.GL_ONE;
import static org.lwjgl.opengl.GL11C.GL_ONE_MINUS_SRC_ALPHA;
import static org.lwjgl.opengl.GL11C.GL_SRC_ALPHA;
import static org.lwjgl.opengl.GL11C.GL_TRIANGLES;
import static org.lwjgl.opengl.GL11C.glDisable;
import static org.lwjgl.opengl.GL11C.glEnable;
import static org.lwjgl.opengl.GL11C.glViewport;
import static org.lwjgl.opengl.GL14C.GL_FUNC_ADD;
import static org.lwjgl.opengl.GL14C.glBlendEquation;
import static org.lwjgl.opengl.GL14C.glBlendFuncSeparate;
import static org.lwjgl.opengl.GL20C.glUniform2f;
import static org.lwjgl.opengl.GL20C.glUseProgram;
import static org.lwjgl.opengl.GL30C.GL_DRAW_FRAMEBUFFER;
import static org.lwjgl.stb.STBEasyFont.nstb_easy_font_height;
import static org.lwjgl.stb.STBEasyFont.nstb_easy_font_print;
import static org.lwjgl.stb.STBEasyFont.nstb_easy_font_width;

/**
 * HUD text drawn over a finished frame with stb_easy_font's built-in font: {@link #add} queues text,
 * {@link #draw} draws everything queued in one call and empties the queue. Each piece of text sits on a dark
 * translucent box, so that it reads over any scene; later text draws over earlier text where they overlap.
 * Neither method allocates on the Java heap once the native buffers have grown to the largest frame.
 *
 * <p>Like a {@code Renderer}, a text overlay uses the context current on the thread that creates it, and only
 * that thread may call it, with that context current; once the context is closed it refuses work, and
 * {@link #close()} frees its native memory only.
 *
 * <p>GL state: {@link #draw} binds the target as draw framebuffer and sets the viewport to the whole target, and
 * leaves them so; it draws with blending on ({@code GL_FUNC_ADD}, source alpha over, alpha composed the same way
 * as the Renderer's), depth test and face culling off, and leaves blending, depth test and face culling disabled,
 * the blend function and equation as set, and program, vertex array and array buffer bound to 0 (its element buffer
 * is bound inside its own vertex array only). The scissor test and color mask are used as found; the Renderer
 * leaves the scissor test off and every channel writable. The Renderer sets all the state it needs at each draw,
 * so overlays need no restore between frames; a game that relies on any of this state sets it again after
 * {@link #draw} (the overlays do not follow {@code RendererConfig.restoreGlState}). An empty queue draws nothing
 * and touches no state.
 */
public final class TextOverlay implements AutoCloseable {
    /** A quad as two triangles, in the corner order stb_easy_font writes. */
    private static final int[] QUAD = {0, 1, 2, 0, 2, 3};
    private static final int QUAD_BYTES = 4 * OverlayGeometry.VERTEX_BYTES;
    private static final int INITIAL_QUADS = 1024;
    private static final int INITIAL_TEXT_BYTES = 256;
    /** Pure black so that the box darkens whatever is under it without tinting it. */
    private static final int BACKGROUND_ALPHA = 150;
    /** Box margin around the text, in font pixels (scaled with the text). */
    private static final float MARGIN = 1f;

    private final GlOwner owner;
    private ShaderProgram program;
    private int targetSizeUniform;
    private TargetBinder targets;
    private OverlayGeometry geometry;
    /** The text being added as NUL-terminated ASCII, the form stb_easy_font reads. */
    private ByteBuffer ascii;
    private ByteBuffer color;
    private boolean closed;

    /**
     * Compiles its shaders and makes its buffers in the context current on this thread.
     *
     * @throws IllegalStateException if no OpenGL 4.1 core context is current on this thread
     */
    public TextOverlay() {
        owner = new GlOwner("text overlay", "create it where the Renderer was created");
        try {
            program = new ShaderProgram("#version 410 core\n", "overlay-text.vert", "overlay.frag");
            targetSizeUniform = program.uniformLocation("targetSize");
            targets = new TargetBinder();
            ascii = MemoryUtil.memAlloc(INITIAL_TEXT_BYTES);
            color = MemoryUtil.memAlloc(4);
            geometry = new OverlayGeometry("text overlay", QUAD, 4, INITIAL_QUADS);
        } catch (RuntimeException | Error e) {
            release(true);
            throw e;
        }
    }

    /**
     * Queues {@code text} with its top-left corner at pixel ({@code x}, {@code y}) from the target's top-left,
     * each font pixel {@code scale} pixels wide; {@code '\n'} starts a new line 12 font pixels lower. Characters
     * outside printable ASCII show as {@code '?'}. Colors are 0 to 1, written as given (no sRGB encoding).
     *
     * @param text  the text, not null; empty queues nothing
     * @param x     the left edge in pixels from the target's left, finite; may lie outside the target
     * @param y     the top edge in pixels from the target's top, finite; may lie outside the target
     * @param scale target pixels per font pixel, finite and above 0; 1 gives glyphs about 6 pixels tall, whole numbers
     *              keep them sharp
     * @param red   the text's red component, 0 to 1
     * @param green the text's green component, 0 to 1
     * @param blue  the text's blue component, 0 to 1
     * @throws IllegalArgumentException if the text is null or longer than one draw can hold, the position is not
     *                                  finite, the scale not finite and positive, or a color component outside 0 to 1
     * @throws IllegalStateException    if called from another thread than the creating one, after close, or when
     *                                  its context was closed or is not current
     */
    public void add(CharSequence text, float x, float y, float scale, float red, float green, float blue) {
        owner.check(closed);
        if (text == null) {
            throw new IllegalArgumentException("text must not be null");
        }
        checkPlacement(x, y, scale);
        checkColor(red, green, blue);
        int length = text.length();
        if (length == 0) {
            return;
        }
        if (length >= OverlayGeometry.MAX_BYTES) {
            throw new IllegalArgumentException("text of " + length + " characters exceeds the "
                    + OverlayGeometry.MAX_BYTES + " one draw can hold");
        }
        long textAddress = encode(text);
        color.put(0, toByte(red)).put(1, toByte(green)).put(2, toByte(blue)).put(3, (byte) 255);
        int width = nstb_easy_font_width(textAddress);
        int height = nstb_easy_font_height(textAddress);
        float margin = MARGIN * scale;
        geometry.ensureRemaining(QUAD_BYTES);
        quad(x - margin, y - margin, x + width * scale + margin, y + height * scale + margin);
        int quads = print(textAddress);
        // only now: printing may have moved the buffer
        long first = geometry.cursor();
        // stb_easy_font lays text out in font pixels from the origin; placing and scaling it here keeps its
        // integer grid, so glyph edges stay on pixel edges at whole-number positions and scales
        for (long vertex = first, end = first + (long) quads * QUAD_BYTES; vertex < end;
             vertex += OverlayGeometry.VERTEX_BYTES) {
            MemoryUtil.memPutFloat(vertex, x + MemoryUtil.memGetFloat(vertex) * scale);
            MemoryUtil.memPutFloat(vertex + 4, y + MemoryUtil.memGetFloat(vertex + 4) * scale);
        }
        geometry.advance(quads * QUAD_BYTES);
    }

    private static void checkPlacement(float x, float y, float scale) {
        if (!Float.isFinite(x) || !Float.isFinite(y) || !(scale > 0f) || !Float.isFinite(scale)) {
            throw new IllegalArgumentException("text position (" + x + ", " + y + ") must be finite and scale "
                    + scale + " finite and > 0");
        }
    }

    private static void checkColor(float red, float green, float blue) {
        if (!(red >= 0f && red <= 1f && green >= 0f && green <= 1f && blue >= 0f && blue <= 1f)) {
            throw new IllegalArgumentException("text color (" + red + ", " + green + ", " + blue
                    + ") must be between 0 and 1");
        }
    }

    private static byte toByte(float component) {
        return (byte) Math.round(component * 255f);
    }

    /**
     * Copies {@code text} into the native ASCII buffer, NUL-terminated, and returns its address. stb_easy_font
     * indexes its glyph table with each byte less 32, so anything it has no glyph for must not reach it.
     */
    private long encode(CharSequence text) {
        int length = text.length();
        if (ascii.capacity() < length + 1) {
            long grown = ascii.capacity();
            while (grown < length + 1) {
                grown *= 2;
            }
            ascii = MemoryUtil.memRealloc(ascii, (int) grown);
        }
        long address = MemoryUtil.memAddress(ascii);
        for (int i = 0; i < length; i++) {
            char c = text.charAt(i);
            MemoryUtil.memPutByte(address + i, (byte) (c == '\n' || (c >= ' ' && c <= '~') ? c : '?'));
        }
        MemoryUtil.memPutByte(address + length, (byte) 0);
        return address;
    }

    /** Writes a dark box's quad in stb_easy_font's corner order. */
    private void quad(float left, float top, float right, float bottom) {
        geometry.put(left, top, 0f, 0, 0, 0, BACKGROUND_ALPHA);
        geometry.put(right, top, 0f, 0, 0, 0, BACKGROUND_ALPHA);
        geometry.put(right, bottom, 0f, 0, 0, 0, BACKGROUND_ALPHA);
        geometry.put(left, bottom, 0f, 0, 0, 0, BACKGROUND_ALPHA);
    }

    /**
     * Has stb_easy_font write the text's quads at the cursor, growing the buffer until they all fit, and returns
     * how many it wrote. stb_easy_font stops silently at the end of the buffer, so only a run that left room for
     * one more quad is known to be complete.
     */
    private int print(long textAddress) {
        while (true) {
            int room = geometry.remainingBytes();
            int quads = nstb_easy_font_print(0f, 0f, textAddress, MemoryUtil.memAddress(color), geometry.cursor(),
                    room);
            if (room - quads * QUAD_BYTES >= QUAD_BYTES) {
                return quads;
            }
            geometry.ensureRemaining(room + QUAD_BYTES);
        }
    }

    /**
     * Draws all queued text over {@code target}'s color buffer in one draw call, then empties the queue, also when
     * the draw fails. See the class comment for the GL state it leaves.
     *
     * @param target where to draw, not null: the frame the renderer just drew, usually
     * @throws IllegalArgumentException if {@code target} is null or cannot be drawn into (its size beyond the
     *                                  context's limit, its name no framebuffer of the context)
     * @throws IllegalStateException    if called from another thread than the creating one, after close, when its
     *                                  context was closed or is not current, or the target's framebuffer refuses
     */
    public void draw(RenderTarget target) {
        owner.check(closed);
        if (target == null) {
            throw new IllegalArgumentException("render target must not be null");
        }
        if (geometry.usedBytes() == 0) {
            return;
        }
        try {
            targets.bind(GL_DRAW_FRAMEBUFFER, target);
            int width = target.width();
            int height = target.height();
            glViewport(0, 0, width, height);
            glDisable(GL_DEPTH_TEST);
            glDisable(GL_CULL_FACE);
            glEnable(GL_BLEND);
            glBlendEquation(GL_FUNC_ADD);
            glBlendFuncSeparate(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA, GL_ONE, GL_ONE_MINUS_SRC_ALPHA);
            glUseProgram(program.id());
            glUniform2f(targetSizeUniform, width, height);
            try {
                geometry.draw(GL_TRIANGLES);
            } finally {
                geometry.unbind();
                glUseProgram(0);
                glDisable(GL_BLEND);
            }
        } finally {
            geometry.clear();
        }
    }

    /** Quads queued for the next draw, the background boxes included. */
    int queuedQuads() {
        return geometry.usedBytes() / QUAD_BYTES;
    }

    /** Bytes the native vertex buffer holds now: it doubles when a frame's text outgrows it. */
    int vertexCapacityBytes() {
        return geometry.capacityBytes();
    }

    /**
     * Deletes the GL objects and frees the native memory; call it on the creating thread, context current. If the
     * context was closed first, its GL objects went with it and this frees the native memory only; so it does, with a
     * warning, when a context the game made is no longer current here.
     *
     * @throws IllegalStateException if called from another thread than the creating one, or while its context, one
     *                               FlatScene created and still open, is not current: the overlay stays open
     */
    @Override
    public void close() {
        if (closed) {
            return;
        }
        boolean contextCurrent = owner.checkClose();
        closed = true;
        release(contextCurrent);
    }

    /** Releases whatever exists, each step even if an earlier one failed; GL objects only while they exist. */
    private void release(boolean contextCurrent) {
        try {
            if (geometry != null) {
                geometry.release(contextCurrent);
            }
        } finally {
            try {
                if (program != null && contextCurrent) {
                    program.delete();
                }
            } finally {
                // memFree(Buffer): LWJGL 3.3.3 has no memFree(ByteBuffer), which 3.4 added
                MemoryUtil.memFree((Buffer) ascii);
                MemoryUtil.memFree((Buffer) color);
                ascii = null;
                color = null;
            }
        }
    }
}
