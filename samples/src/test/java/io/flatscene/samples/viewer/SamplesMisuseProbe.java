package io.flatscene.samples.viewer;

import io.flatscene.assets.ModelImporter;
import io.flatscene.assets.SceneGltfExport;
import io.flatscene.core.config.SceneConfig;
import io.flatscene.core.scene.Aabb;
import io.flatscene.core.scene.DestroyMode;
import io.flatscene.core.scene.SceneManager;
import io.flatscene.core.scene.SceneNode;
import io.flatscene.render.Renderer;
import io.flatscene.render.RendererConfig;
import io.flatscene.render.context.HeadlessContext;
import io.flatscene.render.testing.ProbeCalls;
import io.flatscene.render.testing.ProbeCalls.Call;
import io.flatscene.samples.asteroids.AsteroidGame;
import io.flatscene.samples.asteroids.Look;
import io.flatscene.samples.towers.TowerDefence;
import io.flatscene.samples.towers.TowerLook;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import org.joml.Vector3f;

/**
 * Run in a child JVM by {@link SamplesMisuseTest}: makes a renderer, a scene with an imported model, an asteroid game
 * and a tower game in it, puts them in the state a {@link Misuse} names, then calls every public method and
 * constructor of the samples' types that take a scene or a renderer and prints a line on stdout for each call, what
 * it returned or threw. A call that crashes the JVM ends the child, and the test reports that with the lines before
 * it. Last it tears everything down and reports the native memory the calls left allocated through LWJGL, which
 * must be none.
 *
 * <p>Arguments: the misuse, and a directory for the files the calls read and write.
 */
public final class SamplesMisuseProbe {
    /** Few, so that each construction is quick; the game's own tests play it at size. */
    private static final int ASTEROIDS = 40;

    /** The states in which the calls are made, and the two kinds of bad argument. */
    enum Misuse {
        /** The scene closed, the renderer and its context as they were. */
        CLOSED_SCENE,
        /** The import's parent node, and every node the game made, destroyed. */
        DESTROYED,
        /** The renderer closed, its context still current. */
        CLOSED_RENDERER,
        /** Called from a thread that is not the renderer's, with no context current. */
        WRONG_THREAD,
        /** No context current on the renderer's thread. */
        NO_CONTEXT,
        /** Another context current on the renderer's thread. */
        OTHER_CONTEXT,
        /** The renderer's context closed before the renderer. */
        CONTEXT_CLOSED,
        /** Every object as it should be, each reference argument null in turn. */
        NULL_ARGUMENT,
        /** Every object as it should be, arguments no caller should pass. */
        GARBAGE_ARGUMENT
    }

    private SamplesMisuseProbe() {
    }

    public static void main(String[] args) throws Exception {
        Misuse misuse = Misuse.valueOf(args[0]);
        Path dir = Path.of(args[1]);
        byte[] rover = rover();
        Path roverFile = Files.write(dir.resolve("rover.gltf"), rover);
        HeadlessContext context = HeadlessContext.create();
        // a first whole cycle makes what LWJGL and Assimp allocate once per thread or process before the baseline
        Subjects warmUp = new Subjects(rover);
        runAll(calls(warmUp, roverFile, dir), false);
        warmUp.close();
        Map<Long, Long> baseline = ProbeCalls.liveAllocations();
        Subjects subjects = new Subjects(rover);
        Map<String, Call> calls = switch (misuse) {
            case NULL_ARGUMENT -> nullArguments(subjects, roverFile, dir);
            case GARBAGE_ARGUMENT -> garbageArguments(subjects, dir);
            default -> calls(subjects, roverFile, dir);
        };
        HeadlessContext other = null;
        switch (misuse) {
            case CLOSED_SCENE -> subjects.scene.close();
            case DESTROYED -> {
                SceneNode root = subjects.scene.rootNode();
                while (root.childCount() > 0) {
                    subjects.scene.destroySceneNode(root.child(0), DestroyMode.SUBTREE);
                }
            }
            case CLOSED_RENDERER -> subjects.renderer.close();
            case NO_CONTEXT -> {
                // closing the context current here leaves none current, and the renderer's open
                HeadlessContext.create().close();
            }
            case OTHER_CONTEXT -> other = HeadlessContext.create();
            case CONTEXT_CLOSED -> context.close();
            default -> {
            }
        }
        if (misuse == Misuse.WRONG_THREAD) {
            Thread intruder = new Thread(() -> runAll(calls, true), "intruder");
            intruder.start();
            intruder.join();
        } else {
            runAll(calls, true);
        }
        if (other != null) {
            other.close();
        }
        if (misuse != Misuse.CONTEXT_CLOSED) {
            context.makeCurrent();
        }
        subjects.close();
        context.close();
        Map<Long, Long> left = ProbeCalls.liveAllocations();
        left.keySet().removeAll(baseline.keySet());
        System.out.println(ProbeCalls.leakLine(left));
        System.out.println(ProbeCalls.FINISHED);
    }

