package io.flatscene.core.scene.query;

import io.flatscene.core.config.SceneConfig;
import io.flatscene.core.scene.Aabb;
import io.flatscene.core.scene.Item;
import io.flatscene.core.scene.QueryInternals;
import io.flatscene.core.scene.SceneManager;
import java.util.ArrayList;
import java.util.List;
import org.joml.Matrix4f;
import org.joml.Vector3f;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The node tests prune: a query never enters a node whose box it misses, and enters every node whose box it touches.
 * No result shows this on a healthy index, where a node's box holds every entry below it, so each test forges one:
 * an entry's own box is moved (as a sync would) to where the query finds it by its exact test, while the box of one
 * node above it is left where it was, missing the query or touching it. The entry is then found exactly when the
 * query enters that node. The boxes forged follow the node tests' documented rules: a box query's reach and a
 * sphere's radius widened by {@link QueryIndex#MARGIN} of the magnitudes involved, a frustum plane's slack the same,
 * a ray's slab test with touching included.
 */
class QueryIndexPruningTest {
    private static final Aabb UNIT = new Aabb(0f, 0f, 0f, 0.5f, 0.5f, 0.5f);
    /** A box query of one point, the origin: its widened reach is 0. */
    private static final Aabb ORIGIN = new Aabb(0f, 0f, 0f, 0f, 0f, 0f);
    private static final String[] SIDES = {"-x", "+x", "-y", "+y", "-z", "+z"};
    /** No box location: the root's is -2, the others' not negative. */
    private static final int NO_LOCATION = Integer.MIN_VALUE;

    private final SceneManager scene = new SceneManager(SceneConfig.builder().maxNodes(256).maxItems(256)
            .workerThreads(1).build());
    private final List<Item> items = new ArrayList<>();
    private QueryIndex index;

    @AfterEach
    void close() {
        scene.close();
    }

    /** {@code count} unit items along the x axis, 3 apart from the origin, under a built tree. */
    private void row(int count) throws ReflectiveOperationException {
        for (int i = 0; i < count; i++) {
            Item item = scene.createItem(0, 0, UNIT);
            scene.rootNode().createChild().setPosition(i * 3f, 0f, 0f).attachObject(item);
            items.add(item);
        }
        scene.queries().box(Aabb.INFINITE, -1);
        index = QueryInternals.index(scene);
        assertEquals(count, index.builtCount, "the first query built the tree over every item");
    }

    /**
     * A tree whose root is a leaf over one entry, the item at the origin: the root's box alone decides whether a
     * query tests it. Reached as a game reaches it: the tree over 100 items is rebuilt once 99 are destroyed.
     */
    private void oneLeaf() throws ReflectiveOperationException {
        row(100);
        for (Item item : items.subList(1, 100)) {
            scene.destroyItem(item);
        }
        scene.queries().box(Aabb.INFINITE, -1);
        assertEquals(1, index.builtCount);
        assertEquals(1, index.rootRef, "the root is the leaf of entry 0");
    }

    private static void setBox(float[] box, int n, float minX, float minY, float minZ, float maxX, float maxY,
                               float maxZ) {
        box[n] = minX;
        box[n + 1] = minY;
        box[n + 2] = minZ;
        box[n + 3] = maxX;
        box[n + 4] = maxY;
        box[n + 5] = maxZ;
    }

    /**
     * The root's box forged to lie on one side of the origin ({@code side} as in {@link #SIDES}), {@code gap} from
     * it on that axis and from -1 to 1 on the others; the one entry stays at the origin.
     */
    private void rootBeside(int side, float gap) {
        int axis = side / 2;
        float[] box = {-1f, -1f, -1f, 1f, 1f, 1f};
        if (side % 2 == 1) {
            box[axis] = gap;
            box[3 + axis] = gap + 1f;
        } else {
            box[axis] = -gap - 1f;
            box[3 + axis] = -gap;
        }
        System.arraycopy(box, 0, index.rootBox, 0, 6);
    }

    private boolean findsTheItem(List<Item> found) {
        assertTrue(found.size() <= 1, "one item lives: " + found);
        return found.equals(List.of(items.get(0)));
    }

    @ParameterizedTest
    @ValueSource(ints = {0, 1, 2, 3, 4, 5})
    void aBoxQueryEntersARootBoxItTouchesAndSkipsOneItMisses(int side) throws ReflectiveOperationException {
        oneLeaf();
        assertTrue(findsTheItem(scene.queries().box(ORIGIN, -1)), "the healthy index finds the item at the origin");
        rootBeside(side, 0f);
        assertTrue(findsTheItem(scene.queries().box(ORIGIN, -1)), "a root box touching the query on " + SIDES[side]
                + " is entered");
        rootBeside(side, 0.5f);
        assertFalse(findsTheItem(scene.queries().box(ORIGIN, -1)), "a root box beside the query on " + SIDES[side]
                + " is skipped, whatever its entry holds");
    }

