package io.flatscene.core.scene;

import io.flatscene.core.config.SceneConfig;
import java.util.List;
import java.util.function.Consumer;
import org.joml.Quaternionf;
import org.joml.Vector3f;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A call on a destroyed object says it was destroyed even when its arguments are bad too (the class comments: a dead
 * object says so before a bad argument does), a call refused while a frame runs changes nothing, and a refused call
 * counts no change, which would cost the next cull its kept queue. {@link MisuseTest} calls with valid arguments;
 * here each argument is one the method would refuse on a live object, so that only the first check can answer.
 */
class RefusalOrderTest {
    private static final Aabb BOX = new Aabb(0f, 0f, -5f, 1f, 1f, 1f);

    private static SceneManager newScene() {
        return new SceneManager(SceneConfig.builder().maxNodes(32).maxItems(4).build());
    }

    /** The call is refused with an IllegalStateException whose message says {@code why}. */
    private static void assertRefusedBecause(String why, Executable call, String what) {
        IllegalStateException e = assertThrows(IllegalStateException.class, call, what);
        assertTrue(e.getMessage().contains(why), what + ": " + e.getMessage());
    }

    private static void assertDestroyed(Executable call, String what) {
        assertRefusedBecause("was destroyed", call, what);
    }

    @Test
    void aDestroyedNodeSaysSoBeforeABadArgument() {
        try (SceneManager scene = newScene()) {
            SceneNode node = scene.rootNode().createChild("doomed");
            Item loose = scene.createItem("loose", 1, 1, BOX);
            scene.destroySceneNode(node);
            float nan = Float.NaN;
            assertDestroyed(() -> node.translate(nan, 0f, 0f, Space.LOCAL), "translate");
            assertDestroyed(() -> node.rotate(new Quaternionf(nan, 0f, 0f, 1f), Space.LOCAL), "rotate");
            assertDestroyed(() -> node.lookAt(new Vector3f(nan, 0f, 0f), Space.WORLD), "lookAt");
            assertDestroyed(() -> node.setWorldOrientation(nan, 0f, 0f, 1f), "setWorldOrientation");
            assertDestroyed(() -> node.setWorldScale(nan, 1f, 1f), "setWorldScale");
            assertDestroyed(() -> node.reparent(null), "reparent under null");
            assertDestroyed(() -> node.detachObject(loose), "detach an object it does not hold");
            assertDestroyed(() -> node.forEachChild(null), "forEachChild without an action");
            assertDestroyed(() -> node.forEachAttachment(null), "forEachAttachment without an action");
        }
    }

    @Test
    void destroyedObjectsSaySoBeforeABadArgument() {
        try (SceneManager scene = newScene()) {
            Item item = scene.createItem("item", 1, 1, BOX);
            Light light = scene.createLight("light", Light.Type.SPOT);
            Camera camera = scene.createCamera("camera");
            scene.destroyItem(item);
            scene.destroyLight(light);
            scene.destroyCamera(camera);
            assertDestroyed(() -> item.setMesh(-1), "setMesh");
            assertDestroyed(() -> item.setMaterialId(-1), "setMaterialId");
            assertDestroyed(() -> item.setRenderQueueGroup(256), "setRenderQueueGroup");
            assertDestroyed(() -> item.setLocalAabb(null), "setLocalAabb");
            assertDestroyed(() -> light.setColor(-1f, 0f, 0f), "setColor");
            assertDestroyed(() -> light.setSpotAngles(1f, 0.5f), "setSpotAngles");
            assertDestroyed(() -> camera.setPerspective(0f, 0.1f, 100f), "setPerspective");
            assertDestroyed(() -> camera.setOrthographic(0f, 0f, 100f), "setOrthographic");
            assertDestroyed(() -> camera.setViewport(0, 0), "setViewport");
            assertDestroyed(() -> camera.setAspectRatio(0f), "setAspectRatio");
            assertDestroyed(() -> camera.pickRay(Float.NaN, 0f, new Vector3f(), new Vector3f()), "pickRay");
        }
    }

    @Test
    void callsRefusedWhileAFrameRunsChangeNothing() {
        try (SceneManager scene = newScene()) {
            SceneNode loner = scene.createSceneNode("loner");
            SceneNode[] nodes = {scene.rootNode().createChild("a")};
            Camera camera = eye(scene);
            // the frame is held on this thread: what is refused is the running frame, not the thread
            scene.guard().beginPass("hold a frame", null);
            try {
                assertFrameRefuses(() -> scene.setPositions(nodes, new float[] {1f, 2f, 3f}, 1), "setPositions");
                assertFrameRefuses(() -> scene.setOrientations(nodes, new float[] {0f, 1f, 0f, 0f}, 1),
                        "setOrientations");
                assertFrameRefuses(loner::detachFromParent, "detachFromParent of a node without a parent");
            } finally {
                scene.guard().endPass();
            }
            assertEquals(new Vector3f(), nodes[0].getPosition(new Vector3f()));
            assertEquals(new Quaternionf(), nodes[0].getOrientation(new Quaternionf()));
        }
    }

