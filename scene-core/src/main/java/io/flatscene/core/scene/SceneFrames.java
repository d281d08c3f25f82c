package io.flatscene.core.scene;

import io.flatscene.core.parallel.WorkerPool;
import io.flatscene.core.scene.frame.FramePipeline;
import java.lang.ref.Cleaner;
import java.util.Objects;

/**
 * Runs a scene's frames: the update, the culls, the passes a game may run alone, and the queued destruction an update
 * does first; and owns the worker threads they share with the queries. {@link SceneManager} documents each call.
 */
final class SceneFrames {
    private static final Cleaner CLEANER = Cleaner.create();

    private final int workerThreads;
    private final SceneGuard guard;
    private final FramePipeline pipeline;
    private final ItemKind items;
    private final NodeChannels channels;
    private final SceneChanges changes;
    private final KeptCull keptCull;
    private final SceneQueries queries;
    private final RenderQueue defaultQueue = new RenderQueue();
    private final FrameStats updateStats = new FrameStats();
    /** Started on the first frame pass, so scenes that never run one (tools, tests) start no threads. */
    private WorkerPool workers;

    SceneFrames(int workerThreads, SceneGuard guard, FramePipeline pipeline, ItemKind items, NodeChannels channels,
                SceneChanges changes, KeptCull keptCull, SceneQueries queries) {
        this.workerThreads = workerThreads;
        this.guard = guard;
        this.pipeline = pipeline;
        this.items = items;
        this.channels = channels;
        this.changes = changes;
        this.keptCull = keptCull;
        this.queries = queries;
    }

    int updateTransforms() {
        guard.beginPass("update the transforms", null);
        try {
            return pipeline.updateTransforms(workers());
        } finally {
            guard.endPass();
        }
    }

    void updateBounds() {
        guard.beginPass("update the item bounds", null);
        try {
            pipeline.updateBounds(items.attachedCount(), workers());
        } finally {
            guard.endPass();
        }
    }

    FrameStats update() {
        destroyQueued(null);
        guard.beginPass("update the scene", null);
        try {
            guard.takeUpdateDue();
            runUpdate();
        } finally {
            guard.endPass();
        }
        return updateStats;
    }

    RenderQueue cull(Camera camera, RenderQueue queue) {
        changes.checkOwned(camera, "render a frame");
        Objects.requireNonNull(queue, "queue");
        destroyQueued(camera);
        guard.beginPass("run a frame", camera);
        try {
            if (guard.takeUpdateDue()) {
                runUpdate();
            }
            keptCull.cull(camera, queue, workers());
        } finally {
            guard.endPass();
        }
        return queue;
    }

    FrameStats updateFrame(Camera camera) {
        changes.checkOwned(camera, "render a frame");
        destroyQueued(camera);
        guard.beginPass("run a frame", camera);
        try {
            guard.takeUpdateDue();
            runUpdate();
            keptCull.cull(camera, defaultQueue, workers());
        } finally {
            guard.endPass();
        }
        return defaultQueue.stats;
    }

    RenderQueue defaultQueue() {
        return defaultQueue;
    }

    /**
     * Destroys the nodes {@link SceneManager#destroyLater} queued: a structural change, so made before a frame claims
     * the scene. The camera to cull, null for none, is checked again, since it may have hung in what went.
     */
    private void destroyQueued(Camera camera) {
        // read before any claim, so that a frame with nothing queued claims the scene as it would anyway; with nodes
        // queued, the destruction's own claim refuses a thread that may not change the scene
        if (channels.queuedCount() > 0) {
            changes.processPendingDestruction();
            if (camera != null) {
                camera.checkAlive();
            }
        }
    }

    /** The passes of an update, inside a frame's claim, then the query index's refit, and their timings. */
    private void runUpdate() {
        WorkerPool pool = workers();
        pipeline.update(items.attachedCount(), pool);
        long start = System.nanoTime();
        if (queries.updated(pool)) {
            pipeline.timings().queryIndexNanos = System.nanoTime() - start;
        }
        updateStats.copyUpdate(pipeline.timings());
    }

    WorkerPool workers() {
        if (workers == null) {
            WorkerPool pool = new WorkerPool("flatscene", workerThreads);
            // A scene dropped without close() must not leave its threads parked forever; the action holds the pool
            // only, never the scene or these frames, so it can run.
            CLEANER.register(this, pool::close);
            workers = pool;
        }
        return workers;
    }

    /** Lets go of what a closed scene would keep: the queue's camera, and the worker threads. */
    void close() {
        defaultQueue.camera = null;
        if (workers != null) {
            workers.close();
            workers = null;
        }
    }
}
