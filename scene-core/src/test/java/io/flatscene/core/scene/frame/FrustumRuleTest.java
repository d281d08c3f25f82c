package io.flatscene.core.scene.frame;

import io.flatscene.core.container.GrowthPolicy;
import io.flatscene.core.container.HandleTable;
import io.flatscene.core.container.Index;
import io.flatscene.core.container.SparseSet;
import io.flatscene.core.geometry.Frustum;
import io.flatscene.core.parallel.WorkerPool;
import io.flatscene.core.scene.query.HitKeys;
import io.flatscene.core.scene.query.QueryIndex;
import io.flatscene.core.scene.store.ItemStore;
import io.flatscene.core.scene.store.TransformStore;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The one treatment of infinite, NaN and straddling boxes ({@link Frustum}), pinned for its three users on the same
 * stores and planes: the cull (by chunk and by list), the chunk classification, and the frustum query's index. Each
 * case fills a chunk of its own with one box; the planes are an orthographic box's, whose zero coefficients an infinite
 * extent on y alone turns NaN.
 */
class FrustumRuleTest {
    /** The boxes, center then half extents, one chunk each, and whether each is visible and its chunk's coverage. */
    private static final float INF = Float.POSITIVE_INFINITY;
    private static final float NAN = Float.NaN;
    private static final float[][] BOXES = {
        {0f, 0f, -50f, 1f, 1f, 1f},
        {50f, 0f, -50f, 1f, 1f, 1f},
        {10f, 0f, -50f, 1f, 1f, 1f},
        {500f, 500f, 500f, INF, INF, INF},
        {NAN, 0f, 0f, INF, INF, INF},
        {INF, INF, INF, INF, INF, INF},
        {0f, 0f, -50f, 1f, INF, 1f},
        {0f, NAN, -50f, 1f, 1f, 1f},
    };
    private static final String[] NAMES = {"inside", "outside", "straddling the right plane", "infinite, centered "
        + "outside", "infinite, with a NaN center", "infinite, centered at infinity", "infinite on y alone",
        "NaN on y"};
    private static final boolean[] VISIBLE = {true, false, true, true, false, true, false, false};
    private static final int[] COVERAGE = {Frustum.INSIDE, Frustum.OUTSIDE, Frustum.ACROSS, Frustum.ACROSS,
        Frustum.ACROSS, Frustum.ACROSS, Frustum.ACROSS, Frustum.ACROSS};
    private static final int ITEMS = BOXES.length * ChunkBounds.SIZE;

    private final TransformStore transforms = new TransformStore("nodes", 2, GrowthPolicy.FAIL, (id, slot) -> { });
    private final SparseSet set = new SparseSet("items", ITEMS, GrowthPolicy.FAIL);
    private final ItemStore items = new ItemStore(set);
    private final CameraView camera = new CameraView();

    FrustumRuleTest() {
        int slot = transforms.slotOfId(HandleTable.idOf(transforms.create(Index.NONE)));
        transforms.flags()[slot] |= TransformStore.IN_GRAPH | TransformStore.SHOWN;
        float[] c = items.worldCenterArray();
        float[] h = items.worldHalfArray();
        for (int id = 0; id < ITEMS; id++) {
            int index = set.add(id);
            items.init(index, 1, 1, 0, 1, 1);
            items.attach(index, slot);
            // as the bounds pass leaves an item whose node is in the graph
            items.inGraphArray()[index] = 1;
            System.arraycopy(BOXES[index / ChunkBounds.SIZE], 0, c, index * 3, 3);
            System.arraycopy(BOXES[index / ChunkBounds.SIZE], 3, h, index * 3, 3);
        }
        // x and y from -10 to 10, z from -1 to -100: planes x = -10, 10, y = -10, 10, z = -1, -100
        camera.projection.setOrtho(-10f, 10f, -10f, 10f, 1f, 100f);
        assertTrue(camera.derive(100f, 1, 640, 480));
    }

    private Set<Integer> expected() {
        Set<Integer> visible = new TreeSet<>();
        for (int i = 0; i < ITEMS; i++) {
            if (VISIBLE[i / ChunkBounds.SIZE]) {
                visible.add(i);
            }
        }
        return visible;
    }

    @Test
    void theRuleOnItsOwn() {
        for (int b = 0; b < BOXES.length; b++) {
            float[] box = BOXES[b];
            assertEquals(!VISIBLE[b], Frustum.outside(camera.planes, box[0], box[1], box[2], box[3], box[4], box[5]),
                    NAMES[b]);
            assertEquals(COVERAGE[b], Frustum.classify(camera.planes, box[0], box[1], box[2], box[3], box[4], box[5],
                    1e-5f), NAMES[b]);
        }
    }

    @Test
    void theCullByChunkAndByListKeepsWhatTheRuleKeeps() {
        ChunkBounds chunks = new ChunkBounds(items);
        chunks.refresh(ITEMS);
        CullPass pass = new CullPass(items, transforms, chunks);
        CullScratch out = new CullScratch();
        out.ensureCapacity(ITEMS, 1);
        long[] keys = new long[ITEMS];
        int[] visible = new int[ITEMS];
        int count = pass.run(0, ITEMS, 0, camera, keys, visible, out);
        assertEquals(expected(), found(visible, count), "by chunk");

        int[] list = new int[ITEMS];
        for (int i = 0; i < ITEMS; i++) {
            list[i] = i;
        }
        int[] slots = new int[ITEMS];
        count = pass.runList(list, 0, ITEMS, camera, keys, visible, slots, new boolean[1], 0);
        assertEquals(expected(), found(visible, count), "by list");
    }

    @Test
    void theChunkClassificationLeavesEveryBoxTheRuleDecidesToIt() {
        ChunkBounds chunks = new ChunkBounds(items);
        chunks.refresh(ITEMS);
        for (int b = 0; b < BOXES.length; b++) {
            assertEquals(COVERAGE[b], chunks.classify(b, camera.planes), NAMES[b]);
        }
    }

    @Test
    void theFrustumQueryFindsWhatTheRuleKeeps() {
        new ChunkBounds(items).refresh(ITEMS);
        QueryIndex index = new QueryIndex(items, set);
        index.sync(ITEMS, new WorkerPool("frustum-rule", 1));
        HitKeys hits = new HitKeys(16);
        index.frustum(camera.planes, 1, hits);
        Set<Integer> found = new TreeSet<>();
        for (int k = 0; k < hits.count; k++) {
            found.add(HitKeys.index(hits.keys[k]));
        }
        assertEquals(expected(), found);
        index.validate(ITEMS);
    }

    private static Set<Integer> found(int[] visible, int count) {
        Set<Integer> found = new TreeSet<>();
        for (int n = 0; n < count; n++) {
            found.add(visible[n]);
        }
        return found;
    }
}
