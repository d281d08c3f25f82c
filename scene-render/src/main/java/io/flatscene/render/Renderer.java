package io.flatscene.render;

import io.flatscene.core.scene.Camera;
import io.flatscene.core.scene.RenderQueue;
import io.flatscene.core.scene.SceneManager;
import io.flatscene.render.gl.GlDebugLog;
import io.flatscene.render.gl.GlInfo;
import io.flatscene.render.gl.GlStateSnapshot;
import io.flatscene.render.gl.GpuTimer;
import io.flatscene.render.gl.ShaderProgram;
import io.flatscene.render.gl.TargetBinder;
import io.flatscene.render.internal.DrawSubmission;
import io.flatscene.render.internal.FrameUniforms;
import io.flatscene.render.internal.InstancedSubmission;
import io.flatscene.render.internal.MeshRanges;
import io.flatscene.render.internal.MultiDrawSubmission;
import io.flatscene.render.internal.VertexLayout;
import io.flatscene.render.owner.GlOwner;
import io.flatscene.render.target.RenderTarget;
import java.util.Arrays;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;
import org.lwjgl.opengl.GLCapabilities;

import static org.lwjgl.opengl.GL11C.GL_BACK;
import static org.lwjgl.opengl.GL11C.GL_BLEND;
import static org.lwjgl.opengl.GL11C.GL_CCW;
import static org.lwjgl.opengl.GL11C.GL_COLOR_BUFFER_BIT;
import static org.lwjgl.opengl.GL11C.GL_CULL_FACE;
import static org.lwjgl.opengl.GL11C.GL_CW;
import static org.lwjgl.opengl.GL11C.GL_DEPTH_BUFFER_BIT;
import static org.lwjgl.opengl.GL11C.GL_DEPTH_TEST;
import static org.lwjgl.opengl.GL11C.GL_LESS;
import static org.lwjgl.opengl.GL11C.GL_ONE;
import static org.lwjgl.opengl.GL11C.GL_ONE_MINUS_SRC_ALPHA;
import static org.lwjgl.opengl.GL11C.GL_SCISSOR_TEST;
import static org.lwjgl.opengl.GL11C.GL_SRC_ALPHA;
import static org.lwjgl.opengl.GL11C.glClear;
import static org.lwjgl.opengl.GL11C.glClearColor;
import static org.lwjgl.opengl.GL11C.glClearDepth;
import static org.lwjgl.opengl.GL11C.glColorMask;
import static org.lwjgl.opengl.GL11C.glCullFace;
import static org.lwjgl.opengl.GL11C.glDepthFunc;
import static org.lwjgl.opengl.GL11C.glDepthMask;
import static org.lwjgl.opengl.GL11C.glDisable;
import static org.lwjgl.opengl.GL11C.glEnable;
import static org.lwjgl.opengl.GL11C.glFrontFace;
import static org.lwjgl.opengl.GL11C.glGetInteger;
import static org.lwjgl.opengl.GL11C.glViewport;
import static org.lwjgl.opengl.GL14C.GL_FUNC_ADD;
import static org.lwjgl.opengl.GL14C.glBlendEquation;
import static org.lwjgl.opengl.GL14C.glBlendFuncSeparate;
import static org.lwjgl.opengl.GL15C.GL_ELEMENT_ARRAY_BUFFER;
import static org.lwjgl.opengl.GL15C.glBindBuffer;
import static org.lwjgl.opengl.GL20C.glUniform1i;
import static org.lwjgl.opengl.GL20C.glUseProgram;
import static org.lwjgl.opengl.GL30C.GL_DRAW_FRAMEBUFFER;
import static org.lwjgl.opengl.GL30C.glBindBufferBase;
import static org.lwjgl.opengl.GL30C.glBindVertexArray;
import static org.lwjgl.opengl.GL30C.glDeleteVertexArrays;
import static org.lwjgl.opengl.GL30C.glGenVertexArrays;
import static org.lwjgl.opengl.GL31C.GL_MAX_UNIFORM_BLOCK_SIZE;
import static org.lwjgl.opengl.GL31C.GL_UNIFORM_BUFFER;