    private static byte[] rover() throws IOException {
        try (InputStream in = ModelScene.class.getResourceAsStream(ModelScene.DEFAULT_MODEL)) {
            return in.readAllBytes();
        }
    }

    /** Makes each call and, if {@code report}, prints its outcome on stdout, one line each. */
    static void runAll(Map<String, Call> calls, boolean report) {
        ProbeCalls.runAll(calls, report ? System.out : null);
    }

    /** Every public call of the types that take a scene or a renderer, with arguments that are right. */
    private static Map<String, Call> calls(Subjects s, Path roverFile, Path dir) {
        Map<String, Call> calls = new LinkedHashMap<>();
        calls.put("ModelImporter.load(Path,Renderer,SceneManager,SceneNode)",
                () -> ModelImporter.load(roverFile, s.renderer, s.scene, s.parent));
        calls.put("ModelImporter.load(String,ByteBuffer,String,Renderer,SceneManager,SceneNode)",
                () -> ModelImporter.load("rover", ByteBuffer.wrap(s.rover), "gltf", s.renderer, s.scene, s.parent));
        calls.put("SceneGltfExport.write(SceneManager,Renderer,Path)",
                () -> SceneGltfExport.write(s.scene, s.renderer, dir.resolve("scene.gltf")));
        calls.put("Look.register(Renderer)", () -> Look.register(s.renderer));
        calls.put("AsteroidGame(SceneManager,Look,int,long)", () -> new AsteroidGame(s.scene, s.look, ASTEROIDS, 2L));
        calls.put("AsteroidGame.tick()", s.game::tick);
        calls.put("AsteroidGame.chaseNode()", s.game::chaseNode);
        calls.put("AsteroidGame.ticks()", s.game::ticks);
        calls.put("AsteroidGame.score()", s.game::score);
        calls.put("AsteroidGame.asteroidsLeft()", s.game::asteroidsLeft);
        calls.put("AsteroidGame.asteroidsAtStart()", s.game::asteroidsAtStart);
        calls.put("AsteroidGame.bulletsAlive()", s.game::bulletsAlive);
        calls.put("AsteroidGame.bulletsFired()", s.game::bulletsFired);
        calls.put("AsteroidGame.hits()", s.game::hits);
        calls.put("TowerLook.register(Renderer,SceneManager)", () -> TowerLook.register(s.renderer, s.scene));
        calls.put("TowerDefence(SceneManager,TowerLook,long)", () -> new TowerDefence(s.scene, s.towerLook, 2L));
        calls.put("TowerDefence.tick()", s.towers::tick);
        calls.put("TowerDefence.labelAnchor(int,Vector3f)", () -> s.towers.labelAnchor(0, new Vector3f()));
        calls.put("TowerDefence.turretCount()", s.towers::turretCount);
        calls.put("TowerDefence.kills(int)", () -> s.towers.kills(0));
        calls.put("TowerDefence.score()", s.towers::score);
        return calls;
    }

