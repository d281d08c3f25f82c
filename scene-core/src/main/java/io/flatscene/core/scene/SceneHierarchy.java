package io.flatscene.core.scene;

import io.flatscene.core.container.GrowthPolicy;
import io.flatscene.core.container.Index;
import io.flatscene.core.container.IndexField;
import io.flatscene.core.container.IntrusiveListPool;
import io.flatscene.core.container.SwapPopArray;
import io.flatscene.core.scene.store.NodeRegistry;
import io.flatscene.core.scene.store.TransformStore;
import java.util.ArrayDeque;

/**
 * The structural operations on nodes, and the one place that keeps three views of the hierarchy in step:
 * {@code SceneNode.parent}, the parent's child list (the child's parent index), and the transform store's parent id
 * and band. Callers have checked their arguments and hold the scene's structural claim. Every walk of the hierarchy is
 * iterative, so a chain of any depth can be moved and destroyed.
 */
final class SceneHierarchy {
    /** A node's place in the node registry, kept by the registry's swap-and-pop. */
    static final IndexField<SceneNode> GLOBAL_INDEX = IndexField.of(node -> node.globalIndex,
            (node, index) -> node.globalIndex = index);
    /** A node's place in its parent's child list, kept by the list's swap-and-pop. */
    static final IndexField<SceneNode> PARENT_INDEX = IndexField.of(node -> node.parentIndex,
            (node, index) -> node.parentIndex = index);
    private static final int INITIAL_LIST_CAPACITY = 4;

    private final TransformStore transforms;
    private final NodeRegistry<SceneNode> nodes;
    private final IntrusiveListPool nodeLists;
    private final NameIndex names;
    /**
     * The stack of the iterative walks, kept so that structural changes allocate nothing once it has grown to the
     * deepest walk; the walks never nest, and each leaves it empty.
     */
    private final ArrayDeque<SceneNode> walk = new ArrayDeque<>();

    SceneHierarchy(TransformStore transforms, NodeRegistry<SceneNode> nodes, IntrusiveListPool nodeLists,
                   NameIndex names) {
        this.transforms = transforms;
        this.nodes = nodes;
        this.nodeLists = nodeLists;
        this.names = names;
    }

    SceneNode create(SceneManager scene, SceneNode parent, String name) {
        long handle = transforms.create(parent == null ? Index.NONE : parent.id());
        SceneNode node = new SceneNode(scene, name, handle);
        nodes.add(node, node.id());
        names.added(node);
        if (parent != null) {
            children(parent).add(node);
            node.parent = parent;
        }
        return node;
    }

    /** The store moved the node's transform to {@code slot}: the node and the objects attached to it keep it. */
    static void slotMoved(SceneNode node, int slot) {
        node.slot = slot;
        SwapPopArray<MovableObject> attached = node.attachments;
        for (int i = 0; attached != null && i < attached.size(); i++) {
            MovableObject object = attached.get(i);
            object.kind.nodeMoved(object, slot);
        }
    }

    /**
     * The depth of a node whose band holds {@code bandDepth}: the band's own depth above {@link TransformStore#DEEP},
     * counted up the parents from there below it.
     */
    static int depth(SceneNode node, int bandDepth) {
        int depth = bandDepth;
        if (depth < TransformStore.DEEP) {
            return depth;
        }
        for (SceneNode ancestor = node.parent; ancestor.bandDepth() == TransformStore.DEEP;
             ancestor = ancestor.parent) {
            depth++;
        }
        return depth;
    }

    /** The top of the node's tree: the root for a node in the scene graph, a detached node otherwise. */
    static SceneNode top(SceneNode node) {
        SceneNode top = node;
        while (top.parent != null) {
            top = top.parent;
        }
        return top;
    }

    /** The node's child list, created on its first child, so the many leaves of a scene pay nothing for one. */
    private static SwapPopArray<SceneNode> children(SceneNode node) {
        if (node.children == null) {
            node.children = new SwapPopArray<>("children of " + node.describe(), INITIAL_LIST_CAPACITY,
                    GrowthPolicy.ON_DEMAND, PARENT_INDEX);
        }
        return node.children;
    }

    void attach(SceneNode node, MovableObject object) {
        if (node.attachments == null) {
            node.attachments = new SwapPopArray<>("objects of " + node.describe(), INITIAL_LIST_CAPACITY,
                    GrowthPolicy.ON_DEMAND, MovableObject.PARENT_INDEX);
        }
        node.attachments.add(object);
        object.attachedTo(node);
    }

    void detach(SceneNode node, MovableObject object) {
        node.attachments.remove(object);
        object.attachedTo(null);
    }

    /**
     * Ends every node for a closed scene and drops them all: the registry's arrays are large and old, and would
     * otherwise keep each node alive through every young collection until a full marking found them dead (a closed
     * 1M-node scene made the next young pause copy its million nodes).
     */
    void closeAll() {
        for (int i = 0; i < nodes.size(); i++) {
            // a node the game still holds reads as destroyed and keeps nothing of the scene reachable
            SceneNode node = nodes.get(i);
            node.slot = Index.NONE;
            node.parent = null;
            node.children = null;
            node.attachments = null;
            node.userData = null;
        }
        names.clear();
        nodes.clear();
    }

    /**
     * Post-order, so each node is a leaf when it goes; the explicit stack holds one path from the top down. The
     * objects attached in the subtree are detached, and destroyed too when {@code destroyObjects}.
     */
    void destroySubtree(SceneNode top, boolean destroyObjects) {
        try {
            walk.push(top);
            while (!walk.isEmpty()) {
                SceneNode node = walk.peek();
                SwapPopArray<SceneNode> children = node.children;
                if (children != null && !children.isEmpty()) {
                    walk.push(children.get(children.size() - 1));
                    continue;
                }
                walk.pop();
                destroyLeaf(node, destroyObjects);
            }
        } finally {
            walk.clear();
        }
    }

