package io.flatscene.render;

import io.flatscene.render.owner.GlOwner;
import java.io.IOException;
import java.nio.Buffer;
import java.nio.ByteBuffer;
import java.nio.IntBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;
import org.lwjgl.stb.STBImage;
import org.lwjgl.system.MemoryStack;
import org.lwjgl.system.MemoryUtil;

import static org.lwjgl.opengl.GL11C.GL_LINEAR;
import static org.lwjgl.opengl.GL11C.GL_LINEAR_MIPMAP_LINEAR;
import static org.lwjgl.opengl.GL11C.GL_MAX_TEXTURE_SIZE;
import static org.lwjgl.opengl.GL11C.GL_PACK_ALIGNMENT;
import static org.lwjgl.opengl.GL11C.GL_PACK_ROW_LENGTH;
import static org.lwjgl.opengl.GL11C.GL_PACK_SKIP_PIXELS;
import static org.lwjgl.opengl.GL11C.GL_PACK_SKIP_ROWS;
import static org.lwjgl.opengl.GL11C.GL_REPEAT;
import static org.lwjgl.opengl.GL11C.GL_RGBA;
import static org.lwjgl.opengl.GL11C.GL_RGBA8;
import static org.lwjgl.opengl.GL11C.GL_TEXTURE_MAG_FILTER;
import static org.lwjgl.opengl.GL11C.GL_TEXTURE_MIN_FILTER;
import static org.lwjgl.opengl.GL11C.GL_TEXTURE_WIDTH;
import static org.lwjgl.opengl.GL11C.GL_TEXTURE_WRAP_S;
import static org.lwjgl.opengl.GL11C.GL_TEXTURE_WRAP_T;
import static org.lwjgl.opengl.GL11C.GL_UNPACK_ALIGNMENT;
import static org.lwjgl.opengl.GL11C.GL_UNPACK_ROW_LENGTH;
import static org.lwjgl.opengl.GL11C.GL_UNPACK_SKIP_PIXELS;
import static org.lwjgl.opengl.GL11C.GL_UNPACK_SKIP_ROWS;
import static org.lwjgl.opengl.GL11C.GL_UNSIGNED_BYTE;
import static org.lwjgl.opengl.GL11C.glBindTexture;
import static org.lwjgl.opengl.GL11C.glDeleteTextures;
import static org.lwjgl.opengl.GL11C.glGenTextures;
import static org.lwjgl.opengl.GL11C.glGetInteger;
import static org.lwjgl.opengl.GL11C.glGetTexImage;
import static org.lwjgl.opengl.GL11C.glGetTexLevelParameteri;
import static org.lwjgl.opengl.GL11C.glPixelStorei;
import static org.lwjgl.opengl.GL11C.glTexParameteri;
import static org.lwjgl.opengl.GL12C.GL_PACK_IMAGE_HEIGHT;
import static org.lwjgl.opengl.GL12C.GL_PACK_SKIP_IMAGES;
import static org.lwjgl.opengl.GL12C.GL_UNPACK_IMAGE_HEIGHT;
import static org.lwjgl.opengl.GL12C.GL_UNPACK_SKIP_IMAGES;
import static org.lwjgl.opengl.GL12C.glTexImage3D;
import static org.lwjgl.opengl.GL12C.glTexSubImage3D;
import static org.lwjgl.opengl.GL13C.GL_ACTIVE_TEXTURE;
import static org.lwjgl.opengl.GL13C.GL_TEXTURE0;
import static org.lwjgl.opengl.GL13C.glActiveTexture;
import static org.lwjgl.opengl.GL15C.glBindBuffer;
import static org.lwjgl.opengl.GL21C.GL_PIXEL_PACK_BUFFER;
import static org.lwjgl.opengl.GL21C.GL_PIXEL_PACK_BUFFER_BINDING;
import static org.lwjgl.opengl.GL21C.GL_PIXEL_UNPACK_BUFFER;
import static org.lwjgl.opengl.GL21C.GL_PIXEL_UNPACK_BUFFER_BINDING;
import static org.lwjgl.opengl.GL21C.GL_SRGB8_ALPHA8;
import static org.lwjgl.opengl.GL30C.GL_MAX_ARRAY_TEXTURE_LAYERS;
import static org.lwjgl.opengl.GL30C.GL_TEXTURE_2D_ARRAY;
import static org.lwjgl.opengl.GL30C.GL_TEXTURE_BINDING_2D_ARRAY;
import static org.lwjgl.opengl.GL30C.glGenerateMipmap;
import static org.lwjgl.opengl.GL33C.glBindSampler;

