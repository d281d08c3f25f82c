package io.flatscene.core.scene;

import io.flatscene.core.config.SceneConfig;
import io.flatscene.core.container.GrowthPolicy;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.joml.Matrix4x3f;
import org.joml.Quaternionf;
import org.joml.Vector3f;

import static io.flatscene.core.scene.SceneInternals.storedWorldCenter;
import static io.flatscene.core.scene.SceneInternals.storedWorldHalfExtents;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Random scenes for the scene-file tests, and the comparison of a scene with its loaded copy through the public API
 * alone: every node pairwise (hierarchy and child order, name, transform bits, flags, tag, world matrix bits after an
 * update) and every object (attached per kind in attachment order, detached in global order).
 */
final class SceneFileScenes {
    private static final String[] NAMES = {"", "", "hull", "turret", "wheel", "Ünïcode ✓", "a b", "hull"};

    private SceneFileScenes() {
    }

    static SceneConfig config() {
        return SceneConfig.builder().maxNodes(64).maxItems(16).maxLights(4).maxCameras(4)
                .growthPolicy(GrowthPolicy.ON_DEMAND).workerThreads(1).validation(false).build();
    }

    /** A scene of about {@code size} nodes with objects, built, moved around and partly destroyed from a seed. */
    static SceneManager random(long seed, int size) {
        Random random = new Random(seed);
        SceneManager scene = new SceneManager(config());
        List<SceneNode> nodes = new ArrayList<>();
        nodes.add(scene.rootNode());
        transform(scene.rootNode(), random);
        for (int i = 0; i < size; i++) {
            SceneNode node;
            if (random.nextInt(8) == 0) {
                node = scene.createSceneNode(name(random));
            } else {
                node = nodes.get(random.nextInt(nodes.size())).createChild(name(random));
            }
            transform(node, random);
            flags(node, random);
            nodes.add(node);
        }
        for (int i = 0; i < size / 4; i++) {
            SceneNode node = nodes.get(1 + random.nextInt(nodes.size() - 1));
            SceneNode parent = nodes.get(random.nextInt(nodes.size()));
            if (node.isAlive() && parent.isAlive() && !isAncestorOrSelf(node, parent) && node.parent() != null
                    && !node.isStatic()) {
                node.reparent(parent);
            }
        }
        int objects = random.nextInt(size / 2 + 1);
        for (int i = 0; i < objects; i++) {
            MovableObject object = object(scene, random);
            SceneNode node = nodes.get(random.nextInt(nodes.size()));
            if (random.nextInt(5) > 0) {
                node.attachObject(object);
            }
        }
        for (int i = 0; i < size / 10; i++) {
            SceneNode node = nodes.get(1 + random.nextInt(nodes.size() - 1));
            if (node.isAlive()) {
                scene.destroySceneNode(node, random.nextBoolean() ? DestroyMode.SUBTREE
                        : DestroyMode.SUBTREE_KEEP_OBJECTS);
            }
        }
        if (scene.itemCount() > 1) {
            scene.destroyItem(scene.item(random.nextInt(scene.itemCount())));
        }
        return scene;
    }

    private static boolean isAncestorOrSelf(SceneNode candidate, SceneNode node) {
        for (SceneNode n = node; n != null; n = n.parent()) {
            if (n == candidate) {
                return true;
            }
        }
        return false;
    }

    private static String name(Random random) {
        return NAMES[random.nextInt(NAMES.length)];
    }

    private static float value(Random random) {
        return switch (random.nextInt(6)) {
            case 0 -> 0f;
            case 1 -> -0f;
            case 2 -> Float.MIN_VALUE * random.nextInt(100);
            case 3 -> (random.nextFloat() - 0.5f) * 1e6f;
            default -> (random.nextFloat() - 0.5f) * 20f;
        };
    }

