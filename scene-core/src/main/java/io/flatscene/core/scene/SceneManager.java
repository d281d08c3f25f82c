package io.flatscene.core.scene;

import io.flatscene.core.config.SceneCapacity;
import io.flatscene.core.config.SceneConfig;
import io.flatscene.core.config.TransformKernel;
import io.flatscene.core.container.GrowthPolicy;
import io.flatscene.core.container.HandleTable;
import io.flatscene.core.container.Index;
import io.flatscene.core.container.IntrusiveListPool;
import io.flatscene.core.parallel.WorkerPool;
import io.flatscene.core.scene.frame.CameraView;
import io.flatscene.core.scene.frame.FramePipeline;
import io.flatscene.core.scene.store.ItemStore;
import io.flatscene.core.scene.store.LightStore;
import io.flatscene.core.scene.store.NodeRegistry;
import io.flatscene.core.scene.store.ObjectStore;
import io.flatscene.core.scene.store.TransformStore;
import java.lang.ref.Cleaner;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.ConcurrentModificationException;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;
import org.joml.Matrix4f;
import org.joml.Vector3fc;

/**
 * A scene: its nodes, its items, lights and cameras, and the flat per-frame passes over them.
 *
 * <p>Every structure is allocated for the capacities of the {@link SceneConfig} up front. Nodes live in a
 * swap-and-pop node registry (global index) and in their parent's child list (parent index); their transforms in a
 * flat transform store. Each kind of movable object has its own sparse-set store whose columns hold its data.
 * Structural changes are O(1) per node (see each method for the few that depend on depth), and with
 * {@link SceneConfig#validation()} on, {@link #validate()} runs after every one of them.
 *
 * <p>A frame is {@link #update()} once per tick (transforms and item bounds), then {@link #cull} once per view, each
 * into its own {@link RenderQueue}; {@link #updateFrame} does both for one camera into {@link #renderQueue()}.
 *
 * <p>A scene is not thread-safe: the game changes it from one thread, between frames. The per-frame passes split
 * their work across {@link SceneConfig#workerThreads()} threads (the caller's included), whose results are the same
 * for any count; {@link #close()} stops them.
 */
public final class SceneManager implements AutoCloseable {
    private static final Logger LOG = LogManager.getLogger(SceneManager.class);
    private static final Cleaner CLEANER = Cleaner.create();

    /** Link slot 0 of the node list pool holds the deferred destruction list; the rest are user channels. */
    private static final int PENDING_SLOT = 0;
    /** The number of channels of {@link NodeList}s a game can use, each a link slot of its own. */
    public static final int NODE_LIST_CHANNELS = 3;

    private final SceneConfig config;
    private final TransformStore transforms;
    private final NodeRegistry<SceneNode> nodes;
    private final ObjectStore<Item> items;
    private final ItemStore itemData;
    private final ObjectStore<Light> lights;
    private final LightStore lightData;
    private final ObjectStore<Camera> cameras;
    private final IntrusiveListPool nodeLists;
    private final int pendingDestruction;
    private final SceneGuard guard;
    private final SceneHierarchy hierarchy;
    private final SceneValidation validation;
    private final SceneNode root;
    private final FramePipeline pipeline;
    private final SceneQueries queries;
    private final RenderQueue defaultQueue = new RenderQueue();
    private final ChangedSlots changedSlots;
    private final BatchSetters batchSetters = new BatchSetters(this);
    private final FrameStats updateStats = new FrameStats();
    private final NodeScratch scratch = new NodeScratch();
    private final Matrix4f cameraWorld = new Matrix4f();
    /** A cull's view, captured before it is compared with the one its queue was last culled for. */
    private final CameraView nextView = new CameraView();
    /**
     * Counts the states of what a cull reads, one more each time a cull finds that the game or a pass changed
     * something since the cull before: a queue filled at the current count, for the same camera, is still right.
     */
    private long changeCount;
    /** Started on the first frame pass, so scenes that never run one (tools, tests) start no threads. */
    private WorkerPool workers;

