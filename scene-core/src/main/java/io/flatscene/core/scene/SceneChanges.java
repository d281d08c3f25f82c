package io.flatscene.core.scene;

import io.flatscene.core.container.Index;
import io.flatscene.core.scene.frame.FramePipeline;
import io.flatscene.core.scene.store.NodeRegistry;
import io.flatscene.core.scene.store.TransformStore;
import java.util.Objects;
import java.util.function.Supplier;

/**
 * Every structural change the public API makes, on nodes and on objects: each checks its arguments in the order the
 * refusals are documented, claims the scene ({@link SceneGuard}), changes it through {@link SceneHierarchy} or an
 * object's kind, and validates the whole scene when {@link io.flatscene.core.config.SceneConfig#validation()} is on.
 * SceneManager, SceneNode and MovableObject call down into it; it never calls back up into them.
 */
final class SceneChanges {
    private final SceneManager scene;
    private final SceneGuard guard;
    private final SceneHierarchy hierarchy;
    private final NodeChannels channels;
    private final NodeRegistry<SceneNode> nodes;
    private final TransformStore transforms;
    private final ObjectKinds kinds;
    private final SceneValidation validation;
    private final FramePipeline pipeline;
    private final boolean validating;
    /** Null until {@link #createRoot} has made it: the root's own creation has nothing to validate yet. */
    private SceneNode root;

    SceneChanges(SceneManager scene, SceneGuard guard, SceneHierarchy hierarchy, NodeChannels channels,
                 NodeRegistry<SceneNode> nodes, TransformStore transforms, ObjectKinds kinds,
                 SceneValidation validation, FramePipeline pipeline, boolean validating) {
        this.scene = scene;
        this.guard = guard;
        this.hierarchy = hierarchy;
        this.channels = channels;
        this.nodes = nodes;
        this.transforms = transforms;
        this.kinds = kinds;
        this.validation = validation;
        this.pipeline = pipeline;
        this.validating = validating;
    }

    SceneNode createRoot() {
        root = createNode(null, "root");
        transforms.setGraphRoot(root.id());
        return root;
    }

    SceneNode createNode(SceneNode parent, String name) {
        boolean claimed = guard.claim(parent == null ? "a new node '" + name + "'" : parent);
        try {
            SceneNode node = hierarchy.create(scene, parent, name);
            afterChange();
            return node;
        } finally {
            guard.release(claimed);
        }
    }

    /**
     * Appends a node for a bulk build (a scene file's load) through {@link SceneHierarchy#create}, without a claim or
     * a validation of its own: the caller holds the structural claim, writes the node's values through the transform
     * store, and calls {@link #afterChange} once at the end.
     */
    SceneNode appendNode(SceneNode parent, String name) {
        return hierarchy.create(scene, parent, name);
    }

    /** Runs the creation of an object of any kind as a structural change: claimed, then validated if configured. */
    <T extends MovableObject> T createObject(String what, Supplier<T> creation) {
        boolean claimed = guard.claim(what);
        try {
            T object = creation.get();
            afterChange();
            return object;
        } finally {
            guard.release(claimed);
        }
    }

    void destroy(SceneNode node, DestroyMode mode) {
        checkOwned(node, "be destroyed");
        Objects.requireNonNull(mode, "mode");
        boolean claimed = guard.claim(node);
        try {
            if (node == root) {
                throw new IllegalArgumentException("cannot destroy " + root.describe() + ": the root lives as long "
                        + "as its scene");
            }
            if (mode == DestroyMode.REATTACH_CHILDREN_TO_ROOT) {
                while (node.childCount() > 0) {
                    hierarchy.reparent(node.child(node.childCount() - 1), root);
                }
            }
            hierarchy.destroySubtree(node, mode.destroysObjects());
            afterChange();
        } finally {
            guard.release(claimed);
        }
    }

    void destroyLater(SceneNode node) {
        checkOwned(node, "be queued for destruction");
        boolean claimed = guard.reserve(node);
        try {
            if (node == root) {
                throw new IllegalArgumentException("cannot queue " + root.describe() + " for destruction: the root "
                        + "lives as long as its scene");
            }
            if (!channels.isQueuedForDestruction(node.id())) {
                guard.countStructuralChange();
                channels.queueForDestruction(node.id());
            }
        } finally {
            guard.release(claimed);
        }
    }

    int processPendingDestruction() {
        boolean claimed = guard.reserve("the deferred destruction list");
        try {
            int destroyed = 0;
            for (int id = channels.takeQueued(); id != Index.NONE; id = channels.takeQueued()) {
                if (destroyed == 0) {
                    guard.countStructuralChange();
                }
                hierarchy.destroySubtree(nodes.byId(id), true);
                destroyed++;
            }
            if (destroyed > 0) {
                afterChange();
            }
            return destroyed;
        } finally {
            guard.release(claimed);
        }
    }

