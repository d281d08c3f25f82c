package io.flatscene.core.scene;

import io.flatscene.core.config.SceneConfig;
import org.joml.Quaternionf;
import org.joml.Vector3f;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Argument checks at their edges: a bad value in each position of a vector or quaternion on its own (a check that
 * looked at only some components would let the others through), values exactly at a documented bound, and the
 * messages that name what was refused. {@link SceneBadInputTest} covers the checks as a whole.
 */
class ArgumentEdgeTest {
    private static final float[] NOT_FINITE = {Float.NaN, Float.POSITIVE_INFINITY, Float.NEGATIVE_INFINITY};

    private static SceneManager newScene() {
        return new SceneManager(SceneConfig.builder().maxNodes(32).maxItems(4).build());
    }

    private static String refused(Executable call, String what) {
        return assertThrows(IllegalArgumentException.class, call, what).getMessage();
    }

    @Test
    void aBatchRefusesANonFiniteValueInAnyPositionAndSetsNothing() {
        try (SceneManager scene = newScene()) {
            SceneNode[] nodes = {scene.rootNode().createChild("a"), scene.rootNode().createChild("b")};
            for (float bad : NOT_FINITE) {
                for (int i = 0; i < 3; i++) {
                    float[] positions = {1f, 2f, 3f, 4f, 5f, 6f};
                    positions[3 + i] = bad;
                    String message = refused(() -> scene.setPositions(nodes, positions, 2), "position " + i);
                    assertTrue(message.contains("'b'") && message.contains("must be finite"), message);
                }
                for (int i = 0; i < 4; i++) {
                    float[] orientations = {0f, 1f, 0f, 0f, 0f, 0f, 1f, 0f};
                    orientations[4 + i] = bad;
                    String message = refused(() -> scene.setOrientations(nodes, orientations, 2), "component " + i);
                    assertTrue(message.contains("'b'") && message.contains("must be finite"), message);
                }
            }
            for (SceneNode node : nodes) {
                assertEquals(new Vector3f(), node.getPosition(new Vector3f()));
                assertEquals(new Quaternionf(), node.getOrientation(new Quaternionf()));
            }
        }
    }

    @Test
    void aBatchRefusesAShapeItsArraysCannotHold() {
        try (SceneManager scene = newScene()) {
            SceneNode[] nodes = {scene.rootNode().createChild("a"), scene.rootNode().createChild("b")};
            String tooMany = refused(() -> scene.setPositions(nodes, new float[9], 3), "more nodes than given");
            assertTrue(tooMany.contains("cannot set the positions of 3 nodes from 2 nodes and 9 floats"), tooMany);
            String tooFew = refused(() -> scene.setOrientations(nodes, new float[7], 2), "too few floats");
            assertTrue(tooFew.contains("cannot set the orientations of 2 nodes from 2 nodes and 7 floats"), tooFew);
            String negative = refused(() -> scene.setPositions(nodes, new float[6], -1), "a negative count");
            assertTrue(negative.contains("of -1 nodes"), negative);
        }
    }

    @Test
    void nodeOperationsNameTheValueTheyRefuse() {
        try (SceneManager scene = newScene()) {
            SceneNode node = scene.rootNode().createChild("node");
            String rotation = refused(() -> node.rotate(new Quaternionf(0f, Float.NaN, 0f, 1f), Space.LOCAL),
                    "rotate");
            assertTrue(rotation.contains("rotation (0.0, NaN, 0.0, 1.0)"), rotation);
            String orientation = refused(() -> node.setOrientation(Float.NaN, 0f, 0f, 2f), "setOrientation");
            assertTrue(orientation.contains("orientation (NaN, 0.0, 0.0, 2.0)"), orientation);
            SceneNode loner = scene.createSceneNode("loner");
            String scale = refused(() -> loner.setWorldScale(1f, Float.NaN, 1f), "setWorldScale without a parent");
            assertTrue(scale.contains("world scale (1.0, NaN, 1.0) must be finite"), scale);
            assertTrue(node.toString().startsWith("node ") && node.toString().endsWith(" 'node'"), node.toString());
        }
    }