/**
 * The textures materials refer to, decoded with stb_image (PNG, JPEG and the other formats it reads) into RGBA8
 * and kept in texture arrays: one array per shape (width, height, colour space), so that every material, whatever
 * textures it uses, still draws in the same multi-draw. An array starts at {@link #FIRST_PAGE_LAYERS} layers; when
 * full, it is replaced by one twice as large (up to the context's {@code GL_MAX_ARRAY_TEXTURE_LAYERS}, 2048 at least)
 * into which its textures are copied: a load-time cost, a copy of each texture once on average, after which the
 * texture keeps its array and layer, so materials referring to it stay as they are. Only a shape past the layer
 * limit, or whose array is past the 2 GiB a copy holds, opens a second array. The shader samples
 * {@link #MAX_ARRAYS} arrays, the fragment texture units every OpenGL 4.1 context has, so a game uses up to that many
 * texture shapes at once, any number of textures of each; one with more shapes rescales its images to fewer sizes,
 * and the load of a texture that would need one more array is refused naming the shapes in use. Every texture is
 * mipmapped ({@code glGenerateMipmap}) and repeats.
 *
 * <p>A texture's id is what {@link Material#withBaseColorTexture} and the others take. Loading uses GL, so like its
 * renderer it is done on the renderer's thread with its context current; it touches the bindings of texture unit 0,
 * the pixel-pack and pixel-unpack buffers and the pack and unpack alignment and puts each back as it was. Reading
 * what was loaded works anywhere, also after close. The renderer's {@link Renderer#close close} deletes the arrays.
 */
public final class TextureRegistry {
    /**
     * The most texture arrays the shader samples, each on its own texture unit from 0: the fragment texture units
     * OpenGL 4.1 guarantees, so the same shader and the same limit hold on every context the renderer runs on.
     */
    public static final int MAX_ARRAYS = 16;
    /** Layers of a shape's array when its first texture is loaded; it doubles each time it is full. */
    public static final int FIRST_PAGE_LAYERS = 4;
    /**
     * Where the shader finds a texture: its array (texture unit) times this plus its layer, a whole number a float
     * holds exactly, so the material block carries it as a float.
     */
    static final int LAYER_SPAN = 1 << 16;
    private static final Logger LOG = LogManager.getLogger(TextureRegistry.class);

    private final GlOwner owner;
    private final int maxSize;
    private final int maxLayers;
    private final List<Texture> textures = new ArrayList<>();
    private final List<Page> pages = new ArrayList<>();
    private boolean closed;

    private record Texture(String name, int width, int height, ColorSpace colorSpace, int page, int layer) {
    }

    /** One texture array: its shape, GL name and the layers taken; the name and size change when it grows. */
    private static final class Page {
        final int width;
        final int height;
        final ColorSpace colorSpace;
        int layers;
        int texture;
        int used;

        Page(int width, int height, ColorSpace colorSpace, int layers, int texture) {
            this.width = width;
            this.height = height;
            this.colorSpace = colorSpace;
            this.layers = layers;
            this.texture = texture;
        }
    }

    TextureRegistry(GlOwner owner) {
        this.owner = owner;
        maxSize = glGetInteger(GL_MAX_TEXTURE_SIZE);
        maxLayers = glGetInteger(GL_MAX_ARRAY_TEXTURE_LAYERS);
    }

    /**
     * Loads an image file.
     *
     * @param file       a PNG or JPEG file (or another format stb_image reads), not null
     * @param colorSpace {@link ColorSpace#SRGB} for base colour and emissive images, {@link ColorSpace#LINEAR} for
     *                   normal maps
     * @return the new texture's id, 0 to {@code count() - 1}; ids are never reused
     * @throws IllegalArgumentException naming the file when an argument is null, the file cannot be read, its bytes
     *                                  are no image stb_image decodes (with its reason), or the image is larger than
     *                                  the context's texture size limit; the registry is then unchanged
     * @throws IllegalStateException    when all {@link #MAX_ARRAYS} texture arrays are taken by other shapes; as the
     *                                  renderer's calls, if called from another thread, after close, or when its
     *                                  context was closed or is not current
     */
    public int load(Path file, ColorSpace colorSpace) {
        owner.check(closed);
        if (file == null || colorSpace == null) {
            throw new IllegalArgumentException("texture file and colour space must not be null, got " + file
                    + " and " + colorSpace);
        }
        byte[] bytes;
        try {
            bytes = Files.readAllBytes(file);
        } catch (IOException e) {
            throw new IllegalArgumentException("cannot read texture file " + file + ": " + e, e);
        }
        return load(file.toString(), bytes, colorSpace);
    }