/**
 * Draws a {@link SceneManager}'s frames with OpenGL, in the context current on the thread that creates it, which
 * must stay the only thread that uses it.
 *
 * <p>Each frame is {@link #prepare} (a culled render queue's instances, camera and lights written for the GPU; the
 * convenience form runs the scene's frame update first) and {@link #draw} (one multi-draw per render-queue group, or
 * one instanced draw per batch on GL 4.1); {@link #render} does both. Several views of one scene update are drawn by
 * preparing and drawing each view's queue in turn. Neither allocates once the buffers have grown to the scene.
 * The renderer's thread must own the scene it draws ({@link SceneManager#handOver}): the forms given a scene call it,
 * and preparing a queue on the multi-draw path reads the scene's {@link io.flatscene.core.scene.ChangedSlots}, which
 * refuse any other thread.
 *
 * <p>Every call that reaches GL first checks the thread, that the renderer is open, and that its context is open and
 * current, and refuses with an {@link IllegalStateException} otherwise: a GL call with no context current aborts the
 * JVM, and one after the context closed writes into unmapped memory. Close the renderer before its context; closed
 * after, it frees its native memory and leaves the GL objects, which went with the context.
 */
public final class Renderer implements AutoCloseable {
    private static final Logger LOG = LogManager.getLogger(Renderer.class);
    private static final int FRAME_BINDING = 0;
    private static final int MATERIAL_BINDING = 1;
    private static final int INITIAL_MESH_VERTICES = 1 << 16;
    private static final int INITIAL_MESH_INDICES = 3 << 16;

    private final RendererConfig config;
    /** The buffers {@link RendererConfig#clear()} names, as glClear takes them; 0 for none. */
    private final int clearBits;
    private final GlOwner owner;
    private final DrawPath drawPath;
    private final TargetBinder targets;
    private final RenderStats stats = new RenderStats();
    // GL resources, made in this order and released in reverse by release(), also when construction fails halfway
    private GlStateSnapshot savedState;
    private GlDebugLog debugLog;
    private ShaderProgram program;
    private int blendingUniform;
    private MeshRegistry meshes;
    private TextureRegistry textures;
    private MaterialRegistry materials;
    private FrameUniforms frameUniforms;
    private int vertexArray;
    private DrawSubmission submission;
    private GpuTimer gpuTimer;
    /**
     * The prepared frame's runs of batches sharing render-queue group, transparency and mirroring, copied out of the
     * scene's queue so that draw() draws what prepare() uploaded even if the scene runs another frame in between.
     */
    private int runCount;
    private int[] runFirstBatch = new int[16];
    private int[] runBatchCount = new int[16];
    private boolean[] runTransparent = new boolean[16];
    private boolean[] runMirrored = new boolean[16];
    private int[] runMode = new int[16];
    private final float[] ambient = {0.15f, 0.15f, 0.17f};
    private final float[] clearColor = {0.05f, 0.06f, 0.08f, 1f};
    /** Whether {@link #prepare} uploaded a frame that {@link #draw} has not drawn yet. */
    private boolean prepared;
    private boolean closed;

