package io.flatscene.core.scene.query;

import io.flatscene.core.config.SceneConfig;
import io.flatscene.core.container.Index;
import io.flatscene.core.scene.Aabb;
import io.flatscene.core.scene.Item;
import io.flatscene.core.scene.SceneManager;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import static org.junit.jupiter.api.Assertions.assertEquals;
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
            Shape shape = new Shape();
            shape.check(index.intField("rootRef"), rootBox, 0, 1);
            assertEquals(count, shape.entries, "every entry lies in one leaf");
            assertTrue(shape.depth <= 8, "depth " + shape.depth
                    + ": about log4 of the leaves, where a degenerate split makes hundreds");
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

        private Shape() throws ReflectiveOperationException {
        }

        /**
         * Checks the subtree of {@code ref}, whose box is {@code box[n, n + 6)} at depth {@code level}.
         *
         * @return the exact box of its entries (min x, y, z then max x, y, z)
         */
        float[] check(int ref, float[] box, int n, int level) {
            depth = Math.max(depth, level);
            float[] exact = {Float.POSITIVE_INFINITY, Float.POSITIVE_INFINITY, Float.POSITIVE_INFINITY,
                Float.NEGATIVE_INFINITY, Float.NEGATIVE_INFINITY, Float.NEGATIVE_INFINITY};
            int count = ref & 15;
            if (count != 0) {
                for (int e = ref >>> 4; e < (ref >>> 4) + count; e++) {
                    assertTrue(entryId[e] != Index.NONE, "no entry dies in a scene nothing was destroyed in");
                    entries++;
                    for (int axis = 0; axis < 3; axis++) {
                        exact[axis] = Math.min(exact[axis], entryBox[e * 6 + axis] - entryBox[e * 6 + 3 + axis]);
                        exact[3 + axis] = Math.max(exact[3 + axis], entryBox[e * 6 + axis]
                                + entryBox[e * 6 + 3 + axis]);
                    }
                }
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
                        assertTrue(apart(sibling, below), "siblings on distinct grid points do not overlap");
                    }
                    children.add(below);
                    for (int axis = 0; axis < 6; axis++) {
                        exact[axis] = axis < 3 ? Math.min(exact[axis], below[axis])
                                : Math.max(exact[axis], below[axis]);
                    }
                }
            }
            for (int axis = 0; axis < 3; axis++) {
                float slack = 2f * QueryIndex.MARGIN * (GRID + HALF);
                assertTrue(box[n + axis] <= exact[axis] && box[n + axis] >= exact[axis] - slack,
                        "min " + axis + " holds and is tight: " + box[n + axis] + " against " + exact[axis]);
                assertTrue(box[n + 3 + axis] >= exact[3 + axis] && box[n + 3 + axis] <= exact[3 + axis] + slack,
                        "max " + axis + " holds and is tight: " + box[n + 3 + axis] + " against " + exact[3 + axis]);
            }
            return exact;
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
