package io.flatscene.assets;

import io.flatscene.core.config.SceneConfig;
import io.flatscene.core.scene.Aabb;
import io.flatscene.core.scene.Item;
import io.flatscene.core.scene.SceneManager;
import io.flatscene.core.scene.SceneNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.joml.Matrix4f;
import org.joml.Quaternionf;
import org.joml.Vector3f;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.lwjgl.assimp.AIScene;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.lwjgl.assimp.Assimp.aiGetErrorString;
import static org.lwjgl.assimp.Assimp.aiImportFile;
import static org.lwjgl.assimp.Assimp.aiReleaseImport;

/**
 * The exported glTF read back through Assimp and the samples' model reader: the same nodes in the same order (the
 * scene's nodes depth first, each node's items after its children), names, local matrices within float rounding of
 * Assimp's decomposition, and a cube over each item's bounds.
 */
class SceneGltfExportTest {
    private static final float TOLERANCE = 1e-5f;

    @Test
    void assimpReadsBackTheNodesTransformsAndItemBoxes(@TempDir Path dir) throws IOException {
        Path file = dir.resolve("scene.gltf");
        List<Object> expected = new ArrayList<>();
        try (SceneManager scene = new SceneManager(SceneConfig.builder().maxNodes(32).maxItems(8).build())) {
            SceneNode root = scene.rootNode();
            SceneNode ship = root.createChild("ship \"one\"").setPosition(1, 2, 3)
                    .setOrientation(new Quaternionf().rotateXYZ(0.3f, -1.1f, 0.2f)).setScale(2, 2, 0.5f);
            SceneNode turret = ship.createChild("turret").setPosition(0, 1.5f, -0.25f).setScale(1, -1, 1);
            turret.attachObject(scene.createItem("barrel", 4, 2, Aabb.ofMinMax(-0.1f, -0.1f, -1, 0.1f, 0.1f, 0)));
            ship.attachObject(scene.createItem("hull", 3, 1, Aabb.ofMinMax(-1, -0.5f, -2, 1, 0.5f, 2)));
            root.createChild("rock").setPosition(-5, 0, 1e-3f);
            scene.createSceneNode("detached, not exported");
            SceneGltfExport.write(scene, file);
            expected.addAll(List.of(root, ship, turret, turret.attachedObject(0), ship.attachedObject(0),
                    root.child(1)));
            assertTrue(Files.exists(dir.resolve("scene.bin")));
            List<ModelData.Node> nodes = readBack(file);
            assertEquals(expected.size(), nodes.size(), "nodes read back");
            for (int i = 0; i < nodes.size(); i++) {
                ModelData.Node read = nodes.get(i);
                if (expected.get(i) instanceof SceneNode node) {
                    assertEquals(node.name(), read.name());
                    // the local matrix, not its factors: a negative scale may come back as another sign and rotation
                    Matrix4f local = new Matrix4f().translationRotateScale(node.getPosition(new Vector3f()),
                            node.getOrientation(new Quaternionf()), node.getScale(new Vector3f()));
                    Matrix4f readBack = new Matrix4f().translationRotateScale(read.translation(), read.rotation(),
                            read.scale());
                    assertTrue(local.equals(readBack, TOLERANCE * 10), node.name() + ": " + local + " read back as "
                            + readBack);
                    assertEquals(0, read.meshes().length, node.name());
                    assertEquals(expected.indexOf(node.parent()), read.parent(), node.name());
                } else {
                    Item item = (Item) expected.get(i);
                    Aabb box = item.localAabb();
                    assertEquals(item.name(), read.name());
                    assertVector(new Vector3f(box.centerX(), box.centerY(), box.centerZ()), read.translation(),
                            item.name());
                    assertVector(new Vector3f(box.halfX(), box.halfY(), box.halfZ()), read.scale(), item.name());
                    assertArrayEquals(new int[] {0}, read.meshes(), item.name());
                    assertEquals(expected.indexOf(item.parentNode()), read.parent(), item.name());
                }
            }
        }
    }

    @Test
    void aFileNameOtherThanGltfIsRefused(@TempDir Path dir) {
        try (SceneManager scene = new SceneManager(SceneConfig.builder().maxNodes(4).build())) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> SceneGltfExport.write(scene, dir.resolve("scene.glb")));
            assertTrue(e.getMessage().contains("must end in .gltf"), e.getMessage());
        }
    }

    private static void assertVector(Vector3f expected, Vector3f actual, String what) {
        assertTrue(expected.equals(actual, TOLERANCE * Math.max(1f, expected.length())),
                what + ": " + expected + " read back as " + actual);
    }

    private static List<ModelData.Node> readBack(Path file) {
        return ImportThread.call(() -> {
            AIScene imported = aiImportFile(file.toString(), 0);
            if (imported == null) {
                throw new AssertionError("Assimp could not read the export: " + aiGetErrorString());
            }
            try {
                return ModelReader.read(file.toString(), "export", imported, file.getParent()).nodes();
            } finally {
                aiReleaseImport(imported);
            }
        });
    }
}
