package io.flatscene.render;

import io.flatscene.core.config.SceneConfig;
import io.flatscene.core.scene.Camera;
import io.flatscene.core.scene.RenderQueue;
import io.flatscene.core.scene.SceneManager;
import io.flatscene.core.scene.Space;
import io.flatscene.render.context.GlContext;
import io.flatscene.render.context.HeadlessContext;
import io.flatscene.render.context.WindowContext;
import io.flatscene.render.context.WindowOptions;
import io.flatscene.render.image.Image;
import io.flatscene.render.overlay.BoundsOverlay;
import io.flatscene.render.overlay.TextOverlay;
import io.flatscene.render.target.Framebuffer;
import io.flatscene.render.target.RenderTarget;
import io.flatscene.render.testing.ProbeCalls;
import io.flatscene.render.testing.ProbeCalls.Call;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import org.joml.Vector3f;
import org.lwjgl.egl.EGL10;
import org.lwjgl.egl.EGL14;
import org.lwjgl.opengl.GL;

/**
 * Run in a child JVM by {@link RenderMisuseTest}: makes a renderer, a framebuffer and both overlays, puts them in the
 * state a {@link Misuse} names, then calls every public method and constructor of the types that hold GL objects and
 * prints a line on stderr for each call, what it returned or threw. A call that crashes the JVM ends the child, and
 * the test reports that with the lines before it. Last it tears everything down and reports the native memory the
 * objects left allocated, which must be none, whatever state they were in.
 *
 * <p>Arguments: the misuse, then the draw path and {@code headless} or {@code window}.
 */
public final class MisuseProbe {

    /** The states in which an object's methods are called. */
    enum Misuse {
        /** Every object closed, its context still current. */
        CLOSED,
        /** Called from a thread that is not the objects' (and has no context current). */
        WRONG_THREAD,
        /** The objects' context released on their thread: nothing current there. */
        NO_CONTEXT,
        /** Another context made current on the objects' thread. */
        OTHER_CONTEXT,
        /** The FlatScene context the objects were made in closed before them. */
        CONTEXT_CLOSED,
        /** The objects made in a context FlatScene does not know (a game's own), which is then destroyed. */
        GAME_CONTEXT_GONE,
        /** No context was ever created in the JVM: only the constructors and Image.read are called. */
        NEVER_A_CONTEXT
    }

    private MisuseProbe() {
    }

    public static void main(String[] args) throws Exception {
        Misuse misuse = Misuse.valueOf(args[0]);
        RendererConfig config = RendererConfig.builder().drawPath(DrawPath.valueOf(args[1])).build();
        boolean window = args[2].equals("window");
        Path dir = Files.createTempDirectory("misuse-probe");
        if (misuse == Misuse.NEVER_A_CONTEXT) {
            runAll(creations(config, RenderTarget.of(0, 64, 48)));
            System.err.println(ProbeCalls.FINISHED);
            return;
        }
        // a first whole cycle makes what LWJGL allocates once per thread or process before the baseline is taken
        GlContext warmContext = open(window);
        try {
            Subjects warmUp = new Subjects(config, dir);
            warmUp.close();
            warmUp.scene.close();
        } finally {
            warmContext.close();
        }
        GlContext context = open(window);
        if (misuse == Misuse.GAME_CONTEXT_GONE) {
            // capabilities FlatScene did not register: to the objects made now, the context is the game's own
            GL.createCapabilities();
        }
        Map<Long, Long> baseline = ProbeCalls.liveAllocations();
        Subjects subjects = new Subjects(config, dir);
        Map<String, Call> calls = new LinkedHashMap<>(creations(config, subjects.framebuffer));
        calls.putAll(uses(subjects, dir));
        GlContext other = null;
        switch (misuse) {
            case CLOSED -> subjects.close();
            case NO_CONTEXT -> {
                EGL10.eglMakeCurrent(EGL14.eglGetCurrentDisplay(), EGL10.EGL_NO_SURFACE, EGL10.EGL_NO_SURFACE,
                        EGL10.EGL_NO_CONTEXT);
                GL.setCapabilities(null);
            }
            case OTHER_CONTEXT -> other = HeadlessContext.create();
            case CONTEXT_CLOSED, GAME_CONTEXT_GONE -> context.close();
            default -> {
            }
        }
        if (misuse == Misuse.WRONG_THREAD) {
            Thread intruder = new Thread(() -> runAll(calls), "intruder");
            intruder.start();
            intruder.join();
        } else {
            runAll(calls);
        }
        if (other != null) {
            other.close();
        }
        // objects that refused to close close now, in their context, so that every state ends with nothing left
        if (misuse == Misuse.WRONG_THREAD || misuse == Misuse.NO_CONTEXT || misuse == Misuse.OTHER_CONTEXT) {
            context.makeCurrent();
            subjects.close();
        }
        subjects.scene.close();
        context.close();
        Map<Long, Long> left = ProbeCalls.liveAllocations();
        left.keySet().removeAll(baseline.keySet());
        System.err.println(ProbeCalls.leakLine(left));
        System.err.println(ProbeCalls.FINISHED);
    }

