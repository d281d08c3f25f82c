package io.flatscene.core.scene.query;

import io.flatscene.core.config.SceneConfig;
import io.flatscene.core.container.Index;
import io.flatscene.core.scene.Aabb;
import io.flatscene.core.scene.Item;
import io.flatscene.core.scene.SceneManager;
import io.flatscene.core.scene.SceneNode;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * What a query costs depends on the tree's shape, which no query's result shows: a looser box or a worse split
 * answers every query right and only slower. So the shape is checked here against what the index promises: every box
 * holds what lies below it and is no wider than that plus the documented margin, the cut between siblings follows the
 * Morton cells (so that items on distinct grid points never share a sibling's box), and the depth stays that of the
 * cells' bits.
 */
class QueryIndexShapeTest {
    private static final float HALF = 0.05f;
    private static final int GRID = 16;

    private SceneManager scene;
    private QueryIndexFields index;

    /** A scene with {@code count} point-like items on distinct points of a 16-cube grid, spacing 1, indexed. */
    private void build(int count, long seed) throws ReflectiveOperationException {
        scene = new SceneManager(SceneConfig.builder().maxNodes(count + 1).maxItems(count).workerThreads(1).build());
        List<Integer> points = new ArrayList<>();
        for (int p = 0; p < GRID * GRID * GRID; p++) {
            points.add(p);
        }
        Collections.shuffle(points, new Random(seed));
        for (int i = 0; i < count; i++) {
            int p = points.get(i);
            Item item = scene.createItem(0, 0, new Aabb(0f, 0f, 0f, HALF, HALF, HALF));
            scene.rootNode().createChild().setPosition(p % GRID, p / GRID % GRID, p / (GRID * GRID))
                    .attachObject(item);
        }
        scene.queries().box(Aabb.INFINITE, -1);
        index = new QueryIndexFields(scene);
        assertEquals(count, index.intField("builtCount"), "the query built the tree over every item");
    }

    @ParameterizedTest
    @ValueSource(longs = {1L, 2L, 3L})
    void boxesAreTightSiblingsApartAndTheTreeShallow(long seed) throws ReflectiveOperationException {
        Random random = new Random(seed);
        int count = 200 + random.nextInt(1800);
        build(count, seed);
        try {
            float[] rootBox = index.floats("rootBox");
            Shape shape = new Shape(true);
            shape.check(index.intField("rootRef"), rootBox, 0, 1);
            assertEquals(count, shape.entries, "every entry lies in one leaf");
            assertTrue(shape.depth <= 8, "depth " + shape.depth
                    + ": about log4 of the leaves, where a degenerate split makes hundreds");
        } finally {
            scene.close();
        }
    }

    private SceneManager newScene(int items) {
        return new SceneManager(SceneConfig.builder().maxNodes(2 * items + 1).maxItems(items).workerThreads(1)
                .build());
    }

    private Item pointAt(float x, float y, float z) {
        Item item = scene.createItem(0, 0, new Aabb(0f, 0f, 0f, HALF, HALF, HALF));
        scene.rootNode().createChild().setPosition(x, y, z).attachObject(item);
        return item;
    }

    /** Adds {@code count} point-like items on distinct points of the 16-cube grid, in a shuffled order. */
    private void gridPoints(int count, long seed) {
        List<Integer> points = new ArrayList<>();
        for (int p = 0; p < GRID * GRID * GRID; p++) {
            points.add(p);
        }
        Collections.shuffle(points, new Random(seed));
        for (int i = 0; i < count; i++) {
            int p = points.get(i);
            pointAt(p % GRID, p / GRID % GRID, p / (GRID * GRID));
        }
    }

    private Shape checkShape(boolean distinct, int entries) throws ReflectiveOperationException {
        Shape shape = new Shape(distinct);
        shape.check(index.intField("rootRef"), index.floats("rootBox"), 0, 1);
        assertEquals(entries, shape.entries, "every live entry lies in one leaf");
        return shape;
    }

    /**
     * Items whose world center overflowed the float range, to infinity on each axis in turn and to -infinity on x,
     * indexed first; one far away, indexed then destroyed before the build. The build lays its Morton cells over the
     * live finite centers alone, so that the grid points still split apart, keeps the overflowed entries out of the
     * grid points' leaves, and leaves no NaN in any box.
     */
    @Test
    void overflowedCentersAndDeadEntriesStayOutOfTheCells() throws ReflectiveOperationException {
        int count = 400;
        scene = newScene(count + 8);
        try {
            float big = 3e38f;
            float[][] overflowed = {{big, 0f, 0f}, {0f, big, 0f}, {0f, 0f, big}, {-big, 0f, 0f}};
            for (float[] at : overflowed) {
                SceneNode parent = scene.rootNode().createChild().setPosition(at[0], at[1], at[2]);
                parent.createChild().setPosition(at[0], at[1], at[2])
                        .attachObject(scene.createItem(0, 0, new Aabb(0f, 0f, 0f, HALF, HALF, HALF)));
            }
            Item far = pointAt(1e6f, 1e6f, 1e6f);
            scene.queries().box(Aabb.INFINITE, -1);
            index = new QueryIndexFields(scene);
            float[] entryBox = index.floats("entryBox");
            assertEquals(Float.POSITIVE_INFINITY, entryBox[0], "entry 0's center overflowed on x");
            assertEquals(Float.POSITIVE_INFINITY, entryBox[6 + 1], "entry 1's on y");
            assertEquals(Float.POSITIVE_INFINITY, entryBox[12 + 2], "entry 2's on z");
            assertEquals(Float.NEGATIVE_INFINITY, entryBox[18], "entry 3's to -infinity on x");
            assertEquals(1e6f, entryBox[24]);
            scene.destroyItem(far);
            gridPoints(count, 5L);
            scene.queries().box(Aabb.INFINITE, -1);
            assertEquals(count + 4, index.intField("builtCount"), "the query built the tree over the live entries");
            checkShape(true, count + 4);
            assertEquals(count, scene.queries().box(new Aabb(7.5f, 7.5f, 7.5f, 8f, 8f, 8f), -1).size(),
                    "a box query finds every grid point");
            scene.validate();
        } finally {
            scene.close();
        }
    }

    /** Items destroyed after the build: each one's leaf, and the boxes above it, shrink around the live ones. */
    @Test
    void boxesShrinkAroundWhatIsLeftOfTheirLeaves() throws ReflectiveOperationException {
        build(300, 4L);
        try {
            for (int i = 0; i < 300; i += 30) {
                scene.destroyItem(scene.item(i));
            }
            scene.queries().box(Aabb.INFINITE, -1);
            assertEquals(10, index.intField("deadCount"), "too few to rebuild the tree");
            checkShape(true, 290);
        } finally {
            scene.close();
        }
    }

    /**
     * 300 items at one point share one Morton code: the build halves them, so that the tree stays as shallow as over
     * 300 points apart, where cutting one entry off at a time would make it 150 levels deep.
     */
    @Test
    void itemsAtOnePointAreHalvedNotCutOneByOne() throws ReflectiveOperationException {
        scene = newScene(300);
        try {
            for (int i = 0; i < 300; i++) {
                pointAt(5f, 5f, 5f);
            }
            assertEquals(300, scene.queries().sphere(new org.joml.Vector3f(5f, 5f, 5f), 0.01f, -1).size());
            index = new QueryIndexFields(scene);
            assertEquals(300, index.intField("builtCount"));
            Shape shape = checkShape(false, 300);
            assertTrue(shape.depth <= 6, "depth " + shape.depth);
        } finally {
            scene.close();
        }
    }

    /**
     * Points on the three axes at the powers of two to 1,024, whose Morton codes cut one or two entries off at each
     * split: the tree has more inner nodes than one per four entries, and holds every entry, its boxes tight. Reached
     * by destroying 100 other items after a first build.
     */
    @Test
    void aTreeOfShortLeavesHoldsEveryEntry() throws ReflectiveOperationException {
        scene = newScene(140);
        try {
            List<Item> others = new ArrayList<>();
            for (int i = 0; i < 100; i++) {
                others.add(pointAt(i, 0.5f, 0.5f));
            }
            pointAt(0f, 0f, 0f);
            for (int bit = 0; bit <= 10; bit++) {
                pointAt(1 << bit, 0f, 0f);
                pointAt(0f, 1 << bit, 0f);
                pointAt(0f, 0f, 1 << bit);
            }
            scene.queries().box(Aabb.INFINITE, -1);
            others.forEach(scene::destroyItem);
            assertEquals(34, scene.queries().box(Aabb.INFINITE, -1).size());
            index = new QueryIndexFields(scene);
            assertEquals(34, index.intField("builtCount"), "rebuilt over the 34 left");
            int innerTotal = index.intField("innerTotal");
            assertTrue(innerTotal > (34 + 3) / 4, innerTotal + " inner nodes, more than one per four entries");
            checkShape(true, 34);
            scene.validate();
        } finally {
            scene.close();
        }
    }

    /** Walks the tree from a node's ref, checking each box against what lies below it. */
    private final class Shape {
        private final float[] entryBox = index.floats("entryBox");
        private final int[] entryId = index.ints("entryId");
        private final float[] tree = index.floats("tree");
        private final int[] childRef = index.ints("childRef");
        private int entries;
        private int depth;
        /** Whether the items lie on distinct grid points, which siblings then never share. */
        private final boolean distinct;

        private Shape(boolean distinct) throws ReflectiveOperationException {
            this.distinct = distinct;
        }

        /**
         * Checks the subtree of {@code ref}, whose box is {@code box[n, n + 6)} at depth {@code level}: no value of it
         * NaN; holding every live entry below it widened by {@link QueryIndex#MARGIN} of its magnitude (the whole axis
         * for an infinite extent or a NaN); no wider than that plus a few roundings where it is finite; apart from its
         * siblings where both are finite; in a leaf, live entries of finite centers or of non-finite ones, not both.
         *
         * @return the exact box of its live entries (min x, y, z then max x, y, z)
         */
        float[] check(int ref, float[] box, int n, int level) {
            depth = Math.max(depth, level);
            float[] exact = {Float.POSITIVE_INFINITY, Float.POSITIVE_INFINITY, Float.POSITIVE_INFINITY,
                Float.NEGATIVE_INFINITY, Float.NEGATIVE_INFINITY, Float.NEGATIVE_INFINITY};
            float[] widened = exact.clone();
            int count = ref & 15;
            if (count != 0) {
                int finite = 0;
                int live = 0;
                for (int e = ref >>> 4; e < (ref >>> 4) + count; e++) {
                    if (entryId[e] == Index.NONE) {
                        continue;
                    }
                    entries++;
                    live++;
                    boolean finiteCenter = true;
                    for (int axis = 0; axis < 3; axis++) {
                        float c = entryBox[e * 6 + axis];
                        float h = entryBox[e * 6 + 3 + axis];
                        finiteCenter &= Float.isFinite(c);
                        exact[axis] = Math.min(exact[axis], c - h);
                        exact[3 + axis] = Math.max(exact[3 + axis], c + h);
                        float slack = QueryIndex.MARGIN * (Math.abs(c) + h);
                        float lo = c - h - slack;
                        float hi = c + h + slack;
                        widened[axis] = Math.min(widened[axis], lo == lo ? lo : Float.NEGATIVE_INFINITY);
                        widened[3 + axis] = Math.max(widened[3 + axis], hi == hi ? hi : Float.POSITIVE_INFINITY);
                    }
                    finite += finiteCenter ? 1 : 0;
                }
                assertTrue(finite == 0 || finite == live, "a leaf mixes " + finite + " entries of finite centers with "
                        + (live - finite) + " of non-finite ones");
            } else {
                int k = ref >>> 4;
                List<float[]> children = new ArrayList<>();
                for (int branch = 0; branch < 4; branch++) {
                    int child = childRef[4 * k + branch];
                    if (child == -1) {
                        assertTrue(branch >= 2, "an inner node has two children at least, unused branches last");
                        continue;
                    }
                    float[] below = check(child, tree, k * 24 + branch * 6, level + 1);
                    for (float[] sibling : children) {
                        assertTrue(!distinct || !finite(sibling) || !finite(below) || apart(sibling, below),
                                "siblings on distinct grid points do not overlap");
                    }
                    children.add(below);
                    for (int axis = 0; axis < 6; axis++) {
                        exact[axis] = axis < 3 ? Math.min(exact[axis], below[axis])
                                : Math.max(exact[axis], below[axis]);
                        float[] childBox = Arrays.copyOfRange(tree, k * 24 + branch * 6, k * 24 + branch * 6 + 6);
                        widened[axis] = axis < 3 ? Math.min(widened[axis], childBox[axis])
                                : Math.max(widened[axis], childBox[axis]);
                    }
                }
            }
            for (int axis = 0; axis < 3; axis++) {
                assertFalse(Float.isNaN(box[n + axis]) || Float.isNaN(box[n + 3 + axis]), "a node box holds a NaN");
                assertTrue(box[n + axis] <= widened[axis] && box[n + 3 + axis] >= widened[3 + axis],
                        "axis " + axis + " holds what lies below, widened by the margin: " + box[n + axis] + " to "
                                + box[n + 3 + axis] + " against " + widened[axis] + " to " + widened[3 + axis]);
                float slack = 2f * QueryIndex.MARGIN * (Math.max(Math.abs(exact[axis]), Math.abs(exact[3 + axis]))
                        + HALF);
                assertTrue(!Float.isFinite(exact[axis]) || box[n + axis] >= exact[axis] - slack,
                        "min " + axis + " is tight: " + box[n + axis] + " against " + exact[axis]);
                assertTrue(!Float.isFinite(exact[3 + axis]) || box[n + 3 + axis] <= exact[3 + axis] + slack,
                        "max " + axis + " is tight: " + box[n + 3 + axis] + " against " + exact[3 + axis]);
            }
            return exact;
        }

        private boolean finite(float[] box) {
            for (float value : box) {
                if (!Float.isFinite(value)) {
                    return false;
                }
            }
            return true;
        }

        private boolean apart(float[] a, float[] b) {
            for (int axis = 0; axis < 3; axis++) {
                if (a[3 + axis] < b[axis] || b[3 + axis] < a[axis]) {
                    return true;
                }
            }
            return false;
        }
    }
}