    @Test
    void unnamedObjectsHaveAnEmptyNameAndMessagesQuoteNone() {
        try (SceneManager scene = newScene()) {
            SceneNode node = scene.createSceneNode(null);
            Item item = scene.createItem(null, 1, 1, Aabb.INFINITE);
            Camera camera = scene.createCamera("");
            for (Object unnamed : new Object[] {node, item, camera}) {
                assertFalse(unnamed.toString().contains("'"), unnamed.toString());
            }
            assertEquals("", node.name());
            assertEquals("", item.name());
            assertTrue(item.toString().startsWith("item "), item.toString());
            assertTrue(scene.createItem("named", 1, 1, Aabb.INFINITE).toString().endsWith(" 'named'"));
        }
    }

    @Test
    void anEmptyNodeHasNoChildOrObjectToRead() {
        try (SceneManager scene = newScene()) {
            SceneNode leaf = scene.rootNode().createChild("leaf");
            String child = assertThrows(IndexOutOfBoundsException.class, () -> leaf.child(0)).getMessage();
            assertTrue(child.contains("has no children"), child);
            String object = assertThrows(IndexOutOfBoundsException.class, () -> leaf.attachedObject(0)).getMessage();
            assertTrue(object.contains("has no attached objects"), object);
        }
    }

    @Test
    void detachingAnObjectFromTheWrongNodeNamesTheNodeItHangsFrom() {
        try (SceneManager scene = newScene()) {
            SceneNode holder = scene.rootNode().createChild("holder");
            SceneNode other = scene.rootNode().createChild("other");
            Item item = scene.createItem("item", 1, 1, Aabb.INFINITE);
            holder.attachObject(item);
            String message = refused(() -> other.detachObject(item), "detach from the wrong node");
            assertTrue(message.contains("it is attached to " + holder), message);
            String loose = refused(() -> other.detachObject(scene.createItem("loose", 1, 1, Aabb.INFINITE)),
                    "detach a detached item");
            assertTrue(loose.contains("it is attached to no node"), loose);
        }
    }

    @Test
    void creationRefusesAMissingBoxOrTypeAsABadArgument() {
        try (SceneManager scene = newScene()) {
            String box = refused(() -> scene.createItem("boxless", 1, 1, null), "no bounds");
            assertTrue(box.contains("local bounds must not be null"), box);
            String type = refused(() -> scene.createLight("typeless", null), "no type");
            assertTrue(type.contains("type must not be null"), type);
            assertEquals(0, scene.itemCount());
            assertEquals(0, scene.lightCount());
        }
    }

    @Test
    void anItemsGroupStopsAt255() {
        try (SceneManager scene = newScene()) {
            Item item = scene.createItem("item", 1, 1, Aabb.INFINITE);
            assertEquals(255, item.setRenderQueueGroup(255).renderQueueGroup());
            String message = refused(() -> item.setRenderQueueGroup(256), "group 256");
            assertTrue(message.contains("render queue group 256 must be 0..255"), message);
            String negative = refused(() -> item.setRenderQueueGroup(-1), "group -1");
            assertTrue(negative.contains("render queue group -1 must be 0..255"), negative);
            assertEquals(255, item.renderQueueGroup());
        }
    }

    @Test
    void anOrthographicNearPlaneMayBeZero() {
        try (SceneManager scene = newScene()) {
            assertEquals(0f, scene.createCamera("eye").setOrthographic(2f, 0f, 10f).near());
        }
    }

