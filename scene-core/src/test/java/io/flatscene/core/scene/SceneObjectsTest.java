package io.flatscene.core.scene;

import io.flatscene.core.config.SceneConfig;
import io.flatscene.core.testing.AllocationMeter;
import java.util.ArrayList;
import java.util.ConcurrentModificationException;
import java.util.List;
import java.util.function.Consumer;
import org.joml.Vector3f;
import org.joml.Vector4f;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

import static io.flatscene.core.scene.SceneInternals.storedWorldHalfExtents;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * What a game hangs on nodes and objects (user data, tags), what destroying a node does to its objects, hidden
 * subtrees, and the conveniences: walks without allocation, look-up by name, a mesh swap, node list channels. The
 * scene validates after every structural change, and each test validates once more at the end of what it changed.
 */
class SceneObjectsTest {
    private static final Aabb BOX = new Aabb(0f, 0f, 0f, 0.5f, 0.5f, 0.5f);

    private final SceneManager scene = new SceneManager(SceneConfig.builder().maxNodes(256).maxItems(256)
            .maxLights(16).maxCameras(8).validation(true).workerThreads(1).build());
    private final SceneNode root = scene.rootNode();

    @AfterEach
    void close() {
        scene.close();
    }

    /** A camera at the origin looking down -Z. */
    private Camera eye() {
        Camera camera = scene.createCamera("eye");
        root.createChild("eye").attachObject(camera);
        return camera;
    }

    /** A node in front of the eye with an item on it. */
    private Item itemInView(SceneNode parent, String name, int mesh) {
        Item item = scene.createItem(name, mesh, 1, BOX);
        parent.createChild(name).setPosition(0f, 0f, -10f).attachObject(item);
        return item;
    }

    private static <T extends RuntimeException> T refused(Class<T> type, Executable call, String... fragments) {
        T thrown = assertThrows(type, call);
        for (String fragment : fragments) {
            assertTrue(thrown.getMessage().contains(fragment), "'" + thrown.getMessage() + "' lacks '" + fragment
                    + "'");
        }
        return thrown;
    }

    // ---- user data and tags ----

    @Test
    void nodesAndObjectsStartWithoutUserDataAndWithTagZero() {
        SceneNode node = root.createChild("n");
        Item item = scene.createItem(0, 0, BOX);
        Light light = scene.createLight("l", Light.Type.POINT);
        Camera camera = scene.createCamera("c");
        assertNull(node.userData());
        assertEquals(0L, node.tag());
        for (MovableObject object : new MovableObject[] {item, light, camera}) {
            assertNull(object.userData(), object.toString());
            assertEquals(0L, object.tag(), object.toString());
        }
    }

    @Test
    void tagsAndUserDataStayWithTheirOwnersWhenSlotsAndIndicesMove() {
        List<SceneNode> nodes = new ArrayList<>();
        List<Item> items = new ArrayList<>();
        for (int i = 0; i < 40; i++) {
            SceneNode node = (i % 3 == 0 ? root : nodes.get(i - 1)).createChild("n" + i).setTag(1000L + i)
                    .setUserData("node " + i);
            nodes.add(node);
            Item item = scene.createItem("i" + i, i, 0, BOX);
            item.setTag(-1000L - i);
            item.setUserData("item " + i);
            items.add(item);
        }
        Light light = scene.createLight("l", Light.Type.SPOT);
        light.setTag(Long.MAX_VALUE);
        Camera camera = scene.createCamera("c");
        camera.setTag(Long.MIN_VALUE);
        // each of these moves slots or global indices: attachment crosses the attached/detached split, destruction
        // swaps the last into the gap, reparenting changes bands, static moves band too
        for (int i = 0; i < 40; i += 2) {
            nodes.get(i).attachObject(items.get(i));
        }
        scene.destroyItem(items.remove(1));
        nodes.get(5).reparent(nodes.get(30));
        nodes.get(7).detachFromParent();
        scene.destroySceneNode(nodes.get(9), DestroyMode.SUBTREE_KEEP_OBJECTS);
        nodes.get(12).setStatic(true);
        items.get(3).detachFromParent();
        nodes.get(1).attachObject(light);
        scene.update();
        for (int i = 0; i < 40; i++) {
            SceneNode node = nodes.get(i);
            if (node.isAlive()) {
                assertEquals(1000L + i, node.tag(), node.toString());
                assertEquals("node " + i, node.userData(), node.toString());
            }
        }
        for (Item item : items) {
            int i = Integer.parseInt(item.name().substring(1));
            assertEquals(-1000L - i, item.tag(), item.toString());
            assertEquals("item " + i, item.userData(), item.toString());
        }
        assertEquals(Long.MAX_VALUE, light.tag());
        assertEquals(Long.MIN_VALUE, camera.tag());
        scene.validate();
    }