    public SceneManager(SceneConfig config) {
        this.config = Objects.requireNonNull(config, "config");
        GrowthPolicy policy = config.growthPolicy();
        String nodesKey = SceneCapacity.NODES.key();
        this.nodes = new NodeRegistry<>(nodesKey, config.maxNodes(), SceneNode.GLOBAL_INDEX);
        this.transforms = new TransformStore(nodesKey, config.maxNodes(), policy,
                (id, slot) -> nodes.byId(id).slotMoved(slot));
        this.items = new ObjectStore<>(SceneCapacity.ITEMS.key(), config.maxItems(), policy,
                MovableObject.GLOBAL_INDEX, MovableObject::handle);
        this.itemData = new ItemStore(items.columns());
        this.lights = new ObjectStore<>(SceneCapacity.LIGHTS.key(), config.maxLights(), policy,
                MovableObject.GLOBAL_INDEX, MovableObject::handle);
        this.lightData = new LightStore(lights.columns());
        this.cameras = new ObjectStore<>(SceneCapacity.CAMERAS.key(), config.maxCameras(), policy,
                MovableObject.GLOBAL_INDEX, MovableObject::handle);
        // Lists hold the few nodes a game queues or tracks, so their links grow on first use rather than costing
        // every node of the declared capacity 12 bytes per channel.
        this.nodeLists = new IntrusiveListPool("node lists", 0, 1 + NODE_LIST_CHANNELS, GrowthPolicy.ON_DEMAND);
        this.pendingDestruction = nodeLists.newList(PENDING_SLOT);
        this.guard = new SceneGuard(transforms);
        this.hierarchy = new SceneHierarchy(transforms, nodes, nodeLists);
        this.validation = new SceneValidation(transforms, nodes, nodeLists);
        this.pipeline = new FramePipeline(transforms, items, itemData, lightData, config.transformKernel());
        this.changedSlots = new ChangedSlots(transforms);
        this.queries = new SceneQueries(this, itemData, transforms);
        this.root = createNode(null, "root");
        transforms.setGraphRoot(root.id());
        LOG.info("FlatScene scene created: {}", config);
    }

    public SceneConfig config() {
        return config;
    }

    /**
     * The kernel the transform pass runs, VECTOR or SCALAR: the configured one, or for AUTO what the runtime offered
     * (the startup log says why).
     */
    public TransformKernel transformKernel() {
        return pipeline.transformKernel();
    }

    public SceneNode rootNode() {
        return root;
    }

    TransformStore transforms() {
        return transforms;
    }

    ItemStore itemData() {
        return itemData;
    }

    LightStore lightData() {
        return lightData;
    }

    SceneGuard guard() {
        return guard;
    }

    NodeScratch scratch() {
        return scratch;
    }

    // ---- nodes ----

    /** Creates a detached node: it has no parent and is not drawn until it is added under the root's tree. */
    public SceneNode createSceneNode(String name) {
        return createNode(null, name);
    }

    SceneNode createNode(SceneNode parent, String name) {
        boolean claimed = guard.claim(parent == null ? "a new node '" + name + "'" : parent);
        try {
            SceneNode node = hierarchy.create(this, parent, name);
            afterStructuralChange();
            return node;
        } finally {
            guard.release(claimed);
        }
    }

    /** Destroys the node and its whole subtree: O(1) per node destroyed. */
    public void destroySceneNode(SceneNode node) {
        destroySceneNode(node, DestroyMode.SUBTREE);
    }

    /**
     * Destroys the node; its children are destroyed too or moved under the root, as {@code mode} says. Attached
     * objects are detached, not destroyed.
     */
    public void destroySceneNode(SceneNode node, DestroyMode mode) {
        checkOwned(node, "be destroyed");
        Objects.requireNonNull(mode, "mode");
        boolean claimed = guard.claim(node);
        try {
            if (node == root) {
                throw new IllegalArgumentException("cannot destroy " + root.describe() + ": the root lives as long "
                        + "as its scene");
            }
            if (mode == DestroyMode.REATTACH_CHILDREN_TO_ROOT) {
                while (node.childCount() > 0) {
                    hierarchy.reparent(node.child(node.childCount() - 1), root);
                }
            }
            hierarchy.destroySubtree(node);
            afterStructuralChange();
        } finally {
            guard.release(claimed);
        }
    }

