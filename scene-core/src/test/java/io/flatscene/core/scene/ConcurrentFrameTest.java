package io.flatscene.core.scene;

import io.flatscene.core.config.SceneConfig;
import io.flatscene.core.scene.frame.VisibilityOraclePropertyTest;
import java.util.ArrayList;
import java.util.ConcurrentModificationException;
import java.util.List;
import java.util.Random;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.joml.Vector3f;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A scene is changed between frames on the thread that runs them; another thread that tries anyway must be told so,
 * and the frame must never hand out a corrupted queue. Nothing here asserts timing: the frames just keep running
 * until the other thread has hit one (bounded), and every outcome is checked.
 */
class ConcurrentFrameTest {
    private static final int ITEMS = 50_000;
    /** Enough frames that a thread hammering the scene meets one running; each frame takes milliseconds. */
    private static final int MAX_FRAMES = 3_000;
    private static final int MIN_FRAMES = 30;
    private static final long JOIN_MILLIS = 60_000;
    private static final int FRAMES_EACH = 2_000;
    /** Far longer than the frames take (well under a second on a loaded machine); past it, a thread is stuck. */
    private static final long HANG_MILLIS = 25_000;

    private static VisibilityScenes.Built largeScene() {
        VisibilityScenes.Built built = VisibilityScenes.build(2024, 20_000, ITEMS, 17_000, 0.2, 2);
        built.cameraNode.setPosition(0, 0, 150).lookAt(new Vector3f(), Space.PARENT);
        return built;
    }

    private static Thread daemon(String name, Runnable body) {
        Thread thread = new Thread(body, name);
        thread.setDaemon(true);
        return thread;
    }

    @Test
    void changesFromAnotherThreadDuringAFrameAreRejected() throws InterruptedException {
        try (VisibilityScenes.Built built = largeScene()) {
            SceneManager scene = built.scene;
            scene.updateFrame(built.camera);
            SceneNode target = built.nodes.get(1);
            AtomicBoolean framesDone = new AtomicBoolean();
            AtomicInteger rejected = new AtomicInteger();
            AtomicInteger structuralRejected = new AtomicInteger();
            AtomicInteger frames = new AtomicInteger();
            AtomicInteger framesRefused = new AtomicInteger();
            ConcurrentLinkedQueue<Throwable> unexpected = new ConcurrentLinkedQueue<>();
            ConcurrentLinkedQueue<String> messages = new ConcurrentLinkedQueue<>();

            Thread game = daemon("frame-thread", () -> {
                try {
                    while (frames.get() < MAX_FRAMES && (frames.get() < MIN_FRAMES || rejected.get() == 0
                            || structuralRejected.get() == 0)) {
                        try {
                            scene.updateFrame(built.camera);
                        } catch (ConcurrentModificationException e) {
                            framesRefused.incrementAndGet();
                        }
                        frames.incrementAndGet();
                    }
                } catch (Throwable e) {
                    unexpected.add(e);
                } finally {
                    framesDone.set(true);
                }
            });
            Thread meddler = daemon("meddling-thread", () -> {
                List<SceneNode> created = new ArrayList<>();
                Random random = new Random(1);
                while (frames.get() == 0 && !framesDone.get()) {
                    Thread.onSpinWait();
                }
                while (!framesDone.get()) {
                    int op = random.nextInt(4);
                    try {
                        switch (op) {
                            case 0 -> created.add(target.createChild("from another thread"));
                            case 1 -> {
                                if (!created.isEmpty()) {
                                    scene.destroySceneNode(created.remove(created.size() - 1));
                                } else {
                                    created.add(scene.createSceneNode("from another thread"));
                                }
                            }
                            case 2 -> scene.createItem(1, 1, new Aabb(0, 0, 0, 1, 1, 1));
                            default -> target.setPosition(random.nextFloat(), 0, 0);
                        }
                    } catch (IllegalStateException e) {
                        rejected.incrementAndGet();
                        if (op != 3) {
                            structuralRejected.incrementAndGet();
                        }
                        if (messages.size() < 3) {
                            messages.add(e.getMessage());
                        }
                    } catch (Throwable e) {
                        unexpected.add(e);
                        return;
                    }
                }
            });
            game.start();
            meddler.start();
            game.join(JOIN_MILLIS);
            meddler.join(JOIN_MILLIS);
            assertFalse(game.isAlive() || meddler.isAlive(), "the threads did not finish");
            if (!unexpected.isEmpty()) {
                AssertionError error = new AssertionError("unexpected exceptions after " + frames.get() + " frames ("
                        + framesRefused.get() + " refused with ConcurrentModificationException)");
                unexpected.forEach(error::addSuppressed);
                throw error;
            }
            assertTrue(rejected.get() > 0, "no change was refused in " + frames.get() + " frames");
            assertTrue(structuralRejected.get() > 0, "no structural change was refused in " + frames.get()
                    + " frames");
            for (String message : messages) {
                assertTrue(message.contains("frame runs") && message.contains("frame-thread"),
                        "the refusal says a frame runs and on which thread: " + message);
            }

            // Whatever slipped in between frames, the scene is consistent and the next frame is exact.
            scene.validate();
            FrameStats stats = scene.updateFrame(built.camera);
            assertTrue(stats.itemsVisible() > 0, stats.toString());
            VisibilityOraclePropertyTest.checkAgainstOracle(built, stats, "after the concurrent run");
            RenderQueueTest.assertBatchesAreMaximalHomogeneousRuns(scene);
        }
    }