    @Test
    void aDestroyedOwnerRefusesItsTagAndUserDataNamingItself() {
        SceneNode node = root.createChild("doomed");
        Item item = scene.createItem("gone", 0, 0, BOX);
        scene.destroySceneNode(node);
        scene.destroyItem(item);
        refused(IllegalStateException.class, () -> node.setTag(1L), "'doomed'", "destroyed");
        refused(IllegalStateException.class, node::tag, "'doomed'", "destroyed");
        refused(IllegalStateException.class, () -> node.setUserData("x"), "'doomed'", "destroyed");
        refused(IllegalStateException.class, item::userData, "'gone'", "destroyed");
        refused(IllegalStateException.class, () -> item.setTag(2L), "'gone'", "destroyed");
        scene.validate();
    }

    // ---- destruction ----

    @Test
    void destroyingANodeDestroysEveryObjectAttachedInItsSubtree() {
        SceneNode ship = root.createChild("ship");
        SceneNode turret = ship.createChild("turret");
        Item hull = scene.createItem("hull", 0, 0, BOX);
        Item gun = scene.createItem("gun", 1, 0, BOX);
        Light lamp = scene.createLight("lamp", Light.Type.POINT);
        Camera view = scene.createCamera("view");
        Item elsewhere = scene.createItem("elsewhere", 2, 0, BOX);
        ship.attachObject(hull);
        turret.attachObject(gun).attachObject(lamp).attachObject(view);
        root.createChild("other").attachObject(elsewhere);

        scene.destroySceneNode(ship);

        for (MovableObject object : new MovableObject[] {hull, gun, lamp, view}) {
            assertFalse(object.isAlive(), object + " should have gone with its node");
            assertTrue(scene.findItem(object.handle()).isEmpty() && scene.findLight(object.handle()).isEmpty()
                    && scene.findCamera(object.handle()).isEmpty(), object.toString());
        }
        assertTrue(elsewhere.isAlive() && elsewhere.isAttached());
        assertEquals(1, scene.itemCount());
        assertEquals(0, scene.lightCount());
        assertEquals(0, scene.cameraCount());
        scene.validate();
    }

    @Test
    void keepingObjectsDetachesThemForANewNode() {
        SceneNode ship = root.createChild("ship");
        Item hull = scene.createItem("hull", 0, 0, BOX);
        Light lamp = scene.createLight("lamp", Light.Type.POINT);
        ship.createChild().attachObject(hull).attachObject(lamp);

        scene.destroySceneNode(ship, DestroyMode.SUBTREE_KEEP_OBJECTS);

        assertTrue(hull.isAlive() && !hull.isAttached());
        assertTrue(lamp.isAlive() && !lamp.isAttached());
        root.createChild("wreck").attachObject(hull).attachObject(lamp);
        assertTrue(hull.isAttached() && lamp.isAttached());
        scene.validate();
    }

    @Test
    void reattachingChildrenDestroysTheNodesOwnObjectsOnly() {
        SceneNode holder = root.createChild("holder");
        SceneNode child = holder.createChild("child");
        Item own = scene.createItem("own", 0, 0, BOX);
        Item childs = scene.createItem("childs", 0, 0, BOX);
        holder.attachObject(own);
        child.attachObject(childs);

        scene.destroySceneNode(holder, DestroyMode.REATTACH_CHILDREN_TO_ROOT);

        assertFalse(own.isAlive());
        assertTrue(childs.isAlive());
        assertSame(child, childs.parentNode());
        assertSame(root, child.parent());
        scene.validate();
    }