    void destroy(MovableObject object) {
        checkOwned(object, "be destroyed");
        boolean claimed = guard.claim(object);
        try {
            if (object.parentNode != null) {
                hierarchy.detach(object.parentNode, object);
            }
            object.kind.destroy(object);
            afterChange();
        } finally {
            guard.release(claimed);
        }
    }

    void addChild(SceneNode parent, SceneNode child) {
        parent.checkAlive();
        checkOwned(child, "be added as a child");
        // before the parent is read: only the owner's thread reads it, between frames
        guard.checkChangeable(parent);
        if (child.parent != null) {
            throw new IllegalArgumentException("cannot add " + child.describe() + " to " + parent.describe()
                    + ": it is a child of " + child.parent.describe() + "; detach or reparent it");
        }
        reparent(child, parent);
    }

    void removeChild(SceneNode parent, SceneNode child) {
        parent.checkAlive();
        checkOwned(child, "be removed as a child");
        // before the parent is read: only the owner's thread reads it, between frames
        guard.checkChangeable(parent);
        if (child.parent != parent) {
            throw new IllegalArgumentException("cannot remove " + child.describe() + " from " + parent.describe()
                    + ": it is not a child of it");
        }
        reparent(child, null);
    }

    void moveUnder(SceneNode node, SceneNode newParent) {
        node.checkAlive();
        Objects.requireNonNull(newParent, () -> "cannot move " + node.describe() + " under null: "
                + "detachFromParent() detaches a node");
        checkOwned(newParent, "become a parent");
        reparent(node, newParent);
    }

    void detachFromParent(SceneNode node) {
        node.checkAlive();
        // refused like a change even when there is none to make: the parent is read only on the owner's thread,
        // between frames
        guard.checkChangeable(node);
        if (node.parent != null) {
            reparent(node, null);
        }
    }

    private void reparent(SceneNode node, SceneNode newParent) {
        boolean claimed = guard.claim(node);
        try {
            hierarchy.checkMove(node, newParent, root);
            hierarchy.reparent(node, newParent);
            afterChange();
        } finally {
            guard.release(claimed);
        }
    }

    void setStatic(SceneNode node, boolean isStatic) {
        node.checkAlive();
        boolean claimed = guard.reserve(node);
        try {
            if (node.isStatic() == isStatic) {
                return;
            }
            SceneHierarchy.checkStaticChange(node, isStatic);
            guard.countStructuralChange();
            transforms.setStatic(node.id(), isStatic);
            afterChange();
        } finally {
            guard.release(claimed);
        }
    }

    void attach(SceneNode node, MovableObject object) {
        node.checkAlive();
        checkOwned(object, "be attached");
        boolean claimed = guard.claim(node);
        try {
            if (object.parentNode != null) {
                throw new IllegalArgumentException("cannot attach " + object.describe() + " to " + node.describe()
                        + ": it is attached to " + object.parentNode.describe());
            }
            hierarchy.attach(node, object);
            afterChange();
        } finally {
            guard.release(claimed);
        }
    }

    void detach(SceneNode node, MovableObject object) {
        node.checkAlive();
        checkOwned(object, "be detached");
        boolean claimed = guard.claim(node);
        try {
            if (object.parentNode != node) {
                throw new IllegalArgumentException("cannot detach " + object.describe() + " from " + node.describe()
                        + ": it is attached to "
                        + (object.parentNode == null ? "no node" : object.parentNode.describe()));
            }
            hierarchy.detach(node, object);
            afterChange();
        } finally {
            guard.release(claimed);
        }
    }

    void checkOwned(SceneNode node, String action) {
        Objects.requireNonNull(node, "node");
        if (node.scene() != scene) {
            throw new IllegalArgumentException(node.describe() + " cannot " + action + " here: it belongs to another"
                    + " scene");
        }
        node.checkAlive();
    }

    void checkOwned(MovableObject object, String action) {
        Objects.requireNonNull(object, "object");
        if (object.scene != scene) {
            throw new IllegalArgumentException(object.describe() + " cannot " + action + " here: it belongs to"
                    + " another scene");
        }
        object.checkAlive();
    }

    /** Ends a structural change, or a bulk build made under one claim (a scene file's load). */
    void afterChange() {
        if (validating && root != null) {
            validate();
        }
    }

    void validate() {
        validation.validate(root, kinds);
        pipeline.validate(kinds.items().attachedCount(), kinds.items().store.size());
    }
}
