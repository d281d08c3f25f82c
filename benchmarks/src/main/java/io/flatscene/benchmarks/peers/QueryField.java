package io.flatscene.benchmarks.peers;

import java.util.SplittableRandom;

/**
 * The query benchmark's scene, the same for every system: unit cubes (half extent {@value #HALF_EXTENT}) at random
 * places in a cube of side {@code 2 ∛items} (one item per 8 cubic units), and {@value #RAYS} rays from random points
 * on its -X face towards random points inside, each crossing the field and a dozen or two items on the way (a pick
 * through the whole scene), and as many short rays, {@value #SHORT} units from random points inside it in random
 * directions (a line-of-sight check, a shot). Seeded, so every system and every run gets the same items and rays.
 */
public final class QueryField {
    public static final float HALF_EXTENT = 0.5f;
    public static final int RAYS = 1_024;
    public static final float SHORT = 16f;
    private static final long SEED = 0x5EED_0F_5CE4EL;

    /** Item {@code i}'s center at {@code [3i, 3i + 3)}. */
    public final float[] centers;
    /** Ray {@code r}'s origin and direction (not of unit length) at {@code [6r, 6r + 6)}. */
    public final float[] rays;
    /** Short ray {@code r}'s origin and direction (not of unit length) at {@code [6r, 6r + 6)}. */
    public final float[] shortRays;

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
    }

    public static float side(int items) {
        return 2f * (float) Math.cbrt(items);
    }

    /** Long enough for every ray to cross the whole field. */
    public static float maxDistance(int items) {
        return 2f * side(items);
    }
}
