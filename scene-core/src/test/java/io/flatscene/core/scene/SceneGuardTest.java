package io.flatscene.core.scene;

import io.flatscene.core.config.SceneConfig;
import java.util.List;
import org.joml.Vector3f;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The guard's refusals, each deterministic: a thread that does not own the scene is refused every call, whether the
 * owner is idle, in a pass or in a structural change (held open by calling the guard directly); on the owner's own
 * thread a pass refuses changes, frames, close and hand-over, and a structural change under way refuses frames,
 * close and hand-over. Every refusal names the call and why, and leaves the scene usable.
 */
class SceneGuardTest {
    private final SceneManager scene = new SceneManager(SceneConfig.builder().maxNodes(16).build());
    private final SceneNode node = scene.rootNode().createChild("node");
    private final Camera camera = scene.createCamera("eye");
    private final String owner = Thread.currentThread().getName();

    SceneGuardTest() {
        node.attachObject(camera);
        scene.updateFrame(camera);
    }

    @AfterEach
    void close() {
        scene.close();
    }

    private static String refusal(Executable call) {
        return assertThrows(IllegalStateException.class, call).getMessage();
    }

    private String notOwner(String intruder) {
        return OtherThread.notOwner(owner, intruder);
    }

    /** Every kind of check, from the intruder's side, with the message each refusal must give. */
    private void assertIntruderRefused() throws InterruptedException {
        List<Throwable> thrown = OtherThread.run("intruder",
                () -> scene.updateFrame(camera),
                scene::update,
                () -> node.createChild("late"),
                () -> node.setPosition(1f, 2f, 3f),
                () -> node.getPosition(new Vector3f()),
                scene::nodeCount,
                () -> scene.findNodeByName("node"),
                scene::close,
                () -> scene.handOver(Thread.currentThread()));
        List<String> expected = List.of(
                "cannot run a frame for " + camera.describe() + ": " + notOwner("intruder"),
                "cannot update the scene: " + notOwner("intruder"),
                "cannot change " + node.describe() + ": " + notOwner("intruder"),
                "cannot change " + node.describe() + ": " + notOwner("intruder"),
                "cannot read the local transform of " + node.describe() + ": " + notOwner("intruder"),
                "cannot count nodes: " + notOwner("intruder"),
                "cannot find a node by name: " + notOwner("intruder"),
                "cannot close the scene: " + notOwner("intruder"),
                "cannot hand the scene over to thread 'intruder': " + notOwner("intruder"));
        for (int i = 0; i < expected.size(); i++) {
            Throwable t = thrown.get(i);
            assertTrue(t instanceof IllegalStateException, "call " + i + " threw " + t);
            assertEquals(expected.get(i), t.getMessage());
        }
    }

    @Test
    void anotherThreadIsRefusedEveryCallWhileTheOwnerIsIdle() throws InterruptedException {
        node.setPosition(0f, 1f, 0f);
        scene.guard().takeChanged();
        long before = scene.guard().structureChanges();
        assertIntruderRefused();
        assertFalse(scene.guard().takeChanged(), "a refused call recorded a change");
        assertEquals(before, scene.guard().structureChanges());
        assertEquals(List.of(2, new Vector3f(0f, 1f, 0f)), List.of(scene.nodeCount(),
                node.getPosition(new Vector3f())), "nothing refused got through");
        assertFalse(scene.isClosed());
        scene.validate();
    }

    @Test
    void anotherThreadIsRefusedEveryCallWhileTheOwnerRunsAPassOrAChange() throws InterruptedException {
        scene.guard().beginPass("hold a pass", null);
        try {
            assertIntruderRefused();
        } finally {
            scene.guard().endPass();
        }
        assertTrue(scene.guard().claim("a held claim"));
        try {
            assertIntruderRefused();
        } finally {
            scene.guard().release(true);
        }
        node.createChild("after");
        scene.validate();
    }