    /**
     * Creates the renderer's GL objects (shader program, mesh and material registries, buffers) in the context
     * current on this thread, which becomes the renderer's; with {@link RendererConfig#restoreGlState()} the GL state
     * it touches is put back afterwards.
     *
     * @param config the renderer's settings, fixed for its life ({@link RendererConfig#defaults()} for the defaults)
     * @throws IllegalArgumentException if {@code config} is null
     * @throws IllegalStateException    if no OpenGL context is current on this thread, it is older than 4.1 core, or
     *                                  the configuration asks for what it lacks (naming the setting)
     */
    public Renderer(RendererConfig config) {
        if (config == null) {
            throw new IllegalArgumentException("renderer config must not be null; RendererConfig.defaults() has the "
                    + "defaults");
        }
        this.config = config;
        clearBits = switch (config.clear()) {
            case NONE -> 0;
            case DEPTH -> GL_DEPTH_BUFFER_BIT;
            case COLOR_AND_DEPTH -> GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT;
        };
        owner = new GlOwner("renderer", "create a HeadlessContext or WindowContext, or make your own context "
                + "current and call GL.createCapabilities() first");
        GLCapabilities capabilities = owner.capabilities();
        drawPath = choosePath(config.drawPath(), capabilities);
        checkUniformBlockSize(config);
        targets = new TargetBinder();
        owner.enter();
        try {
            boolean resident = drawPath == DrawPath.MULTI_DRAW_INDIRECT;
            savedState = config.restoreGlState() ? new GlStateSnapshot(MATERIAL_BINDING + 1,
                    resident ? VertexLayout.WORLD_MATRIX_BINDING + 1 : 0, TextureRegistry.MAX_ARRAYS) : null;
            if (savedState != null) {
                savedState.capture();
            }
            debugLog = startDebugOutput(config, capabilities, owner);
            program = new ShaderProgram((resident ? "#version 430 core\n#define RESIDENT_TRANSFORMS\n"
                    : "#version 410 core\n") + "#define MAX_LIGHTS " + Math.max(1,
                    config.maxLocalLights()) + "\n#define MAX_MATERIALS " + config.maxMaterials() + "\n"
                    + "#define TEXTURE_ARRAYS " + TextureRegistry.MAX_ARRAYS + "\n#define LAYER_SPAN "
                    + TextureRegistry.LAYER_SPAN + "\n" + ShaderProgram.source("frame.glsl"), "scene.vert",
                    "scene.frag");
            program.bindUniformBlock("Frame", FRAME_BINDING);
            program.bindUniformBlock("Materials", MATERIAL_BINDING);
            program.bindSamplerArray("textures", TextureRegistry.MAX_ARRAYS);
            blendingUniform = program.uniformLocation("blending");
            meshes = new MeshRegistry(owner, INITIAL_MESH_VERTICES, INITIAL_MESH_INDICES);
            textures = new TextureRegistry(owner);
            materials = new MaterialRegistry(owner, textures, config.maxMaterials());
            frameUniforms = new FrameUniforms(config.maxLocalLights(), RendererConfig.MAX_LOCAL_LIGHTS_KEY,
                    RendererConfig.MAX_LOCAL_LIGHTS_LIMIT);
            vertexArray = glGenVertexArrays();
            glBindVertexArray(vertexArray);
            VertexLayout.enableAttributes(resident);
            glBindVertexArray(0);
            submission = resident
                    ? new MultiDrawSubmission(config.initialInstances(), config.initialInstances(),
                            RendererConfig.INITIAL_INSTANCES_KEY)
                    : new InstancedSubmission(config.initialInstances());
            gpuTimer = config.gpuTiming() && GlInfo.hasTimerQuery(capabilities) ? new GpuTimer() : null;
            if (savedState != null) {
                savedState.restore();
            }
        } catch (RuntimeException | Error e) {
            release(true);
            throw e;
        } finally {
            owner.leave();
        }
        stats.drawPath = drawPath;
        LOG.info("renderer ready: draw path {}, {}", drawPath, config);
    }

