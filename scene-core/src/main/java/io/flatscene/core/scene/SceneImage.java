package io.flatscene.core.scene;

import io.flatscene.core.config.SceneCapacity;
import io.flatscene.core.config.SceneConfig;
import io.flatscene.core.container.GrowthPolicy;
import io.flatscene.core.container.Index;
import io.flatscene.core.container.LaneBlocks;
import io.flatscene.core.scene.store.ItemStore;
import io.flatscene.core.scene.store.TransformStore;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.IntFunction;
import java.util.function.ToIntFunction;

/**
 * A scene as the flat arrays a scene file holds, one column per property, indexed by file order. Nodes come parents
 * first, level by level from the root and then from each detached node, each parent's children in their child-list
 * order: a parent's index is below its children's, which rules out cycles, and building in that order appends every
 * node to the last band of the transform store. Objects come in their nodes' order, each node's in its attachment
 * order, detached ones last. Mesh and material columns index the reference tables, which hold the renderer's ids and
 * the names a resolver gave them. {@link SceneFileCodec} reads and writes it; this class captures it from a scene
 * and builds a scene from it.
 */
final class SceneImage {
    static final int STATIC = 1;
    static final int INHERIT_ORIENTATION = 1 << 1;
    static final int INHERIT_SCALE = 1 << 2;
    static final int HIDDEN = 1 << 3;
    static final int NODE_FLAGS = STATIC | INHERIT_ORIENTATION | INHERIT_SCALE | HIDDEN;
    /** Floats a light record holds: red, green, blue, range, spot inner and outer angle. */
    static final int LIGHT_PARAMETERS = 6;
    /** Floats a camera record holds: fov or height, near, far, fixed aspect (NaN when it follows the viewport). */
    static final int CAMERA_PARAMETERS = 4;
    /** Ints a camera record holds: viewport width, height, visibility mask. */
    static final int CAMERA_INTS = 3;

    String[] strings = {""};
    int[] meshIds = new int[0];
    int[] meshNames = new int[0];
    int[] materialIds = new int[0];
    int[] materialNames = new int[0];

    int nodeCount;
    int[] nodeParent;
    int[] nodeName;
    byte[] nodeFlags;
    float[] position;
    float[] orientation;
    float[] scale;
    long[] nodeTag;

    int itemCount;
    int[] itemNode;
    int[] itemName;
    int[] itemMesh;
    int[] itemMaterial;
    float[] localCenter;
    float[] localHalf;
    int[] group;
    int[] visibility;
    int[] query;
    byte[] transparent;
    int[] tint;
    long[] itemTag;

    int lightCount;
    int[] lightNode;
    int[] lightName;
    byte[] lightType;
    float[] lightParameters;
    long[] lightTag;

    int cameraCount;
    int[] cameraNode;
    int[] cameraName;
    byte[] projection;
    float[] cameraParameters;
    int[] cameraInts;
    long[] cameraTag;

    void allocateNodes(int count) {
        nodeCount = count;
        nodeParent = new int[count];
        nodeName = new int[count];
        nodeFlags = new byte[count];
        position = new float[3 * count];
        orientation = new float[4 * count];
        scale = new float[3 * count];
        nodeTag = new long[count];
    }

    void allocateItems(int count) {
        itemCount = count;
        itemNode = new int[count];
        itemName = new int[count];
        itemMesh = new int[count];
        itemMaterial = new int[count];
        localCenter = new float[3 * count];
        localHalf = new float[3 * count];
        group = new int[count];
        visibility = new int[count];
        query = new int[count];
        transparent = new byte[count];
        tint = new int[count];
        itemTag = new long[count];
    }

    void allocateLights(int count) {
        lightCount = count;
        lightNode = new int[count];
        lightName = new int[count];
        lightType = new byte[count];
        lightParameters = new float[LIGHT_PARAMETERS * count];
        lightTag = new long[count];
    }

