package io.flatscene.core.scene.frame;

import io.flatscene.core.config.TransformKernel;
import io.flatscene.core.container.LongRadixSort;
import io.flatscene.core.parallel.WorkerPool;
import io.flatscene.core.scene.store.ItemStore;
import io.flatscene.core.scene.store.LightStore;
import io.flatscene.core.scene.store.ObjectStore;
import io.flatscene.core.scene.store.TransformStore;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;

/**
 * Every pass of a frame, in the one order they run, with their timings.
 *
 * <p>{@link #update} runs once per tick: transforms ({@link TransformPass}), then item bounds ({@link BoundsPass}),
 * the boxes of the chunks they changed ({@link ChunkBounds}) and now and then a spatial sort of the items
 * ({@link SpatialOrder}).
 * {@link #cull} runs once per view: culling with sort keys ({@link CullPass}), the key sort ({@link LongRadixSort}),
 * batching ({@link BatchBuilder}) and the lights ({@link LightPass}), into a caller's {@link DrawList} and
 * {@link LightList}; any number of views can be culled from one update.
 *
 * <p>Bounds and culling split the items across workers in shares of whole chunks: bounds evenly, culling by what each
 * chunk cost at the last cull ({@link CullScratch#chunkWork}). Each worker writes the items it finds
 * visible and their keys, in index order, at the start of its own share of the scratch arrays, and sorts the keys
 * there with the items beside them; the workers then merge the shares, each a part of the queue ({@link ShareSort}),
 * so the sorted queue is the same for any number of workers, and each gathers its part's slots for the batches in
 * the same task ({@link BatchBuilder#gatherPart}). Everything is allocation-free once the arrays have room for every
 * item.
 */
public final class FramePipeline {
    /** Below this many items the passes run on the caller's thread: a barrier costs more than it saves. */
    private static final int PARALLEL_ITEMS = 8_192;
    /** A cull re-tests at most this fraction (one in) of the items before a full cull is the cheaper. */
    private static final int MAX_CHANGED_FRACTION = 4;

    private final TransformStore transforms;
    private final PlainBlockKernel blockKernel;
    private final ItemStore items;
    private final TransformPass transformPass;
    private static final Logger LOG = LogManager.getLogger(FramePipeline.class);

    private final BoundsPass boundsPass;
    private boolean nonFiniteWarned;
    private final CullPass cullPass;
    private final LightPass lightPass;
    private final BatchBuilder batchBuilder;
    private final ChunkBounds chunks;
    private final SpatialOrder order;
    private final LongRadixSort sort = new LongRadixSort();
    private final CullScratch scratch = new CullScratch();
    private final IncrementalCull incremental;
    private final PassTimings timings = new PassTimings();

    private int itemCount;
    private CameraView view;
    private boolean instancesKept;
    /**
     * Transform passes since the last bounds pass, and the store's slot moves at the last transform pass: the bounds
     * pass can skip unchanged items only after exactly one transform pass with no slot moved since, since the changed
     * set speaks of the last pass alone and of the slots as they were then.
     */
    private int transformPassesSinceBounds = 1;
    private int slotMovesAtTransformPass = -1;
    private boolean boundsAll;
    /**
     * Whether the bounds pass visits every chunk of items: with {@link #boundsAll}, or once a node moved slot since the
     * last bounds pass (the spatial sort marks the chunks it reorders itself).
     */
    private boolean boundsVisitAll;
    /** The store's slot moves at the last bounds pass: once a node moves slot, the per-chunk node ranges are stale. */
    private int slotMovesAtBounds = -1;
    /**
     * The store's parent changes at the last transform pass, and as of the node flags the last bounds pass copied into
     * the items' in-graph bits: a new parent given after a transform pass shows in the node flags only at the next one,
     * so the bounds pass after that one copies again.
     */
    private int parentChangesAtTransformPass = -1;
    private int parentChangesAtBounds = -1;
    private boolean boundsParentsChanged;
    /**
     * Whether a pass changed what a cull reads since {@link #takeChanged}: a transform pass recomputed a matrix (the
     * boxes follow the matrices), or the spatial sort moved items. A box changed by the game came through the guard.
     */
    private boolean changed;
    /** Bounds passes run, the number each stamps on the boxes it recomputes (see {@link BoundsPass#stamps}). */
    private int boundsPasses;
    /** Spatial sorts that moved items: an incremental cull needs the items where its queue's last cull saw them. */
    private long itemReorders;
    private final WorkerPool.Task boundsTask = this::boundsShare;
    private final WorkerPool.Task cullTask = this::cullShare;
    private final WorkerPool.Task mergeTask = this::mergeShare;
    private final ShareSort shareSort = new ShareSort();
    /** The parallel cull's merge in progress: how many instances, into which key array (the queue's). */
    private int mergeTotal;
    private long[] mergeInto;

