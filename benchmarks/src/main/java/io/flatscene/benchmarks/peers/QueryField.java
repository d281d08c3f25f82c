package io.flatscene.benchmarks.peers;

import java.util.SplittableRandom;

/**
 * The query benchmark's scene, the same for every system: unit cubes (half extent {@value #HALF_EXTENT}) at random
 * places in a cube of side {@code 2 ∛items} (one item per 8 cubic units), and {@value #RAYS} rays from random points
 * on its -X face towards random points inside, each crossing the field and a dozen or two items on the way (a pick
 * through the whole scene), and as many short rays, {@value #SHORT} units from random points inside it in random
 * directions (a line-of-sight check, a shot), and {@value #SPHERES} sphere centers (a turret's search for targets).
 * Seeded, so every system and every run gets the same items, rays and spheres; a moving field walks each item around
 * a small circle ({@link #orbit}).
 */
public final class QueryField {
    public static final float HALF_EXTENT = 0.5f;
    public static final int RAYS = 1_024;
    public static final float SHORT = 16f;
    /** The sphere queries: their number, and a radius that finds about 1,500 items at 100k. */
    public static final int SPHERES = 16;
    public static final float SPHERE_RADIUS = 13.5f;
    /** The circle each item of the moving field walks, and its steps. */
    public static final float ORBIT = 1f;
    private static final int ORBIT_STEPS = 64;
    private static final float[] ORBIT_COS = new float[ORBIT_STEPS];
    private static final float[] ORBIT_SIN = new float[ORBIT_STEPS];

    static {
        for (int step = 0; step < ORBIT_STEPS; step++) {
            ORBIT_COS[step] = ORBIT * (float) Math.cos(step * (2 * Math.PI / ORBIT_STEPS));
            ORBIT_SIN[step] = ORBIT * (float) Math.sin(step * (2 * Math.PI / ORBIT_STEPS));
        }
    }
    private static final long SEED = 0x5EED_0F_5CE4EL;

    /** Item {@code i}'s center at {@code [3i, 3i + 3)}. */
    public final float[] centers;
    /** Ray {@code r}'s origin and direction (not of unit length) at {@code [6r, 6r + 6)}. */
    public final float[] rays;
    /** Short ray {@code r}'s origin and direction (not of unit length) at {@code [6r, 6r + 6)}. */
    public final float[] shortRays;
    /** Sphere {@code s}'s center at {@code [3s, 3s + 3)}, at least {@value #SPHERE_RADIUS} inside the field. */
    public final float[] sphereCenters;

    public QueryField(int items) {
        float side = side(items);
        SplittableRandom random = new SplittableRandom(SEED);
        centers = new float[items * 3];
        for (int i = 0; i < centers.length; i++) {
            centers[i] = (float) (random.nextDouble() * side);
        }
        rays = new float[RAYS * 6];
        for (int r = 0; r < RAYS; r++) {
            int o = r * 6;
            rays[o] = -1f;
            rays[o + 1] = (float) (random.nextDouble() * side);
            rays[o + 2] = (float) (random.nextDouble() * side);
            rays[o + 3] = (float) (random.nextDouble() * side) - rays[o];
            rays[o + 4] = (float) (random.nextDouble() * side) - rays[o + 1];
            rays[o + 5] = (float) (random.nextDouble() * side) - rays[o + 2];
        }
        shortRays = new float[RAYS * 6];
        for (int i = 0; i < shortRays.length; i++) {
            shortRays[i] = i % 6 < 3 ? (float) (random.nextDouble() * side) : (float) (random.nextDouble() * 2 - 1);
        }
        sphereCenters = new float[SPHERES * 3];
        for (int i = 0; i < sphereCenters.length; i++) {
            sphereCenters[i] = SPHERE_RADIUS + (float) (random.nextDouble() * Math.max(0f, side - 2 * SPHERE_RADIUS));
        }
    }

    /**
     * Where item {@code item} stands at frame {@code frame} of the moving field: its place, plus a point of a circle of
     * radius {@value #ORBIT} in the XY plane that it walks a 64th of each frame, each item at its own phase; so every
     * item moves every frame, by about a tenth of a unit, and the field keeps its shape.
     *
     * @param out its center, x, y and z
     */
    public void orbit(int item, int frame, float[] out) {
        int step = (frame + item * 7) & (ORBIT_STEPS - 1);
        out[0] = centers[item * 3] + ORBIT_COS[step];
        out[1] = centers[item * 3 + 1] + ORBIT_SIN[step];
        out[2] = centers[item * 3 + 2];
    }

    public static float side(int items) {
        return 2f * (float) Math.cbrt(items);
    }

    /** Long enough for every ray to cross the whole field. */
    public static float maxDistance(int items) {
        return 2f * side(items);
    }
}