    @Test
    void cameraSettersRefuseValuesAtAndBeyondTheirBounds() {
        try (SceneManager scene = newScene()) {
            Camera camera = scene.createCamera("eye");
            String pi = refused(() -> camera.setPerspective((float) Math.PI, 0.1f, 100f), "a field of view of pi");
            assertTrue(pi.contains("must be in (0, pi)"), pi);
            // zero is refused by the range check itself, not later by the projection it would make
            String zero = refused(() -> camera.setPerspective(0f, 0.1f, 100f), "a field of view of zero");
            assertTrue(zero.contains("field of view 0.0 must be in (0, pi)"), zero);
            for (float height : new float[] {0f, Float.POSITIVE_INFINITY, Float.NaN}) {
                String message = refused(() -> camera.setOrthographic(height, 0f, 10f), "height " + height);
                assertTrue(message.contains("orthographic height " + height + " must be finite and > 0"), message);
            }
            for (float aspect : new float[] {0f, Float.POSITIVE_INFINITY, Float.NaN}) {
                String message = refused(() -> camera.setAspectRatio(aspect), "aspect " + aspect);
                assertTrue(message.contains("aspect ratio " + aspect + " must be finite and > 0"), message);
            }
            float[][] perspectiveDepths = {{0f, 10f}, {Float.NaN, 10f}, {Float.POSITIVE_INFINITY, 10f},
                {0.1f, Float.NaN}, {0.1f, Float.POSITIVE_INFINITY}, {5f, 5f}, {-1f, 10f}};
            for (float[] depths : perspectiveDepths) {
                String message = refused(() -> camera.setPerspective(1f, depths[0], depths[1]),
                        "perspective near " + depths[0] + ", far " + depths[1]);
                assertTrue(message.contains("must satisfy 0 < near < far, both finite"), message);
            }
            float[][] orthographicDepths = {{-1f, 10f}, {Float.NaN, 10f}, {Float.NEGATIVE_INFINITY, 10f},
                {0f, Float.NaN}, {0f, Float.POSITIVE_INFINITY}, {5f, 5f}};
            for (float[] depths : orthographicDepths) {
                String message = refused(() -> camera.setOrthographic(10f, depths[0], depths[1]),
                        "orthographic near " + depths[0] + ", far " + depths[1]);
                assertTrue(message.contains("must satisfy 0 <= near < far, both finite"), message);
            }
            assertEquals(Camera.Projection.PERSPECTIVE, camera.projection(), "every refusal left the camera as it was");
            camera.setOrthographic(10f, 0f, 10f);
            assertEquals(0f, camera.near(), "an orthographic camera may start at its eye");
        }
    }

    @Test
    void aProjectionOutsideTheFloatRangeNamesTheShapeThatGaveIt() {
        try (SceneManager scene = newScene()) {
            Camera camera = scene.createCamera("eye").setPerspective(1e-30f, 0.1f, 100f);
            camera.setAspectRatio(1f).setViewport(1, 1_000_000_000);
            String clear = refused(camera::clearAspectRatio, "the viewport's aspect");
            assertTrue(clear.contains("viewport 1x1000000000 give a projection matrix outside the float range"),
                    clear);
            assertTrue(camera.isAspectRatioFixed(), "refused: still fixed");
            camera.setPerspective(1f, 0.1f, 100f).setAspectRatio(1e-9f);
            String fixed = refused(() -> camera.setPerspective(1e-30f, 0.1f, 100f), "a fixed aspect");
            assertTrue(fixed.contains("aspect ratio 1.0E-9 give a projection matrix"), fixed);
            assertEquals(1f, camera.fovY());
        }
    }

    @Test
    void aPickRefusesANonFinitePointAndASingularView() {
        try (SceneManager scene = newScene()) {
            Camera camera = scene.createCamera("eye");
            SceneNode eye = scene.rootNode().createChild("eye");
            eye.attachObject(camera);
            Vector3f origin = new Vector3f();
            Vector3f direction = new Vector3f();
            for (float bad : NOT_FINITE) {
                String x = refused(() -> camera.pickRay(bad, 10f, origin, direction), "x " + bad);
                assertTrue(x.contains("pick point (" + bad + ", 10.0) must be finite"), x);
                String y = refused(() -> camera.pickRay(10f, bad, origin, direction), "y " + bad);
                assertTrue(y.contains("pick point (10.0, " + bad + ") must be finite"), y);
            }
            eye.setScale(0f, 1f, 1f);
            IllegalStateException e = assertThrows(IllegalStateException.class,
                    () -> camera.pickRay(10f, 10f, origin, direction));
            assertTrue(e.getMessage().contains("a zero scale on the node or an ancestor"), e.getMessage());
        }
    }
}
