package io.flatscene.core.scene;

import io.flatscene.core.container.LongRadixSort;
import io.flatscene.core.parallel.WorkerPool;
import org.joml.Matrix4f;
import org.joml.Matrix4fc;
import org.joml.Vector4f;

/**
 * The item passes of a frame after the transform update: world bounds, frustum culling with render-queue keys,
 * the key sort, and batching, all over the flat {@link ItemStore} arrays and allocation-free once the queue has
 * room for every item.
 *
 * <p>Bounds and culling split the items across workers by fixed shares. Each worker writes the items it finds
 * visible, in index order, at the start of its own share of the queue arrays; the shares are then packed in worker
 * order, so the visible list, and from it the sorted queue, is the same for any number of workers.
 */
final class FramePipeline {
    /** Below this many items the passes run on the caller's thread: a barrier costs more than it saves. */
    private static final int PARALLEL_ITEMS = 8_192;
    private static final int[] PLANES = {Matrix4fc.PLANE_NX, Matrix4fc.PLANE_PX, Matrix4fc.PLANE_NY,
        Matrix4fc.PLANE_PY, Matrix4fc.PLANE_NZ, Matrix4fc.PLANE_PZ};

    private final ItemStore items;
    private final NodeTransforms transforms;
    final RenderQueue queue = new RenderQueue();
    final FrameStats stats = new FrameStats();
    private final LongRadixSort sort = new LongRadixSort();

    private final Matrix4f viewProjection = new Matrix4f();
    private final Matrix4f scratch = new Matrix4f();
    private final Vector4f plane = new Vector4f();
    /** Six planes (a, b, c, d), normalised, pointing inwards. */
    private final float[] planes = new float[24];
    private float cameraX;
    private float cameraY;
    private float cameraZ;
    private float forwardX;
    private float forwardY;
    private float forwardZ;
    private float far;
    private int mask;
    private int itemCount;
    private int[] visiblePerWorker = new int[1];
    /** Per worker: whether a visible item has a mesh or material id outside 0..65535, which its key cannot tell. */
    private boolean[] wideIdsPerWorker = new boolean[1];

    private final WorkerPool.Task boundsTask = this::boundsShare;
    private final WorkerPool.Task cullTask = this::cullShare;

    FramePipeline(ItemStore items, NodeTransforms transforms) {
        this.items = items;
        this.transforms = transforms;
    }

    private void boundsShare(int worker, int workers) {
        items.updateBounds(WorkerPool.shareStart(itemCount, worker, workers),
                WorkerPool.shareStart(itemCount, worker + 1, workers), transforms);
    }

    private void cullShare(int worker, int workers) {
        visiblePerWorker[worker] = cull(WorkerPool.shareStart(itemCount, worker, workers),
                WorkerPool.shareStart(itemCount, worker + 1, workers), worker);
    }

    /** Runs bounds, cull, sort and batching for the camera; the transform pass has already run. */
    void run(Camera camera, int itemCount, WorkerPool pool) {
        this.itemCount = itemCount;
        queue.ensureInstanceCapacity(itemCount);
        boolean parallel = pool.size() > 1 && itemCount >= PARALLEL_ITEMS;
        if (visiblePerWorker.length != pool.size()) {
            visiblePerWorker = new int[pool.size()];
            wideIdsPerWorker = new boolean[pool.size()];
        }

        long start = System.nanoTime();
        if (parallel) {
            pool.run(boundsTask);
        } else {
            items.updateBounds(0, itemCount, transforms);
        }
        long boundsDone = System.nanoTime();

        prepareCamera(camera);
        int visible;
        boolean wideIds;
        if (parallel) {
            pool.run(cullTask);
            visible = packShares(pool.size());
            wideIds = false;
            for (boolean wide : wideIdsPerWorker) {
                wideIds |= wide;
            }
        } else {
            visiblePerWorker[0] = cull(0, itemCount, 0);
            visible = visiblePerWorker[0];
            wideIds = wideIdsPerWorker[0];
        }
        for (int i = 0; i < visible; i++) {
            queue.order[i] = i;
        }
        long cullDone = System.nanoTime();

        sort.sort(queue.keys, queue.order, visible, pool);
        long sortDone = System.nanoTime();

        queue.instanceCount = visible;
        queue.world = transforms.worldArray();
        buildBatches(visible, wideIds);
        long queueDone = System.nanoTime();

        stats.itemsTested = itemCount;
        stats.itemsVisible = visible;
        stats.batches = queue.batchCount;
        stats.boundsNanos = boundsDone - start;
        stats.cullNanos = cullDone - boundsDone;
        stats.sortNanos = sortDone - cullDone;
        stats.queueNanos = queueDone - sortDone;
    }

    private void prepareCamera(Camera camera) {
        camera.getViewProjection(viewProjection, scratch);
        if (!viewProjection.isFinite()) {
            // NaN planes would let every box through: refuse rather than draw the whole scene from nowhere.
            throw new IllegalStateException("cannot cull for " + camera.describe() + ": its view is singular, so its"
                    + " node or an ancestor has a zero scale");
        }
        for (int p = 0; p < 6; p++) {
            viewProjection.frustumPlane(PLANES[p], plane);
            planes[p * 4] = plane.x;
            planes[p * 4 + 1] = plane.y;
            planes[p * 4 + 2] = plane.z;
            planes[p * 4 + 3] = plane.w;
        }
        SceneNode node = camera.parentNode;
        if (node == null) {
            cameraX = 0f;
            cameraY = 0f;
            cameraZ = 0f;
            forwardX = 0f;
            forwardY = 0f;
            forwardZ = -1f;
        } else {
            node.getWorldMatrix(scratch);
            cameraX = scratch.m30();
            cameraY = scratch.m31();
            cameraZ = scratch.m32();
            float length = (float) Math.sqrt(scratch.m20() * scratch.m20() + scratch.m21() * scratch.m21()
                    + scratch.m22() * scratch.m22());
            forwardX = -scratch.m20() / length;
            forwardY = -scratch.m21() / length;
            forwardZ = -scratch.m22() / length;
        }
        far = camera.far();
        mask = camera.visibilityMask();
    }