    private static void transform(SceneNode node, Random random) {
        node.setPosition(value(random), value(random), value(random));
        node.setScale(random.nextInt(4) == 0 ? -value(random) : value(random), value(random), value(random));
        float x = random.nextFloat() - 0.5f;
        float y = random.nextFloat() - 0.5f;
        float z = random.nextFloat() - 0.5f;
        node.setOrientation(x, y, z, random.nextFloat() + 0.01f);
        node.setTag(random.nextLong());
    }

    private static void flags(SceneNode node, Random random) {
        node.setInheritOrientation(random.nextInt(4) > 0).setInheritScale(random.nextInt(4) > 0);
        if (random.nextInt(6) == 0) {
            node.setVisible(false);
        }
        SceneNode parent = node.parent();
        if (random.nextInt(4) == 0 && (parent == null || parent.isStatic() || parent.depth() == 0)) {
            node.setStatic(true);
        }
    }

    private static MovableObject object(SceneManager scene, Random random) {
        switch (random.nextInt(4)) {
            case 0 -> {
                Light light = scene.createLight(name(random), Light.Type.values()[random.nextInt(3)])
                        .setColor(random.nextFloat() * 3, random.nextFloat(), random.nextFloat())
                        .setRange(1 + random.nextFloat() * 100).setSpotAngles(0.1f, 0.2f + random.nextFloat());
                light.setTag(random.nextLong());
                return light;
            }
            case 1 -> {
                Camera camera = scene.createCamera(name(random)).setViewport(1 + random.nextInt(4000),
                        1 + random.nextInt(3000));
                if (random.nextBoolean()) {
                    camera.setAspectRatio(0.5f + random.nextFloat() * 2);
                }
                if (random.nextBoolean()) {
                    camera.setOrthographic(1 + random.nextFloat() * 50, random.nextFloat(), 10 + random.nextFloat());
                } else {
                    camera.setPerspective(0.2f + random.nextFloat() * 2, 0.01f + random.nextFloat(), 500f);
                }
                camera.setVisibilityMask(random.nextInt());
                camera.setTag(random.nextLong());
                return camera;
            }
            default -> {
                Aabb bounds = random.nextInt(5) == 0 ? Aabb.INFINITE
                        : new Aabb(value(random), value(random), value(random), random.nextFloat(), 0f, 3f);
                Item item = scene.createItem(name(random), random.nextInt(5), random.nextInt(3), bounds)
                        .setRenderQueueGroup(random.nextInt(256)).setVisibilityFlags(random.nextInt())
                        .setQueryFlags(random.nextInt()).setTransparent(random.nextBoolean())
                        .setTint(random.nextInt(256) / 255f, random.nextFloat(), 0.5f, random.nextFloat());
                item.setTag(random.nextLong());
                return item;
            }
        }
    }

    // ---- comparison ----

    /** Asserts that {@code loaded} holds what {@code saved} held; both are updated first, for the world matrices. */
    static void assertSameScene(SceneManager saved, SceneManager loaded) {
        saved.update();
        loaded.update();
        assertEquals(saved.nodeCount(), loaded.nodeCount(), "node count");
        assertEquals(saved.itemCount(), loaded.itemCount(), "item count");
        assertEquals(saved.lightCount(), loaded.lightCount(), "light count");
        assertEquals(saved.cameraCount(), loaded.cameraCount(), "camera count");
        List<SceneNode> savedTops = tops(saved);
        List<SceneNode> loadedTops = tops(loaded);
        assertEquals(savedTops.size(), loadedTops.size(), "detached nodes");
        int compared = 0;
        for (int t = 0; t < savedTops.size(); t++) {
            List<SceneNode> a = new ArrayList<>(List.of(savedTops.get(t)));
            List<SceneNode> b = new ArrayList<>(List.of(loadedTops.get(t)));
            for (int i = 0; i < a.size(); i++) {
                assertSameNode(a.get(i), b.get(i));
                compared++;
                for (int c = 0; c < a.get(i).childCount(); c++) {
                    a.add(a.get(i).child(c));
                    b.add(b.get(i).child(c));
                }
            }
        }
        assertEquals(saved.nodeCount(), compared, "every node compared");
        List<MovableObject> savedDetached = detached(saved);
        List<MovableObject> loadedDetached = detached(loaded);
        assertEquals(savedDetached.size(), loadedDetached.size(), "detached objects");
        for (int i = 0; i < savedDetached.size(); i++) {
            assertSameObject(savedDetached.get(i), loadedDetached.get(i));
        }
    }

