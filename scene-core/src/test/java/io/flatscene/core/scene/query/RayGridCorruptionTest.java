package io.flatscene.core.scene.query;

import io.flatscene.core.config.SceneConfig;
import io.flatscene.core.container.Index;
import io.flatscene.core.scene.Aabb;
import io.flatscene.core.scene.Item;
import io.flatscene.core.scene.QueryInternals;
import io.flatscene.core.scene.QueryResult;
import io.flatscene.core.scene.SceneManager;
import io.flatscene.core.scene.SceneNode;
import java.lang.reflect.Field;
import java.util.Arrays;
import org.joml.Vector3f;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The scene's validation pass catches each broken field of the query index's ray grid on its own, as a forgotten
 * rewrite of a listing after a move, or of a cover after an escape, would leave it. The grid is live over 300 unit
 * cubes on a lattice of 3 units, one of them moved out of its cover (tested by every ray) and one destroyed.
 */
class RayGridCorruptionTest {
    private static final Aabb UNIT = new Aabb(0f, 0f, 0f, 0.5f, 0.5f, 0.5f);

    private final SceneManager scene = new SceneManager(SceneConfig.builder().maxNodes(512).maxItems(512)
            .workerThreads(1).build());
    private final QueryIndexFields index;
    private final RayGrid grid;
    private final Item escaped;
    /** Item {@code i} is the cube at lattice point {@code (i % 10, i / 10 % 10, i / 100)}. */
    private final Item[] items;
    private final int escapedEntry;

    RayGridCorruptionTest() throws ReflectiveOperationException {
        items = new Item[300];
        SceneNode[] nodes = new SceneNode[300];
        for (int i = 0; i < items.length; i++) {
            items[i] = scene.createItem(0, 0, UNIT);
            nodes[i] = scene.rootNode().createChild().setPosition(i % 10 * 3f, i / 10 % 10 * 3f, i / 100 * 3f);
            nodes[i].attachObject(items[i]);
        }
        QueryResult result = new QueryResult();
        for (int r = 0; r < 40; r++) {
            scene.queries().ray(new Vector3f(r % 10 * 3f, -2f, 1f), new Vector3f(0.1f, 1f, 0.2f), 8f, -1, result);
        }
        index = new QueryIndexFields(scene);
        grid = index.grid();
        assertTrue(grid.live(), "40 short rays pay for a grid over 300 items");
        escaped = items[5];
        nodes[5].setPosition(15f, 40f, 0f);
        scene.destroyItem(items[6]);
        scene.queries().ray(new Vector3f(0f, -2f, 1f), new Vector3f(0f, 1f, 0f), 8f, -1, result);
        escapedEntry = entryOf(escaped);
        assertEquals(Index.NONE, ints("coverLo")[escapedEntry], "the moved item left its cover");
        scene.validate();
    }

    @AfterEach
    void close() {
        scene.close();
    }

    private int entryOf(Item item) throws ReflectiveOperationException {
        return index.entryOf(item);
    }

    private Field gridField(String name) throws ReflectiveOperationException {
        Field field = RayGrid.class.getDeclaredField(name);
        field.setAccessible(true);
        return field;
    }

    private Object field(String name) throws ReflectiveOperationException {
        return gridField(name).get(grid);
    }

    private int intField(String name) throws ReflectiveOperationException {
        return gridField(name).getInt(grid);
    }

    private void setIntField(String name, int value) throws ReflectiveOperationException {
        gridField(name).setInt(grid, value);
    }

    private int[] ints(String name) throws ReflectiveOperationException {
        return (int[]) field(name);
    }

    private float[] cellBox() throws ReflectiveOperationException {
        return (float[]) field("cellBox");
    }

    /** The first listing of a covered, live entry, and its entry. */
    private int[] coveredListing() throws ReflectiveOperationException {
        int[] cellId = ints("cellId");
        int[] entryOf = index.ints("entryOf");
        int[] coverLo = ints("coverLo");
        for (int k = 0; ; k++) {
            int e = entryOf[cellId[k]];
            if (e != Index.NONE && coverLo[e] != Index.NONE) {
                return new int[] {k, e};
            }
        }
    }

    private void assertCaught(String fragment) {
        IllegalStateException e = assertThrows(IllegalStateException.class, scene::validate);
        assertTrue(e.getMessage().contains(fragment), e.getMessage());
    }

