package io.flatscene.render;

import io.flatscene.render.MisuseProbe.Misuse;
import io.flatscene.render.context.ContextException;
import io.flatscene.render.context.GlContext;
import io.flatscene.render.context.HeadlessContext;
import io.flatscene.render.context.WindowContext;
import io.flatscene.render.context.WindowOptions;
import io.flatscene.render.image.Image;
import io.flatscene.render.overlay.BoundsOverlay;
import io.flatscene.render.overlay.TextOverlay;
import io.flatscene.render.target.Framebuffer;
import io.flatscene.render.target.RenderTarget;
import io.flatscene.render.testing.Display;
import io.flatscene.render.testing.ProbeCalls;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.module.ModuleDescriptor;
import java.lang.reflect.Constructor;
import java.lang.reflect.Executable;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * Every public method and constructor of every public type that holds GL objects, called after close, on a wrong
 * thread, with no context or another context current, after its context was closed (FlatScene's or a game's own),
 * and in a JVM that never had a context: each either refuses with an {@link IllegalStateException} naming the object
 * and the rule broken, or is a plain read that works in any state, and never crashes the JVM. The calls run in a
 * child JVM ({@link MisuseProbe}), since a regression here aborts or crashes the JVM; the child also proves that
 * whatever the state, closing the objects leaves no native memory allocated.
 *
 * <p>The set of calls is checked against the public API by reflection, so a new public method, or a new public type,
 * fails here until its misuse is covered.
 */
class RenderMisuseTest {
    /** Types with GL objects behind them: every public member is called by the probe. */
    private static final List<Class<?>> GL_OBJECT_TYPES = List.of(Renderer.class, MeshRegistry.class,
            MaterialRegistry.class, TextureRegistry.class, Framebuffer.class, Image.class, TextOverlay.class,
            BoundsOverlay.class);
    /** The contexts themselves: {@link ContextMisuseTest}. The render target interface: {@link TargetMisuseTest}. */
    private static final List<Class<?>> COVERED_ELSEWHERE = List.of(GlContext.class, HeadlessContext.class,
            WindowContext.class, RenderTarget.class);
    /** Values and builders: no GL, no thread, no context. */
    private static final List<Class<?>> PLAIN_DATA = List.of(ClearMode.class, ColorSpace.class, DrawPath.class,
            Material.class, Mesh.class, Meshes.class, Primitive.class, RenderStats.class, RenderStats.Snapshot.class,
            RendererConfig.class, RendererConfig.Builder.class, ContextException.class, WindowOptions.class,
            WindowOptions.Builder.class);

    /** How a call must behave in each misuse. */
    private enum Role {
        /** A constructor or Image.read: needs a current context, nothing else. */
        CREATE,
        /** Reaches GL, or changes what the next draw does: refused in every misuse. */
        USE,
        /** Reads plain data the object already holds: works in every state. */
        PLAIN,
        /** Refused on another thread and while a FlatScene context lives elsewhere; frees what it can otherwise. */
        CLOSE
    }

    private static final Map<String, Role> ROLES = roles();

    private static Map<String, Role> roles() {
        Map<String, Role> roles = new LinkedHashMap<>();
        for (String create : List.of("Renderer(RendererConfig)", "Framebuffer(int,int)", "TextOverlay()",
                "BoundsOverlay()", "Image.read(RenderTarget)")) {
            roles.put(create, Role.CREATE);
        }
        for (String use : List.of("Renderer.setAmbient(float,float,float)",
                "Renderer.setClearColor(float,float,float,float)", "Renderer.prepare(SceneManager,Camera)",
                "Renderer.prepare(RenderQueue)",
                "Renderer.draw(RenderTarget)", "Renderer.render(SceneManager,Camera,RenderTarget)",
                "Renderer.render(RenderQueue,RenderTarget)", "MeshRegistry.add(Mesh)",
                "MaterialRegistry.add(Material)", "MaterialRegistry.add(String,Material)",
                "MaterialRegistry.set(int,Material)", "TextureRegistry.load(Path,ColorSpace)",
                "TextureRegistry.load(String,byte[],ColorSpace)", "TextureRegistry.pixels(int)",
                "Framebuffer.resize(int,int)",
                "Framebuffer.framebufferId()",
                "TextOverlay.add(CharSequence,float,float,float,float,float,float)", "TextOverlay.draw(RenderTarget)",
                "BoundsOverlay.draw(SceneManager,Camera,RenderTarget,int)",
                "BoundsOverlay.draw(RenderQueue,RenderTarget,int)")) {
            roles.put(use, Role.USE);
        }
        for (String plain : List.of("Renderer.config()", "Renderer.drawPath()", "Renderer.meshes()",
                "Renderer.materials()", "Renderer.stats()", "MeshRegistry.count()", "MeshRegistry.get(int)",
                "MeshRegistry.bounds(int)", "MeshRegistry.firstIndex(int)", "MeshRegistry.indexCount(int)",
                "MeshRegistry.baseVertex(int)", "MeshRegistry.nameOf(int)", "MeshRegistry.idOf(String)",
                "MaterialRegistry.get(int)", "MaterialRegistry.count()", "MaterialRegistry.nameOf(int)",
                "MaterialRegistry.idOf(String)",
                "MaterialRegistry.capacity()", "Renderer.textures()", "TextureRegistry.count()",
                "TextureRegistry.arrayCount()", "TextureRegistry.name(int)", "TextureRegistry.width(int)",
                "TextureRegistry.height(int)", "TextureRegistry.colorSpace(int)", "Framebuffer.width()",
                "Framebuffer.height()", "Image(int,int,byte[])",
                "Image.writePng(Path)", "Image.readPng(Path)", "Image.width()", "Image.height()",
                "Image.rgba(int,int)", "Image.distinctColors()", "Image.toRgba()")) {
            roles.put(plain, Role.PLAIN);
        }
        for (String close : List.of("TextOverlay.close()", "BoundsOverlay.close()", "Framebuffer.close()",
                "Renderer.close()")) {
            roles.put(close, Role.CLOSE);
        }
        return roles;
    }

