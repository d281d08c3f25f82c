package io.flatscene.samples.viewer;

import io.flatscene.core.scene.Camera;
import io.flatscene.core.scene.SceneManager;
import io.flatscene.render.Renderer;
import io.flatscene.samples.towers.TowerDefence;
import io.flatscene.samples.towers.TowerLook;
import java.util.Locale;
import org.joml.Vector3f;

/**
 * The tower-defence game as a viewer scene, seen from above the board, with each turret's kills on a label over it.
 * The game steps one fixed tick a frame rather than by the frame's time, so a headless run of N frames plays the same
 * game every time.
 */
final class TowersScene implements DemoScene {
    private static final long SEED = 7L;

    private final Vector3f anchor = new Vector3f();
    private final Vector3f window = new Vector3f();
    private final StringBuilder label = new StringBuilder();
    private TowerDefence game;
    private double tickMillis;

    @Override
    public void build(Renderer renderer, SceneManager scene, CameraRig rig) {
        game = new TowerDefence(scene, TowerLook.register(renderer, scene), SEED);
        rig.orbit(0f, 0f, 0f, 46f, 0.4f, 0.95f);
    }

    @Override
    public void update(double time, double dt) {
        long start = System.nanoTime();
        game.tick();
        tickMillis = (System.nanoTime() - start) / 1e6;
    }

    /** Each turret's kills, over it: a label whose anchor is in front of the camera and within its depth range. */
    @Override
    public void label(Camera camera, Labels labels) {
        for (int t = 0; t < game.turretCount(); t++) {
            camera.project(game.labelAnchor(t, anchor), window);
            if (window.z >= 0f && window.z <= 1f) {
                label.setLength(0);
                label.append(game.kills(t));
                labels.add(label, window.x, window.y);
            }
        }
    }

    @Override
    public String status() {
        TowerDefence.Score score = game.score();
        return String.format(Locale.ROOT, "creeps alive %d of %d spawned, %d leaked   shots %d: %d hit, %d blocked "
                        + "by rocks   game tick %.2f ms", score.alive(), score.spawned(), score.leaked(), score.shots(),
                score.hits(), score.blocked(), tickMillis);
    }
}