    private static DrawPath choosePath(DrawPath requested, GLCapabilities capabilities) {
        boolean multiDraw = GlInfo.hasMultiDrawIndirect(capabilities) && GlInfo.hasBufferStorage(capabilities)
                && (capabilities.OpenGL42 || capabilities.GL_ARB_base_instance)
                && GlInfo.hasVertexStorageBuffers(capabilities);
        return switch (requested) {
            case AUTO -> multiDraw ? DrawPath.MULTI_DRAW_INDIRECT : DrawPath.INSTANCED;
            case INSTANCED -> DrawPath.INSTANCED;
            case MULTI_DRAW_INDIRECT -> {
                if (!multiDraw) {
                    throw new IllegalStateException(RendererConfig.DRAW_PATH_KEY + "=MULTI_DRAW_INDIRECT: this "
                            + "context lacks multi-draw indirect, buffer storage, base instance or shader storage "
                            + "buffers in vertex shaders (GL 4.4 or the ARB extensions); use AUTO or INSTANCED");
                }
                yield DrawPath.MULTI_DRAW_INDIRECT;
            }
        };
    }

    private static void checkUniformBlockSize(RendererConfig config) {
        int limit = glGetInteger(GL_MAX_UNIFORM_BLOCK_SIZE);
        long materialBytes = (long) config.maxMaterials() * MaterialRegistry.FLOATS_PER_MATERIAL * Float.BYTES;
        if (materialBytes > limit) {
            throw new IllegalStateException(RendererConfig.MAX_MATERIALS_KEY + "=" + config.maxMaterials() + ": "
                    + materialBytes + " bytes of materials exceed this context's uniform block limit of " + limit
                    + " bytes; lower it to " + limit / (MaterialRegistry.FLOATS_PER_MATERIAL * Float.BYTES));
        }
    }

    private static GlDebugLog startDebugOutput(RendererConfig config, GLCapabilities capabilities, GlOwner owner) {
        if (!config.debugOutput()) {
            return null;
        }
        if (!GlInfo.hasDebugOutput(capabilities)) {
            LOG.warn("{}=true but this context has no KHR_debug; GL errors will not be reported",
                    RendererConfig.DEBUG_OUTPUT_KEY);
            return null;
        }
        return new GlDebugLog(owner);
    }

    /** {@return the configuration given at construction} */
    public RendererConfig config() {
        return config;
    }

    /**
     * {@return the draw path in use, {@link DrawPath#AUTO} resolved against the context: never {@code AUTO}}
     */
    public DrawPath drawPath() {
        return drawPath;
    }

    /** {@return the meshes this renderer draws: an item's mesh id must be registered here before it is prepared} */
    public MeshRegistry meshes() {
        return meshes;
    }

    /**
     * {@return the textures this renderer's materials refer to: a material's texture ids must be loaded here before
     * it is registered}
     */
    public TextureRegistry textures() {
        return textures;
    }

    /**
     * {@return the materials this renderer draws with: an item's material id must be registered here before it is
     * prepared}
     */
    public MaterialRegistry materials() {
        return materials;
    }

    /**
     * Light every surface receives regardless of the scene's lights. Colors reach the framebuffer as computed,
     * with no sRGB encoding, like every color the renderer takes. Read by the next {@link #prepare}.
     *
     * @param red   the red component, linear, finite and &gt;= 0 (0.15 by default)
     * @param green the green component, linear, finite and &gt;= 0 (0.15 by default)
     * @param blue  the blue component, linear, finite and &gt;= 0 (0.17 by default)
     * @throws IllegalArgumentException if a component is negative or not finite
     * @throws IllegalStateException    as {@link #prepare(RenderQueue)} does
     */
    public void setAmbient(float red, float green, float blue) {
        checkUsable();
        checkColor("ambient", red, green, blue, 1f);
        ambient[0] = red;
        ambient[1] = green;
        ambient[2] = blue;
    }