    @Test
    void deferredDestructionTakesTheObjectsAlong() {
        SceneNode doomed = root.createChild("doomed");
        Item item = scene.createItem("item", 0, 0, BOX);
        doomed.createChild().attachObject(item);
        scene.destroyLater(doomed);
        assertTrue(item.isAlive(), "nothing goes before the queue is processed");
        assertEquals(1, scene.processPendingDestruction());
        assertFalse(item.isAlive());
        assertEquals(0, scene.itemCount());
        scene.validate();
    }

    @Test
    void detachedItemsCostTheFramePassesNothing() {
        Camera camera = eye();
        SceneNode parent = root.createChild("parent");
        List<Item> attached = new ArrayList<>();
        for (int i = 0; i < 10; i++) {
            attached.add(itemInView(parent, "a" + i, 1));
        }
        List<Item> detached = new ArrayList<>();
        for (int i = 0; i < 190; i++) {
            detached.add(scene.createItem("d" + i, 1, 1, BOX));
        }
        FrameStats stats = scene.updateFrame(camera);
        assertEquals(10, stats.itemsTested(), "the cull looks at the attached items only");
        assertEquals(10, stats.itemsVisible());

        // a detached item's new local box is not computed into a world box: the bounds pass never reaches it
        Item idle = detached.get(0);
        Vector3f before = storedWorldHalfExtents(idle, new Vector3f());
        idle.setLocalAabb(new Aabb(0f, 0f, 0f, 7f, 7f, 7f));
        scene.updateFrame(camera);
        assertEquals(before, storedWorldHalfExtents(idle, new Vector3f()));
        parent.createChild().setPosition(0f, 0f, -10f).attachObject(idle);
        stats = scene.updateFrame(camera);
        assertEquals(new Vector3f(7f, 7f, 7f), storedWorldHalfExtents(idle, new Vector3f()),
                "attached, it is computed");
        assertEquals(11, stats.itemsTested());

        for (int i = 0; i < 5; i++) {
            attached.get(i).detachFromParent();
        }
        assertEquals(6, scene.updateFrame(camera).itemsTested());
        scene.destroySceneNode(parent, DestroyMode.SUBTREE_KEEP_OBJECTS);
        stats = scene.updateFrame(camera);
        assertEquals(0, stats.itemsTested(), "every item is detached now");
        assertEquals(0, stats.itemsVisible());
        assertEquals(200, scene.itemCount(), "kept, all of them");
        scene.validate();
    }

    // ---- hidden subtrees ----

    @Test
    void aHiddenNodeHidesItsSubtreeFromTheQueueAndItsLightsFromTheShading() {
        Camera camera = eye();
        SceneNode group = root.createChild("group");
        Item own = itemInView(group, "own", 1);
        SceneNode inner = group.createChild("inner");
        Item nested = itemInView(inner, "nested", 2);
        Light lamp = scene.createLight("lamp", Light.Type.POINT);
        inner.attachObject(lamp);
        assertEquals(2, scene.updateFrame(camera).itemsVisible());
        assertEquals(1, scene.renderQueue().lightCount());

        assertSame(group, group.setVisible(false));
        assertFalse(group.isVisible());
        assertTrue(inner.isVisible(), "the switch is the node's own");
        assertEquals(0, scene.updateFrame(camera).itemsVisible());
        assertEquals(0, scene.renderQueue().lightCount(), "a light in a hidden subtree does not shine");

        inner.setVisible(false);
        group.setVisible(true);
        assertEquals(1, scene.updateFrame(camera).itemsVisible());
        assertEquals(own, scene.item(scene.renderQueue().instanceItem(0)));
        inner.setVisible(true);
        assertEquals(2, scene.updateFrame(camera).itemsVisible());
        assertTrue(nested.isAttached());
        scene.validate();
    }