    private static GlContext open(boolean window) {
        return window ? WindowContext.create(WindowOptions.builder().title("MisuseProbe").size(64, 48).vsync(false)
                .visible(false).build()) : HeadlessContext.create();
    }

    /** Makes each call and prints its outcome on stderr, one line each. */
    static void runAll(Map<String, Call> calls) {
        ProbeCalls.runAll(calls, System.err);
    }

    /** The constructors, and Image.read, which need only a context; what they make is closed at once. */
    private static Map<String, Call> creations(RendererConfig config, RenderTarget readTarget) {
        Map<String, Call> calls = new LinkedHashMap<>();
        calls.put("Renderer(RendererConfig)", () -> new Renderer(config).close());
        calls.put("Framebuffer(int,int)", () -> new Framebuffer(64, 48).close());
        calls.put("TextOverlay()", () -> new TextOverlay().close());
        calls.put("BoundsOverlay()", () -> new BoundsOverlay().close());
        calls.put("Image.read(RenderTarget)", () -> Image.read(readTarget));
        return calls;
    }

    /** Every other public method, closing last so that each call before meets the objects in the misuse's state. */
    private static Map<String, Call> uses(Subjects s, Path dir) {
        Map<String, Call> calls = new LinkedHashMap<>();
        calls.put("Renderer.config()", s.renderer::config);
        calls.put("Renderer.drawPath()", s.renderer::drawPath);
        calls.put("Renderer.meshes()", s.renderer::meshes);
        calls.put("Renderer.materials()", s.renderer::materials);
        calls.put("Renderer.stats()", s.renderer::stats);
        calls.put("Renderer.textures()", s.renderer::textures);
        calls.put("Renderer.setAmbient(float,float,float)", () -> s.renderer.setAmbient(0.1f, 0.1f, 0.1f));
        calls.put("Renderer.setClearColor(float,float,float,float)", () -> s.renderer.setClearColor(0f, 0f, 0f, 1f));
        calls.put("Renderer.prepare(SceneManager,Camera)", () -> s.renderer.prepare(s.scene, s.camera));
        calls.put("Renderer.prepare(RenderQueue)", () -> s.renderer.prepare(s.queue));
        calls.put("Renderer.draw(RenderTarget)", () -> s.renderer.draw(s.framebuffer));
        calls.put("Renderer.render(SceneManager,Camera,RenderTarget)",
                () -> s.renderer.render(s.scene, s.camera, s.framebuffer));
        calls.put("Renderer.render(RenderQueue,RenderTarget)", () -> s.renderer.render(s.queue, s.framebuffer));
        MeshRegistry meshes = s.renderer.meshes();
        calls.put("MeshRegistry.add(Mesh)", () -> meshes.add(Meshes.plane(1f, 1f)));
        calls.put("MeshRegistry.count()", meshes::count);
        calls.put("MeshRegistry.get(int)", () -> meshes.get(s.mesh));
        calls.put("MeshRegistry.bounds(int)", () -> meshes.bounds(s.mesh));
        calls.put("MeshRegistry.firstIndex(int)", () -> meshes.firstIndex(s.mesh));
        calls.put("MeshRegistry.indexCount(int)", () -> meshes.indexCount(s.mesh));
        calls.put("MeshRegistry.baseVertex(int)", () -> meshes.baseVertex(s.mesh));
        calls.put("MeshRegistry.nameOf(int)", () -> meshes.nameOf(s.mesh));
        calls.put("MeshRegistry.idOf(String)", () -> meshes.idOf("cube"));
        MaterialRegistry materials = s.renderer.materials();
        calls.put("MaterialRegistry.add(Material)", () -> materials.add(Material.color(0f, 1f, 0f)));
        calls.put("MaterialRegistry.add(String,Material)", () -> materials.add("green", Material.color(0f, 1f, 0f)));
        calls.put("MaterialRegistry.nameOf(int)", () -> materials.nameOf(s.material));
        calls.put("MaterialRegistry.idOf(String)", () -> materials.idOf("red"));
        calls.put("MaterialRegistry.set(int,Material)", () -> materials.set(s.material, Material.color(0f, 0f, 1f)));
        calls.put("MaterialRegistry.get(int)", () -> materials.get(s.material));
        calls.put("MaterialRegistry.count()", materials::count);
        calls.put("MaterialRegistry.capacity()", materials::capacity);
        TextureRegistry textures = s.renderer.textures();
        byte[] tiles = readTexture("tiles.png");
        calls.put("TextureRegistry.load(Path,ColorSpace)",
                () -> textures.load(TestScenes.TEXTURES.resolve("crate.png"), ColorSpace.SRGB));
        calls.put("TextureRegistry.load(String,byte[],ColorSpace)",
                () -> textures.load("tiles", tiles, ColorSpace.LINEAR));
        calls.put("TextureRegistry.count()", textures::count);
        calls.put("TextureRegistry.arrayCount()", textures::arrayCount);
        calls.put("TextureRegistry.name(int)", () -> textures.name(s.texture));
        calls.put("TextureRegistry.width(int)", () -> textures.width(s.texture));
        calls.put("TextureRegistry.height(int)", () -> textures.height(s.texture));
        calls.put("TextureRegistry.colorSpace(int)", () -> textures.colorSpace(s.texture));
        calls.put("TextureRegistry.pixels(int)", () -> textures.pixels(s.texture));
        calls.put("Framebuffer.resize(int,int)", () -> s.framebuffer.resize(32, 24));
        calls.put("Framebuffer.framebufferId()", s.framebuffer::framebufferId);
        calls.put("Framebuffer.width()", s.framebuffer::width);
        calls.put("Framebuffer.height()", s.framebuffer::height);
        Path png = dir.resolve("probe.png");
        calls.put("Image(int,int,byte[])", () -> new Image(1, 1, new byte[4]));
        calls.put("Image.writePng(Path)", () -> s.image.writePng(png));
        calls.put("Image.readPng(Path)", () -> Image.readPng(png));
        calls.put("Image.width()", s.image::width);
        calls.put("Image.height()", s.image::height);
        calls.put("Image.rgba(int,int)", () -> s.image.rgba(0, 0));
        calls.put("Image.distinctColors()", s.image::distinctColors);
        calls.put("Image.toRgba()", s.image::toRgba);
        calls.put("TextOverlay.add(CharSequence,float,float,float,float,float,float)",
                () -> s.text.add("more", 1f, 1f, 1f, 1f, 1f, 1f));
        calls.put("TextOverlay.draw(RenderTarget)", () -> s.text.draw(s.framebuffer));
        calls.put("BoundsOverlay.draw(SceneManager,Camera,RenderTarget,int)",
                () -> s.bounds.draw(s.scene, s.camera, s.framebuffer, 10));
        calls.put("BoundsOverlay.draw(RenderQueue,RenderTarget,int)", () -> s.bounds.draw(s.queue, s.framebuffer, 10));
        calls.put("TextOverlay.close()", s.text::close);
        calls.put("BoundsOverlay.close()", s.bounds::close);
        calls.put("Framebuffer.close()", s.framebuffer::close);
        calls.put("Renderer.close()", s.renderer::close);
        return calls;
    }

