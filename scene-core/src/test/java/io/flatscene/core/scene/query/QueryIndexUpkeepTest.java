package io.flatscene.core.scene.query;

import io.flatscene.core.config.SceneConfig;
import io.flatscene.core.scene.Aabb;
import io.flatscene.core.scene.Item;
import io.flatscene.core.scene.QueryInternals;
import io.flatscene.core.scene.SceneManager;
import io.flatscene.core.scene.SceneNode;
import java.util.ArrayList;
import java.util.List;
import org.joml.Vector3f;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * How the index follows the scene between builds, and when it rebuilds: each change reaches the index at the next
 * update or query, a box refit follows it up the tree as far as it changes anything, and a build runs once the
 * pending or dead entries pass their thresholds (64 on top of a 32nd of the built entries, of a quarter of the live
 * ones) or the moved ones made the tree's cost grow by half, the grid for short rays once such rays number a 16th of
 * the built entries.
 */
class QueryIndexUpkeepTest {
    private static final Aabb UNIT = new Aabb(0f, 0f, 0f, 0.5f, 0.5f, 0.5f);

    private final SceneManager scene = new SceneManager(SceneConfig.builder().maxNodes(1024).maxItems(1024)
            .workerThreads(1).build());
    private final List<Item> items = new ArrayList<>();
    private final QueryIndexFields index;

    QueryIndexUpkeepTest() throws ReflectiveOperationException {
        index = new QueryIndexFields(scene);
    }

    @AfterEach
    void close() {
        scene.close();
    }

    /** Adds {@code count} unit items on a grid of spacing 3, 20 to a row, then runs a query, which syncs. */
    private void add(int count) {
        for (int i = 0; i < count; i++) {
            int at = items.size();
            Item item = scene.createItem(0, 0, UNIT);
            scene.rootNode().createChild().setPosition(at % 20 * 3f, at / 20 * 3f, 0f).attachObject(item);
            items.add(item);
        }
        query();
    }

    private void query() {
        scene.queries().box(Aabb.INFINITE, -1);
    }

    private int built() throws ReflectiveOperationException {
        return index.intField("builtCount");
    }

    @Test
    void pendingEntriesBuildTheTreeOncePastSixtyFourAndAThirtySecondOfTheBuilt()
            throws ReflectiveOperationException {
        add(64);
        assertEquals(0, built(), "64 pending entries are tested one by one");
        add(1);
        assertEquals(65, built(), "the 65th builds the tree");
        add(66);
        assertEquals(65, built(), "64 + 65 / 32 = 66 pending on top of 65 built wait");
        add(1);
        assertEquals(132, built(), "the 67th builds");
        scene.validate();
    }

    @Test
    void deadEntriesRebuildTheTreeOncePastSixtyFourAndAQuarterOfTheLive() throws ReflectiveOperationException {
        add(400);
        assertEquals(400, built());
        for (Item item : items.subList(0, 131)) {
            scene.destroyItem(item);
        }
        query();
        assertEquals(131, index.intField("deadCount"), "131 dead of 400: 64 + 269 / 4 = 131 wait");
        assertEquals(400, built());
        scene.destroyItem(items.get(131));
        query();
        assertEquals(0, index.intField("deadCount"), "the 132nd rebuilds the tree over the live");
        assertEquals(268, built());
        scene.validate();
    }

    /**
     * Moves that keep the tree's shape (every item by one step) leave it as built, however many there are: the cost
     * measured past 64 and a quarter of the built moves, 80 here, is the build's.
     */
    @Test
    void movesThatKeepTheTreesShapeNeverRebuildIt() throws ReflectiveOperationException {
        add(65);
        for (int round = 0; round < 5; round++) {
            moveAndQuery(0, 65);
        }
        assertEquals(325, index.intField("movedSinceBuild"), "five moves of every entry, and no build");
        assertEquals(65, built());
        scene.validate();
    }

    /**
     * Moves that scatter the entries make the tree's boxes overlap: once past 64 and a quarter of the built, 114 here,
     * the tree's cost is measured, and it is built again, being past one and a half times the build's.
     */
    @Test
    void movesThatScatterTheEntriesRebuildTheTree() throws ReflectiveOperationException {
        add(200);
        for (int i = 0; i < 114; i++) {
            items.get(i).parentNode().setPosition(i * 37 % 200 * 3f, i * 11 % 13 * 3f, 1.5f);
        }
        query();
        assertEquals(114, index.intField("movedSinceBuild"), "114 moves, not measured yet");
        items.get(114).parentNode().setPosition(100f, 0f, 30f);
        query();
        assertEquals(0, index.intField("movedSinceBuild"), "the 115th: measured, and rebuilt");
        assertEquals(200, built());
        scene.validate();
    }

