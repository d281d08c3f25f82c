package io.flatscene.core.scene;

import io.flatscene.core.config.SceneConfig;
import io.flatscene.core.scene.frame.VisibilityOraclePropertyTest;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.joml.Vector3f;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A scene belongs to the thread it was handed to; another thread that calls it anyway, while frames run on the owner
 * or between them, must be refused every time, and the owner's frames must never hand out a corrupted queue. Nothing
 * here asserts timing: the threads wait for each other by counts and latches, and every outcome is checked.
 */
class ConcurrentFrameTest {
    private static final int ITEMS = 50_000;
    private static final int MIN_FRAMES = 30;
    private static final int ATTEMPTS = 20_000;
    private static final int FRAMES_EACH = 300;
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

    private static void joinAll(Thread... threads) throws InterruptedException {
        for (Thread thread : threads) {
            thread.join(HANG_MILLIS);
        }
        for (Thread thread : threads) {
            assertFalse(thread.isAlive(), "thread '" + thread.getName() + "' hung");
        }
    }

    private static void assertNone(ConcurrentLinkedQueue<Throwable> unexpected) {
        if (!unexpected.isEmpty()) {
            AssertionError error = new AssertionError("unexpected exceptions");
            unexpected.forEach(error::addSuppressed);
            throw error;
        }
    }

    /** Whether a refusal names the owner and the caller, as the guard's message for a thread without the scene does. */
    private static boolean namesBoth(Throwable refusal, String owner, String caller) {
        return refusal instanceof IllegalStateException && refusal.getMessage().contains(
                "the scene belongs to thread '" + owner + "', not to thread '" + caller + "'");
    }

    @Test
    void changesFromAnotherThreadWhileFramesRunAreRefusedEveryTime() throws InterruptedException {
        try (VisibilityScenes.Built built = largeScene()) {
            SceneManager scene = built.scene;
            scene.updateFrame(built.camera);
            SceneNode target = built.nodes.get(1);
            Vector3f before = target.getPosition(new Vector3f());
            int nodesBefore = scene.nodeCount();
            Thread main = Thread.currentThread();
            AtomicBoolean meddlerDone = new AtomicBoolean();
            AtomicInteger frames = new AtomicInteger();
            int[] refused = new int[2];
            ConcurrentLinkedQueue<Throwable> unexpected = new ConcurrentLinkedQueue<>();

            Thread game = daemon("frame-thread", () -> {
                try {
                    while (frames.get() < MIN_FRAMES || !meddlerDone.get()) {
                        scene.updateFrame(built.camera);
                        frames.incrementAndGet();
                    }
                    scene.handOver(main);
                } catch (Throwable e) {
                    unexpected.add(e);
                }
            });
            Thread meddler = daemon("meddling-thread", () -> {
                Random random = new Random(1);
                while (frames.get() == 0) {
                    Thread.onSpinWait();
                }
                for (int attempt = 0; attempt < ATTEMPTS; attempt++) {
                    int op = random.nextInt(4);
                    try {
                        switch (op) {
                            case 0 -> target.createChild("from another thread");
                            case 1 -> scene.destroySceneNode(target);
                            case 2 -> scene.createItem(1, 1, new Aabb(0, 0, 0, 1, 1, 1));
                            default -> target.setPosition(random.nextFloat(), 0, 0);
                        }
                        unexpected.add(new AssertionError("op " + op + " went through"));
                    } catch (Throwable e) {
                        if (!namesBoth(e, "frame-thread", "meddling-thread")) {
                            unexpected.add(e);
                        }
                        refused[op == 3 ? 1 : 0]++;
                    }
                }
                meddlerDone.set(true);
            });
            scene.handOver(game);
            game.start();
            meddler.start();
            joinAll(game, meddler);
            assertNone(unexpected);
            assertEquals(ATTEMPTS, refused[0] + refused[1], "every call of the meddler was refused");
            assertTrue(refused[0] > 0 && refused[1] > 0, "structural and value changes were tried");

            scene.validate();
            assertEquals(nodesBefore, scene.nodeCount());
            assertEquals(before, target.getPosition(new Vector3f()));
            FrameStats stats = scene.updateFrame(built.camera);
            assertTrue(stats.itemsVisible() > 0, stats.toString());
            VisibilityOraclePropertyTest.checkAgainstOracle(built, stats, "after the concurrent run");
            RenderQueueTest.assertBatchesAreMaximalHomogeneousRuns(scene);
        }
    }