    /**
     * close() from another thread while frames run on two workers is refused during a frame (never parking the frame
     * thread in the worker pool's barrier); once it gets through, between two frames, the next frame is refused with a
     * clear exception instead of hanging.
     */
    @Test
    void closeFromAnotherThreadIsRefusedDuringAFrameAndEndsTheFramesCleanly() throws InterruptedException {
        VisibilityScenes.Built built = largeScene();
        SceneManager scene = built.scene;
        scene.updateFrame(built.camera);
        AtomicBoolean closed = new AtomicBoolean();
        AtomicInteger frames = new AtomicInteger();
        AtomicInteger closeRefusals = new AtomicInteger();
        ConcurrentLinkedQueue<Throwable> unexpected = new ConcurrentLinkedQueue<>();
        ConcurrentLinkedQueue<String> frameRefusals = new ConcurrentLinkedQueue<>();
        Thread game = daemon("frame-thread", () -> {
            try {
                while (true) {
                    scene.updateFrame(built.camera);
                    frames.incrementAndGet();
                }
            } catch (IllegalStateException e) {
                frameRefusals.add(e.getMessage());
            } catch (Throwable e) {
                unexpected.add(e);
            }
        });
        Thread closer = daemon("closing-thread", () -> {
            while (frames.get() < MIN_FRAMES) {
                Thread.onSpinWait();
            }
            while (!closed.get()) {
                try {
                    scene.close();
                    closed.set(true);
                } catch (IllegalStateException e) {
                    closeRefusals.incrementAndGet();
                    if (!e.getMessage().contains("while a frame runs")) {
                        unexpected.add(e);
                        return;
                    }
                }
            }
        });
        game.start();
        closer.start();
        game.join(HANG_MILLIS);
        closer.join(HANG_MILLIS);
        assertFalse(game.isAlive() || closer.isAlive(), "a thread hung after " + frames.get() + " frames");
        if (!unexpected.isEmpty()) {
            AssertionError error = new AssertionError("unexpected exceptions after " + frames.get() + " frames");
            unexpected.forEach(error::addSuppressed);
            throw error;
        }
        assertTrue(closed.get());
        assertEquals(1, frameRefusals.size());
        assertTrue(frameRefusals.peek().matches(".*(scene was closed|closed scene).*"), frameRefusals.peek());
        IllegalStateException again = assertThrows(IllegalStateException.class,
                () -> scene.updateFrame(built.camera));
        assertTrue(again.getMessage().matches(".*(scene was closed|closed scene).*"), again.getMessage());
    }