    @ParameterizedTest
    @ValueSource(ints = {0, 1, 2, 3, 4, 5})
    void aSphereEntersARootBoxItTouchesAndSkipsOneItMisses(int side) throws ReflectiveOperationException {
        oneLeaf();
        Vector3f origin = new Vector3f();
        rootBeside(side, 0f);
        assertTrue(findsTheItem(scene.queries().sphere(origin, 0f, -1)), "a root box touching the sphere on "
                + SIDES[side] + " is entered");
        rootBeside(side, 0.5f);
        assertFalse(findsTheItem(scene.queries().sphere(origin, 0f, -1)), "a root box beside the sphere on "
                + SIDES[side] + " is skipped");
    }

    /**
     * Six planes as {@link io.flatscene.core.geometry.Frustum} lays them out (inside where {@code a x + b y + c z + d}
     * is not negative): the one given first, then five that hold everything.
     */
    private static float[] planes(float a, float b, float c, float d) {
        float[] planes = new float[24];
        for (int p = 4; p < 24; p += 4) {
            planes[p + 3] = 1f;
        }
        planes[0] = a;
        planes[1] = b;
        planes[2] = c;
        planes[3] = d;
        return planes;
    }

    private boolean frustumFindsTheItem(float[] planes) {
        HitKeys hits = new HitKeys(4);
        index.frustum(planes, -1, hits);
        assertTrue(hits.count <= 1, "one item lives");
        return hits.count == 1 && HitKeys.index(hits.keys[0]) == QueryInternals.globalIndex(items.get(0));
    }

    /** The plane through the origin facing away from {@code side}: the origin is on it, the root box outside. */
    @ParameterizedTest
    @ValueSource(ints = {0, 1, 2, 3, 4, 5})
    void aFrustumEntersARootBoxOnAPlaneAndSkipsOneOutside(int side) throws ReflectiveOperationException {
        oneLeaf();
        float[] normal = new float[3];
        normal[side / 2] = side % 2 == 1 ? -1f : 1f;
        float[] planes = planes(normal[0], normal[1], normal[2], 0f);
        assertTrue(frustumFindsTheItem(planes), "the item's box straddles the plane");
        rootBeside(side, 0f);
        assertTrue(frustumFindsTheItem(planes), "a root box on the plane, outside it, is entered");
        rootBeside(side, 0.5f);
        assertFalse(frustumFindsTheItem(planes), "a root box wholly outside a plane on " + SIDES[side]
                + " is skipped");
    }

    /**
     * A box query of half extent 10 about the origin reaches {@code 10 + MARGIN * 10} for its node tests: a root box
     * half that margin past its face is entered, one twice the margin past it is not. On each axis, both sides.
     */
    @ParameterizedTest
    @ValueSource(ints = {0, 1, 2, 3, 4, 5})
    void aBoxQueryWidensItsReachByTheMargin(int side) throws ReflectiveOperationException {
        oneLeaf();
        Aabb query = new Aabb(0f, 0f, 0f, 10f, 10f, 10f);
        float margin = QueryIndex.MARGIN * 10f;
        rootBeside(side, 10f + margin / 2f);
        assertTrue(findsTheItem(scene.queries().box(query, -1)), "half the margin past the reach on " + SIDES[side]);
        rootBeside(side, 10f + margin * 2f);
        assertFalse(findsTheItem(scene.queries().box(query, -1)), "twice the margin past it on " + SIDES[side]);
    }

    /**
     * A sphere of radius 1 at (0, 100, 100) tests nodes against its radius widened by {@code MARGIN} of the sum of its
     * center's magnitudes and its radius, 201 here: 1.00201. A root box 1.002 away along x is entered, one 1.0022
     * away is not. The entry is moved to the sphere's center.
     */
    @Test
    void aSphereWidensItsRadiusByTheMarginOfItsMagnitudes() throws ReflectiveOperationException {
        oneLeaf();
        setBox(index.entryBox, 0, 0f, 100f, 100f, 0.5f, 0.5f, 0.5f);
        Vector3f center = new Vector3f(0f, 100f, 100f);
        setBox(index.rootBox, 0, 1.002f, 99f, 99f, 2f, 101f, 101f);
        assertTrue(findsTheItem(scene.queries().sphere(center, 1f, -1)), "within the widened radius");
        setBox(index.rootBox, 0, 1.0022f, 99f, 99f, 2f, 101f, 101f);
        assertFalse(findsTheItem(scene.queries().sphere(center, 1f, -1)), "past it");
        index.rootBox[0] = 1.0018f;
        assertTrue(findsTheItem(scene.queries().sphere(center, 1f, -1)), "short of the radius less 2 of the 201");
    }