    private void destroyLeaf(SceneNode node, boolean destroyObjects) {
        SwapPopArray<MovableObject> attached = node.attachments;
        while (attached != null && !attached.isEmpty()) {
            MovableObject object = attached.get(attached.size() - 1);
            attached.removeAt(attached.size() - 1);
            object.attachedTo(null);
            if (destroyObjects) {
                object.kind.destroy(object);
            }
        }
        if (node.parent != null) {
            node.parent.children.remove(node);
            node.parent = null;
        }
        int id = node.id();
        names.removed(node);
        nodes.remove(node, id);
        nodeLists.unlinkAll(id);
        transforms.destroy(id);
        node.slot = Index.NONE;
    }

    void reparent(SceneNode node, SceneNode newParent) {
        if (node.parent == newParent) {
            return;
        }
        if (node.parent != null) {
            node.parent.children.remove(node);
        }
        if (newParent != null) {
            children(newParent).add(node);
        }
        node.parent = newParent;
        if (transforms.setParent(node.id(), newParent == null ? Index.NONE : newParent.id())) {
            moveDescendantsToNewDepth(node);
        }
    }

    /**
     * Parents before children (pre-order, children in list order), so each child finds its parent already moved. A
     * child whose band stays leaves its subtree's bands as they are, so the walk stops there: moving the top of a deep
     * chain visits the depths above the deep bands only.
     */
    private void moveDescendantsToNewDepth(SceneNode top) {
        try {
            pushChildren(top, walk);
            while (!walk.isEmpty()) {
                SceneNode child = walk.pop();
                if (transforms.setParent(child.id(), child.parent.id())) {
                    pushChildren(child, walk);
                }
            }
        } finally {
            walk.clear();
        }
    }

    /**
     * Refuses to move {@code node} under {@code newParent} (null: detach it) where the move would make a cycle or break
     * the static rule, naming both nodes and the rule; changes nothing.
     */
    void checkMove(SceneNode node, SceneNode newParent, SceneNode root) {
        if (node == root) {
            throw new IllegalArgumentException("cannot move " + root.describe() + ": the root has no parent");
        }
        if (newParent != null && isInSubtree(newParent, node)) {
            throw new IllegalArgumentException("cannot put " + node.describe() + " under "
                    + newParent.describe() + ": that node is in its own subtree, which would make a cycle");
        }
        if (newParent != null && newParent.bandDepth() > 0 && !newParent.isStatic() && node.isStatic()) {
            throw new IllegalArgumentException("cannot put static " + node.describe() + " under dynamic "
                    + newParent.describe() + ": a static node's parent must be static or at depth 0, so that a "
                    + "static subtree never waits on a dynamic one");
        }
        SceneNode staticChild = newParent == null || node.isStatic() ? null : firstStaticChild(node);
        if (staticChild != null) {
            throw new IllegalArgumentException("cannot put dynamic " + node.describe() + " under "
                    + newParent.describe() + ": its child " + staticChild.describe() + " is static, and a static "
                    + "node's parent must be static or at depth 0; make the child dynamic or the node static "
                    + "first");
        }
    }

    /** Refuses to make {@code node} static or dynamic where that breaks the static rule; changes nothing. */
    static void checkStaticChange(SceneNode node, boolean isStatic) {
        if (isStatic && node.parent != null && node.parent.bandDepth() > 0 && !node.parent.isStatic()) {
            throw new IllegalArgumentException("cannot make " + node.describe() + " static: its parent "
                    + node.parent.describe() + " is dynamic, and a static node's parent must be static or at "
                    + "depth 0");
        }
        SceneNode staticChild = isStatic || node.bandDepth() == 0 ? null : firstStaticChild(node);
        if (staticChild != null) {
            throw new IllegalArgumentException("cannot make " + node.describe() + " dynamic: its child "
                    + staticChild.describe() + " is static, and a static node's parent must be static or at depth "
                    + "0; make the children dynamic first");
        }
    }

    /**
     * Whether {@code candidate} is {@code top} or one of its descendants. Climbs from the candidate and walks the
     * subtree in step, one node each a round, so the answer costs the smaller of the candidate's depth and the
     * subtree's size: adding a leaf under the bottom of a deep chain costs O(1).
     */
    boolean isInSubtree(SceneNode candidate, SceneNode top) {
        try {
            walk.push(top);
            for (SceneNode up = candidate; up != null && !walk.isEmpty(); up = up.parent) {
                SceneNode down = walk.pop();
                if (up == top || down == candidate) {
                    return true;
                }
                pushChildren(down, walk);
            }
            return false;
        } finally {
            walk.clear();
        }
    }

    private static void pushChildren(SceneNode node, ArrayDeque<SceneNode> pending) {
        SwapPopArray<SceneNode> children = node.children;
        for (int i = children == null ? -1 : children.size() - 1; i >= 0; i--) {
            pending.push(children.get(i));
        }
    }

    /** The first static child of the node, or null: what a dynamic node under a dynamic parent may not have. */
    static SceneNode firstStaticChild(SceneNode node) {
        SwapPopArray<SceneNode> children = node.children;
        for (int i = 0; children != null && i < children.size(); i++) {
            if (children.get(i).isStatic()) {
                return children.get(i);
            }
        }
        return null;
    }
}