    /**
     * Deferred destruction queued from another thread while the frame thread processes the queue: every call goes
     * through the structural claim, so each is either refused with a clear message or applied whole, and the
     * pending list is never corrupted.
     */
    @Test
    void destroyLaterFromAnotherThreadNeverCorruptsThePendingList() throws InterruptedException {
        try (SceneManager scene = new SceneManager(SceneConfig.builder().maxNodes(4_096).build())) {
            List<SceneNode> doomed = new ArrayList<>();
            for (int i = 0; i < 2_000; i++) {
                doomed.add(scene.rootNode().createChild("doomed " + i));
            }
            AtomicBoolean done = new AtomicBoolean();
            AtomicInteger queued = new AtomicInteger();
            AtomicInteger refused = new AtomicInteger();
            ConcurrentLinkedQueue<Throwable> unexpected = new ConcurrentLinkedQueue<>();
            Thread game = daemon("frame-thread", () -> {
                try {
                    while (!done.get()) {
                        try {
                            scene.processPendingDestruction();
                        } catch (IllegalStateException e) {
                            if (!e.getMessage().contains("meddling-thread")) {
                                unexpected.add(e);
                            }
                        }
                    }
                } catch (Throwable e) {
                    unexpected.add(e);
                }
            });
            Thread meddler = daemon("meddling-thread", () -> {
                try {
                    for (SceneNode node : doomed) {
                        // refused while the frame thread holds the claim: try again until it lets go
                        while (true) {
                            try {
                                scene.destroyLater(node);
                                queued.incrementAndGet();
                                break;
                            } catch (IllegalStateException e) {
                                refused.incrementAndGet();
                                if (!e.getMessage().contains("changing the scene's structure")) {
                                    unexpected.add(e);
                                    return;
                                }
                            }
                        }
                    }
                } catch (Throwable e) {
                    unexpected.add(e);
                } finally {
                    done.set(true);
                }
            });
            game.start();
            meddler.start();
            meddler.join(HANG_MILLIS);
            game.join(HANG_MILLIS);
            assertFalse(game.isAlive() || meddler.isAlive(), "a thread hung");
            if (!unexpected.isEmpty()) {
                AssertionError error = new AssertionError("unexpected exceptions");
                unexpected.forEach(error::addSuppressed);
                throw error;
            }
            scene.processPendingDestruction();
            scene.validate();
            assertEquals(0, scene.pendingDestructionCount());
            assertEquals(doomed.size(), queued.get());
            assertTrue(doomed.stream().noneMatch(SceneNode::isAlive), "every node queued was destroyed");
            assertEquals(1, scene.nodeCount(), refused.get() + " refusals on the way");
        }
    }

    /**
     * Node lists created from two threads at once: each call takes the structural claim, so each is either refused,
     * naming the other thread, or gets a list of its own. Without the claim the shared list pool was corrupted (an
     * index out of bounds, or one list handed out twice).
     */
    @Test
    void nodeListsCreatedFromTwoThreadsAreNeverShared() throws InterruptedException {
        int each = 50_000;
        try (SceneManager scene = new SceneManager(SceneConfig.builder().maxNodes(2 * each + 1).build())) {
            ConcurrentLinkedQueue<NodeList> lists = new ConcurrentLinkedQueue<>();
            ConcurrentLinkedQueue<Throwable> unexpected = new ConcurrentLinkedQueue<>();
            AtomicInteger ready = new AtomicInteger();
            Runnable create = () -> {
                try {
                    // both start together, so that their calls overlap rather than one thread finishing first
                    ready.incrementAndGet();
                    while (ready.get() < 2) {
                        Thread.onSpinWait();
                    }
                    // refused while the other thread holds the claim: try again until it lets go
                    for (int made = 0; made < each; ) {
                        try {
                            lists.add(scene.createNodeList(0));
                            made++;
                        } catch (IllegalStateException e) {
                            if (!e.getMessage().matches(".*thread 'lists-[12]' is changing the scene's structure.*")) {
                                unexpected.add(e);
                                return;
                            }
                        }
                    }
                } catch (Throwable e) {
                    unexpected.add(e);
                }
            };
            Thread first = daemon("lists-1", create);
            Thread second = daemon("lists-2", create);
            first.start();
            second.start();
            first.join(HANG_MILLIS);
            second.join(HANG_MILLIS);
            assertFalse(first.isAlive() || second.isAlive(), "a thread hung");
            if (!unexpected.isEmpty()) {
                AssertionError error = new AssertionError("unexpected exceptions");
                unexpected.forEach(error::addSuppressed);
                throw error;
            }
            scene.validate();
            assertEquals(2 * each, lists.size());
            // a list handed out twice would hold the nodes of both its holders
            for (NodeList list : lists) {
                list.add(scene.createSceneNode(""));
            }
            for (NodeList list : lists) {
                assertEquals(1, list.size(), "a list was handed out twice");
            }
            scene.validate();
        }
    }