    /**
     * The plane {@code y + z >= 200.003}, and a root box whose corner nearest inside, (x, 100, 100), is 0.003 short
     * of it: the node test's slack, {@code MARGIN} of the magnitudes of the corner's terms and of d (400.003), is
     * 0.004, so the node is entered; 0.005 short, it is not.
     */
    @Test
    void aFrustumPlaneGivesNodesASlackOfTheMarginOfItsTerms() throws ReflectiveOperationException {
        oneLeaf();
        setBox(index.entryBox, 0, 0f, 101f, 101f, 0.5f, 0.5f, 0.5f);
        setBox(index.rootBox, 0, -1f, 99f, 99f, 1f, 100f, 100f);
        assertTrue(frustumFindsTheItem(planes(0f, 1f, 1f, -200.003f)), "0.003 short, within the slack");
        assertFalse(frustumFindsTheItem(planes(0f, 1f, 1f, -200.005f)), "0.005 short, past it");
    }

    /**
     * A root box unbounded below on one axis, where the plane's coefficient is 0 (a node box whose lower bound
     * overflowed): the plane takes the box's upper bound there, 0 times a finite value, and so still skips a box wholly
     * outside it on the next axis; the lower bound, 0 times -infinity, would make a NaN, which keeps every node.
     */
    @ParameterizedTest
    @ValueSource(ints = {0, 1, 2})
    void aFrustumPlaneWithAZeroCoefficientReadsAnUnboundedBoxByItsFiniteBound(int axis)
            throws ReflectiveOperationException {
        oneLeaf();
        int outside = (axis + 1) % 3;
        float[] normal = new float[3];
        normal[outside] = 1f;
        float[] planes = planes(normal[0], normal[1], normal[2], 0f);
        float[] box = {-1f, -1f, -1f, 1f, 1f, 1f};
        box[axis] = Float.NEGATIVE_INFINITY;
        box[outside] = -2f;
        box[3 + outside] = -1f;
        System.arraycopy(box, 0, index.rootBox, 0, 6);
        assertFalse(frustumFindsTheItem(planes), "the root box lies below the plane on axis " + outside);
        index.rootBox[3 + outside] = 0f;
        assertTrue(frustumFindsTheItem(planes), "touching it");
    }

    /**
     * A ray down the z axis runs parallel to x and y: a root box is entered when the origin lies within it on those
     * axes, on its faces included, and skipped when it lies outside.
     */
    @ParameterizedTest
    @ValueSource(ints = {0, 1, 2, 3})
    void aRayParallelToAnAxisEntersARootBoxWhoseFaceItRunsOn(int side) throws ReflectiveOperationException {
        oneLeaf();
        Vector3f origin = new Vector3f(0f, 0f, 10f);
        Vector3f down = new Vector3f(0f, 0f, -1f);
        rootBeside(side, 0f);
        assertTrue(findsTheItem(ray(origin, down, 100f)), "on the face " + SIDES[side]);
        rootBeside(side, 0.5f);
        assertFalse(findsTheItem(ray(origin, down, 100f)), "beside " + SIDES[side]);
    }

    /**
     * A ray whose length ends right where it enters the root's box enters it; one that ends short of the root's box
     * does not, though the entry's box below it lies within reach.
     */
    @Test
    void aRayEntersARootBoxItReachesAtItsLastPoint() throws ReflectiveOperationException {
        oneLeaf();
        Vector3f origin = new Vector3f(0f, 0f, 10f);
        Vector3f down = new Vector3f(0f, 0f, -1f);
        setBox(index.rootBox, 0, -1f, -1f, -1f, 1f, 1f, 0.5f);
        assertTrue(findsTheItem(ray(origin, down, 9.5f)), "the ray ends on the root box's face");
        index.rootBox[5] = 0.25f;
        assertFalse(findsTheItem(ray(origin, down, 9.5f)), "0.25 short of the root box, though the entry's own box "
                + "lies within reach");
    }

