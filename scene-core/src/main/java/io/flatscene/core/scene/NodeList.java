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

    public int channel() {
        return channel;
    }

    public int size() {
        return pool.size(list);
    }

    public boolean isEmpty() {
        return pool.isEmpty(list);
    }

    public boolean contains(SceneNode node) {
        scene.checkOwned(node, "be looked up in a node list");
        return pool.contains(list, node.id());
    }

    /**
     * @throws IllegalArgumentException if the node is already in a list of this channel
     */
    public NodeList add(SceneNode node) {
        scene.checkOwned(node, "join a node list");
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
     * @throws IllegalArgumentException if the node is not in this list
     */
    public NodeList remove(SceneNode node) {
        scene.checkOwned(node, "leave a node list");
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

    /** The first node, or null when empty. */
    public SceneNode first() {
        return scene.nodeOrNull(pool.first(list));
    }

    /** The node after {@code node}, or null at the end. */
    public SceneNode next(SceneNode node) {
        scene.checkOwned(node, "step through a node list");
        if (!pool.contains(list, node.id())) {
            throw new IllegalArgumentException("cannot step from " + node.describe() + " in a node list on channel "
                    + channel + ": it is not in that list");
        }
        return scene.nodeOrNull(pool.next(list, node.id()));
    }

    public void clear() {
        boolean claimed = scene.guard().claim("a node list on channel " + channel);
        try {
            pool.clear(list);
        } finally {
            scene.guard().release(claimed);
        }
    }
}