    /**
     * @param itemObjects the items' store, whose columns {@code items} are, for the spatial sort
     * @throws IllegalStateException when {@code kernel} is VECTOR and the vector kernel cannot run here
     */
    public FramePipeline(TransformStore transforms, ObjectStore<?> itemObjects, ItemStore items, LightStore lights,
                         TransformKernel kernel) {
        this.transforms = transforms;
        this.items = items;
        this.blockKernel = BlockKernels.of(kernel);
        this.transformPass = new TransformPass(transforms, blockKernel);
        this.chunks = new ChunkBounds(items);
        this.order = new SpatialOrder(itemObjects, items);
        this.boundsPass = new BoundsPass(items, transforms, chunks);
        this.cullPass = new CullPass(items, transforms, chunks);
        this.lightPass = new LightPass(lights, transforms);
        this.batchBuilder = new BatchBuilder(items);
        this.incremental = new IncrementalCull(cullPass, scratch, sort);
    }

    /** The transform kernel that runs: VECTOR or SCALAR. */
    public TransformKernel transformKernel() {
        return blockKernel.kind();
    }

    public PassTimings timings() {
        return timings;
    }

    /** The transform pass alone. @return the number of world matrices recomputed */
    public int updateTransforms(WorkerPool pool) {
        int updated = transformPass.run(pool);
        changed |= updated > 0;
        transformPassesSinceBounds++;
        slotMovesAtTransformPass = transforms.slotMoves();
        parentChangesAtTransformPass = transforms.parentChanges();
        return updated;
    }

    /** The bounds pass alone, over items {@code [0, itemCount)}, then the chunk boxes and spatial order after it. */
    public void updateBounds(int itemCount, WorkerPool pool) {
        this.itemCount = itemCount;
        boundsAll = transformPassesSinceBounds != 1 || slotMovesAtTransformPass != transforms.slotMoves();
        boundsVisitAll = boundsAll || slotMovesAtBounds != transforms.slotMoves();
        boundsParentsChanged = parentChangesAtBounds != transforms.parentChanges();
        boundsPass.ensureCapacity(itemCount);
        boundsPasses++;
        if (parallel(pool)) {
            pool.run(boundsTask);
        } else {
            boundsPass.run(0, itemCount, boundsAll, boundsVisitAll, boundsParentsChanged, boundsPasses);
        }
        items.dirtyChunks().clear();
        slotMovesAtBounds = transforms.slotMoves();
        parentChangesAtBounds = parentChangesAtTransformPass;
        transformPassesSinceBounds = 0;
        if (boundsPass.takeNonFinite() && !nonFiniteWarned) {
            nonFiniteWarned = true;
            LOG.warn("some items' world bounds left the float range (their node's world matrix overflowed, as scales "
                    + "multiplied down a chain can): they are culled until their transforms are sane again; said once "
                    + "a scene");
        }
        chunks.refresh(itemCount);
        if (order.sortDue(itemCount, chunks)) {
            changed = true;
            itemReorders++;
        }
    }