    @Test
    void aFirstCellStartingPastZeroIsCaught() throws ReflectiveOperationException {
        ints("cellStart")[0] = 1;
        assertCaught("first cell starts at 1");
    }

    @Test
    void aCellEndingBeforeItStartsIsCaught() throws ReflectiveOperationException {
        int[] cellStart = ints("cellStart");
        int c = 0;
        while (cellStart[c + 1] == cellStart[c]) {
            c++;
        }
        cellStart[c + 1] = cellStart[c] - 1;
        assertCaught("before its start");
    }

    @Test
    void aListingOutsideItsEntrysCoverIsCaught() throws ReflectiveOperationException {
        int[] listing = coveredListing();
        int[] cellId = ints("cellId");
        int[] entryId = index.ints("entryId");
        int[] coverLo = ints("coverLo");
        int[] cellStart = ints("cellStart");
        // an entry whose cover misses the listing's cell: the lattice's far corner
        int far = index.ints("entryOf")[cellId[cellStart[cellStart.length - 1] - 1]];
        int other = far == listing[1] ? 0 : far;
        assertTrue(coverLo[other] != Index.NONE);
        cellId[listing[0]] = entryId[other];
        System.arraycopy(boxOf(other), 0, cellBox(), listing[0] * 6, 6);
        assertCaught("whose cover is cells");
    }

    private float[] boxOf(int e) throws ReflectiveOperationException {
        float[] entryBox = index.floats("entryBox");
        float[] box = new float[6];
        for (int axis = 0; axis < 3; axis++) {
            box[axis] = entryBox[e * 6 + axis] - entryBox[e * 6 + 3 + axis];
            box[3 + axis] = entryBox[e * 6 + axis] + entryBox[e * 6 + 3 + axis];
        }
        return box;
    }

    /** Each of a listing's six floats stale on its own: the message shows the listing as it stands. */
    @ParameterizedTest
    @ValueSource(ints = {0, 1, 2, 3, 4, 5})
    void aStaleListedBoxIsCaught(int component) throws ReflectiveOperationException {
        int k = listingOf(items[155]);
        assertTrue(k > 0, "a listing past the first, so that its place in the message is seen");
        cellBox()[k * 6 + component] += 0.25f;
        float[] stale = Arrays.copyOfRange(cellBox(), k * 6, k * 6 + 6);
        assertCaught("'s box as " + Arrays.toString(stale) + ", which is not its box");
    }

    @Test
    void anEscapedEntrysListingLeftStandingIsCaught() throws ReflectiveOperationException {
        int k = listingOf(escaped);
        System.arraycopy(boxOf(escapedEntry), 0, cellBox(), k * 6, 6);
        assertCaught("though the entry left its cover");
    }

    /** One float of an escaped entry's NaN listing left standing, each in turn: a min or a max on any axis. */
    @ParameterizedTest
    @ValueSource(ints = {0, 1, 2, 3, 4, 5})
    void anEscapedEntrysListingWithOneFloatLeftIsCaught(int component) throws ReflectiveOperationException {
        int k = listingOf(escaped);
        cellBox()[k * 6 + component] = boxOf(escapedEntry)[component];
        assertCaught("though the entry left its cover");
    }

    /** A destroyed item's NaN listing with its min x, or its max x, a number again. */
    @ParameterizedTest
    @ValueSource(ints = {0, 3})
    void aDeadItemsListingWithOneFloatLeftIsCaught(int component) throws ReflectiveOperationException {
        int k = listingOf(items[6]);
        assertTrue(Float.isNaN(cellBox()[k * 6]) && Float.isNaN(cellBox()[k * 6 + 3]),
                "the dead item's listing is NaN");
        cellBox()[k * 6 + component] = 1f;
        assertCaught("which no gridded entry holds");
    }

    private int listingOf(Item item) throws ReflectiveOperationException {
        int[] cellId = ints("cellId");
        int id = QueryInternals.itemId(item);
        int k = 0;
        while (cellId[k] != id) {
            k++;
        }
        return k;
    }

    @ParameterizedTest
    @ValueSource(ints = {100_000, -5, Integer.MIN_VALUE})
    void aListingOfAnIdNoEntryHoldsThatIsNotNaNIsCaught(int id) throws ReflectiveOperationException {
        ints("cellId")[coveredListing()[0]] = id;
        assertCaught("which no gridded entry holds");
    }