    @Test
    void hidingRecomputesTheSubtreeOnceAndNothingAfter() {
        Camera camera = eye();
        SceneNode group = root.createChild("group");
        for (int i = 0; i < 50; i++) {
            itemInView(group, "i" + i, 1);
        }
        scene.updateFrame(camera);
        group.setVisible(false);
        assertEquals(51, scene.updateFrame(camera).nodesUpdated(), "the node and its 50 children, once");
        FrameStats still = scene.updateFrame(camera);
        assertEquals(0, still.nodesUpdated());
        assertEquals(0, still.itemsVisible());
        group.setVisible(false);
        assertEquals(0, scene.updateFrame(camera).nodesUpdated(), "hiding a hidden node changes nothing");
    }

    @Test
    void aNodeMovedUnderAHiddenParentIsHiddenAndShownAgainWhenMovedOut() {
        Camera camera = eye();
        SceneNode hidden = root.createChild("hidden").setVisible(false);
        SceneNode shown = root.createChild("shown");
        Item item = itemInView(shown, "item", 1);
        SceneNode carrier = item.parentNode();
        assertEquals(1, scene.updateFrame(camera).itemsVisible());
        carrier.reparent(hidden);
        assertEquals(0, scene.updateFrame(camera).itemsVisible());
        carrier.reparent(shown);
        assertEquals(1, scene.updateFrame(camera).itemsVisible());
        scene.validate();
    }

    @Test
    void hidingADestroyedNodeIsRefusedNamingIt() {
        SceneNode node = root.createChild("ghost");
        scene.destroySceneNode(node);
        refused(IllegalStateException.class, () -> node.setVisible(false), "'ghost'", "destroyed");
        refused(IllegalStateException.class, node::isVisible, "'ghost'", "destroyed");
        scene.validate();
    }

    // ---- walks ----

    @Test
    void forEachChildAndForEachAttachmentVisitEachOnceInIndexOrder() {
        SceneNode parent = root.createChild("parent");
        for (int i = 0; i < 6; i++) {
            parent.createChild("c" + i);
            parent.attachObject(scene.createItem("i" + i, i, 0, BOX));
        }
        parent.attachObject(scene.createLight("l", Light.Type.POINT));
        List<SceneNode> children = new ArrayList<>();
        parent.forEachChild(children::add);
        List<MovableObject> attached = new ArrayList<>();
        parent.forEachAttachment(attached::add);
        assertEquals(parent.childCount(), children.size());
        for (int i = 0; i < children.size(); i++) {
            assertSame(parent.child(i), children.get(i));
        }
        assertEquals(7, attached.size());
        for (int i = 0; i < attached.size(); i++) {
            assertSame(parent.attachedObject(i), attached.get(i));
        }
        List<SceneNode> none = new ArrayList<>();
        root.createChild("leaf").forEachChild(none::add);
        assertTrue(none.isEmpty());
    }

    @Test
    void aWalkWhoseActionChangesTheListIsRefusedAndTheSceneStaysValid() {
        SceneNode parent = root.createChild("parent");
        parent.createChild("a");
        parent.createChild("b");
        parent.attachObject(scene.createItem("x", 0, 0, BOX));
        refused(ConcurrentModificationException.class, () -> parent.forEachChild(c -> parent.createChild("more")),
                "'parent'", "children");
        refused(ConcurrentModificationException.class, () -> parent.forEachAttachment(MovableObject::detachFromParent),
                "'parent'", "attached objects");
        assertThrows(NullPointerException.class, () -> parent.forEachChild(null));
        scene.validate();
    }

    @Test
    void walksAllocateNothing() {
        SceneNode parent = root.createChild("parent");
        for (int i = 0; i < 32; i++) {
            parent.createChild().attachObject(scene.createItem(i, 0, BOX));
            parent.attachObject(scene.createItem(i, 0, BOX));
        }
        int[] seen = new int[1];
        Consumer<SceneNode> countChild = child -> seen[0] += child.attachedObjectCount();
        Consumer<MovableObject> countObject = object -> seen[0]++;
        AllocationMeter meter = AllocationMeter.callerAnd("no helper threads", AllocationMeter.liveThreads());
        meter.assertSomeWindowClean("10,000 walks", 4, () -> {
            for (int i = 0; i < 10_000; i++) {
                parent.forEachChild(countChild);
                parent.forEachAttachment(countObject);
            }
        });
        assertTrue(seen[0] > 0);
    }

