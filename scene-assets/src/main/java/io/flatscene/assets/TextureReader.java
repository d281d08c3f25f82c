package io.flatscene.assets;

import io.flatscene.render.ColorSpace;
import io.flatscene.render.Material;
import java.io.IOException;
import java.nio.Buffer;
import java.nio.ByteBuffer;
import java.nio.FloatBuffer;
import java.nio.IntBuffer;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.lwjgl.PointerBuffer;
import org.lwjgl.assimp.AIColor4D;
import org.lwjgl.assimp.AIMaterial;
import org.lwjgl.assimp.AIScene;
import org.lwjgl.assimp.AIString;
import org.lwjgl.assimp.AITexture;
import org.lwjgl.stb.STBImage;
import org.lwjgl.system.MemoryStack;
import org.lwjgl.system.MemoryUtil;

import static org.lwjgl.assimp.Assimp.AI_MATKEY_COLOR_EMISSIVE;
import static org.lwjgl.assimp.Assimp.aiGetMaterialColor;
import static org.lwjgl.assimp.Assimp.aiGetMaterialTexture;
import static org.lwjgl.assimp.Assimp.aiGetMaterialTextureCount;
import static org.lwjgl.assimp.Assimp.aiReturn_SUCCESS;
import static org.lwjgl.assimp.Assimp.aiTextureType_BASE_COLOR;
import static org.lwjgl.assimp.Assimp.aiTextureType_DIFFUSE;
import static org.lwjgl.assimp.Assimp.aiTextureType_EMISSIVE;
import static org.lwjgl.assimp.Assimp.aiTextureType_NONE;
import static org.lwjgl.assimp.Assimp.aiTextureType_NORMALS;

/**
 * Reads the textures of a model's materials on the import thread: a material's base colour (glTF) or diffuse (OBJ
 * {@code map_Kd}) texture, its normal map and its emissive texture, each the first of its kind. An image embedded in
 * the model (a glTF buffer view or data URI, named {@code *n} by Assimp) is copied out of Assimp's scene; an external
 * one is read from the model's directory. Each image is read once however many materials use it, and its header is
 * checked with stb_image here, so a model whose image is missing or no image fails before the renderer is touched.
 */
final class TextureReader {
    private final String source;
    private final AIScene scene;
    private final Path directory;
    private final List<ModelData.Texture> textures = new ArrayList<>();
    private final Map<String, Integer> byReference = new HashMap<>();

    TextureReader(String source, AIScene scene, Path directory) {
        this.source = source;
        this.scene = scene;
        this.directory = directory;
    }

    List<ModelData.Texture> textures() {
        return List.copyOf(textures);
    }

    /**
     * {@code color} with the material's textures as indices into {@link #textures()}; an emissive texture gives
     * off its colours times the strongest component of the emissive colour (1 where the file has none).
     */
    Material addTo(AIMaterial material, Material color) {
        int base = texture(material, aiTextureType_BASE_COLOR, ColorSpace.SRGB);
        if (base == Material.NO_TEXTURE) {
            base = texture(material, aiTextureType_DIFFUSE, ColorSpace.SRGB);
        }
        int normal = texture(material, aiTextureType_NORMALS, ColorSpace.LINEAR);
        int emissive = texture(material, aiTextureType_EMISSIVE, ColorSpace.SRGB);
        Material textured = color.withBaseColorTexture(base).withNormalTexture(normal).withEmissiveTexture(emissive);
        return emissive == Material.NO_TEXTURE ? textured : textured.withEmission(emissiveStrength(material));
    }

    private static float emissiveStrength(AIMaterial material) {
        try (MemoryStack stack = MemoryStack.stackPush()) {
            AIColor4D color = AIColor4D.malloc(stack);
            if (aiGetMaterialColor(material, AI_MATKEY_COLOR_EMISSIVE, aiTextureType_NONE, 0, color)
                    != aiReturn_SUCCESS) {
                return 1f;
            }
            float strength = Math.max(color.r(), Math.max(color.g(), color.b()));
            return Float.isFinite(strength) && strength > 0f ? strength : 1f;
        }
    }

