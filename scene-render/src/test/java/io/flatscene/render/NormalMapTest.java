package io.flatscene.render;

import io.flatscene.core.config.SceneConfig;
import io.flatscene.core.scene.Camera;
import io.flatscene.core.scene.Light;
import io.flatscene.core.scene.SceneManager;
import io.flatscene.core.scene.Space;
import io.flatscene.render.image.Image;
import io.flatscene.render.testing.GoldenImages;
import org.joml.Vector3f;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A normal map bends the light the same way whether the mesh brings tangents or the shader derives its frame from
 * screen-space derivatives, and it does bend it: a bumpy plane differs from a flat one.
 */
class NormalMapTest {
    private static final int SIZE = 96;

    @ParameterizedTest
    @EnumSource(value = DrawPath.class, names = {"MULTI_DRAW_INDIRECT", "INSTANCED"})
    void derivedTangentFramesMatchTheMeshsTangents(DrawPath path) {
        try (HeadlessRendering gl = HeadlessRendering.open(SIZE, SIZE, path)) {
            int bumps = gl.renderer.textures().load(TestScenes.TEXTURES.resolve("bumps-normal.png"),
                    ColorSpace.LINEAR);
            Mesh withTangents = Meshes.plane(4f, 4f);
            Mesh without = new Mesh("plane without tangents", withTangents.positions(), withTangents.normals(),
                    withTangents.uvs(), withTangents.indices());
            Material bumpy = Material.color(0.8f, 0.8f, 0.8f).withNormalTexture(bumps).withSpecular(0f, 1f);
            Image tangents = draw(gl, withTangents, bumpy);
            Image derived = draw(gl, without, bumpy);
            Image flat = draw(gl, withTangents, Material.color(0.8f, 0.8f, 0.8f).withSpecular(0f, 1f));
            int differing = differing(tangents, derived);
            assertTrue(differing <= SIZE * SIZE / 100, differing + " pixels differ between the two frames");
            assertTrue(differing(tangents, flat) > SIZE * SIZE / 10, "the normal map changes nothing");
        }
    }

    /** The plane seen from above, lit from the side (+X) so that bumps show bright and dark halves. */
    private static Image draw(HeadlessRendering gl, Mesh mesh, Material material) {
        try (SceneManager scene = new SceneManager(SceneConfig.builder().validation(true).build())) {
            gl.renderer.setAmbient(0.1f, 0.1f, 0.1f);
            int meshId = gl.renderer.meshes().add(mesh);
            int materialId = gl.renderer.materials().add(material);
            scene.rootNode().createChild().attachObject(scene.createItem(meshId, materialId,
                    gl.renderer.meshes().bounds(meshId)));
            Light sun = scene.createLight("sun", Light.Type.DIRECTIONAL).setColor(1f, 1f, 1f);
            scene.rootNode().createChild("sun").lookAt(new Vector3f(-1f, -0.4f, 0f), Space.PARENT)
                    .attachObject(sun);
            Camera camera = scene.createCamera("eye").setPerspective(1f, 0.5f, 50f).setViewport(SIZE, SIZE);
            scene.rootNode().createChild("eye").setPosition(0, 5, 0.01f).lookAt(new Vector3f(), Space.PARENT)
                    .attachObject(camera);
            RenderStats stats = gl.renderer.render(scene, camera, gl.target);
            assertEquals(0, stats.glErrors());
            return Image.read(gl.target);
        }
    }

    private static int differing(Image a, Image b) {
        int count = 0;
        for (int y = 0; y < a.height(); y++) {
            for (int x = 0; x < a.width(); x++) {
                count += GoldenImages.worstChannelDifference(a.rgba(x, y), b.rgba(x, y))
                        > GoldenImages.CHANNEL_TOLERANCE ? 1 : 0;
            }
        }
        return count;
    }
}