    void allocateCameras(int count) {
        cameraCount = count;
        cameraNode = new int[count];
        cameraName = new int[count];
        projection = new byte[count];
        cameraParameters = new float[CAMERA_PARAMETERS * count];
        cameraInts = new int[CAMERA_INTS * count];
        cameraTag = new long[count];
    }

    // ---- capture ----

    /**
     * The scene's live nodes and objects in file order. The scene must be open and not in a frame; its node and
     * object data are read from the stores, the orientation as stored (unit), so a load gives the same bits.
     */
    static SceneImage capture(SceneManager scene, IntFunction<String> meshNamer, IntFunction<String> materialNamer) {
        scene.guard().checkAvailable("save the scene");
        SceneImage image = new SceneImage();
        Capture capture = image.new Capture(meshNamer, materialNamer);
        SceneNode[] order = capture.nodeOrder(scene);
        TransformStore t = scene.transforms();
        image.allocateNodes(order.length);
        float[] p = t.positions();
        float[] q = t.orientations();
        float[] s = t.scales();
        long[] tags = t.tags();
        for (int i = 0; i < order.length; i++) {
            SceneNode node = order[i];
            int slot = node.slot;
            image.nodeParent[i] = node.parent == null ? Index.NONE : capture.indexOf(node.parent);
            image.nodeName[i] = capture.string(node.name());
            image.nodeFlags[i] = (byte) ((t.isStatic(slot) ? STATIC : 0)
                    | (t.inheritsOrientation(slot) ? INHERIT_ORIENTATION : 0)
                    | (t.inheritsScale(slot) ? INHERIT_SCALE : 0) | (t.isHidden(slot) ? HIDDEN : 0));
            readRecord(p, slot, TransformStore.VECTOR_WIDTH, image.position, 3 * i);
            readRecord(q, slot, TransformStore.QUATERNION_WIDTH, image.orientation, 4 * i);
            readRecord(s, slot, TransformStore.VECTOR_WIDTH, image.scale, 3 * i);
            image.nodeTag[i] = tags[slot];
        }
        capture.objects(scene, order);
        image.strings = capture.strings.toArray(new String[0]);
        return image;
    }

    /** Copies a slot's record out of its lane block: component {@code c} lies {@code c * LANES} after the base. */
    private static void readRecord(float[] array, int slot, int width, float[] dest, int offset) {
        int base = LaneBlocks.base(slot, width);
        for (int c = 0; c < width; c++) {
            dest[offset + c] = array[base + c * LaneBlocks.LANES];
        }
    }

    /** The bookkeeping of one capture: node order and index, string and reference tables. */
    private final class Capture {
        private final IntFunction<String> meshNamer;
        private final IntFunction<String> materialNamer;
        private final List<String> strings = new ArrayList<>(List.of(""));
        private final Map<String, Integer> stringIndex = new HashMap<>(Map.of("", 0));
        private final Map<Integer, Integer> meshIndex = new HashMap<>();
        private final Map<Integer, Integer> materialIndex = new HashMap<>();
        private int[] fileIndexById = new int[0];

        Capture(IntFunction<String> meshNamer, IntFunction<String> materialNamer) {
            this.meshNamer = meshNamer;
            this.materialNamer = materialNamer;
        }

