package io.flatscene.core.scene;

import io.flatscene.core.config.ConfigException;
import io.flatscene.core.config.SceneCapacity;
import io.flatscene.core.config.SceneConfig;
import io.flatscene.core.config.TransformKernel;
import io.flatscene.core.container.GrowthPolicy;
import io.flatscene.core.container.HandleTable;
import io.flatscene.core.container.Index;
import io.flatscene.core.parallel.WorkerPool;
import io.flatscene.core.scene.frame.FramePipeline;
import io.flatscene.core.scene.frame.WorldComposer;
import io.flatscene.core.scene.store.ItemStore;
import io.flatscene.core.scene.store.NodeRegistry;
import io.flatscene.core.scene.store.TransformStore;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;

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
 * <p>A scene belongs to one thread, its owner: the thread that created it, until the owner hands it to another
 * with {@link #handOver}. Only the owner reads or changes it. Every call from another thread on the scene, its nodes
 * and objects, its node lists and groups, its queries and its {@link ChangedSlots} is refused before it reads or
 * writes anything, every time, whether or not the owner is busy, with an {@link IllegalStateException} naming the
 * call, the owner and the calling thread; so two threads never interleave their calls on one scene, and a scene built
 * on a loading thread is handed to the game's thread explicitly. On the owner's thread, changes are made between
 * frames: they are refused while a frame, a pass or a query runs. Only identity answers on any thread: the name,
 * handle, scene and liveness of a node or object, a node list's channel, the scene's {@link #config()} and
 * {@link #transformKernel()}. What a call writes into the caller's own objects ({@link RenderQueue},
 * {@link QueryResult}, {@link RayBatch}, {@link FrameStats}) is the caller's to read on any thread once the call that
 * fills it has returned, so another thread can read the last frame's queue while the owner culls the next frame into
 * another; the scene's own queue ({@link #renderQueue()}) and the {@link ChangedSlots} a queue names are the scene's,
 * read by its owner. Every method throws {@link IllegalStateException} once the scene is closed, and every structural
 * change while the scene cannot change now, or for a node or object destroyed; the {@code @throws} clauses name the
 * rest.
 *
 * <p>The per-frame passes split their work across {@link SceneConfig#workerThreads()} threads (the caller's
 * included), whose results are the same for any count; {@link #close()} stops them.
 */
public final class SceneManager implements AutoCloseable {
    private static final Logger LOG = LogManager.getLogger(SceneManager.class);

    /** The number of channels of {@link NodeList}s a game can use, each a channel of links of its own. */
    public static final int NODE_LIST_CHANNELS = 3;

    private final SceneConfig config;
    private final TransformStore transforms;
    private final NodeRegistry<SceneNode> nodes;
    private final ObjectKinds kinds;
    private final NodeChannels channels;
    private final SceneGuard guard;
    private final SceneHierarchy hierarchy;
    private final NameIndex names;
    private final SceneChanges changes;
    private final SceneNode root;
    private final FramePipeline pipeline;
    private final SceneQueries queries;
    private final ChangedSlots changedSlots;
    private final BatchSetters batchSetters = new BatchSetters(this);
    private final NodeScratch scratch = new NodeScratch();
    private final WorldComposer worldComposer;
    private final NodeSpace nodeSpace = new NodeSpace(scratch);
    private final SceneFrames frames;

    /**
     * Creates an empty scene, its root node included, with every store allocated for the configured capacities. No
     * worker thread starts until the first frame pass.
     *
     * @param config the capacities, growth policy, worker count, transform kernel and validation switch; not null
     * @throws NullPointerException if {@code config} is null
     * @throws ConfigException      if the declared capacities cannot fit in the heap, naming the largest and the bytes
     *                              they take
     */
    public SceneManager(SceneConfig config) {
        this(config, List.of());
    }

    /** Creates a scene whose kind table holds the kinds {@code declared} after the built-in ones. */
    SceneManager(SceneConfig config, List<ObjectKind.Declaration> declared) {
        this.config = Objects.requireNonNull(config, "config");
        HeapBudget.check(config);
        try {
            this.nodes = new NodeRegistry<>(SceneCapacity.NODES.key(), config.maxNodes(), SceneHierarchy.GLOBAL_INDEX);
            this.transforms = new TransformStore(SceneCapacity.NODES.key(), config.maxNodes(), config.growthPolicy(),
                    (id, slot) -> SceneHierarchy.slotMoved(nodes.byId(id), slot));
            this.kinds = new ObjectKinds(this, config, declared);
        } catch (OutOfMemoryError e) {
            throw HeapBudget.exhausted(config, e);
        }
        this.channels = new NodeChannels();
        this.guard = new SceneGuard();
        this.worldComposer = new WorldComposer(transforms);
        this.names = new NameIndex(nodes);
        this.hierarchy = new SceneHierarchy(transforms, nodes, channels.pool(), names);
        ItemKind items = kinds.items();
        this.pipeline = new FramePipeline(transforms, items.store, items.data, kinds.lights().data,
                config.transformKernel());
        this.changedSlots = new ChangedSlots(transforms, guard);
        this.changes = new SceneChanges(this, guard, hierarchy, channels, nodes, transforms, kinds,
                new SceneValidation(transforms, nodes, channels.pool(), names), pipeline, config.validation());
        // the frames sync the queries' index after each update, and own the worker threads the queries share
        this.queries = new SceneQueries(changes, guard, items.store, items.data,
                () -> pipeline.update(items.store.size(), workers()), this::workers);
        this.frames = new SceneFrames(config.workerThreads(), guard, pipeline, items, channels, changes,
                new KeptCull(this, guard, pipeline, kinds, scratch), queries);
        items.bind(pipeline, queries);
        this.root = changes.createRoot();
        LOG.info("FlatScene scene created: {}", config);
    }

    /** {@return the configuration the scene was created with} */
    public SceneConfig config() {
        return config;
    }

    /**
     * {@return the kernel the transform pass runs, VECTOR or SCALAR: the configured one, or for AUTO what the runtime
     * offered (the startup log says why)}
     */
    public TransformKernel transformKernel() {
        return pipeline.transformKernel();
    }

    /**
     * {@return the root node, created with the scene: depth 0, never destroyed, and what every drawn node hangs from}
     */
    public SceneNode rootNode() {
        guard.checkAvailable("read the root node");
        return root;
    }

    TransformStore transforms() {
        return transforms;
    }

    ItemStore itemData() {
        return kinds.items().data;
    }

    ObjectKinds kinds() {
        return kinds;
    }

    /** The frames' worker threads, started on first use, which the queries share. */
    private WorkerPool workers() {
        return frames.workers();
    }

    SceneGuard guard() {
        return guard;
    }

    NodeScratch scratch() {
        return scratch;
    }

    WorldComposer worldComposer() {
        return worldComposer;
    }

    NodeSpace nodeSpace() {
        return nodeSpace;
    }

    SceneChanges changes() {
        return changes;
    }

    /** {@link #changedSlots()} without the scene's own check: what a queue names, whose reads check the thread. */
    ChangedSlots changedSlotsUnchecked() {
        return changedSlots;
    }

    /**
     * Creates a detached node with an identity local transform: it has no parent and is not drawn until it is added
     * under the root's tree ({@link SceneNode#addChild}). {@link SceneNode#createChild} creates one already attached.
     *
     * @param name the node's name, not necessarily unique; null or "" for none
     * @return the new node
     * @throws io.flatscene.core.container.CapacityExceededException if the node capacity is full under
     *                               {@link GrowthPolicy#FAIL}, or at the most any store can hold
     */
    public SceneNode createSceneNode(String name) {
        return changes.createNode(null, name);
    }

    /**
     * Destroys the node, its whole subtree and every object attached in it ({@link DestroyMode#SUBTREE}, where the
     * reasons for that default are): O(1) per node and object destroyed.
     *
     * @param node a live node of this scene, not the root
     * @throws NullPointerException     if {@code node} is null
     * @throws IllegalArgumentException if {@code node} is the root or of another scene
     */
    public void destroySceneNode(SceneNode node) {
        destroySceneNode(node, DestroyMode.SUBTREE);
    }

    /**
     * Destroys the node; its children are destroyed too or moved under the root, and the objects attached to what
     * is destroyed destroyed or detached, as {@code mode} says. A detached object costs the frame passes nothing: the
     * bounds and cull passes run over attached items only.
     *
     * @param node a live node of this scene, not the root
     * @param mode what becomes of the node's children and of the objects attached to what is destroyed
     * @throws NullPointerException     if {@code node} or {@code mode} is null
     * @throws IllegalArgumentException if {@code node} is the root or of another scene
     */
    public void destroySceneNode(SceneNode node, DestroyMode mode) {
        changes.destroy(node, mode);
    }

    /**
     * Queues the node for destruction by the next {@link #update()}, {@link #updateFrame} or {@link #cull}, which
     * destroy every queued node before their passes run, or by {@link #processPendingDestruction()} when the game
     * wants it gone sooner. Until then it lives, and reads and draws as before. Queuing it twice is harmless;
     * destroying it sooner takes it off the queue.
     *
     * @param node a live node of this scene, not the root; its subtree and attached objects go with it
     * @throws NullPointerException     if {@code node} is null
     * @throws IllegalArgumentException if {@code node} is the root or of another scene
     */
    public void destroyLater(SceneNode node) {
        changes.destroyLater(node);
    }

    /**
     * {@return the number of nodes queued by {@link #destroyLater} and not yet destroyed}
     */
    public int pendingDestructionCount() {
        guard.checkAvailable("count the nodes queued for destruction");
        return channels.queuedCount();
    }

    /**
     * Destroys every queued node with its subtree and their objects, as {@link DestroyMode#SUBTREE} does: what the
     * next update does first, for a game that wants the nodes gone now. A queued node inside another's subtree leaves
     * the queue when that subtree goes, through the automatic unlinking of destroyed nodes.
     *
     * @return the number of queued nodes destroyed
     */
    public int processPendingDestruction() {
        return changes.processPendingDestruction();
    }

    /**
     * Finds a node by the handle {@link SceneNode#handle()} gave: O(1).
     *
     * @param handle a node handle; a stale one (its node destroyed) or one no node ever had finds nothing
     * @return the live node with this handle, or empty
     */
    public Optional<SceneNode> findNode(long handle) {
        guard.checkAvailable("find a node");
        return transforms.isLive(handle) ? Optional.of(nodes.byId(HandleTable.idOf(handle))) : Optional.empty();
    }

    /**
     * Finds every live node with a name, in no particular order: linear in the node count, and uses no index.
     *
     * @param name the exact name, case-sensitive; "" finds the unnamed nodes, null finds none
     * @return a new list of the nodes found, empty when none
     */
    public List<SceneNode> findNodesByName(String name) {
        guard.checkAvailable("find nodes by name");
        return names.findAll(name);
    }

    /**
     * The live node named {@code name}, for names a game gives one node each: O(1) from a name index built by one
     * scan on the first call and kept up to date after it (a scene that never calls it pays nothing). Unnamed nodes
     * are not indexed.
     *
     * @param name the exact name, case-sensitive; not null or empty
     * @return the node, or empty when no live node has the name
     * @throws IllegalArgumentException if {@code name} is null or empty
     * @throws IllegalStateException    if several live nodes have the name, saying how many: use
     *                                  {@link #findNodesByName} for names that are shared; or if the scene was
     *                                  closed or a frame runs
     */
    public Optional<SceneNode> findNodeByName(String name) {
        NameIndex.checkIndexed(name);
        // The first look-up builds the index that structural changes keep: held like one, yet counted as no change.
        boolean held = guard.hold("find a node by name");
        try {
            return Optional.ofNullable(names.findOnly(name));
        } finally {
            guard.release(held);
        }
    }

    /**
     * {@return the number of live nodes, the root and detached nodes included}
     */
    public int nodeCount() {
        guard.checkAvailable("count nodes");
        return nodes.size();
    }

    /**
     * A new list of nodes on one of the {@link #NODE_LIST_CHANNELS} channels (0-based); a node can be in one list
     * per channel.
     *
     * @param channel the channel, 0 to {@code NODE_LIST_CHANNELS - 1}; lists that must hold the same node need
     *                different channels
     * @return the new, empty list
     * @throws IllegalArgumentException if {@code channel} is out of that range
     */
    public NodeList createNodeList(int channel) {
        NodeChannels.checkChannel(channel);
        // the list pool is shared by every list and the deferred destruction: a new list changes its structure
        boolean claimed = guard.claim("a new node list on channel " + channel);
        try {
            return channels.newList(this, channel);
        } finally {
            guard.release(claimed);
        }
    }

    /** The live node at {@code globalIndex} of the node registry, {@code [0, nodeCount())}: what a save walks. */
    SceneNode nodeAt(int globalIndex) {
        return nodes.get(globalIndex);
    }

    SceneNode nodeOrNull(int id) {
        return id == Index.NONE ? null : nodes.byId(id);
    }

    /**
     * Creates an unnamed detached item, as {@link #createItem(String, int, int, Aabb)} does.
     *
     * @param meshId     the mesh's id in the renderer's mesh registry (see {@link Item#setMesh}), &gt;= 0; the
     *                   renderer refuses an unregistered one when it prepares the frame
     * @param materialId the material's id in the renderer's material registry, &gt;= 0, refused there likewise
     * @param localAabb  the mesh's bounds in the node's local space, or {@link Aabb#INFINITE} for an item never culled
     * @return the new item, detached, with the default render-queue group, visibility flags and query flags
     * @throws IllegalArgumentException  if {@code localAabb} is null or an id is negative, naming the item
     * @throws io.flatscene.core.container.CapacityExceededException if the item capacity is full under
     *                                   {@link GrowthPolicy#FAIL}, or at the most any store can hold
     */
    public Item createItem(int meshId, int materialId, Aabb localAabb) {
        return createItem("", meshId, materialId, localAabb);
    }

    /**
     * Creates a detached item; attach it to a node ({@link SceneNode#attachObject}) to place it. A detached item is
     * neither drawn nor found by queries, and costs the frame passes nothing.
     *
     * @param name       the item's name, not necessarily unique; null or "" for none
     * @param meshId     the mesh's id in the renderer's mesh registry (see {@link Item#setMesh}), &gt;= 0; the
     *                   renderer refuses an unregistered one when it prepares the frame
     * @param materialId the material's id in the renderer's material registry, &gt;= 0, refused there likewise
     * @param localAabb  the mesh's bounds in the node's local space, or {@link Aabb#INFINITE} for an item never culled
     * @return the new item, detached, with the default render-queue group, visibility flags and query flags
     * @throws IllegalArgumentException  if {@code localAabb} is null or an id is negative, naming the item
     * @throws io.flatscene.core.container.CapacityExceededException if the item capacity is full under
     *                                   {@link GrowthPolicy#FAIL}, or at the most any store can hold
     */
    public Item createItem(String name, int meshId, int materialId, Aabb localAabb) {
        return changes.createObject("a new item '" + name + "'",
                () -> kinds.items().create(name, meshId, materialId, localAabb));
    }

    /**
     * Creates a detached light: white, range 100 world units, spot cone 30 to 40 degrees. It lights nothing until it
     * is attached to a node in the scene graph, whose world position and -Z axis place and aim it.
     *
     * @param name the light's name, not necessarily unique; null or "" for none
     * @param type directional, point or spot; {@link Light#setType} changes it later
     * @return the new light
     * @throws IllegalArgumentException  if {@code type} is null
     * @throws io.flatscene.core.container.CapacityExceededException if the light capacity is full under
     *                                   {@link GrowthPolicy#FAIL}, or at the most any store can hold
     */
    public Light createLight(String name, Light.Type type) {
        return changes.createObject("a new light '" + name + "'", () -> kinds.lights().create(name, type));
    }

    /**
     * Creates a detached camera: perspective, 60 degrees vertical field of view, near 0.1 and far 1000 world units, a
     * 1280 x 720 viewport, every visibility bit. Detached, it looks from the world origin down -Z; attached, from
     * its node's world position along the node's -Z axis.
     *
     * @param name the camera's name, not necessarily unique; null or "" for none
     * @return the new camera
     * @throws io.flatscene.core.container.CapacityExceededException if the camera capacity is full under
     *                                   {@link GrowthPolicy#FAIL}, or at the most any store can hold
     */
    public Camera createCamera(String name) {
        return changes.createObject("a new camera '" + name + "'", () -> kinds.cameras().create(name));
    }

    /**
     * Detaches the item if attached and destroys it: O(1). Its handle goes stale, and other items' global indices
     * may change (see {@link #item}).
     *
     * @param item a live item of this scene
     * @throws NullPointerException     if {@code item} is null
     * @throws IllegalArgumentException if {@code item} is of another scene
     */
    public void destroyItem(Item item) {
        changes.destroy(item);
    }

    /**
     * Detaches the light if attached and destroys it: O(1). Its handle goes stale, and the light at the last global
     * index takes its place.
     *
     * @param light a live light of this scene
     * @throws NullPointerException     if {@code light} is null
     * @throws IllegalArgumentException if {@code light} is of another scene
     */
    public void destroyLight(Light light) {
        changes.destroy(light);
    }

    /**
     * Detaches the camera if attached and destroys it: O(1). Its handle goes stale, and the camera at the last global
     * index takes its place.
     *
     * @param camera a live camera of this scene
     * @throws NullPointerException     if {@code camera} is null
     * @throws IllegalArgumentException if {@code camera} is of another scene
     */
    public void destroyCamera(Camera camera) {
        changes.destroy(camera);
    }

    /**
     * Finds an item by the handle {@link MovableObject#handle()} gave: O(1).
     *
     * @param handle an item handle; a stale one (its item destroyed), another kind's or a made-up one finds nothing
     * @return the live item with this handle, or empty
     */
    public Optional<Item> findItem(long handle) {
        guard.checkAvailable("find an item");
        return Optional.ofNullable(kinds.items().store.find(handle));
    }

    /**
     * Finds a light by the handle {@link MovableObject#handle()} gave: O(1).
     *
     * @param handle a light handle; a stale one (its light destroyed), another kind's or a made-up one finds nothing
     * @return the live light with this handle, or empty
     */
    public Optional<Light> findLight(long handle) {
        guard.checkAvailable("find a light");
        return Optional.ofNullable(kinds.lights().store.find(handle));
    }

    /**
     * Finds a camera by the handle {@link MovableObject#handle()} gave: O(1).
     *
     * @param handle a camera handle; a stale one (its camera destroyed), another kind's or a made-up one finds nothing
     * @return the live camera with this handle, or empty
     */
    public Optional<Camera> findCamera(long handle) {
        guard.checkAvailable("find a camera");
        return Optional.ofNullable(kinds.cameras().store.find(handle));
    }

    /**
     * {@return the number of live items, attached or not: their global indices are 0 to this minus 1}
     */
    public int itemCount() {
        guard.checkAvailable("count items");
        return kinds.items().store.size();
    }

    /**
     * The item at a global index, {@code 0..itemCount()-1}. Indices change when an item is destroyed (the last takes
     * its place), attached or detached (attached items come first, so it swaps places with another), and when an
     * update sorts a large scene's items by position; render queues name items by index as of their cull.
     *
     * @param globalIndex the index, 0 to {@code itemCount() - 1}
     * @return the live item at that index now
     * @throws IndexOutOfBoundsException if {@code globalIndex} is outside that range
     */
    public Item item(int globalIndex) {
        guard.checkAvailable("read an item");
        return kinds.items().store.get(globalIndex);
    }

    /**
     * {@return the number of live lights, attached or not: their global indices are 0 to this minus 1}
     */
    public int lightCount() {
        guard.checkAvailable("count lights");
        return kinds.lights().store.size();
    }

    /**
     * The light at a global index. Indices change when a light is destroyed (the last takes its place); a handle
     * ({@link #findLight}) is the stable way to keep one.
     *
     * @param globalIndex the index, 0 to {@code lightCount() - 1}
     * @return the live light at that index now
     * @throws IndexOutOfBoundsException if {@code globalIndex} is outside that range
     */
    public Light light(int globalIndex) {
        guard.checkAvailable("read a light");
        return kinds.lights().store.get(globalIndex);
    }

    /**
     * {@return the number of live cameras, attached or not: their global indices are 0 to this minus 1}
     */
    public int cameraCount() {
        guard.checkAvailable("count cameras");
        return kinds.cameras().store.size();
    }

    /**
     * The camera at a global index. Indices change when a camera is destroyed (the last takes its place); a handle
     * ({@link #findCamera}) is the stable way to keep one.
     *
     * @param globalIndex the index, 0 to {@code cameraCount() - 1}
     * @return the live camera at that index now
     * @throws IndexOutOfBoundsException if {@code globalIndex} is outside that range
     */
    public Camera camera(int globalIndex) {
        guard.checkAvailable("read a camera");
        return kinds.cameras().store.get(globalIndex);
    }

    /**
     * Sets the local positions of {@code count} nodes at once: {@code nodes[i]} gets {@code positions[3i]},
     * {@code positions[3i + 1]}, {@code positions[3i + 2]}. Cheaper per node than {@link SceneNode#setPosition} for
     * thousands of nodes; allocation-free once a batch as large has been set.
     *
     * @param nodes     the nodes, live and of this scene; only the first {@code count} are read
     * @param positions the new local positions, 3 floats a node (x, y, z) in the parent's space, finite; at least
     *                  {@code 3 * count} floats
     * @param count     the number of nodes to set, 0 to {@code nodes.length}
     * @throws NullPointerException     if {@code nodes} or {@code positions} is null
     * @throws IllegalArgumentException naming the node, if a node is null, of another scene, or a value is not
     *                                  finite, or if the arrays hold fewer than {@code count} nodes; nothing is set
     * @throws IllegalStateException    if a node was destroyed, or the scene cannot change now (a frame runs); nothing
     *                                  is set
     */
    public void setPositions(SceneNode[] nodes, float[] positions, int count) {
        guard.checkAvailable("set positions");
        batchSetters.setPositions(nodes, positions, count);
    }

    /**
     * Sets the local orientations of {@code count} nodes at once: {@code nodes[i]} gets the quaternion (x, y, z, w)
     * at {@code orientations[4i]}, stored normalized as {@link SceneNode#setOrientation} stores it.
     *
     * @param nodes        the nodes, live and of this scene; only the first {@code count} are read
     * @param orientations the new local orientations relative to the parent, 4 floats a node (x, y, z, w), finite and
     *                     not all zero, of any length; at least {@code 4 * count} floats
     * @param count        the number of nodes to set, 0 to {@code nodes.length}
     * @throws NullPointerException     if {@code nodes} or {@code orientations} is null
     * @throws IllegalArgumentException as {@link #setPositions} does, and for a zero quaternion; nothing is set
     * @throws IllegalStateException    as {@link #setPositions} does; nothing is set
     */
    public void setOrientations(SceneNode[] nodes, float[] orientations, int count) {
        guard.checkAvailable("set orientations");
        batchSetters.setOrientations(nodes, orientations, count);
    }

    /**
     * A group of the first {@code count} of {@code nodes}, in that order, for a game that moves the same nodes every
     * frame: the group keeps their slots, so its setters read no node object (see {@link NodeGroup}).
     *
     * @param nodes the nodes, live and of this scene; only the first {@code count} are read, and the array is copied
     * @param count the number of nodes in the group, 0 to {@code nodes.length}
     * @return the new group
     * @throws NullPointerException     if {@code nodes} is null
     * @throws IllegalArgumentException naming the node, if a node is null or of another scene, or if the array holds
     *                                  fewer than {@code count} nodes
     * @throws IllegalStateException    if a node was destroyed, or the scene was closed
     */
    public NodeGroup createNodeGroup(SceneNode[] nodes, int count) {
        guard.checkAvailable("group nodes");
        return NodeGroup.of(this, nodes, count);
    }

    /**
     * Recomputes the world matrix of every node whose local transform, or an ancestor's, changed since the last
     * call: one linear pass per depth level, parents before children, no allocation. A pass alone is not an update:
     * it destroys no queued node, and the next {@link #cull} still runs {@link #update()} first when the game changed
     * anything since the last update.
     *
     * @return the number of world matrices recomputed
     */
    public int updateAllTransforms() {
        return frames.updateTransforms();
    }

    /**
     * Recomputes every attached item's world bounds from its node's world matrix: one linear pass. A pass alone is not
     * an update, as {@link #updateAllTransforms} says.
     */
    public void updateAllBounds() {
        frames.updateBounds();
    }

    /**
     * The once-per-tick part of a frame: the nodes {@link #destroyLater} queued destroyed, then transforms, then every
     * item's world bounds, then the refit of the query index to the items that moved. Any number of views can then be
     * culled from it with {@link #cull}.
     *
     * <p>The refit runs on the worker threads, and only once a query has built the index: a scene never queried keeps
     * none and pays nothing for it. After it, the game's queries find the index up to date, with nothing to update or
     * refit until the next change; {@link FrameStats#queryIndexNanos()} shows what the refit took.
     *
     * @return the update's statistics (one reused instance; the cull fields are those of no cull)
     * @throws IllegalStateException if another frame is running; nothing ran
     */
    public FrameStats update() {
        return frames.update();
    }

    /**
     * Culls, sorts and batches the scene for {@code camera} into {@code queue}, with the camera's view and the lights
     * it shades with: one per view (split screen, a minimap, a shadow camera). A cull sees the scene as it is now:
     * when the game changed anything since the last {@link #update()} (a node or camera moved, an item's setter, a
     * node created, destroyed or queued by {@link #destroyLater}, an object attached or detached), it runs that update
     * first, and its timings are the update fields of the queue's {@link RenderQueue#stats() stats}. Views culled
     * after one update with nothing changed between share that update.
     * Allocates nothing once the queue has room for every item. The result is the same for any number of workers.
     * A queue culled again for the same camera with nothing changed since is kept as it is.
     *
     * @param camera a live camera of this scene; detached, it looks from the world origin down -Z
     * @param queue  the queue to fill, replacing what it held; keep one per view, since a queue that last held another
     *               view is culled from scratch
     * @return {@code queue}
     * @throws NullPointerException     if {@code camera} or {@code queue} is null
     * @throws IllegalArgumentException if {@code camera} is of another scene
     * @throws IllegalStateException    if another frame is running, the camera was destroyed (with the queued
     *                                  nodes, say) or the scene closed, or the camera's view is singular; nothing ran
     */
    public RenderQueue cull(Camera camera, RenderQueue queue) {
        return frames.cull(camera, queue);
    }

    /**
     * Runs one frame for {@code camera}: {@link #update()} then {@link #cull} into {@link #renderQueue()}.
     *
     * @param camera a live camera of this scene; detached, it looks from the world origin down -Z
     * @return this frame's statistics (one reused instance)
     * @throws NullPointerException     if {@code camera} is null
     * @throws IllegalArgumentException if {@code camera} is of another scene
     * @throws IllegalStateException    if another frame is running, the camera was destroyed (with the queued
     *                                  nodes, say) or the scene closed, or the camera's view is singular; nothing ran
     */
    public FrameStats updateFrame(Camera camera) {
        return frames.updateFrame(camera);
    }

    /**
     * {@return the render queue {@link #updateFrame} fills (one reused instance, as of the last updateFrame)}
     */
    public RenderQueue renderQueue() {
        guard.checkAvailable("read the render queue");
        return frames.defaultQueue();
    }

    /**
     * {@return the transform slots whose world matrix the last transform pass changed (one live view, read between
     * frames)}
     */
    public ChangedSlots changedSlots() {
        guard.checkAvailable("read the changed slots");
        return changedSlots;
    }

    /** {@return the scene's ray, box, sphere and frustum queries and its picking} */
    public SceneQueries queries() {
        return queries;
    }

    /**
     * Checks every invariant of the scene: the transform store's levels and id table; each node's global index,
     * parent index, parent link and depth; each object's global index, handle and attachment; every list; the
     * culling chunks' boxes around their items.
     *
     * @throws IllegalStateException naming the first broken invariant
     */
    public void validate() {
        guard.checkAvailable("validate the scene");
        changes.validate();
    }

    /**
     * Hands the scene to {@code next}, which becomes its owner: from this call on, the calling thread's calls are
     * refused and {@code next}'s are not. Call it on the owner's thread, between frames. The hand-over is a volatile
     * write that {@code next} reads at its first call, so everything the scene's old owner wrote before handing it
     * over happens-before what {@code next} reads: the two threads need no other synchronization for the scene.
     * A scene handed to a thread that never calls it can be called by no thread.
     *
     * @param next the new owner; null hands the scene to no thread, and the next thread that calls it takes it (only
     *             one does when several call at once, and the others are refused): for a loader that does not know
     *             which thread will run the game
     * @throws IllegalStateException if the calling thread does not own the scene, the scene was closed, or a frame
     *                               runs or a structural change is under way on the owner's thread
     */
    public void handOver(Thread next) {
        guard.handOver(next);
    }

    /**
     * Closes the scene for good: its worker threads stop, and every node and object reads as destroyed, so each later
     * call on the scene or on them is refused with a clear exception. Closing twice is harmless, on any thread.
     *
     * @throws IllegalStateException if the calling thread does not own the scene, or a frame is running: close it
     *                               between frames, on its owner's thread
     */
    @Override
    public void close() {
        if (!guard.close()) {
            return;
        }
        hierarchy.closeAll();
        kinds.close();
        frames.close();
    }

    boolean isClosed() {
        return guard.isClosed();
    }
}
