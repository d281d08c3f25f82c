package io.flatscene.render.image;

import io.flatscene.render.gl.TargetBinder;
import io.flatscene.render.owner.GlOwner;
import io.flatscene.render.target.RenderTarget;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.Buffer;
import java.nio.ByteBuffer;
import java.nio.IntBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.BitSet;
import org.lwjgl.stb.STBImage;
import org.lwjgl.stb.STBImageWrite;
import org.lwjgl.system.MemoryStack;
import org.lwjgl.system.MemoryUtil;

import static org.lwjgl.opengl.GL11C.GL_PACK_ALIGNMENT;
import static org.lwjgl.opengl.GL11C.GL_RGBA;
import static org.lwjgl.opengl.GL11C.GL_UNSIGNED_BYTE;
import static org.lwjgl.opengl.GL11C.glGetInteger;
import static org.lwjgl.opengl.GL11C.glPixelStorei;
import static org.lwjgl.opengl.GL11C.glReadPixels;
import static org.lwjgl.opengl.GL15C.glBindBuffer;
import static org.lwjgl.opengl.GL21C.GL_PIXEL_PACK_BUFFER;
import static org.lwjgl.opengl.GL21C.GL_PIXEL_PACK_BUFFER_BINDING;
import static org.lwjgl.opengl.GL30C.GL_READ_FRAMEBUFFER;
import static org.lwjgl.opengl.GL30C.GL_READ_FRAMEBUFFER_BINDING;
import static org.lwjgl.opengl.GL30C.glBindFramebuffer;

/**
 * An 8-bit RGBA picture, top row first (as files and screens have it, unlike GL's bottom-up rows): a screenshot
 * read back from a render target, or a PNG read from disk.
 */
public final class Image {
    /** The most bytes a Java array holds on every JVM: a few below Integer.MAX_VALUE. */
    private static final long MAX_BYTES = Integer.MAX_VALUE - 8;

    private final int width;
    private final int height;
    private final byte[] rgba;

    /**
     * @param rgba four bytes a pixel, top row first; copied
     * @param width  the width in pixels, 1 or more
     * @param height the height in pixels, 1 or more
     * @throws IllegalArgumentException if the size is below 1x1, its pixels would not fit one array, or
     *                                  {@code rgba} is not exactly {@code width * height * 4} bytes
     */
    public Image(int width, int height, byte[] rgba) {
        checkSize(width, height);
        if (rgba == null || rgba.length != 4L * width * height) {
            throw new IllegalArgumentException("image " + width + "x" + height + " needs exactly width * height * 4 = "
                    + 4L * width * height + " bytes, got " + (rgba == null ? "null" : rgba.length));
        }
        this.width = width;
        this.height = height;
        this.rgba = rgba.clone();
    }

    /** Sizes whose pixels no array holds would overflow every index computed from them. */
    private static void checkSize(int width, int height) {
        if (width <= 0 || height <= 0 || 4L * width * height > MAX_BYTES) {
            throw new IllegalArgumentException("image size " + width + "x" + height + " must be at least 1x1 and "
                    + "hold at most " + MAX_BYTES + " bytes of pixels (4 a pixel)");
        }
    }

    /**
     * Reads the color buffer of {@code target} in the current context; the read framebuffer and pixel-pack buffer
     * bindings and the pack alignment are restored afterwards.
     *
     * @param target the framebuffer to read, whole, not null
     * @return a new image of the target's size
     * @throws IllegalArgumentException if {@code target} is null, its size is beyond the context's limits, or its
     *                                  name is no framebuffer of the current context
     * @throws IllegalStateException    if no context is current on this thread, FlatScene closed it, the
     *                                  framebuffer is incomplete, or a {@code Framebuffer} refuses (closed, another
     *                                  thread's, or its context not current)
     */
    public static Image read(RenderTarget target) {
        GlOwner.requireCurrent("Image.read");
        if (target == null) {
            throw new IllegalArgumentException("render target to read must not be null");
        }
        int previousFramebuffer = glGetInteger(GL_READ_FRAMEBUFFER_BINDING);
        int previousAlignment = glGetInteger(GL_PACK_ALIGNMENT);
        int previousPackBuffer = glGetInteger(GL_PIXEL_PACK_BUFFER_BINDING);
        ByteBuffer pixels = null;
        try {
            new TargetBinder().bind(GL_READ_FRAMEBUFFER, target);
            int width = target.width();
            int height = target.height();
            checkSize(width, height);
            pixels = MemoryUtil.memAlloc(width * height * 4);
            glPixelStorei(GL_PACK_ALIGNMENT, 1);
            glBindBuffer(GL_PIXEL_PACK_BUFFER, 0);
            glReadPixels(0, 0, width, height, GL_RGBA, GL_UNSIGNED_BYTE, pixels);
            byte[] rgba = new byte[width * height * 4];
            int row = width * 4;
            for (int y = 0; y < height; y++) {
                pixels.get((height - 1 - y) * row, rgba, y * row, row);
            }
            return new Image(width, height, rgba);
        } finally {
            // memFree(Buffer): LWJGL 3.3.3 has no memFree(ByteBuffer), which 3.4 added
            MemoryUtil.memFree((Buffer) pixels);
            glBindFramebuffer(GL_READ_FRAMEBUFFER, previousFramebuffer);
            glPixelStorei(GL_PACK_ALIGNMENT, previousAlignment);
            glBindBuffer(GL_PIXEL_PACK_BUFFER, previousPackBuffer);
        }
    }

