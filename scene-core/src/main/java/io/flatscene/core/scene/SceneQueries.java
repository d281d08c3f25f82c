package io.flatscene.core.scene;

import io.flatscene.core.container.Index;
import io.flatscene.core.scene.store.ItemStore;
import io.flatscene.core.scene.store.TransformStore;
import java.util.ArrayList;
import java.util.List;

/**
 * Ray, box and sphere queries over the items' world bounds as of the last bounds pass. An item takes part when it
 * is attached to a node in the scene graph and shares a bit with the query mask; its query flags are separate from
 * its visibility flags, so what a camera draws and what a pick can hit are chosen independently. Each query is one
 * linear pass over the flat bounds arrays.
 */
final class SceneQueries {
    private final ItemStore items;
    private final TransformStore transforms;
    private final SceneManager scene;

    SceneQueries(SceneManager scene, ItemStore items, TransformStore transforms) {
        this.scene = scene;
        this.items = items;
        this.transforms = transforms;
    }

    private boolean takesPart(int item, int mask) {
        int slot = items.nodeSlotArray()[item];
        return slot != Index.NONE && (items.queryFlagsArray()[item] & mask) != 0 && transforms.isInGraph(slot);
    }

    /**
     * Items whose bounds the ray {@code origin + t * direction}, {@code 0 <= t <= maxDistance}, enters, nearest
     * first (ties in item order). The direction need not be unit length; distances are in its units.
     */
    List<RayHit> ray(float ox, float oy, float oz, float dx, float dy, float dz, float maxDistance, int mask) {
        List<RayHit> hits = new ArrayList<>();
        for (int i = 0; i < scene.itemCount(); i++) {
            if (!takesPart(i, mask)) {
                continue;
            }
            float entry = slabEntry(i, ox, oy, oz, dx, dy, dz, maxDistance);
            if (entry >= 0f) {
                hits.add(new RayHit(scene.item(i), entry));
            }
        }
        hits.sort((a, b) -> Float.compare(a.distance(), b.distance()));
        return hits;
    }

    /** The slab test: the ray parameter at which it enters the box, or -1 if it misses within the range. */
    private float slabEntry(int item, float ox, float oy, float oz, float dx, float dy, float dz, float maxDistance) {
        int o = item * 3;
        slabNear = 0f;
        slabFar = maxDistance;
        float[] center = items.worldCenterArray();
        float[] half = items.worldHalfArray();
        boolean hit = clipAxis(ox, dx, center[o], half[o])
                && clipAxis(oy, dy, center[o + 1], half[o + 1])
                && clipAxis(oz, dz, center[o + 2], half[o + 2]);
        return hit ? slabNear : -1f;
    }

    /** The ray's entry and exit parameters so far; a query runs on one thread, so fields spare an allocation. */
    private float slabNear;
    private float slabFar;

    /** Narrows [slabNear, slabFar] to the slab of one axis; false once it is empty. */
    private boolean clipAxis(float origin, float direction, float center, float half) {
        if (half == Float.POSITIVE_INFINITY) {
            return true;
        }
        float min = center - half;
        float max = center + half;
        if (direction == 0f) {
            return origin >= min && origin <= max;
        }
        float t1 = (min - origin) / direction;
        float t2 = (max - origin) / direction;
        slabNear = Math.max(slabNear, Math.min(t1, t2));
        slabFar = Math.min(slabFar, Math.max(t1, t2));
        return slabNear <= slabFar;
    }

    /** Items whose bounds overlap the box (touching counts). */
    List<Item> box(Aabb box, int mask) {
        List<Item> found = new ArrayList<>();
        for (int i = 0; i < scene.itemCount(); i++) {
            if (takesPart(i, mask) && boxesOverlap(i, box)) {
                found.add(scene.item(i));
            }
        }
        return found;
    }

    private boolean boxesOverlap(int item, Aabb box) {
        int o = item * 3;
        float[] center = items.worldCenterArray();
        float[] half = items.worldHalfArray();
        return Math.abs(center[o] - box.centerX()) <= half[o] + box.halfX()
                && Math.abs(center[o + 1] - box.centerY()) <= half[o + 1] + box.halfY()
                && Math.abs(center[o + 2] - box.centerZ()) <= half[o + 2] + box.halfZ();
    }

    /** Items whose bounds come within {@code radius} of the center (touching counts). */
    List<Item> sphere(float cx, float cy, float cz, float radius, int mask) {
        List<Item> found = new ArrayList<>();
        for (int i = 0; i < scene.itemCount(); i++) {
            if (takesPart(i, mask) && squaredDistanceToBox(i, cx, cy, cz) <= radius * radius) {
                found.add(scene.item(i));
            }
        }
        return found;
    }

    private float squaredDistanceToBox(int item, float x, float y, float z) {
        int o = item * 3;
        float[] center = items.worldCenterArray();
        float[] half = items.worldHalfArray();
        float dx = Math.max(Math.abs(x - center[o]) - half[o], 0f);
        float dy = Math.max(Math.abs(y - center[o + 1]) - half[o + 1], 0f);
        float dz = Math.max(Math.abs(z - center[o + 2]) - half[o + 2], 0f);
        return dx * dx + dy * dy + dz * dz;
    }
}
