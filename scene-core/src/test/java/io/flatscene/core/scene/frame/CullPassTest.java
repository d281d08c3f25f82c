package io.flatscene.core.scene.frame;

import io.flatscene.core.container.GrowthPolicy;
import io.flatscene.core.container.HandleTable;
import io.flatscene.core.container.Index;
import io.flatscene.core.container.SparseSet;
import io.flatscene.core.geometry.Frustum;
import io.flatscene.core.scene.store.ItemStore;
import io.flatscene.core.scene.store.TransformStore;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.joml.Vector3f;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The cull pass over stores filled by hand, against the rule its documentation states, item by item: an item is
 * visible when it is attached to a shown node, shares a bit with the camera's mask, and its world box is not wholly
 * outside a frustum plane (an infinite box never is, unless its center is NaN); its key is the group, transparency,
 * node mirroring, material, mesh and quantized depth. Items lie in clusters of a chunk each, some in front of the
 * camera and some behind it, so that chunks are found outside, inside and across; a few boxes are infinite or NaN,
 * which opens their chunk. The chunked pass, cut at chunk boundaries, and the list pass must both give that oracle.
 */
class CullPassTest {
    private static final int ITEMS = 300;
    private static final float FAR = 100f;
    private static final Vector3f EYE = new Vector3f(3f, -2f, 5f);
    private static final int LIST_FROM = 3;

    private final TransformStore transforms = new TransformStore("nodes", 8, GrowthPolicy.FAIL, (id, slot) -> { });
    private final SparseSet set = new SparseSet("items", ITEMS, GrowthPolicy.FAIL);
    private final ItemStore items = new ItemStore(set);
    private final CameraView camera = new CameraView();
    /** Six nodes' slots: the first four shown, the first and the fourth mirrored. */
    private final int[] slots = new int[6];

    CullPassTest() {
        for (int n = 0; n < slots.length; n++) {
            slots[n] = transforms.slotOfId(HandleTable.idOf(transforms.create(Index.NONE)));
            transforms.flags()[slots[n]] |= (n < 4 ? TransformStore.SHOWN : 0)
                    | (n % 3 == 0 ? TransformStore.MIRRORED : 0);
        }
    }

    @Test
    void chunkedAndListedCullsGiveWhatEachItemsOwnTestGives() {
        int[] classified = new int[3];
        for (long seed = 1; seed <= 12; seed++) {
            Random random = new Random(seed);
            fill(random);
            ChunkBounds chunks = new ChunkBounds(items);
            chunks.refresh(ITEMS);
            aim(random, seed % 3 == 0);
            List<Integer> expected = oracle();
            CullPass pass = new CullPass(items, transforms, chunks);
            CullScratch out = new CullScratch();
            out.ensureCapacity(ITEMS, 2);
            long[] keys = new long[ITEMS];
            int[] visible = new int[ITEMS];
            // cut at a chunk boundary, as the workers' shares are
            int cut = ChunkBounds.SIZE * (1 + random.nextInt(3));
            int first = pass.run(0, cut, 0, camera, keys, visible, out);
            int second = pass.run(cut, ITEMS, 1, camera, keys, visible, out);
            List<Integer> found = new ArrayList<>();
            for (int n = 0; n < first; n++) {
                found.add(visible[n]);
            }
            for (int n = cut; n < cut + second; n++) {
                found.add(visible[n]);
            }
            assertEquals(expected, found, "seed " + seed);
            assertKeys(found, keys, first, cut, "seed " + seed);
            assertEquals(wide(expected, 0, cut), out.wideIds[0], "seed " + seed + ": wide ids of the first share");
            assertEquals(wide(expected, cut, ITEMS), out.wideIds[1], "seed " + seed + ": wide ids of the second");
            for (int chunk = 0; chunk < ChunkBounds.chunkCount(ITEMS); chunk++) {
                int size = Math.min(ITEMS, (chunk + 1) * ChunkBounds.SIZE) - chunk * ChunkBounds.SIZE;
                int coverage = chunks.classify(chunk, camera.planes);
                classified[coverage]++;
                int[] work = {1, 1 + size, 1 + 2 * size};
                assertEquals(work[coverage], out.chunkWork[chunk], "seed " + seed + " chunk " + chunk);
                assertCoverageHolds(chunk, coverage, expected);
            }

            checkList(pass, expected, false, "seed " + seed + ", by list");
            checkList(pass, expected, true, "seed " + seed + ", by list of narrow ids");
        }
        assertTrue(classified[Frustum.OUTSIDE] > 0 && classified[Frustum.INSIDE] > 0
                && classified[Frustum.ACROSS] > 0, "chunks outside, inside and across the frustum");
    }