    /**
     * The color each frame starts from when {@link RendererConfig#clear()} is {@link ClearMode#COLOR_AND_DEPTH}.
     * Read by the next {@link #draw}.
     *
     * @param red   the red component, finite and &gt;= 0 (0.05 by default)
     * @param green the green component, finite and &gt;= 0 (0.06 by default)
     * @param blue  the blue component, finite and &gt;= 0 (0.08 by default)
     * @param alpha the alpha component, 0 to 1 (1 by default)
     * @throws IllegalArgumentException if a component is negative or not finite, or alpha above 1
     * @throws IllegalStateException    as {@link #prepare(RenderQueue)} does
     */
    public void setClearColor(float red, float green, float blue, float alpha) {
        checkUsable();
        checkColor("clear color", red, green, blue, alpha);
        clearColor[0] = red;
        clearColor[1] = green;
        clearColor[2] = blue;
        clearColor[3] = alpha;
    }

    private static void checkColor(String what, float red, float green, float blue, float alpha) {
        // each component alone: three finite ones can sum to infinity
        if (!(red >= 0f && green >= 0f && blue >= 0f && alpha >= 0f && alpha <= 1f)
                || !Float.isFinite(red) || !Float.isFinite(green) || !Float.isFinite(blue)) {
            throw new IllegalArgumentException(what + " (" + red + ", " + green + ", " + blue + ", " + alpha
                    + ") must be finite and >= 0, alpha at most 1");
        }
    }

    /**
     * {@link #prepare} then {@link #draw}: one whole frame of {@code scene} seen by {@code camera}. The camera's
     * viewport is first set to the target's size, so that it culls and draws with the target's aspect ratio unless
     * it fixed its own (see {@link Camera}).
     *
     * @param scene  the scene to update, cull and draw
     * @param camera a camera of {@code scene}, the view to draw; its viewport may be changed
     * @param target what to draw into
     * @return this frame's statistics (one reused instance; see {@link #stats})
     * @throws IllegalArgumentException as {@link #prepare(SceneManager, Camera)} and {@link #draw} do
     * @throws IllegalStateException    as {@link #prepare(SceneManager, Camera)} and {@link #draw} do
     */
    public RenderStats render(SceneManager scene, Camera camera, RenderTarget target) {
        checkUsable();
        // refused before the camera's viewport changes or any work is done for a frame that cannot be drawn
        targets.check(target);
        if (camera != null && target != null && camera.isAlive()
                && (camera.viewportWidth() != target.width() || camera.viewportHeight() != target.height())) {
            // culling and drawing then share the target's shape: the camera's viewport is the target it draws into
            camera.setViewport(target.width(), target.height());
        }
        prepare(scene, camera);
        return draw(target);
    }

    /**
     * {@link #prepare(RenderQueue)} then {@link #draw}: one view the game culled itself.
     *
     * @param queue  a queue filled by {@code scene.cull(camera, queue)}
     * @param target what to draw into
     * @return this frame's statistics (one reused instance; see {@link #stats})
     * @throws IllegalArgumentException as {@link #prepare(RenderQueue)} and {@link #draw} do
     * @throws IllegalStateException    as {@link #prepare(RenderQueue)} and {@link #draw} do
     */
    public RenderStats render(RenderQueue queue, RenderTarget target) {
        prepare(queue);
        return draw(target);
    }

    /**
     * Runs the scene's frame update for {@code camera} ({@link SceneManager#updateFrame}) and prepares the scene's
     * render queue, as {@link #prepare(RenderQueue)} does.
     *
     * @param scene  the scene to update and cull
     * @param camera a camera of {@code scene}, the view to prepare
     * @return this frame's statistics so far (one reused instance, see {@link #stats}); {@link #draw} fills in its own
     * @throws IllegalArgumentException naming the item when its mesh or material id is not registered, or if an
     *                                  argument is null
     * @throws IllegalStateException    as {@link #prepare(RenderQueue)} does
     */
    public RenderStats prepare(SceneManager scene, Camera camera) {
        checkUsable();
        if (scene == null || camera == null) {
            throw new IllegalArgumentException("prepare needs a scene and a camera, got " + scene + " and " + camera);
        }
        long start = System.nanoTime();
        scene.updateFrame(camera);
        return prepare(scene.renderQueue(), start);
    }

