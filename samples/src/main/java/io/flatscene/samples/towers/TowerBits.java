package io.flatscene.samples.towers;

/**
 * The game's kinds of item as query flags: a turret looks for creeps only, and its line of sight is cut by creeps and
 * rocks alone, never by the turrets, the ground or the beams.
 */
final class TowerBits {
    static final int CREEP = 1;
    static final int ROCK = 1 << 1;
    static final int TURRET = 1 << 2;
    static final int GROUND = 1 << 3;
    /** Beams and the lane's line: drawn, never queried. */
    static final int DRAWING = 0;

    private TowerBits() {
    }
}