    private static byte[] readTexture(String file) {
        try {
            return Files.readAllBytes(TestScenes.TEXTURES.resolve(file));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * A renderer with a mesh, a textured material and a prepared frame, a framebuffer, an image read from it and both
     * overlays with something to draw: each call that reaches GL would really reach it.
     */
    private static final class Subjects {
        final Renderer renderer;
        final int mesh;
        final int texture;
        final int material;
        final SceneManager scene;
        final Camera camera;
        final Framebuffer framebuffer;
        final RenderQueue queue;
        final Image image;
        final TextOverlay text;
        final BoundsOverlay bounds;

        Subjects(RendererConfig config, Path dir) {
            renderer = new Renderer(config);
            mesh = renderer.meshes().add(Meshes.cube(1f));
            texture = renderer.textures().load(TestScenes.TEXTURES.resolve("crate.png"), ColorSpace.SRGB);
            material = renderer.materials().add("red", Material.color(1f, 0f, 0f).withBaseColorTexture(texture));
            scene = new SceneManager(SceneConfig.builder().build());
            scene.rootNode().createChild().attachObject(scene.createItem(mesh, material,
                    renderer.meshes().bounds(mesh)));
            camera = scene.createCamera("eye").setPerspective(1f, 0.5f, 100f).setViewport(64, 48);
            scene.rootNode().createChild("eye").setPosition(0, 0, 5).lookAt(new Vector3f(), Space.PARENT)
                    .attachObject(camera);
            framebuffer = new Framebuffer(64, 48);
            renderer.render(scene, camera, framebuffer);
            image = Image.read(framebuffer);
            renderer.prepare(scene, camera);
            queue = scene.cull(camera, new RenderQueue());
            text = new TextOverlay();
            text.add("misuse", 1f, 1f, 1f, 1f, 1f, 1f);
            bounds = new BoundsOverlay();
        }

        /** Closes every object but the scene, which holds no GL; closing a closed one does nothing. */
        void close() {
            text.close();
            bounds.close();
            framebuffer.close();
            renderer.close();
        }
    }
}
