package io.flatscene.core.container;

/**
 * The one sentinel of FlatScene's int indices and ids: {@link #NONE} means no position (an element in no array, an
 * object at no index), no id (a node with no parent, an item on no node) and no element (the end of a list).
 */
public final class Index {
    /** No index, id or element; every valid one is {@code >= 0}. */
    public static final int NONE = -1;

    private Index() {
    }
}