    /**
     * Moves of one chunk's items at a time, few enough against the node records to refit entry by entry: past 64 and
     * a quarter of the built since the last measure, 314 here, the tree is measured and, scattered, built again.
     */
    @Test
    void fewMovesAtATimeMeasureTheTreeOncePastSixtyFourAndAQuarterOfTheBuilt() throws ReflectiveOperationException {
        add(1000);
        assertTrue(64 * 4 < index.intField("innerTotal") * QueryIndex.ARITY, "one chunk is refitted entry by entry");
        for (int round = 0; round < 20; round++) {
            int first = round % 15 * 64 + round / 15 * 16;
            for (int i = first; i < first + 16; i++) {
                items.get(i).parentNode().setPosition(i * 7 % 60 * 3f, i * 13 % 50 * 3f, 1.5f);
            }
            query();
            assertEquals(round < 19 ? 16 * (round + 1) : 0, index.intField("movedSinceBuild"),
                    "after " + 16 * (round + 1) + " moves");
        }
        scene.validate();
    }

    /**
     * With nothing built, moves of the pending entries count towards a build alone: 64 leave them pending, the 65th
     * builds the tree over them.
     */
    @Test
    void pendingEntriesMovedPastSixtyFourTimesBuildTheTree() throws ReflectiveOperationException {
        add(16);
        for (int round = 0; round < 4; round++) {
            moveAndQuery(0, 16);
        }
        assertEquals(64, index.intField("movedSinceBuild"));
        assertEquals(0, built(), "64 moves of pending entries");
        moveAndQuery(0, 1);
        assertEquals(16, built(), "the 65th builds");
        assertEquals(0, index.intField("movedSinceBuild"));
        scene.validate();
    }

    /**
     * An item of infinite bounds makes the tree's cost infinite, which measures nothing: a measure then rebuilds only
     * once the moves since the build outnumber 64 and the built entries, 264 here. Measures come every 64 and a
     * quarter of the built moves since the last (past 114 here): the one at 228 waits, the one at 343 rebuilds.
     */
    @Test
    void anInfiniteTreeCostRebuildsOncePastSixtyFourAndTheBuiltMoves() throws ReflectiveOperationException {
        Item endless = scene.createItem(0, 0, Aabb.INFINITE);
        scene.rootNode().createChild().attachObject(endless);
        items.add(endless);
        add(199);
        assertEquals(200, built());
        for (int round = 0; round < 2; round++) {
            moveAndQuery(1, 115);
            assertEquals(114 * (round + 1), index.intField("movedSinceBuild"), "measured at 228, not past 264");
        }
        moveAndQuery(1, 115);
        assertEquals(342, index.intField("movedSinceBuild"), "114 since the measure: not measured again");
        moveAndQuery(1, 2);
        assertEquals(0, index.intField("movedSinceBuild"), "measured at 343, past 264: rebuilt");
        assertEquals(200, built());
        scene.validate();
    }

    private void moveAndQuery(int from, int to) {
        for (Item item : items.subList(from, to)) {
            SceneNode node = item.parentNode();
            Vector3f at = node.getPosition(new Vector3f());
            node.setPosition(at.x, at.y, at.z + 1f);
        }
        query();
    }

    /**
     * Each of the six values of a world box changed alone (a center coordinate by a move, a half extent by new local
     * bounds) reaches the index: a query finds the item by the new value, and the validation finds the index holding
     * it.
     */
    @ParameterizedTest
    @ValueSource(ints = {0, 1, 2, 3, 4, 5})
    void aChangeOfOneWorldBoxValueAloneReachesTheIndex(int value) throws ReflectiveOperationException {
        add(100);
        Item item = items.get(42);
        SceneNode node = item.parentNode();
        Vector3f at = node.getPosition(new Vector3f());
        Vector3f probe = new Vector3f(at);
        int axis = value % 3;
        if (value < 3) {
            at.setComponent(axis, at.get(axis) + 1.25f);
            node.setPosition(at);
        } else {
            float[] half = {0.5f, 0.5f, 0.5f};
            half[axis] = 2f;
            item.setLocalAabb(new Aabb(0f, 0f, 0f, half[0], half[1], half[2]));
        }
        probe.setComponent(axis, probe.get(axis) + 1.7f);
        assertEquals(List.of(item), scene.queries().box(new Aabb(probe.x, probe.y, probe.z, 0.01f, 0.01f, 0.01f), -1));
        scene.validate();
    }

