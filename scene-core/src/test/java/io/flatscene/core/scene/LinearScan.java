package io.flatscene.core.scene;

import io.flatscene.core.container.Index;
import io.flatscene.core.scene.store.ItemStore;
import io.flatscene.core.scene.store.TransformStore;
import org.joml.Matrix4fc;
import org.joml.Vector3fc;

/**
 * The scene queries as one linear pass over every item's world bounds, the way they were answered before the
 * {@code QueryIndex}: the oracle the property tests hold the index to, and the baseline the query benchmark measures
 * it against (shipped in the test-jar for that). The exact tests are those {@link SceneQueries} documents, written out
 * again here; it reads the world bounds as they are, so the scene must have been brought up to date first (by a
 * frame, an update or an indexed query).
 */
public final class LinearScan {
    private LinearScan() {
    }

    public static QueryResult ray(SceneManager scene, Vector3fc origin, Vector3fc direction, float maxDistance,
                                  int mask, QueryResult result) {
        double length = Math.sqrt((double) direction.x() * direction.x() + (double) direction.y() * direction.y()
                + (double) direction.z() * direction.z());
        float[] inverse = {1f / (float) (direction.x() / length), 1f / (float) (direction.y() / length),
            1f / (float) (direction.z() / length)};
        float[] from = {origin.x(), origin.y(), origin.z()};
        ItemStore items = scene.itemData();
        float[] c = items.worldCenterArray();
        float[] h = items.worldHalfArray();
        result.begin();
        for (int i = 0, n = scene.itemCount(); i < n; i++) {
            if (!takesPart(scene, i, mask)) {
                continue;
            }
            float near = 0f;
            float far = maxDistance;
            boolean hit = true;
            for (int axis = 0; axis < 3 && hit; axis++) {
                float half = h[i * 3 + axis];
                if (half == Float.POSITIVE_INFINITY) {
                    continue;
                }
                float min = c[i * 3 + axis] - half;
                float max = c[i * 3 + axis] + half;
                if (Float.isInfinite(inverse[axis])) {
                    hit = from[axis] >= min && from[axis] <= max;
                    continue;
                }
                float t1 = (min - from[axis]) * inverse[axis];
                float t2 = (max - from[axis]) * inverse[axis];
                near = Math.max(near, Math.min(t1, t2));
                far = Math.min(far, Math.max(t1, t2));
                hit = near <= far;
            }
            if (hit) {
                result.hits.add((long) Float.floatToRawIntBits(near) << 32 | i);
            }
        }
        finish(scene, result);
        return result;
    }

    public static QueryResult box(SceneManager scene, Aabb box, int mask, QueryResult result) {
        ItemStore items = scene.itemData();
        float[] c = items.worldCenterArray();
        float[] h = items.worldHalfArray();
        result.begin();
        for (int i = 0, n = scene.itemCount(); i < n; i++) {
            int o = i * 3;
            if (takesPart(scene, i, mask) && Math.abs(c[o] - box.centerX()) <= h[o] + box.halfX()
                    && Math.abs(c[o + 1] - box.centerY()) <= h[o + 1] + box.halfY()
                    && Math.abs(c[o + 2] - box.centerZ()) <= h[o + 2] + box.halfZ()) {
                result.hits.add(i);
            }
        }
        finish(scene, result);
        return result;
    }

    public static QueryResult sphere(SceneManager scene, Vector3fc center, float radius, int mask,
                                     QueryResult result) {
        ItemStore items = scene.itemData();
        float[] c = items.worldCenterArray();
        float[] h = items.worldHalfArray();
        result.begin();
        for (int i = 0, n = scene.itemCount(); i < n; i++) {
            int o = i * 3;
            float dx = Math.max(Math.abs(center.x() - c[o]) - h[o], 0f);
            float dy = Math.max(Math.abs(center.y() - c[o + 1]) - h[o + 1], 0f);
            float dz = Math.max(Math.abs(center.z() - c[o + 2]) - h[o + 2], 0f);
            if (takesPart(scene, i, mask) && dx * dx + dy * dy + dz * dz <= radius * radius) {
                result.hits.add(i);
            }
        }
        finish(scene, result);
        return result;
    }

    public static QueryResult frustum(SceneManager scene, Matrix4fc viewProjection, int mask, QueryResult result) {
        float[] planes = new float[24];
        for (int row = 0; row < 3; row++) {
            for (int side = 0; side < 2; side++) {
                float sign = side == 0 ? 1f : -1f;
                int p = (row * 2 + side) * 4;
                for (int k = 0; k < 4; k++) {
                    planes[p + k] = viewProjection.get(k, 3) + sign * viewProjection.get(k, row);
                }
            }
        }
        ItemStore items = scene.itemData();
        float[] c = items.worldCenterArray();
        float[] h = items.worldHalfArray();
        result.begin();
        for (int i = 0, n = scene.itemCount(); i < n; i++) {
            if (takesPart(scene, i, mask) && meetsFrustum(planes, c, h, i * 3)) {
                result.hits.add(i);
            }
        }
        finish(scene, result);
        return result;
    }

    private static boolean meetsFrustum(float[] planes, float[] c, float[] h, int o) {
        if (h[o] == Float.POSITIVE_INFINITY) {
            return !Float.isNaN(c[o] + c[o + 1] + c[o + 2]);
        }
        for (int p = 0; p < 24; p += 4) {
            float distance = planes[p] * c[o] + planes[p + 1] * c[o + 1] + planes[p + 2] * c[o + 2] + planes[p + 3];
            float extent = Math.abs(planes[p]) * h[o] + Math.abs(planes[p + 1]) * h[o + 1]
                    + Math.abs(planes[p + 2]) * h[o + 2];
            if (!(distance >= -extent)) {
                return false;
            }
        }
        return true;
    }

    private static boolean takesPart(SceneManager scene, int i, int mask) {
        ItemStore items = scene.itemData();
        TransformStore transforms = scene.transforms();
        int slot = items.nodeSlotArray()[i];
        return slot != Index.NONE && (items.queryFlagsArray()[i] & mask) != 0 && transforms.isInGraph(slot);
    }

    /** Orders the keys gathered as the queries do their own (by distance, then global index), then resolves them. */
    private static void finish(SceneManager scene, QueryResult result) {
        result.hits.sort(0, result.hits.count);
        result.finish(scene::item);
    }
}