    /**
     * Queues the node for destruction at the end of the frame ({@link #processPendingDestruction()}). Queuing it
     * twice is harmless; destroying it sooner takes it off the queue.
     */
    public void destroyLater(SceneNode node) {
        checkOwned(node, "be queued for destruction");
        boolean claimed = guard.claim(node);
        try {
            if (node == root) {
                throw new IllegalArgumentException("cannot queue " + root.describe() + " for destruction: the root "
                        + "lives as long as its scene");
            }
            if (!nodeLists.contains(pendingDestruction, node.id())) {
                nodeLists.pushBack(pendingDestruction, node.id());
            }
        } finally {
            guard.release(claimed);
        }
    }

    public int pendingDestructionCount() {
        return nodeLists.size(pendingDestruction);
    }

    /**
     * Destroys every queued node with its subtree. A queued node inside another's subtree leaves the queue when that
     * subtree goes, through the automatic unlinking of destroyed nodes.
     *
     * @return the number of queued nodes destroyed
     */
    public int processPendingDestruction() {
        boolean claimed = guard.claim("the deferred destruction list");
        try {
            int destroyed = 0;
            for (int id = nodeLists.popFront(pendingDestruction); id != Index.NONE;
                 id = nodeLists.popFront(pendingDestruction)) {
                hierarchy.destroySubtree(nodes.byId(id));
                destroyed++;
            }
            if (destroyed > 0) {
                afterStructuralChange();
            }
            return destroyed;
        } finally {
            guard.release(claimed);
        }
    }

    void reparent(SceneNode node, SceneNode newParent) {
        boolean claimed = guard.claim(node);
        try {
            if (node == root) {
                throw new IllegalArgumentException("cannot move " + root.describe() + ": the root has no parent");
            }
            for (SceneNode ancestor = newParent; ancestor != null; ancestor = ancestor.parent) {
                if (ancestor == node) {
                    throw new IllegalArgumentException("cannot put " + node.describe() + " under "
                            + newParent.describe() + ": that node is in its own subtree, which would make a cycle");
                }
            }
            if (newParent != null && newParent.depth() > 0 && !newParent.isStatic() && node.isStatic()) {
                throw new IllegalArgumentException("cannot put static " + node.describe() + " under dynamic "
                        + newParent.describe() + ": a static node's parent must be static or at depth 0, so that a "
                        + "static subtree never waits on a dynamic one");
            }
            SceneNode staticChild = newParent == null || node.isStatic() ? null
                    : SceneHierarchy.firstStaticChild(node);
            if (staticChild != null) {
                throw new IllegalArgumentException("cannot put dynamic " + node.describe() + " under "
                        + newParent.describe() + ": its child " + staticChild.describe() + " is static, and a static "
                        + "node's parent must be static or at depth 0; make the child dynamic or the node static "
                        + "first");
            }
            hierarchy.reparent(node, newParent);
            afterStructuralChange();
        } finally {
            guard.release(claimed);
        }
    }

    void setStatic(SceneNode node, boolean isStatic) {
        boolean claimed = guard.claim(node);
        try {
            if (node.isStatic() == isStatic) {
                return;
            }
            if (isStatic && node.parent != null && node.parent.depth() > 0 && !node.parent.isStatic()) {
                throw new IllegalArgumentException("cannot make " + node.describe() + " static: its parent "
                        + node.parent.describe() + " is dynamic, and a static node's parent must be static or at "
                        + "depth 0");
            }
            SceneNode staticChild = isStatic || node.depth() == 0 ? null : SceneHierarchy.firstStaticChild(node);
            if (staticChild != null) {
                throw new IllegalArgumentException("cannot make " + node.describe() + " dynamic: its child "
                        + staticChild.describe() + " is static, and a static node's parent must be static or at depth "
                        + "0; make the children dynamic first");
            }
            transforms.setStatic(node.id(), isStatic);
            afterStructuralChange();
        } finally {
            guard.release(claimed);
        }
    }

