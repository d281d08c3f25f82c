package io.flatscene.render;

import io.flatscene.render.image.Image;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.lwjgl.opengl.GL11C.GL_PACK_ALIGNMENT;
import static org.lwjgl.opengl.GL11C.glGetInteger;
import static org.lwjgl.opengl.GL11C.glIsTexture;
import static org.lwjgl.opengl.GL11C.glPixelStorei;

/**
 * Textures on Mesa's llvmpipe: images decoded into arrays by shape, bad images and bad references named and refused
 * with the registries unchanged, and every array deleted by the renderer's close.
 */
class TextureRegistryTest {
    private static final Path CRATE = TestScenes.TEXTURES.resolve("crate.png");

    @Test
    void texturesOfOneShapeShareOneArrayThatDoublesWhenFull() throws IOException {
        try (HeadlessRendering gl = HeadlessRendering.open(32, 32, DrawPath.AUTO)) {
            TextureRegistry textures = gl.renderer.textures();
            byte[] crate = Files.readAllBytes(CRATE);
            int before = liveTextures();
            for (int i = 0; i < TextureRegistry.FIRST_PAGE_LAYERS; i++) {
                assertEquals(i, textures.load("crate " + i, crate, ColorSpace.SRGB));
            }
            assertEquals(1, textures.arrayCount());
            textures.load("crate 4", crate, ColorSpace.SRGB);
            assertEquals(1, textures.arrayCount(), "the full array was replaced by one of 8 layers");
            assertEquals(before + 1, liveTextures(), "the array it replaced is deleted");
            textures.load("crate as data", crate, ColorSpace.LINEAR);
            assertEquals(2, textures.arrayCount(), "another colour space is another array");
            assertEquals(64, textures.width(5));
            assertEquals(64, textures.height(5));
            assertEquals(ColorSpace.LINEAR, textures.colorSpace(5));
            assertEquals("crate 4", textures.name(4));
            for (int i = 5; i < 2 * TextureRegistry.FIRST_PAGE_LAYERS + 1; i++) {
                textures.load("crate " + i, crate, ColorSpace.SRGB);
            }
            assertEquals(CRATE.toString(), textures.name(textures.load(CRATE, ColorSpace.SRGB)));
            assertEquals(2, textures.arrayCount(), "the sRGB array grew again, to 16 layers");
            assertEquals(before + 2, liveTextures());
        }
    }

    /**
     * {@value TextureRegistry#MAX_ARRAYS} shapes take every array the shader samples: a texture of one more is refused
     * naming them, with the registry unchanged, while shapes already in use take any number of textures more.
     */
    @Test
    void everyArrayTakenRefusesANewShapeOnly(@TempDir Path dir) {
        try (HeadlessRendering gl = HeadlessRendering.open(32, 32, DrawPath.AUTO)) {
            TextureRegistry textures = gl.renderer.textures();
            for (int width = 1; width <= TextureRegistry.MAX_ARRAYS; width++) {
                textures.load(solid(dir, width, 1, width), ColorSpace.SRGB);
            }
            assertEquals(TextureRegistry.MAX_ARRAYS, textures.arrayCount());
            Path oneMore = solid(dir, TextureRegistry.MAX_ARRAYS + 1, 1, 0);
            IllegalStateException refused = assertThrows(IllegalStateException.class,
                    () -> textures.load(oneMore, ColorSpace.SRGB));
            assertEquals("cannot add texture " + oneMore + " (17x1 SRGB): all 16 texture arrays are taken by 1x1 "
                    + "SRGB, 2x1 SRGB, 3x1 SRGB, 4x1 SRGB, 5x1 SRGB, 6x1 SRGB, 7x1 SRGB, 8x1 SRGB, 9x1 SRGB, "
                    + "10x1 SRGB, 11x1 SRGB, 12x1 SRGB, 13x1 SRGB, 14x1 SRGB, 15x1 SRGB, 16x1 SRGB; use fewer "
                    + "texture sizes",
                    refused.getMessage());
            assertEquals(TextureRegistry.MAX_ARRAYS, textures.count());
            assertThrows(IllegalStateException.class, () -> textures.load(solid(dir, 1, 1, 0), ColorSpace.LINEAR));
            for (int i = 0; i < TextureRegistry.FIRST_PAGE_LAYERS * 2; i++) {
                textures.load(solid(dir, 3, 1, i), ColorSpace.SRGB);
            }
            assertEquals(TextureRegistry.MAX_ARRAYS, textures.arrayCount());
            assertEquals(TextureRegistry.MAX_ARRAYS + TextureRegistry.FIRST_PAGE_LAYERS * 2, textures.count());
        }
    }

    /** A PNG of one colour, {@code width x height}, whose red channel is {@code shade}. */
    private static Path solid(Path dir, int width, int height, int shade) {
        byte[] rgba = new byte[width * height * 4];
        for (int i = 0; i < rgba.length; i += 4) {
            rgba[i] = (byte) shade;
            rgba[i + 3] = (byte) 255;
        }
        Path file = dir.resolve(width + "x" + height + "-" + shade + ".png");
        new Image(width, height, rgba).writePng(file);
        return file;
    }

