package io.flatscene.benchmarks.peers;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The structure of an Ogre 1.x scene manager, without transforms: every node registered under a unique name in a
 * hash map (unnamed nodes get a generated one, as Ogre's name generator gave them) and each node's children in a
 * list. Destroying a node unregisters it and removes it from its parent's list by searching for it, linear in the
 * sibling count, as Ogre 1.x's {@code Node::removeChild} did.
 */
public final class Ogre1Registry {
    /** A registered node: its name, parent and children. */
    public static final class SceneNode {
        final String name;
        SceneNode parent;
        final List<SceneNode> children = new ArrayList<>();

        SceneNode(String name) {
            this.name = name;
        }

        public int childCount() {
            return children.size();
        }

        public SceneNode getChild(int index) {
            return children.get(index);
        }
    }

    private final Map<String, SceneNode> nodes = new HashMap<>();
    private final SceneNode root = register("Ogre/SceneRoot");
    private long unnamed;

    public SceneNode root() {
        return root;
    }

    /** The number of registered nodes, the root included. */
    public int size() {
        return nodes.size();
    }

    public SceneNode createChild(SceneNode parent) {
        SceneNode child = register("Unnamed_" + unnamed++);
        child.parent = parent;
        parent.children.add(child);
        return child;
    }

    /** Destroys a node and its subtree, deepest first, each unregistered and removed from its parent's list. */
    public void destroy(SceneNode node) {
        for (int i = node.children.size() - 1; i >= 0; i--) {
            destroy(node.children.get(i));
        }
        nodes.remove(node.name);
        node.parent.children.remove(node);
        node.parent = null;
    }

    private SceneNode register(String name) {
        SceneNode node = new SceneNode(name);
        if (nodes.putIfAbsent(name, node) != null) {
            throw new IllegalArgumentException("a scene node named " + name + " already exists");
        }
        return node;
    }
}