    /**
     * Decodes an image held in memory, such as one embedded in a model file.
     *
     * @param name       names the texture in exceptions and logs, not blank
     * @param encoded    the image file's bytes (PNG, JPEG or another format stb_image reads), not null
     * @param colorSpace {@link ColorSpace#SRGB} for base colour and emissive images, {@link ColorSpace#LINEAR} for
     *                   normal maps
     * @return the new texture's id, 0 to {@code count() - 1}; ids are never reused
     * @throws IllegalArgumentException naming the texture when an argument is null or blank, the bytes are no image
     *                                  stb_image decodes (with its reason) or the image is larger than the context's
     *                                  texture size limit; the registry is then unchanged
     * @throws IllegalStateException    as {@link #load(Path, ColorSpace)} does
     */
    public int load(String name, byte[] encoded, ColorSpace colorSpace) {
        owner.check(closed);
        if (name == null || name.isBlank() || encoded == null || colorSpace == null) {
            throw new IllegalArgumentException("texture name, bytes and colour space must not be null or blank, got "
                    + name + ", " + (encoded == null ? "null" : encoded.length + " bytes") + " and " + colorSpace);
        }
        ByteBuffer source = MemoryUtil.memAlloc(Math.max(1, encoded.length));
        try (MemoryStack stack = MemoryStack.stackPush()) {
            source.put(0, encoded).limit(encoded.length);
            IntBuffer width = stack.mallocInt(1);
            IntBuffer height = stack.mallocInt(1);
            IntBuffer channels = stack.mallocInt(1);
            ByteBuffer pixels = STBImage.stbi_load_from_memory(source, width, height, channels, 4);
            if (pixels == null) {
                throw new IllegalArgumentException("texture " + name + " is not an image stb_image can decode: "
                        + STBImage.stbi_failure_reason());
            }
            owner.enter();
            try {
                return add(name, width.get(0), height.get(0), colorSpace, pixels);
            } finally {
                owner.leave();
                STBImage.stbi_image_free(pixels);
            }
        } finally {
            // memFree(Buffer): LWJGL 3.3.3 has no memFree(ByteBuffer), which 3.4 added
            MemoryUtil.memFree((Buffer) source);
        }
    }

    private int add(String name, int width, int height, ColorSpace colorSpace, ByteBuffer pixels) {
        if (width > maxSize || height > maxSize) {
            throw new IllegalArgumentException("texture " + name + " is " + width + "x" + height + ", larger than "
                    + "this context's limit of " + maxSize + " pixels a side");
        }
        Page page = pageFor(name, width, height, colorSpace);
        upload(page.texture, page.used, width, height, 1, pixels);
        int pageIndex = pages.indexOf(page);
        textures.add(new Texture(name, width, height, colorSpace, pageIndex, page.used));
        page.used++;
        return textures.size() - 1;
    }

    /**
     * Writes {@code depth} layers of level 0 from {@code layer} on, then every layer's mipmaps again: a load-time
     * cost, never a frame's.
     */
    private static void upload(int texture, int layer, int width, int height, int depth, ByteBuffer pixels) {
        int previousUnit = glGetInteger(GL_ACTIVE_TEXTURE);
        glActiveTexture(GL_TEXTURE0);
        int previousTexture = glGetInteger(GL_TEXTURE_BINDING_2D_ARRAY);
        int previousUnpackBuffer = glGetInteger(GL_PIXEL_UNPACK_BUFFER_BINDING);
        int[] previousUnpack = {glGetInteger(GL_UNPACK_ALIGNMENT), glGetInteger(GL_UNPACK_ROW_LENGTH),
            glGetInteger(GL_UNPACK_SKIP_ROWS), glGetInteger(GL_UNPACK_SKIP_PIXELS),
            glGetInteger(GL_UNPACK_IMAGE_HEIGHT), glGetInteger(GL_UNPACK_SKIP_IMAGES)};
        try {
            // a game's pixel-unpack buffer would turn the pixel pointer into an offset into it
            glBindBuffer(GL_PIXEL_UNPACK_BUFFER, 0);
            setUnpack(new int[]{4, 0, 0, 0, 0, 0});
            glBindTexture(GL_TEXTURE_2D_ARRAY, texture);
            glTexSubImage3D(GL_TEXTURE_2D_ARRAY, 0, 0, 0, layer, width, height, depth, GL_RGBA, GL_UNSIGNED_BYTE,
                    pixels);
            glGenerateMipmap(GL_TEXTURE_2D_ARRAY);
        } finally {
            glBindTexture(GL_TEXTURE_2D_ARRAY, previousTexture);
            setUnpack(previousUnpack);
            glBindBuffer(GL_PIXEL_UNPACK_BUFFER, previousUnpackBuffer);
            glActiveTexture(previousUnit);
        }
    }