    /**
     * Tests items {@code [from, to)}: attached to a node in the scene graph, sharing a bit with the camera's mask,
     * and not wholly outside any frustum plane (a box is outside a plane when its centre's distance is below minus
     * its extent along the normal). Infinite boxes always pass. Writes the visible ones, their transform slots and
     * keys from {@code from} on, and notes in {@code wideIdsPerWorker[worker]} whether any id is too wide for its key.
     *
     * @return how many it wrote
     */
    private int cull(int from, int to, int worker) {
        int[] nodeId = items.nodeId;
        int[] visibility = items.visibilityFlags;
        float[] center = items.worldCenter;
        float[] half = items.worldHalf;
        int[] flags = transforms.flagsArray();
        float[] p = planes;
        long[] keys = queue.keys;
        int[] outItems = queue.visibleItems;
        int[] outSlots = queue.visibleSlots;
        int[] mesh = items.meshId;
        int[] material = items.materialId;
        boolean wideIds = false;
        int written = from;
        for (int i = from; i < to; i++) {
            int node = nodeId[i];
            if (node == NodeTransforms.NO_PARENT || (visibility[i] & mask) == 0) {
                continue;
            }
            int slot = transforms.slotOf(node);
            if (!NodeTransforms.inGraph(flags[slot])) {
                continue;
            }
            int o = i * 3;
            float cx = center[o];
            float cy = center[o + 1];
            float cz = center[o + 2];
            float hx = half[o];
            float hy = half[o + 1];
            float hz = half[o + 2];
            if (hx != Float.POSITIVE_INFINITY) {
                boolean outside = false;
                for (int k = 0; k < 24 && !outside; k += 4) {
                    float distance = p[k] * cx + p[k + 1] * cy + p[k + 2] * cz + p[k + 3];
                    float extent = Math.abs(p[k]) * hx + Math.abs(p[k + 1]) * hy + Math.abs(p[k + 2]) * hz;
                    outside = distance < -extent;
                }
                if (outside) {
                    continue;
                }
            }
            outItems[written] = i;
            outSlots[written] = slot;
            keys[written] = keyOf(i, NodeTransforms.mirrored(flags[slot]), cx, cy, cz);
            wideIds |= (mesh[i] | material[i]) >>> 16 != 0;
            written++;
        }
        wideIdsPerWorker[worker] = wideIds;
        return written - from;
    }

    private long keyOf(int item, boolean mirrored, float cx, float cy, float cz) {
        float depth = (cx - cameraX) * forwardX + (cy - cameraY) * forwardY + (cz - cameraZ) * forwardZ;
        float normalised = Math.min(Math.max(depth / far, 0f), 1f);
        long quantised = (long) (normalised * RenderQueue.DEPTH_MAX);
        return RenderQueue.key(items.renderQueueGroup[item], items.transparent[item], mirrored,
                items.materialId[item], items.meshId[item], quantised);
    }

    /** Packs each worker's visible items down behind the previous worker's, in worker order. */
    private int packShares(int workers) {
        int packed = visiblePerWorker[0];
        for (int w = 1; w < workers; w++) {
            int from = WorkerPool.shareStart(itemCount, w, workers);
            int count = visiblePerWorker[w];
            System.arraycopy(queue.visibleItems, from, queue.visibleItems, packed, count);
            System.arraycopy(queue.visibleSlots, from, queue.visibleSlots, packed, count);
            System.arraycopy(queue.keys, from, queue.keys, packed, count);
            packed += count;
        }
        return packed;
    }

    /**
     * Gathers each instance's item and slot in draw order and cuts runs of equal (group, transparency, mesh,
     * material) into batches. When every id fits its 16 key bits, the key alone tells where a batch ends and the
     * item arrays are read once a batch; otherwise the full ids are compared instance by instance.
     */
    private void buildBatches(int visible, boolean wideIds) {
        int batches = 0;
        long currentBits = 0L;
        for (int i = 0; i < visible; i++) {
            int at = queue.order[i];
            int item = queue.visibleItems[at];
            queue.items[i] = item;
            queue.slots[i] = queue.visibleSlots[at];
            long bits = RenderQueue.batchBits(queue.keys[i]);
            int last = batches - 1;
            if (batches > 0 && bits == currentBits && (!wideIds
                    || (queue.batchMesh[last] == items.meshId[item]
                    && queue.batchMaterial[last] == items.materialId[item]))) {
                queue.batchInstances[last]++;
                continue;
            }
            currentBits = bits;
            queue.batchMesh[batches] = items.meshId[item];
            queue.batchMaterial[batches] = items.materialId[item];
            queue.batchGroup[batches] = items.renderQueueGroup[item];
            queue.batchTransparent[batches] = items.transparent[item];
            queue.batchMirrored[batches] = RenderQueue.mirrored(queue.keys[i]);
            queue.batchFirst[batches] = i;
            queue.batchInstances[batches] = 1;
            batches++;
        }
        queue.batchCount = batches;
    }
}