    /**
     * Writes a culled queue for the GPU: its instances, its camera and its lights. Everything is checked before
     * anything is written: an item whose mesh or material id is not registered fails here, naming the item and the
     * id. Views share one scene update: {@code scene.update()}, then per view {@code scene.cull(camera, queue)},
     * {@code prepare(queue)} and {@link #draw}.
     *
     * @param queue a queue filled by {@code scene.cull(camera, queue)}; read now, so it may be culled again before
     *              the {@link #draw}
     * @return this frame's statistics so far (one reused instance, see {@link #stats}); {@link #draw} fills in its own
     * @throws IllegalArgumentException naming the item when its mesh or material id is not registered, or if the
     *                                  queue is null or was never culled
     * @throws IllegalStateException    if called from another thread than the renderer's, after close, or when the
     *                                  renderer's context was closed or is not current on this thread
     */
    public RenderStats prepare(RenderQueue queue) {
        checkUsable();
        if (queue == null) {
            throw new IllegalArgumentException("render queue to prepare must not be null");
        }
        if (queue.scene() == null) {
            throw new IllegalArgumentException("cannot prepare a render queue that was never culled: fill it with "
                    + "scene.cull(camera, queue) first");
        }
        return prepare(queue, System.nanoTime());
    }

    private RenderStats prepare(RenderQueue queue, long start) {
        checkBatches(queue);
        long uploadStart = System.nanoTime();
        prepared = false;
        long bytes = frameUniforms.write(queue, ambient);
        owner.enter();
        try {
            if (savedState != null) {
                savedState.capture();
            }
            try {
                bytes += submission.upload(queue, meshes.ranges());
            } finally {
                if (savedState != null) {
                    savedState.restore();
                }
            }
        } finally {
            owner.leave();
        }
        collectRuns(queue);
        prepared = true;
        long end = System.nanoTime();
        stats.frame++;
        stats.scene = queue.stats();
        stats.instances = queue.instanceCount();
        stats.batches = queue.batchCount();
        stats.drawCalls = 0;
        stats.bytesUploaded = bytes;
        stats.matrixBytesUploaded = submission.matrixBytes();
        stats.instanceBytesUploaded = submission.instanceBytes();
        stats.gpuWaitNanos = submission.waitNanos();
        stats.uploadNanos = end - uploadStart - stats.gpuWaitNanos;
        stats.prepareNanos = end - start;
        stats.submitNanos = 0;
        return stats;
    }

    private void checkBatches(RenderQueue queue) {
        for (int batch = 0, batches = queue.batchCount(); batch < batches; batch++) {
            int mesh = queue.batchMeshId(batch);
            int material = queue.batchMaterialId(batch);
            if (!meshes.contains(mesh) || !materials.contains(material)) {
                String what = !meshes.contains(mesh) ? "mesh id " + mesh + ", but the renderer has "
                        + meshes.count() + " meshes" : "material id " + material + ", but the renderer has "
                        + materials.count() + " materials";
                throw new IllegalArgumentException(queue.scene().item(queue.instanceItem(
                        queue.batchFirstInstance(batch))) + " uses " + what + "; register it with "
                        + "Renderer.meshes()/materials() first");
            }
        }
    }