        SceneNode[] nodeOrder(SceneManager scene) {
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

        int indexOf(SceneNode node) {
            return fileIndexById[node.id()];
        }

        int string(String value) {
            Integer index = stringIndex.get(value);
            if (index == null) {
                index = strings.size();
                strings.add(value);
                stringIndex.put(value, index);
            }
            return index;
        }

        void objects(SceneManager scene, SceneNode[] order) {
            List<Item> items = new ArrayList<>();
            List<Light> lights = new ArrayList<>();
            List<Camera> cameras = new ArrayList<>();
            for (SceneNode node : order) {
                int attached = node.attachedObjectCount();
                for (int a = 0; a < attached; a++) {
                    MovableObject object = node.attachedObject(a);
                    if (object instanceof Item item) {
                        items.add(item);
                    } else if (object instanceof Light light) {
                        lights.add(light);
                    } else {
                        cameras.add((Camera) object);
                    }
                }
            }
            for (int g = 0; g < scene.itemCount(); g++) {
                if (!scene.item(g).isAttached()) {
                    items.add(scene.item(g));
                }
            }
            for (int g = 0; g < scene.lightCount(); g++) {
                if (!scene.light(g).isAttached()) {
                    lights.add(scene.light(g));
                }
            }
            for (int g = 0; g < scene.cameraCount(); g++) {
                if (!scene.camera(g).isAttached()) {
                    cameras.add(scene.camera(g));
                }
            }
            items(scene, items);
            lights(lights);
            cameras(cameras);
            finishTables();
        }

        private int nodeOf(MovableObject object) {
            return object.parentNode == null ? Index.NONE : indexOf(object.parentNode);
        }

        private void items(SceneManager scene, List<Item> items) {
            allocateItems(items.size());
            ItemStore data = scene.itemData();
            for (int i = 0; i < itemCount; i++) {
                Item item = items.get(i);
                int g = item.globalIndex;
                itemNode[i] = nodeOf(item);
                itemName[i] = string(item.name());
                itemMesh[i] = meshIndex.computeIfAbsent(data.meshIdArray()[g], id -> meshIndex.size());
                itemMaterial[i] = materialIndex.computeIfAbsent(data.materialIdArray()[g],
                        id -> materialIndex.size());
                System.arraycopy(data.localCenterArray(), 3 * g, localCenter, 3 * i, 3);
                System.arraycopy(data.localHalfArray(), 3 * g, localHalf, 3 * i, 3);
                group[i] = data.renderQueueGroupArray()[g];
                visibility[i] = data.visibilityFlagsArray()[g];
                query[i] = data.queryFlagsArray()[g];
                transparent[i] = (byte) data.transparentArray()[g];
                tint[i] = data.tintArray()[g];
                itemTag[i] = item.tag();
            }
        }

        private void lights(List<Light> lights) {
            allocateLights(lights.size());
            for (int i = 0; i < lightCount; i++) {
                Light light = lights.get(i);
                lightNode[i] = nodeOf(light);
                lightName[i] = string(light.name());
                lightType[i] = (byte) light.type().ordinal();
                int o = LIGHT_PARAMETERS * i;
                lightParameters[o] = light.red();
                lightParameters[o + 1] = light.green();
                lightParameters[o + 2] = light.blue();
                lightParameters[o + 3] = light.range();
                lightParameters[o + 4] = light.spotInnerAngle();
                lightParameters[o + 5] = light.spotOuterAngle();
                lightTag[i] = light.tag();
            }
        }

        private void cameras(List<Camera> cameras) {
            allocateCameras(cameras.size());
            for (int i = 0; i < cameraCount; i++) {
                Camera camera = cameras.get(i);
                cameraNode[i] = nodeOf(camera);
                cameraName[i] = string(camera.name());
                boolean perspective = camera.projection() == Camera.Projection.PERSPECTIVE;
                projection[i] = (byte) camera.projection().ordinal();
                int o = CAMERA_PARAMETERS * i;
                cameraParameters[o] = perspective ? camera.fovY() : camera.orthographicHeight();
                cameraParameters[o + 1] = camera.near();
                cameraParameters[o + 2] = camera.far();
                cameraParameters[o + 3] = camera.isAspectRatioFixed() ? camera.aspectRatio() : Float.NaN;
                int k = CAMERA_INTS * i;
                cameraInts[k] = camera.viewportWidth();
                cameraInts[k + 1] = camera.viewportHeight();
                cameraInts[k + 2] = camera.visibilityMask();
                cameraTag[i] = camera.tag();
            }
        }

        /** Tables in index order; a name only where the caller's namer gives one. */
        private void finishTables() {
            meshIds = new int[meshIndex.size()];
            meshNames = new int[meshIndex.size()];
            fill(meshIndex, meshNamer, meshIds, meshNames);
            materialIds = new int[materialIndex.size()];
            materialNames = new int[materialIndex.size()];
            fill(materialIndex, materialNamer, materialIds, materialNames);
        }

        private void fill(Map<Integer, Integer> index, IntFunction<String> namer, int[] ids, int[] names) {
            for (Map.Entry<Integer, Integer> entry : index.entrySet()) {
                int id = entry.getKey();
                String name = namer == null ? null : namer.apply(id);
                ids[entry.getValue()] = id;
                names[entry.getValue()] = name == null ? Index.NONE : string(name);
            }
        }
    }

