package io.flatscene.core.scene;

/** What destroying a node does to its children. */
public enum DestroyMode {
    /**
     * Destroy the whole subtree (the default): a node's children are usually parts of the same thing (a ship's
     * turrets), and orphaning them to the root would leave them drawn where nobody expects.
     */
    SUBTREE,
    /** Keep the children: each becomes a child of the root, keeping its local transform. */
    REATTACH_CHILDREN_TO_ROOT
}
