package io.flatscene.render;

import io.flatscene.core.config.SceneConfig;
import io.flatscene.core.scene.Item;
import io.flatscene.core.scene.SceneFileException;
import io.flatscene.core.scene.SceneFiles;
import io.flatscene.core.scene.SceneManager;
import java.io.IOException;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;
import org.junit.jupiter.api.io.TempDir;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The registries' names: {@code nameOf} and {@code idOf} are inverses, refuse what they cannot answer naming it, and
 * serve as a scene file's resolvers the way the README calls them.
 */
class RegistryNamesTest {
    private static final Material RED = Material.color(0.9f, 0.2f, 0.2f);
    private static final Material BLUE = Material.color(0.2f, 0.3f, 0.9f);

    private static void assertRefused(String expected, Executable call) {
        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class, call);
        assertEquals(expected, refused.getMessage());
    }

    @Test
    void meshNamesAndIdsAreInverses() {
        try (HeadlessRendering gl = HeadlessRendering.open(16, 16, DrawPath.INSTANCED)) {
            MeshRegistry meshes = gl.renderer.meshes();
            int cube = meshes.add(Meshes.cube(1f));
            int plane = meshes.add(Meshes.plane(2f, 2f));
            assertEquals(Meshes.cube(1f).name(), meshes.nameOf(cube));
            assertEquals(cube, meshes.idOf(meshes.nameOf(cube)));
            assertEquals(plane, meshes.idOf(meshes.nameOf(plane)));
            assertRefused("mesh id 2 is not registered (registry holds 2 meshes)", () -> meshes.nameOf(2));
            assertRefused("no mesh is named 'hull' (the registry holds 2 meshes)", () -> meshes.idOf("hull"));
            assertRefused("no mesh is named 'null' (the registry holds 2 meshes)", () -> meshes.idOf(null));

            int again = meshes.add(Meshes.cube(1f));
            String name = meshes.get(again).name();
            String shared = "meshes [" + cube + ", " + again + "] all have it; give meshes distinct names to find them "
                    + "by name";
            assertRefused("mesh name '" + name + "' is ambiguous: " + shared, () -> meshes.idOf(name));
            assertRefused("mesh id " + cube + " cannot be named '" + name + "': " + shared, () -> meshes.nameOf(cube));
            assertEquals(plane, meshes.idOf(meshes.nameOf(plane)), "other names still resolve");
        }
    }

    @Test
    void materialNamesAndIdsAreInverses() {
        try (HeadlessRendering gl = HeadlessRendering.open(16, 16, DrawPath.INSTANCED)) {
            MaterialRegistry materials = gl.renderer.materials();
            int unnamed = materials.add(RED);
            int steel = materials.add("steel", BLUE);
            assertEquals("steel", materials.nameOf(steel));
            assertEquals(steel, materials.idOf("steel"));
            materials.set(steel, RED);
            assertEquals(steel, materials.idOf("steel"), "an id keeps its name when its material is replaced");
            assertRefused("material id " + unnamed + " was added without a name; add it with add(name, material) to "
                    + "know it by name", () -> materials.nameOf(unnamed));
            assertRefused("material id 5 is not registered (registry holds 2 materials)", () -> materials.nameOf(5));
            assertRefused("no material is named 'glass' (the registry holds 1 named of 2 materials)",
                    () -> materials.idOf("glass"));
            assertRefused("material name 'steel' is taken by material id " + steel, () -> materials.add("steel", RED));
            assertRefused("material name must not be blank", () -> materials.add(" ", RED));
            assertEquals(2, materials.count(), "a refused add adds nothing");
        }
    }

    /**
     * The README's calls: a scene saved with one renderer's names loads into another run that registered the same
     * meshes and materials in another order, each item on the same mesh and material by name; a name this run lacks
     * refuses the load naming it.
     */
    @Test
    void theRegistriesResolveASceneFileAcrossRegistrationOrders(@TempDir Path dir) throws IOException {
        Path file = dir.resolve("level1.fscene");
        SceneConfig config = SceneConfig.builder().validation(true).build();
        try (HeadlessRendering gl = HeadlessRendering.open(16, 16, DrawPath.INSTANCED)) {
            Renderer later = new Renderer(RendererConfig.builder().drawPath(DrawPath.INSTANCED).build());
            try {
                MeshRegistry meshes = gl.renderer.meshes();
                MaterialRegistry materials = gl.renderer.materials();
                int cube = meshes.add(Meshes.cube(1f));
                int plane = meshes.add(Meshes.plane(4f, 4f));
                int red = materials.add("red", RED);
                int blue = materials.add("blue", BLUE);
                try (SceneManager scene = new SceneManager(config)) {
                    scene.rootNode().createChild("box").attachObject(scene.createItem(cube, blue,
                            meshes.bounds(cube)));
                    scene.rootNode().createChild("floor").attachObject(scene.createItem(plane, red,
                            meshes.bounds(plane)));
                    SceneFiles.save(scene, file, meshes::nameOf, materials::nameOf);
                }

                MeshRegistry laterMeshes = later.meshes();
                MaterialRegistry laterMaterials = later.materials();
                laterMaterials.add("blue", BLUE);
                SceneFileException unknown = assertThrows(SceneFileException.class,
                        () -> SceneFiles.load(file, config, laterMeshes::idOf, laterMaterials::idOf));
                assertTrue(unknown.getMessage().contains(": mesh '" + Meshes.cube(1f).name() + "' (id " + cube
                        + " when saved) is unknown here"), unknown.getMessage());

                int laterPlane = laterMeshes.add(Meshes.plane(4f, 4f));
                int laterCube = laterMeshes.add(Meshes.cube(1f));
                int laterRed = laterMaterials.add("red", RED);
                try (SceneManager level = SceneFiles.load(file, config, laterMeshes::idOf, laterMaterials::idOf)) {
                    level.validate();
                    Item box = (Item) level.findNodeByName("box").orElseThrow().attachedObject(0);
                    Item floor = (Item) level.findNodeByName("floor").orElseThrow().attachedObject(0);
                    assertEquals(laterCube, box.meshId());
                    assertEquals(laterMaterials.idOf("blue"), box.materialId());
                    assertEquals(laterPlane, floor.meshId());
                    assertEquals(laterRed, floor.materialId());
                }
            } finally {
                later.close();
            }
        }
    }
}
