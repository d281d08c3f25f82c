package io.flatscene.render;

import io.flatscene.core.config.SceneConfig;
import io.flatscene.core.scene.Camera;
import io.flatscene.core.scene.Item;
import io.flatscene.core.scene.Light;
import io.flatscene.core.scene.SceneManager;
import io.flatscene.core.scene.SceneNode;
import io.flatscene.core.scene.Space;
import java.nio.file.Path;
import org.joml.Vector3f;

/** The scenes the golden images show, built the same way for every draw path. */
final class TestScenes {
    final SceneManager scene;
    final Camera camera;

    private TestScenes(SceneManager scene, Camera camera) {
        this.scene = scene;
        this.camera = camera;
    }

    private static TestScenes withCamera(SceneManager scene, int width, int height, Vector3f eye, Vector3f target) {
        Camera camera = scene.createCamera("eye");
        camera.setPerspective((float) Math.toRadians(50), 0.5f, 200f).setViewport(width, height);
        scene.rootNode().createChild("eye").setPosition(eye.x, eye.y, eye.z).lookAt(target, Space.PARENT)
                .attachObject(camera);
        return new TestScenes(scene, camera);
    }

    private static void sun(SceneManager scene, float yaw, float pitch) {
        Light sun = scene.createLight("sun", Light.Type.DIRECTIONAL);
        sun.setColor(0.9f, 0.85f, 0.8f);
        scene.rootNode().createChild("sun").yaw(yaw, Space.LOCAL).pitch(pitch, Space.LOCAL).attachObject(sun);
    }

    /** A 6 x 6 grid of cubes in six colors, lit by a directional light and a warm point light. */
    static TestScenes cubeGrid(Renderer renderer, int width, int height) {
        SceneManager scene = new SceneManager(SceneConfig.builder().validation(true).build());
        int cube = renderer.meshes().add(Meshes.cube(1f));
        int plane = renderer.meshes().add(Meshes.plane(14f, 14f));
        float[][] colors = {{0.9f, 0.2f, 0.2f}, {0.2f, 0.8f, 0.3f}, {0.2f, 0.4f, 0.9f}, {0.9f, 0.8f, 0.2f},
                {0.8f, 0.3f, 0.8f}, {0.2f, 0.8f, 0.8f}};
        int first = renderer.materials().count();
        for (float[] c : colors) {
            renderer.materials().add(Material.color(c[0], c[1], c[2]));
        }
        int floor = renderer.materials().add(Material.color(0.5f, 0.5f, 0.5f).withSpecular(0f, 1f));
        scene.rootNode().createChild("floor").setPosition(0, -0.5f, 0)
                .attachObject(scene.createItem("floor", plane, floor, renderer.meshes().bounds(plane)));
        for (int x = 0; x < 6; x++) {
            for (int z = 0; z < 6; z++) {
                Item item = scene.createItem(cube, first + (x + z) % colors.length, renderer.meshes().bounds(cube));
                scene.rootNode().createChild().setPosition(x * 2f - 5f, 0, z * 2f - 5f)
                        .yaw((x * 6 + z) * 0.3f, Space.LOCAL).attachObject(item);
            }
        }
        sun(scene, 0.6f, -0.9f);
        Light lamp = scene.createLight("lamp", Light.Type.POINT).setColor(1.0f, 0.6f, 0.3f).setRange(8f);
        scene.rootNode().createChild("lamp").setPosition(-3, 2, 3).attachObject(lamp);
        return withCamera(scene, width, height, new Vector3f(0, 11, 12), new Vector3f(0, -1, 0));
    }

    /** The directory of the test textures. */
    static final Path TEXTURES = Path.of("src", "test", "resources", "textures");