    private int texture(AIMaterial material, int type, ColorSpace colorSpace) {
        if (aiGetMaterialTextureCount(material, type) == 0) {
            return Material.NO_TEXTURE;
        }
        String reference;
        try (MemoryStack stack = MemoryStack.stackPush()) {
            AIString path = AIString.malloc(stack);
            if (aiGetMaterialTexture(material, type, 0, path, (IntBuffer) null, null, (FloatBuffer) null, null, null,
                    null) != aiReturn_SUCCESS) {
                return Material.NO_TEXTURE;
            }
            reference = path.dataString();
        }
        String key = reference + "\u0000" + colorSpace;
        Integer known = byReference.get(key);
        if (known != null) {
            return known;
        }
        AITexture embedded = embeddedTexture(reference);
        ModelData.Texture texture = embedded != null ? embedded(reference, embedded, colorSpace)
                : external(reference, colorSpace);
        checkHeader(texture);
        textures.add(texture);
        byReference.put(key, textures.size() - 1);
        return textures.size() - 1;
    }

    /**
     * The embedded image a material refers to, or null when it names a file: the look-up of Assimp's
     * {@code aiScene::GetEmbeddedTexture}, done here because LWJGL 3.3.3's Assimp has no {@code aiGetEmbeddedTexture}.
     * {@code *n} is the scene's n-th embedded image; any other reference is matched by its file name (the part after
     * the last slash or backslash) against the embedded images' own names.
     */
    private AITexture embeddedTexture(String reference) {
        int count = scene.mNumTextures();
        PointerBuffer embedded = scene.mTextures();
        if (reference.startsWith("*")) {
            int index = indexOf(reference.substring(1));
            return index >= 0 && index < count ? AITexture.create(embedded.get(index)) : null;
        }
        String name = fileName(reference);
        for (int i = 0; i < count; i++) {
            AITexture texture = AITexture.create(embedded.get(i));
            if (fileName(texture.mFilename().dataString()).equals(name)) {
                return texture;
            }
        }
        return null;
    }

    /** The number an embedded reference's digits make, or -1 when they are none or too many. */
    private static int indexOf(String digits) {
        if (digits.isEmpty() || digits.length() > 9 || !digits.chars().allMatch(c -> c >= '0' && c <= '9')) {
            return -1;
        }
        return Integer.parseInt(digits);
    }

    private static String fileName(String path) {
        int slash = path.lastIndexOf('/');
        return path.substring((slash >= 0 ? slash : path.lastIndexOf('\\')) + 1);
    }

    private ModelData.Texture embedded(String reference, AITexture texture, ColorSpace colorSpace) {
        String name = source + " (embedded image " + reference + ")";
        if (texture.mHeight() != 0) {
            throw new ModelException(source, "its embedded image " + reference + " is " + texture.mWidth() + "x"
                    + texture.mHeight() + " raw texels; only embedded image files (PNG, JPEG) are read");
        }
        ByteBuffer compressed = texture.pcDataCompressed();
        byte[] encoded = new byte[compressed.remaining()];
        compressed.get(compressed.position(), encoded);
        return new ModelData.Texture(name, encoded, colorSpace);
    }

    private ModelData.Texture external(String reference, ColorSpace colorSpace) {
        if (directory == null) {
            throw new ModelException(source, "it uses the image file '" + reference + "', but a model read from "
                    + "memory has no directory to find it in; embed the image");
        }
        Path file;
        try {
            file = directory.resolve(reference.replace('\\', '/'));
        } catch (InvalidPathException e) {
            throw new ModelException(source, "its image path '" + reference + "' is no valid path: " + e.getMessage(),
                    e);
        }
        try {
            return new ModelData.Texture(file.toString(), Files.readAllBytes(file), colorSpace);
        } catch (IOException e) {
            throw new ModelException(source, "cannot read its image file " + file + ": " + e, e);
        }
    }

    /** The header only: full decoding is the renderer's, once everything else passed. */
    private void checkHeader(ModelData.Texture texture) {
        ByteBuffer bytes = MemoryUtil.memAlloc(Math.max(1, texture.encoded().length));
        try (MemoryStack stack = MemoryStack.stackPush()) {
            bytes.put(0, texture.encoded()).limit(texture.encoded().length);
            IntBuffer width = stack.mallocInt(1);
            IntBuffer height = stack.mallocInt(1);
            IntBuffer channels = stack.mallocInt(1);
            if (!STBImage.stbi_info_from_memory(bytes, width, height, channels)) {
                throw new ModelException(source, "its image " + texture.name() + " is not an image stb_image can "
                        + "decode: " + STBImage.stbi_failure_reason());
            }
        } finally {
            // memFree(Buffer): LWJGL 3.3.3 has no memFree(ByteBuffer), which 3.4 added
            MemoryUtil.memFree((Buffer) bytes);
        }
    }
}
