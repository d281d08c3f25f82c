package io.flatscene.core.scene;

import io.flatscene.core.config.SceneCapacity;
import io.flatscene.core.config.SceneConfig;
import io.flatscene.core.container.GrowthPolicy;
import io.flatscene.core.container.HandleTable;
import io.flatscene.core.container.IntrusiveListPool;
import io.flatscene.core.container.SwapPopArray;
import io.flatscene.core.parallel.WorkerPool;
import java.lang.ref.Cleaner;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.ConcurrentModificationException;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;
import org.joml.Matrix4f;
import org.joml.Quaternionf;
import org.joml.Vector3f;
import org.joml.Vector3fc;

/**
 * A scene: its nodes, its items, lights and cameras, and the flat per-frame passes over them.
 *
 * <p>Every structure is allocated for the capacities of the {@link SceneConfig} up front. Nodes live in a
 * swap-and-pop node manager (global index) and in their parent's child list (parent index); their transforms in
 * {@link NodeTransforms}. Each kind of movable object has its own manager; items keep their data in
 * {@link ItemStore}. Structural changes are O(1) per node (see each method for the few that depend on depth), and
 * with {@link SceneConfig#validation()} on, {@link #validate()} runs after every one of them.
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
    private final NodeTransforms transforms;
    private final SwapPopArray<SceneNode> nodes;
    private SceneNode[] nodeById;
    private final ItemStore itemStore;
    private final ObjectManager<Item> items;
    private final ObjectManager<Light> lights;
    private final ObjectManager<Camera> cameras;
    private final IntrusiveListPool nodeLists;
    private final int pendingDestruction;
    private final SceneNode root;
    private final FramePipeline pipeline;
    private final SceneQueries queries;
    /**
     * The thread running a frame or pass, and the thread in the middle of a structural change; each null when none.
     * A frame claims its own and then checks the other, a change does the reverse, so the two never overlap: a
     * change half made would have a frame read broken indices, and a frame half run would lose a change's writes.
     */
    private final AtomicReference<Thread> frameThread = new AtomicReference<>();
    private final AtomicReference<Thread> changeThread = new AtomicReference<>();
    /** Started on the first frame pass, so scenes that never run one (tools, tests) start no threads. */
    private WorkerPool workers;

    // Scratch values for the allocation-free relative operations of SceneNode; a scene is used from one thread.
    private final Vector3f scratchVector = new Vector3f();
    private final Vector3f scratchVector2 = new Vector3f();
    private final Vector3f scratchVector3 = new Vector3f();
    private final Quaternionf scratchQuaternion = new Quaternionf();
    private final Quaternionf scratchQuaternion2 = new Quaternionf();
    private final Quaternionf scratchQuaternion3 = new Quaternionf();
    private final Quaternionf scratchQuaternion4 = new Quaternionf();
    private final Matrix4f scratchMatrix = new Matrix4f();

    public SceneManager(SceneConfig config) {
        this.config = Objects.requireNonNull(config, "config");
        GrowthPolicy policy = config.growthPolicy();
        String nodesKey = SceneCapacity.NODES.key();
        this.transforms = new NodeTransforms(nodesKey, config.maxNodes(), policy);
        // The id table inside NodeTransforms enforces the node capacity and logs its growth; the node manager has
        // the same capacity and grows silently in step with it.
        this.nodes = new SwapPopArray<>(nodesKey, config.maxNodes(), GrowthPolicy.ON_DEMAND, SceneNode.GLOBAL_INDEX);
        this.nodeById = new SceneNode[config.maxNodes()];
        this.itemStore = new ItemStore(config.maxItems());
        this.items = new ObjectManager<>(SceneCapacity.ITEMS.key(), config.maxItems(), policy, itemStore);
        this.lights = new ObjectManager<>(SceneCapacity.LIGHTS.key(), config.maxLights(), policy, null);
        this.cameras = new ObjectManager<>(SceneCapacity.CAMERAS.key(), config.maxCameras(), policy, null);
        // Lists hold the few nodes a game queues or tracks, so their links grow on first use rather than costing
        // every node of the declared capacity 12 bytes per channel.
        this.nodeLists = new IntrusiveListPool("node lists", 0, 1 + NODE_LIST_CHANNELS, GrowthPolicy.ON_DEMAND);
        this.pendingDestruction = nodeLists.newList(PENDING_SLOT);
        this.pipeline = new FramePipeline(itemStore, transforms);
        this.queries = new SceneQueries(this, itemStore, transforms);
        this.root = createNode(null, "root");
        transforms.setGraphRoot(root.id());
        LOG.info("FlatScene scene created: {}", config);
    }

    public SceneConfig config() {
        return config;
    }

    public SceneNode getRootNode() {
        return root;
    }

    NodeTransforms transforms() {
        return transforms;
    }

    ItemStore items() {
        return itemStore;
    }

    // ---- nodes ----

    /** Creates a detached node: it has no parent and is not drawn until it is added under the root's tree. */
    public SceneNode createSceneNode(String name) {
        return createNode(null, name);
    }

    SceneNode createNode(SceneNode parent, String name) {
        boolean claimed = claim(parent == null ? "a new node '" + name + "'" : parent);
        try {
            long handle = transforms.create(parent == null ? NodeTransforms.NO_PARENT : parent.id());
            SceneNode node = new SceneNode(this, name, handle);
            int id = node.id();
            if (id >= nodeById.length) {
                nodeById = Arrays.copyOf(nodeById, transforms.capacity());
            }
            nodeById[id] = node;
            nodes.add(node);
            if (parent != null) {
                parent.children().add(node);
                node.parent = parent;
            }
            afterStructuralChange();
            return node;
        } finally {
            release(claimed);
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
        boolean claimed = claim(node);
        try {
            if (node == root) {
                throw new IllegalArgumentException("cannot destroy " + root.describe() + ": the root lives as long "
                        + "as its scene");
            }
            if (mode == DestroyMode.REATTACH_CHILDREN_TO_ROOT) {
                SwapPopArray<SceneNode> children = node.childrenOrNull();
                while (children != null && !children.isEmpty()) {
                    reparentUnchecked(children.get(children.size() - 1), root);
                }
            }
            destroySubtree(node);
            afterStructuralChange();
        } finally {
            release(claimed);
        }
    }

    /** Post-order, so each node is a leaf when it goes: recursion depth is the subtree's height. */
    private void destroySubtree(SceneNode node) {
        SwapPopArray<SceneNode> children = node.childrenOrNull();
        while (children != null && !children.isEmpty()) {
            destroySubtree(children.get(children.size() - 1));
        }
        SwapPopArray<MovableObject> attached = node.attachmentsOrNull();
        while (attached != null && !attached.isEmpty()) {
            MovableObject object = attached.get(attached.size() - 1);
            attached.removeAt(attached.size() - 1);
            object.attachedTo(null);
        }
        if (node.parent != null) {
            node.parent.children().remove(node);
            node.parent = null;
        }
        int id = node.id();
        nodes.remove(node);
        nodeLists.unlinkAll(id);
        transforms.destroy(id);
        nodeById[id] = null;
    }

    /**
     * Queues the node for destruction at the end of the frame ({@link #processPendingDestruction()}). Queuing it
     * twice is harmless; destroying it sooner takes it off the queue.
     */
    public void destroyLater(SceneNode node) {
        checkOwned(node, "be queued for destruction");
        if (node == root) {
            throw new IllegalArgumentException("cannot queue " + root.describe() + " for destruction: the root lives"
                    + " as long as its scene");
        }
        if (!nodeLists.contains(pendingDestruction, node.id())) {
            nodeLists.pushBack(pendingDestruction, node.id());
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
        boolean claimed = claim("the deferred destruction list");
        try {
            int destroyed = 0;
            for (int id = nodeLists.popFront(pendingDestruction); id != IntrusiveListPool.NONE;
                 id = nodeLists.popFront(pendingDestruction)) {
                destroySubtree(nodeById[id]);
                destroyed++;
            }
            if (destroyed > 0) {
                afterStructuralChange();
            }
            return destroyed;
        } finally {
            release(claimed);
        }
    }

    void reparent(SceneNode node, SceneNode newParent) {
        boolean claimed = claim(node);
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
            if (newParent != null && newParent.depth() > 0 && !newParent.isStatic() && transforms.isStatic(node.id())) {
                throw new IllegalArgumentException("cannot put static " + node.describe() + " under dynamic "
                        + newParent.describe() + ": a static node's parent must be static or at depth 0, so that a "
                        + "static subtree never waits on a dynamic one");
            }
            SceneNode staticChild = newParent == null || transforms.isStatic(node.id()) ? null : firstStaticChild(node);
            if (staticChild != null) {
                throw new IllegalArgumentException("cannot put dynamic " + node.describe() + " under "
                        + newParent.describe() + ": its child " + staticChild.describe() + " is static, and a static "
                        + "node's parent must be static or at depth 0; make the child dynamic or the node static "
                        + "first");
            }
            reparentUnchecked(node, newParent);
            afterStructuralChange();
        } finally {
            release(claimed);
        }
    }

    private SceneNode firstStaticChild(SceneNode node) {
        SwapPopArray<SceneNode> children = node.childrenOrNull();
        for (int i = 0; children != null && i < children.size(); i++) {
            if (children.get(i).isStatic()) {
                return children.get(i);
            }
        }
        return null;
    }

    void setStatic(SceneNode node, boolean isStatic) {
        boolean claimed = claim(node);
        try {
            if (transforms.isStatic(node.id()) == isStatic) {
                return;
            }
            if (isStatic && node.parent != null && node.parent.depth() > 0 && !node.parent.isStatic()) {
                throw new IllegalArgumentException("cannot make " + node.describe() + " static: its parent "
                        + node.parent.describe() + " is dynamic, and a static node's parent must be static or at "
                        + "depth 0");
            }
            SceneNode staticChild = isStatic || node.depth() == 0 ? null : firstStaticChild(node);
            if (staticChild != null) {
                throw new IllegalArgumentException("cannot make " + node.describe() + " dynamic: its child "
                        + staticChild.describe() + " is static, and a static node's parent must be static or at depth "
                        + "0; make the children dynamic first");
            }
            transforms.setStatic(node.id(), isStatic);
            afterStructuralChange();
        } finally {
            release(claimed);
        }
    }

    private void reparentUnchecked(SceneNode node, SceneNode newParent) {
        if (node.parent == newParent) {
            return;
        }
        int oldDepth = transforms.depthOf(node.id());
        if (node.parent != null) {
            node.parent.children().remove(node);
        }
        if (newParent != null) {
            newParent.children().add(node);
        }
        node.parent = newParent;
        transforms.setParent(node.id(), newParent == null ? NodeTransforms.NO_PARENT : newParent.id());
        if (transforms.depthOf(node.id()) != oldDepth) {
            moveDescendantsToNewDepth(node);
        }
    }

    /** Parents before children, so each child's new depth is read from an already moved parent. */
    private void moveDescendantsToNewDepth(SceneNode node) {
        SwapPopArray<SceneNode> children = node.childrenOrNull();
        if (children == null) {
            return;
        }
        for (int i = 0; i < children.size(); i++) {
            SceneNode child = children.get(i);
            transforms.setParent(child.id(), node.id());
            moveDescendantsToNewDepth(child);
        }
    }

    /** The live node with this handle, or empty when the handle is stale (its node destroyed): O(1). */
    public Optional<SceneNode> findNode(long handle) {
        return transforms.ids().isValid(handle)
                ? Optional.of(nodeById[HandleTable.indexOf(handle)])
                : Optional.empty();
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
        return id == IntrusiveListPool.NONE ? null : nodeById[id];
    }

    // ---- movable objects ----

    public Item createItem(int meshId, int materialId, Aabb localAabb) {
        return createItem("", meshId, materialId, localAabb);
    }

    /** Creates a detached item; attach it to a node to place it. */
    public Item createItem(String name, int meshId, int materialId, Aabb localAabb) {
        boolean claimed = claim("a new item '" + name + "'");
        try {
            if (localAabb == null) {
                throw new IllegalArgumentException("item '" + name + "': local bounds must not be null");
            }
            Item item = new Item(this, name);
            items.add(item);
            itemStore.init(item.globalIndex, meshId, materialId, localAabb);
            afterStructuralChange();
            return item;
        } finally {
            release(claimed);
        }
    }

    public Light createLight(String name, Light.Type type) {
        boolean claimed = claim("a new light '" + name + "'");
        try {
            if (type == null) {
                throw new IllegalArgumentException("light '" + name + "': type must not be null");
            }
            Light light = new Light(this, name, type);
            lights.add(light);
            afterStructuralChange();
            return light;
        } finally {
            release(claimed);
        }
    }

    public Camera createCamera(String name) {
        boolean claimed = claim("a new camera '" + name + "'");
        try {
            Camera camera = new Camera(this, name);
            cameras.add(camera);
            afterStructuralChange();
            return camera;
        } finally {
            release(claimed);
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

    private <T extends MovableObject> void destroyObject(T object, ObjectManager<T> manager) {
        checkOwned(object, "be destroyed");
        boolean claimed = claim(object);
        try {
            if (object.parentNode != null) {
                object.parentNode.detachObject(object);
            }
            manager.remove(object);
            object.destroyed = true;
            afterStructuralChange();
        } finally {
            release(claimed);
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

    public Item getItem(int globalIndex) {
        return items.get(globalIndex);
    }

    public int lightCount() {
        return lights.size();
    }

    public Light getLight(int globalIndex) {
        return lights.get(globalIndex);
    }

    public int cameraCount() {
        return cameras.size();
    }

    public Camera getCamera(int globalIndex) {
        return cameras.get(globalIndex);
    }

    // ---- per-frame passes ----

    /**
     * Recomputes the world matrix of every node whose local transform, or an ancestor's, changed since the last
     * call: one linear pass per depth level, parents before children, no allocation.
     *
     * @return the number of world matrices recomputed
     */
    public int updateAllTransforms() {
        beginPass("update the transforms", null);
        try {
            return transforms.updateAll(workers());
        } finally {
            frameThread.set(null);
        }
    }

    /** Recomputes every attached item's world bounds from its node's world matrix: one linear pass. */
    public void updateAllBounds() {
        beginPass("update the item bounds", null);
        try {
            itemStore.updateBounds(0, items.size(), transforms);
        } finally {
            frameThread.set(null);
        }
    }

    /**
     * Runs one frame for {@code camera}: transforms, bounds, culling, render-queue sort and batching, split across
     * the worker threads, allocating nothing once the queue has room for every item. The result is the same for any
     * number of workers.
     *
     * @return this frame's statistics (one reused instance); the queue is {@link #renderQueue()}
     * @throws IllegalStateException           if another frame is running
     * @throws ConcurrentModificationException if another thread is changing the scene's structure; nothing ran
     */
    public FrameStats updateFrame(Camera camera) {
        checkOwned(camera, "render a frame");
        beginPass("run a frame", camera);
        try {
            WorkerPool pool = workers();
            long start = System.nanoTime();
            pipeline.stats.nodesUpdated = transforms.updateAll(pool);
            pipeline.stats.transformNanos = System.nanoTime() - start;
            pipeline.run(camera, items.size(), pool);
        } finally {
            frameThread.set(null);
        }
        return pipeline.stats;
    }

    /**
     * Claims the scene for a pass; the caller clears {@link #frameThread} when it ends. The message is built only
     * when the pass is refused, so that a frame allocates nothing.
     */
    private void beginPass(String action, Camera camera) {
        Thread current = Thread.currentThread();
        if (!frameThread.compareAndSet(null, current)) {
            Thread running = frameThread.get();
            throw new IllegalStateException("cannot " + action + (camera == null ? "" : " for " + camera.describe())
                    + ": a frame is already running on thread '"
                    + (running == null ? "?" : running.getName()) + "'; frames run one at a time");
        }
        Thread changing = changeThread.get();
        if (changing != null) {
            frameThread.set(null);
            throw new ConcurrentModificationException("cannot " + action + (camera == null ? "" : " for "
                    + camera.describe()) + ": thread '" + changing.getName()
                    + "' is changing the scene's structure; change it between frames, on the thread that runs them");
        }
    }

    /** The last frame's render queue (one reused instance). */
    public RenderQueue renderQueue() {
        return pipeline.queue;
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

    /** Items whose world bounds come within {@code radius} of {@code centre}, as {@link #boxQuery} selects them. */
    public List<Item> sphereQuery(Vector3fc centre, float radius, int queryMask) {
        if (!(radius >= 0f) || !centre.isFinite()) {
            throw new IllegalArgumentException("sphere query at " + centre + " with radius " + radius
                    + ": the centre must be finite and the radius >= 0");
        }
        return queries.sphere(centre.x(), centre.y(), centre.z(), radius, queryMask);
    }

    // ---- checks ----

    /**
     * Claims the scene for a structural change by the calling thread, so that no frame or pass starts halfway
     * through it; pair with {@link #release} in a finally block.
     *
     * @param subject what was to change, named in the message (described only when the change is refused)
     * @return false when this thread already holds the claim (a change made inside another), true otherwise
     * @throws IllegalStateException if a frame runs or another thread is changing the scene
     */
    boolean claim(Object subject) {
        Thread current = Thread.currentThread();
        if (changeThread.get() == current) {
            return false;
        }
        if (!changeThread.compareAndSet(null, current)) {
            throw refusal(subject, null, changeThread.get());
        }
        Thread running = frameThread.get();
        if (running != null || transforms.isUpdating()) {
            changeThread.set(null);
            throw refusal(subject, running, null);
        }
        return true;
    }

    void release(boolean claimed) {
        if (claimed) {
            changeThread.set(null);
        }
    }

    /**
     * Refuses a change of values (not structure) while a frame runs or another thread is changing the structure.
     *
     * @param subject what was to change, named in the message (described only when the change is refused)
     */
    void checkMutable(Object subject) {
        Thread running = frameThread.get();
        Thread changing = changeThread.get();
        if (running != null || transforms.isUpdating() || (changing != null && changing != Thread.currentThread())) {
            throw refusal(subject, running, changing);
        }
    }

    private static IllegalStateException refusal(Object subject, Thread running, Thread changing) {
        String why = changing != null ? "thread '" + changing.getName() + "' is changing the scene's structure"
                : "the scene cannot change while a frame runs"
                + (running == null ? "" : " (on thread '" + running.getName() + "')");
        return new IllegalStateException("cannot change " + subject + ": " + why + "; change it between frames, on "
                + "the thread that runs them");
    }

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
     * parent index, parent link and depth; each object's global index, handle and attachment; every list.
     *
     * @throws IllegalStateException naming the first broken invariant
     */
    public void validate() {
        transforms.validate();
        nodes.validate();
        if (nodes.size() != transforms.size()) {
            throw new IllegalStateException(nodes.size() + " nodes in the node manager but " + transforms.size()
                    + " transform slots");
        }
        for (int i = 0; i < nodes.size(); i++) {
            validateNode(nodes.get(i));
        }
        items.validate();
        lights.validate();
        cameras.validate();
        validateAttachments(items);
        validateAttachments(lights);
        validateAttachments(cameras);
        nodeLists.validate();
        if (root.parent != null || transforms.depthOf(root.id()) != 0) {
            throw new IllegalStateException(root.describe() + " must be a level-0 node without a parent");
        }
    }

    private void validateNode(SceneNode node) {
        int id = node.id();
        if (!node.isAlive() || nodeById[id] != node) {
            throw new IllegalStateException(node.describe() + " is in the node manager but its id " + id
                    + " maps to " + nodeById[id]);
        }
        int expectedParent = node.parent == null ? NodeTransforms.NO_PARENT : node.parent.id();
        if (transforms.parentOf(id) != expectedParent) {
            throw new IllegalStateException(node.describe() + " has parent " + node.parent
                    + " but its transform records parent id " + transforms.parentOf(id));
        }
        if (node.parent != null && (!node.parent.children().contains(node))) {
            throw new IllegalStateException(node.describe() + " is not in its parent's child list at parent index "
                    + node.parentIndex);
        }
        if (node.parent == null && node.parentIndex != -1) {
            throw new IllegalStateException(node.describe() + " has no parent but parent index " + node.parentIndex);
        }
        SwapPopArray<SceneNode> children = node.childrenOrNull();
        if (children != null) {
            children.validate();
            for (int c = 0; c < children.size(); c++) {
                if (children.get(c).parent != node) {
                    throw new IllegalStateException(children.get(c).describe() + " is in the child list of "
                            + node.describe() + " but names " + children.get(c).parent + " as parent");
                }
            }
        }
        SwapPopArray<MovableObject> attached = node.attachmentsOrNull();
        if (attached != null) {
            attached.validate();
            for (int a = 0; a < attached.size(); a++) {
                if (attached.get(a).parentNode != node) {
                    throw new IllegalStateException(attached.get(a).describe() + " is attached to " + node.describe()
                            + " but names " + attached.get(a).parentNode + " as its node");
                }
            }
        }
        for (int slot = 0; slot < nodeLists.linkSlots(); slot++) {
            int list = nodeLists.listOf(id, slot);
            if (list != IntrusiveListPool.NONE && !nodeLists.contains(list, id)) {
                throw new IllegalStateException(node.describe() + " records list " + list + " in slot " + slot
                        + " but is not in it");
            }
        }
    }

    private <T extends MovableObject> void validateAttachments(ObjectManager<T> manager) {
        for (int i = 0; i < manager.size(); i++) {
            T object = manager.get(i);
            SceneNode node = object.parentNode;
            if (node != null && (!node.isAlive() || node.getAttachedObject(object.parentIndex) != object)) {
                throw new IllegalStateException(object.describe() + " names " + node.describe() + " as its node but "
                        + "is not in its attachment list at parent index " + object.parentIndex);
            }
            if (object instanceof Item && itemStore.nodeId[i] != (node == null ? NodeTransforms.NO_PARENT
                    : node.id())) {
                throw new IllegalStateException(object.describe() + " is attached to " + node + " but its item data "
                        + "records node id " + itemStore.nodeId[i]);
            }
        }
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

    // ---- scratch values for SceneNode ----

    Vector3f scratchVector() {
        return scratchVector;
    }

    Vector3f scratchVector2() {
        return scratchVector2;
    }

    Vector3f scratchVector3() {
        return scratchVector3;
    }

    Quaternionf scratchQuaternion() {
        return scratchQuaternion;
    }

    Quaternionf scratchQuaternion2() {
        return scratchQuaternion2;
    }

    Quaternionf scratchQuaternion3() {
        return scratchQuaternion3;
    }

    Quaternionf scratchQuaternion4() {
        return scratchQuaternion4;
    }

    Matrix4f scratchMatrix() {
        return scratchMatrix;
    }
}