    private static void setUnpack(int[] values) {
        glPixelStorei(GL_UNPACK_ALIGNMENT, values[0]);
        glPixelStorei(GL_UNPACK_ROW_LENGTH, values[1]);
        glPixelStorei(GL_UNPACK_SKIP_ROWS, values[2]);
        glPixelStorei(GL_UNPACK_SKIP_PIXELS, values[3]);
        glPixelStorei(GL_UNPACK_IMAGE_HEIGHT, values[4]);
        glPixelStorei(GL_UNPACK_SKIP_IMAGES, values[5]);
    }

    /**
     * The array with room for a texture of this shape: the shape's own, grown when full, or a new one when there is
     * none yet or the last can grow no more.
     */
    private Page pageFor(String name, int width, int height, ColorSpace colorSpace) {
        Page last = null;
        for (Page page : pages) {
            if (page.width == width && page.height == height && page.colorSpace == colorSpace) {
                if (page.used < page.layers) {
                    return page;
                }
                last = page;
            }
        }
        if (last != null && last.layers < maxLayers && arrayBytes(last) <= Integer.MAX_VALUE) {
            grow(last, name);
            return last;
        }
        if (pages.size() == MAX_ARRAYS) {
            throw new IllegalStateException("cannot add texture " + name + " (" + width + "x" + height + " "
                    + colorSpace + "): all " + MAX_ARRAYS + " texture arrays are taken by " + shapes()
                    + "; use fewer texture sizes");
        }
        int capacity = Math.min(maxLayers, FIRST_PAGE_LAYERS);
        Page page = new Page(width, height, colorSpace, capacity, newArray(name, width, height, colorSpace,
                capacity));
        pages.add(page);
        LOG.info("texture array {} made for {}x{} {} textures, {} layers", pages.size() - 1, width, height,
                colorSpace, capacity);
        return page;
    }

    /**
     * Replaces a full array by one twice as large (at most the layer limit) holding the same textures in the same
     * layers, on the same texture unit: no material's reference changes. The old array goes only once the copy is
     * made, so a failure leaves the registry as it was.
     */
    private void grow(Page page, String name) {
        int layers = Math.min(maxLayers, page.layers * 2);
        ByteBuffer copy = readArray(page);
        try {
            int texture = newArray(name, page.width, page.height, page.colorSpace, layers);
            try {
                upload(texture, 0, page.width, page.height, page.used, copy);
            } catch (RuntimeException e) {
                glDeleteTextures(texture);
                throw e;
            }
            glDeleteTextures(page.texture);
            page.texture = texture;
            page.layers = layers;
        } finally {
            // memFree(Buffer): LWJGL 3.3.3 has no memFree(ByteBuffer), which 3.4 added
            MemoryUtil.memFree((Buffer) copy);
        }
        LOG.info("texture array {} for {}x{} {} textures grown to {} layers", pages.indexOf(page), page.width,
                page.height, page.colorSpace, layers);
    }

    /** {@return the bytes of level 0 of every layer of the array} */
    private static long arrayBytes(Page page) {
        return (long) page.width * page.height * 4 * page.layers;
    }

    private String shapes() {
        StringBuilder shapes = new StringBuilder();
        for (Page page : pages) {
            shapes.append(shapes.length() == 0 ? "" : ", ").append(page.width).append('x').append(page.height)
                    .append(' ').append(page.colorSpace);
        }
        return shapes.toString();
    }

