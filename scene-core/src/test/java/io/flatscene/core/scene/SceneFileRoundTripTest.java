package io.flatscene.core.scene;

import io.flatscene.core.config.SceneConfig;
import io.flatscene.core.container.GrowthPolicy;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Random scenes saved and loaded compare equal through the public API (every node, its transform bit for bit, the
 * hierarchy and child order, names, flags, tags, objects and their properties, world matrices after an update), and
 * the loaded scene passes {@code validate()}. Mesh and material names survive a change of ids.
 */
class SceneFileRoundTripTest {

    @Property(tries = 150)
    void savedAndLoadedScenesCompareEqual(@ForAll long seed, @ForAll @IntRange(min = 0, max = 60) int size)
            throws IOException {
        Path file = Files.createTempFile("flatscene-roundtrip", ".fscene");
        try (SceneManager saved = SceneFileScenes.random(seed, size)) {
            SceneFiles.save(saved, file);
            try (SceneManager loaded = SceneFiles.load(file, SceneFileScenes.config())) {
                loaded.validate();
                SceneFileScenes.assertSameScene(saved, loaded);
                Path again = Files.createTempFile("flatscene-roundtrip", ".fscene");
                SceneFiles.save(loaded, again);
                assertTrue(Arrays.equals(Files.readAllBytes(file), Files.readAllBytes(again)),
                        "a loaded scene saves to the same bytes");
                Files.delete(again);
            }
        } finally {
            Files.delete(file);
        }
    }

    @Test
    void namedMeshesAndMaterialsAreResolvedToThisRunsIds(@TempDir Path dir) throws IOException {
        Path file = dir.resolve("named.fscene");
        try (SceneManager saved = new SceneManager(SceneFileScenes.config())) {
            Aabb box = Aabb.ofMinMax(-1, -1, -1, 1, 1, 1);
            saved.rootNode().createChild("a").attachObject(saved.createItem(3, 7, box));
            saved.rootNode().createChild("b").attachObject(saved.createItem(4, 7, box));
            // mesh 4 has no name: its id is kept whatever the resolver says
            SceneFiles.save(saved, file, id -> id == 3 ? "crate" : null, id -> "steel");
        }
        try (SceneManager loaded = SceneFiles.load(file, SceneFileScenes.config(),
                name -> name.equals("crate") ? 30 : -1, name -> name.equals("steel") ? 70 : -1)) {
            assertEquals(30, ((Item) loaded.rootNode().child(0).attachedObject(0)).meshId());
            assertEquals(4, ((Item) loaded.rootNode().child(1).attachedObject(0)).meshId());
            assertEquals(70, ((Item) loaded.rootNode().child(0).attachedObject(0)).materialId());
        }
        try (SceneManager loaded = SceneFiles.load(file, SceneFileScenes.config())) {
            assertEquals(3, ((Item) loaded.rootNode().child(0).attachedObject(0)).meshId());
        }
        SceneFileException unknown = assertThrows(SceneFileException.class, () -> SceneFiles.load(file,
                SceneFileScenes.config(), name -> -1, name -> 1));
        assertTrue(unknown.getMessage().contains("mesh 'crate' (id 3 when saved) is unknown here"),
                unknown.getMessage());
    }

    @Test
    void aFileLargerThanAFailConfigIsRefusedAndAGrowingOneLoads(@TempDir Path dir) throws IOException {
        Path file = dir.resolve("big.fscene");
        try (SceneManager saved = SceneFileScenes.random(5, 60)) {
            SceneFiles.save(saved, file);
            SceneConfig small = SceneConfig.builder().maxNodes(8).growthPolicy(GrowthPolicy.FAIL).build();
            SceneFileException refused = assertThrows(SceneFileException.class, () -> SceneFiles.load(file, small));
            assertTrue(refused.getMessage().contains("above the configured flatscene.maxNodes = 8 under growth "
                    + "policy FAIL"), refused.getMessage());
            try (SceneManager loaded = SceneFiles.load(file, small.toBuilder()
                    .growthPolicy(GrowthPolicy.ON_DEMAND).build())) {
                SceneFileScenes.assertSameScene(saved, loaded);
            }
        }
    }
}
