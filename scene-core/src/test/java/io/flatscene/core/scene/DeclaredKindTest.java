package io.flatscene.core.scene;

import io.flatscene.core.config.SceneConfig;
import io.flatscene.core.scene.file.SceneFileCodec;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.zip.CRC32C;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A kind declared by the tests alone ({@link MarkerKind}) lives in a scene as the built-in kinds do: created,
 * attached, destroyed with its node, validated, closed, saved and loaded, with no line of its own in the scene, its
 * nodes, the scene-file codec or the configuration.
 */
class DeclaredKindTest {
    @TempDir
    Path dir;

    private final SceneConfig config = SceneConfig.builder().maxNodes(16).validation(true).build();
    private final SceneManager scene = new SceneManager(config, List.of(MarkerKind.DECLARATION));
    private final MarkerKind markers = scene.kinds().get(MarkerKind.class);

    @AfterEach
    void close() {
        scene.close();
    }

    @Test
    void markersGrowPastTheirCapacityAndGoWithTheirNode() {
        SceneNode holder = scene.rootNode().createChild("holder");
        SceneNode other = scene.rootNode().createChild("other");
        Marker[] made = new Marker[MarkerKind.CAPACITY + 2];
        for (int i = 0; i < made.length; i++) {
            made[i] = markers.create("m" + i, i + 0.5f);
            (i % 2 == 0 ? holder : other).attachObject(made[i]);
        }
        assertEquals(made.length, markers.store.size());
        scene.destroySceneNode(holder);
        for (int i = 0; i < made.length; i++) {
            assertEquals(i % 2 != 0, made[i].isAlive(), made[i].describe());
        }
        assertEquals(made.length / 2, markers.store.size());
        for (int i = 1; i < made.length; i += 2) {
            assertEquals(i + 0.5f, made[i].weight(), made[i].describe());
            assertSame(made[i], markers.store.find(made[i].handle()));
        }
        scene.validate();
    }

    @Test
    void aMarkerHandleIsNoOtherKindsAndTheTagsAreItsOwn() {
        Marker marker = markers.create("m", 1f);
        Item item = scene.createItem("i", 0, 0, new Aabb(0f, 0f, 0f, 1f, 1f, 1f));
        marker.setTag(7L);
        item.setTag(9L);
        assertNotEquals(marker.handle(), item.handle());
        assertTrue(scene.findItem(marker.handle()).isEmpty());
        assertNull(markers.store.find(item.handle()));
        assertEquals(7L, marker.tag());
        assertEquals(9L, item.tag());
        assertEquals("marker", marker.describe().substring(0, "marker".length()));
    }

    @Test
    void validationNamesAMarkerItsNodeDoesNotList() {
        SceneNode node = scene.rootNode().createChild("n");
        Marker marker = markers.create("m", 1f);
        marker.parentNode = node;
        String message = assertThrows(IllegalStateException.class, scene::validate).getMessage();
        assertTrue(message.contains(marker.describe() + " names " + node.describe() + " as its node but is not in "
                + "its attachment list"), message);
        marker.parentNode = null;
    }

    @Test
    void closingTheSceneEndsItsMarkers() {
        Marker marker = markers.create("m", 1f);
        scene.close();
        assertFalse(marker.isAlive());
        assertEquals(0, markers.store.size());
    }

    @Test
    void markersAreSavedAndLoadedWithTheirNodesWeightsAndTags() throws IOException {
        SceneNode node = scene.rootNode().createChild("holder");
        node.attachObject(markers.create("kept", 2.5f).setWeight(3.25f));
        Marker loose = markers.create("loose", -1f);
        loose.setTag(42L);
        Path file = dir.resolve("markers.fscene");
        SceneFiles.save(scene, file);
        try (SceneManager loaded = SceneFiles.load(file, config, null, null, List.of(MarkerKind.DECLARATION))) {
            MarkerKind loadedMarkers = loaded.kinds().get(MarkerKind.class);
            assertEquals(2, loadedMarkers.store.size());
            Marker kept = loadedMarkers.store.get(0);
            Marker detached = loadedMarkers.store.get(1);
            assertEquals("kept", kept.name());
            assertEquals(3.25f, kept.weight());
            assertEquals("holder", kept.parentNode().name());
            assertEquals("loose", detached.name());
            assertEquals(-1f, detached.weight());
            assertEquals(42L, detached.tag());
            assertNull(detached.parentNode());
            loaded.validate();
        }
    }

    @Test
    void aSceneWithoutMarkersWritesAPlainVersionOneFile() throws IOException {
        scene.rootNode().createChild("n").attachObject(scene.createCamera("c"));
        Path withKind = dir.resolve("declared.fscene");
        SceneFiles.save(scene, withKind);
        try (SceneManager plain = new SceneManager(config)) {
            plain.rootNode().createChild("n").attachObject(plain.createCamera("c"));
            Path without = dir.resolve("plain.fscene");
            SceneFiles.save(plain, without);
            assertEquals(-1L, Files.mismatch(withKind, without));
        }
    }

    @Test
    void aSceneThatDoesNotDeclareMarkersRefusesAFileWithThem() throws IOException {
        markers.create("m", 1f);
        Path file = dir.resolve("markers.fscene");
        SceneFiles.save(scene, file);
        SceneFileException refusal = assertThrows(SceneFileException.class, () -> SceneFiles.load(file, config));
        assertTrue(refusal.getMessage().endsWith("it holds a kind section of 'markers', a kind of object this "
                + "scene does not declare"), refusal.getMessage());
    }

    @Test
    void aMarkerRecordBreakingItsKindsRuleIsRefused() throws IOException {
        markers.create("m", 1f);
        Path file = dir.resolve("markers.fscene");
        SceneFiles.save(scene, file);
        ByteBuffer bytes = ByteBuffer.wrap(Files.readAllBytes(file)).order(ByteOrder.LITTLE_ENDIAN);
        // the one marker's weight sits before its tag, the last 8 bytes
        bytes.putFloat(bytes.capacity() - Long.BYTES - Float.BYTES, Float.NaN);
        CRC32C crc = new CRC32C();
        crc.update(bytes.duplicate().position(SceneFileCodec.HEADER_BYTES));
        bytes.putInt(16, (int) crc.getValue());
        Files.write(file, bytes.array());
        SceneFileException refusal = assertThrows(SceneFileException.class,
                () -> SceneFiles.load(file, config, null, null, List.of(MarkerKind.DECLARATION)));
        assertTrue(refusal.getMessage().endsWith("marker 0 has weight NaN, which must be finite"),
                refusal.getMessage());
    }
}
