package io.flatscene.core.scene;

import io.flatscene.core.config.SceneConfig;
import io.flatscene.core.container.Index;
import io.flatscene.core.container.IntrusiveListPool;
import io.flatscene.core.container.SummaryByteSet;
import io.flatscene.core.scene.store.TransformStore;
import java.lang.reflect.Field;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The debug validation pass catches each broken link of the scene on its own: every test breaks one field of a
 * healthy scene, the way a forgotten index update would, and expects the check that names that field. A validation
 * that let one through would leave that bug for a frame to find.
 */
class SceneCorruptionTest {
    private final SceneManager scene = new SceneManager(SceneConfig.builder().maxNodes(16).build());
    private final SceneNode a = scene.rootNode().createChild("a");
    private final SceneNode b = a.createChild("b");
    private final SceneNode c = scene.rootNode().createChild("c");
    private final Item onA = scene.createItem("on a", 1, 1, new Aabb(0f, 0f, 0f, 1f, 1f, 1f));
    private final Item loose = scene.createItem("loose", 1, 1, new Aabb(0f, 0f, 0f, 1f, 1f, 1f));
    private final Light onB = scene.createLight("on b", Light.Type.POINT);
    private final Camera onC = scene.createCamera("on c");
    private final NodeList list = scene.createNodeList(0);

    SceneCorruptionTest() {
        a.attachObject(onA);
        b.attachObject(onB);
        c.attachObject(onC);
        list.add(c);
        scene.validate();
    }

    @AfterEach
    void close() {
        scene.close();
    }

    private void assertCaught(String... fragments) {
        String message = assertThrows(IllegalStateException.class, scene::validate).getMessage();
        for (String fragment : fragments) {
            assertTrue(message.contains(fragment), "expected '" + fragment + "' in: " + message);
        }
    }

    private Object sceneField(String name) throws ReflectiveOperationException {
        Field field = SceneManager.class.getDeclaredField(name);
        field.setAccessible(true);
        return field.get(scene);
    }

    @Test
    void aNodeMarkedDestroyedWhileStillManaged() {
        c.slot = Index.NONE;
        assertCaught(c.describe(), "is in the node manager but its id");
    }

    @Test
    void aNodeKeepingAnotherSlot() {
        int kept = b.slot;
        b.slot = a.slot;
        assertCaught(b.describe(), "keeps slot " + a.slot + " but lives in slot " + kept);
    }

    @Test
    void aNodeNamingAParentItsTransformDoesNotRecord() {
        // moved under a node created after it, so that it is checked before its parent checks its children
        SceneNode early = scene.rootNode().createChild("early");
        SceneNode later = scene.rootNode().createChild("later");
        early.reparent(later);
        scene.validate();
        early.parent = scene.rootNode();
        assertCaught(early.describe(), "but its transform records parent id " + later.id());
    }

    @Test
    void aNodeMissingFromItsParentsChildList() {
        a.children.remove(b);
        assertCaught(b.describe(), "is not in its parent's child list");
    }

    @Test
    void aParentlessNodeWithAParentIndex() {
        scene.rootNode().parentIndex = 2;
        assertCaught(scene.rootNode().describe(), "has no parent but parent index 2");
    }

    @Test
    void aChildListWithAStaleIndex() {
        b.parentIndex = 3;
        assertCaught("children of " + a.describe(), b.describe() + " at position 0 records position 3");
    }

    @Test
    void aChildNamingAnotherParent() {
        b.parent = c;
        assertCaught(b.describe() + " is in the child list of " + a.describe() + " but names " + c + " as parent");
    }

    @Test
    void anAttachmentListWithAStaleIndex() {
        onA.parentIndex = 5;
        assertCaught("objects of " + a.describe(), onA.describe() + " at position 0 records position 5");
    }

    @Test
    void anAttachedObjectNamingAnotherNode() {
        onA.parentNode = b;
        assertCaught(onA.describe() + " is attached to " + a.describe() + " but names " + b);
    }

    @Test
    void aDetachedObjectClaimingANode() {
        loose.parentNode = a;
        loose.parentIndex = 0;
        assertCaught(loose.describe() + " names " + a.describe() + " as its node but is not in its attachment list");
    }

    @Test
    void anObjectClaimingADestroyedNode() {
        SceneNode gone = scene.rootNode().createChild("gone");
        scene.destroySceneNode(gone);
        loose.parentNode = gone;
        assertCaught(loose.describe(), "as its node but is not in its attachment list");
    }

    @Test
    void aLightWhoseDataRecordsAnotherNode() {
        scene.kinds().lights().data.nodeIdArray()[onB.globalIndex] = c.id();
        assertCaught(onB.describe() + " is attached to " + b + " but its light data records node id " + c.id());
    }

    @Test
    void anItemKeepingAStaleNodeSlot() {
        scene.itemData().nodeSlotArray()[onA.globalIndex] = c.slot;
        assertCaught(onA.describe() + " keeps node slot " + c.slot + " but its node lives in slot " + a.slot);
    }

    @Test
    void aDetachedItemKeepingANodeSlot() {
        scene.itemData().nodeSlotArray()[loose.globalIndex] = a.slot;
        assertCaught(loose.describe() + " keeps node slot " + a.slot + " but its node lives in slot " + Index.NONE);
    }

