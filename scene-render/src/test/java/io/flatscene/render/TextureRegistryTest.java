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
    void texturesOfOneShapeShareArraysThatDoubleWhenFull() throws IOException {
        try (HeadlessRendering gl = HeadlessRendering.open(32, 32, DrawPath.AUTO)) {
            TextureRegistry textures = gl.renderer.textures();
            byte[] crate = Files.readAllBytes(CRATE);
            for (int i = 0; i < TextureRegistry.FIRST_PAGE_LAYERS; i++) {
                assertEquals(i, textures.load("crate " + i, crate, ColorSpace.SRGB));
            }
            assertEquals(1, textures.arrayCount());
            textures.load("crate 4", crate, ColorSpace.SRGB);
            assertEquals(2, textures.arrayCount(), "the first array is full: a second, of 8 layers");
            textures.load("crate as data", crate, ColorSpace.LINEAR);
            assertEquals(3, textures.arrayCount(), "another colour space is another array");
            assertEquals(64, textures.width(5));
            assertEquals(64, textures.height(5));
            assertEquals(ColorSpace.LINEAR, textures.colorSpace(5));
            assertEquals("crate 4", textures.name(4));
            assertEquals(CRATE.toString(), textures.name(textures.load(CRATE, ColorSpace.SRGB)));
            assertEquals(3, textures.arrayCount(), "the second array still has room");
        }
    }

    @Test
    void eachTextureReadsBackAsLoadedWithThePackStateLeftAsItWas(@TempDir Path dir) {
        try (HeadlessRendering gl = HeadlessRendering.open(32, 32, DrawPath.AUTO)) {
            TextureRegistry textures = gl.renderer.textures();
            byte[][] images = new byte[TextureRegistry.FIRST_PAGE_LAYERS + 2][];
            int[] ids = new int[images.length];
            for (int i = 0; i < images.length; i++) {
                images[i] = new byte[4 * 2 * 4];
                for (int b = 0; b < images[i].length; b++) {
                    images[i][b] = (byte) (31 * i + 7 * b);
                }
                Path file = dir.resolve("image" + i + ".png");
                new Image(4, 2, images[i]).writePng(file);
                // the last one linear: a third array, the first two of four and of eight layers
                ids[i] = textures.load(file, i == images.length - 1 ? ColorSpace.LINEAR : ColorSpace.SRGB);
            }
            assertEquals(3, textures.arrayCount());
            glPixelStorei(GL_PACK_ALIGNMENT, 1);
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