    /**
     * Two threads asking for frames at once: each call must either run a whole frame or be refused with
     * IllegalStateException. The check that a frame is running and the claim of the scene by the new frame must be
     * one atomic step, or both threads can pass the check together and drive the worker pool at the same time.
     */
    @Test
    void aSecondFrameThreadIsRefusedNotInterleaved() throws InterruptedException {
        // Past the parallel item threshold, so the frames use the worker pool, yet short: many frame starts to race.
        try (VisibilityScenes.Built built = VisibilityScenes.build(7, 200, 10_000, 50, 0.2, 2)) {
            built.cameraNode.setPosition(0, 0, 150).lookAt(new Vector3f(), Space.PARENT);
            SceneManager scene = built.scene;
            scene.updateFrame(built.camera);
            ConcurrentLinkedQueue<Throwable> unexpected = new ConcurrentLinkedQueue<>();
            AtomicInteger refused = new AtomicInteger();
            AtomicInteger completed = new AtomicInteger();
            AtomicBoolean stop = new AtomicBoolean();
            // Each thread keeps asking until it has run its share, so the two contend for every frame.
            Runnable frames = () -> {
                int mine = 0;
                for (long attempt = 0; mine < FRAMES_EACH && !stop.get() && attempt < 200_000_000L; attempt++) {
                    try {
                        scene.updateFrame(built.camera);
                        completed.incrementAndGet();
                        mine++;
                    } catch (IllegalStateException e) {
                        refused.incrementAndGet();
                    } catch (Throwable e) {
                        unexpected.add(e);
                        return;
                    }
                }
            };
            Thread first = daemon("frames-1", frames);
            Thread second = daemon("frames-2", frames);
            first.start();
            second.start();
            // A liveness bound, not a timing assertion: a hung frame thread never returns at all.
            first.join(HANG_MILLIS);
            second.join(HANG_MILLIS);
            // A thread stuck in a frame holds the scene, so the other one would only collect refusals from here.
            stop.set(true);
            assertFalse(first.isAlive() || second.isAlive(), "frame threads hung after " + completed.get()
                    + " frames and " + refused.get() + " refusals");
            if (!unexpected.isEmpty()) {
                AssertionError error = new AssertionError("unexpected exceptions");
                unexpected.forEach(error::addSuppressed);
                throw error;
            }
            assertEquals(2 * FRAMES_EACH, completed.get());
            assertTrue(refused.get() > 0, "the threads never met");
            scene.validate();
            FrameStats stats = scene.updateFrame(built.camera);
            VisibilityOraclePropertyTest.checkAgainstOracle(built, stats, "after two frame threads");
        }
    }

