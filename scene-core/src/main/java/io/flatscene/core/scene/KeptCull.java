package io.flatscene.core.scene;

import io.flatscene.core.parallel.WorkerPool;
import io.flatscene.core.scene.frame.CameraView;
import io.flatscene.core.scene.frame.FramePipeline;
import org.joml.Matrix4f;

/**
 * Culls a camera's view into a render queue, or keeps the queue when nothing it was filled from has changed: the
 * decision between a kept queue, an incremental cull of the items whose boxes moved, and a whole cull. The scene runs
 * it inside its frame claim.
 */
final class KeptCull {
    private final SceneManager scene;
    private final SceneGuard guard;
    private final FramePipeline pipeline;
    private final ItemKind items;
    private final LightKind lights;
    private final NodeScratch scratch;
    private final Matrix4f cameraWorld = new Matrix4f();
    /** A cull's view, captured before it is compared with the one its queue was last culled for. */
    private final CameraView nextView = new CameraView();
    /**
     * Counts the states of what a cull reads, one more each time a cull finds that the game or a pass changed
     * something since the cull before: a queue filled at the current count, for the same camera, is still right.
     */
    private long changeCount;

    KeptCull(SceneManager scene, SceneGuard guard, FramePipeline pipeline, ObjectKinds kinds, NodeScratch scratch) {
        this.scene = scene;
        this.guard = guard;
        this.pipeline = pipeline;
        this.items = kinds.items();
        this.lights = kinds.lights();
        this.scratch = scratch;
    }

    void cull(Camera camera, RenderQueue queue, WorkerPool workers) {
        if (guard.takeChanged() | pipeline.takeChanged()) {
            changeCount++;
        }
        queue.stats.copyUpdate(pipeline.timings());
        if (queue.scene == scene && queue.camera == camera && queue.changeCount == changeCount) {
            queue.kept = true;
            queue.stats.keptCull();
            return;
        }
        queue.kept = false;
        captureView(camera, nextView);
        // only item boxes changed since this queue's last cull, seen from the same view: re-test the changed items
        boolean incremental = queue.scene == scene && queue.camera == camera && queue.changeCount != -1L
                && queue.layoutChanges == layoutChanges() && nextView.sameAs(queue.view);
        queue.changeCount = -1L;
        queue.view.set(nextView);
        int attachedItems = items.attachedCount();
        int lightCount = lights.store.size();
        if (!incremental || !pipeline.cullChanged(queue.view, attachedItems, lightCount, queue.draws, queue.lights,
                queue.boundsPass, workers)) {
            pipeline.cull(queue.view, attachedItems, lightCount, queue.draws, queue.lights, workers);
        }
        if (!pipeline.instancesKept()) {
            queue.version++;
        }
        queue.scene = scene;
        queue.camera = camera;
        queue.changeCount = changeCount;
        queue.layoutChanges = layoutChanges();
        queue.boundsPass = pipeline.boundsPasses();
        queue.stats.copyCull(pipeline.timings());
    }

    /**
     * Changes whenever something a cull reads other than item boxes may have: a structural change (which every item
     * creation, destruction, attachment and detachment is), an item setter, a spatial sort that moved items. Each
     * count only grows, so their sum moves exactly when one of them does.
     */
    private long layoutChanges() {
        return guard.structureChanges() + items.data.propertyChanges() + pipeline.itemReorders();
    }

    /** Projection, view and the rest of {@code camera} as culling and drawing read it, computed once. */
    private void captureView(Camera camera, CameraView view) {
        camera.getProjection(view.projection);
        SceneNode eye = camera.parentNode;
        if (eye == null) {
            view.view.identity();
            view.place(null);
        } else {
            // the stored matrix: the scene runs an update before a cull when the game changed anything since one
            Camera.eye(eye.storedWorldMatrix(scratch.world), cameraWorld);
            view.view.set(cameraWorld).invertAffine();
            view.place(cameraWorld);
        }
        view.aspectFixed = camera.isAspectRatioFixed();
        if (!view.derive(camera.far(), camera.visibilityMask(), camera.viewportWidth(), camera.viewportHeight())) {
            // NaN planes would let every box through: refuse rather than draw the whole scene from nowhere.
            throw new IllegalStateException("cannot cull for " + camera.describe() + ": "
                    + Camera.whyNoView(cameraWorld));
        }
    }
}