    // ---- build ----

    /** The ids the tables' entries stand for in this run: a named entry through the resolver, if any. */
    static int[] resolve(String file, String kind, int[] ids, int[] names, String[] strings,
                         ToIntFunction<String> resolver) throws SceneFileException {
        int[] resolved = ids.clone();
        if (resolver == null) {
            return resolved;
        }
        for (int e = 0; e < ids.length; e++) {
            if (names[e] != Index.NONE) {
                String name = strings[names[e]];
                int id = resolver.applyAsInt(name);
                if (id < 0) {
                    throw new SceneFileException("scene file " + file + ": " + kind + " '" + name + "' (id " + ids[e]
                            + " when saved) is unknown here: the resolver gave " + id);
                }
                resolved[e] = id;
            }
        }
        return resolved;
    }

    /** Refuses, before anything is built, a file that needs more of a capacity than a FAIL policy allows. */
    void checkCapacity(String file, SceneConfig config) throws SceneFileException {
        if (config.growthPolicy() != GrowthPolicy.FAIL) {
            return;
        }
        int[] counts = {nodeCount, itemCount, lightCount, cameraCount};
        String[] names = {"nodes", "items", "lights", "cameras"};
        SceneCapacity[] kinds = {SceneCapacity.NODES, SceneCapacity.ITEMS, SceneCapacity.LIGHTS,
            SceneCapacity.CAMERAS};
        for (int k = 0; k < kinds.length; k++) {
            if (counts[k] > config.capacity(kinds[k])) {
                throw new SceneFileException("scene file " + file + ": it holds " + counts[k] + " " + names[k]
                        + ", above the configured " + kinds[k].key() + " = " + config.capacity(kinds[k])
                        + " under growth policy FAIL");
            }
        }
    }

    /**
     * A new scene holding this image. The nodes are appended in file order under one structural claim, their values
     * written straight into the transform store (the reader checked them, the static rule included); the new scene's
     * registry holds its root alone and nothing is removed, so each node's global index is its file index, which is
     * how a child or an object finds its node without a table of a million references of its own. The objects go
     * through their public setters, which check their values. Any refusal on the way closes the half-built scene and
     * is rethrown naming the file, so the caller never sees it.
     */
    SceneManager build(String file, SceneConfig config, int[] meshes, int[] materials) throws SceneFileException {
        SceneManager scene = new SceneManager(config);
        int built = 0;
        try {
            boolean claimed = scene.guard().claim("a scene file's nodes");
            try {
                for (; built < nodeCount; built++) {
                    node(scene, built);
                }
                buildItems(scene, meshes, materials);
                buildLights(scene);
                buildCameras(scene);
            } finally {
                scene.guard().release(claimed);
            }
            scene.afterStructuralChange();
            return scene;
        } catch (RuntimeException e) {
            scene.close();
            throw new SceneFileException("scene file " + file + ": " + (built < nodeCount ? "node " + built
                    : "an object") + " was refused: " + e.getMessage(), e);
        }
    }