    /** Each reference argument of each call null in turn, named after the call's signature. */
    private static Map<String, Call> nullArguments(Subjects s, Path roverFile, Path dir) {
        String load = "ModelImporter.load(Path,Renderer,SceneManager,SceneNode)";
        String loadMemory = "ModelImporter.load(String,ByteBuffer,String,Renderer,SceneManager,SceneNode)";
        String write = "SceneGltfExport.write(SceneManager,Renderer,Path)";
        String game = "AsteroidGame(SceneManager,Look,int,long)";
        Map<String, Call> calls = new LinkedHashMap<>();
        calls.put(load + " file", () -> ModelImporter.load(null, s.renderer, s.scene, s.parent));
        calls.put(load + " renderer", () -> ModelImporter.load(roverFile, null, s.scene, s.parent));
        calls.put(load + " scene", () -> ModelImporter.load(roverFile, s.renderer, null, s.parent));
        calls.put(load + " parent", () -> ModelImporter.load(roverFile, s.renderer, s.scene, null));
        ByteBuffer data = ByteBuffer.wrap(s.rover);
        calls.put(loadMemory + " name", () -> ModelImporter.load(null, data, "gltf", s.renderer, s.scene, s.parent));
        calls.put(loadMemory + " data", () -> ModelImporter.load("rover", null, "gltf", s.renderer, s.scene,
                s.parent));
        calls.put(loadMemory + " formatHint", () -> ModelImporter.load("rover", data, null, s.renderer, s.scene,
                s.parent));
        calls.put(loadMemory + " renderer", () -> ModelImporter.load("rover", data, "gltf", null, s.scene,
                s.parent));
        calls.put(loadMemory + " scene", () -> ModelImporter.load("rover", data, "gltf", s.renderer, null,
                s.parent));
        calls.put(loadMemory + " parent", () -> ModelImporter.load("rover", data, "gltf", s.renderer, s.scene,
                null));
        calls.put(write + " scene", () -> SceneGltfExport.write(null, s.renderer, dir.resolve("scene.gltf")));
        calls.put(write + " renderer", () -> SceneGltfExport.write(s.scene, null, dir.resolve("scene.gltf")));
        calls.put(write + " gltf", () -> SceneGltfExport.write(s.scene, s.renderer, null));
        calls.put("Look.register(Renderer) renderer", () -> Look.register(null));
        calls.put(game + " scene", () -> new AsteroidGame(null, s.look, ASTEROIDS, 2L));
        calls.put(game + " look", () -> new AsteroidGame(s.scene, null, ASTEROIDS, 2L));
        String register = "TowerLook.register(Renderer,SceneManager)";
        calls.put(register + " renderer", () -> TowerLook.register(null, s.scene));
        calls.put(register + " scene", () -> TowerLook.register(s.renderer, null));
        String towers = "TowerDefence(SceneManager,TowerLook,long)";
        calls.put(towers + " scene", () -> new TowerDefence(null, s.towerLook, 2L));
        calls.put(towers + " look", () -> new TowerDefence(s.scene, null, 2L));
        calls.put("TowerDefence.labelAnchor(int,Vector3f) dest", () -> s.towers.labelAnchor(0, null));
        return calls;
    }

