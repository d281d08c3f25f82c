package io.flatscene.core.scene;

import io.flatscene.core.container.Index;
import io.flatscene.core.layout.LaneBlocks;
import io.flatscene.core.scene.file.FileFormatException;
import io.flatscene.core.scene.file.KindFormat;
import io.flatscene.core.scene.file.ObjectRecords;
import io.flatscene.core.scene.file.SceneImage;
import io.flatscene.core.scene.store.TransformStore;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.IntFunction;

/**
 * Captures a scene as its file's image. Nodes come parents first, level by level from the root and then from each
 * detached node, each parent's children in their child-list order: a parent's index is below its children's, which
 * rules out cycles, and building in that order appends every node to the last band of the transform store. Objects
 * come in their nodes' order, each node's in its attachment order, detached ones last in their store's order.
 */
final class SceneCapture {
    private final SceneManager scene;
    private final SceneImage image = new SceneImage();
    private final AssetTables assets = AssetTables.forSave();
    private final List<String> strings = new ArrayList<>(List.of(""));
    private final Map<String, Integer> stringIndex = new HashMap<>(Map.of("", 0));
    private int[] fileIndexById = new int[0];

    private SceneCapture(SceneManager scene) {
        this.scene = scene;
    }

    /**
     * @param file names the file in the message of a namer that refuses an id
     * @throws FileFormatException if a namer throws for an id the scene uses, naming it
     */
    static SceneImage capture(SceneManager scene, String file, IntFunction<String> meshNamer,
                              IntFunction<String> materialNamer) throws FileFormatException {
        scene.guard().checkAvailable("save the scene");
        SceneCapture capture = new SceneCapture(scene);
        SceneNode[] order = capture.nodeOrder();
        capture.nodes(order);
        capture.objects(order);
        SceneImage image = capture.image;
        image.meshIds = capture.assets.savedMeshIds();
        image.meshNames = capture.names(file, "mesh", image.meshIds, meshNamer);
        image.materialIds = capture.assets.savedMaterialIds();
        image.materialNames = capture.names(file, "material", image.materialIds, materialNamer);
        image.strings = capture.strings.toArray(new String[0]);
        return image;
    }

    private SceneNode[] nodeOrder() {
        int count = scene.nodeCount();
        SceneNode[] order = new SceneNode[count];
        int maxId = 0;
        for (int g = 0; g < count; g++) {
            maxId = Math.max(maxId, scene.nodeAt(g).id());
        }
        fileIndexById = new int[maxId + 1];
        SceneNode root = scene.rootNode();
        int size = 0;
        order[size++] = root;
        for (int g = 0; g < count; g++) {
            SceneNode node = scene.nodeAt(g);
            if (node.parent == null && node != root) {
                order[size++] = node;
            }
        }
        for (int next = 0; next < size; next++) {
            SceneNode node = order[next];
            fileIndexById[node.id()] = next;
            int children = node.childCount();
            for (int c = 0; c < children; c++) {
                order[size++] = node.child(c);
            }
        }
        return order;
    }

    private void nodes(SceneNode[] order) {
        TransformStore t = scene.transforms();
        image.allocateNodes(order.length);
        float[] p = t.positions();
        float[] q = t.orientations();
        float[] s = t.scales();
        long[] tags = t.tags();
        for (int i = 0; i < order.length; i++) {
            SceneNode node = order[i];
            int slot = node.slot;
            image.nodeParent[i] = node.parent == null ? Index.NONE : fileIndexById[node.parent.id()];
            image.nodeName[i] = string(node.name());
            image.nodeFlags[i] = (byte) ((t.isStatic(slot) ? SceneImage.STATIC : 0)
                    | (t.inheritsOrientation(slot) ? SceneImage.INHERIT_ORIENTATION : 0)
                    | (t.inheritsScale(slot) ? SceneImage.INHERIT_SCALE : 0)
                    | (t.isHidden(slot) ? SceneImage.HIDDEN : 0));
            readRecord(p, slot, TransformStore.VECTOR_WIDTH, image.position, 3 * i);
            readRecord(q, slot, TransformStore.QUATERNION_WIDTH, image.orientation, 4 * i);
            readRecord(s, slot, TransformStore.VECTOR_WIDTH, image.scale, 3 * i);
            image.nodeTag[i] = tags[slot];
        }
    }

    private static void readRecord(float[] array, int slot, int width, float[] dest, int offset) {
        int base = LaneBlocks.base(slot, width);
        for (int c = 0; c < width; c++) {
            dest[offset + c] = array[base + c * LaneBlocks.LANES];
        }
    }

    private void objects(SceneNode[] order) {
        List<ObjectKind<?>> kinds = scene.kinds().all();
        List<List<MovableObject>> byKind = new ArrayList<>(kinds.size());
        for (int k = 0; k < kinds.size(); k++) {
            byKind.add(new ArrayList<>());
        }
        for (SceneNode node : order) {
            int attached = node.attachedObjectCount();
            for (int a = 0; a < attached; a++) {
                MovableObject object = node.attachedObject(a);
                byKind.get(kinds.indexOf(object.kind)).add(object);
            }
        }
        image.objects = new ObjectRecords[kinds.size()];
        for (int k = 0; k < kinds.size(); k++) {
            ObjectKind<?> kind = kinds.get(k);
            for (int g = 0; g < kind.store.size(); g++) {
                if (kind.store.get(g).parentNode == null) {
                    byKind.get(k).add(kind.store.get(g));
                }
            }
            image.objects[k] = records(kind, byKind.get(k));
        }
    }

    private <T extends MovableObject> ObjectRecords records(ObjectKind<T> kind, List<MovableObject> objects) {
        KindFormat format = kind.format();
        ObjectRecords records = new ObjectRecords(format, objects.size());
        if (!format.counted() && !objects.isEmpty()) {
            string(format.plural());
        }
        for (int i = 0; i < objects.size(); i++) {
            MovableObject object = objects.get(i);
            records.nodes()[i] = object.parentNode == null ? Index.NONE : fileIndexById[object.parentNode.id()];
            records.names()[i] = string(object.name());
            kind.save(kind.type().cast(object), records, i, assets);
            records.tags()[i] = object.tag();
        }
        return records;
    }

    /** The string index of each id's name, {@link Index#NONE} for an id the namer leaves unnamed (null). */
    private int[] names(String file, String kind, int[] ids, IntFunction<String> namer) throws FileFormatException {
        int[] names = new int[ids.length];
        for (int e = 0; e < ids.length; e++) {
            String name;
            try {
                name = namer == null ? null : namer.apply(ids[e]);
            } catch (RuntimeException refused) {
                throw new FileFormatException("scene file " + file + ": " + kind + " id " + ids[e] + ", which the "
                        + "scene's items use, has no name: the resolver threw " + refused, refused);
            }
            names[e] = name == null ? Index.NONE : string(name);
        }
        return names;
    }

    private int string(String value) {
        Integer index = stringIndex.get(value);
        if (index == null) {
            index = strings.size();
            strings.add(value);
            stringIndex.put(value, index);
        }
        return index;
    }
}