    private void node(SceneManager scene, int i) {
        int parent = nodeParent[i];
        SceneNode node = i == 0 ? scene.rootNode()
                : scene.appendNode(parent == Index.NONE ? null : scene.nodeAt(parent), strings[nodeName[i]]);
        TransformStore t = scene.transforms();
        int slot = node.slot;
        t.setPosition(slot, position[3 * i], position[3 * i + 1], position[3 * i + 2]);
        t.setScale(slot, scale[3 * i], scale[3 * i + 1], scale[3 * i + 2]);
        t.setUnitOrientation(slot, orientation[4 * i], orientation[4 * i + 1], orientation[4 * i + 2],
                orientation[4 * i + 3]);
        t.tags()[slot] = nodeTag[i];
        int flags = nodeFlags[i];
        if ((flags & (INHERIT_ORIENTATION | INHERIT_SCALE)) != (INHERIT_ORIENTATION | INHERIT_SCALE)) {
            t.setInherit(slot, (flags & INHERIT_ORIENTATION) != 0, (flags & INHERIT_SCALE) != 0);
        }
        if ((flags & HIDDEN) != 0) {
            t.setHidden(slot, true);
        }
        if ((flags & STATIC) != 0) {
            t.setStatic(node.id(), true);
        }
    }

    private void buildItems(SceneManager scene, int[] meshes, int[] materials) {
        for (int i = 0; i < itemCount; i++) {
            int o = 3 * i;
            Aabb local = new Aabb(localCenter[o], localCenter[o + 1], localCenter[o + 2], localHalf[o],
                    localHalf[o + 1], localHalf[o + 2]);
            Item item = scene.createItem(strings[itemName[i]], meshes[itemMesh[i]], materials[itemMaterial[i]], local)
                    .setRenderQueueGroup(group[i]).setVisibilityFlags(visibility[i]).setQueryFlags(query[i])
                    .setTransparent(transparent[i] != 0);
            int rgba = tint[i];
            item.setTint((rgba & 0xFF) / 255f, (rgba >>> 8 & 0xFF) / 255f, (rgba >>> 16 & 0xFF) / 255f,
                    (rgba >>> 24) / 255f);
            item.setTag(itemTag[i]);
            attach(scene, itemNode[i], item);
        }
    }

    private void buildLights(SceneManager scene) {
        for (int i = 0; i < lightCount; i++) {
            int o = LIGHT_PARAMETERS * i;
            Light light = scene.createLight(strings[lightName[i]], Light.TYPES[lightType[i]])
                    .setColor(lightParameters[o], lightParameters[o + 1], lightParameters[o + 2])
                    .setRange(lightParameters[o + 3]).setSpotAngles(lightParameters[o + 4], lightParameters[o + 5]);
            light.setTag(lightTag[i]);
            attach(scene, lightNode[i], light);
        }
    }

    private void buildCameras(SceneManager scene) {
        for (int i = 0; i < cameraCount; i++) {
            int o = CAMERA_PARAMETERS * i;
            int k = CAMERA_INTS * i;
            Camera camera = scene.createCamera(strings[cameraName[i]]).setViewport(cameraInts[k], cameraInts[k + 1]);
            if (!Float.isNaN(cameraParameters[o + 3])) {
                camera.setAspectRatio(cameraParameters[o + 3]);
            }
            if (projection[i] == Camera.Projection.PERSPECTIVE.ordinal()) {
                camera.setPerspective(cameraParameters[o], cameraParameters[o + 1], cameraParameters[o + 2]);
            } else {
                camera.setOrthographic(cameraParameters[o], cameraParameters[o + 1], cameraParameters[o + 2]);
            }
            camera.setVisibilityMask(cameraInts[k + 2]);
            camera.setTag(cameraTag[i]);
            attach(scene, cameraNode[i], camera);
        }
    }

    private static void attach(SceneManager scene, int node, MovableObject object) {
        if (node != Index.NONE) {
            scene.nodeAt(node).attachObject(object);
        }
    }
}