    /**
     * Cuts the queue's batches into runs that draw with the same state: group, blending, winding and the GL mode of
     * their meshes' primitive (so lines or points among triangles cost a run, a draw call on the multi-draw path).
     */
    private void collectRuns(RenderQueue queue) {
        int batches = queue.batchCount();
        if (runFirstBatch.length < batches) {
            int capacity = Math.max(batches, runFirstBatch.length * 2);
            runFirstBatch = Arrays.copyOf(runFirstBatch, capacity);
            runBatchCount = Arrays.copyOf(runBatchCount, capacity);
            runTransparent = Arrays.copyOf(runTransparent, capacity);
            runMirrored = Arrays.copyOf(runMirrored, capacity);
            runMode = Arrays.copyOf(runMode, capacity);
        }
        MeshRanges ranges = meshes.ranges();
        runCount = 0;
        for (int first = 0; first < batches; ) {
            int group = queue.batchRenderQueueGroup(first);
            boolean transparent = queue.batchTransparent(first);
            boolean mirrored = queue.batchMirrored(first);
            int mode = ranges.mode(queue.batchMeshId(first));
            int end = first + 1;
            while (end < batches && queue.batchRenderQueueGroup(end) == group
                    && queue.batchTransparent(end) == transparent && queue.batchMirrored(end) == mirrored
                    && ranges.mode(queue.batchMeshId(end)) == mode) {
                end++;
            }
            runFirstBatch[runCount] = first;
            runBatchCount[runCount] = end - first;
            runTransparent[runCount] = transparent;
            runMirrored[runCount] = mirrored;
            runMode[runCount] = mode;
            runCount++;
            first = end;
        }
    }