    @Test
    void eachTextureReadsBackAsLoadedWithThePackStateLeftAsItWas(@TempDir Path dir) {
        try (HeadlessRendering gl = HeadlessRendering.open(32, 32, DrawPath.AUTO)) {
            TextureRegistry textures = gl.renderer.textures();
            // a game's pack alignment, which the growth's read-back and each read-back below put back
            glPixelStorei(GL_PACK_ALIGNMENT, 1);
            byte[][] images = new byte[TextureRegistry.FIRST_PAGE_LAYERS + 2][];
            int[] ids = new int[images.length];
            for (int i = 0; i < images.length; i++) {
                images[i] = new byte[4 * 2 * 4];
                for (int b = 0; b < images[i].length; b++) {
                    images[i][b] = (byte) (31 * i + 7 * b);
                }
                Path file = dir.resolve("image" + i + ".png");
                new Image(4, 2, images[i]).writePng(file);
                // the last one linear, in an array of its own; the sRGB array grew from four layers to eight
                ids[i] = textures.load(file, i == images.length - 1 ? ColorSpace.LINEAR : ColorSpace.SRGB);
            }
            assertEquals(2, textures.arrayCount());
            assertEquals(1, glGetInteger(GL_PACK_ALIGNMENT));
            for (int i = images.length - 1; i >= 0; i--) {
                assertArrayEquals(images[i], textures.pixels(ids[i]), "texture " + i);
            }
            assertEquals(1, glGetInteger(GL_PACK_ALIGNMENT));
            assertThrows(IllegalArgumentException.class, () -> textures.pixels(images.length));
        }
    }

    @Test
    void badImagesAreNamedAndLeaveTheRegistryAsItWas(@TempDir Path dir) throws IOException {
        try (HeadlessRendering gl = HeadlessRendering.open(32, 32, DrawPath.AUTO)) {
            TextureRegistry textures = gl.renderer.textures();
            textures.load(CRATE, ColorSpace.SRGB);
            Path notAnImage = TestScenes.TEXTURES.resolve("not-an-image.png");
            IllegalArgumentException bad = assertThrows(IllegalArgumentException.class,
                    () -> textures.load(notAnImage, ColorSpace.SRGB));
            assertTrue(bad.getMessage().contains(notAnImage.toString())
                    && bad.getMessage().contains("not an image stb_image can decode"), bad.getMessage());
            Path missing = dir.resolve("missing.png");
            IllegalArgumentException unreadable = assertThrows(IllegalArgumentException.class,
                    () -> textures.load(missing, ColorSpace.SRGB));
            assertTrue(unreadable.getMessage().contains("cannot read texture file " + missing),
                    unreadable.getMessage());
            byte[] truncated = Files.readAllBytes(CRATE);
            Path cut = dir.resolve("cut.png");
            Files.write(cut, Arrays.copyOf(truncated, truncated.length / 2));
            IllegalArgumentException corrupt = assertThrows(IllegalArgumentException.class,
                    () -> textures.load(cut, ColorSpace.SRGB));
            assertTrue(corrupt.getMessage().contains(cut.toString()), corrupt.getMessage());
            assertThrows(IllegalArgumentException.class, () -> textures.load("x", new byte[0], ColorSpace.SRGB));
            assertThrows(IllegalArgumentException.class, () -> textures.load(CRATE, null));
            assertEquals(1, textures.count());
            assertEquals(1, textures.arrayCount());
        }
    }

    @Test
    void materialsReferToLoadedTexturesOfTheRightColourSpace() {
        try (HeadlessRendering gl = HeadlessRendering.open(32, 32, DrawPath.AUTO)) {
            MaterialRegistry materials = gl.renderer.materials();
            int color = gl.renderer.textures().load(CRATE, ColorSpace.SRGB);
            int data = gl.renderer.textures().load(TestScenes.TEXTURES.resolve("bumps-normal.png"),
                    ColorSpace.LINEAR);
            Material white = Material.color(1, 1, 1);
            IllegalArgumentException unknown = assertThrows(IllegalArgumentException.class,
                    () -> materials.add(white.withBaseColorTexture(7)));
            assertTrue(unknown.getMessage().contains("base colour texture id 7 is not registered"),
                    unknown.getMessage());
            IllegalArgumentException asNormal = assertThrows(IllegalArgumentException.class,
                    () -> materials.add(white.withNormalTexture(color)));
            assertTrue(asNormal.getMessage().contains(CRATE + " was loaded as SRGB; normal textures must be LINEAR"),
                    asNormal.getMessage());
            IllegalArgumentException asEmissive = assertThrows(IllegalArgumentException.class,
                    () -> materials.add(white.withEmissiveTexture(data)));
            assertTrue(asEmissive.getMessage().contains("was loaded as LINEAR; emissive textures must be SRGB"),
                    asEmissive.getMessage());
            assertEquals(0, materials.count());
            int ok = materials.add(white.withBaseColorTexture(color).withNormalTexture(data));
            assertThrows(IllegalArgumentException.class, () -> materials.set(ok, white.withEmissiveTexture(data)));
            assertEquals(white.withBaseColorTexture(color).withNormalTexture(data), materials.get(ok));
        }
    }

    /** The renderer's close deletes every texture array: GL no longer knows their names. */
    @Test
    void closeDeletesEveryArray() {
        try (HeadlessRendering gl = HeadlessRendering.open(32, 32, DrawPath.AUTO)) {
            int before = liveTextures();
            Renderer second = new Renderer(RendererConfig.defaults());
            second.textures().load(CRATE, ColorSpace.SRGB);
            second.textures().load(TestScenes.TEXTURES.resolve("tiles.png"), ColorSpace.SRGB);
            second.textures().load(TestScenes.TEXTURES.resolve("bumps-normal.png"), ColorSpace.LINEAR);
            assertEquals(before + 3, liveTextures());
            second.close();
            assertEquals(before, liveTextures());
            assertEquals(0, gl.renderer.textures().count(), "the other renderer's textures are its own");
        }
    }

    private static int liveTextures() {
        int live = 0;
        for (int name = 1; name < 4096; name++) {
            live += glIsTexture(name) ? 1 : 0;
        }
        return live;
    }
}