    /**
     * A 6 x 6 grid of textured cubes: a crate texture (64 x 64), a tile texture (32 x 32, another array), the crate
     * under a bump normal map, the tiles with a glowing emissive texture, and the crate on a red-tinted material; a
     * sphere with the tiles and the bumps on the floor, which wears the tiles too, under the cube grid's lights.
     */
    static TestScenes texturedCubeGrid(Renderer renderer, int width, int height) {
        SceneManager scene = new SceneManager(SceneConfig.builder().validation(true).build());
        TextureRegistry textures = renderer.textures();
        int crate = textures.load(TEXTURES.resolve("crate.png"), ColorSpace.SRGB);
        int tiles = textures.load(TEXTURES.resolve("tiles.png"), ColorSpace.SRGB);
        int bumps = textures.load(TEXTURES.resolve("bumps-normal.png"), ColorSpace.LINEAR);
        int glow = textures.load(TEXTURES.resolve("glow.png"), ColorSpace.SRGB);
        int cube = renderer.meshes().add(Meshes.cube(1.4f));
        int sphere = renderer.meshes().add(Meshes.sphere(0.8f, 24, 12));
        int plane = renderer.meshes().add(Meshes.plane(14f, 14f));
        Material white = Material.color(1f, 1f, 1f);
        int[] materials = {
            renderer.materials().add(white.withBaseColorTexture(crate)),
            renderer.materials().add(white.withBaseColorTexture(tiles)),
            renderer.materials().add(white.withBaseColorTexture(crate).withNormalTexture(bumps)),
            renderer.materials().add(white.withBaseColorTexture(tiles).withEmissiveTexture(glow).withEmission(1f)),
            renderer.materials().add(Material.color(1f, 0.5f, 0.5f).withBaseColorTexture(crate))};
        int floor = renderer.materials().add(Material.color(0.8f, 0.8f, 0.8f).withSpecular(0f, 1f)
                .withBaseColorTexture(tiles));
        int ball = renderer.materials().add(white.withBaseColorTexture(tiles).withNormalTexture(bumps));
        scene.rootNode().createChild("floor").setPosition(0, -0.7f, 0)
                .attachObject(scene.createItem("floor", plane, floor, renderer.meshes().bounds(plane)));
        for (int x = 0; x < 6; x++) {
            for (int z = 0; z < 6; z++) {
                int mesh = x == 2 && z == 3 ? sphere : cube;
                Item item = scene.createItem(mesh, mesh == sphere ? ball : materials[(x + z) % materials.length],
                        renderer.meshes().bounds(mesh));
                scene.rootNode().createChild().setPosition(x * 2f - 5f, 0, z * 2f - 5f)
                        .yaw((x * 6 + z) * 0.3f, Space.LOCAL).attachObject(item);
            }
        }
        sun(scene, 0.6f, -0.9f);
        Light lamp = scene.createLight("lamp", Light.Type.POINT).setColor(1.0f, 0.6f, 0.3f).setRange(8f);
        scene.rootNode().createChild("lamp").setPosition(-3, 2, 3).attachObject(lamp);
        return withCamera(scene, width, height, new Vector3f(0, 9, 10), new Vector3f(0, -1, 0));
    }

    /**
     * A 12 x 12 field of cubes sharing one white material, each tinted by its place (red grows along X, blue along
     * Z), every fifth transparent with a tint alpha of 0.4, and a row of spheres whose vertex colors run from
     * yellow at the north pole to cyan at the south, tinted half grey: per-instance and per-vertex color without
     * one material more.
     */
    static TestScenes tintedField(Renderer renderer, int width, int height) {
        SceneManager scene = new SceneManager(SceneConfig.builder().validation(true).build());
        int cube = renderer.meshes().add(Meshes.cube(0.9f));
        Mesh plain = Meshes.sphere(0.6f, 16, 8);
        float[] positions = plain.positions();
        float[] colors = new float[plain.vertexCount() * 4];
        for (int v = 0; v < plain.vertexCount(); v++) {
            float up = positions[v * 3 + 1] / 1.2f + 0.5f;
            colors[v * 4] = up;
            colors[v * 4 + 1] = 1f;
            colors[v * 4 + 2] = 1f - up;
            colors[v * 4 + 3] = 1f;
        }
        int sphere = renderer.meshes().add(plain.withColors(colors));
        int white = renderer.materials().add(Material.color(1f, 1f, 1f));
        for (int x = 0; x < 12; x++) {
            for (int z = 0; z < 12; z++) {
                boolean transparent = (x * 12 + z) % 5 == 0;
                Item item = scene.createItem(cube, white, renderer.meshes().bounds(cube)).setTransparent(transparent)
                        .setTint(x / 11f, 0.35f, z / 11f, transparent ? 0.4f : 1f);
                scene.rootNode().createChild().setPosition(x * 1.2f - 6.6f, 0, z * 1.2f - 6.6f).attachObject(item);
            }
        }
        for (int i = 0; i < 6; i++) {
            Item item = scene.createItem(sphere, white, renderer.meshes().bounds(sphere)).setTint(0.5f, 0.5f, 0.5f, 1f);
            scene.rootNode().createChild().setPosition(i * 2.4f - 6f, 1.5f, -8f).attachObject(item);
        }
        sun(scene, 0.5f, -1.0f);
        return withCamera(scene, width, height, new Vector3f(0, 12, 10), new Vector3f(0, 0, -1.5f));
    }

