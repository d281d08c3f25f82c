package io.flatscene.render.image;

import io.flatscene.render.target.RenderTarget;
import java.io.IOException;
import java.io.UncheckedIOException;
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
    private final int width;
    private final int height;
    private final byte[] rgba;

    /** @param rgba four bytes a pixel, top row first; copied */
    public Image(int width, int height, byte[] rgba) {
        if (width <= 0 || height <= 0 || rgba == null || rgba.length != width * height * 4) {
            throw new IllegalArgumentException("image " + width + "x" + height + " needs a size of at least 1x1 and "
                    + "exactly width * height * 4 bytes, got " + (rgba == null ? "null" : rgba.length));
        }
        this.width = width;
        this.height = height;
        this.rgba = rgba.clone();
    }

    /**
     * Reads the color buffer of {@code target} in the current context; the read framebuffer and pixel-pack buffer
     * bindings and the pack alignment are restored afterwards.
     */
    public static Image read(RenderTarget target) {
        int width = target.width();
        int height = target.height();
        int previousFramebuffer = glGetInteger(GL_READ_FRAMEBUFFER_BINDING);
        int previousAlignment = glGetInteger(GL_PACK_ALIGNMENT);
        int previousPackBuffer = glGetInteger(GL_PIXEL_PACK_BUFFER_BINDING);
        ByteBuffer pixels = MemoryUtil.memAlloc(width * height * 4);
        try {
            glBindFramebuffer(GL_READ_FRAMEBUFFER, target.framebufferId());
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
            MemoryUtil.memFree(pixels);
            glBindFramebuffer(GL_READ_FRAMEBUFFER, previousFramebuffer);
            glPixelStorei(GL_PACK_ALIGNMENT, previousAlignment);
            glBindBuffer(GL_PIXEL_PACK_BUFFER, previousPackBuffer);
        }
    }

    /** Reads a PNG (or any format stb_image knows) as RGBA. */
    public static Image readPng(Path file) {
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

    /** Writes this image as a PNG, creating the parent directories. */
    public void writePng(Path file) {
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
            MemoryUtil.memFree(pixels);
        }
    }

    public int width() {
        return width;
    }

    public int height() {
        return height;
    }

    /** The pixel at column {@code x}, row {@code y} from the top, as {@code 0xRRGGBBAA}. */
    public int rgba(int x, int y) {
        if (x < 0 || y < 0 || x >= width || y >= height) {
            throw new IndexOutOfBoundsException("pixel (" + x + ", " + y + ") outside " + width + "x" + height);
        }
        int i = (y * width + x) * 4;
        return (rgba[i] & 0xFF) << 24 | (rgba[i + 1] & 0xFF) << 16 | (rgba[i + 2] & 0xFF) << 8 | (rgba[i + 3] & 0xFF);
    }

    /** The number of different RGB colors: a blank or failed render has one or two. */
    public int distinctColors() {
        BitSet seen = new BitSet(1 << 24);
        for (int i = 0; i < rgba.length; i += 4) {
            seen.set((rgba[i] & 0xFF) << 16 | (rgba[i + 1] & 0xFF) << 8 | (rgba[i + 2] & 0xFF));
        }
        return seen.cardinality();
    }

    /** A copy of the pixels, four bytes each, top row first. */
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
