package io.flatscene.samples.asteroids;

import io.flatscene.core.scene.Item;
import io.flatscene.core.scene.SceneManager;
import io.flatscene.core.scene.SceneNode;
import java.util.SplittableRandom;

/**
 * The asteroids: the game's state in flat arrays indexed alike (position, velocity, orientation, spin, size), each
 * asteroid's node at the same index, and its item's tag holding that index, so a query's hit leads straight back
 * to the state. Destroying one moves the last into its place (and its tag with it), so the arrays stay dense and
 * the batch setters move every node in two calls.
 */
final class Field {
    /** Half the field's size on each axis; an asteroid drifting out comes back in on the other side. */
    static final float HALF_X = 160f;
    static final float HALF_Y = 30f;
    static final float HALF_Z = 160f;
    private static final float MAX_DRIFT = 2f;
    private static final float MAX_SPIN = 1.5f;

    private final SceneManager scene;
    private final SceneNode[] nodes;
    private final Item[] items;
    private final float[] positions;
    private final float[] velocities;
    private final float[] orientations;
    /** Each asteroid's turn in one tick, as a quaternion to multiply its orientation by. */
    private final float[] spins;
    private final float[] radii;
    private int count;

    Field(SceneManager scene, Look look, int asteroids, SplittableRandom random) {
        this.scene = scene;
        nodes = new SceneNode[asteroids];
        items = new Item[asteroids];
        positions = new float[asteroids * 3];
        velocities = new float[asteroids * 3];
        orientations = new float[asteroids * 4];
        spins = new float[asteroids * 4];
        radii = new float[asteroids];
        SceneNode field = scene.rootNode().createChild("asteroid field");
        for (int i = 0; i < asteroids; i++) {
            positions[i * 3] = uniform(random, HALF_X);
            positions[i * 3 + 1] = uniform(random, HALF_Y);
            positions[i * 3 + 2] = uniform(random, HALF_Z);
            velocities[i * 3] = uniform(random, MAX_DRIFT);
            velocities[i * 3 + 1] = uniform(random, MAX_DRIFT * 0.25f);
            velocities[i * 3 + 2] = uniform(random, MAX_DRIFT);
            randomOrientation(random, i);
            randomSpin(random, i);
            // mostly small ones, a few large
            float u = (float) random.nextDouble();
            float radius = 0.6f + 1.6f * u * u;
            radii[i] = radius;
            SceneNode node = field.createChild().setScale(radius * lump(random), radius * lump(random),
                    radius * lump(random));
            Item item = scene.createItem(look.rock(), look.firstRock() + random.nextInt(Look.ROCK_MATERIALS),
                    look.rockBounds());
            item.setQueryFlags(QueryBits.ASTEROID);
            item.setTag(i);
            node.attachObject(item);
            nodes[i] = node;
            items[i] = item;
        }
        count = asteroids;
        place();
    }

    private static float uniform(SplittableRandom random, float half) {
        return (float) (random.nextDouble() * 2 - 1) * half;
    }

    private static float lump(SplittableRandom random) {
        return 0.75f + 0.4f * (float) random.nextDouble();
    }

    private void randomOrientation(SplittableRandom random, int i) {
        float x = uniform(random, 1f);
        float y = uniform(random, 1f);
        float z = uniform(random, 1f);
        float w = uniform(random, 1f) + 1.5f;
        float length = (float) Math.sqrt(x * x + y * y + z * z + w * w);
        orientations[i * 4] = x / length;
        orientations[i * 4 + 1] = y / length;
        orientations[i * 4 + 2] = z / length;
        orientations[i * 4 + 3] = w / length;
    }

    private void randomSpin(SplittableRandom random, int i) {
        float x = uniform(random, 1f);
        float y = uniform(random, 1f);
        float z = uniform(random, 1f) + 0.1f;
        float length = (float) Math.sqrt(x * x + y * y + z * z);
        double half = uniform(random, MAX_SPIN) * AsteroidGame.TICK_SECONDS * 0.5;
        // StrictMath: the same bits on every machine, so every run of the game is the same game
        float sin = (float) StrictMath.sin(half);
        spins[i * 4] = x / length * sin;
        spins[i * 4 + 1] = y / length * sin;
        spins[i * 4 + 2] = z / length * sin;
        spins[i * 4 + 3] = (float) StrictMath.cos(half);
    }

    int count() {
        return count;
    }

    float radius(int asteroid) {
        return radii[asteroid];
    }

    float x(int asteroid) {
        return positions[asteroid * 3];
    }

    float y(int asteroid) {
        return positions[asteroid * 3 + 1];
    }

    float z(int asteroid) {
        return positions[asteroid * 3 + 2];
    }

    /** Drifts and spins every asteroid by one tick. */
    void drift(float dt) {
        float[] p = positions;
        float[] v = velocities;
        for (int i = 0; i < count * 3; i += 3) {
            p[i] = wrap(p[i] + v[i] * dt, HALF_X);
            p[i + 1] = wrap(p[i + 1] + v[i + 1] * dt, HALF_Y);
            p[i + 2] = wrap(p[i + 2] + v[i + 2] * dt, HALF_Z);
        }
        float[] q = orientations;
        float[] s = spins;
        for (int i = 0; i < count * 4; i += 4) {
            float x = q[i] * s[i + 3] + q[i + 3] * s[i] + q[i + 1] * s[i + 2] - q[i + 2] * s[i + 1];
            float y = q[i + 1] * s[i + 3] + q[i + 3] * s[i + 1] + q[i + 2] * s[i] - q[i] * s[i + 2];
            float z = q[i + 2] * s[i + 3] + q[i + 3] * s[i + 2] + q[i] * s[i + 1] - q[i + 1] * s[i];
            float w = q[i + 3] * s[i + 3] - q[i] * s[i] - q[i + 1] * s[i + 1] - q[i + 2] * s[i + 2];
            // renormalized each tick, or the rounding of thousands of products would grow the rock
            float length = (float) Math.sqrt(x * x + y * y + z * z + w * w);
            q[i] = x / length;
            q[i + 1] = y / length;
            q[i + 2] = z / length;
            q[i + 3] = w / length;
        }
        place();
    }

    private static float wrap(float value, float half) {
        if (value > half) {
            return value - 2 * half;
        }
        return value < -half ? value + 2 * half : value;
    }

    private void place() {
        scene.setPositions(nodes, positions, count);
        scene.setOrientations(nodes, orientations, count);
    }

    /**
     * Destroys asteroid {@code asteroid}: its node, and the item with it. The last asteroid takes its index, in the
     * arrays and in its item's tag.
     */
    void destroy(int asteroid) {
        scene.destroySceneNode(nodes[asteroid]);
        int last = --count;
        nodes[asteroid] = nodes[last];
        items[asteroid] = items[last];
        nodes[last] = null;
        items[last] = null;
        System.arraycopy(positions, last * 3, positions, asteroid * 3, 3);
        System.arraycopy(velocities, last * 3, velocities, asteroid * 3, 3);
        System.arraycopy(orientations, last * 4, orientations, asteroid * 4, 4);
        System.arraycopy(spins, last * 4, spins, asteroid * 4, 4);
        radii[asteroid] = radii[last];
        if (asteroid != last) {
            items[asteroid].setTag(asteroid);
        }
    }

    /** The node of asteroid {@code asteroid}, for the tests. */
    SceneNode node(int asteroid) {
        return nodes[asteroid];
    }
}