    /**
     * An item moved past the root's box, on each side of each axis: its leaf's box and every one above it grow to
     * hold it, so that the tree holds what lies below each node and queries there find it.
     */
    @ParameterizedTest
    @ValueSource(ints = {0, 1, 2, 3, 4, 5})
    void aMoveOutOfTheTreeRefitsEveryBoxUpToTheRoot(int side) throws ReflectiveOperationException {
        add(200);
        Item item = items.get(117);
        Vector3f to = item.parentNode().getPosition(new Vector3f());
        to.setComponent(side / 2, side % 2 == 0 ? -100f : 200f);
        item.parentNode().setPosition(to);
        assertEquals(List.of(item), scene.queries().sphere(to, 0.1f, -1));
        assertEquals(200, built(), "refitted, not rebuilt");
        scene.validate();
    }

    /** An item made and destroyed between two queries, under an id the index knows, never had an entry. */
    @Test
    void anItemDestroyedBeforeAnyQueryIndexedItLeavesTheIndexAlone() throws ReflectiveOperationException {
        add(100);
        Item first = items.get(3);
        scene.destroyItem(first);
        query();
        Item brief = scene.createItem(0, 0, UNIT);
        scene.rootNode().createChild().setPosition(1f, 1f, 1f).attachObject(brief);
        assertTrue(QueryInternals.itemId(brief) < index.ints("entryOf").length, "an id the entry map covers");
        scene.destroyItem(brief);
        assertEquals(1, index.intField("deadCount"), "the destroyed item had no entry to kill");
        assertEquals(99, scene.queries().box(Aabb.INFINITE, -1).size());
        scene.validate();
    }

    private void shortRays(int count) {
        Vector3f origin = new Vector3f(1f, 1f, 5f);
        Vector3f down = new Vector3f(0f, 0f, -1f);
        for (int r = 0; r < count; r++) {
            scene.queries().ray(origin, down, 0.1f, -1);
        }
    }

    /**
     * Rays short enough for the grid build it once they number a 16th of the built entries: 10 over 160. Once a build
     * of the tree drops it, the count starts again at a 16th of the entries then built, 15 over 230: a grid that was
     * built was not refused, so the wait does not double.
     */
    @Test
    void shortRaysBuildTheGridOnceTheyNumberASixteenthOfTheBuiltEntries() throws ReflectiveOperationException {
        QueryIndex queries = QueryInternals.index(scene);
        shortRays(50);
        assertFalse(index.grid().live(), "nothing is built for the grid to serve");
        add(160);
        assertEquals(160, built());
        assertTrue(queries.gridWorthy(0.1f), "a ray of 0.1 counts");
        assertFalse(queries.gridWorthy(Float.POSITIVE_INFINITY), "an endless one does not");
        shortRays(9);
        assertFalse(index.grid().live(), "9 short rays over 160 entries");
        shortRays(1);
        assertTrue(index.grid().live(), "10 short rays over 160 entries");
        add(70);
        assertEquals(230, built());
        assertFalse(index.grid().live(), "the build dropped the grid");
        shortRays(14);
        assertFalse(index.grid().live(), "14 short rays over 230 entries");
        shortRays(1);
        assertTrue(index.grid().live(), "15 short rays over 230 entries");
        scene.validate();
    }

    /**
     * Once a query built the index, the update refits it to what moved: the query after it has no chunk to read and
     * nothing to build, whether few items moved (entry by entry) or all of them (a sweep).
     */
    @ParameterizedTest
    @ValueSource(ints = {1, 20, 400})
    void anUpdateRefitsTheIndexSoThatTheNextQueryFindsNothingToDo(int moved) throws ReflectiveOperationException {
        add(400);
        moveAndUpdate(moved);
        int upkeeps = index.intField("upkeeps");
        assertEquals(moved, scene.queries().box(new Aabb(30f, 30f, 1f, 40f, 40f, 0.1f), -1).size(),
                "the moved items, found where they went");
        assertEquals(upkeeps, index.intField("upkeeps"), "the update left the query nothing to sync or build");
        scene.validate();
    }

    /** A scene never queried keeps no index: its updates build none, and sync none, whatever moves. */
    @Test
    void aSceneNeverQueriedHasNoIndexForItsUpdatesToKeep() throws ReflectiveOperationException {
        for (int i = 0; i < 400; i++) {
            Item item = scene.createItem(0, 0, UNIT);
            scene.rootNode().createChild().setPosition(i % 20 * 3f, i / 20 * 3f, 0f).attachObject(item);
            items.add(item);
        }
        for (int frame = 0; frame < 3; frame++) {
            moveAndUpdate(400);
        }
        assertEquals(0, index.intField("entryCount"));
        assertEquals(0, index.intField("upkeeps"));
        scene.validate();
    }

    /** Moves items {@code [0, count)} up by one, then runs an update. */
    private void moveAndUpdate(int count) {
        for (Item item : items.subList(0, count)) {
            SceneNode node = item.parentNode();
            Vector3f at = node.getPosition(new Vector3f());
            node.setPosition(at.x, at.y, at.z + 1f);
        }
        scene.update();
    }
}
