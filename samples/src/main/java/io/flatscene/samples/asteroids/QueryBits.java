package io.flatscene.samples.asteroids;

/**
 * The game's kinds of item as query flags: a bullet's ray asks for asteroids only, so it never hits itself, another
 * bullet, the ship or the scenery, and the scene skips those without a look at their bounds.
 */
final class QueryBits {
    static final int ASTEROID = 1;
    static final int BULLET = 1 << 1;
    static final int SHIP = 1 << 2;
    static final int SCENERY = 1 << 3;

    private QueryBits() {
    }
}
