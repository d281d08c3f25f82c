package io.flatscene.core.scene;

import io.flatscene.core.scene.store.NodeRegistry;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The live nodes by name, for {@link SceneManager#findNodeByName}: built by one scan on the first look-up, so a game
 * that never looks a name up pays nothing, and kept by {@link SceneHierarchy} from then on, where nodes are made
 * and destroyed (a node's name is fixed at creation). A name most games give one node maps to that node; a name
 * several share maps to the set of them (nodes compare by identity), so that a look-up can say how many there are and
 * a destruction costs O(1) however many share it. Unnamed nodes are not kept.
 */
final class NameIndex {
    private final NodeRegistry<SceneNode> nodes;
    /** Null until the first look-up. A value is a {@link SceneNode} or a {@code Set<SceneNode>} of two or more. */
    private HashMap<String, Object> byName;

    NameIndex(NodeRegistry<SceneNode> nodes) {
        this.nodes = nodes;
    }

    /** The node named {@code name}, null when none is, or the set of two or more that are. */
    Object find(String name) {
        if (byName == null) {
            byName = new HashMap<>();
            for (int i = 0; i < nodes.size(); i++) {
                add(nodes.get(i));
            }
        }
        return byName.get(name);
    }

    /** Refuses a name no node is indexed by: null, or "" (unnamed nodes). */
    static void checkIndexed(String name) {
        if (name == null || name.isEmpty()) {
            throw new IllegalArgumentException("cannot find a node by the name " + (name == null ? "null" : "''")
                    + ": only named nodes are indexed; keep the handle of an unnamed one");
        }
    }

    /**
     * {@return the one live node named {@code name}, or null}
     *
     * @throws IllegalStateException if several live nodes have the name
     */
    SceneNode findOnly(String name) {
        Object found = find(name);
        if (found != null && !(found instanceof SceneNode)) {
            throw new IllegalStateException("cannot find the node named '" + name + "': " + ((Set<?>) found)
                    .size() + " live nodes have that name; findNodesByName returns them all");
        }
        return (SceneNode) found;
    }

    /** {@return every live node named {@code name}, in global index order, by a scan that builds no index} */
    List<SceneNode> findAll(String name) {
        List<SceneNode> found = new ArrayList<>();
        for (int i = 0; i < nodes.size(); i++) {
            if (nodes.get(i).name().equals(name)) {
                found.add(nodes.get(i));
            }
        }
        return found;
    }

    /** Forgets every name, for a closed scene; a later look-up would index the registry again. */
    void clear() {
        byName = null;
    }

    void added(SceneNode node) {
        if (byName != null) {
            add(node);
        }
    }

    private void add(SceneNode node) {
        String name = node.name();
        if (name.isEmpty()) {
            return;
        }
        Object held = byName.putIfAbsent(name, node);
        if (held instanceof SceneNode single) {
            Set<SceneNode> shared = new HashSet<>();
            shared.add(single);
            shared.add(node);
            byName.put(name, shared);
        } else if (held != null) {
            asSet(held).add(node);
        }
    }

    void removed(SceneNode node) {
        String name = node.name();
        if (byName == null || name.isEmpty()) {
            return;
        }
        Object held = byName.get(name);
        if (held == node) {
            byName.remove(name);
        } else if (held instanceof Set<?>) {
            Set<SceneNode> shared = asSet(held);
            shared.remove(node);
            if (shared.size() == 1) {
                byName.put(name, shared.iterator().next());
            }
        }
    }

    @SuppressWarnings("unchecked")
    private static Set<SceneNode> asSet(Object held) {
        return (Set<SceneNode>) held;
    }

    /**
     * Checks, once built, that the index holds exactly the live named nodes, each under its name.
     *
     * @throws IllegalStateException naming the first node missing or extra
     */
    void validate() {
        if (byName == null) {
            return;
        }
        int named = 0;
        for (int i = 0; i < nodes.size(); i++) {
            SceneNode node = nodes.get(i);
            if (node.name().isEmpty()) {
                continue;
            }
            named++;
            Object held = byName.get(node.name());
            if (held != node && !(held instanceof Set<?> shared && shared.contains(node))) {
                throw new IllegalStateException(node.describe() + " is live but the name index does not hold it");
            }
        }
        int indexed = 0;
        for (Object held : byName.values()) {
            indexed += held instanceof Set<?> shared ? shared.size() : 1;
        }
        if (indexed != named) {
            throw new IllegalStateException("the name index holds " + indexed + " nodes but " + named
                    + " live nodes have a name");
        }
    }
}