    /** Arguments of the right types that no caller should pass, each named after what is wrong with it. */
    private static Map<String, Call> garbageArguments(Subjects s, Path dir) throws IOException {
        String load = "ModelImporter.load(Path,Renderer,SceneManager,SceneNode)";
        String loadMemory = "ModelImporter.load(String,ByteBuffer,String,Renderer,SceneManager,SceneNode)";
        String write = "SceneGltfExport.write(SceneManager,Renderer,Path)";
        String game = "AsteroidGame(SceneManager,Look,int,long)";
        Map<String, Call> calls = new LinkedHashMap<>();
        Path folder = Files.createDirectory(dir.resolve("folder.gltf"));
        Path notJson = Files.writeString(dir.resolve("noise.gltf"), "\u0000\u0001 not json", StandardCharsets.UTF_8);
        calls.put(load + " a directory", () -> ModelImporter.load(folder, s.renderer, s.scene, s.parent));
        calls.put(load + " no such file", () -> ModelImporter.load(dir.resolve("none.glb"), s.renderer, s.scene,
                s.parent));
        calls.put(load + " the empty path", () -> ModelImporter.load(Path.of(""), s.renderer, s.scene, s.parent));
        calls.put(load + " not a model", () -> ModelImporter.load(notJson, s.renderer, s.scene, s.parent));
        calls.put(load + " a parent of another scene", () -> ModelImporter.load(folder, s.renderer, s.scene,
                s.otherScene.rootNode()));
        ByteBuffer empty = ByteBuffer.allocate(0);
        calls.put(loadMemory + " no data", () -> ModelImporter.load("rover", empty, "gltf", s.renderer, s.scene,
                s.parent));
        calls.put(loadMemory + " an unknown format", () -> ModelImporter.load("rover", ByteBuffer.wrap(s.rover),
                "fbx", s.renderer, s.scene, s.parent));
        calls.put(loadMemory + " an empty format", () -> ModelImporter.load("rover", ByteBuffer.wrap(s.rover), "",
                s.renderer, s.scene, s.parent));
        calls.put(loadMemory + " the wrong format", () -> ModelImporter.load("rover", ByteBuffer.wrap(s.rover),
                "obj", s.renderer, s.scene, s.parent));
        calls.put(write + " a file system root", () -> SceneGltfExport.write(s.scene, s.renderer, dir.getRoot()));
        calls.put(write + " not a .gltf name", () -> SceneGltfExport.write(s.scene, s.renderer,
                dir.resolve("scene.obj")));
        calls.put(write + " a missing directory", () -> SceneGltfExport.write(s.scene, s.renderer,
                dir.resolve("missing").resolve("scene.gltf")));
        calls.put(game + " fewer than no asteroids", () -> new AsteroidGame(s.scene, s.look, -1, 2L));
        calls.put(game + " more asteroids than a scene holds", () -> new AsteroidGame(s.scene, s.look,
                Integer.MAX_VALUE, 2L));
        Aabb unit = new Aabb(0f, 0f, 0f, 1f, 1f, 1f);
        calls.put(game + " a look without bounds", () -> new AsteroidGame(s.scene, new Look(0, null, 0, null, 0,
                null, 0, 0, 0, 0, 0), ASTEROIDS, 2L));
        calls.put(game + " a look with negative ids", () -> new AsteroidGame(s.scene, new Look(-1, unit, -1, unit,
                -1, unit, -1, -1, -1, -1, -1), ASTEROIDS, 2L));
        calls.put("TowerDefence.kills(int) a turret that is not there", () -> s.towers.kills(s.towers.turretCount()));
        calls.put("TowerDefence.labelAnchor(int,Vector3f) a negative turret", () -> s.towers.labelAnchor(-1,
                new Vector3f()));
        return calls;
    }

    /**
     * A renderer with the game's look registered, a scene with the bundled model and an asteroid game in it, and a
     * second scene: each call would really reach the renderer and the scene.
     */
    private static final class Subjects {
        final byte[] rover;
        final Renderer renderer;
        final SceneManager scene;
        final SceneManager otherScene;
        final SceneNode parent;
        final Look look;
        final AsteroidGame game;
        final TowerLook towerLook;
        final TowerDefence towers;

        Subjects(byte[] rover) {
            this.rover = rover;
            renderer = new Renderer(RendererConfig.defaults());
            scene = new SceneManager(SceneConfig.defaults());
            otherScene = new SceneManager(SceneConfig.defaults());
            parent = scene.rootNode().createChild("models");
            ModelScene.loadDefault(renderer, scene, parent);
            look = Look.register(renderer);
            game = new AsteroidGame(scene, look, ASTEROIDS, 1L);
            towerLook = TowerLook.register(renderer, scene);
            towers = new TowerDefence(scene, towerLook, 1L);
            scene.update();
        }

        /** Closing what was closed already does nothing. */
        void close() {
            renderer.close();
            scene.close();
            otherScene.close();
        }
    }
}