    /**
     * close() from another thread while the owner runs frames on two workers is refused every time (never parking
     * the frame thread in the worker pool's barrier); the owner closes between two frames, its next frame is refused
     * with a clear exception instead of hanging, and a close after that is harmless on any thread.
     */
    @Test
    void closeFromAnotherThreadIsRefusedAndTheOwnerClosesBetweenFrames() throws InterruptedException {
        VisibilityScenes.Built built = largeScene();
        SceneManager scene = built.scene;
        scene.updateFrame(built.camera);
        AtomicInteger frames = new AtomicInteger();
        AtomicInteger closeRefusals = new AtomicInteger();
        ConcurrentLinkedQueue<Throwable> unexpected = new ConcurrentLinkedQueue<>();
        ConcurrentLinkedQueue<String> frameRefusals = new ConcurrentLinkedQueue<>();
        CountDownLatch closed = new CountDownLatch(1);
        Thread game = daemon("frame-thread", () -> {
            try {
                while (frames.get() < MIN_FRAMES || closeRefusals.get() < ATTEMPTS / 10) {
                    scene.updateFrame(built.camera);
                    frames.incrementAndGet();
                }
                scene.close();
                closed.countDown();
                scene.updateFrame(built.camera);
            } catch (IllegalStateException e) {
                frameRefusals.add(e.getMessage());
            } catch (Throwable e) {
                unexpected.add(e);
            }
        });
        Thread closer = daemon("closing-thread", () -> {
            try {
                while (frames.get() < 1) {
                    Thread.onSpinWait();
                }
                for (int attempt = 0; attempt < ATTEMPTS / 10; attempt++) {
                    try {
                        scene.close();
                        unexpected.add(new AssertionError("closed by a thread that does not own the scene"));
                    } catch (IllegalStateException e) {
                        closeRefusals.incrementAndGet();
                        if (!namesBoth(e, "frame-thread", "closing-thread")) {
                            unexpected.add(e);
                        }
                    }
                }
                closed.await();
                scene.close();
            } catch (Throwable e) {
                unexpected.add(e);
            }
        });
        scene.handOver(game);
        game.start();
        closer.start();
        joinAll(game, closer);
        assertNone(unexpected);
        assertEquals(ATTEMPTS / 10, closeRefusals.get());
        assertEquals(1, frameRefusals.size());
        assertTrue(frameRefusals.peek().matches(".*(scene was closed|closed scene).*"), frameRefusals.peek());
        IllegalStateException again = assertThrows(IllegalStateException.class,
                () -> scene.updateFrame(built.camera));
        assertTrue(again.getMessage().matches(".*(scene was closed|closed scene).*"), again.getMessage());
    }

    /**
     * Deferred destruction from a thread that does not own the scene, while the owner processes the queue: every call
     * is refused and queues nothing; handed the scene, that thread queues every node, and the queue destroys them.
     */
    @Test
    void destroyLaterFromAnotherThreadIsRefusedUntilTheSceneIsHandedToIt() throws InterruptedException {
        try (SceneManager scene = new SceneManager(SceneConfig.builder().maxNodes(4_096).build())) {
            List<SceneNode> doomed = new ArrayList<>();
            for (int i = 0; i < 2_000; i++) {
                doomed.add(scene.rootNode().createChild("doomed " + i));
            }
            Thread main = Thread.currentThread();
            AtomicBoolean refusalsDone = new AtomicBoolean();
            CountDownLatch handedOver = new CountDownLatch(1);
            AtomicInteger refused = new AtomicInteger();
            AtomicInteger queued = new AtomicInteger();
            ConcurrentLinkedQueue<Throwable> unexpected = new ConcurrentLinkedQueue<>();
            Thread[] meddler = new Thread[1];
            Thread game = daemon("frame-thread", () -> {
                try {
                    while (!refusalsDone.get()) {
                        scene.processPendingDestruction();
                    }
                    assertEquals(0, scene.pendingDestructionCount(), "a refused call queued a node");
                    scene.handOver(meddler[0]);
                    handedOver.countDown();
                } catch (Throwable e) {
                    unexpected.add(e);
                }
            });
            meddler[0] = daemon("meddling-thread", () -> {
                try {
                    for (SceneNode node : doomed) {
                        try {
                            scene.destroyLater(node);
                            unexpected.add(new AssertionError(node + " queued by a thread without the scene"));
                        } catch (IllegalStateException e) {
                            refused.incrementAndGet();
                            if (!namesBoth(e, "frame-thread", "meddling-thread")) {
                                unexpected.add(e);
                            }
                        }
                    }
                    refusalsDone.set(true);
                    handedOver.await();
                    for (SceneNode node : doomed) {
                        scene.destroyLater(node);
                        queued.incrementAndGet();
                    }
                    scene.handOver(main);
                } catch (Throwable e) {
                    unexpected.add(e);
                }
            });
            scene.handOver(game);
            game.start();
            meddler[0].start();
            joinAll(game, meddler[0]);
            assertNone(unexpected);
            assertEquals(doomed.size(), refused.get());
            assertEquals(doomed.size(), queued.get());
            assertEquals(doomed.size(), scene.pendingDestructionCount());
            scene.processPendingDestruction();
            scene.validate();
            assertEquals(0, scene.pendingDestructionCount());
            assertTrue(doomed.stream().noneMatch(SceneNode::isAlive), "every node queued was destroyed");
            assertEquals(1, scene.nodeCount());
        }
    }

