package io.flatscene.samples.viewer;

import io.flatscene.core.scene.Light;
import io.flatscene.core.scene.SceneManager;
import io.flatscene.core.scene.SceneNode;
import io.flatscene.core.scene.Space;
import io.flatscene.render.Material;
import io.flatscene.render.Meshes;
import io.flatscene.render.Renderer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;

/**
 * Nested orbits: a sun, planets on orbit nodes that turn about it, moons on orbit nodes that turn about their
 * planets, rings of asteroids, and a companion sun far out with a ringed planet of its own. Only the orbit nodes
 * are animated; everything below them moves because world transforms inherit their parents'.
 */
final class SolarScene implements DemoScene {
    private static final int ASTEROIDS = 3_000;
    private static final float COMPANION_DISTANCE = 50f;

    private final List<SceneNode> orbits = new ArrayList<>();
    private float[] speeds = new float[0];
    private int nodes;

    @Override
    public void build(Renderer renderer, SceneManager scene, CameraRig rig) {
        int sphere = renderer.meshes().add(Meshes.sphere(1f, 32, 16));
        int rock = renderer.meshes().add(Meshes.cube(1f));
        int colors = Palette.register(renderer);
        // the sunlight sits inside the sun, so the sun's own surface faces away from it: it glows instead
        int sunColor = renderer.materials().add(new Material(1f, 0.8f, 0.3f, 1f, 0f, 1f, 1f));
        int gray = renderer.materials().add(Material.color(0.6f, 0.58f, 0.55f).withSpecular(0.1f, 8f));

        SceneNode system = scene.rootNode().createChild("solar system");
        system.createChild("sun").setScale(3f, 3f, 3f)
                .attachObject(scene.createItem("sun", sphere, sunColor, renderer.meshes().bounds(sphere)));
        Light sunlight = scene.createLight("sunlight", Light.Type.POINT).setColor(1.6f, 1.45f, 1.2f).setRange(140f);
        system.createChild("sunlight").attachObject(sunlight);

        Random random = new Random(42);
        float[][] planets = {{7f, 0.6f}, {11f, 0.9f}, {16f, 1.2f}, {23f, 2.0f}, {31f, 1.5f}, {38f, 1.0f}};
        for (int p = 0; p < planets.length; p++) {
            float distance = planets[p][0];
            float size = planets[p][1];
            SceneNode orbit = orbit(system, "orbit " + p, 0.9f / (float) Math.sqrt(distance), random);
            SceneNode planet = orbit.createChild("planet " + p).setPosition(distance, 0, 0);
            planet.createChild("planet body " + p).setScale(size, size, size).attachObject(scene.createItem(
                    "planet " + p, sphere, colors + p % Palette.SIZE, renderer.meshes().bounds(sphere)));
            int moons = p < 2 ? 0 : p - 1;
            for (int m = 0; m < moons; m++) {
                SceneNode moonOrbit = orbit(planet, "moon orbit " + p + "." + m, 2.5f + m, random);
                moonOrbit.createChild("moon " + p + "." + m).setPosition(size * 1.6f + m * 0.8f, 0.2f * m, 0)
                        .setScale(0.25f, 0.25f, 0.25f).attachObject(scene.createItem(sphere, gray,
                                renderer.meshes().bounds(sphere)));
            }
            if (p == 3) {
                ring(scene, planet, size, ASTEROIDS, rock, gray, renderer, random);
            }
        }
        SceneNode companionOrbit = orbit(system, "companion orbit", 0.05f, random);
        SceneNode companion = companionOrbit.createChild("companion sun").setPosition(COMPANION_DISTANCE, 0, 0);
        int companionColor = renderer.materials().add(new Material(1f, 0.45f, 0.2f, 1f, 0f, 1f, 1f));
        companion.createChild("companion body").setScale(1.6f, 1.6f, 1.6f).attachObject(scene.createItem(
                "companion sun", sphere, companionColor, renderer.meshes().bounds(sphere)));
        companion.attachObject(scene.createLight("companion light", Light.Type.POINT).setColor(1f, 0.5f, 0.25f)
                .setRange(25f));
        SceneNode far = orbit(companion, "far planet orbit", 0.5f, random).createChild("far planet")
                .setPosition(6f, 0, 0);
        far.createChild("far planet body").setScale(0.9f, 0.9f, 0.9f).attachObject(scene.createItem(sphere,
                colors + 6, renderer.meshes().bounds(sphere)));
        ring(scene, far, 0.9f, ASTEROIDS / 3, rock, gray, renderer, random);
        nodes = scene.nodeCount();
        rig.orbit(COMPANION_DISTANCE * 0.3f, 0f, 0f, 75f, 0.5f, 0.55f);
    }

    private void ring(SceneManager scene, SceneNode planet, float size, int asteroids, int rock, int gray,
                      Renderer renderer, Random random) {
        SceneNode ring = orbit(planet, "asteroid ring", 0.4f, random);
        ring.pitch(0.35f, Space.LOCAL);
        for (int a = 0; a < asteroids; a++) {
            double angle = random.nextDouble() * Math.PI * 2;
            float radius = size * 2.2f + random.nextFloat() * size * 1.6f;
            float s = 0.04f + random.nextFloat() * 0.12f;
            ring.createChild().setPosition((float) Math.cos(angle) * radius, random.nextFloat() * 0.3f - 0.15f,
                            (float) Math.sin(angle) * radius).setScale(s, s * 0.7f, s)
                    .yaw(random.nextFloat() * 6f, Space.LOCAL)
                    .attachObject(scene.createItem(rock, gray, renderer.meshes().bounds(rock)));
        }
    }

    private SceneNode orbit(SceneNode parent, String name, float speed, Random random) {
        SceneNode orbit = parent.createChild(name).yaw(random.nextFloat() * 6.28f, Space.LOCAL);
        orbits.add(orbit);
        speeds = Arrays.copyOf(speeds, orbits.size());
        speeds[orbits.size() - 1] = speed;
        return orbit;
    }

    @Override
    public void update(double time, double dt) {
        for (int i = 0; i < orbits.size(); i++) {
            orbits.get(i).yaw((float) (speeds[i] * dt), Space.LOCAL);
        }
    }

    @Override
    public String status() {
        return orbits.size() + " orbits turning, " + nodes + " nodes inheriting them";
    }
}
