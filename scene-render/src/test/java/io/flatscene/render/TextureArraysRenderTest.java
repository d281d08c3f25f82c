package io.flatscene.render;

import io.flatscene.core.config.SceneConfig;
import io.flatscene.core.scene.Camera;
import io.flatscene.core.scene.SceneManager;
import io.flatscene.core.scene.Space;
import io.flatscene.render.image.Image;
import java.nio.file.Path;
import org.joml.Vector3f;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Every texture array the shader samples draws, past the first eight, and so does an array that grew while its
 * earlier textures were in use: each cube of a 5 x 4 grid shows its own texture of one colour, on both draw paths.
 */
class TextureArraysRenderTest {
    private static final int WIDTH = 200;
    private static final int HEIGHT = 160;
    /** Shapes 1x1 to 15x1 take fifteen arrays; the 1x1 array takes five textures more and grows to eight layers. */
    private static final int SHAPES = TextureRegistry.MAX_ARRAYS - 1;
    private static final int CUBES = 20;

    @ParameterizedTest
    @EnumSource(value = DrawPath.class, names = {"MULTI_DRAW_INDIRECT", "INSTANCED"})
    void eachCubeShowsItsOwnArrayAndLayer(DrawPath path, @TempDir Path dir) {
        try (HeadlessRendering gl = HeadlessRendering.open(WIDTH, HEIGHT, path)) {
            SceneManager scene = new SceneManager(SceneConfig.builder().validation(true).build());
            int cube = gl.renderer.meshes().add(Meshes.cube(1.2f));
            Vector3f[] faces = new Vector3f[CUBES];
            int[] colors = new int[CUBES];
            for (int i = 0; i < CUBES; i++) {
                int width = i < SHAPES ? i + 1 : 1;
                colors[i] = color(i);
                int texture = gl.renderer.textures().load(solid(dir, width, i), ColorSpace.SRGB);
                // black, with the texture as emission: the pixel is the texel, whatever the light
                int material = gl.renderer.materials().add(Material.color(0f, 0f, 0f).withEmission(1f)
                        .withEmissiveTexture(texture));
                float x = (i % 5) * 2f - 4f;
                float y = (i / 5) * 2f - 3f;
                scene.rootNode().createChild("cube " + i).setPosition(x, y, 0f).attachObject(
                        scene.createItem(cube, material, gl.renderer.meshes().bounds(cube)));
                faces[i] = new Vector3f(x, y, 0.6f);
            }
            assertEquals(SHAPES, gl.renderer.textures().arrayCount());
            Camera camera = scene.createCamera("eye").setPerspective((float) Math.toRadians(50), 0.5f, 100f)
                    .setViewport(WIDTH, HEIGHT);
            scene.rootNode().createChild("eye").setPosition(0f, 0f, 13f).lookAt(new Vector3f(), Space.PARENT)
                    .attachObject(camera);

            RenderStats stats = gl.renderer.render(scene, camera, gl.target);
            assertEquals(0, stats.glErrors());
            assertEquals(CUBES, stats.instances());
            Image image = Image.read(gl.target);
            Vector3f at = new Vector3f();
            for (int i = 0; i < CUBES; i++) {
                camera.project(faces[i], at);
                int pixel = image.rgba(Math.round(at.x), Math.round(at.y));
                assertTrue(near(pixel >>> 8, colors[i]), "cube " + i + " shows " + Integer.toHexString(pixel >>> 8)
                        + ", its texture is " + Integer.toHexString(colors[i]));
            }
            scene.close();
        }
    }

    /** A distinct colour for each cube, as 0xRRGGBB. */
    private static int color(int i) {
        return ((i * 53 + 20) % 256) << 16 | ((i * 97 + 40) % 256) << 8 | (i * 151 + 80) % 256;
    }

    private static Path solid(Path dir, int width, int i) {
        int color = color(i);
        byte[] rgba = new byte[width * 4];
        for (int p = 0; p < rgba.length; p += 4) {
            rgba[p] = (byte) (color >>> 16);
            rgba[p + 1] = (byte) (color >>> 8);
            rgba[p + 2] = (byte) color;
            rgba[p + 3] = (byte) 255;
        }
        Path file = dir.resolve("texture" + i + ".png");
        new Image(width, 1, rgba).writePng(file);
        return file;
    }

    /** Whether two 0xRRGGBB colours differ by at most 3 in every channel: the rounding of an sRGB round trip. */
    private static boolean near(int a, int b) {
        for (int shift = 0; shift < 24; shift += 8) {
            if (Math.abs((a >>> shift & 0xFF) - (b >>> shift & 0xFF)) > 3) {
                return false;
            }
        }
        return true;
    }
}