    /**
     * A sun with orbiting planets and moons, each orbit a node rotated about its parent, frozen at
     * {@code seconds}: the world matrices only come out right if parents' transforms reach their children.
     */
    static TestScenes hierarchy(Renderer renderer, int width, int height, float seconds) {
        SceneManager scene = new SceneManager(SceneConfig.builder().validation(true).build());
        int sphere = renderer.meshes().add(Meshes.sphere(1f, 24, 12));
        int cube = renderer.meshes().add(Meshes.cube(1f));
        int star = renderer.materials().add(new Material(1f, 0.85f, 0.3f, 1f, 0f, 1f));
        int planetBlue = renderer.materials().add(Material.color(0.25f, 0.45f, 0.95f));
        int planetRed = renderer.materials().add(Material.color(0.9f, 0.35f, 0.25f));
        int moonGray = renderer.materials().add(Material.color(0.7f, 0.7f, 0.7f));
        SceneNode sunNode = scene.rootNode().createChild("sun").yaw(seconds * 0.3f, Space.LOCAL);
        sunNode.createChild("sun body").setScale(1.5f, 1.5f, 1.5f)
                .attachObject(scene.createItem(sphere, star, renderer.meshes().bounds(sphere)));
        float[][] planets = {{4f, 0.8f, 0.6f}, {7f, 0.5f, 0.9f}};
        for (int p = 0; p < planets.length; p++) {
            SceneNode orbit = sunNode.createChild("orbit " + p).yaw(seconds * planets[p][1] + p * 2f, Space.LOCAL);
            SceneNode planet = orbit.createChild("planet " + p).setPosition(planets[p][0], 0, 0)
                    .setScale(planets[p][2], planets[p][2], planets[p][2]);
            planet.attachObject(scene.createItem(sphere, p == 0 ? planetBlue : planetRed,
                    renderer.meshes().bounds(sphere)));
            SceneNode moonOrbit = planet.createChild("moon orbit " + p).yaw(seconds * 2f, Space.LOCAL);
            moonOrbit.createChild("moon " + p).setPosition(2f, 0.5f, 0).setScale(0.4f, 0.4f, 0.4f)
                    .yaw(seconds, Space.LOCAL)
                    .attachObject(scene.createItem(cube, moonGray, renderer.meshes().bounds(cube)));
        }
        Light light = scene.createLight("star light", Light.Type.POINT).setColor(1.2f, 1.1f, 0.9f).setRange(30f);
        scene.rootNode().createChild("star light").setPosition(0, 3, 0).attachObject(light);
        sun(scene, -0.4f, -0.7f);
        return withCamera(scene, width, height, new Vector3f(0, 9, 13), new Vector3f(0, 0, 0));
    }

    /**
     * {@code count} cubes and spheres in a square field, each on its own child of the node named "field", in four
     * colors with every seventh item transparent, under a sun and two point lights, seen from high above its
     * middle: a field of 9,000 shows about 1,400, so culling has work and drawing stays cheap on a software
     * rasterizer. With the scene's two worker threads and 8,192 items or more, its frame passes run in parallel.
     */
    static TestScenes field(Renderer renderer, int width, int height, int count) {
        SceneManager scene = new SceneManager(SceneConfig.builder().maxNodes(count + 16).maxItems(count + 16)
                .workerThreads(2).build());
        int cube = renderer.meshes().add(Meshes.cube(0.8f));
        int sphere = renderer.meshes().add(Meshes.sphere(0.5f, 8, 4));
        int first = renderer.materials().count();
        renderer.materials().add(Material.color(0.9f, 0.3f, 0.2f));
        renderer.materials().add(Material.color(0.2f, 0.7f, 0.3f));
        renderer.materials().add(Material.color(0.2f, 0.4f, 0.9f));
        renderer.materials().add(Material.color(0.9f, 0.8f, 0.2f));
        int glass = renderer.materials().add(Material.color(0.6f, 0.8f, 0.9f).withAlpha(0.4f));
        SceneNode field = scene.rootNode().createChild("field");
        int side = (int) Math.ceil(Math.sqrt(count));
        for (int i = 0; i < count; i++) {
            int mesh = i % 3 == 0 ? sphere : cube;
            boolean transparent = i % 7 == 0;
            Item item = scene.createItem(mesh, transparent ? glass : first + i % 4, renderer.meshes().bounds(mesh))
                    .setTransparent(transparent);
            field.createChild().setPosition((i % side - side / 2f) * 1.5f, 0, (i / side - side / 2f) * 1.5f)
                    .attachObject(item);
        }
        sun(scene, 0.4f, -1.0f);
        for (int lamp = 0; lamp < 2; lamp++) {
            Light light = scene.createLight("lamp " + lamp, Light.Type.POINT).setColor(1f, 0.7f, 0.4f).setRange(12f);
            scene.rootNode().createChild("lamp " + lamp).setPosition(lamp * 10f - 5f, 3f, 0).attachObject(light);
        }
        return withCamera(scene, width, height, new Vector3f(0, 50, 10), new Vector3f(0, 0, 0));
    }

