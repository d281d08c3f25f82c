package io.flatscene.core.scene.query;

import io.flatscene.core.config.SceneConfig;
import io.flatscene.core.scene.Aabb;
import io.flatscene.core.scene.Item;
import io.flatscene.core.scene.LinearScan;
import io.flatscene.core.scene.QueryResult;
import io.flatscene.core.scene.SceneManager;
import java.util.ArrayList;
import java.util.List;
import org.joml.Vector3f;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The query index over trees at their smallest, which large scenes never show: a root that is itself a leaf, and a
 * root inner node whose children are leaves, so that an entry's leaf lies at location 0. Both are reached the way a
 * game reaches them, by a build over 100 items and the destruction of most of them, which rebuilds the tree over the
 * few left. Rays go through the tree (they are long, so no grid is built) and must find what a linear scan finds; the
 * validation pass must accept the trees, and catch an entry naming the wrong leaf at each edge of a leaf's range.
 */
class QueryIndexSmallTreeTest {
    private static final Aabb UNIT = new Aabb(0f, 0f, 0f, 0.5f, 0.5f, 0.5f);

    private final SceneManager scene = new SceneManager(SceneConfig.builder().maxNodes(256).maxItems(256)
            .workerThreads(1).build());
    /** The items left, along the x axis 3 units apart, in the order made. */
    private final List<Item> left = new ArrayList<>();

    @AfterEach
    void close() {
        scene.close();
    }

    /** Builds the tree over 100 items, then rebuilds it over the first {@code keep} of them. */
    private QueryIndexFields treeOver(int keep) throws ReflectiveOperationException {
        List<Item> made = new ArrayList<>();
        for (int i = 0; i < 100; i++) {
            Item item = scene.createItem(0, 0, UNIT);
            scene.rootNode().createChild().setPosition(i * 3f, 0f, 0f).attachObject(item);
            made.add(item);
        }
        scene.queries().box(Aabb.INFINITE, -1);
        QueryIndexFields index = new QueryIndexFields(scene);
        assertEquals(100, index.intField("builtCount"), "the first query built the tree over every item");
        for (Item item : made.subList(keep, made.size())) {
            scene.destroyItem(item);
        }
        left.addAll(made.subList(0, keep));
        scene.queries().box(Aabb.INFINITE, -1);
        assertEquals(keep, index.intField("builtCount"), "so many dead entries rebuilt the tree over the live");
        assertEquals(0, index.intField("deadCount"));
        scene.validate();
        return index;
    }

    private void assertRaysMatchTheScan(QueryIndexFields index) throws ReflectiveOperationException {
        QueryResult indexed = new QueryResult();
        QueryResult scanned = new QueryResult();
        Vector3f[] origins = {new Vector3f(-5f, 0f, 0f), new Vector3f(4f, 0.2f, -0.1f), new Vector3f(1000f, 0f, 0f)};
        Vector3f[] directions = {new Vector3f(1f, 0f, 0f), new Vector3f(1f, 0.001f, 0f), new Vector3f(-1f, 0f, 0f)};
        for (int r = 0; r < origins.length; r++) {
            scene.queries().ray(origins[r], directions[r], Float.POSITIVE_INFINITY, -1, indexed);
            assertFalse(index.grid().live(), "the tree answered: endless rays build no grid");
            LinearScan.ray(scene, origins[r], directions[r], Float.POSITIVE_INFINITY, -1, scanned);
            assertTrue(scanned.size() > 0, "ray " + r + " meets an item");
            assertEquals(scanned.size(), indexed.size(), "ray " + r);
            for (int i = 0; i < scanned.size(); i++) {
                assertEquals(scanned.item(i), indexed.item(i), "ray " + r + " item " + i);
                assertEquals(scanned.distance(i), indexed.distance(i), "ray " + r + " item " + i);
            }
        }
    }

    private void assertCaught(String fragment) {
        String message = assertThrows(IllegalStateException.class, scene::validate).getMessage();
        assertTrue(message.contains(fragment), message);
    }

    @Test
    void aRootThatIsALeafAnswersRays() throws ReflectiveOperationException {
        QueryIndexFields index = treeOver(3);
        assertEquals(3, index.intField("rootRef") & 15, "the root is a leaf of the three entries");
        assertRaysMatchTheScan(index);
    }

    @Test
    void aRootOverLeavesAnswersRays() throws ReflectiveOperationException {
        QueryIndexFields index = treeOver(10);
        assertEquals(0, index.intField("rootRef") & 15, "the root is an inner node");
        assertEquals(1, index.intField("innerTotal"), "one inner node: the root, over leaves");
        int[] entryLeaf = index.ints("entryLeaf");
        assertEquals(0, entryLeaf[0], "the first entry lies in the leaf at location 0");
        assertRaysMatchTheScan(index);
    }

    @Test
    void fourEntriesMakeOneLeaf() throws ReflectiveOperationException {
        QueryIndexFields index = treeOver(4);
        assertEquals(4, index.intField("rootRef") & 15, "the root is a leaf of the four entries");
        assertEquals(0, index.intField("innerTotal"));
        assertRaysMatchTheScan(index);
    }

    /**
     * Eight entries 3 apart, whose Morton cells split four and four: each half fits in a leaf, so the root holds two
     * leaves of four, not four of two.
     */
    @Test
    void aHalfThatFitsInALeafIsOneLeaf() throws ReflectiveOperationException {
        QueryIndexFields index = treeOver(8);
        int[] childRef = index.ints("childRef");
        assertEquals(0, index.intField("rootRef"), "the root is inner node 0");
        assertEquals(0 << 4 | 4, childRef[0], "entries 0 to 3");
        assertEquals(4 << 4 | 4, childRef[1], "entries 4 to 7");
        assertEquals(-1, childRef[2], "no third branch");
        assertEquals(-1, childRef[3]);
        assertRaysMatchTheScan(index);
    }

    /** The first entry of the second leaf, or the last entry of all, named the first leaf; or an entry the root. */
    @ParameterizedTest
    @ValueSource(strings = {"next", "last", "root"})
    void anEntryNamingTheWrongLeafOfASmallTreeIsCaught(String which) throws ReflectiveOperationException {
        QueryIndexFields index = treeOver(10);
        int[] entryLeaf = index.ints("entryLeaf");
        int[] childRef = index.ints("childRef");
        int firstCount = childRef[0] & 15;
        int e = switch (which) {
            case "next" -> firstCount;
            case "last" -> 9;
            default -> index.entryOf(left.get(5));
        };
        assertTrue(entryLeaf[e] != 0, "entry " + e + " lies in another leaf than the first");
        int named = which.equals("root") ? -2 : 0;
        entryLeaf[e] = named;
        assertCaught("query index entry " + e + " of 10 built names leaf location " + named
                + ", which does not hold it");
    }
}
