package io.flatscene.core.container;

/**
 * What a container does when an insertion needs more room than the capacity declared at startup.
 *
 * <p>Ogre 2.0's article on O(1) insertion and removal (see docs/references.md) asks the game to declare its capacity
 * up front so that every insertion is an O(1) append; exceeding it is a concession, paid once with an O(n) copy
 * ({@link #GROW}), or refused ({@link #FAIL}) where the game would rather know than pay.
 */
public enum GrowthPolicy {
    /** Grow the storage by half (one WARN log line naming the old and new capacity) and carry on. */
    GROW,
    /** Throw {@link CapacityExceededException} and leave the container unchanged. */
    FAIL,
    /**
     * Grow by half without a warning, as {@link java.util.ArrayList} does: for storage whose size no configuration
     * declares, such as one node's child list, where growing is expected rather than a sign of a low setting.
     */
    ON_DEMAND
}