    private static List<SceneNode> tops(SceneManager scene) {
        List<SceneNode> tops = new ArrayList<>(List.of(scene.rootNode()));
        for (int g = 0; g < scene.nodeCount(); g++) {
            SceneNode node = scene.nodeAt(g);
            if (node.parent() == null && !node.isRoot()) {
                tops.add(node);
            }
        }
        return tops;
    }

    private static List<MovableObject> detached(SceneManager scene) {
        List<MovableObject> objects = new ArrayList<>();
        for (int g = 0; g < scene.itemCount(); g++) {
            if (!scene.item(g).isAttached()) {
                objects.add(scene.item(g));
            }
        }
        for (int g = 0; g < scene.lightCount(); g++) {
            if (!scene.light(g).isAttached()) {
                objects.add(scene.light(g));
            }
        }
        for (int g = 0; g < scene.cameraCount(); g++) {
            if (!scene.camera(g).isAttached()) {
                objects.add(scene.camera(g));
            }
        }
        return objects;
    }

    private static void assertSameNode(SceneNode a, SceneNode b) {
        String what = a.toString();
        assertEquals(a.name(), b.name(), what);
        assertEquals(a.childCount(), b.childCount(), what + " children");
        assertEquals(a.isRoot(), b.isRoot(), what);
        assertEquals(a.depth(), b.depth(), what);
        assertEquals(a.isStatic(), b.isStatic(), what);
        assertEquals(a.inheritsOrientation(), b.inheritsOrientation(), what);
        assertEquals(a.inheritsScale(), b.inheritsScale(), what);
        assertEquals(a.isVisible(), b.isVisible(), what);
        assertEquals(a.tag(), b.tag(), what);
        assertEquals(bits(a.getPosition(new Vector3f())), bits(b.getPosition(new Vector3f())), what + " position");
        assertEquals(bits(a.getScale(new Vector3f())), bits(b.getScale(new Vector3f())), what + " scale");
        Quaternionf qa = a.getOrientation(new Quaternionf());
        Quaternionf qb = b.getOrientation(new Quaternionf());
        assertEquals(List.of(Float.floatToRawIntBits(qa.x), Float.floatToRawIntBits(qa.y),
                Float.floatToRawIntBits(qa.z), Float.floatToRawIntBits(qa.w)), List.of(Float.floatToRawIntBits(qb.x),
                Float.floatToRawIntBits(qb.y), Float.floatToRawIntBits(qb.z), Float.floatToRawIntBits(qb.w)),
                what + " orientation");
        // as the pass stored them (both scenes were just updated): a chain's scales may overflow, which the public
        // read refuses
        float[] wa = a.storedWorldMatrix(new Matrix4x3f()).get(new float[12]);
        float[] wb = b.storedWorldMatrix(new Matrix4x3f()).get(new float[12]);
        for (int k = 0; k < 12; k++) {
            assertEquals(Float.floatToRawIntBits(wa[k]), Float.floatToRawIntBits(wb[k]), what + " world " + k);
        }
        List<List<MovableObject>> sa = byKind(a);
        List<List<MovableObject>> sb = byKind(b);
        for (int k = 0; k < sa.size(); k++) {
            assertEquals(sa.get(k).size(), sb.get(k).size(), what + " attachments of kind " + k);
            for (int i = 0; i < sa.get(k).size(); i++) {
                assertSameObject(sa.get(k).get(i), sb.get(k).get(i));
            }
        }
    }