    /**
     * The items a ray from {@code origin} along {@code direction} (of unit length) finds through the tree: cast by a
     * caster of the index's own, since the scene's ray queries count towards building the grid, which would answer
     * short rays in the tree's place.
     */
    private List<Item> ray(Vector3f origin, Vector3f direction, float maxDistance) {
        HitKeys hits = new HitKeys(4);
        index.newCaster().cast(origin.x, origin.y, origin.z, direction.x, direction.y, direction.z, maxDistance, -1,
                hits);
        assertFalse(index.grid.live(), "the tree answered");
        hits.sort(0, hits.count);
        List<Item> found = new ArrayList<>();
        for (int h = 0; h < hits.count; h++) {
            found.add(scene.item(HitKeys.index(hits.keys[h])));
        }
        return found;
    }

    // ---- deeper trees: a node below the root ----

    /**
     * Moves the entry of {@code item} to {@code (x, y, z)} and widens every box above it to hold it there, but the
     * one at location {@code stale}, which keeps missing it: the leaf's, an inner node's below the root, or none
     * ({@link #NO_LOCATION}).
     */
    private void moveEntryPast(Item item, int stale, float x, float y, float z) throws ReflectiveOperationException {
        QueryIndexFields fields = new QueryIndexFields(scene);
        int e = fields.entryOf(item);
        setBox(index.entryBox, e * 6, x, y, z, 0.5f, 0.5f, 0.5f);
        int[] up = fields.ints("up");
        boolean staleSeen = false;
        for (int location = fields.ints("entryLeaf")[e]; ; location = up[location >>> 2]) {
            float[] box = location == -2 ? index.rootBox : index.tree;
            int n = location == -2 ? 0 : location * 6;
            if (location == stale) {
                staleSeen = true;
                assertTrue(box[n + 4] < y - 1f, "the stale box misses the entry");
            } else {
                box[n] = Math.min(box[n], x - 1f);
                box[n + 1] = Math.min(box[n + 1], y - 1f);
                box[n + 2] = Math.min(box[n + 2], z - 1f);
                box[n + 3] = Math.max(box[n + 3], x + 1f);
                box[n + 4] = Math.max(box[n + 4], y + 1f);
                box[n + 5] = Math.max(box[n + 5], z + 1f);
            }
            if (location == -2) {
                break;
            }
        }
        assertTrue(staleSeen || stale == NO_LOCATION, "location " + stale + " lies above the entry");
    }

    /** The location of the box of the inner node whose record holds the box at {@code location}. */
    private int parentOf(int location) throws ReflectiveOperationException {
        return new QueryIndexFields(scene).ints("up")[location >>> 2];
    }

    private int leafOf(Item item) throws ReflectiveOperationException {
        QueryIndexFields fields = new QueryIndexFields(scene);
        return fields.ints("entryLeaf")[fields.entryOf(item)];
    }

    /**
     * In a tree over 100 items, the entry of item 50 moved 50 up the y axis: found by every query there while each
     * box above it holds it, and by none once its leaf's box, or its leaf's parent's, is left missing it.
     */
    @ParameterizedTest
    @CsvSource({"none, true", "leaf, false", "parent, false"})
    void aQueryEntersNoNodeBelowTheRootWhoseBoxItMisses(String stale, boolean found)
            throws ReflectiveOperationException {
        row(100);
        Item moved = items.get(50);
        int leaf = leafOf(moved);
        int parent = parentOf(leaf);
        assertTrue(parent != -2, "the leaf's parent lies below the root");
        int location = switch (stale) {
            case "leaf" -> leaf;
            case "parent" -> parent;
            default -> NO_LOCATION;
        };
        moveEntryPast(moved, location, 150f, 50f, 0f);
        Vector3f there = new Vector3f(150f, 50f, 0f);
        List<Item> expected = found ? List.of(moved) : List.of();
        String what = "stale " + stale;
        assertEquals(expected, scene.queries().box(new Aabb(150f, 50f, 0f, 0.1f, 0.1f, 0.1f), -1), what);
        assertEquals(expected, scene.queries().sphere(there, 0.1f, -1), what);
        Matrix4f looking = new Matrix4f().ortho(-0.1f, 0.1f, -0.1f, 0.1f, 0.1f, 100f)
                .lookAt(150f, 50f, 10f, 150f, 50f, 0f, 0f, 1f, 0f);
        assertEquals(expected, scene.queries().frustum(looking, -1), what);
        assertEquals(expected, ray(new Vector3f(150f, 50f, 10f), new Vector3f(0f, 0f, -1f), 100f), what);
        assertEquals(expected, ray(new Vector3f(100f, 50f, 0f), new Vector3f(1f, 0f, 0f), 100f), what);
    }
}