    /** The live node with this handle, or empty when the handle is stale (its node destroyed): O(1). */
    public Optional<SceneNode> findNode(long handle) {
        return transforms.isLive(handle) ? Optional.of(nodes.byId(HandleTable.idOf(handle))) : Optional.empty();
    }

    /** Every live node with this name, in no particular order: linear in the node count. */
    public List<SceneNode> findNodesByName(String name) {
        List<SceneNode> found = new ArrayList<>();
        for (int i = 0; i < nodes.size(); i++) {
            if (nodes.get(i).name().equals(name)) {
                found.add(nodes.get(i));
            }
        }
        return found;
    }

    /** The number of live nodes, the root included. */
    public int nodeCount() {
        return nodes.size();
    }

    /**
     * A new list of nodes on one of the {@link #NODE_LIST_CHANNELS} channels (0-based); a node can be in one list
     * per channel.
     */
    public NodeList createNodeList(int channel) {
        Objects.checkIndex(channel, NODE_LIST_CHANNELS);
        return new NodeList(this, nodeLists, nodeLists.newList(1 + channel), channel);
    }

    SceneNode nodeOrNull(int id) {
        return id == Index.NONE ? null : nodes.byId(id);
    }

    // ---- movable objects ----

    public Item createItem(int meshId, int materialId, Aabb localAabb) {
        return createItem("", meshId, materialId, localAabb);
    }

    /** Creates a detached item; attach it to a node to place it. */
    public Item createItem(String name, int meshId, int materialId, Aabb localAabb) {
        boolean claimed = guard.claim("a new item '" + name + "'");
        try {
            if (localAabb == null) {
                throw new IllegalArgumentException("item '" + name + "': local bounds must not be null");
            }
            Item item = new Item(this, name);
            item.handle = items.add(item);
            int index = item.globalIndex;
            itemData.setLocal(index, localAabb.centerX(), localAabb.centerY(), localAabb.centerZ(), localAabb.halfX(),
                    localAabb.halfY(), localAabb.halfZ());
            itemData.init(index, meshId, materialId, Item.DEFAULT_RENDER_QUEUE_GROUP, Item.DEFAULT_VISIBILITY_FLAGS,
                    Item.DEFAULT_QUERY_FLAGS);
            pipeline.itemMoved(index);
            afterStructuralChange();
            return item;
        } finally {
            guard.release(claimed);
        }
    }

    public Light createLight(String name, Light.Type type) {
        boolean claimed = guard.claim("a new light '" + name + "'");
        try {
            if (type == null) {
                throw new IllegalArgumentException("light '" + name + "': type must not be null");
            }
            Light light = new Light(this, name);
            light.handle = lights.add(light);
            light.initialize(type);
            afterStructuralChange();
            return light;
        } finally {
            guard.release(claimed);
        }
    }

    public Camera createCamera(String name) {
        boolean claimed = guard.claim("a new camera '" + name + "'");
        try {
            Camera camera = new Camera(this, name);
            camera.handle = cameras.add(camera);
            afterStructuralChange();
            return camera;
        } finally {
            guard.release(claimed);
        }
    }

    /** Detaches the item if attached and destroys it: O(1). Its handle goes stale. */
    public void destroyItem(Item item) {
        destroyObject(item, items);
    }

    public void destroyLight(Light light) {
        destroyObject(light, lights);
    }

    public void destroyCamera(Camera camera) {
        destroyObject(camera, cameras);
    }

    private <T extends MovableObject> void destroyObject(T object, ObjectStore<T> store) {
        checkOwned(object, "be destroyed");
        boolean claimed = guard.claim(object);
        try {
            if (object.parentNode != null) {
                object.parentNode.detachObject(object);
            }
            int index = object.globalIndex;
            store.remove(object);
            if (object instanceof Item) {
                pipeline.itemMoved(index);
            }
            object.destroyed = true;
            afterStructuralChange();
        } finally {
            guard.release(claimed);
        }
    }

