package io.flatscene.core.scene;

import io.flatscene.core.config.ConfigException;
import io.flatscene.core.config.SceneCapacity;
import io.flatscene.core.config.SceneConfig;
import io.flatscene.core.container.CapacityExceededException;
import io.flatscene.core.container.GrowthPolicy;
import io.flatscene.core.container.HandleTable;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;
import java.util.stream.Stream;
import org.joml.Matrix4f;
import org.joml.Quaternionf;
import org.joml.Vector3f;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * Every bad input the scene-core issue lists: each call must throw the documented exception, with a message that
 * names the object (handle {@code index:version} and name) and the rule, and must leave the scene valid and exactly
 * as it was (node count, parents, children, depths, local and world transforms, attachments, lists, queue).
 *
 * <p>No callback or listener runs inside a transform pass or a frame, so a mutation during one can only come from
 * another thread; {@link #mutationFromAnotherThreadDuringAFrameIsRefused()} tests it that way, through the public
 * API only (setting the pass flag by reflection would test nothing but the flag).
 */
class SceneBadInputTest {
    private SceneManager scene;
    private SceneNode root;
    // root -> a -> b -> c, root -> d, and a detached e -> f.
    private SceneNode a;
    private SceneNode b;
    private SceneNode c;
    private SceneNode d;
    private SceneNode e;
    private SceneNode f;
    private Item hull;
    private Light lamp;
    private Camera eye;
    private NodeList enemies;
    private NodeList allies;
    private NodeList selected;
    private final List<SceneNode> tracked = new ArrayList<>();
    private final List<MovableObject> trackedObjects = new ArrayList<>();
    private final List<NodeList> trackedLists = new ArrayList<>();
    /** Every scene a test made, closed after it so that no worker threads outlive the test. */
    private final List<SceneManager> opened = new ArrayList<>();

    @BeforeEach
    void buildScene() {
        scene = open(SceneConfig.builder().maxNodes(16).maxItems(4).maxLights(4).maxCameras(4)
                .validation(false).build());
        root = track(scene.rootNode());
        a = track(root.createChild("a").setPosition(1f, 2f, 3f).setScale(2f, 1f, 0.5f));
        b = track(a.createChild("b").setOrientation(new Quaternionf().rotateY(0.7f)));
        c = track(b.createChild("c").setPosition(0f, 0f, -4f));
        d = track(root.createChild("d").setPosition(-5f, 0f, 0f));
        e = track(scene.createSceneNode("e").setPosition(7f, 7f, 7f));
        f = track(e.createChild("f"));
        hull = scene.createItem("hull", 11, 12, new Aabb(0f, 0f, 0f, 1f, 2f, 3f));
        lamp = scene.createLight("lamp", Light.Type.POINT);
        eye = scene.createCamera("eye");
        trackedObjects.addAll(List.of(hull, lamp, eye));
        b.attachObject(hull);
        d.attachObject(lamp);
        enemies = scene.createNodeList(0).add(a).add(c);
        allies = scene.createNodeList(0).add(d);
        selected = scene.createNodeList(1).add(a);
        trackedLists.addAll(List.of(enemies, allies, selected));
        scene.destroyLater(f);
        scene.updateAllTransforms();
        scene.validate();
    }

    @AfterEach
    void closeScenes() {
        opened.forEach(SceneManager::close);
    }

    private SceneManager open(SceneConfig config) {
        SceneManager opening = new SceneManager(config);
        opened.add(opening);
        return opening;
    }

    private SceneNode track(SceneNode node) {
        tracked.add(node);
        return node;
    }

    // ---- a destroyed node or object used again ----

    @Test
    void destroyedNodeIsRefusedEverywhere() {
        scene.destroySceneNode(c);
        String dead = named(c);
        // A stale node must never write into the slot a new node took, so every use checks liveness first.
        refused(IllegalStateException.class, () -> c.setPosition(1f, 1f, 1f), dead, "destroyed");
        refused(IllegalStateException.class, () -> c.setOrientation(0f, 0f, 0f, 1f), dead, "destroyed");
        refused(IllegalStateException.class, () -> c.setScale(2f, 2f, 2f), dead, "destroyed");
        refused(IllegalStateException.class, () -> c.translate(1f, 0f, 0f, Space.LOCAL), dead, "destroyed");
        refused(IllegalStateException.class, () -> c.createChild("child"), dead, "destroyed");
        refused(IllegalStateException.class, () -> c.attachObject(eye), dead, "destroyed");
        refused(IllegalStateException.class, () -> c.reparent(d), dead, "destroyed");
        refused(IllegalStateException.class, () -> d.reparent(c), dead, "destroyed");
        refused(IllegalStateException.class, () -> d.addChild(c), dead, "destroyed");
        refused(IllegalStateException.class, () -> b.removeChild(c), dead, "destroyed");
        refused(IllegalStateException.class, () -> scene.destroySceneNode(c), dead, "destroyed");
        refused(IllegalStateException.class, () -> scene.destroySceneNode(c, DestroyMode.REATTACH_CHILDREN_TO_ROOT),
                dead, "destroyed");
        refused(IllegalStateException.class, () -> scene.destroyLater(c), dead, "destroyed");
        refused(IllegalStateException.class, () -> selected.add(c), dead, "destroyed");
        refused(IllegalStateException.class, c::parent, dead, "destroyed");
        assertFalse(c.isAlive());
        assertTrue(scene.findNode(c.handle()).isEmpty());
    }

    /**
     * A refused setter of an item, a light or a camera leaves the scene as it was, including its record of a change:
     * otherwise the next cull could not keep the last one's queue, for a call that changed nothing.
     */
    @Test
    void aRefusedSetterIsNoChange() {
        scene.guard().takeChanged();
        refused(IllegalArgumentException.class, () -> hull.setMesh(-1), named(hull), "mesh id -1 must be >= 0");
        refused(IllegalArgumentException.class, () -> hull.setMaterialId(-2), named(hull),
                "material id -2 must be >= 0");
        refused(IllegalArgumentException.class, () -> hull.setRenderQueueGroup(256), named(hull), "must be 0..255");
        refused(IllegalArgumentException.class, () -> hull.setLocalAabb(null), named(hull), "must not be null");
        refused(IllegalArgumentException.class, () -> lamp.setType(null), named(lamp));
        refused(IllegalArgumentException.class, () -> lamp.setColor(-1f, 0f, 0f), named(lamp));
        refused(IllegalArgumentException.class, () -> lamp.setRange(0f), named(lamp));
        refused(IllegalArgumentException.class, () -> lamp.setSpotAngles(1f, 0.5f), named(lamp));
        refused(IllegalArgumentException.class, () -> eye.setPerspective(4f, 0.1f, 10f), named(eye));
        refused(IllegalArgumentException.class, () -> eye.setOrthographic(-1f, 0.1f, 10f), named(eye));
        refused(IllegalArgumentException.class, () -> eye.setViewport(0, 10), named(eye));
        refused(IllegalArgumentException.class, () -> eye.setAspectRatio(Float.NaN), named(eye));
        assertFalse(scene.guard().takeChanged(), "a refused setter marked the scene changed");
        refused(IllegalArgumentException.class, () -> scene.createItem("bad", -1, 0, new Aabb(0f, 0f, 0f, 1f, 1f, 1f)),
                "item 'bad': mesh id -1 and material id 0 must be >= 0");
        refused(IllegalArgumentException.class, () -> scene.createItem("bad", 0, -1, new Aabb(0f, 0f, 0f, 1f, 1f, 1f)),
                "material id -1 must be >= 0");
    }

    @Test
    void reparentingUnderNullSaysHowToDetach() {
        refused(NullPointerException.class, () -> c.reparent(null), "cannot move node " + named(c),
                "under null: detachFromParent() detaches a node");
    }

    @Test
    void destroyedNodeStaysDeadAfterItsIdIsReused() {
        long stale = c.handle();
        scene.destroySceneNode(c);
        SceneNode reuser = track(d.createChild("reuser").setPosition(9f, 9f, 9f));
        assertEquals(idOf(stale), idOf(reuser.handle()),
                "the handle table reuses the freed entry first, so the new node takes the dead node's id");
        refused(IllegalStateException.class, () -> c.setPosition(1f, 1f, 1f), named(c), "destroyed");
        refused(IllegalStateException.class, () -> c.createChild("child"), named(c), "destroyed");
        assertTrue(scene.findNode(stale).isEmpty());
        assertSame(reuser, scene.findNode(reuser.handle()).orElseThrow());
        assertEquals(new Vector3f(9f, 9f, 9f), reuser.getPosition(new Vector3f()));
    }

    @Test
    void destroyedSubtreeNodeIsRefused() {
        scene.destroySceneNode(a);
        for (SceneNode gone : List.of(a, b, c)) {
            refused(IllegalStateException.class, () -> gone.setPosition(0f, 1f, 0f), named(gone), "destroyed");
            refused(IllegalStateException.class, () -> root.addChild(gone), named(gone), "destroyed");
        }
    }

    @Test
    void destroyedItemIsRefusedEverywhere() {
        scene.destroyItem(hull);
        String dead = named(hull);
        refused(IllegalStateException.class, () -> d.attachObject(hull), dead, "destroyed");
        refused(IllegalStateException.class, () -> b.detachObject(hull), dead, "destroyed");
        refused(IllegalStateException.class, () -> scene.destroyItem(hull), dead, "destroyed");
        refused(IllegalStateException.class, hull::detachFromParent, dead, "destroyed");
        refused(IllegalStateException.class, hull::parentNode, dead, "destroyed");
        refused(IllegalStateException.class, hull::meshId, dead, "destroyed");
        refused(IllegalStateException.class, () -> hull.setMaterialId(3), dead, "destroyed");
        refused(IllegalStateException.class, () -> hull.setRenderQueueGroup(3), dead, "destroyed");
        refused(IllegalStateException.class, () -> hull.setLocalAabb(new Aabb(0f, 0f, 0f, 1f, 1f, 1f)), dead,
                "destroyed");
        assertFalse(hull.isAlive());
        assertTrue(scene.findItem(hull.handle()).isEmpty());
    }

    @Test
    void destroyedItemStaysDeadAfterItsHandleEntryIsReused() {
        long stale = hull.handle();
        scene.destroyItem(hull);
        Item next = scene.createItem("next", 1, 2, new Aabb(0f, 0f, 0f, 1f, 1f, 1f));
        trackedObjects.add(next);
        assertEquals(idOf(stale), idOf(next.handle()));
        refused(IllegalStateException.class, () -> d.attachObject(hull), named(hull), "destroyed");
        refused(IllegalStateException.class, () -> scene.destroyItem(hull), named(hull), "destroyed");
        assertTrue(scene.findItem(stale).isEmpty());
        assertSame(next, scene.findItem(next.handle()).orElseThrow());
    }

    @Test
    void destroyedLightIsRefusedEverywhere() {
        scene.destroyLight(lamp);
        String dead = named(lamp);
        refused(IllegalStateException.class, () -> a.attachObject(lamp), dead, "destroyed");
        refused(IllegalStateException.class, () -> d.detachObject(lamp), dead, "destroyed");
        refused(IllegalStateException.class, () -> scene.destroyLight(lamp), dead, "destroyed");
        refused(IllegalStateException.class, () -> lamp.setColor(1f, 0f, 0f), dead, "destroyed");
        refused(IllegalStateException.class, () -> lamp.setRange(5f), dead, "destroyed");
        refused(IllegalStateException.class, () -> lamp.setType(Light.Type.SPOT), dead, "destroyed");
        refused(IllegalStateException.class, lamp::detachFromParent, dead, "destroyed");
        assertTrue(scene.findLight(lamp.handle()).isEmpty());
    }

    @Test
    void destroyedCameraIsRefusedEverywhere() {
        d.attachObject(eye);
        scene.destroyCamera(eye);
        String dead = named(eye);
        refused(IllegalStateException.class, () -> a.attachObject(eye), dead, "destroyed");
        refused(IllegalStateException.class, () -> d.detachObject(eye), dead, "destroyed");
        refused(IllegalStateException.class, () -> scene.destroyCamera(eye), dead, "destroyed");
        refused(IllegalStateException.class, () -> eye.setPerspective(1f, 0.1f, 10f), dead, "destroyed");
        refused(IllegalStateException.class, () -> eye.setViewport(10, 10), dead, "destroyed");
        refused(IllegalStateException.class, () -> eye.getView(new Matrix4f()), dead, "destroyed");
        assertTrue(scene.findCamera(eye.handle()).isEmpty());
    }

    /**
     * Reads count as use too: Item refuses every read after destruction and Light.type() does, so the other
     * getters of a destroyed light or camera must not hand out values of an object that no longer exists.
     */
    @Test
    void destroyedLightAndCameraReadsAreRefused() {
        scene.destroyLight(lamp);
        scene.destroyCamera(eye);
        refused(IllegalStateException.class, lamp::type, named(lamp), "destroyed");
        refused(IllegalStateException.class, lamp::range, named(lamp), "destroyed");
        refused(IllegalStateException.class, lamp::red, named(lamp), "destroyed");
        refused(IllegalStateException.class, lamp::spotOuterAngle, named(lamp), "destroyed");
        refused(IllegalStateException.class, () -> eye.getProjection(new Matrix4f()), named(eye), "destroyed");
        refused(IllegalStateException.class, eye::fovY, named(eye), "destroyed");
        refused(IllegalStateException.class, eye::near, named(eye), "destroyed");
        refused(IllegalStateException.class, eye::projection, named(eye), "destroyed");
    }

    // ---- cycles ----

    @Test
    void reparentUnderOwnDescendantIsRefused() {
        refused(IllegalArgumentException.class, () -> a.reparent(c), named(a), named(c), "cycle");
        refused(IllegalArgumentException.class, () -> a.reparent(b), named(a), named(b), "cycle");
        refused(IllegalArgumentException.class, () -> b.reparent(c), named(b), named(c), "cycle");
        refused(IllegalArgumentException.class, () -> a.reparent(a), named(a), "cycle");
        refused(IllegalArgumentException.class, () -> e.reparent(f), named(e), named(f), "cycle");
    }

    @Test
    void addChildUnderOwnDescendantIsRefused() {
        // e is detached, so addChild gets past its has-a-parent check and must still see the cycle.
        refused(IllegalArgumentException.class, () -> f.addChild(e), named(e), named(f), "cycle");
        refused(IllegalArgumentException.class, () -> e.addChild(e), named(e), "cycle");
    }

    // ---- a mutation from a thread that does not own the scene ----

    /**
     * Frames run back to back on the thread the scene was handed to while this thread keeps writing a node's position:
     * every write is refused, whether it lands inside a frame or between two, naming the node, the rule and both
     * threads. Bounded by a count of attempts, not by time.
     */
    @Test
    void mutationFromAnotherThreadWhileFramesRunIsRefusedEveryTime() throws InterruptedException {
        SceneManager busy = open(SceneConfig.builder().maxNodes(2_000).workerThreads(1).build());
        SceneNode top = busy.rootNode().createChild("top");
        for (int i = 0; i < 1_000; i++) {
            top.createChild();
        }
        SceneNode target = busy.rootNode().createChild("target").setPosition(1f, 2f, 3f);
        Camera view = busy.createCamera("view");
        busy.rootNode().attachObject(view);
        int nodesBefore = busy.nodeCount();
        Thread writer = Thread.currentThread();
        AtomicBoolean stop = new AtomicBoolean();
        AtomicReference<Throwable> frameFailure = new AtomicReference<>();
        Thread frames = new Thread(() -> {
            try {
                for (int frame = 0; !stop.get(); frame++) {
                    // Between its own frames the owner may change the scene
                    top.setPosition(frame % 7, 0f, 0f);
                    busy.updateFrame(view);
                }
                busy.handOver(writer);
            } catch (Throwable t) {
                frameFailure.set(t);
            }
        }, "frame-runner");
        busy.handOver(frames);
        frames.start();
        int attempts = 20_000;
        int refused = 0;
        String message = null;
        try {
            for (int attempt = 0; attempt < attempts; attempt++) {
                try {
                    target.setPosition(4f, 5f, 6f);
                } catch (IllegalStateException e) {
                    refused++;
                    message = e.getMessage();
                }
            }
        } finally {
            stop.set(true);
            frames.join();
        }
        assertEquals(null, frameFailure.get(), "the frames themselves must not fail");
        assertEquals(attempts, refused, "every write from the thread that does not own the scene is refused");
        assertEquals("cannot change " + target.describe() + ": " + OtherThread.notOwner("frame-runner",
                writer.getName()), message);
        busy.validate();
        assertEquals(nodesBefore, busy.nodeCount());
        assertEquals(new Vector3f(1f, 2f, 3f), target.getPosition(new Vector3f()));
    }

    // ---- the static rule: a static node's parent is static or at depth 0 ----

    @Test
    void staticNodeUnderADynamicParentBelowDepthZeroIsRefused() {
        a.setStatic(true);
        refused(IllegalArgumentException.class, () -> a.reparent(d), named(a), named(d), "static");
        refused(IllegalArgumentException.class, () -> c.setStatic(true), named(c), named(b), "static");
        b.setStatic(true);
        c.setStatic(true);
        refused(IllegalArgumentException.class, () -> b.setStatic(false), named(b), named(c), "static");
        refused(IllegalArgumentException.class, () -> c.reparent(d), named(c), named(d), "static");
        scene.destroySceneNode(c);
        refused(IllegalStateException.class, () -> c.setStatic(false), named(c), "destroyed");
    }

    /**
     * A detached (depth 0) dynamic node may have static children; attaching it below the root would leave them
     * under a dynamic parent at depth 1, which the rule forbids (validate() reports it, and the pass no longer
     * updates them when that parent moves). Like setStatic(false) on such a node, the move must be refused.
     */
    @Test
    void attachingADetachedDynamicNodeWithStaticChildrenIsRefused() {
        f.setStatic(true);
        refused(IllegalArgumentException.class, () -> root.addChild(e), named(e), "static");
        refused(IllegalArgumentException.class, () -> e.reparent(d), named(e), "static");
    }

    // ---- another scene ----

    @Test
    void aHandleOfOneKindFindsNothingOfAnother() {
        assertTrue(scene.findItem(a.handle()).isEmpty(), "a node's handle is no item's");
        assertTrue(scene.findLight(hull.handle()).isEmpty(), "an item's handle is no light's");
        assertTrue(scene.findCamera(lamp.handle()).isEmpty(), "a light's handle is no camera's");
        assertTrue(scene.findNode(eye.handle()).isEmpty(), "a camera's handle is no node's");
        assertSame(hull, scene.findItem(hull.handle()).orElseThrow());
        assertSame(a, scene.findNode(a.handle()).orElseThrow());
    }

    @Test
    void capacitiesTheHeapCannotHoldAreRefusedNamingTheSettingAndTheBytes() {
        long heap = Runtime.getRuntime().maxMemory();
        assumeTrue((long) SceneConfig.MAX_CAPACITY * SceneCapacity.NODES.reservedBytes() > heap,
                "a heap larger than the largest node capacity needs");
        SceneConfig huge = SceneConfig.builder().maxNodes(SceneConfig.MAX_CAPACITY).build();
        ConfigException e = assertThrows(ConfigException.class, () -> new SceneManager(huge));
        assertEquals(SceneConfig.MAX_NODES_KEY, e.key());
        assertTrue(e.getMessage().startsWith(SceneConfig.MAX_NODES_KEY + "=" + SceneConfig.MAX_CAPACITY + ": "),
                e.getMessage());
        assertTrue(e.getMessage().contains(String.format(Locale.ROOT, "%,d MiB",
                heap >> 20)), e.getMessage());
        assertTrue(e.getMessage().contains("-Xmx"), e.getMessage());
    }

    /**
     * The refusal names the capacity that takes the most bytes (the first declared on a tie) and the whole estimate
     * rounded up to a MiB, and comes from the estimate, before anything was allocated.
     */
    @Test
    void theHeapRefusalNamesTheLargestCapacityAndTheWholeEstimate() {
        long heap = Runtime.getRuntime().maxMemory();
        int max = SceneConfig.MAX_CAPACITY;
        int tie = max / SceneCapacity.NODES.reservedBytes();
        SceneConfig items = SceneConfig.builder().maxItems(max).build();
        SceneConfig tied = SceneConfig.builder().maxNodes(tie * SceneCapacity.ITEMS.reservedBytes())
                .maxItems(tie * SceneCapacity.NODES.reservedBytes()).build();
        for (SceneConfig config : List.of(items, tied)) {
            long bytes = 0;
            for (SceneCapacity capacity : SceneCapacity.values()) {
                bytes += (long) config.capacity(capacity) * capacity.reservedBytes();
            }
            assumeTrue(bytes > heap, "a heap larger than the capacities need");
            ConfigException e = assertThrows(ConfigException.class, () -> new SceneManager(config));
            assertEquals(config == items ? SceneConfig.MAX_ITEMS_KEY : SceneConfig.MAX_NODES_KEY, e.key());
            assertTrue(e.getMessage().contains(String.format(Locale.ROOT, "takes about %,d MiB up front",
                    (bytes + (1 << 20) - 1) >> 20)), e.getMessage());
            assertNull(e.getCause(), "refused from the estimate, not from a failed allocation");
        }
    }

    @Test
    void nodesAndObjectsOfAnotherSceneAreRefused() {
        SceneManager other = open(SceneConfig.builder().maxNodes(8).maxItems(2).build());
        SceneNode stranger = other.rootNode().createChild("stranger");
        SceneNode loner = other.createSceneNode("loner");
        Item foreignItem = other.createItem("foreignItem", 1, 1, new Aabb(0f, 0f, 0f, 1f, 1f, 1f));
        Light foreignLight = other.createLight("foreignLight", Light.Type.DIRECTIONAL);
        Camera foreignCamera = other.createCamera("foreignCamera");
        stranger.attachObject(foreignCamera);
        String otherBefore = otherSnapshot(other, List.of(other.rootNode(), stranger, loner),
                List.of(foreignItem, foreignLight, foreignCamera));

        refused(IllegalArgumentException.class, () -> a.addChild(loner), named(loner), "another scene");
        refused(IllegalArgumentException.class, () -> a.reparent(stranger), named(stranger), "another scene");
        refused(IllegalArgumentException.class, () -> stranger.reparent(a), named(a), "another scene");
        refused(IllegalArgumentException.class, () -> a.removeChild(stranger), named(stranger), "another scene");
        refused(IllegalArgumentException.class, () -> scene.destroySceneNode(stranger), named(stranger),
                "another scene");
        refused(IllegalArgumentException.class, () -> scene.destroyLater(stranger), named(stranger), "another scene");
        refused(IllegalArgumentException.class, () -> a.attachObject(foreignItem), named(foreignItem),
                "another scene");
        refused(IllegalArgumentException.class, () -> a.detachObject(foreignCamera), named(foreignCamera),
                "another scene");
        refused(IllegalArgumentException.class, () -> scene.destroyItem(foreignItem), named(foreignItem),
                "another scene");
        refused(IllegalArgumentException.class, () -> scene.destroyLight(foreignLight), named(foreignLight),
                "another scene");
        refused(IllegalArgumentException.class, () -> scene.destroyCamera(foreignCamera), named(foreignCamera),
                "another scene");
        refused(IllegalArgumentException.class, () -> enemies.add(stranger), named(stranger), "another scene");
        refused(IllegalArgumentException.class, () -> enemies.remove(stranger), named(stranger), "another scene");

        other.validate();
        assertEquals(otherBefore, otherSnapshot(other, List.of(other.rootNode(), stranger, loner),
                List.of(foreignItem, foreignLight, foreignCamera)), "the other scene must be unchanged too");
    }

    // ---- non-finite transforms ----

    @ParameterizedTest
    @ValueSource(floats = {Float.NaN, Float.POSITIVE_INFINITY, Float.NEGATIVE_INFINITY})
    void nonFiniteTransformComponentsAreRefused(float bad) {
        for (int i = 0; i < 3; i++) {
            float[] v = {1f, 2f, 3f};
            v[i] = bad;
            refused(IllegalArgumentException.class, () -> b.setPosition(v[0], v[1], v[2]), named(b), "position",
                    "finite");
            refused(IllegalArgumentException.class, () -> b.setPosition(new Vector3f(v[0], v[1], v[2])), named(b),
                    "position", "finite");
            refused(IllegalArgumentException.class, () -> b.setScale(v[0], v[1], v[2]), named(b), "scale",
                    "finite");
            for (Space space : Space.values()) {
                refused(IllegalArgumentException.class, () -> b.translate(v[0], v[1], v[2], space), named(b),
                        "translation", "finite");
                refused(IllegalArgumentException.class, () -> b.lookAt(new Vector3f(v[0], v[1], v[2]), space),
                        named(b), "finite");
            }
        }
        for (int i = 0; i < 4; i++) {
            float[] q = {0f, 0f, 0f, 1f};
            q[i] = bad;
            refused(IllegalArgumentException.class, () -> b.setOrientation(q[0], q[1], q[2], q[3]), named(b),
                    "orientation", "finite");
            refused(IllegalArgumentException.class, () -> b.setOrientation(new Quaternionf(q[0], q[1], q[2], q[3])),
                    named(b), "orientation", "finite");
            for (Space space : Space.values()) {
                refused(IllegalArgumentException.class,
                        () -> b.rotate(new Quaternionf(q[0], q[1], q[2], q[3]), space), named(b), "finite");
            }
        }
        for (Space space : Space.values()) {
            refused(IllegalArgumentException.class, () -> b.yaw(bad, space), named(b), "finite");
            refused(IllegalArgumentException.class, () -> b.pitch(bad, space), named(b), "finite");
            refused(IllegalArgumentException.class, () -> b.roll(bad, space), named(b), "finite");
        }
    }

    @Test
    void translationThatOverflowsToInfinityIsRefused() {
        d.setPosition(3e38f, 0f, 0f);
        IllegalArgumentException e = refused(IllegalArgumentException.class,
                () -> d.translate(3e38f, 0f, 0f, Space.PARENT), named(d), "translating by (3.0E38, 0.0, 0.0)",
                "would leave the float range");
        assertFalse(e.getMessage().contains("NaN"), "the message quotes no value the caller never gave: "
                + e.getMessage());
        assertEquals(3e38f, d.getPosition(new Vector3f()).x);
    }

    @Test
    void zeroQuaternionIsRefused() {
        refused(IllegalArgumentException.class, () -> b.setOrientation(0f, 0f, 0f, 0f), named(b), "no rotation");
        refused(IllegalArgumentException.class, () -> b.setOrientation(new Quaternionf(0f, 0f, 0f, 0f)), named(b),
                "no rotation");
        refused(IllegalArgumentException.class, () -> b.rotate(new Quaternionf(0f, 0f, 0f, 0f), Space.LOCAL),
                named(b), "no rotation");
    }

    @Test
    void aTinyQuaternionIsARotation() {
        b.setOrientation(1e-30f, 0f, 0f, 0f);
        Quaternionf q = b.getOrientation(new Quaternionf());
        assertEquals(1f, q.x, 1e-6f, "normalized: " + q);
    }

    @Test
    void anInfiniteBoxFromMinAndMaxNamesTheBoundsNotACenter() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Aabb.ofMinMax(
                Float.NEGATIVE_INFINITY, 0f, 0f, Float.POSITIVE_INFINITY, 1f, 1f));
        assertTrue(e.getMessage().startsWith("Aabb min (-Infinity, 0.0, 0.0) and max (Infinity, 1.0, 1.0) must be "
                + "finite"), e.getMessage());
        assertTrue(e.getMessage().contains("Aabb.INFINITE"), e.getMessage());
    }

    @Test
    void itemsWhoseWorldMatrixOverflowedAreCulledNotDrawn() {
        SceneNode eyeNode = root.createChild("eye node").setPosition(0f, 0f, 50f);
        eyeNode.attachObject(eye);
        // finite scales whose product down the chain overflows the float range
        SceneNode chain = root.createChild("chain").setScale(1e20f, 1e20f, 1e20f);
        SceneNode end = chain.createChild("end").setScale(1e20f, 1e20f, 1e20f).createChild("far end");
        Item lost = scene.createItem("lost", 1, 1, new Aabb(0f, 0f, 0f, 1f, 1f, 1f));
        end.attachObject(lost);
        Item fine = scene.createItem("fine", 1, 1, new Aabb(0f, 0f, 0f, 1f, 1f, 1f));
        root.createChild("fine node").attachObject(fine);
        FrameStats stats = scene.updateFrame(eye);
        assertTrue(Float.isNaN(lost.getWorldHalfExtents(new Vector3f()).x)
                || Float.isInfinite(lost.getWorldHalfExtents(new Vector3f()).x), "the chain overflowed");
        RenderQueue queue = scene.renderQueue();
        for (int i = 0; i < queue.instanceCount(); i++) {
            assertFalse(scene.item(queue.instanceItem(i)) == lost, "an item with no finite bounds was drawn");
        }
        assertTrue(stats.itemsVisible() >= 1, "the sane item is still drawn: " + stats);
    }

    // ---- values each fine, together past what float holds ----

    /**
     * Each value is in its range, but the projection they make is not finite: a subnormal field of view or depth
     * range, an extreme viewport. Accepted, they made every later cull refuse the camera blaming its node's matrix.
     */
    @Test
    void cameraSettingsWhoseProjectionLeavesTheFloatRangeAreRefused() {
        eye.setOrthographic(1e30f, 0.1f, 10f);
        refused(IllegalArgumentException.class, () -> eye.setPerspective(Float.MIN_VALUE, 0.1f, 100f), named(eye),
                "field of view 1.4E-45", "outside the float range");
        refused(IllegalArgumentException.class, () -> eye.setOrthographic(1f, 0f, Float.MIN_VALUE), named(eye),
                "orthographic height 1.0", "outside the float range");
        refused(IllegalArgumentException.class, () -> eye.setViewport(Integer.MAX_VALUE, 1), named(eye),
                "viewport 2147483647x1", "outside the float range");
        assertEquals(Camera.Projection.ORTHOGRAPHIC, eye.projection());
        assertEquals(1e30f, eye.orthographicHeight());
        assertEquals(1280, eye.viewportWidth(), "a refused setter changes nothing");
    }

    /**
     * Settings whose projection is finite but whose frustum planes float cannot normalize: a far/near ratio past
     * about 10^7 (the far plane's normal is zero in float), a huge orthographic height (the side planes' squared
     * normals underflow), near and far a hair apart (the depth planes' squared normals overflow). The cull must
     * still see the item straight ahead exactly when it lies within near and far.
     */
    @ParameterizedTest
    @ValueSource(strings = {"perspective 1 0.01 1e7 true", "perspective 1 0.001 1e30 true",
        "orthographic 1e30 0 100 true", "orthographic 1e25 1 1e30 true", "orthographic 2 1e-30 1.0000001e-30 false",
        "orthographic 2 20 20.000002 false", "perspective 1 0.1 1000 true"})
    void extremeButFiniteCameraSettingsStillCullRight(String setting) {
        String[] v = setting.split(" ");
        SceneManager view = open(SceneConfig.builder().maxNodes(4).maxItems(2).build());
        Camera camera = view.createCamera("camera");
        view.rootNode().createChild("eye").setPosition(0f, 0f, 10f).attachObject(camera);
        view.rootNode().createChild("target").attachObject(view.createItem("ahead", 1, 1,
                new Aabb(0f, 0f, 0f, 1f, 1f, 1f)));
        float first = Float.parseFloat(v[1]);
        float near = Float.parseFloat(v[2]);
        float far = Float.parseFloat(v[3]);
        if (v[0].equals("perspective")) {
            camera.setPerspective(first, near, far);
        } else {
            camera.setOrthographic(first, near, far);
        }
        view.updateFrame(camera);
        assertEquals(Boolean.parseBoolean(v[4]) ? 1 : 0, view.renderQueue().instanceCount(), setting);
    }

    /**
     * A target so far that the squared distance overflows float, or so near that it underflows, is still a direction:
     * it was refused, as a NaN orientation the caller never gave or as the node's own position.
     */
    @Test
    void lookAtAFarOrANearTargetTurnsTheNode() {
        SceneNode aim = track(root.createChild("aim"));
        Vector3f forward = new Vector3f();
        for (float x : new float[] {1e20f, Float.MAX_VALUE, 1e-23f, Float.MIN_VALUE}) {
            aim.lookAt(new Vector3f(x, 0f, 0f), Space.PARENT);
            aim.getOrientation(new Quaternionf()).transform(forward.set(0f, 0f, -1f));
            assertEquals(1f, forward.x, 1e-6f, "looking at " + x + " turns -Z to +X: " + forward);
        }
        aim.setPosition(-Float.MAX_VALUE, 0f, 0f).lookAt(new Vector3f(Float.MAX_VALUE, 0f, 0f), Space.PARENT);
        aim.getOrientation(new Quaternionf()).transform(forward.set(0f, 0f, -1f));
        assertEquals(1f, forward.x, 1e-6f, "points further apart than the float range: " + forward);
        scene.validate();
    }

    @Test
    void worldSpaceTurnsUnderAZeroScaleParentNameTheRule() {
        SceneNode flat = track(root.createChild("flat").setScale(0f, 1f, 1f));
        SceneNode under = track(flat.createChild("under"));
        scene.updateAllTransforms();
        for (Executable turn : List.<Executable>of(() -> under.rotate(new Quaternionf().rotateX(1f), Space.WORLD),
                () -> under.yaw(1f, Space.WORLD), () -> under.lookAt(new Vector3f(1f, 2f, 3f), Space.WORLD))) {
            IllegalArgumentException e = refused(IllegalArgumentException.class, turn, named(under),
                    "cannot be inverted", "zero scale");
            assertFalse(e.getMessage().contains("NaN"), "the message quotes no value the caller never gave: "
                    + e.getMessage());
        }
    }

    /** Its inverse length exceeds float: normalized in float, it was stored as infinity and NaN. */
    @Test
    void aSubnormalQuaternionIsARotation() {
        b.setOrientation(Float.MIN_VALUE, 0f, 0f, 0f);
        assertEquals(new Quaternionf(1f, 0f, 0f, 0f), b.getOrientation(new Quaternionf()));
        scene.setOrientations(new SceneNode[] {c}, new float[] {0f, -Float.MIN_VALUE, 0f, 0f}, 1);
        assertEquals(new Quaternionf(0f, -1f, 0f, 0f), c.getOrientation(new Quaternionf()));
        scene.updateAllTransforms();
        assertTrue(c.getWorldMatrix(new Matrix4f()).isFinite());
    }

    /** A rotation need not be unit; a huge one made the product overflow and was refused as an infinite orientation. */
    @Test
    void aHugeRotationQuaternionTurnsLikeItsUnitOne() {
        // a quarter turn about X, turned by another: the product's x sums two terms near the float maximum
        b.setOrientation(1f, 0f, 0f, 1f);
        Quaternionf expected = new Quaternionf(1f, 0f, 0f, 0f);
        b.rotate(new Quaternionf(Float.MAX_VALUE, 0f, 0f, Float.MAX_VALUE), Space.LOCAL);
        assertTrue(expected.equals(b.getOrientation(new Quaternionf()), 1e-6f), b.getOrientation(new Quaternionf())
                + " expected " + expected);
    }

    @Test
    void aBoxFromTheWidestFiniteBoundsIsFinite() {
        Aabb widest = Aabb.ofMinMax(-Float.MAX_VALUE, 0f, Float.MAX_VALUE, Float.MAX_VALUE, 1f, Float.MAX_VALUE);
        assertEquals(new Aabb(0f, 0.5f, Float.MAX_VALUE, Float.MAX_VALUE, 0.5f, 0f), widest);
        assertFalse(widest.isInfinite(), "finite bounds make a finite box; Aabb.INFINITE is the infinite one");
    }

    /**
     * A light or camera node scaled so small that its axis's squared length underflows float still has a direction:
     * the queue handed the renderer a NaN one.
     */
    @Test
    void aTinyScaledLightStillShinesAlongItsAxis() {
        SceneNode tiny = track(root.createChild("tiny").setScale(1e-25f, 1e-25f, 1e-25f));
        lamp.detachFromParent();
        tiny.attachObject(lamp);
        SceneNode eyeNode = track(root.createChild("eye node").setPosition(0f, 0f, 50f));
        eyeNode.attachObject(eye);
        scene.updateFrame(eye);
        RenderQueue queue = scene.renderQueue();
        assertEquals(1, queue.lightCount());
        Vector3f direction = queue.getLightDirection(0, new Vector3f());
        assertTrue(new Vector3f(0f, 0f, -1f).equals(direction, 1e-6f), "along -Z: " + direction);
    }

    // ---- capacity under FAIL ----

    @Test
    void nodeCapacityExceededUnderFailIsRefused() {
        scene = open(SceneConfig.builder().maxNodes(4).growthPolicy(GrowthPolicy.FAIL).build());
        tracked.clear();
        trackedObjects.clear();
        trackedLists.clear();
        root = track(scene.rootNode());
        SceneNode one = track(root.createChild("one"));
        SceneNode two = track(one.createChild("two"));
        track(scene.createSceneNode("three"));
        for (Executable create : List.<Executable>of(() -> root.createChild("four"), () -> two.createChild("four"),
                () -> scene.createSceneNode("four"))) {
            CapacityExceededException thrown = refused(CapacityExceededException.class, create,
                    SceneConfig.MAX_NODES_KEY, "4", "FAIL");
            assertEquals(SceneConfig.MAX_NODES_KEY, thrown.capacityName());
        }
        // The refusals leaked nothing: one destruction makes room for exactly one node.
        scene.destroySceneNode(two);
        SceneNode four = assertDoesNotThrow(() -> one.createChild("four"));
        assertEquals(4, scene.nodeCount());
        assertThrows(CapacityExceededException.class, () -> four.createChild("five"));
        scene.validate();
    }

    @Test
    void objectCapacityExceededUnderFailIsRefused() {
        scene = open(SceneConfig.builder().maxItems(2).maxLights(1).maxCameras(1)
                .growthPolicy(GrowthPolicy.FAIL).build());
        tracked.clear();
        trackedObjects.clear();
        trackedLists.clear();
        root = track(scene.rootNode());
        Aabb box = new Aabb(0f, 0f, 0f, 1f, 1f, 1f);
        Item first = scene.createItem("first", 1, 1, box);
        Item second = scene.createItem("second", 2, 2, box);
        root.attachObject(second);
        Light light = scene.createLight("only", Light.Type.POINT);
        Camera camera = scene.createCamera("only");
        trackedObjects.addAll(List.of(first, second, light, camera));

        CapacityExceededException items = refused(CapacityExceededException.class,
                () -> scene.createItem("third", 3, 3, box), SceneConfig.MAX_ITEMS_KEY, "2", "FAIL");
        assertEquals(SceneConfig.MAX_ITEMS_KEY, items.capacityName());
        refused(CapacityExceededException.class, () -> scene.createLight("more", Light.Type.SPOT),
                SceneConfig.MAX_LIGHTS_KEY);
        refused(CapacityExceededException.class, () -> scene.createCamera("more"), SceneConfig.MAX_CAMERAS_KEY);

        scene.destroyItem(first);
        Item third = assertDoesNotThrow(() -> scene.createItem("third", 3, 3, box));
        assertEquals(3, third.meshId());
        assertSame(root, second.parentNode());
        assertEquals(2, second.meshId(), "the refused creation must not have touched the other items' data");
        scene.validate();
    }

    // ---- the root ----

    @Test
    void destroyingOrMovingTheRootIsRefused() {
        String rootName = named(root);
        refused(IllegalArgumentException.class, () -> scene.destroySceneNode(root), rootName, "root");
        refused(IllegalArgumentException.class, () -> scene.destroySceneNode(root, DestroyMode.SUBTREE), rootName,
                "root");
        refused(IllegalArgumentException.class,
                () -> scene.destroySceneNode(root, DestroyMode.REATTACH_CHILDREN_TO_ROOT), rootName, "root");
        refused(IllegalArgumentException.class, () -> scene.destroyLater(root), rootName, "root");
        refused(IllegalArgumentException.class, () -> root.reparent(d), rootName, "root");
        refused(IllegalArgumentException.class, () -> root.reparent(e), rootName, "root");
        refused(IllegalArgumentException.class, () -> d.addChild(root), rootName, "root");
        refused(IllegalArgumentException.class, () -> a.removeChild(root), rootName, "not a child");
    }

    // ---- hierarchy and attachment misuse ----

    @Test
    void addChildOfANodeThatHasAParentIsRefused() {
        refused(IllegalArgumentException.class, () -> root.addChild(b), named(b), named(a));
        refused(IllegalArgumentException.class, () -> a.addChild(b), named(b), named(a));
        refused(IllegalArgumentException.class, () -> d.addChild(f), named(f), named(e));
    }

    @Test
    void removeChildOfAnotherParentIsRefused() {
        refused(IllegalArgumentException.class, () -> root.removeChild(b), named(b), "not a child");
        refused(IllegalArgumentException.class, () -> d.removeChild(e), named(e), "not a child");
    }

    @Test
    void attachingAnAttachedObjectIsRefused() {
        refused(IllegalArgumentException.class, () -> d.attachObject(hull), named(hull), named(b));
        refused(IllegalArgumentException.class, () -> b.attachObject(hull), named(hull), named(b));
        refused(IllegalArgumentException.class, () -> f.attachObject(lamp), named(lamp), named(d));
    }

    @Test
    void detachingFromTheWrongNodeIsRefused() {
        refused(IllegalArgumentException.class, () -> d.detachObject(hull), named(hull), named(d));
        refused(IllegalArgumentException.class, () -> b.detachObject(lamp), named(lamp), named(b));
        refused(IllegalArgumentException.class, () -> a.detachObject(eye), named(eye), "no node");
    }

    // ---- node lists ----

    @Test
    void nodeListAddOfANodeInAnotherListOfTheSameChannelIsRefused() {
        // a is in enemies (channel 0); allies is channel 0 as well.
        refused(IllegalArgumentException.class, () -> allies.add(a), named(a));
        refused(IllegalArgumentException.class, () -> enemies.add(a), named(a));
        // A list of another channel is independent: this is allowed, which shows the refusal is per channel.
        NodeList other = scene.createNodeList(2);
        other.add(a);
        assertTrue(other.contains(a));
        assertTrue(enemies.contains(a));
        scene.validate();
    }

    @Test
    void nodeListRemoveOfANonMemberIsRefused() {
        refused(IllegalArgumentException.class, () -> allies.remove(a));
        refused(IllegalArgumentException.class, () -> selected.remove(d));
    }

    // ---- validation mode ----

    /** Every structural change the scene offers, each applied to nodes other than the corrupted pair. */
    static Stream<Arguments> structuralChanges() {
        List<Arguments> changes = new ArrayList<>();
        changes.add(change("createChild", s -> s.x.createChild("new")));
        changes.add(change("createSceneNode", s -> s.scene.createSceneNode("new")));
        changes.add(change("destroySceneNode", s -> s.scene.destroySceneNode(s.y)));
        changes.add(change("destroySceneNode reattaching", s -> s.scene.destroySceneNode(s.x,
                DestroyMode.REATTACH_CHILDREN_TO_ROOT)));
        changes.add(change("processPendingDestruction", s -> {
            s.scene.destroyLater(s.y);
            s.scene.processPendingDestruction();
        }));
        changes.add(change("reparent", s -> s.y.reparent(s.scene.rootNode())));
        changes.add(change("removeChild", s -> s.x.removeChild(s.y)));
        changes.add(change("detachFromParent", s -> s.y.detachFromParent()));
        changes.add(change("addChild", s -> s.scene.rootNode().addChild(s.loose)));
        changes.add(change("attachObject", s -> s.x.attachObject(s.item)));
        changes.add(change("detachObject", s -> s.y.detachObject(s.light)));
        changes.add(change("createItem", s -> s.scene.createItem("new", 1, 1, new Aabb(0f, 0f, 0f, 1f, 1f, 1f))));
        changes.add(change("createLight", s -> s.scene.createLight("new", Light.Type.POINT)));
        changes.add(change("createCamera", s -> s.scene.createCamera("new")));
        changes.add(change("destroyItem", s -> s.scene.destroyItem(s.item)));
        changes.add(change("destroyLight", s -> s.scene.destroyLight(s.light)));
        changes.add(change("destroyCamera", s -> s.scene.destroyCamera(s.camera)));
        return changes.stream();
    }

    private static Arguments change(String name, Consumer<Fixture> change) {
        return Arguments.of(name, change);
    }

    /** root -> p -> v (the pair to corrupt), root -> x -> y (what the change works on), a detached loose node. */
    static final class Fixture {
        final SceneManager scene;
        final SceneNode p;
        final SceneNode v;
        final SceneNode x;
        final SceneNode y;
        final SceneNode loose;
        final Item item;
        final Light light;
        final Camera camera;

        Fixture(boolean validation) {
            scene = new SceneManager(SceneConfig.builder().maxNodes(8).validation(validation).build());
            p = scene.rootNode().createChild("p");
            v = p.createChild("v");
            x = scene.rootNode().createChild("x");
            y = x.createChild("y");
            loose = scene.createSceneNode("loose");
            item = scene.createItem("item", 1, 1, new Aabb(0f, 0f, 0f, 1f, 1f, 1f));
            light = scene.createLight("light", Light.Type.SPOT);
            camera = scene.createCamera("camera");
            y.attachObject(light);
        }

        /** Breaks v's parent index (its place in p's child list) without going through any scene method. */
        void corrupt() {
            v.parentIndex = 5;
        }

        void repair() {
            v.parentIndex = 0;
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("structuralChanges")
    void validationModeValidatesAfterEveryStructuralChange(String name, Consumer<Fixture> change) {
        Fixture on = new Fixture(true);
        opened.add(on.scene);
        on.corrupt();
        IllegalStateException caught = assertThrows(IllegalStateException.class, () -> change.accept(on),
                name + " in validation mode must run validate(), which must find the corrupted parent index");
        assertTrue(caught.getMessage().contains(HandleText.of(on.v.handle())), caught.getMessage());
        on.repair();
        assertDoesNotThrow(on.scene::validate, "the corruption was the only fault");

        // The same change with validation off does not validate, so the exception above came from the mode.
        Fixture off = new Fixture(false);
        opened.add(off.scene);
        off.corrupt();
        assertDoesNotThrow(() -> change.accept(off), name + " with validation off");
        assertThrows(IllegalStateException.class, off.scene::validate);
    }

    @Test
    void validationModePassesANormalSession() {
        SceneManager checked = open(SceneConfig.builder().maxNodes(4).maxItems(2).validation(true).build());
        assertTrue(checked.config().validation());
        SceneNode ship = checked.rootNode().createChild("ship").setPosition(0f, 2f, -5f);
        SceneNode turret = ship.createChild("turret");
        SceneNode gun = turret.createChild("gun");
        SceneNode spare = checked.createSceneNode("spare");
        SceneNode extra = spare.createChild("extra");
        Item hullItem = checked.createItem("hull", 1, 2, new Aabb(0f, 0f, 0f, 1f, 1f, 1f));
        ship.attachObject(hullItem);
        gun.reparent(checked.rootNode());
        checked.rootNode().addChild(spare);
        spare.removeChild(extra);
        ship.detachObject(hullItem);
        extra.attachObject(hullItem);
        checked.destroyLater(turret);
        checked.processPendingDestruction();
        checked.destroySceneNode(spare, DestroyMode.REATTACH_CHILDREN_TO_ROOT);
        checked.destroyItem(hullItem);
        checked.updateAllTransforms();
        assertEquals(4, checked.nodeCount());
        assertSame(checked.rootNode(), gun.parent());
        checked.validate();
    }

    // ---- helpers ----

    /**
     * Runs a call that must be refused: the exception must be exactly {@code type} and its message must hold each
     * fragment; afterwards the scene must validate and be unchanged.
     */
    private <T extends RuntimeException> T refused(Class<T> type, Executable call, String... fragments) {
        String before = snapshot();
        T thrown = assertThrows(type, call);
        assertEquals(type, thrown.getClass(), () -> "exception type: " + thrown);
        String message = String.valueOf(thrown.getMessage());
        for (String fragment : fragments) {
            assertTrue(message.contains(fragment), () -> "message '" + message + "' does not contain '" + fragment
                    + "'");
        }
        scene.validate();
        assertEquals(before, snapshot(), () -> "the refused call changed the scene (" + message + ")");
        return thrown;
    }

    /** The handle as index:version and the name in quotes, the two parts a message must name. */
    private static String named(SceneNode node) {
        return HandleText.of(node.handle()) + " '" + node.name() + "'";
    }

    private static String named(MovableObject object) {
        return HandleText.of(object.handle()) + " '" + object.name() + "'";
    }

    private String snapshot() {
        StringBuilder s = new StringBuilder();
        s.append(otherSnapshot(scene, tracked, trackedObjects));
        for (NodeList list : trackedLists) {
            s.append("list ").append(list.channel()).append(':');
            for (SceneNode n = list.first(); n != null; n = list.next(n)) {
                s.append(' ').append(HandleText.of(n.handle()));
            }
            s.append('\n');
        }
        return s.toString();
    }

    /** Everything observable about the given nodes and objects of a scene, as text to compare. */
    private static String otherSnapshot(SceneManager scene, List<SceneNode> nodes, List<MovableObject> objects) {
        StringBuilder s = new StringBuilder();
        s.append("nodes ").append(scene.nodeCount()).append(" items ").append(scene.itemCount()).append(" lights ")
                .append(scene.lightCount()).append(" cameras ").append(scene.cameraCount()).append(" pending ")
                .append(scene.pendingDestructionCount()).append('\n');
        for (SceneNode n : nodes) {
            s.append(HandleText.of(n.handle())).append(' ').append(n.name());
            if (!n.isAlive()) {
                s.append(" dead\n");
                continue;
            }
            s.append(" parent ").append(n.parent() == null ? "-" : HandleText.of(n.parent().handle()))
                    .append(" depth ").append(n.depth()).append(" children");
            List<String> children = new ArrayList<>();
            for (int i = 0; i < n.childCount(); i++) {
                children.add(HandleText.of(n.child(i).handle()));
            }
            children.sort(null);
            s.append(children).append(" attached");
            List<String> attached = new ArrayList<>();
            for (int i = 0; i < n.attachedObjectCount(); i++) {
                attached.add(HandleText.of(n.attachedObject(i).handle()));
            }
            attached.sort(null);
            // Exact float text: JOML's toString rounds, which would hide a small change.
            Vector3f position = n.getPosition(new Vector3f());
            Quaternionf orientation = n.getOrientation(new Quaternionf());
            Vector3f scale = n.getScale(new Vector3f());
            s.append(attached).append(" pos ").append(position.x).append(',').append(position.y).append(',')
                    .append(position.z).append(" rot ").append(orientation.x).append(',').append(orientation.y)
                    .append(',').append(orientation.z).append(',').append(orientation.w).append(" scale ")
                    .append(scale.x).append(',').append(scale.y).append(',').append(scale.z).append(" inherit ")
                    .append(n.inheritsOrientation()).append('/').append(n.inheritsScale()).append(" static ")
                    .append(n.isStatic()).append(" world ")
                    .append(Arrays.toString(n.getWorldMatrix(new Matrix4f()).get(new float[16]))).append('\n');
        }
        for (MovableObject o : objects) {
            s.append(o).append(o.isAlive() ? " node " + o.parentNode() : " dead");
            if (o instanceof Item item && item.isAlive()) {
                s.append(" mesh ").append(item.meshId()).append(" material ").append(item.materialId())
                        .append(" local ").append(item.localAabb());
            }
            s.append('\n');
        }
        return s.toString();
    }

    private static int idOf(long handle) {
        return (int) handle;
    }

    /** Handle text written independently of the scene's own describe(), so a format slip there is caught. */
    static final class HandleText {
        private HandleText() {
        }

        static String of(long handle) {
            return HandleTable.describe(handle);
        }
    }
}