    /**
     * Draws the prepared frame into {@code target}: clears what {@link RendererConfig#clear()} says, then the opaque
     * and transparent batches of each render-queue group in the queue's order. Opaque runs cull back faces (front
     * faces wind clockwise in mirrored runs); transparent runs blend, write no depth and cull nothing. A target that
     * cannot be drawn into fails before anything is drawn, and the prepared frame stays for a draw into another. A
     * prepared frame is drawn once.
     *
     * @param target what to draw into; the whole of it is the viewport
     * @return this frame's statistics, completed (one reused instance; see {@link #stats})
     * @throws IllegalArgumentException if {@code target} is null, its size is beyond the context's viewport limit,
     *                                  or its name is no framebuffer of the renderer's context
     * @throws IllegalStateException    if no frame was prepared since the last draw, the target's framebuffer is
     *                                  incomplete or refuses, or as {@link #prepare(RenderQueue)} does
     */
    public RenderStats draw(RenderTarget target) {
        checkUsable();
        if (!prepared) {
            throw new IllegalStateException("draw needs a prepared frame: call prepare(scene, camera) first, or "
                    + "render(scene, camera, target)");
        }
        long start = System.nanoTime();
        int drawCalls = 0;
        long bytes = 0;
        owner.enter();
        try {
            if (savedState != null) {
                savedState.capture();
            }
            try {
                targets.bind(GL_DRAW_FRAMEBUFFER, target);
                prepared = false;
                glViewport(0, 0, target.width(), target.height());
                glDisable(GL_SCISSOR_TEST);
                // masks apply to glClear: a game that left depth writes off would otherwise keep its depth (DEPTH)
                glColorMask(true, true, true, true);
                glDepthMask(true);
                if ((clearBits & GL_COLOR_BUFFER_BIT) != 0) {
                    glClearColor(clearColor[0], clearColor[1], clearColor[2], clearColor[3]);
                }
                if (clearBits != 0) {
                    glClearDepth(1.0);
                    glClear(clearBits);
                }
                if (gpuTimer != null) {
                    gpuTimer.begin();
                }
                try {
                    frameUniforms.fitTo(target.width(), target.height());
                    frameUniforms.upload();
                    bytes = materials.upload();
                    glUseProgram(program.id());
                    glBindBufferBase(GL_UNIFORM_BUFFER, FRAME_BINDING, frameUniforms.buffer());
                    glBindBufferBase(GL_UNIFORM_BUFFER, MATERIAL_BINDING, materials.uniformBuffer());
                    textures.bind();
                    glBindVertexArray(vertexArray);
                    VertexLayout.pointMeshAttributes(meshes.vertexBuffer());
                    glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, meshes.indexBuffer());
                    submission.bindInstances();
                    glEnable(GL_DEPTH_TEST);
                    glDepthFunc(GL_LESS);
                    glCullFace(GL_BACK);
                    glBlendEquation(GL_FUNC_ADD);
                    // alpha composes as "over" too, so a screenshot's alpha channel says what covers each pixel
                    glBlendFuncSeparate(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA, GL_ONE, GL_ONE_MINUS_SRC_ALPHA);
                    drawCalls = drawRuns();
                } finally {
                    if (gpuTimer != null) {
                        gpuTimer.end();
                    }
                    submission.endFrame();
                    glDisable(GL_BLEND);
                    glDepthMask(true);
                    glFrontFace(GL_CCW);
                    glBindVertexArray(0);
                }
            } finally {
                if (savedState != null) {
                    savedState.restore();
                }
            }
        } finally {
            owner.leave();
        }
        stats.drawCalls = drawCalls;
        stats.bytesUploaded += bytes;
        stats.submitNanos = System.nanoTime() - start;
        stats.gpuNanos = gpuTimer == null ? -1 : gpuTimer.latestNanos();
        stats.glErrors = debugLog == null ? -1 : debugLog.errors();
        return stats;
    }

    private int drawRuns() {
        int drawCalls = 0;
        for (int run = 0; run < runCount; run++) {
            if (runTransparent[run]) {
                glEnable(GL_BLEND);
                glDepthMask(false);
                glDisable(GL_CULL_FACE);
            } else {
                glDisable(GL_BLEND);
                glDepthMask(true);
                glEnable(GL_CULL_FACE);
                glFrontFace(runMirrored[run] ? GL_CW : GL_CCW);
            }
            glUniform1i(blendingUniform, runTransparent[run] ? 1 : 0);
            drawCalls += submission.drawRun(runFirstBatch[run], runBatchCount[run], runMode[run]);
        }
        return drawCalls;
    }

    /**
     * {@return the statistics of the last frame (one reused instance, overwritten by the next prepare and draw)}
     */
    public RenderStats stats() {
        return stats;
    }

    private void checkUsable() {
        owner.check(closed);
    }

    /**
     * Deletes every GL object and frees all native memory; call it with the renderer's context current. If the
     * context was closed first, its GL objects went with it and this frees the native memory only; so it does, with a
     * warning, when a context the game made is no longer current here.
     *
     * @throws IllegalStateException if called from another thread than the renderer's, or while its context, one
     *                               FlatScene created and still open, is not current: the renderer stays open
     */
    @Override
    public void close() {
        if (closed) {
            return;
        }
        boolean contextCurrent = owner.checkClose();
        closed = true;
        owner.enter();
        try {
            if (contextCurrent && savedState != null) {
                savedState.capture();
            }
            release(contextCurrent);
        } finally {
            owner.leave();
        }
    }

    /**
     * Releases whatever exists, newest first, each step even if an earlier one failed: the GL objects only while
     * their context is current, the native memory in any case.
     */
    private void release(boolean contextCurrent) {
        try {
            if (gpuTimer != null && contextCurrent) {
                gpuTimer.delete();
            }
        } finally {
            try {
                if (submission != null) {
                    submission.release(contextCurrent);
                }
            } finally {
                try {
                    if (vertexArray != 0 && contextCurrent) {
                        glDeleteVertexArrays(vertexArray);
                    }
                    if (frameUniforms != null) {
                        frameUniforms.release(contextCurrent);
                    }
                    if (materials != null) {
                        materials.release(contextCurrent);
                    }
                    if (textures != null) {
                        textures.release(contextCurrent);
                    }
                    if (meshes != null) {
                        meshes.release(contextCurrent);
                    }
                    if (program != null && contextCurrent) {
                        program.delete();
                    }
                } finally {
                    try {
                        if (debugLog != null) {
                            debugLog.uninstall(contextCurrent);
                        }
                    } finally {
                        if (savedState != null) {
                            try {
                                if (contextCurrent) {
                                    savedState.restore();
                                }
                            } finally {
                                savedState.delete();
                            }
                        }
                    }
                }
            }
        }
    }
}
