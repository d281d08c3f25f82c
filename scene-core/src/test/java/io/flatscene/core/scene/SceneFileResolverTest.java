package io.flatscene.core.scene;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A name resolver that knows no name, on either side of a scene file (a map's {@code get} unboxing the null of a
 * missing entry, a registry refusing an id or a name), refuses the save or the load with a {@link SceneFileException}
 * naming the entry and the file, and leaves nothing behind: no file written, no scene built.
 */
class SceneFileResolverTest {
    private static final Map<String, Integer> MESH_IDS = Map.of("crate", 30, "barrel", 40);
    private static final Map<String, Integer> MATERIAL_IDS = Map.of("steel", 70);

    /** Items on meshes 3 and 4 and material 7, saved with the names crate, barrel and steel. */
    private static Path savedNamed(Path dir) throws IOException {
        Path file = dir.resolve("named.fscene");
        try (SceneManager scene = scene()) {
            SceneFiles.save(scene, file, Map.of(3, "crate", 4, "barrel")::get, Map.of(7, "steel")::get);
        }
        return file;
    }

    private static SceneManager scene() {
        SceneManager scene = new SceneManager(SceneFileScenes.config());
        Aabb box = Aabb.ofMinMax(-1, -1, -1, 1, 1, 1);
        scene.rootNode().createChild("a").attachObject(scene.createItem(3, 7, box));
        scene.rootNode().createChild("b").attachObject(scene.createItem(4, 7, box));
        return scene;
    }

    private static String knownOnly(int id, int known, String name) {
        if (id != known) {
            throw new IllegalArgumentException("id " + id + " is not registered");
        }
        return name;
    }

    private static List<Path> listing(Path dir) throws IOException {
        try (Stream<Path> files = Files.list(dir)) {
            return files.sorted().toList();
        }
    }

    @Test
    void aMapResolverWithoutTheNameRefusesTheLoadNamingIt(@TempDir Path dir) throws IOException {
        Path file = savedNamed(dir);
        Map<String, Integer> cratesOnly = Map.of("crate", 30);
        SceneFileException refused = assertThrows(SceneFileException.class,
                () -> SceneFiles.load(file, SceneFileScenes.config(), cratesOnly::get, MATERIAL_IDS::get));
        assertTrue(refused.getMessage().startsWith("scene file " + file + ": "), refused.getMessage());
        assertTrue(refused.getMessage().contains("mesh 'barrel' (id 4 when saved) is unknown here"),
                refused.getMessage());
        assertInstanceOf(NullPointerException.class, refused.getCause().getCause());

        try (SceneManager loaded = SceneFiles.load(file, SceneFileScenes.config(), MESH_IDS::get,
                MATERIAL_IDS::get)) {
            loaded.validate();
            assertEquals(40, ((Item) loaded.rootNode().child(1).attachedObject(0)).meshId(),
                    "the refusal changed nothing: the same file loads with a resolver that knows every name");
        }
    }

    @Test
    void aResolverThatRefusesANameRefusesTheLoadNamingIt(@TempDir Path dir) throws IOException {
        Path file = savedNamed(dir);
        SceneFileException refused = assertThrows(SceneFileException.class,
                () -> SceneFiles.load(file, SceneFileScenes.config(), MESH_IDS::get, name -> {
                    throw new IllegalArgumentException("no material is named '" + name + "'");
                }));
        assertTrue(refused.getMessage().contains("scene file " + file + ": material 'steel' (id 7 when saved) is "
                + "unknown here: the resolver threw java.lang.IllegalArgumentException: no material is named "
                + "'steel'"), refused.getMessage());
    }

    @Test
    void aResolverThatRefusesAnIdRefusesTheSaveAndWritesNothing(@TempDir Path dir) throws IOException {
        Path file = dir.resolve("level.fscene");
        Files.write(file, new byte[] {1, 2, 3});
        try (SceneManager scene = scene()) {
            SceneFileException refused = assertThrows(SceneFileException.class, () -> SceneFiles.save(scene, file,
                    id -> knownOnly(id, 3, "crate"), Map.of(7, "steel")::get));
            assertEquals("scene file " + file + ": mesh id 4, which the scene's items use, has no name: the resolver "
                    + "threw java.lang.IllegalArgumentException: id 4 is not registered", refused.getMessage());
            assertInstanceOf(IllegalArgumentException.class, refused.getCause().getCause());

            refused = assertThrows(SceneFileException.class, () -> SceneFiles.save(scene, file,
                    Map.of(3, "crate", 4, "barrel")::get, id -> knownOnly(id, 8, "glass")));
            assertTrue(refused.getMessage().contains("material id 7, which the scene's items use, has no name"),
                    refused.getMessage());

            assertArrayEquals(new byte[] {1, 2, 3}, Files.readAllBytes(file), "the earlier file is left whole");
            assertEquals(List.of(file), listing(dir), "no partial file is left beside it");
            scene.validate();
            SceneFiles.save(scene, file, Map.of(3, "crate", 4, "barrel")::get, Map.of(7, "steel")::get);
        }
        try (SceneManager loaded = SceneFiles.load(file, SceneFileScenes.config(), MESH_IDS::get,
                MATERIAL_IDS::get)) {
            loaded.validate();
            assertEquals(2, loaded.itemCount());
        }
    }
}
