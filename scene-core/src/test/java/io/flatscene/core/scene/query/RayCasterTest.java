package io.flatscene.core.scene.query;

import io.flatscene.core.config.SceneConfig;
import io.flatscene.core.scene.Aabb;
import io.flatscene.core.scene.Item;
import io.flatscene.core.scene.QueryInternals;
import io.flatscene.core.scene.QueryResult;
import io.flatscene.core.scene.SceneManager;
import io.flatscene.core.scene.SceneNode;
import java.lang.reflect.Field;
import java.util.ArrayList;
import java.util.List;
import org.joml.Vector3f;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A caster's rays through the tree and the pending entries, cast by the caster itself so that no grid answers them:
 * the exact slab test on boxes infinite along one axis, and a ray that meets every node of a full tree.
 */
class RayCasterTest {
    private static final Aabb UNIT = new Aabb(0f, 0f, 0f, 0.5f, 0.5f, 0.5f);

    private final SceneManager scene = new SceneManager(SceneConfig.builder().maxNodes(512).maxItems(512)
            .workerThreads(1).build());
    private final List<Item> items = new ArrayList<>();

    @AfterEach
    void close() {
        scene.close();
    }

    private Item place(Aabb bounds, float x, float y, float z) {
        Item item = scene.createItem(0, 0, bounds);
        scene.rootNode().createChild().setPosition(x, y, z).attachObject(item);
        items.add(item);
        return item;
    }

    /** Casts along a unit direction; the hits nearest first, their distances into {@code distances}. */
    private List<Item> cast(float ox, float oy, float oz, float dx, float dy, float dz, List<Float> distances)
            throws ReflectiveOperationException {
        scene.queries().box(Aabb.INFINITE, -1);
        return castIndexed(ox, oy, oz, dx, dy, dz, RayCaster.ALL, distances);
    }

    /** Casts through the index as it stands, keeping what {@code mode} says. */
    private List<Item> castIndexed(float ox, float oy, float oz, float dx, float dy, float dz, int mode,
                                   List<Float> distances) throws ReflectiveOperationException {
        QueryIndex index = QueryInternals.index(scene);
        HitKeys hits = new HitKeys(4);
        index.newCaster().cast(ox, oy, oz, dx, dy, dz, Float.POSITIVE_INFINITY, -1, mode, hits);
        assertFalse(index.grid.live());
        hits.sort(0, hits.count);
        List<Item> found = new ArrayList<>();
        for (int h = 0; h < hits.count; h++) {
            found.add(scene.item(HitKeys.index(hits.keys[h])));
            distances.add(HitKeys.distance(hits.keys[h]));
        }
        return found;
    }

    /**
     * An item whose world box is infinite along x alone (its node's scale overflowed the float range on x, which
     * takes the center's x too) is entered by rays within its y and z extents, at any x, and by none outside them:
     * its infinite axis leaves a ray unclipped, but the others still clip it.
     */
    @Test
    void aBoxInfiniteAlongOneAxisIsStillClippedOnTheOthers() throws ReflectiveOperationException {
        SceneNode stretched = scene.rootNode().createChild().setScale(1e20f, 1f, 1f).createChild()
                .setScale(1e20f, 1f, 1f);
        Item column = scene.createItem(0, 0, new Aabb(1f, 0f, 0f, 0.5f, 0.5f, 0.5f));
        stretched.attachObject(column);
        Item beside = place(UNIT, 0f, 5f, 0f);
        List<Float> distances = new ArrayList<>();
        assertEquals(List.of(beside), cast(-10f, 5f, 0f, 1f, 0f, 0f, distances), "along x at y = 5: the column is "
                + "4.5 away on y");
        assertEquals(List.of(9.5f), distances);
        assertEquals(Float.POSITIVE_INFINITY, column.getWorldHalfExtents(new Vector3f()).x);
        assertEquals(0.5f, column.getWorldHalfExtents(new Vector3f()).y);
        distances.clear();
        assertEquals(List.of(column), cast(1e6f, 0f, -10f, 0f, 0f, 1f, distances), "along z at any x");
        assertEquals(List.of(9.5f), distances);
        assertEquals(List.of(), cast(1e6f, 0.75f, -10f, 0f, 0f, 1f, distances), "along z at y = 0.75");
    }

