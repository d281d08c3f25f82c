package io.flatscene.core.scene;

/**
 * What destroying a node does to its children and to the objects (items, lights, cameras) attached to it.
 *
 * <p>Objects go with their node by default. A jME, Godot or Unity user thinks of a node and what hangs from it as
 * one thing (in jME the geometry is itself a node), and removing the thing removes all of it; an object left behind
 * detached is drawn nowhere, reachable only through a reference the game has usually dropped, and holds its share of
 * the declared capacity for good: a leak no error ever names. Ogre's {@code destroySceneNode}, which detaches and
 * keeps, is {@link #SUBTREE_KEEP_OBJECTS}, for a game that moves its objects to new nodes itself. A kept object is
 * detached, and a detached item costs no frame pass anything (see {@link SceneManager#destroySceneNode}).
 */
public enum DestroyMode {
    /**
     * Destroy the whole subtree and every object attached in it (the default): a node's children are usually parts of
     * the same thing (a ship's turrets), and orphaning them to the root would leave them drawn where nobody expects.
     */
    SUBTREE,
    /** Destroy the whole subtree; the objects attached in it are detached and live on, as in Ogre. */
    SUBTREE_KEEP_OBJECTS,
    /**
     * Keep the children: each becomes a child of the root, keeping its local transform and its objects. The objects
     * attached to the destroyed node itself are destroyed with it.
     */
    REATTACH_CHILDREN_TO_ROOT;

    /** Whether the objects attached to the nodes this mode destroys are destroyed too. */
    boolean destroysObjects() {
        return this != SUBTREE_KEEP_OBJECTS;
    }
}