    @Test
    void anItemOutsideItsChunksBox() {
        scene.update();
        scene.itemData().worldCenterArray()[onA.globalIndex * 3] += 100f;
        assertCaught("item at global index " + onA.globalIndex, "outside the box of its chunk");
    }

    @Test
    void anItemKeepingAStaleInGraphBit() {
        scene.update();
        scene.itemData().inGraphArray()[onA.globalIndex] = 0;
        assertCaught("item at global index " + onA.globalIndex + " keeps in-graph bit 0 but its node in slot " + a.slot
                + " is in the graph");
    }

    @Test
    void aDetachedItemKeepingAnInGraphBit() {
        scene.itemData().inGraphArray()[loose.globalIndex] = 1;
        assertCaught("item at global index " + loose.globalIndex + " keeps in-graph bit 1 but is detached");
    }

    @Test
    void anInGraphBitAwaitingItsBoundsPassIsNoCorruption() {
        scene.update();
        a.detachFromParent();
        scene.updateAllTransforms();
        // the node left the graph at the transform pass; its item's bit follows at the bounds pass
        assertTrue(scene.itemData().inGraphArray()[onA.globalIndex] != 0);
        scene.validate();
        scene.update();
        assertTrue(scene.itemData().inGraphArray()[onA.globalIndex] == 0);
        scene.validate();
    }

    @Test
    void aNodeRecordingAListItIsNotIn() throws ReflectiveOperationException {
        IntrusiveListPool pool = ((NodeChannels) sceneField("channels")).pool();
        int listIndex = pool.listOf(c.id(), 1 + list.channel());
        Field channels = IntrusiveListPool.class.getDeclaredField("listChannel");
        channels.setAccessible(true);
        ((int[]) channels.get(pool))[listIndex] = 1 + 2;
        assertCaught(c.describe() + " records list " + listIndex
                + " on channel 1 of the node list pool but is not in it");
    }

    @Test
    void aCameraClaimingANode() {
        Camera spare = scene.createCamera("spare");
        spare.parentNode = a;
        spare.parentIndex = 0;
        assertCaught(spare.describe() + " names " + a.describe() + " as its node but is not in its attachment list");
    }

    @Test
    void aLightRecordingAnotherGlobalIndex() {
        onB.globalIndex = 7;
        assertCaught(onB + " at global index 0 records global index 7");
    }

    @Test
    void aNodeRecordingAnotherPositionInTheManager() {
        c.globalIndex = 9;
        assertCaught(c + " at position " + 3 + " records position 9");
    }

    @Test
    void aDirtyMarkOnASlotWithoutANode() throws ReflectiveOperationException {
        Field dirty = TransformStore.class.getDeclaredField("dirtySlots");
        dirty.setAccessible(true);
        ((SummaryByteSet) dirty.get(scene.transforms())).set(scene.nodeCount() + 1);
        assertCaught("slot " + (scene.nodeCount() + 1) + " is marked dirty but holds no node");
    }

    @Test
    void aNodeListRecordingAnotherSize() throws ReflectiveOperationException {
        IntrusiveListPool pool = ((NodeChannels) sceneField("channels")).pool();
        int listIndex = pool.listOf(c.id(), 1 + list.channel());
        Field sizes = IntrusiveListPool.class.getDeclaredField("sizes");
        sizes.setAccessible(true);
        ((int[]) sizes.get(pool))[listIndex] = 2;
        assertCaught("list " + listIndex + " holds 1 ids ending at " + c.id() + " but records size 2");
    }

    @SuppressWarnings("unchecked")
    private Map<String, Object> builtNameIndex() throws ReflectiveOperationException {
        assertTrue(scene.findNodeByName("b").isPresent());
        // built, the index is checked too: unnamed nodes (the root) are not in it, and that is no corruption
        scene.validate();
        Field byName = NameIndex.class.getDeclaredField("byName");
        byName.setAccessible(true);
        return (Map<String, Object>) byName.get(sceneField("names"));
    }

    @Test
    void aNamedNodeMissingFromTheNameIndex() throws ReflectiveOperationException {
        builtNameIndex().remove("c");
        assertCaught(c.describe() + " is live but the name index does not hold it");
    }

    @Test
    void aNameIndexHoldingANodeTwice() throws ReflectiveOperationException {
        builtNameIndex().put("another name", a);
        // a, b, c and the root
        assertCaught("the name index holds 5 nodes but 4 live nodes have a name");
    }

    @Test
    void aSharedNameMissingOneOfItsNodes() throws ReflectiveOperationException {
        SceneNode twin = scene.rootNode().createChild("a");
        Map<String, Object> index = builtNameIndex();
        ((Set<?>) index.get("a")).remove(twin);
        assertCaught(twin.describe() + " is live but the name index does not hold it");
    }

    @Test
    void aDetachedItemHoldingAnotherItemsHandle() {
        loose.handle = onA.handle;
        assertCaught("at global index " + 1 + " has handle");
    }

    @Test
    void aDetachedCameraHoldingAnotherCamerasHandle() {
        Camera spare = scene.createCamera("spare");
        scene.validate();
        spare.handle = onC.handle;
        assertCaught("at global index 1 has handle");
    }
}