    public int boundsPasses() {
        return boundsPasses;
    }

    public long itemReorders() {
        return itemReorders;
    }

    /**
     * Whether the last cull left its queue's instances and batches as they were (an incremental one whose changed
     * items would not move), so that what a renderer derived from them still holds.
     */
    public boolean instancesKept() {
        return instancesKept;
    }

    /**
     * Whether a pass changed what a cull reads (world matrices, item boxes, the items' order) since the last call.
     * With no change the game made either, a queue culled since holds what a new cull would write.
     */
    public boolean takeChanged() {
        boolean was = changed;
        changed = false;
        return was;
    }

    /**
     * Item {@code index} was created, or the last item moved there on a removal: its world box is new to its chunk.
     * Called before anything reads the chunks again.
     */
    public void itemMoved(int index) {
        chunks.mark(index);
        items.moved(index);
    }

    /**
     * Checks that every chunk box the cull trusts holds its items' world boxes, and the items' in-graph bits that the
     * queries read.
     *
     * @param attachedCount the items attached to a node, the first of the {@code itemCount}
     * @throws IllegalStateException naming the first item outside its chunk's box or with a wrong in-graph bit
     */
    public void validate(int attachedCount, int itemCount) {
        chunks.validate(attachedCount);
        boundsPass.validate(itemCount, transformPassesSinceBounds == 0);
    }

    /** Transforms then bounds: what changes once per tick, whatever number of views is drawn. */
    public void update(int itemCount, WorkerPool pool) {
        long start = System.nanoTime();
        timings.nodesUpdated = updateTransforms(pool);
        long transformsDone = System.nanoTime();
        updateBounds(itemCount, pool);
        timings.transformNanos = transformsDone - start;
        timings.boundsNanos = System.nanoTime() - transformsDone;
        timings.queryIndexNanos = 0L;
    }

    /** Culls, sorts and batches the items for {@code view} into {@code draws}, and gathers the lights. */
    public void cull(CameraView view, int itemCount, int lightCount, DrawList draws, LightList lights,
                     WorkerPool pool) {
        this.itemCount = itemCount;
        instancesKept = false;
        draws.drawIndexValid = false;
        this.view = view;
        boolean parallel = parallel(pool);
        int workers = parallel ? pool.size() : 1;
        scratch.ensureCapacity(itemCount, pool.size());
        // items created since the last update have chunks of their own, to be tested item by item
        chunks.ensureCapacity(itemCount);
        draws.ensureCapacity(itemCount);
        long start = System.nanoTime();
        int visible;
        long cullDone;
        long sortDone;
        boolean wide;
        if (parallel) {
            // each worker culls and sorts its share in the share arrays, then merges a part into the queue's keys
            // and gathers that part for the batches
            scratch.balanceShares(itemCount, workers);
            shareSort.ensureWorkers(workers);
            pool.run(cullTask);
            visible = 0;
            for (int w = 0; w < workers; w++) {
                visible += scratch.visiblePerWorker[w];
            }
            mergeTotal = visible;
            mergeInto = draws.keys;
            wide = anyWideIds(workers);
            batchBuilder.begin(scratch, visible, wide, draws);
            cullDone = System.nanoTime();
            pool.run(mergeTask);
            sortDone = System.nanoTime();
            mergeInto = null;
            batchBuilder.finish(workers);
        } else {
            visible = cullPass.run(0, itemCount, 0, view, draws.keys, scratch.order, scratch);
            scratch.visiblePerWorker[0] = visible;
            cullDone = System.nanoTime();
            sort.sort(draws.keys, scratch.order, visible);
            sortDone = System.nanoTime();
            wide = anyWideIds(workers);
            batchBuilder.run(scratch, visible, wide, draws, pool);
        }
        draws.world = transforms.worlds();
        draws.tints = items.tintArray();
        draws.wideIds = wide;
        lightPass.run(lightCount, view, lights);
        long queueDone = System.nanoTime();

        recordCull(itemCount, visible, draws, start, cullDone, sortDone, queueDone);
        this.view = null;
    }