    private static List<List<MovableObject>> byKind(SceneNode node) {
        List<List<MovableObject>> kinds = List.of(new ArrayList<>(), new ArrayList<>(), new ArrayList<>());
        for (int i = 0; i < node.attachedObjectCount(); i++) {
            MovableObject object = node.attachedObject(i);
            kinds.get(object instanceof Item ? 0 : object instanceof Light ? 1 : 2).add(object);
        }
        return kinds;
    }

    private static void assertSameObject(MovableObject a, MovableObject b) {
        String what = a.toString();
        assertEquals(a.getClass(), b.getClass(), what);
        assertEquals(a.name(), b.name(), what);
        assertEquals(a.tag(), b.tag(), what);
        assertEquals(a.isAttached(), b.isAttached(), what);
        if (a instanceof Item ia) {
            Item ib = (Item) b;
            assertEquals(ia.meshId(), ib.meshId(), what);
            assertEquals(ia.materialId(), ib.materialId(), what);
            assertEquals(ia.localAabb(), ib.localAabb(), what);
            assertEquals(ia.renderQueueGroup(), ib.renderQueueGroup(), what);
            assertEquals(ia.visibilityFlags(), ib.visibilityFlags(), what);
            assertEquals(ia.queryFlags(), ib.queryFlags(), what);
            assertEquals(ia.isTransparent(), ib.isTransparent(), what);
            assertEquals(ia.tintRgba(), ib.tintRgba(), what);
            assertEquals(derivedBits(storedWorldCenter(ia, new Vector3f())),
                    derivedBits(storedWorldCenter(ib, new Vector3f())), what);
            assertEquals(derivedBits(storedWorldHalfExtents(ia, new Vector3f())),
                    derivedBits(storedWorldHalfExtents(ib, new Vector3f())), what);
        } else if (a instanceof Light la) {
            Light lb = (Light) b;
            assertEquals(la.type(), lb.type(), what);
            assertEquals(List.of(la.red(), la.green(), la.blue(), la.range(), la.spotInnerAngle(),
                    la.spotOuterAngle()), List.of(lb.red(), lb.green(), lb.blue(), lb.range(), lb.spotInnerAngle(),
                    lb.spotOuterAngle()), what);
        } else {
            Camera ca = (Camera) a;
            Camera cb = (Camera) b;
            assertEquals(ca.projection(), cb.projection(), what);
            float size = ca.projection() == Camera.Projection.PERSPECTIVE ? ca.fovY() : ca.orthographicHeight();
            float loadedSize = cb.projection() == Camera.Projection.PERSPECTIVE ? cb.fovY() : cb.orthographicHeight();
            assertEquals(List.of(size, ca.near(), ca.far(), ca.aspectRatio()), List.of(loadedSize, cb.near(), cb.far(),
                    cb.aspectRatio()), what);
            assertEquals(List.of(ca.viewportWidth(), ca.viewportHeight(), ca.visibilityMask()),
                    List.of(cb.viewportWidth(), cb.viewportHeight(), cb.visibilityMask()), what);
            assertEquals(ca.isAspectRatioFixed(), cb.isAspectRatioFixed(), what);
        }
    }

    private static List<Integer> bits(Vector3f v) {
        return List.of(Float.floatToRawIntBits(v.x), Float.floatToRawIntBits(v.y), Float.floatToRawIntBits(v.z));
    }

    /**
     * The bits of values the scene computes, every NaN as one: an infinite box's center is NaN, and the sign of a NaN
     * is the arithmetic's choice (x86 makes a negative one, Java's constant is positive), which differs between the
     * interpreter, compiled scalar code and the vector kernel, so two scenes of equal values may hold either.
     */
    private static List<Integer> derivedBits(Vector3f v) {
        return List.of(Float.floatToIntBits(v.x), Float.floatToIntBits(v.y), Float.floatToIntBits(v.z));
    }
}
