package io.flatscene.core.scene;

import io.flatscene.core.container.Index;
import io.flatscene.core.container.IntrusiveListPool;

/**
 * A game's own list of nodes (the enemies, the selected, the to-be-respawned), hosted in the scene's intrusive list
 * pool: O(1) add and remove, and a destroyed node leaves every list automatically. A node can be in one list per
 * channel at a time; lists on different channels are independent.
 */
public final class NodeList {
    private final SceneManager scene;
    private final IntrusiveListPool pool;
    private final int list;
    private final int channel;

    NodeList(SceneManager scene, IntrusiveListPool pool, int list, int channel) {
        this.scene = scene;
        this.pool = pool;
        this.list = list;
        this.channel = channel;
    }

    /** {@return the channel given at creation, 0 to {@code SceneManager.NODE_LIST_CHANNELS - 1}} */
    public int channel() {
        return channel;
    }

    /**
     * {@return the number of nodes in the list}
     *
     * @throws IllegalStateException if the scene was closed
     */
    public int size() {
        scene.guard().checkAvailable("read a node list");
        return pool.size(list);
    }

    /**
     * {@return whether the list holds no node}
     *
     * @throws IllegalStateException if the scene was closed
     */
    public boolean isEmpty() {
        scene.guard().checkAvailable("read a node list");
        return pool.isEmpty(list);
    }

    /**
     * Tells whether a node is in this list, in O(1).
     *
     * @param node a node of this scene
     * @return whether {@code node} is in this list (not another list of the channel)
     * @throws IllegalArgumentException if {@code node} is from another scene
     * @throws IllegalStateException    if {@code node} was destroyed
     */
    public boolean contains(SceneNode node) {
        scene.changes().checkOwned(node, "be looked up in a node list");
        scene.guard().checkAvailable("read a node list");
        return pool.contains(list, node.id());
    }

    /**
     * Appends a node to the end of the list, in O(1).
     *
     * @param node a node of this scene in no list of this channel
     * @return this list, for chaining
     * @throws IllegalArgumentException if the node is already in a list of this channel (this one included), or is
     *                                  from another scene
     * @throws IllegalStateException    if the node was destroyed, or the scene cannot change now (a frame runs)
     */
    public NodeList add(SceneNode node) {
        scene.changes().checkOwned(node, "join a node list");
        boolean claimed = scene.guard().claim(node);
        try {
            if (pool.listOf(node.id(), pool.channelOf(list)) != Index.NONE) {
                throw new IllegalArgumentException("cannot add " + node.describe() + " to a node list on channel "
                        + channel + ": it is already in " + (pool.contains(list, node.id()) ? "this list"
                        : "another list on that channel") + ", and a node is in one list per channel");
            }
            pool.pushBack(list, node.id());
            return this;
        } finally {
            scene.guard().release(claimed);
        }
    }

    /**
     * Takes a node out of the list, in O(1); the others keep their order.
     *
     * @param node a node in this list
     * @return this list, for chaining
     * @throws IllegalArgumentException if the node is not in this list, or is from another scene
     * @throws IllegalStateException    if the node was destroyed, or the scene cannot change now (a frame runs)
     */
    public NodeList remove(SceneNode node) {
        scene.changes().checkOwned(node, "leave a node list");
        boolean claimed = scene.guard().claim(node);
        try {
            if (!pool.contains(list, node.id())) {
                throw new IllegalArgumentException("cannot remove " + node.describe() + " from a node list on channel "
                        + channel + ": it is not in that list");
            }
            pool.remove(list, node.id());
            return this;
        } finally {
            scene.guard().release(claimed);
        }
    }

    /** {@return the first node (the earliest added of those still in), or null when empty} */
    public SceneNode first() {
        scene.guard().checkAvailable("read a node list");
        return scene.nodeOrNull(pool.first(list));
    }

    /**
     * Steps through the list in the order nodes were added: {@code for (n = list.first(); n != null;
     * n = list.next(n))}. Removing the current node before stepping from it loses the place.
     *
     * @param node a node in this list
     * @return the node after {@code node}, or null at the end
     * @throws IllegalArgumentException if {@code node} is not in this list, or is from another scene
     * @throws IllegalStateException    if {@code node} was destroyed
     */
    public SceneNode next(SceneNode node) {
        scene.changes().checkOwned(node, "step through a node list");
        scene.guard().checkAvailable("read a node list");
        if (!pool.contains(list, node.id())) {
            throw new IllegalArgumentException("cannot step from " + node.describe() + " in a node list on channel "
                    + channel + ": it is not in that list");
        }
        return scene.nodeOrNull(pool.next(list, node.id()));
    }

    /**
     * Takes every node out of the list; the nodes themselves are untouched.
     *
     * @throws IllegalStateException if the scene cannot change now (a frame runs), or was closed
     */
    public void clear() {
        boolean claimed = scene.guard().claim("a node list on channel " + channel);
        try {
            pool.clear(list);
        } finally {
            scene.guard().release(claimed);
        }
    }
}
