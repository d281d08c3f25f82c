package io.flatscene.core.scene;

import io.flatscene.core.container.GrowthPolicy;
import io.flatscene.core.container.IntrusiveListPool;

/**
 * The intrusive lists nodes join: the deferred destruction list on channel 0 and the game's {@link NodeList}s, one
 * channel of links each beyond it, so that a node can be in the destruction list and in one game list per channel at
 * once, and is unlinked from all of them when it is destroyed.
 */
final class NodeChannels {
    /** Channel 0 of the pool holds the deferred destruction list; the game's channels follow it. */
    private static final int PENDING_CHANNEL = 0;

    private final IntrusiveListPool pool;
    private final int pending;

    NodeChannels() {
        // Lists hold the few nodes a game queues or tracks, so their links grow on first use rather than costing
        // every node of the declared capacity 12 bytes per channel.
        this.pool = new IntrusiveListPool("node lists", 0, 1 + SceneManager.NODE_LIST_CHANNELS,
                GrowthPolicy.ON_DEMAND);
        this.pending = pool.newList(PENDING_CHANNEL);
    }

    IntrusiveListPool pool() {
        return pool;
    }

    /** A new list of the game's on {@code channel}; the caller holds the structural claim the pool's change needs. */
    NodeList newList(SceneManager scene, int channel) {
        return new NodeList(scene, pool, pool.newList(1 + channel), channel);
    }

    /** Refuses a channel outside the game's, naming the constant that bounds them. */
    static void checkChannel(int channel) {
        if (channel < 0 || channel >= SceneManager.NODE_LIST_CHANNELS) {
            throw new IllegalArgumentException("cannot create a node list on channel " + channel + ": channels are 0 "
                    + "to " + (SceneManager.NODE_LIST_CHANNELS - 1) + " (SceneManager.NODE_LIST_CHANNELS is "
                    + SceneManager.NODE_LIST_CHANNELS + ")");
        }
    }

    /** {@return whether the node was queued now: false when it already waits} */
    boolean queueForDestruction(int nodeId) {
        if (pool.contains(pending, nodeId)) {
            return false;
        }
        pool.pushBack(pending, nodeId);
        return true;
    }

    boolean isQueuedForDestruction(int nodeId) {
        return pool.contains(pending, nodeId);
    }

    /**
     * {@return the id of the node queued first, taken off the queue, or
     * {@link io.flatscene.core.container.Index#NONE} when none waits}
     */
    int takeQueued() {
        return pool.popFront(pending);
    }

    int queuedCount() {
        return pool.size(pending);
    }
}