    /** How messages name the object a call belongs to; the registries are the renderer's. */
    private static String subject(String call) {
        String type = call.split("[.(]", 2)[0];
        return switch (type) {
            case "Renderer", "MeshRegistry", "MaterialRegistry", "TextureRegistry" -> "renderer";
            case "Framebuffer" -> "framebuffer 64x48";
            case "TextOverlay" -> "text overlay";
            case "BoundsOverlay" -> "bounds overlay";
            default -> throw new IllegalArgumentException(call);
        };
    }

    /** The fragments the refusal must hold; none when the call must return. */
    private static List<String> expectedRefusal(Misuse misuse, String call) {
        Role role = ROLES.get(call);
        if (role == Role.PLAIN) {
            return List.of();
        }
        if (call.equals("Image.read(RenderTarget)")) {
            return switch (misuse) {
                case CLOSED -> List.of("the framebuffer 64x48 was closed");
                case OTHER_CONTEXT -> List.of("the OpenGL context of the framebuffer 64x48 is not current",
                        "another context is");
                default -> List.of("Image.read needs an OpenGL context current");
            };
        }
        String subject = subject(call);
        return switch (role) {
            case CREATE -> misuse == Misuse.CLOSED || misuse == Misuse.OTHER_CONTEXT ? List.of()
                    : List.of("a " + subject + " needs an OpenGL context current on the thread creating it");
            case USE -> switch (misuse) {
                case CLOSED -> List.of("the " + subject + " was closed");
                case WRONG_THREAD -> List.of("the " + subject + " belongs to thread 'main'", "'intruder'");
                case NO_CONTEXT, GAME_CONTEXT_GONE -> List.of("the OpenGL context of the " + subject
                        + " is not current on thread 'main'", "no context is");
                case OTHER_CONTEXT -> List.of("the OpenGL context of the " + subject
                        + " is not current on thread 'main'", "another context is");
                case CONTEXT_CLOSED -> List.of("the OpenGL context of the " + subject, "was closed",
                        "close the " + subject + " before its context");
                case NEVER_A_CONTEXT -> throw new IllegalArgumentException(call + " has no object to call");
            };
            case CLOSE -> switch (misuse) {
                case WRONG_THREAD -> List.of("the " + subject + " belongs to thread 'main'", "'intruder'");
                case NO_CONTEXT -> List.of("the OpenGL context of the " + subject + " is not current",
                        "no context is");
                case OTHER_CONTEXT -> List.of("the OpenGL context of the " + subject + " is not current",
                        "another context is");
                default -> List.of();
            };
            case PLAIN -> List.of();
        };
    }

    static Stream<Arguments> misuses() {
        return Stream.of(Arguments.of(Misuse.CLOSED, DrawPath.AUTO, "headless"),
                Arguments.of(Misuse.WRONG_THREAD, DrawPath.AUTO, "headless"),
                Arguments.of(Misuse.NO_CONTEXT, DrawPath.AUTO, "headless"),
                Arguments.of(Misuse.OTHER_CONTEXT, DrawPath.AUTO, "headless"),
                Arguments.of(Misuse.CONTEXT_CLOSED, DrawPath.MULTI_DRAW_INDIRECT, "headless"),
                Arguments.of(Misuse.CONTEXT_CLOSED, DrawPath.INSTANCED, "headless"),
                Arguments.of(Misuse.CONTEXT_CLOSED, DrawPath.AUTO, "window"),
                Arguments.of(Misuse.GAME_CONTEXT_GONE, DrawPath.MULTI_DRAW_INDIRECT, "headless"),
                Arguments.of(Misuse.NEVER_A_CONTEXT, DrawPath.AUTO, "headless"));
    }