    public Optional<Item> findItem(long handle) {
        return Optional.ofNullable(items.find(handle));
    }

    public Optional<Light> findLight(long handle) {
        return Optional.ofNullable(lights.find(handle));
    }

    public Optional<Camera> findCamera(long handle) {
        return Optional.ofNullable(cameras.find(handle));
    }

    public int itemCount() {
        return items.size();
    }

    /**
     * The item at a global index, {@code 0..itemCount()-1}. Indices change when an item is destroyed (the last takes
     * its place) and when an update sorts a large scene's items by position; render queues name items by index as of
     * their cull.
     */
    public Item item(int globalIndex) {
        return items.get(globalIndex);
    }

    public int lightCount() {
        return lights.size();
    }

    public Light light(int globalIndex) {
        return lights.get(globalIndex);
    }

    public int cameraCount() {
        return cameras.size();
    }

    public Camera camera(int globalIndex) {
        return cameras.get(globalIndex);
    }

    // ---- many nodes at once ----

    /**
     * Sets the local positions of {@code count} nodes at once: {@code nodes[i]} gets {@code positions[3i]},
     * {@code positions[3i + 1]}, {@code positions[3i + 2]}. Cheaper per node than {@link SceneNode#setPosition} for
     * thousands of nodes; allocation-free once a batch as large has been set.
     *
     * @throws IllegalArgumentException naming the node, if a node is null, of another scene, or a value is not
     *                                  finite, or if the arrays hold fewer than {@code count} nodes; nothing is set
     * @throws IllegalStateException    if a node was destroyed, or the scene cannot change now (a frame runs); nothing
     *                                  is set
     */
    public void setPositions(SceneNode[] nodes, float[] positions, int count) {
        batchSetters.setPositions(nodes, positions, count);
    }

    /**
     * Sets the local orientations of {@code count} nodes at once: {@code nodes[i]} gets the quaternion (x, y, z, w)
     * at {@code orientations[4i]}, stored normalized as {@link SceneNode#setOrientation} stores it.
     *
     * @throws IllegalArgumentException as {@link #setPositions} does, and for a zero quaternion; nothing is set
     * @throws IllegalStateException    as {@link #setPositions} does; nothing is set
     */
    public void setOrientations(SceneNode[] nodes, float[] orientations, int count) {
        batchSetters.setOrientations(nodes, orientations, count);
    }

    /**
     * A group of the first {@code count} of {@code nodes}, in that order, for a game that moves the same nodes every
     * frame: the group keeps their slots, so its setters read no node object (see {@link NodeGroup}).
     *
     * @throws IllegalArgumentException naming the node, if a node is null or of another scene, or if the array holds
     *                                  fewer than {@code count} nodes
     * @throws IllegalStateException    if a node was destroyed
     */
    public NodeGroup createNodeGroup(SceneNode[] nodes, int count) {
        Objects.requireNonNull(nodes, "nodes");
        if (count < 0 || count > nodes.length) {
            throw new IllegalArgumentException("cannot group " + count + " of " + nodes.length + " nodes");
        }
        SceneNode[] members = Arrays.copyOf(nodes, count);
        for (int i = 0; i < count; i++) {
            if (members[i] == null) {
                throw new IllegalArgumentException("cannot group node " + i + " of " + count + ": it is null");
            }
            checkOwned(members[i], "join a node group");
        }
        return new NodeGroup(this, members);
    }

    // ---- per-frame passes ----

    /**
     * Recomputes the world matrix of every node whose local transform, or an ancestor's, changed since the last
     * call: one linear pass per depth level, parents before children, no allocation.
     *
     * @return the number of world matrices recomputed
     */
    public int updateAllTransforms() {
        guard.beginPass("update the transforms", null);
        try {
            return pipeline.updateTransforms(workers());
        } finally {
            guard.endPass();
        }
    }