    /**
     * Forty cubes in a row along X from -19.5 to 19.5, the camera at the row's middle looking along +X with a
     * field of view narrow enough that everything behind it (the half at negative X) is culled.
     */
    static TestScenes halfCulled(Renderer renderer, int width, int height) {
        SceneManager scene = new SceneManager(SceneConfig.builder().validation(true).build());
        int cube = renderer.meshes().add(Meshes.cube(0.8f));
        int warm = renderer.materials().add(Material.color(0.95f, 0.55f, 0.2f));
        int cool = renderer.materials().add(Material.color(0.2f, 0.55f, 0.95f));
        for (int i = 0; i < 40; i++) {
            float x = i - 19.5f;
            scene.rootNode().createChild("cube " + i).setPosition(x, (i % 3) * 0.6f - 0.6f, (i % 2) * 1.2f - 0.6f)
                    .attachObject(scene.createItem(cube, x < 0 ? cool : warm, renderer.meshes().bounds(cube)));
        }
        sun(scene, -1.9f, -0.6f);
        return withCamera(scene, width, height, new Vector3f(0.1f, 1.5f, 0), new Vector3f(10, 0, 0));
    }

    /**
     * Each primitive beside the others on both sides of a cube: the cube's edges as lines around it, a helix as one
     * line strip, and a grid of points, every normal facing up into the sun.
     */
    static TestScenes linesAndPoints(Renderer renderer, int width, int height) {
        SceneManager scene = new SceneManager(SceneConfig.builder().validation(true).build());
        MeshRegistry meshes = renderer.meshes();
        float[] corners = {-1, -1, -1, 1, -1, -1, 1, 1, -1, -1, 1, -1, -1, -1, 1, 1, -1, 1, 1, 1, 1, -1, 1, 1};
        int[] edges = {0, 1, 1, 2, 2, 3, 3, 0, 4, 5, 5, 6, 6, 7, 7, 4, 0, 4, 1, 5, 2, 6, 3, 7};
        int box = meshes.add(Mesh.of(Primitive.LINES, "edges", corners, up(8), edges));
        int turns = 48;
        float[] helix = new float[turns * 3];
        int[] along = new int[turns];
        for (int i = 0; i < turns; i++) {
            double angle = i * Math.PI / 8;
            helix[i * 3] = (float) Math.cos(angle) * 0.8f;
            helix[i * 3 + 1] = i / (float) turns * 2f - 1f;
            helix[i * 3 + 2] = (float) Math.sin(angle) * 0.8f;
            along[i] = i;
        }
        int strip = meshes.add(Mesh.of(Primitive.LINE_STRIP, "helix", helix, up(turns), along));
        int side = 9;
        float[] grid = new float[side * side * 3];
        int[] each = new int[side * side];
        for (int i = 0; i < side * side; i++) {
            grid[i * 3] = (i % side) * 0.25f - 1f;
            grid[i * 3 + 2] = (i / side) * 0.25f - 1f;
            each[i] = i;
        }
        int points = meshes.add(Mesh.of(Primitive.POINTS, "grid", grid, up(side * side), each));
        int cube = meshes.add(Meshes.cube(1.2f));
        int gray = renderer.materials().add(Material.color(0.6f, 0.6f, 0.6f));
        int yellow = renderer.materials().add(Material.color(1f, 0.9f, 0.2f));
        int cyan = renderer.materials().add(Material.color(0.2f, 0.9f, 1f));
        int red = renderer.materials().add(Material.color(1f, 0.25f, 0.2f));
        place(scene, "cube", scene.createItem(cube, gray, meshes.bounds(cube)), 0);
        place(scene, "edges", scene.createItem(box, yellow, meshes.bounds(box)), 0);
        place(scene, "helix", scene.createItem(strip, cyan, meshes.bounds(strip)), -3f);
        place(scene, "grid", scene.createItem(points, red, meshes.bounds(points)), 3f);
        sun(scene, 0.3f, -1.2f);
        return withCamera(scene, width, height, new Vector3f(0, 3.5f, 6.5f), new Vector3f(0, 0, 0));
    }

    private static float[] up(int vertices) {
        float[] normals = new float[vertices * 3];
        for (int v = 0; v < vertices; v++) {
            normals[v * 3 + 1] = 1f;
        }
        return normals;
    }

    private static void place(SceneManager scene, String name, Item item, float x) {
        scene.rootNode().createChild(name).setPosition(x, 0, 0).attachObject(item);
    }
}