    @ParameterizedTest(name = "{0}, {1}, {2}")
    @MethodSource("misuses")
    void everyCallRefusesClearlyOrWorksAndNothingCrashesOrLeaks(Misuse misuse, DrawPath path, String context) {
        assumeTrue(!context.equals("window") || Display.present(), Display.ABSENT);
        ChildJvm.Result result = ChildJvm.run(MisuseProbe.class, misuse.name(), path.name(), context);
        ChildJvm.assertFinished(result);
        Map<String, String> outcomes = ProbeCalls.outcomes(result.stderr());
        Set<String> expectedCalls = misuse == Misuse.NEVER_A_CONTEXT ? ROLES.keySet().stream()
                .filter(call -> ROLES.get(call) == Role.CREATE).collect(Collectors.toSet()) : ROLES.keySet();
        assertEquals(new TreeSet<>(expectedCalls), new TreeSet<>(outcomes.keySet()), "calls the probe made");
        StringBuilder wrong = new StringBuilder();
        for (String call : expectedCalls) {
            List<String> refusal = expectedRefusal(misuse, call);
            String outcome = outcomes.get(call);
            boolean right = refusal.isEmpty() ? outcome.equals(ProbeCalls.RETURNED)
                    : outcome.startsWith("IllegalStateException: ")
                    && ChildJvm.containsAll(outcome, refusal.toArray(String[]::new));
            if (!right) {
                wrong.append("\n").append(call).append(": expected ")
                        .append(refusal.isEmpty() ? "to return" : "IllegalStateException with " + refusal)
                        .append(", got ").append(outcome);
            }
        }
        assertTrue(wrong.isEmpty(), misuse + ":" + wrong);
        if (misuse != Misuse.NEVER_A_CONTEXT) {
            assertTrue(result.stderr().contains(ProbeCalls.NO_NATIVE_MEMORY_LEFT), result.describe());
        }
    }

    @Test
    void theProbeCallsEveryPublicMemberOfTheTypesHoldingGlObjects() {
        Set<String> members = new TreeSet<>();
        for (Class<?> type : GL_OBJECT_TYPES) {
            for (Constructor<?> constructor : type.getConstructors()) {
                members.add(type.getSimpleName() + parameters(constructor));
            }
            for (Method method : type.getDeclaredMethods()) {
                if (Modifier.isPublic(method.getModifiers()) && !method.isSynthetic()
                        && !List.of("equals", "hashCode", "toString").contains(method.getName())) {
                    members.add(type.getSimpleName() + "." + method.getName() + parameters(method));
                }
            }
        }
        assertEquals(members, new TreeSet<>(ROLES.keySet()), "public members and the roles the test gives them");
    }

    private static String parameters(Executable executable) {
        return Arrays.stream(executable.getParameterTypes()).map(Class::getSimpleName)
                .collect(Collectors.joining(",", "(", ")"));
    }

    /** A public type added to an exported package must be classified here, and its misuse covered. */
    @Test
    void everyPublicTypeOfTheApiIsCoveredOrPlainData() throws IOException, URISyntaxException {
        Module module = Renderer.class.getModule();
        assertTrue(module.isNamed(), "the tests run patched into the module, so its exports can be read");
        Set<String> exported = module.getDescriptor().exports().stream().map(ModuleDescriptor.Exports::source)
                .collect(Collectors.toSet());
        assertTrue(exported.stream().noneMatch(p -> p.endsWith(".gl") || p.endsWith(".internal")),
                "the GL helpers are reached only through the checked API, so their packages stay unexported");
        Path classes = Path.of(Renderer.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        Set<String> publicTypes = new TreeSet<>();
        try (Stream<Path> files = Files.walk(classes)) {
            for (Path file : (Iterable<Path>) files.filter(f -> f.toString().endsWith(".class"))::iterator) {
                String name = classes.relativize(file).toString().replace(file.getFileSystem().getSeparator(), ".")
                        .replaceAll("\\.class$", "");
                if (name.endsWith("package-info") || name.equals("module-info")) {
                    continue;
                }
                Class<?> type = load(name);
                if (exported.contains(type.getPackageName()) && Modifier.isPublic(type.getModifiers())) {
                    publicTypes.add(type.getName());
                }
            }
        }
        Set<String> classified = Stream.of(GL_OBJECT_TYPES, COVERED_ELSEWHERE, PLAIN_DATA).flatMap(List::stream)
                .map(Class::getName).collect(Collectors.toCollection(TreeSet::new));
        assertEquals(classified, publicTypes);
    }

    private static Class<?> load(String name) {
        try {
            return Class.forName(name, false, Renderer.class.getClassLoader());
        } catch (ClassNotFoundException e) {
            throw new UncheckedIOException(new IOException("cannot load " + name, e));
        }
    }
}