    /**
     * Makes {@code calls} calls of {@code call} on each of two threads started together, {@code prefix}-1 owning the
     * scene and {@code prefix}-2 not, and returns how many went through and how many were refused; every refusal must
     * name both threads. The owner hands the scene back to this thread once both are done.
     */
    private static List<Integer> callFromTwoThreads(SceneManager scene, String prefix, int calls, Runnable call)
            throws InterruptedException {
        Thread main = Thread.currentThread();
        ConcurrentLinkedQueue<Throwable> unexpected = new ConcurrentLinkedQueue<>();
        AtomicInteger accepted = new AtomicInteger();
        AtomicInteger refused = new AtomicInteger();
        // both start together, so that their calls overlap rather than one thread finishing first
        CountDownLatch ready = new CountDownLatch(2);
        // the owner hands the scene back once the other thread is done, so that every refusal names the owner
        CountDownLatch done = new CountDownLatch(2);
        Thread[] threads = new Thread[2];
        for (int t = 0; t < 2; t++) {
            boolean owner = t == 0;
            threads[t] = daemon(prefix + "-" + (t + 1), () -> {
                try {
                    ready.countDown();
                    ready.await();
                    for (int made = 0; made < calls; made++) {
                        try {
                            call.run();
                            accepted.incrementAndGet();
                        } catch (IllegalStateException e) {
                            refused.incrementAndGet();
                            if (!namesBoth(e, prefix + "-1", prefix + "-2")) {
                                unexpected.add(e);
                            }
                        }
                    }
                    done.countDown();
                    if (owner) {
                        done.await();
                        scene.handOver(main);
                    }
                } catch (Throwable e) {
                    unexpected.add(e);
                }
            });
        }
        scene.handOver(threads[0]);
        threads[0].start();
        threads[1].start();
        joinAll(threads);
        assertNone(unexpected);
        return List.of(accepted.get(), refused.get());
    }

    /**
     * Node lists created from two threads at once: the thread that owns the scene gets a list of its own each time,
     * the other is refused each time, naming both. Without a rule the shared list pool was corrupted (an index out of
     * bounds, or one list handed out twice).
     */
    @Test
    void nodeListsFromTheThreadThatDoesNotOwnTheSceneAreRefusedEveryTime() throws InterruptedException {
        int each = 20_000;
        try (SceneManager scene = new SceneManager(SceneConfig.builder().maxNodes(each + 1).build())) {
            ConcurrentLinkedQueue<NodeList> lists = new ConcurrentLinkedQueue<>();
            assertEquals(List.of(each, each), callFromTwoThreads(scene, "lists", each,
                    () -> lists.add(scene.createNodeList(0))), "lists made and refused");
            assertEquals(each, lists.size());
            scene.validate();
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
     * Two threads asking for frames at once: the owner runs every frame it asks for, whole, on the worker pool; the
     * other is refused every one, so the two never drive the pool at the same time.
     */
    @Test
    void aSecondFrameThreadIsRefusedEveryFrame() throws InterruptedException {
        // Past the parallel item threshold, so the frames use the worker pool, yet short: many frame starts to race.
        try (VisibilityScenes.Built built = VisibilityScenes.build(7, 200, 10_000, 50, 0.2, 2)) {
            built.cameraNode.setPosition(0, 0, 150).lookAt(new Vector3f(), Space.PARENT);
            SceneManager scene = built.scene;
            scene.updateFrame(built.camera);
            assertEquals(List.of(FRAMES_EACH, FRAMES_EACH), callFromTwoThreads(scene, "frames", FRAMES_EACH,
                    () -> scene.updateFrame(built.camera)), "frames run and refused");
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
