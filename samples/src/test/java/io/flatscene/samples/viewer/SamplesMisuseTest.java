package io.flatscene.samples.viewer;

import io.flatscene.assets.ImportedModel;
import io.flatscene.assets.ModelException;
import io.flatscene.assets.ModelImporter;
import io.flatscene.assets.SceneGltfExport;
import io.flatscene.assets.testing.ChildJvm;
import io.flatscene.render.testing.ProbeCalls;
import io.flatscene.samples.asteroids.AsteroidGame;
import io.flatscene.samples.asteroids.Look;
import io.flatscene.samples.embedding.EmbeddedGameExample;
import io.flatscene.samples.readme.FirstScene;
import io.flatscene.samples.readme.GameData;
import io.flatscene.samples.readme.RenderToImage;
import io.flatscene.samples.towers.TowerDefence;
import io.flatscene.samples.towers.TowerLook;
import io.flatscene.samples.viewer.SamplesMisuseProbe.Misuse;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.reflect.Constructor;
import java.lang.reflect.Executable;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.RecordComponent;
import java.net.URISyntaxException;
import java.nio.file.FileSystem;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Every public method and constructor of every public type of the samples and of scene-assets that takes a scene or a
 * renderer, called with the scene closed, with destroyed nodes, with the renderer closed, from a wrong thread, with no
 * context or another one current, after the renderer's context closed, and with null and garbage arguments: each
 * either refuses with an exception naming the object and the rule broken, or works in that state (a plain read, or a
 * scene change the state does not touch), and never crashes the JVM. The calls run in a child JVM
 * ({@link SamplesMisuseProbe}), since a regression in GL or Assimp code aborts or crashes it; the child also proves
 * that whatever the state, the calls leave no native memory allocated.
 *
 * <p>The set of calls is checked against the public types by reflection, so a new public method, or a new public
 * type, fails here until its misuse is covered. The entry points end the JVM: the viewer's is called here through
 * {@link Viewer#run} with command lines no launcher passes ({@link ViewerCommandLineTest} has those a user may type),
 * the embedding example's in a JVM of its own with ones a user may type.
 */
class SamplesMisuseTest {
    /** Types that take a scene or a renderer: every public member is called by the probe. */
    private static final List<Class<?>> PROBED_TYPES = List.of(ModelImporter.class, SceneGltfExport.class,
            AsteroidGame.class, Look.class, TowerDefence.class, TowerLook.class);
    /** Programs: a main method and nothing else public, called below. */
    private static final List<Class<?>> ENTRY_POINTS = List.of(Viewer.class, EmbeddedGameExample.class,
            FirstScene.class, GameData.class, RenderToImage.class);
    /** Values: no scene, renderer, thread or context. */
    private static final List<Class<?>> PLAIN_DATA = List.of(ImportedModel.class, ModelException.class,
            TowerDefence.Score.class);

    /** How a call must behave in each misuse. */
    private enum Role {
        /** Imports a model: refused for the scene's state, and for the renderer's as a {@link ModelException}. */
        IMPORT,
        /** Registers with the renderer: refused for the renderer's state. */
        REGISTER,
        /** Imports a model into the scene to register it: refused for the scene's state and the renderer's. */
        IMPORT_TO_REGISTER,
        /** Reads or builds on the scene: refused once the scene is closed. */
        SCENE,
        /** Reads the scene and the renderer's textures back: refused for the scene's state and the renderer's. */
        EXPORT,
        /** Moves the game's nodes: refused once the scene is closed or they are destroyed. */
        TICK,
        /** Reads what the game counted: works in every state. */
        PLAIN
    }

    private static final Map<String, Role> ROLES = roles();

    private static Map<String, Role> roles() {
        Map<String, Role> roles = new LinkedHashMap<>();
        for (String importing : List.of("ModelImporter.load(Path,Renderer,SceneManager,SceneNode)",
                "ModelImporter.load(String,ByteBuffer,String,Renderer,SceneManager,SceneNode)")) {
            roles.put(importing, Role.IMPORT);
        }
        roles.put("Look.register(Renderer)", Role.REGISTER);
        roles.put("SceneGltfExport.write(SceneManager,Renderer,Path)", Role.EXPORT);
        roles.put("AsteroidGame(SceneManager,Look,int,long)", Role.SCENE);
        roles.put("AsteroidGame.tick()", Role.TICK);
        roles.put("TowerLook.register(Renderer,SceneManager)", Role.IMPORT_TO_REGISTER);
        roles.put("TowerDefence(SceneManager,TowerLook,long)", Role.SCENE);
        roles.put("TowerDefence.tick()", Role.TICK);
        for (String plain : List.of("AsteroidGame.chaseNode()", "AsteroidGame.ticks()", "AsteroidGame.score()",
                "AsteroidGame.asteroidsLeft()", "AsteroidGame.asteroidsAtStart()", "AsteroidGame.bulletsAlive()",
                "AsteroidGame.bulletsFired()", "AsteroidGame.hits()", "TowerDefence.labelAnchor(int,Vector3f)",
                "TowerDefence.turretCount()", "TowerDefence.kills(int)", "TowerDefence.score()")) {
            roles.put(plain, Role.PLAIN);
        }
        return roles;
    }

    /**
     * The outcome a call must have: returned, or an exception of this simple name whose message holds these
     * fragments, or is the one fragment as a whole.
     */
    private record Expected(String exception, List<String> fragments, boolean whole) {
        static final Expected RETURNED = new Expected(null, List.of(), false);

        static Expected thrown(String exception, String... fragments) {
            return new Expected(exception, List.of(fragments), false);
        }

        static Expected message(String exception, String message) {
            return new Expected(exception, List.of(message), true);
        }

        boolean matches(String outcome) {
            if (exception == null) {
                return outcome.equals(ProbeCalls.RETURNED);
            }
            return whole ? outcome.equals(exception + ": " + fragments.get(0))
                    : outcome.startsWith(exception + ": ") && fragments.stream().allMatch(outcome::contains);
        }

        @Override
        public String toString() {
            return exception == null ? "to return" : exception + " with " + fragments;
        }
    }

    /** What the renderer says when it refuses a call in this state; empty where it works. */
    private static List<String> rendererRefusal(Misuse misuse) {
        return switch (misuse) {
            case CLOSED_RENDERER -> List.of("the renderer was closed");
            case WRONG_THREAD -> List.of("the renderer belongs to thread 'main'", "'intruder'");
            case NO_CONTEXT -> List.of("the OpenGL context of the renderer is not current on thread 'main'",
                    "no context is");
            case OTHER_CONTEXT -> List.of("the OpenGL context of the renderer is not current on thread 'main'",
                    "another context is");
            case CONTEXT_CLOSED -> List.of("the OpenGL context of the renderer", "was closed",
                    "close the renderer before its context");
            default -> List.of();
        };
    }

    /** What the scene says to a thread that does not own it: the scene is checked before the renderer. */
    private static final Expected SCENE_ELSEWHERE = Expected.thrown("IllegalStateException",
            "the scene belongs to thread 'main', not to thread 'intruder'", "SceneManager.handOver");

    private static Expected expected(Misuse misuse, String call) {
        List<String> refusal = rendererRefusal(misuse);
        return switch (ROLES.get(call)) {
            case IMPORT -> switch (misuse) {
                case CLOSED_SCENE -> Expected.thrown("IllegalStateException", "cannot import a model under node",
                        "'models'", "its scene was closed");
                case DESTROYED -> Expected.thrown("IllegalStateException", "cannot import a model under node",
                        "'models'", "it was destroyed");
                default -> Expected.thrown("ModelException", Stream.concat(Stream.of("the renderer refused it: "),
                        refusal.stream()).toArray(String[]::new));
            };
            case REGISTER -> refusal.isEmpty() ? Expected.RETURNED
                    : Expected.thrown("IllegalStateException", refusal.toArray(String[]::new));
            case IMPORT_TO_REGISTER -> misuse == Misuse.CLOSED_SCENE
                    ? Expected.thrown("IllegalStateException", "the scene was closed")
                    : misuse == Misuse.WRONG_THREAD ? SCENE_ELSEWHERE
                    : refusal.isEmpty() ? Expected.RETURNED
                    : Expected.thrown("ModelException", Stream.concat(Stream.of("the renderer refused it: "),
                    refusal.stream()).toArray(String[]::new));
            case EXPORT -> misuse == Misuse.CLOSED_SCENE
                    ? Expected.thrown("IllegalStateException", "the scene was closed")
                    : misuse == Misuse.WRONG_THREAD ? SCENE_ELSEWHERE
                    : refusal.isEmpty() ? Expected.RETURNED
                    : Expected.thrown("IllegalStateException", refusal.toArray(String[]::new));
            case SCENE -> misuse == Misuse.CLOSED_SCENE
                    ? Expected.thrown("IllegalStateException", "the scene was closed")
                    : misuse == Misuse.WRONG_THREAD ? SCENE_ELSEWHERE : Expected.RETURNED;
            case TICK -> switch (misuse) {
                // "the scene was closed" from a call on the scene, "its scene was closed" from one on its objects
                case CLOSED_SCENE -> Expected.thrown("IllegalStateException", "scene was closed");
                case WRONG_THREAD -> SCENE_ELSEWHERE;
                case DESTROYED -> Expected.thrown("IllegalStateException", "was destroyed");
                default -> Expected.RETURNED;
            };
            case PLAIN -> Expected.RETURNED;
        };
    }

    /** Each argument the probe gets wrong on purpose, by call and what is wrong with it. */
    private static final Map<String, Expected> GARBAGE = garbage();

    private static Map<String, Expected> garbage() {
        String load = "ModelImporter.load(Path,Renderer,SceneManager,SceneNode) ";
        String loadMemory = "ModelImporter.load(String,ByteBuffer,String,Renderer,SceneManager,SceneNode) ";
        String write = "SceneGltfExport.write(SceneManager,Renderer,Path) ";
        String game = "AsteroidGame(SceneManager,Look,int,long) ";
        String gameCount = "an asteroid game of %d asteroids: the count must be from 0 to 134217727";
        Map<String, Expected> garbage = new LinkedHashMap<>();
        garbage.put(load + "a directory", Expected.thrown("ModelException", "folder.gltf': not a regular file"));
        garbage.put(load + "no such file", Expected.thrown("ModelException", "none.glb': no such file"));
        garbage.put(load + "the empty path", Expected.thrown("ModelException", "'': not a regular file"));
        garbage.put(load + "not a model", Expected.thrown("ModelException", "noise.gltf': its glTF JSON is not "
                + "valid"));
        garbage.put(load + "a parent of another scene", Expected.thrown("IllegalArgumentException",
                "cannot import a model under node", "'root': it belongs to another scene"));
        garbage.put(loadMemory + "no data", Expected.thrown("ModelException", "'rover': no data (0 bytes)"));
        garbage.put(loadMemory + "an unknown format", Expected.thrown("ModelException",
                "'rover': unsupported format hint 'fbx'"));
        garbage.put(loadMemory + "an empty format", Expected.thrown("ModelException",
                "'rover': unsupported format hint ''"));
        garbage.put(loadMemory + "the wrong format", Expected.thrown("ModelException",
                "'rover': Assimp could not read it"));
        garbage.put(write + "a file system root", Expected.thrown("IllegalArgumentException",
                "the file name must end in .gltf"));
        garbage.put(write + "not a .gltf name", Expected.thrown("IllegalArgumentException", "scene.obj: the file "
                + "name must end in .gltf"));
        garbage.put(write + "a missing directory", Expected.thrown("NoSuchFileException", "missing"));
        garbage.put(game + "fewer than no asteroids", Expected.thrown("IllegalArgumentException",
                String.format(gameCount, -1)));
        garbage.put(game + "more asteroids than a scene holds", Expected.thrown("IllegalArgumentException",
                String.format(gameCount, Integer.MAX_VALUE)));
        garbage.put(game + "a look without bounds", Expected.thrown("IllegalArgumentException", "bounds"));
        garbage.put(game + "a look with negative ids", Expected.thrown("IllegalArgumentException", "mesh id -1"));
        garbage.put("TowerDefence.kills(int) a turret that is not there", Expected.thrown(
                "IndexOutOfBoundsException", "Index 9 out of bounds for length 9"));
        garbage.put("TowerDefence.labelAnchor(int,Vector3f) a negative turret", Expected.thrown(
                "IndexOutOfBoundsException", "Index -1 out of bounds for length 9"));
        return garbage;
    }

    @ParameterizedTest
    @EnumSource(Misuse.class)
    void everyCallRefusesClearlyOrWorksAndNothingCrashesOrLeaks(Misuse misuse, @TempDir Path dir) throws Exception {
        ChildJvm.Run run = ChildJvm.run(SamplesMisuseProbe.class, 120,
                "-Dorg.lwjgl.util.DebugAllocator=true", misuse.name(), dir.toString());
        String described = "\n--- stdout ---\n" + run.out() + "\n--- stderr ---\n" + run.err();
        assertEquals(0, run.status(), "the probe ended with status " + run.status() + described);
        assertTrue(run.out().contains(ProbeCalls.FINISHED), "the probe did not finish" + described);
        assertTrue(run.out().contains(ProbeCalls.NO_NATIVE_MEMORY_LEFT), described);
        Map<String, String> outcomes = ProbeCalls.outcomes(run.out());
        Map<String, Expected> expected = switch (misuse) {
            case NULL_ARGUMENT -> nullArguments(outcomes.keySet());
            case GARBAGE_ARGUMENT -> GARBAGE;
            default -> ROLES.keySet().stream().collect(Collectors.toMap(call -> call, call -> expected(misuse, call),
                    (a, b) -> a, LinkedHashMap::new));
        };
        assertEquals(new TreeSet<>(expected.keySet()), new TreeSet<>(outcomes.keySet()), "calls the probe made");
        StringBuilder wrong = new StringBuilder();
        expected.forEach((call, outcome) -> {
            if (!outcome.matches(outcomes.get(call))) {
                wrong.append("\n").append(call).append(": expected ").append(outcome).append(", got ")
                        .append(outcomes.get(call));
            }
        });
        assertTrue(wrong.isEmpty(), misuse + ":" + wrong);
    }

    /**
     * A null for each reference parameter of each call, refused with a {@link NullPointerException} naming the
     * parameter: the probe names each case after the call and the parameter, and there must be one per parameter.
     */
    private static Map<String, Expected> nullArguments(Set<String> made) {
        Map<String, Expected> expected = new LinkedHashMap<>();
        for (String call : made) {
            String parameter = call.substring(call.lastIndexOf(' ') + 1);
            expected.put(call, Expected.message("NullPointerException", parameter));
        }
        Map<String, Long> perCall = made.stream().collect(Collectors.groupingBy(
                call -> call.substring(0, call.lastIndexOf(' ')), Collectors.counting()));
        Map<String, Long> referenceParameters = new LinkedHashMap<>();
        for (String call : ROLES.keySet()) {
            long references = Arrays.stream(call.substring(call.indexOf('(') + 1, call.length() - 1).split(","))
                    .filter(type -> !type.isEmpty() && !List.of("int", "long").contains(type)).count();
            if (references > 0) {
                referenceParameters.put(call, references);
            }
        }
        assertEquals(referenceParameters, perCall, "null arguments the probe passes, by call");
        return expected;
    }

    @Test
    void theProbeCallsEveryPublicMemberOfTheTypesTakingASceneOrARenderer() {
        Set<String> members = new TreeSet<>();
        for (Class<?> type : PROBED_TYPES) {
            members.addAll(publicMembers(type));
        }
        assertEquals(members, new TreeSet<>(ROLES.keySet()), "public members and the roles the test gives them");
    }

    @Test
    void theEntryPointsHaveOnlyTheirMain() {
        for (Class<?> type : ENTRY_POINTS) {
            assertEquals(Set.of(type.getSimpleName() + ".main(String[])"), publicMembers(type));
        }
    }

    /**
     * A public type added to the samples, or to scene-assets (whose importer the viewer runs, probed here with the
     * viewer's types), must be classified here, and its misuse covered.
     */
    @Test
    void everyPublicTypeIsCoveredOrPlainData() throws IOException, URISyntaxException {
        Set<String> publicTypes = new TreeSet<>();
        for (Class<?> module : List.of(Viewer.class, ModelImporter.class)) {
            Path location = Path.of(module.getProtectionDomain().getCodeSource().getLocation().toURI());
            // a module of the same reactor build is its classes folder in a test run, its jar in a verify
            try (FileSystem jar = Files.isDirectory(location) ? null : FileSystems.newFileSystem(location)) {
                Path classes = jar == null ? location : jar.getPath("/");
                try (Stream<Path> files = Files.walk(classes)) {
                    for (Path file : (Iterable<Path>) files.filter(f -> f.toString().endsWith(".class"))::iterator) {
                        String name = classes.relativize(file).toString()
                                .replace(file.getFileSystem().getSeparator(), ".").replaceAll("\\.class$", "");
                        if (name.endsWith("package-info") || name.equals("module-info")) {
                            continue;
                        }
                        Class<?> type = load(name);
                        if (isVisible(type)) {
                            publicTypes.add(type.getName());
                        }
                    }
                }
            }
        }
        Set<String> classified = Stream.of(PROBED_TYPES, ENTRY_POINTS, PLAIN_DATA).flatMap(List::stream)
                .map(Class::getName).collect(Collectors.toCollection(TreeSet::new));
        assertEquals(classified, publicTypes);
    }

    /** Public, and every type enclosing it public too. */
    private static boolean isVisible(Class<?> type) {
        for (Class<?> t = type; t != null; t = t.getEnclosingClass()) {
            if (!Modifier.isPublic(t.getModifiers())) {
                return false;
            }
        }
        return true;
    }

    @Test
    void theViewerRefusesACommandLineHoldingNull() {
        ViewerCommandLineTest.assertRejected("the command line null holds null", (String[]) null);
        ViewerCommandLineTest.assertRejected("the command line [--scene, null] holds null", "--scene", null);
        ViewerCommandLineTest.assertRejected("the command line [null] holds null", (String) null);
    }

    @Test
    void theEmbeddedGameRefusesACommandLineItCannotUseOnOneLine() throws Exception {
        for (List<String> args : List.of(List.of("--frames", "0"), List.of("--frames", "lots"), List.of("--frames"),
                List.of("--fast"), List.of("--frames", "1000000000"))) {
            ChildJvm.Run run = ChildJvm.run(EmbeddedGameExample.class, 60, args.toArray(String[]::new));
            assertEquals(2, run.status(), run.err());
            assertEquals(List.of("EmbeddedGameExample: cannot use the command line " + args + "; usage: "
                    + "EmbeddedGameExample [--frames N], N a whole number from 1 to 999999999"),
                    run.err().lines().toList());
            assertEquals("", run.out());
        }
    }

    /** A member as the probe names it: {@code Type.method(Param,...)}, or {@code Type(Param,...)}. */
    private static Set<String> publicMembers(Class<?> type) {
        Set<String> members = new TreeSet<>();
        Set<String> components = type.isRecord() ? Arrays.stream(type.getRecordComponents())
                .map(RecordComponent::getName).collect(Collectors.toSet()) : Set.of();
        List<Executable> executables = new ArrayList<>(List.of(type.getConstructors()));
        executables.addAll(List.of(type.getDeclaredMethods()));
        for (Executable executable : executables) {
            boolean accessor = executable instanceof Method method && method.getParameterCount() == 0
                    && components.contains(method.getName());
            // a record's components and its canonical constructor are plain data
            boolean canonical = executable instanceof Constructor<?> && type.isRecord();
            if (!Modifier.isPublic(executable.getModifiers()) || executable.isSynthetic() || accessor || canonical
                    || List.of("equals", "hashCode", "toString").contains(executable.getName())) {
                continue;
            }
            String parameters = Arrays.stream(executable.getParameterTypes()).map(Class::getSimpleName)
                    .collect(Collectors.joining(",", "(", ")"));
            members.add(type.getSimpleName() + (executable instanceof Method ? "." + executable.getName() : "")
                    + parameters);
        }
        return members;
    }

    private static Class<?> load(String name) {
        try {
            return Class.forName(name, false, Viewer.class.getClassLoader());
        } catch (ClassNotFoundException e) {
            throw new UncheckedIOException(new IOException("cannot load " + name, e));
        }
    }
}
