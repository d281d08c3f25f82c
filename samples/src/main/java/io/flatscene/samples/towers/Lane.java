package io.flatscene.samples.towers;

import org.joml.Vector3f;

/**
 * The creeps' road: a polyline of waypoints on the ground, walked by distance from its start. Creeps keep only their
 * distance along it; where that puts them is computed here, so the game never reads a position back from the scene.
 */
final class Lane {
    /** Height of the creeps' centers above the ground. */
    static final float HEIGHT = 0.6f;
    /** The waypoints as x, z pairs: a road that doubles back across the board three times. */
    private static final float[] WAYPOINTS = {-20f, -16f, 14f, -16f, 14f, -6f, -14f, -6f, -14f, 4f, 14f, 4f, 14f, 14f,
        -20f, 14f};

    /** {@code starts[i]}: the distance along the lane at waypoint {@code i}. */
    private final float[] starts = new float[WAYPOINTS.length / 2];

    Lane() {
        for (int i = 1; i < starts.length; i++) {
            starts[i] = starts[i - 1] + (float) Math.hypot(WAYPOINTS[i * 2] - WAYPOINTS[i * 2 - 2],
                    WAYPOINTS[i * 2 + 1] - WAYPOINTS[i * 2 - 1]);
        }
    }

    float length() {
        return starts[starts.length - 1];
    }

    int waypoints() {
        return starts.length;
    }

    /** The waypoint's x, then its z. */
    float waypoint(int index, int axis) {
        return WAYPOINTS[index * 2 + axis];
    }

    /** Writes the point {@code distance} along the lane (clamped to its ends) at creep height into {@code dest}. */
    Vector3f pointAt(float distance, Vector3f dest) {
        int segment = 0;
        while (segment < starts.length - 2 && distance > starts[segment + 1]) {
            segment++;
        }
        float span = starts[segment + 1] - starts[segment];
        float t = Math.max(0f, Math.min(1f, (distance - starts[segment]) / span));
        float x = WAYPOINTS[segment * 2] + t * (WAYPOINTS[segment * 2 + 2] - WAYPOINTS[segment * 2]);
        float z = WAYPOINTS[segment * 2 + 1] + t * (WAYPOINTS[segment * 2 + 3] - WAYPOINTS[segment * 2 + 1]);
        return dest.set(x, HEIGHT, z);
    }

    /** Whether the point (x, z) lies within {@code clearance} of the lane: where nothing may be placed. */
    boolean near(float x, float z, float clearance) {
        for (int i = 0; i + 1 < starts.length; i++) {
            float ax = WAYPOINTS[i * 2];
            float az = WAYPOINTS[i * 2 + 1];
            float dx = WAYPOINTS[i * 2 + 2] - ax;
            float dz = WAYPOINTS[i * 2 + 3] - az;
            float t = Math.max(0f, Math.min(1f, ((x - ax) * dx + (z - az) * dz) / (dx * dx + dz * dz)));
            if (Math.hypot(ax + t * dx - x, az + t * dz - z) < clearance) {
                return true;
            }
        }
        return false;
    }
}