    /**
     * Reads a PNG (or any format stb_image knows) as RGBA.
     *
     * @param file the image file, not null
     * @return a new image of the file's size; a file without alpha reads as opaque
     * @throws IllegalArgumentException if {@code file} is null
     * @throws UncheckedIOException     if the file cannot be read or decoded
     */
    public static Image readPng(Path file) {
        if (file == null) {
            throw new IllegalArgumentException("image file to read must not be null");
        }
        try (MemoryStack stack = MemoryStack.stackPush()) {
            IntBuffer w = stack.mallocInt(1);
            IntBuffer h = stack.mallocInt(1);
            IntBuffer channels = stack.mallocInt(1);
            ByteBuffer pixels = STBImage.stbi_load(file.toString(), w, h, channels, 4);
            if (pixels == null) {
                throw new UncheckedIOException(new IOException(file + ": cannot read image ("
                        + STBImage.stbi_failure_reason() + ")"));
            }
            try {
                byte[] rgba = new byte[pixels.remaining()];
                // absolute: stbi_image_free frees from the buffer's position, which must stay at the start
                pixels.get(0, rgba);
                return new Image(w.get(0), h.get(0), rgba);
            } finally {
                STBImage.stbi_image_free(pixels);
            }
        }
    }

    /**
     * Writes this image as a PNG, creating the parent directories.
     *
     * @param file the file to write, replaced if it exists, not null
     * @throws IllegalArgumentException if {@code file} is null
     * @throws UncheckedIOException     if the directory or the file cannot be written
     */
    public void writePng(Path file) {
        if (file == null) {
            throw new IllegalArgumentException("image file to write must not be null");
        }
        try {
            Path parent = file.toAbsolutePath().getParent();
            if (parent != null) {
                Files.createDirectories(parent);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(file + ": cannot create the directory for the image", e);
        }
        ByteBuffer pixels = MemoryUtil.memAlloc(rgba.length);
        try {
            pixels.put(rgba).flip();
            if (!STBImageWrite.stbi_write_png(file.toString(), width, height, 4, pixels, width * 4)) {
                throw new UncheckedIOException(new IOException(file + ": cannot write PNG"));
            }
        } finally {
            // memFree(Buffer): LWJGL 3.3.3 has no memFree(ByteBuffer), which 3.4 added
            MemoryUtil.memFree((Buffer) pixels);
        }
    }

    /** {@return the width in pixels, 1 or more} */
    public int width() {
        return width;
    }

    /** {@return the height in pixels, 1 or more} */
    public int height() {
        return height;
    }

    /**
     * The pixel at column {@code x}, row {@code y} from the top, as {@code 0xRRGGBBAA}.
     *
     * @param x the column, 0 to {@code width() - 1}, from the left
     * @param y the row, 0 to {@code height() - 1}, from the top
     * @return the pixel, red in the top byte and alpha in the lowest
     * @throws IndexOutOfBoundsException if the pixel is outside the image
     */
    public int rgba(int x, int y) {
        if (x < 0 || y < 0 || x >= width || y >= height) {
            throw new IndexOutOfBoundsException("pixel (" + x + ", " + y + ") outside " + width + "x" + height);
        }
        int i = (y * width + x) * 4;
        return (rgba[i] & 0xFF) << 24 | (rgba[i + 1] & 0xFF) << 16 | (rgba[i + 2] & 0xFF) << 8 | (rgba[i + 3] & 0xFF);
    }

    /**
     * The number of different RGB colors: a blank or failed render has one or two.
     *
     * @return 1 to {@code width() * height()}; alpha is ignored
     */
    public int distinctColors() {
        BitSet seen = new BitSet(1 << 24);
        for (int i = 0; i < rgba.length; i += 4) {
            seen.set((rgba[i] & 0xFF) << 16 | (rgba[i + 1] & 0xFF) << 8 | (rgba[i + 2] & 0xFF));
        }
        return seen.cardinality();
    }

    /**
     * A copy of the pixels, four bytes each, top row first.
     *
     * @return a new array of {@code width() * height() * 4} bytes, R, G, B, A for each pixel
     */
    public byte[] toRgba() {
        return rgba.clone();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Image other && width == other.width && height == other.height
                && Arrays.equals(rgba, other.rgba);
    }

    @Override
    public int hashCode() {
        return 31 * (31 * width + height) + Arrays.hashCode(rgba);
    }

    @Override
    public String toString() {
        return "image " + width + "x" + height;
    }
}