    /** Allocates every mip level of a new array through unit 0's binding, which the caller restores. */
    private static int newArray(String name, int width, int height, ColorSpace colorSpace, int layers) {
        int previousUnit = glGetInteger(GL_ACTIVE_TEXTURE);
        glActiveTexture(GL_TEXTURE0);
        int previousTexture = glGetInteger(GL_TEXTURE_BINDING_2D_ARRAY);
        int previousUnpackBuffer = glGetInteger(GL_PIXEL_UNPACK_BUFFER_BINDING);
        int texture = glGenTextures();
        try {
            glBindBuffer(GL_PIXEL_UNPACK_BUFFER, 0);
            glBindTexture(GL_TEXTURE_2D_ARRAY, texture);
            int format = colorSpace == ColorSpace.SRGB ? GL_SRGB8_ALPHA8 : GL_RGBA8;
            int levels = 32 - Integer.numberOfLeadingZeros(Math.max(width, height));
            for (int level = 0; level < levels; level++) {
                glTexImage3D(GL_TEXTURE_2D_ARRAY, level, format, Math.max(1, width >> level),
                        Math.max(1, height >> level), layers, 0, GL_RGBA, GL_UNSIGNED_BYTE, (ByteBuffer) null);
            }
            glTexParameteri(GL_TEXTURE_2D_ARRAY, GL_TEXTURE_MIN_FILTER, GL_LINEAR_MIPMAP_LINEAR);
            glTexParameteri(GL_TEXTURE_2D_ARRAY, GL_TEXTURE_MAG_FILTER, GL_LINEAR);
            glTexParameteri(GL_TEXTURE_2D_ARRAY, GL_TEXTURE_WRAP_S, GL_REPEAT);
            glTexParameteri(GL_TEXTURE_2D_ARRAY, GL_TEXTURE_WRAP_T, GL_REPEAT);
            // a driver out of memory leaves the level without storage, which its width tells
            if (glGetTexLevelParameteri(GL_TEXTURE_2D_ARRAY, 0, GL_TEXTURE_WIDTH) != width) {
                throw new IllegalStateException("the driver could not allocate a texture array of " + layers + " "
                        + width + "x" + height + " layers for texture " + name + " (out of GPU memory?)");
            }
        } catch (RuntimeException e) {
            glDeleteTextures(texture);
            throw e;
        } finally {
            glBindTexture(GL_TEXTURE_2D_ARRAY, previousTexture);
            glBindBuffer(GL_PIXEL_UNPACK_BUFFER, previousUnpackBuffer);
            glActiveTexture(previousUnit);
        }
        return texture;
    }

    /** {@return the number of textures loaded; ids run from 0 to {@code count() - 1}} */
    public int count() {
        return textures.size();
    }

    /** {@return the number of texture arrays holding them, 0 to {@link #MAX_ARRAYS}} */
    public int arrayCount() {
        return pages.size();
    }

    /**
     * {@return the name of texture {@code textureId}: the file it was loaded from, or the name it was given}
     *
     * @param textureId 0 to {@code count() - 1}
     * @throws IllegalArgumentException if {@code textureId} is not registered
     */
    public String name(int textureId) {
        return texture(textureId).name();
    }

    /**
     * {@return the width of texture {@code textureId} in pixels}
     *
     * @param textureId 0 to {@code count() - 1}
     * @throws IllegalArgumentException if {@code textureId} is not registered
     */
    public int width(int textureId) {
        return texture(textureId).width();
    }

    /**
     * {@return the height of texture {@code textureId} in pixels}
     *
     * @param textureId 0 to {@code count() - 1}
     * @throws IllegalArgumentException if {@code textureId} is not registered
     */
    public int height(int textureId) {
        return texture(textureId).height();
    }

    /**
     * {@return the colour space texture {@code textureId} was loaded with}
     *
     * @param textureId 0 to {@code count() - 1}
     * @throws IllegalArgumentException if {@code textureId} is not registered
     */
    public ColorSpace colorSpace(int textureId) {
        return texture(textureId).colorSpace();
    }

    boolean contains(int textureId) {
        return textureId >= 0 && textureId < textures.size();
    }

    /** {@return the texture's {@link #LAYER_SPAN} reference for the shader} */
    float shaderReference(int textureId) {
        Texture texture = textures.get(textureId);
        return texture.page() * LAYER_SPAN + texture.layer();
    }

