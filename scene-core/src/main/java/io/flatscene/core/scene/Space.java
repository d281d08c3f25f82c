package io.flatscene.core.scene;

/** The space in which a relative transform operation (translate, rotate, lookAt) is expressed. */
public enum Space {
    /** The node's own axes, after its orientation. */
    LOCAL,
    /** The parent's axes: the space the node's local position and orientation are stored in. */
    PARENT,
    /** World axes, through the parent's world transform as of the last {@link SceneManager#updateAllTransforms()}. */
    WORLD
}