    /**
     * The list pass over every item, or over those whose ids fit 16 bits, listed from position {@link #LIST_FROM} on
     * (what precedes is another worker's): it finds the oracle's items in list order, with their slots and keys.
     */
    private void checkList(CullPass pass, List<Integer> expected, boolean narrowOnly, String context) {
        int[] list = new int[LIST_FROM + ITEMS];
        int to = LIST_FROM;
        List<Integer> listedVisible = new ArrayList<>();
        for (int i = 0; i < ITEMS; i++) {
            boolean wide = (items.meshIdArray()[i] | items.materialIdArray()[i]) >>> 16 != 0;
            if (!(narrowOnly && wide)) {
                list[to++] = i;
                if (expected.contains(i)) {
                    listedVisible.add(i);
                }
            }
        }
        long[] keys = new long[list.length];
        int[] visible = new int[list.length];
        int[] visibleSlots = new int[list.length];
        boolean[] wideOut = new boolean[2];
        int listed = pass.runList(list, LIST_FROM, to, camera, keys, visible, visibleSlots, wideOut, 1);
        List<Integer> found = new ArrayList<>();
        long[] shifted = new long[listed];
        for (int n = 0; n < listed; n++) {
            found.add(visible[LIST_FROM + n]);
            shifted[n] = keys[LIST_FROM + n];
            assertEquals(items.nodeSlotArray()[visible[LIST_FROM + n]], visibleSlots[LIST_FROM + n], context);
        }
        assertEquals(listedVisible, found, context);
        assertKeys(found, shifted, listed, listed, context);
        assertEquals(wide(listedVisible, 0, ITEMS), wideOut[1], context + ": wide ids");
    }

    /** Items in chunk-sized clusters in front of and behind the camera, on the six nodes or on none. */
    private void fill(Random random) {
        set.clear();
        float[] c = items.worldCenterArray();
        float[] h = items.worldHalfArray();
        for (int id = 0; id < ITEMS; id++) {
            int index = set.add(id);
            int cluster = index / ChunkBounds.SIZE;
            boolean wide = random.nextInt(10) == 0;
            items.init(index, 1 + random.nextInt(3) + (wide ? 0x20000 : 0), 5 + random.nextInt(2), random.nextInt(2),
                    1 + random.nextInt(3), -1);
            items.transparentArray()[index] = random.nextInt(3) == 0 ? 1 : 0;
            items.attach(index, random.nextInt(8) == 0 ? Index.NONE : slots[random.nextInt(slots.length)]);
            // clusters 0 and 3 well inside the frustum, 1 behind the camera, 2 across its right side and 4 its top
            float depth = cluster == 1 ? 30f : -20f;
            float spread = cluster == 0 || cluster == 3 ? 1f : 8f;
            c[index * 3] = EYE.x + (cluster == 2 ? 15.4f : 0f) + (random.nextFloat() - 0.5f) * spread;
            c[index * 3 + 1] = EYE.y + (cluster == 4 ? 11.5f : 0f) + (random.nextFloat() - 0.5f) * spread;
            c[index * 3 + 2] = EYE.z + depth + (random.nextFloat() - 0.5f) * spread;
            for (int axis = 0; axis < 3; axis++) {
                h[index * 3 + axis] = 0.1f + random.nextFloat();
            }
            if (cluster == 4 && random.nextInt(10) == 0) {
                h[index * 3] = Float.POSITIVE_INFINITY;
                h[index * 3 + 1] = Float.POSITIVE_INFINITY;
                h[index * 3 + 2] = Float.POSITIVE_INFINITY;
                // a center far out, NaN (culled), or overflowed to infinity on every axis (not NaN: drawn)
                int kind = random.nextInt(3);
                c[index * 3 + 2] = kind == 0 ? 500f : kind == 1 ? Float.NaN : Float.POSITIVE_INFINITY;
                if (kind == 2) {
                    c[index * 3] = Float.POSITIVE_INFINITY;
                    c[index * 3 + 1] = Float.POSITIVE_INFINITY;
                }
            }
        }
    }