    /**
     * Reads texture {@code textureId}'s pixels back from the GPU, exactly as they were loaded (the colour space
     * changes how they are sampled, not what is stored). Reads its whole texture array on the way, so it costs a
     * copy of every texture of its shape: an export's price, never a frame's. Uses GL, so like loading it runs on
     * the renderer's thread with its context current; it touches the binding of texture unit 0, the pixel-pack
     * buffer and the pack alignment and puts each back as it was.
     *
     * @param textureId 0 to {@code count() - 1}
     * @return RGBA, one byte a channel, rows from the image's top: {@code width * height * 4} bytes
     * @throws IllegalArgumentException if {@code textureId} is not registered
     * @throws IllegalStateException    as {@link #load(Path, ColorSpace)} does
     */
    public byte[] pixels(int textureId) {
        owner.check(closed);
        Texture texture = texture(textureId);
        Page page = pages.get(texture.page());
        if (arrayBytes(page) > Integer.MAX_VALUE) {
            throw new IllegalStateException("cannot read texture " + texture.name() + " back: its array of "
                    + page.layers + " layers is " + arrayBytes(page) + " bytes, over the 2 GiB a read-back holds");
        }
        owner.enter();
        try {
            ByteBuffer array = readArray(page);
            try {
                int layerBytes = page.width * page.height * 4;
                byte[] pixels = new byte[layerBytes];
                array.get(texture.layer() * layerBytes, pixels);
                return pixels;
            } finally {
                // memFree(Buffer): LWJGL 3.3.3 has no memFree(ByteBuffer), which 3.4 added
                MemoryUtil.memFree((Buffer) array);
            }
        } finally {
            owner.leave();
        }
    }

    /**
     * Reads level 0 of every layer of an array of at most 2 GiB into memory the caller frees, through unit 0's
     * binding and the pack state, each put back as it was.
     */
    private static ByteBuffer readArray(Page page) {
        ByteBuffer array = MemoryUtil.memAlloc((int) arrayBytes(page));
        int previousUnit = glGetInteger(GL_ACTIVE_TEXTURE);
        glActiveTexture(GL_TEXTURE0);
        int previousTexture = glGetInteger(GL_TEXTURE_BINDING_2D_ARRAY);
        int previousPackBuffer = glGetInteger(GL_PIXEL_PACK_BUFFER_BINDING);
        int[] previousPack = {glGetInteger(GL_PACK_ALIGNMENT), glGetInteger(GL_PACK_ROW_LENGTH),
            glGetInteger(GL_PACK_SKIP_ROWS), glGetInteger(GL_PACK_SKIP_PIXELS),
            glGetInteger(GL_PACK_IMAGE_HEIGHT), glGetInteger(GL_PACK_SKIP_IMAGES)};
        try {
            // a game's pixel-pack buffer would turn the pixel pointer into an offset into it
            glBindBuffer(GL_PIXEL_PACK_BUFFER, 0);
            setPack(new int[]{4, 0, 0, 0, 0, 0});
            glBindTexture(GL_TEXTURE_2D_ARRAY, page.texture);
            glGetTexImage(GL_TEXTURE_2D_ARRAY, 0, GL_RGBA, GL_UNSIGNED_BYTE, array);
            return array;
        } catch (RuntimeException e) {
            // memFree(Buffer): LWJGL 3.3.3 has no memFree(ByteBuffer), which 3.4 added
            MemoryUtil.memFree((Buffer) array);
            throw e;
        } finally {
            glBindTexture(GL_TEXTURE_2D_ARRAY, previousTexture);
            setPack(previousPack);
            glBindBuffer(GL_PIXEL_PACK_BUFFER, previousPackBuffer);
            glActiveTexture(previousUnit);
        }
    }

    private static void setPack(int[] values) {
        glPixelStorei(GL_PACK_ALIGNMENT, values[0]);
        glPixelStorei(GL_PACK_ROW_LENGTH, values[1]);
        glPixelStorei(GL_PACK_SKIP_ROWS, values[2]);
        glPixelStorei(GL_PACK_SKIP_PIXELS, values[3]);
        glPixelStorei(GL_PACK_IMAGE_HEIGHT, values[4]);
        glPixelStorei(GL_PACK_SKIP_IMAGES, values[5]);
    }

    private Texture texture(int textureId) {
        if (!contains(textureId)) {
            throw new IllegalArgumentException("texture id " + textureId + " is not registered (registry holds "
                    + textures.size() + " textures)");
        }
        return textures.get(textureId);
    }

    /**
     * Binds every array to its texture unit, from unit 0, with no sampler object over it; leaves unit 0 active.
     */
    void bind() {
        for (int unit = pages.size() - 1; unit >= 0; unit--) {
            glActiveTexture(GL_TEXTURE0 + unit);
            glBindTexture(GL_TEXTURE_2D_ARRAY, pages.get(unit).texture);
            glBindSampler(unit, 0);
        }
    }

    /** Deletes the arrays while their context is current; once it is gone, they went with it. */
    void release(boolean contextCurrent) {
        closed = true;
        if (contextCurrent) {
            for (Page page : pages) {
                glDeleteTextures(page.texture);
            }
        }
        pages.clear();
    }
}
