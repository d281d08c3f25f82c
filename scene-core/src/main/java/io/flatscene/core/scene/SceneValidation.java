package io.flatscene.core.scene;

import io.flatscene.core.container.Index;
import io.flatscene.core.container.IntrusiveListPool;
import io.flatscene.core.container.SwapPopArray;
import io.flatscene.core.scene.store.NodeRegistry;
import io.flatscene.core.scene.store.TransformStore;

/**
 * The debug pass over every index invariant of a scene: the transform store's bands and id table; each node's global
 * index, parent index, parent link and depth; each object's global index, handle, attachment and node column; every
 * list; the query index against the items' world bounds. Tests run it after every operation, and
 * {@code flatscene.validation=true} after every structural change.
 */
final class SceneValidation {
    private final TransformStore transforms;
    private final NodeRegistry<SceneNode> nodes;
    private final IntrusiveListPool nodeLists;
    private final NameIndex names;

    SceneValidation(TransformStore transforms, NodeRegistry<SceneNode> nodes, IntrusiveListPool nodeLists,
                    NameIndex names) {
        this.transforms = transforms;
        this.nodes = nodes;
        this.nodeLists = nodeLists;
        this.names = names;
    }

    void validate(SceneNode root, ObjectKinds kinds) {
        transforms.validate();
        nodes.validate();
        if (nodes.size() != transforms.size()) {
            throw new IllegalStateException(nodes.size() + " nodes in the node manager but " + transforms.size()
                    + " transform slots");
        }
        for (int i = 0; i < nodes.size(); i++) {
            validateNode(nodes.get(i));
        }
        kinds.validate(transforms);
        nodeLists.validate();
        names.validate();
        if (root.parent != null || transforms.depth(transforms.slotOfId(root.id())) != 0) {
            throw new IllegalStateException(root.describe() + " must be a level-0 node without a parent");
        }
    }

    private void validateNode(SceneNode node) {
        int id = node.id();
        if (!node.isAlive() || nodes.byId(id) != node) {
            throw new IllegalStateException(node.describe() + " is in the node manager but its id " + id
                    + " maps to " + nodes.byId(id));
        }
        if (node.slot != transforms.slotOfId(id)) {
            throw new IllegalStateException(node.describe() + " keeps slot " + node.slot + " but lives in slot "
                    + transforms.slotOfId(id));
        }
        int expectedParent = node.parent == null ? Index.NONE : node.parent.id();
        int recordedParent = transforms.parentId(transforms.slotOfId(id));
        if (recordedParent != expectedParent) {
            throw new IllegalStateException(node.describe() + " has parent " + node.parent
                    + " but its transform records parent id " + recordedParent);
        }
        if (node.parent != null && (node.parent.children == null || !node.parent.children.contains(node))) {
            throw new IllegalStateException(node.describe() + " is not in its parent's child list at parent index "
                    + node.parentIndex);
        }
        if (node.parent == null && node.parentIndex != -1) {
            throw new IllegalStateException(node.describe() + " has no parent but parent index " + node.parentIndex);
        }
        SwapPopArray<SceneNode> children = node.children;
        if (children != null) {
            children.validate();
            for (int c = 0; c < children.size(); c++) {
                if (children.get(c).parent != node) {
                    throw new IllegalStateException(children.get(c).describe() + " is in the child list of "
                            + node.describe() + " but names " + children.get(c).parent + " as parent");
                }
            }
        }
        SwapPopArray<MovableObject> attached = node.attachments;
        if (attached != null) {
            attached.validate();
            for (int a = 0; a < attached.size(); a++) {
                if (attached.get(a).parentNode != node) {
                    throw new IllegalStateException(attached.get(a).describe() + " is attached to " + node.describe()
                            + " but names " + attached.get(a).parentNode + " as its node");
                }
            }
        }
        for (int channel = 0; channel < nodeLists.channels(); channel++) {
            int list = nodeLists.listOf(id, channel);
            if (list != Index.NONE && !nodeLists.contains(list, id)) {
                throw new IllegalStateException(node.describe() + " records list " + list + " on channel " + channel
                        + " of the node list pool but is not in it");
            }
        }
    }
}
