package io.flatscene.core.scene;

import io.flatscene.core.config.SceneConfig;
import java.util.ConcurrentModificationException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The guard's refusals, each made deterministic: another thread takes the structural claim or a pass and ends
 * without letting go, so that the claim is still held, by a thread with a name, when this thread calls. Every
 * refusal names who holds the scene and leaves it usable once the holder lets go.
 */
class SceneGuardTest {
    private final SceneManager scene = new SceneManager(SceneConfig.builder().maxNodes(16).build());
    private final SceneNode node = scene.rootNode().createChild("node");
    private final Camera camera = scene.createCamera("eye");

    SceneGuardTest() {
        node.attachObject(camera);
        scene.updateFrame(camera);
    }

    @AfterEach
    void close() {
        scene.close();
    }

    private void onThread(String name, Runnable action) throws InterruptedException {
        Thread thread = new Thread(action, name);
        thread.start();
        thread.join();
    }

    private static String refusal(Class<? extends RuntimeException> type, Executable call) {
        return assertThrows(type, call).getMessage();
    }

    @Test
    void aClaimHeldByAnotherThreadRefusesFramesChangesAndClose() throws InterruptedException {
        onThread("holder", () -> assertTrue(scene.guard().claim("a held claim")));

        String frame = refusal(ConcurrentModificationException.class, () -> scene.updateFrame(camera));
        assertTrue(frame.startsWith("cannot run a frame for ") && frame.contains("eye")
                && frame.contains("thread 'holder' is changing the scene's structure"), frame);
        String update = refusal(ConcurrentModificationException.class, scene::update);
        assertTrue(update.startsWith("cannot update the scene: thread 'holder'"), update);
        String structure = refusal(IllegalStateException.class, () -> node.createChild("late"));
        assertTrue(structure.contains("thread 'holder' is changing the scene's structure"), structure);
        String value = refusal(IllegalStateException.class, () -> node.setPosition(1f, 2f, 3f));
        assertTrue(value.startsWith("cannot change " + node.describe() + ": thread 'holder'"), value);
        String close = refusal(IllegalStateException.class, scene::close);
        assertEquals("cannot close the scene: thread 'holder' is changing its structure; close it between frames, "
                + "on the thread that runs them", close);

        scene.guard().release(true);
        assertEquals(2, scene.nodeCount(), "nothing refused got through");
        node.setPosition(1f, 2f, 3f);
        assertEquals(1, scene.updateFrame(camera).nodesUpdated());
        scene.validate();
    }

    @Test
    void aPassHeldByAnotherThreadRefusesFramesChangesAndClose() throws InterruptedException {
        onThread("runner", () -> scene.guard().beginPass("hold a pass", null));

        String frame = refusal(IllegalStateException.class, () -> scene.cull(camera, new RenderQueue()));
        assertEquals("cannot run a frame for " + camera.describe() + ": a frame is already running on thread "
                + "'runner'; frames run one at a time", frame);
        String update = refusal(IllegalStateException.class, scene::updateAllTransforms);
        assertTrue(update.startsWith("cannot update the transforms: a frame is already running"), update);
        String structure = refusal(IllegalStateException.class, () -> node.createChild("late"));
        assertTrue(structure.contains("the scene cannot change while a frame runs (on thread 'runner')"), structure);
        String value = refusal(IllegalStateException.class, () -> node.setPosition(1f, 2f, 3f));
        assertTrue(value.contains("while a frame runs (on thread 'runner')"), value);
        String close = refusal(IllegalStateException.class, scene::close);
        assertEquals("cannot close the scene while a frame runs (on thread 'runner'); close it between frames, on "
                + "the thread that runs them", close);

        scene.guard().endPass();
        assertFalse(scene.guard().isClosed(), "a refused close leaves the scene open");
        node.createChild("after");
        scene.validate();
    }

    @Test
    void aPassThatEndedIsNamedWhileTheTransformsStillUpdate() throws InterruptedException {
        onThread("last frame", () -> scene.update());
        scene.transforms().setUpdating(true);
        try {
            String structure = refusal(IllegalStateException.class, () -> node.createChild("late"));
            assertTrue(structure.contains("while a frame runs (on thread 'last frame')"), structure);
            String value = refusal(IllegalStateException.class, () -> node.setScale(2f, 2f, 2f));
            assertTrue(value.contains("while a frame runs (on thread 'last frame')"), value);
            String close = refusal(IllegalStateException.class, scene::close);
            assertEquals("cannot close the scene while a frame runs; close it between frames, on the thread that "
                    + "runs them", close);
        } finally {
            scene.transforms().setUpdating(false);
        }
        assertEquals(2, scene.nodeCount());
        scene.validate();
    }

    @Test
    void aChangeMadeInsideAnotherKeepsTheOuterClaim() {
        assertTrue(scene.guard().claim("outer"));
        try {
            assertFalse(scene.guard().claim("inner"), "the thread already holds the claim");
            node.setPosition(1f, 0f, 0f);
            node.createChild("inside");
        } finally {
            scene.guard().release(true);
        }
        assertEquals(3, scene.nodeCount());
        scene.update();
    }

    @Test
    void aClosedSceneRefusesFramesAndChangesAndClosesOnce() {
        scene.close();
        assertTrue(scene.guard().isClosed());
        String update = refusal(IllegalStateException.class, scene::update);
        assertEquals("cannot update the scene: the scene was closed", update);
        String claim = refusal(IllegalStateException.class, () -> scene.guard().claim("a late change"));
        assertEquals("cannot change a late change: its scene was closed", claim);
        String value = refusal(IllegalStateException.class, () -> scene.guard().checkMutable("a late value"));
        assertEquals("cannot change a late value: its scene was closed", value);
        assertFalse(scene.guard().close(), "closed already");
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