    // ---- names ----

    @Test
    void findNodeByNameFindsTheNodeOfAUniqueName() {
        SceneNode player = root.createChild("player");
        root.createChild("enemy");
        assertSame(player, scene.findNodeByName("player").orElseThrow());
        assertTrue(scene.findNodeByName("nobody").isEmpty());
        assertSame(root, scene.findNodeByName("root").orElseThrow());
    }

    @Test
    void theNameIndexFollowsCreationAndDestruction() {
        SceneNode first = root.createChild("boss");
        assertSame(first, scene.findNodeByName("boss").orElseThrow());
        scene.destroySceneNode(first);
        assertTrue(scene.findNodeByName("boss").isEmpty());
        SceneNode second = scene.createSceneNode("boss");
        assertSame(second, scene.findNodeByName("boss").orElseThrow());
        SceneNode holder = root.createChild("holder");
        SceneNode inner = holder.createChild("inner");
        scene.destroySceneNode(holder, DestroyMode.REATTACH_CHILDREN_TO_ROOT);
        assertTrue(scene.findNodeByName("holder").isEmpty());
        assertSame(inner, scene.findNodeByName("inner").orElseThrow());
        scene.destroyLater(second);
        scene.processPendingDestruction();
        assertTrue(scene.findNodeByName("boss").isEmpty());
        scene.validate();
    }

    @Test
    void aSharedNameIsRefusedWithHowManyShareItUntilOneIsLeft() {
        SceneNode one = root.createChild("twin");
        SceneNode two = root.createChild("twin");
        root.createChild("twin");
        refused(IllegalStateException.class, () -> scene.findNodeByName("twin"), "'twin'", "3 live nodes",
                "findNodesByName");
        scene.destroySceneNode(one);
        refused(IllegalStateException.class, () -> scene.findNodeByName("twin"), "2 live nodes");
        scene.destroySceneNode(two);
        assertEquals("twin", scene.findNodeByName("twin").orElseThrow().name());
        scene.validate();
    }

    @Test
    void unnamedNodesStayOutOfTheNameIndex() {
        SceneNode before = root.createChild();
        SceneNode named = root.createChild("named");
        assertSame(named, scene.findNodeByName("named").orElseThrow());
        scene.validate();
        SceneNode after = before.createChild();
        scene.validate();
        scene.destroySceneNode(after);
        scene.destroySceneNode(before);
        scene.validate();
        assertSame(named, scene.findNodeByName("named").orElseThrow());
    }

    @Test
    void emptyAndNullNamesAreRefused() {
        root.createChild();
        refused(IllegalArgumentException.class, () -> scene.findNodeByName(""), "''", "named");
        refused(IllegalArgumentException.class, () -> scene.findNodeByName(null), "null", "named");
        scene.validate();
    }

    // ---- mesh swap ----

    @Test
    void setMeshMovesTheItemIntoItsNewMeshesBatch() {
        Camera camera = eye();
        SceneNode group = root.createChild("group");
        Item near = itemInView(group, "near", 1);
        itemInView(group, "other", 1);
        itemInView(group, "far", 2);
        scene.updateFrame(camera);
        assertEquals(2, scene.renderQueue().batchCount());
        assertSame(near, near.setMesh(2));
        assertEquals(2, near.meshId());
        RenderQueue queue = scene.renderQueue();
        scene.updateFrame(camera);
        assertFalse(queue.isKept(), "a mesh swap re-culls");
        int meshTwo = 0;
        for (int b = 0; b < queue.batchCount(); b++) {
            if (queue.batchMeshId(b) == 2) {
                meshTwo += queue.batchInstanceCount(b);
            }
        }
        assertEquals(2, meshTwo, "the swapped item draws in mesh 2's batch");
    }

    @Test
    void aNegativeMeshIsRefusedNamingTheItem() {
        Item item = scene.createItem("lod", 3, 0, BOX);
        refused(IllegalArgumentException.class, () -> item.setMesh(-1), "'lod'", "-1", ">= 0");
        assertEquals(3, item.meshId());
        scene.validate();
    }

