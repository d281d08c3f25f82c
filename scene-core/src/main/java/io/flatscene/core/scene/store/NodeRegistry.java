package io.flatscene.core.scene.store;

import io.flatscene.core.container.GrowthPolicy;
import io.flatscene.core.container.IndexField;
import io.flatscene.core.container.SwapPopArray;
import java.util.Arrays;

/**
 * The scene's nodes: a swap-and-pop array (each node's global index, written only by the array through the given
 * {@link IndexField}) and a table from stable id to node, so lists and parent ids resolve to their node in O(1).
 *
 * @param <T> the node type
 */
public final class NodeRegistry<T> {
    private final SwapPopArray<T> nodes;
    private Object[] byId;

    /** The transform store enforces the node capacity and logs its growth; this grows silently in step with it. */
    public NodeRegistry(String capacityKey, int capacity, IndexField<T> globalIndex) {
        this.nodes = new SwapPopArray<>(capacityKey, capacity, GrowthPolicy.ON_DEMAND, globalIndex);
        this.byId = new Object[capacity];
    }

    public void add(T node, int id) {
        if (id >= byId.length) {
            byId = Arrays.copyOf(byId, Math.max(id + 1, byId.length + (byId.length >> 1)));
        }
        byId[id] = node;
        nodes.add(node);
    }

    public void remove(T node, int id) {
        nodes.remove(node);
        byId[id] = null;
    }

    /** The node with stable id {@code id}, or null when none lives there. */
    @SuppressWarnings("unchecked")
    public T byId(int id) {
        return (T) byId[id];
    }

    public int size() {
        return nodes.size();
    }

    /** The node at global index {@code index}. */
    public T get(int index) {
        return nodes.get(index);
    }

    /** Drops every node, for a closed scene. */
    public void clear() {
        nodes.clear();
        Arrays.fill(byId, null);
    }

    public void validate() {
        nodes.validate();
    }
}