    /** Recomputes every attached item's world bounds from its node's world matrix: one linear pass. */
    public void updateAllBounds() {
        guard.beginPass("update the item bounds", null);
        try {
            pipeline.updateBounds(items.size(), workers());
        } finally {
            guard.endPass();
        }
    }

    /**
     * The once-per-tick part of a frame: transforms, then every item's world bounds. Any number of views can then
     * be culled from it with {@link #cull}.
     *
     * @return the update's statistics (one reused instance; the cull fields are those of no cull)
     * @throws IllegalStateException           if another frame is running
     * @throws ConcurrentModificationException if another thread is changing the scene's structure; nothing ran
     */
    public FrameStats update() {
        guard.beginPass("update the scene", null);
        try {
            pipeline.update(items.size(), workers());
            updateStats.copyUpdate(pipeline.timings());
        } finally {
            guard.endPass();
        }
        return updateStats;
    }

    /**
     * Culls, sorts and batches the scene for {@code camera} into {@code queue}, with the camera's view and the lights
     * it shades with, as of the last {@link #update()}: one per view (split screen, a minimap, a shadow camera).
     * Allocates nothing once the queue has room for every item. The result is the same for any number of workers.
     *
     * @return {@code queue}
     * @throws IllegalStateException           if another frame is running, or the camera's view is singular
     * @throws ConcurrentModificationException if another thread is changing the scene's structure; nothing ran
     */
    public RenderQueue cull(Camera camera, RenderQueue queue) {
        checkOwned(camera, "render a frame");
        Objects.requireNonNull(queue, "queue");
        guard.beginPass("run a frame", camera);
        try {
            cullUnclaimed(camera, queue);
        } finally {
            guard.endPass();
        }
        return queue;
    }

    private void cullUnclaimed(Camera camera, RenderQueue queue) {
        if (guard.takeChanged() | pipeline.takeChanged()) {
            changeCount++;
        }
        queue.stats.copyUpdate(pipeline.timings());
        if (queue.scene == this && queue.camera == camera && queue.changeCount == changeCount) {
            queue.kept = true;
            queue.stats.keptCull();
            return;
        }
        queue.kept = false;
        captureView(camera, nextView);
        // only item boxes changed since this queue's last cull, seen from the same view: re-test the changed items
        boolean incremental = queue.scene == this && queue.camera == camera && queue.changeCount != -1L
                && queue.layoutChanges == layoutChanges() && nextView.sameAs(queue.view);
        queue.changeCount = -1L;
        queue.version++;
        queue.view.set(nextView);
        if (!incremental || !pipeline.cullChanged(queue.view, items.size(), lights.size(), queue.draws, queue.lights,
                queue.boundsPass, workers())) {
            pipeline.cull(queue.view, items.size(), lights.size(), queue.draws, queue.lights, workers());
        }
        queue.scene = this;
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
        return guard.structureChanges() + itemData.propertyChanges() + pipeline.itemReorders();
    }

    /** Projection, view and the rest of {@code camera} as culling and drawing read it, computed once. */
    private void captureView(Camera camera, CameraView view) {
        camera.getProjection(view.projection);
        SceneNode eye = camera.parentNode;
        if (eye == null) {
            view.view.identity();
            view.place(null);
        } else {
            eye.getWorldMatrix(cameraWorld);
            view.view.set(cameraWorld).invertAffine();
            view.place(cameraWorld);
        }
        if (!view.derive(camera.far(), camera.visibilityMask(), camera.viewportWidth(), camera.viewportHeight())) {
            // NaN planes would let every box through: refuse rather than draw the whole scene from nowhere.
            throw new IllegalStateException("cannot cull for " + camera.describe() + ": its view is singular, so its"
                    + " node or an ancestor has a zero scale");
        }
    }

