package io.flatscene.samples.asteroids;

import io.flatscene.core.scene.Item;
import io.flatscene.core.scene.SceneManager;
import io.flatscene.core.scene.SceneNode;
import org.joml.Vector3f;
import org.joml.Vector3fc;

/**
 * The bullets in flight, in flat arrays like the asteroids: each gets a node and an item when fired and loses both
 * when it hits or grows old. A tick first tests each bullet's path for the tick against the asteroids, then moves
 * it along that path.
 */
final class Bullets {
    static final int LIFETIME_TICKS = 72;
    private static final float SIZE = 0.25f;

    private final SceneManager scene;
    private final Look look;
    private final SceneNode group;
    private final HitTest hitTest;
    private final SceneNode[] nodes;
    private final float[] positions;
    private final float[] velocities;
    private final int[] ages;
    private final Vector3f from = new Vector3f();
    private final Vector3f velocity = new Vector3f();
    private int count;

    Bullets(SceneManager scene, Look look, HitTest hitTest, int capacity) {
        this.scene = scene;
        this.look = look;
        this.hitTest = hitTest;
        group = scene.rootNode().createChild("bullets");
        nodes = new SceneNode[capacity];
        positions = new float[capacity * 3];
        velocities = new float[capacity * 3];
        ages = new int[capacity];
    }

    int count() {
        return count;
    }

    /** Fires a bullet from {@code position} at {@code velocity} (units a second). */
    void fire(Vector3fc position, Vector3fc velocity) {
        int b = count++;
        SceneNode node = group.createChild().setPosition(position).setScale(SIZE, SIZE, SIZE);
        Item item = scene.createItem(look.ball(), look.bullet(), look.ballBounds());
        item.setQueryFlags(QueryBits.BULLET);
        node.attachObject(item);
        nodes[b] = node;
        position.get(positions, b * 3);
        velocity.get(velocities, b * 3);
        ages[b] = 0;
    }

    /**
     * One tick of every bullet: a bullet whose path for the tick enters an asteroid destroys it and itself and
     * tells {@code hits}; one that reaches its lifetime is destroyed; the rest move on.
     */
    void step(float dt, Field field, Hits hits) {
        for (int b = count - 1; b >= 0; b--) {
            from.set(positions, b * 3);
            velocity.set(velocities, b * 3);
            // the ray covers the tick's path: distances are in world units whatever the direction's length
            int asteroid = hitTest.firstAsteroid(from, velocity, velocity.length() * dt);
            if (asteroid >= 0) {
                hits.hit(field, asteroid);
                field.destroy(asteroid);
                destroy(b);
            } else if (++ages[b] >= LIFETIME_TICKS) {
                destroy(b);
            } else {
                positions[b * 3] += velocities[b * 3] * dt;
                positions[b * 3 + 1] += velocities[b * 3 + 1] * dt;
                positions[b * 3 + 2] += velocities[b * 3 + 2] * dt;
                nodes[b].setPosition(positions[b * 3], positions[b * 3 + 1], positions[b * 3 + 2]);
            }
        }
    }

    /** Destroys bullet {@code b}'s node and its item with it; the last bullet takes its index. */
    private void destroy(int b) {
        scene.destroySceneNode(nodes[b]);
        int last = --count;
        nodes[b] = nodes[last];
        nodes[last] = null;
        System.arraycopy(positions, last * 3, positions, b * 3, 3);
        System.arraycopy(velocities, last * 3, velocities, b * 3, 3);
        ages[b] = ages[last];
    }

    /** What the game does when a bullet hits, before the asteroid goes. */
    interface Hits {
        void hit(Field field, int asteroid);
    }
}