    /** A camera on a node under the root, for the culls that show whether a call counted a change. */
    private static Camera eye(SceneManager scene) {
        Camera camera = scene.createCamera("eye");
        scene.rootNode().createChild("eye").attachObject(camera);
        return camera;
    }

    private static void assertFrameRefuses(Executable call, String what) {
        assertRefusedBecause("frame", call, what);
    }

    @Test
    void aRefusedCallCountsNoChange() {
        try (SceneManager scene = newScene()) {
            Camera camera = eye(scene);
            SceneNode doomed = scene.rootNode().createChild("doomed");
            scene.destroySceneNode(doomed);
            scene.updateFrame(camera);
            assertKeptAfter(scene, camera, () -> { });
            assertKeptAfter(scene, camera, () -> assertDestroyed(() -> doomed.setStatic(true), "setStatic"));
        }
    }

    /** Calls that find nothing to change count no change; the same calls that do change something count one. */
    @Test
    void aCallThatChangesNothingCountsNoChange() {
        try (SceneManager scene = newScene()) {
            Camera camera = eye(scene);
            SceneNode node = scene.rootNode().createChild("node");
            SceneNode child = node.createChild("child");
            SceneNode queued = scene.rootNode().createChild("queued");
            scene.updateFrame(camera);
            assertKeptAfter(scene, camera, () -> node.setStatic(node.isStatic()));
            assertKeptAfter(scene, camera, () -> assertThrows(IllegalArgumentException.class,
                    () -> child.setStatic(true)));
            scene.destroyLater(queued);
            long counted = scene.guard().structureChanges();
            scene.destroyLater(queued);
            assertEquals(counted, scene.guard().structureChanges(), "a node queued twice counts one change");
            assertEquals(1, scene.processPendingDestruction());
            scene.updateFrame(camera);
            assertFalse(scene.renderQueue().isKept(), "a queued node destroyed");
            assertKeptAfter(scene, camera, () -> assertEquals(0, scene.processPendingDestruction()));
            node.setStatic(true);
            scene.updateFrame(camera);
            assertFalse(scene.renderQueue().isKept(), "a node made static");
            scene.destroyLater(child);
            scene.updateFrame(camera);
            assertFalse(child.isAlive(), "the frame destroyed the queued node");
            assertFalse(scene.renderQueue().isKept(), "a node queued for destruction");
        }
    }

    @Test
    void theStaticRuleHoldsWhicheverWayANodeGetsThere() {
        try (SceneManager scene = newScene()) {
            SceneNode loner = scene.createSceneNode("loner");
            assertTrue(loner.setStatic(true).isStatic(), "a detached node is at depth 0, so may be static");
            loner.createChild("static child").setStatic(true);
            assertFalse(loner.setStatic(false).isStatic(), "at depth 0 a dynamic node may hold static children");
            SceneNode dynamic = scene.rootNode().createChild("dynamic");
            IllegalArgumentException moved = assertThrows(IllegalArgumentException.class,
                    () -> loner.reparent(dynamic));
            assertTrue(moved.getMessage().contains("is static"), moved.getMessage());
            assertNull(loner.parent(), "refused: not moved");
            SceneNode fixed = scene.rootNode().createChild("fixed").setStatic(true);
            fixed.createChild("fixed child").setStatic(true);
            IllegalArgumentException unfixed = assertThrows(IllegalArgumentException.class,
                    () -> fixed.setStatic(false));
            assertTrue(unfixed.getMessage().contains("dynamic: its child"), unfixed.getMessage());
            assertTrue(fixed.isStatic());
            SceneNode base = scene.createSceneNode("base");
            assertSame(base, fixed.reparent(base).parent(), "a static node and its static child move together");
            assertSame(scene.rootNode(), fixed.reparent(scene.rootNode()).parent());
        }
    }

    private static void assertKeptAfter(SceneManager scene, Camera camera, Runnable call) {
        call.run();
        scene.updateFrame(camera);
        assertTrue(scene.renderQueue().isKept(), "the cull after the call kept its queue");
    }

    @Test
    void aCullRefusesACameraItDoesNotOwn() {
        try (SceneManager scene = newScene(); SceneManager other = newScene()) {
            Camera foreign = other.createCamera("foreign");
            Camera dead = scene.createCamera("dead");
            scene.destroyCamera(dead);
            scene.update();
            for (Consumer<Camera> frame : List.<Consumer<Camera>>of(
                    camera -> scene.cull(camera, new RenderQueue()), scene::updateFrame)) {
                IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> frame.accept(foreign));
                assertTrue(e.getMessage().contains("another scene"), e.getMessage());
                assertDestroyed(() -> frame.accept(dead), "a destroyed camera");
            }
        }
    }
}
