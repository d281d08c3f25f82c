package io.flatscene.samples.towers;

import io.flatscene.core.scene.Item;
import io.flatscene.core.scene.NodeGroup;
import io.flatscene.core.scene.SceneManager;
import io.flatscene.core.scene.SceneNode;
import java.util.Arrays;
import java.util.SplittableRandom;
import org.joml.Vector3f;

/**
 * The creeps, in the game's own flat arrays indexed by creep id: an id is a creep's for its life, is its item's tag (so
 * a query's hit names it), and goes back to a free list when it dies. Their moves go to the scene through a node group
 * made again every {@link #REGROUP_TICKS} ticks: creeps killed in between stay in it, skipped, and creeps spawned in
 * between are moved one by one until the next group takes them in.
 */
final class Creeps {
    /** Ticks between two node groups: a group lives through many deaths and spawns. */
    static final int REGROUP_TICKS = 90;
    private static final float MIN_SPEED = 3f;
    private static final float MAX_SPEED = 5f;
    private static final int MIN_HEALTH = 2;
    private static final int MAX_HEALTH = 5;

    private final SceneManager scene;
    private final TowerLook look;
    private final Lane lane;
    private final SplittableRandom random;
    private final SceneNode root;
    private final Vector3f point = new Vector3f();
    private SceneNode[] nodes = new SceneNode[64];
    private float[] distance = new float[64];
    private float[] speed = new float[64];
    private int[] health = new int[64];
    /** The creep's place in {@link #group}, -1 when it is not in it. */
    private int[] groupIndex = new int[64];
    /** Live ids, densely, and each live id's place among them. */
    private int[] live = new int[64];
    private int[] liveIndex = new int[64];
    private int liveCount;
    private int[] free = new int[64];
    private int freeCount;
    private int nextId;
    private NodeGroup group;
    private SceneNode[] groupNodes = new SceneNode[64];
    private float[] groupPositions = new float[0];
    private int spawned;
    private int leaked;

    Creeps(SceneManager scene, TowerLook look, Lane lane, SplittableRandom random) {
        this.scene = scene;
        this.look = look;
        this.lane = lane;
        this.random = random;
        this.root = scene.rootNode().createChild("creeps");
    }

    void spawn() {
        int id = freeCount > 0 ? free[--freeCount] : nextId++;
        if (id >= nodes.length) {
            int length = nodes.length * 2;
            nodes = Arrays.copyOf(nodes, length);
            distance = Arrays.copyOf(distance, length);
            speed = Arrays.copyOf(speed, length);
            health = Arrays.copyOf(health, length);
            groupIndex = Arrays.copyOf(groupIndex, length);
            live = Arrays.copyOf(live, length);
            liveIndex = Arrays.copyOf(liveIndex, length);
            free = Arrays.copyOf(free, length);
        }
        Item body = scene.createItem(look.creep.mesh(), look.creep.material(), look.creep.bounds())
                .setQueryFlags(TowerBits.CREEP).setTag(id);
        nodes[id] = root.createChild().setPosition(lane.pointAt(0f, point)).attachObject(body);
        distance[id] = 0f;
        speed[id] = MIN_SPEED + (float) random.nextDouble() * (MAX_SPEED - MIN_SPEED);
        health[id] = random.nextInt(MIN_HEALTH, MAX_HEALTH + 1);
        groupIndex[id] = -1;
        live[liveCount] = id;
        liveIndex[id] = liveCount++;
        spawned++;
    }

    /** Moves every creep on along the lane; one at its end leaks through and goes. */
    void move(float seconds) {
        for (int i = liveCount - 1; i >= 0; i--) {
            int id = live[i];
            distance[id] += speed[id] * seconds;
            if (distance[id] >= lane.length()) {
                leaked++;
                remove(id);
                continue;
            }
            lane.pointAt(distance[id], point);
            if (groupIndex[id] >= 0) {
                point.get(groupPositions, groupIndex[id] * 3);
            } else {
                nodes[id].setPosition(point);
            }
        }
        if (group != null) {
            group.setPositions(groupPositions);
        }
    }

    /** Makes a new group of the creeps alive now. */
    void regroup() {
        if (groupNodes.length < liveCount) {
            groupNodes = new SceneNode[nodes.length];
        }
        if (groupPositions.length != liveCount * 3) {
            groupPositions = new float[liveCount * 3];
        }
        for (int i = 0; i < liveCount; i++) {
            int id = live[i];
            groupNodes[i] = nodes[id];
            groupIndex[id] = i;
            lane.pointAt(distance[id], point).get(groupPositions, i * 3);
        }
        group = scene.createNodeGroup(groupNodes, liveCount);
    }

    /**
     * Takes {@code damage} from creep {@code id}.
     *
     * @return whether that killed it
     */
    boolean hit(int id, int damage) {
        health[id] -= damage;
        if (health[id] > 0) {
            return false;
        }
        remove(id);
        return true;
    }

    /** Destroys the creep's node and item at once: its group, if any, skips it from now on. */
    private void remove(int id) {
        scene.destroySceneNode(nodes[id]);
        nodes[id] = null;
        int at = liveIndex[id];
        int last = live[--liveCount];
        live[at] = last;
        liveIndex[last] = at;
        free[freeCount++] = id;
    }

    int count() {
        return liveCount;
    }

    int spawned() {
        return spawned;
    }

    int leaked() {
        return leaked;
    }

    boolean alive(int id) {
        return id >= 0 && id < nodes.length && nodes[id] != null;
    }

    /** How far along the lane creep {@code id} is: turrets aim at the one furthest on. */
    float progress(int id) {
        return distance[id];
    }

    /** Writes where creep {@code id} is now into {@code dest}. */
    Vector3f position(int id, Vector3f dest) {
        return lane.pointAt(distance[id], dest);
    }

    NodeGroup group() {
        return group;
    }

    SceneNode node(int id) {
        return nodes[id];
    }
}