    @Test
    void aListingOfTheFirstIdPastTheIndexIsCaught() throws ReflectiveOperationException {
        ints("cellId")[coveredListing()[0]] = index.ints("entryOf").length;
        assertCaught("which no gridded entry holds");
    }

    /** An item created after the grid's build and destroyed before the tree takes it in: no listing of it to poison. */
    @Test
    void aPendingItemDestroyedLeavesTheGridAsItWas() throws ReflectiveOperationException {
        assertEquals(index.intField("builtCount"), ints("coverLo").length, "the grid's first build sized its covers");
        Item late = scene.createItem(0, 0, UNIT);
        scene.rootNode().createChild().setPosition(1f, 1f, 1f).attachObject(late);
        scene.queries().box(Aabb.INFINITE, -1);
        assertEquals(index.intField("builtCount"), entryOf(late), "the new item's entry is the first pending one");
        float[] before = cellBox().clone();
        scene.destroyItem(late);
        scene.queries().box(Aabb.INFINITE, -1);
        assertTrue(grid.live());
        assertArrayEquals(before, cellBox());
        scene.validate();
    }

    @Test
    void aListingOfAPendingItemThatIsNotNaNIsCaught() throws ReflectiveOperationException {
        Item late = scene.createItem(0, 0, UNIT);
        scene.rootNode().createChild().setPosition(1f, 1f, 1f).attachObject(late);
        scene.queries().box(Aabb.INFINITE, -1);
        assertTrue(entryOf(late) >= index.intField("builtCount"), "the new item's entry is pending");
        ints("cellId")[coveredListing()[0]] = QueryInternals.itemId(late);
        assertCaught("which no gridded entry holds");
    }

    /** A listing of the lattice's middle entry handed to the entry one step away along each axis, each way. */
    @ParameterizedTest
    @ValueSource(ints = {0, 1, 2, 3, 4, 5})
    void aListingBeyondEachFaceOfItsEntrysCoverIsCaught(int face) throws ReflectiveOperationException {
        int[] step = {100, -100, 10, -10, 1, -1};
        int middle = 155;
        int k = listingOf(items[middle]);
        Item neighbour = items[middle + step[face]];
        int e = entryOf(neighbour);
        ints("cellId")[k] = QueryInternals.itemId(neighbour);
        System.arraycopy(boxOf(e), 0, cellBox(), k * 6, 6);
        assertCaught("whose cover is cells");
    }

    @Test
    void aCoveredEntryAmongTheAlwaysTestedIsCaught() throws ReflectiveOperationException {
        int[] always = ints("always");
        int n = intField("alwaysCount");
        always[n] = coveredListing()[1];
        setIntField("alwaysCount", n + 1);
        assertCaught("yet it has a cover");
    }

    @Test
    void anUncoveredEntryMissingFromTheAlwaysTestedIsCaught() throws ReflectiveOperationException {
        setIntField("alwaysCount", intField("alwaysCount") - 1);
        assertCaught("is not tested by every ray");
    }

    @Test
    void aCoverLargerThanItsListingsIsCaught() throws ReflectiveOperationException {
        int[] coverLo = ints("coverLo");
        int nz = intField("nz");
        int e = 0;
        while (coverLo[e] == Index.NONE || coverLo[e] % nz == 0) {
            e++;
        }
        // one cell more on the low side of z: the cover still holds every listing, but one is missing
        coverLo[e]--;
        assertCaught("cells, its cover has");
    }

    @Test
    void aBoxOutsideItsCoverIsCaught() throws ReflectiveOperationException {
        int[] listing = coveredListing();
        int e = listing[1];
        float[] entryBox = index.floats("entryBox");
        entryBox[e * 6 + 1] += 9f;
        // every listing of the entry shows the moved box, so that only the cover is wrong
        int[] cellId = ints("cellId");
        int id = index.ints("entryId")[e];
        float[] moved = boxOf(e);
        for (int k = 0; k < cellId.length; k++) {
            if (cellId[k] == id) {
                System.arraycopy(moved, 0, cellBox(), k * 6, 6);
            }
        }
        IllegalStateException caught = assertThrows(IllegalStateException.class, () -> index.grid()
                .validate(entryBox, index.ints("entryId"), index.ints("entryOf")));
        assertTrue(caught.getMessage().contains("left its cover"), caught.getMessage());
        assertEquals(Arrays.toString(moved), Arrays.toString(boxOf(e)));
    }
}