    @Test
    void degenerateCameraSettingsAreRejectedWithTheValueNamed() {
        try (SceneManager scene = new SceneManager(SceneConfig.builder().workerThreads(1).build())) {
            Camera camera = scene.createCamera("eye");
            camera.setPerspective(1f, 0.5f, 200f).setViewport(640, 480);

            assertRejected(() -> camera.setPerspective(1f, 10f, 10f), "10.0");
            assertRejected(() -> camera.setPerspective(1f, 20f, 10f), "20.0");
            assertRejected(() -> camera.setPerspective(1f, 0f, 10f), "near 0.0");
            assertRejected(() -> camera.setPerspective(1f, -1f, 10f), "-1.0");
            assertRejected(() -> camera.setPerspective(1f, 0.1f, Float.POSITIVE_INFINITY), "Infinity");
            assertRejected(() -> camera.setPerspective(1f, Float.NaN, 10f), "NaN");
            assertRejected(() -> camera.setPerspective(0f, 0.1f, 10f), "0.0");
            assertRejected(() -> camera.setPerspective((float) Math.PI, 0.1f, 10f), String.valueOf((float) Math.PI));
            assertRejected(() -> camera.setPerspective(Float.NaN, 0.1f, 10f), "NaN");
            assertRejected(() -> camera.setOrthographic(0f, 0f, 10f), "0.0");
            assertRejected(() -> camera.setOrthographic(-5f, 0f, 10f), "-5.0");
            assertRejected(() -> camera.setOrthographic(Float.POSITIVE_INFINITY, 0f, 10f), "Infinity");
            assertRejected(() -> camera.setOrthographic(10f, 5f, 5f), "5.0");
            assertRejected(() -> camera.setOrthographic(10f, -0.5f, 5f), "-0.5");
            assertRejected(() -> camera.setViewport(0, 480), "0x480");
            assertRejected(() -> camera.setViewport(640, -1), "640x-1");

            // Nothing of a refused setting stuck.
            assertEquals(Camera.Projection.PERSPECTIVE, camera.projection());
            assertEquals(1f, camera.fovY());
            assertEquals(0.5f, camera.near());
            assertEquals(200f, camera.far());
            assertEquals(640, camera.viewportWidth());
            assertEquals(480, camera.viewportHeight());

            // Boundaries that are fine: an orthographic near plane at 0, a 1x1 viewport.
            camera.setOrthographic(10f, 0f, 1f).setViewport(1, 1);
            assertEquals(0f, camera.near());
        }
    }

    /**
     * The setters keep near, far, field of view and viewport sane, but the view comes from the camera node's world
     * matrix: a zero scale on it or an ancestor makes that matrix singular and every frustum plane NaN. Culling
     * must then refuse the frame or draw nothing; NaN planes must not pass every box.
     */
    @Test
    void aCameraOnASingularNodeNeverCullsAgainstNaNPlanes() {
        try (SceneManager scene = new SceneManager(SceneConfig.builder().workerThreads(1).build())) {
            Camera camera = scene.createCamera("eye");
            SceneNode eye = scene.rootNode().createChild("eye");
            eye.attachObject(camera);
            // Behind the camera, which looks down -Z: nothing here is ever in view.
            for (int i = 0; i < 10; i++) {
                scene.rootNode().createChild().setPosition(i * 3, 0, 50 + i)
                        .attachObject(scene.createItem(0, 0, new Aabb(0, 0, 0, 1, 1, 1)));
            }
            assertEquals(0, scene.updateFrame(camera).itemsVisible());
            eye.setScale(0, 0, 0);
            try {
                FrameStats stats = scene.updateFrame(camera);
                assertEquals(0, stats.itemsVisible(), "a camera node scaled to zero drew items behind it");
            } catch (IllegalStateException | IllegalArgumentException refused) {
                assertTrue(refused.getMessage().contains("eye"), "the refusal names the camera: "
                        + refused.getMessage());
            }
        }
    }

    private static void assertRejected(Runnable change, String value) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, change::run);
        assertTrue(e.getMessage().contains(value), "'" + e.getMessage() + "' should name " + value);
        assertTrue(e.getMessage().contains("camera"), "'" + e.getMessage() + "' should name the camera");
    }
}
