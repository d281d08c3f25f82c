package io.flatscene.core.scene;

import io.flatscene.core.config.SceneCapacity;
import io.flatscene.core.config.SceneConfig;
import io.flatscene.core.container.GrowthPolicy;
import io.flatscene.core.container.Index;
import io.flatscene.core.scene.file.ObjectRecords;
import io.flatscene.core.scene.file.SceneImage;
import io.flatscene.core.scene.store.TransformStore;
import java.util.List;

/**
 * Builds a new scene from a scene file's image. The nodes are appended in file order under one structural claim,
 * their values written straight into the transform store (the reader checked them, the static rule included); the
 * new scene's registry holds its root alone and nothing is removed, so each node's global index is its file index,
 * which is how a child or an object finds its node without a table of a million references of its own. The objects
 * are made by their kinds through the public setters, which check their values. Any refusal on the way closes the
 * half-built scene and is rethrown naming the file, so the caller never sees it.
 */
final class SceneRebuild {
    private SceneRebuild() {
    }

    static SceneManager build(String file, SceneImage image, SceneConfig config, List<ObjectKind.Declaration> declared,
                              AssetTables assets) throws SceneFileException {
        checkNodeRoom(file, image.nodeCount, config);
        SceneManager scene = new SceneManager(config, declared);
        int built = 0;
        try {
            checkObjectRoom(file, image, scene.kinds().all());
            boolean claimed = scene.guard().claim("a scene file's nodes");
            try {
                for (; built < image.nodeCount; built++) {
                    node(scene, image, built);
                }
                List<ObjectKind<?>> kinds = scene.kinds().all();
                for (int k = 0; k < kinds.size(); k++) {
                    objects(scene, image.strings, image.objects[k], kinds.get(k), assets);
                }
            } finally {
                scene.guard().release(claimed);
            }
            scene.changes().afterChange();
            return scene;
        } catch (SceneFileException e) {
            scene.close();
            throw e;
        } catch (RuntimeException e) {
            scene.close();
            throw new SceneFileException("scene file " + file + ": " + (built < image.nodeCount ? "node " + built
                    : "an object") + " was refused: " + e.getMessage(), e);
        }
    }

    private static void checkNodeRoom(String file, int nodes, SceneConfig config) throws SceneFileException {
        if (config.growthPolicy() == GrowthPolicy.FAIL && nodes > config.maxNodes()) {
            throw overCapacity(file, nodes, "nodes", SceneCapacity.NODES.key(), config.maxNodes());
        }
    }

    private static void checkObjectRoom(String file, SceneImage image, List<ObjectKind<?>> kinds)
            throws SceneFileException {
        for (int k = 0; k < kinds.size(); k++) {
            ObjectKind<?> kind = kinds.get(k);
            int count = image.objects[k].count();
            if (kind.policy() == GrowthPolicy.FAIL && count > kind.capacity()) {
                throw overCapacity(file, count, kind.format().plural(), kind.capacityKey(), kind.capacity());
            }
        }
    }

    private static SceneFileException overCapacity(String file, int count, String what, String key, int capacity) {
        return new SceneFileException("scene file " + file + ": it holds " + count + " " + what + ", above the "
                + "configured " + key + " = " + capacity + " under growth policy FAIL");
    }

    private static void node(SceneManager scene, SceneImage image, int i) {
        int parent = image.nodeParent[i];
        String name = image.strings[image.nodeName[i]];
        SceneNode node = i == 0 ? scene.rootNode()
                : scene.changes().appendNode(parent == Index.NONE ? null : scene.nodeAt(parent), name);
        TransformStore t = scene.transforms();
        int slot = node.slot;
        float[] position = image.position;
        float[] scale = image.scale;
        float[] orientation = image.orientation;
        t.setPosition(slot, position[3 * i], position[3 * i + 1], position[3 * i + 2]);
        t.setScale(slot, scale[3 * i], scale[3 * i + 1], scale[3 * i + 2]);
        t.setUnitOrientation(slot, orientation[4 * i], orientation[4 * i + 1], orientation[4 * i + 2],
                orientation[4 * i + 3]);
        t.tags()[slot] = image.nodeTag[i];
        int flags = image.nodeFlags[i];
        int inherit = SceneImage.INHERIT_ORIENTATION | SceneImage.INHERIT_SCALE;
        if ((flags & inherit) != inherit) {
            t.setInherit(slot, (flags & SceneImage.INHERIT_ORIENTATION) != 0, (flags & SceneImage.INHERIT_SCALE) != 0);
        }
        if ((flags & SceneImage.HIDDEN) != 0) {
            t.setHidden(slot, true);
        }
        if ((flags & SceneImage.STATIC) != 0) {
            t.setStatic(node.id(), true);
        }
    }

    private static void objects(SceneManager scene, String[] strings, ObjectRecords records, ObjectKind<?> kind,
                                AssetTables assets) {
        for (int i = 0; i < records.count(); i++) {
            MovableObject object = kind.load(records, i, strings[records.names()[i]], assets);
            object.setTag(records.tags()[i]);
            int node = records.nodes()[i];
            if (node != Index.NONE) {
                scene.nodeAt(node).attachObject(object);
            }
        }
    }
}