    /**
     * Runs one frame for {@code camera}: {@link #update()} then {@link #cull} into {@link #renderQueue()}.
     *
     * @return this frame's statistics (one reused instance)
     * @throws IllegalStateException           if another frame is running
     * @throws ConcurrentModificationException if another thread is changing the scene's structure; nothing ran
     */
    public FrameStats updateFrame(Camera camera) {
        checkOwned(camera, "render a frame");
        guard.beginPass("run a frame", camera);
        try {
            pipeline.update(items.size(), workers());
            updateStats.copyUpdate(pipeline.timings());
            cullUnclaimed(camera, defaultQueue);
        } finally {
            guard.endPass();
        }
        return defaultQueue.stats;
    }

    /** The render queue {@link #updateFrame} fills (one reused instance). */
    public RenderQueue renderQueue() {
        return defaultQueue;
    }

    /** The transform slots whose world matrix the last transform pass changed (one live view, read between frames). */
    public ChangedSlots changedSlots() {
        return changedSlots;
    }

    /**
     * Items whose world bounds the ray from {@code origin} along {@code direction} enters within
     * {@code maxDistance} (in units of {@code direction}), nearest first; only items attached in the scene graph
     * whose query flags share a bit with {@code queryMask}. Uses the bounds of the last frame or bounds pass.
     */
    public List<RayHit> rayQuery(Vector3fc origin, Vector3fc direction, float maxDistance, int queryMask) {
        if (!(maxDistance >= 0f) || direction.lengthSquared() == 0f || !origin.isFinite() || !direction.isFinite()) {
            throw new IllegalArgumentException("ray query from " + origin + " along " + direction + " up to "
                    + maxDistance + ": origin and direction must be finite, the direction non-zero, the distance >= 0");
        }
        return queries.ray(origin.x(), origin.y(), origin.z(), direction.x(), direction.y(), direction.z(),
                maxDistance, queryMask);
    }

    /** Items whose world bounds overlap {@code box}, among those attached in the scene graph matching the mask. */
    public List<Item> boxQuery(Aabb box, int queryMask) {
        Objects.requireNonNull(box, "box");
        return queries.box(box, queryMask);
    }

    /** Items whose world bounds come within {@code radius} of {@code center}, as {@link #boxQuery} selects them. */
    public List<Item> sphereQuery(Vector3fc center, float radius, int queryMask) {
        if (!(radius >= 0f) || !center.isFinite()) {
            throw new IllegalArgumentException("sphere query at " + center + " with radius " + radius
                    + ": the center must be finite and the radius >= 0");
        }
        return queries.sphere(center.x(), center.y(), center.z(), radius, queryMask);
    }

    // ---- checks ----

    void checkOwned(SceneNode node, String action) {
        Objects.requireNonNull(node, "node");
        if (node.scene() != this) {
            throw new IllegalArgumentException(node.describe() + " cannot " + action + " here: it belongs to another"
                    + " scene");
        }
        node.checkAlive();
    }

    void checkOwned(MovableObject object, String action) {
        Objects.requireNonNull(object, "object");
        if (object.scene != this) {
            throw new IllegalArgumentException(object.describe() + " cannot " + action + " here: it belongs to"
                    + " another scene");
        }
        object.checkAlive();
    }

    void afterStructuralChange() {
        // The root's own creation is the first structural change; there is nothing to check until it exists.
        if (config.validation() && root != null) {
            validate();
        }
    }

    /**
     * Checks every invariant of the scene: the transform store's levels and id table; each node's global index,
     * parent index, parent link and depth; each object's global index, handle and attachment; every list; the
     * culling chunks' boxes around their items.
     *
     * @throws IllegalStateException naming the first broken invariant
     */
    public void validate() {
        validation.validate(root, items, itemData, lights, lightData, cameras);
        pipeline.validate(items.size());
    }

    private WorkerPool workers() {
        if (workers == null) {
            WorkerPool pool = new WorkerPool("flatscene", config.workerThreads());
            // A scene dropped without close() must not leave its threads parked forever; the action holds the pool
            // only, never the scene, so it can run.
            CLEANER.register(this, pool::close);
            workers = pool;
        }
        return workers;
    }

    /** Stops the worker threads. A later frame pass starts new ones. */
    @Override
    public void close() {
        if (workers != null) {
            workers.close();
            workers = null;
        }
    }
}