    // ---- tint ----

    @Test
    void aNewItemIsOpaqueWhiteAndATintRoundsToBytesRedLowest() {
        Item item = scene.createItem("tinted", 0, 0, BOX);
        assertEquals(Item.DEFAULT_TINT, item.tintRgba());
        assertEquals(new Vector4f(1f, 1f, 1f, 1f), item.getTint(new Vector4f()));
        assertSame(item, item.setTint(1f, 0.5f, 0f, 0.25f));
        assertEquals(0x40_00_80_FF, item.tintRgba(), "red 255, green 128, blue 0, alpha 64");
        assertEquals(new Vector4f(1f, 128 / 255f, 0f, 64 / 255f), item.getTint(new Vector4f()));
        item.setTint(0f, 1f, 0.2f, 1f);
        assertEquals(0xFF_33_FF_00, item.tintRgba());
    }

    @Test
    void aTintOutsideZeroToOneIsRefusedNamingTheItemAndChangesNothing() {
        Item item = scene.createItem("tinted", 0, 0, BOX).setTint(0.2f, 0.4f, 0.6f, 0.8f);
        int before = item.tintRgba();
        long changes = scene.itemData().propertyChanges();
        refused(IllegalArgumentException.class, () -> item.setTint(1.01f, 0f, 0f, 1f), "'tinted'", "1.01", "0..1");
        refused(IllegalArgumentException.class, () -> item.setTint(0f, -0.01f, 0f, 1f), "'tinted'", "-0.01");
        refused(IllegalArgumentException.class, () -> item.setTint(0f, 0f, Float.NaN, 1f), "'tinted'", "NaN");
        refused(IllegalArgumentException.class, () -> item.setTint(0f, 0f, 0f, 2f), "'tinted'", "2.0");
        assertEquals(before, item.tintRgba());
        assertEquals(changes, scene.itemData().propertyChanges(), "a refused tint counts no change");
        scene.destroyItem(item);
        refused(IllegalStateException.class, () -> item.setTint(2f, 0f, 0f, 1f), "'tinted'", "destroyed");
        refused(IllegalStateException.class, () -> item.getTint(new Vector4f()), "'tinted'", "destroyed");
        scene.validate();
    }

    @Test
    void aTintStaysWithItsItemWhenRemovalsMoveIt() {
        Item first = scene.createItem("first", 0, 0, BOX);
        scene.createItem("second", 0, 0, BOX).setTint(0f, 1f, 0f, 1f);
        Item last = scene.createItem("last", 0, 0, BOX).setTint(1f, 0f, 0f, 0.5f);
        int tint = last.tintRgba();
        scene.destroyItem(first);
        assertEquals(tint, last.tintRgba(), "swap-and-pop moved the last item into the first's global index");
        assertEquals(tint, scene.itemData().tintArray()[0]);
        assertEquals(Item.DEFAULT_TINT, scene.createItem("new", 0, 0, BOX).tintRgba(), "a new item starts white");
        scene.validate();
    }

    @Test
    void aTintChangeReCullsAStillScene() {
        Camera camera = eye();
        Item item = itemInView(root, "tinted", 1);
        scene.updateFrame(camera);
        RenderQueue queue = scene.renderQueue();
        scene.updateFrame(camera);
        assertTrue(queue.isKept(), "nothing changed");
        item.setTint(0.5f, 0.5f, 0.5f, 1f);
        scene.updateFrame(camera);
        assertFalse(queue.isKept(), "a tint is what the frame draws");
    }

    // ---- node lists ----

    @Test
    void aBadNodeListChannelIsRefusedWithTheRule() {
        refused(IllegalArgumentException.class, () -> scene.createNodeList(SceneManager.NODE_LIST_CHANNELS),
                "channel 3", "0 to 2", "NODE_LIST_CHANNELS");
        refused(IllegalArgumentException.class, () -> scene.createNodeList(-1), "channel -1", "0 to 2");
        assertEquals(2, scene.createNodeList(2).channel());
        scene.validate();
    }
}
