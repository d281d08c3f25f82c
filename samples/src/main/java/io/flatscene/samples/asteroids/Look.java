package io.flatscene.samples.asteroids;

import io.flatscene.core.scene.Aabb;
import io.flatscene.render.Material;
import io.flatscene.render.Meshes;
import io.flatscene.render.Renderer;
import java.util.Objects;

/**
 * The game's meshes and materials as the renderer registered them, with each mesh's local bounds: the game itself
 * only hands these ids to the scene, so it runs over a scene without a renderer as well (its tests do).
 *
 * @param rock          the asteroids' mesh
 * @param rockBounds    its local bounds
 * @param box           the ship's parts' mesh
 * @param boxBounds     its local bounds
 * @param ball          the bullets' and beacons' mesh
 * @param ballBounds    its local bounds
 * @param firstRock     the first of {@link #ROCK_MATERIALS} asteroid materials, the rest following in order
 * @param hull          the ship's hull material
 * @param turret        the turret's material
 * @param bullet        the bullets' material, which glows
 * @param beacon        the beacons' material, which glows
 */
public record Look(int rock, Aabb rockBounds, int box, Aabb boxBounds, int ball, Aabb ballBounds, int firstRock,
                   int hull, int turret, int bullet, int beacon) {
    /** Asteroid materials: a few shades of rock, so the field does not look like one object. */
    public static final int ROCK_MATERIALS = 4;

    /** Registers the game's meshes and materials with {@code renderer}. */
    public static Look register(Renderer renderer) {
        Objects.requireNonNull(renderer, "renderer");
        // few facets: a coarse sphere reads as a rock, and its flat shading shows the spin
        int rock = renderer.meshes().add(Meshes.sphere(1f, 7, 5));
        int box = renderer.meshes().add(Meshes.cube(1f));
        int ball = renderer.meshes().add(Meshes.sphere(1f, 10, 6));
        int firstRock = renderer.materials().add(Material.color(0.55f, 0.50f, 0.46f).withSpecular(0.05f, 4f));
        renderer.materials().add(Material.color(0.45f, 0.42f, 0.40f).withSpecular(0.05f, 4f));
        renderer.materials().add(Material.color(0.60f, 0.47f, 0.36f).withSpecular(0.05f, 4f));
        renderer.materials().add(Material.color(0.38f, 0.40f, 0.44f).withSpecular(0.05f, 4f));
        int hull = renderer.materials().add(Material.color(0.80f, 0.84f, 0.90f).withSpecular(0.6f, 32f));
        int turret = renderer.materials().add(Material.color(0.85f, 0.35f, 0.20f).withSpecular(0.4f, 16f));
        int bullet = renderer.materials().add(Material.color(1f, 0.85f, 0.35f).withEmission(1f));
        int beacon = renderer.materials().add(Material.color(0.35f, 0.75f, 1f).withEmission(1f));
        return new Look(rock, renderer.meshes().bounds(rock), box, renderer.meshes().bounds(box), ball,
                renderer.meshes().bounds(ball), firstRock, hull, turret, bullet, beacon);
    }
}