    @Test
    void aPassOnTheOwnersThreadRefusesChangesFramesCloseAndHandOverButNotReads() {
        scene.guard().beginPass("hold a pass", null);
        try {
            assertEquals("cannot run a frame for " + camera.describe() + ": a frame is already running on thread '"
                    + owner + "'; frames run one at a time", refusal(() -> scene.cull(camera, new RenderQueue())));
            assertEquals("cannot update the transforms: a frame is already running on thread '" + owner
                    + "'; frames run one at a time", refusal(scene::updateAllTransforms));
            String running = "the scene cannot change while a frame runs (on thread '" + owner + "'); change it "
                    + "between frames";
            assertEquals("cannot change " + node.describe() + ": " + running, refusal(() -> node.createChild("late")));
            assertEquals("cannot change " + node.describe() + ": " + running,
                    refusal(() -> node.setPosition(1f, 2f, 3f)));
            assertEquals("cannot find a node by name: a frame is running on thread '" + owner + "'; call it between "
                    + "frames", refusal(() -> scene.findNodeByName("node")));
            assertEquals("cannot close the scene while a frame runs (on thread '" + owner + "'); call it between "
                    + "frames", refusal(scene::close));
            assertEquals("cannot hand the scene over to no thread while a frame runs (on thread '" + owner + "'); "
                    + "call it between frames", refusal(() -> scene.handOver(null)));
            assertEquals(2, scene.nodeCount(), "the owner reads during its own pass");
            assertEquals(new Vector3f(), node.getPosition(new Vector3f()));
        } finally {
            scene.guard().endPass();
        }
        assertFalse(scene.guard().isClosed(), "a refused close leaves the scene open");
        node.createChild("after").setPosition(1f, 0f, 0f);
        scene.handOver(Thread.currentThread());
        assertEquals(1, scene.updateFrame(camera).nodesUpdated());
        scene.validate();
    }

    @Test
    void aChangeMadeInsideAnotherKeepsTheOuterClaimAndHoldsFramesCloseAndHandOverOff() {
        assertTrue(scene.guard().claim("outer"));
        try {
            assertFalse(scene.guard().claim("inner"), "the thread already holds the claim");
            scene.guard().release(false);
            node.setPosition(1f, 0f, 0f);
            node.createChild("inside");
            assertEquals("cannot update the scene: a structural change is under way on thread '" + owner + "'; run "
                    + "frames between changes", refusal(scene::update));
            assertEquals("cannot run a frame for " + camera.describe() + ": a structural change is under way on "
                    + "thread '" + owner + "'; run frames between changes", refusal(() -> scene.updateFrame(camera)));
            assertEquals("cannot close the scene while a structural change is under way (on thread '" + owner
                    + "'); call it between frames", refusal(scene::close));
            assertEquals("cannot hand the scene over to thread 'next' while a structural change is under way (on "
                    + "thread '" + owner + "'); call it between frames", refusal(() -> scene.handOver(
                    new Thread("next"))));
        } finally {
            scene.guard().release(true);
        }
        assertEquals(3, scene.nodeCount());
        scene.update();
        scene.validate();
    }

    @Test
    void aClosedSceneRefusesEveryThreadAndClosesOnceOnAny() throws InterruptedException {
        scene.close();
        assertTrue(scene.guard().isClosed());
        assertEquals("cannot update the scene: the scene was closed", refusal(scene::update));
        assertEquals("cannot change a late change: its scene was closed",
                refusal(() -> scene.guard().claim("a late change")));
        assertEquals("cannot change a late value: its scene was closed",
                refusal(() -> scene.guard().checkMutable("a late value")));
        assertEquals("cannot hand the scene over to no thread: the scene was closed",
                refusal(() -> scene.handOver(null)));
        assertFalse(scene.guard().close(), "closed already");
        List<Throwable> thrown = OtherThread.run("late", () -> scene.guard().checkReadable("the tag", "a subject"),
                () -> scene.guard().checkAvailable("count nodes"), () -> scene.guard().checkMutable("a value"),
                scene::close);
        assertEquals(List.of("cannot read the tag of a subject: the scene was closed",
                "cannot count nodes: the scene was closed", "cannot change a value: its scene was closed"),
                thrown.subList(0, 3).stream().map(Throwable::getMessage).toList());
        assertEquals(null, thrown.get(3), "closing a closed scene is harmless on any thread");
    }

    @Test
    void takeChangedReportsEachChangeOnce() {
        scene.guard().takeChanged();
        assertFalse(scene.guard().takeChanged());
        node.setPosition(0f, 1f, 0f);
        assertTrue(scene.guard().takeChanged());
        assertFalse(scene.guard().takeChanged());
        long before = scene.guard().structureChanges();
        node.createChild("one more");
        assertTrue(scene.guard().takeChanged());
        assertEquals(before + 1, scene.guard().structureChanges());
    }
}