    /**
     * Brings {@code draws}, the result of a cull for the same view that nothing but item boxes changed since (no
     * structural change, no item setter, no spatial sort, the same camera view: the caller checks), up to date: the
     * items whose boxes the bounds passes since {@code sinceBoundsPass} recomputed are tested again, and those whose
     * instance moves in draw order are taken out, sorted among themselves and merged back by (key, item), the order a
     * full cull's stable sort gives ({@link IncrementalCull}). Declines, touching nothing, when more than a quarter of
     * the items changed: a full cull is then as cheap.
     *
     * @return whether it culled
     */
    public boolean cullChanged(CameraView view, int itemCount, int lightCount, DrawList draws, LightList lights,
                               int sinceBoundsPass, WorkerPool pool) {
        long start = System.nanoTime();
        this.itemCount = itemCount;
        boolean parallel = parallel(pool);
        int visible = incremental.run(view, itemCount, draws, boundsPass.stamps(), sinceBoundsPass,
                itemCount / MAX_CHANGED_FRACTION, pool, parallel);
        if (visible < 0) {
            return false;
        }
        long sortDone = System.nanoTime();

        draws.world = transforms.worlds();
        draws.tints = items.tintArray();
        instancesKept = incremental.instancesKept();
        if (!instancesKept) {
            draws.wideIds |= incremental.wideIds(parallel ? pool.size() : 1);
            batchBuilder.cutInPlace(visible, draws.wideIds, draws, pool);
        }
        lightPass.run(lightCount, view, lights);
        long queueDone = System.nanoTime();

        recordCull(incremental.tested(), visible, draws, start, incremental.retestedAt(), sortDone, queueDone);
        return true;
    }

    private void recordCull(int tested, int visible, DrawList draws, long start, long cullDone, long sortDone,
                            long queueDone) {
        timings.itemsTested = tested;
        timings.itemsVisible = visible;
        timings.batches = draws.batchCount;
        timings.cullNanos = cullDone - start;
        timings.sortNanos = sortDone - cullDone;
        timings.queueNanos = queueDone - sortDone;
    }

    private boolean parallel(WorkerPool pool) {
        return pool.size() > 1 && itemCount >= PARALLEL_ITEMS;
    }

    /** Shares meet at whole chunks of 64 items, each chunk's slot range written by the one worker that visits it. */
    private void boundsShare(int worker, int workers) {
        boundsPass.run(WorkerPool.alignedShareStart(0, itemCount, worker, workers, 64),
                WorkerPool.alignedShareStart(0, itemCount, worker + 1, workers, 64), boundsAll, boundsVisitAll,
                boundsParentsChanged, boundsPasses);
    }

    private void cullShare(int worker, int workers) {
        int start = scratch.shareStarts[worker];
        int visible = cullPass.run(start, scratch.shareStarts[worker + 1], worker, view, scratch.shareKeys,
                scratch.shareOrder, scratch);
        scratch.visiblePerWorker[worker] = visible;
        shareSort.sortShare(worker, scratch.shareKeys, scratch.shareOrder, start, visible);
    }

    /** Merges this worker's part of the sorted shares into the queue's keys, then gathers the part's instances. */
    private void mergeShare(int worker, int workers) {
        shareSort.merge(worker, workers, scratch.shareStarts, scratch.visiblePerWorker, mergeTotal, scratch.shareKeys,
                scratch.shareOrder, mergeInto, scratch.order);
        batchBuilder.gatherPart(worker, workers);
    }

    /** Whether a worker of the last cull found a visible item whose key cannot tell its ids ({@link SortKeys#wide}). */
    private boolean anyWideIds(int workers) {
        boolean wide = false;
        for (int w = 0; w < workers; w++) {
            wide |= scratch.wideIds[w];
        }
        return wide;
    }
}