    /**
     * A camera at {@link #EYE} looking down -Z, a 60-degree perspective: straight for every third seed (so that the
     * side planes have zero coefficients, which an infinite extent turns NaN), with a little turn otherwise.
     */
    private void aim(Random random, boolean straight) {
        float turn = straight ? 0f : 0.2f;
        Vector3f target = new Vector3f((random.nextFloat() - 0.5f) * turn, (random.nextFloat() - 0.5f) * turn, -1f)
                .add(EYE);
        camera.view.setLookAt(EYE, target, new Vector3f(0f, 1f, 0f));
        camera.projection.setPerspective((float) Math.toRadians(60), 4f / 3f, 0.5f, FAR);
        assertTrue(camera.derive(FAR, 1 + random.nextInt(3), 640, 480));
        camera.x = EYE.x;
        camera.y = EYE.y;
        camera.z = EYE.z;
        Vector3f forward = target.sub(EYE).normalize();
        camera.forwardX = forward.x;
        camera.forwardY = forward.y;
        camera.forwardZ = forward.z;
    }

    private List<Integer> oracle() {
        List<Integer> visible = new ArrayList<>();
        for (int i = 0; i < ITEMS; i++) {
            int slot = items.nodeSlotArray()[i];
            if (slot != Index.NONE && (items.visibilityFlagsArray()[i] & camera.mask) != 0
                    && (transforms.flags()[slot] & TransformStore.SHOWN) != 0 && !outsideAPlane(i)) {
                visible.add(i);
            }
        }
        return visible;
    }

    private boolean outsideAPlane(int i) {
        float[] c = items.worldCenterArray();
        float[] h = items.worldHalfArray();
        float cx = c[i * 3];
        float cy = c[i * 3 + 1];
        float cz = c[i * 3 + 2];
        if (h[i * 3] == Float.POSITIVE_INFINITY) {
            return Float.isNaN(cx + cy + cz);
        }
        float[] p = camera.planes;
        for (int k = 0; k < 24; k += 4) {
            float distance = p[k] * cx + p[k + 1] * cy + p[k + 2] * cz + p[k + 3];
            float extent = Math.abs(p[k]) * h[i * 3] + Math.abs(p[k + 1]) * h[i * 3 + 1]
                    + Math.abs(p[k + 2]) * h[i * 3 + 2];
            if (!(distance >= -extent)) {
                return true;
            }
        }
        return false;
    }

    /** The keys of the items found: the first {@code first} at 0, the rest from {@code cut} on. */
    private void assertKeys(List<Integer> found, long[] keys, int first, int cut, String context) {
        for (int n = 0; n < found.size(); n++) {
            int i = found.get(n);
            int at = n < first ? n : cut + n - first;
            float[] c = items.worldCenterArray();
            float depth = (c[i * 3] - camera.x) * camera.forwardX + (c[i * 3 + 1] - camera.y) * camera.forwardY
                    + (c[i * 3 + 2] - camera.z) * camera.forwardZ;
            long quantized = (long) (Math.min(Math.max(depth / FAR, 0f), 1f) * SortKeys.DEPTH_MAX);
            boolean mirrored = (transforms.flags()[items.nodeSlotArray()[i]] & TransformStore.MIRRORED) != 0;
            long expected = SortKeys.key(items.renderQueueGroupArray()[i], items.transparentArray()[i] != 0, mirrored,
                    items.materialIdArray()[i], items.meshIdArray()[i], quantized);
            assertEquals(expected, keys[at], context + ": key of item " + i);
        }
    }

    private boolean wide(List<Integer> visible, int from, int to) {
        boolean wide = false;
        for (int i : visible) {
            wide |= i >= from && i < to && (items.meshIdArray()[i] | items.materialIdArray()[i]) >>> 16 != 0;
        }
        return wide;
    }

    /** A chunk called outside holds no visible item; one called inside, no item its own plane test rejects. */
    private void assertCoverageHolds(int chunk, int coverage, List<Integer> visible) {
        int from = chunk * ChunkBounds.SIZE;
        int to = Math.min(ITEMS, from + ChunkBounds.SIZE);
        for (int i = from; i < to; i++) {
            if (coverage == Frustum.OUTSIDE) {
                assertTrue(!visible.contains(i) && outsideAPlane(i), "item " + i + " of an outside chunk");
            } else if (coverage == Frustum.INSIDE) {
                assertTrue(!outsideAPlane(i), "item " + i + " of an inside chunk");
            }
        }
    }
}