    /**
     * 256 items in a row make a full tree (four levels, leaves of four): a ray along the row meets every node of it,
     * and finds every item, in order, each 3 further than the last.
     */
    @Test
    void aRayAlongARowMeetsEveryNodeAndFindsEveryItem() throws ReflectiveOperationException {
        for (int i = 0; i < 256; i++) {
            place(UNIT, i * 3f, 0f, 0f);
        }
        List<Float> distances = new ArrayList<>();
        List<Item> found = cast(-10f, 0f, 0f, 1f, 0f, 0f, distances);
        assertEquals(256, QueryInternals.index(scene).builtCount);
        assertEquals(21, new QueryIndexFields(scene).intField("innerTotal"), "1 + 4 + 16 inner nodes over 64 leaves");
        assertEquals(items, found);
        for (int i = 0; i < 256; i++) {
            assertEquals(9.5f + 3f * i, distances.get(i), "item " + i);
        }
    }

    /**
     * A row of 256 items whose far entries are made to hold the ray's origin, where no node box above them leads: the
     * full walk finds them at distance 0, while FIRST and ANY, walking the nearest nodes first, stop at the row's first
     * item and never test them.
     */
    @Test
    void firstAndAnyStopBeforeTheFartherNodes() throws ReflectiveOperationException {
        for (int i = 0; i < 256; i++) {
            place(UNIT, i * 3f, 0f, 0f);
        }
        scene.queries().box(Aabb.INFINITE, -1);
        QueryIndex index = QueryInternals.index(scene);
        int planted = 0;
        for (int e = 0; e < index.builtCount; e++) {
            if (index.entryBox[e * 6] >= 30f) {
                index.entryBox[e * 6] = -10f;
                planted++;
            }
        }
        assertEquals(246, planted);
        List<Float> distances = new ArrayList<>();
        assertEquals(256, castIndexed(-10f, 0f, 0f, 1f, 0f, 0f, RayCaster.ALL, distances).size());
        assertEquals(0f, distances.get(0), "the full walk tests the planted entries");
        for (int mode : new int[] {RayCaster.FIRST, RayCaster.ANY}) {
            distances.clear();
            assertEquals(List.of(items.get(0)), castIndexed(-10f, 0f, 0f, 1f, 0f, 0f, mode, distances), "mode " + mode);
            assertEquals(List.of(9.5f), distances);
        }
    }

    /**
     * A row of 100 cubes of side 2, 2.5 apart, whose grid has cells of side 2: a ray along it for 90 units crosses 45
     * cells, three stretches. The full walk ends in the third (its first cell entered at a finite distance); FIRST and
     * ANY, settled by the cube the ray starts in, stop after the first (whose first cell has no entry distance).
     */
    @Test
    void firstAndAnyStopTheGridWalkAtTheStretchThatSettlesThem() throws ReflectiveOperationException {
        for (int i = 0; i < 100; i++) {
            place(new Aabb(0f, 0f, 0f, 1f, 1f, 1f), i * 2.5f, 0f, 0f);
        }
        QueryResult result = new QueryResult();
        for (int r = 0; r < 8; r++) {
            scene.queries().ray(new Vector3f(r, 0.2f, 0.1f), new Vector3f(1f, 0f, 0f), 5f, -1, result);
        }
        QueryIndex index = QueryInternals.index(scene);
        assertTrue(index.grid.live(), "the short rays paid for the grid");
        RayCaster caster = index.newCaster();
        Field field = RayCaster.class.getDeclaredField("stretch");
        field.setAccessible(true);
        RayGrid.Stretch stretch = (RayGrid.Stretch) field.get(caster);
        HitKeys hits = new HitKeys(4);
        caster.cast(0.3f, 0.2f, 0.1f, 1f, 0f, 0f, 90f, -1, RayCaster.ALL, hits);
        assertEquals(37, hits.count, "the cubes up to x = 90.3");
        assertTrue(Float.isFinite(stretch.from[0]), "the full walk ends past its first stretch");
        for (int mode : new int[] {RayCaster.FIRST, RayCaster.ANY}) {
            hits = new HitKeys(4);
            caster.cast(0.3f, 0.2f, 0.1f, 1f, 0f, 0f, 90f, -1, mode, hits);
            assertEquals(1, hits.count, "mode " + mode);
            assertSame(items.get(0), scene.item(HitKeys.index(hits.keys[0])), "mode " + mode);
            assertEquals(Float.NEGATIVE_INFINITY, stretch.from[0], "mode " + mode + " stops after the first stretch");
        }
    }
}
