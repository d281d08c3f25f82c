package io.flatscene.samples.viewer;

import io.flatscene.core.scene.SceneManager;
import io.flatscene.render.Renderer;
import io.flatscene.samples.asteroids.AsteroidGame;
import io.flatscene.samples.asteroids.Look;
import java.util.Locale;

/**
 * The asteroid game as a viewer scene, seen from the camera that chases the ship. The game steps one fixed tick a
 * frame rather than by the frame's time, so a headless run of N frames plays the same game every time.
 */
final class AsteroidsScene implements DemoScene {
    private static final int ASTEROIDS = 20_000;
    private static final long SEED = 15L;

    private AsteroidGame game;
    private double tickMillis;

    @Override
    public void build(Renderer renderer, SceneManager scene, CameraRig rig) {
        game = new AsteroidGame(scene, Look.register(renderer), ASTEROIDS, SEED);
        rig.ride(game.chaseNode(), 0.3f, 600f);
    }

    @Override
    public void update(double time, double dt) {
        long start = System.nanoTime();
        game.tick();
        tickMillis = (System.nanoTime() - start) / 1e6;
    }

    @Override
    public String status() {
        return String.format(Locale.ROOT, "score %d   asteroids left %d of %d   bullets alive %d, fired %d, hits %d"
                        + "   game tick %.2f ms", game.score(), game.asteroidsLeft(), game.asteroidsAtStart(),
                game.bulletsAlive(), game.bulletsFired(), game.hits(), tickMillis);
    }
}
