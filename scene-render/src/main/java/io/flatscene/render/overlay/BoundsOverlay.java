package io.flatscene.render.overlay;

import io.flatscene.core.scene.Camera;
import io.flatscene.core.scene.Item;
import io.flatscene.core.scene.RenderQueue;
import io.flatscene.core.scene.SceneManager;
import io.flatscene.render.gl.ShaderProgram;
import io.flatscene.render.gl.TargetBinder;
import io.flatscene.render.owner.GlOwner;
import io.flatscene.render.target.RenderTarget;
import java.nio.Buffer;
import java.nio.FloatBuffer;
import org.joml.Matrix4f;
import org.joml.Vector3f;
import org.lwjgl.system.MemoryUtil;

import static org.lwjgl.opengl.GL11C.GL_BLEND;
import static org.lwjgl.opengl.GL11C.GL_CULL_FACE;
import static org.lwjgl.opengl.GL11C.GL_DEPTH_TEST;
import static org.lwjgl.opengl.GL11C.GL_LINES;
import static org.lwjgl.opengl.GL11C.glDisable;
import static org.lwjgl.opengl.GL11C.glViewport;
import static org.lwjgl.opengl.GL20C.glUniformMatrix4fv;
import static org.lwjgl.opengl.GL20C.glUseProgram;
import static org.lwjgl.opengl.GL30C.GL_DRAW_FRAMEBUFFER;

/**
 * Draws the world-space bounding boxes of the items in a scene's render queue as lines, over a finished frame:
 * a debugging view of what the bounds pass computed and culling kept. Boxes show through the scene (no depth
 * test) and take their color from their render-queue batch, so that batching shows too. Drawing allocates
 * nothing on the Java heap once the native buffer has grown to the most boxes drawn.
 *
 * <p>Like a {@code Renderer}, a bounds overlay uses the context current on the thread that creates it, and only
 * that thread may call it, with that context current; once the context is closed it refuses to draw, and
 * {@link #close()} frees its native memory only. A draw reads the items' world boxes from their scene, so that thread
 * must own the scene too ({@link SceneManager#handOver}).
 *
 * <p>GL state: {@link #draw} binds the target as draw framebuffer and sets the viewport to the whole target, and
 * leaves them so; it draws with blending, depth test and face culling off and leaves them off, and leaves program,
 * vertex array and array buffer bound to 0 (its element buffer is bound inside its own vertex array only). The
 * scissor test and color mask are used as found; the Renderer leaves the scissor test off and every channel
 * writable. The Renderer sets all the state it needs at each draw, so overlays need no restore between frames; a
 * game that relies on any of this state sets it again after {@link #draw} (the overlays do not follow
 * {@code RendererConfig.restoreGlState}). A draw with no box to draw touches no state.
 */
public final class BoundsOverlay implements AutoCloseable {
    /** Corner {@code i} sits at +x when bit 0 is set, +y for bit 1, +z for bit 2; these pairs differ in one bit. */
    private static final int[] BOX_EDGES = {0, 1, 2, 3, 4, 5, 6, 7, 0, 2, 1, 3, 4, 6, 5, 7, 0, 4, 1, 5, 2, 6, 3, 7};
    private static final int CORNERS = 8;
    private static final int INITIAL_BOXES = 256;
    /** Bright, well separated colors, one per batch in turn: RGB. */
    private static final int[][] PALETTE = {{255, 220, 40}, {40, 230, 255}, {255, 80, 220}, {120, 255, 80},
            {255, 150, 40}, {150, 120, 255}};

    private final GlOwner owner;
    private final Vector3f center = new Vector3f();
    private final Vector3f half = new Vector3f();
    private final Matrix4f viewProjection = new Matrix4f();
    private final Matrix4f scratch = new Matrix4f();
    private ShaderProgram program;
    private int viewProjectionUniform;
    private TargetBinder targets;
    private OverlayGeometry geometry;
    private FloatBuffer matrix;
    private boolean closed;

    /**
     * Compiles its shaders and makes its buffers in the context current on this thread.
     *
     * @throws IllegalStateException if no OpenGL 4.1 core context is current on this thread
     */
    public BoundsOverlay() {
        owner = new GlOwner("bounds overlay", "create it where the Renderer was created");
        try {
            program = new ShaderProgram("#version 410 core\n", "overlay-bounds.vert", "overlay.frag");
            viewProjectionUniform = program.uniformLocation("viewProjection");
            targets = new TargetBinder();
            matrix = MemoryUtil.memAllocFloat(16);
            geometry = new OverlayGeometry("bounds overlay", BOX_EDGES, CORNERS, INITIAL_BOXES);
        } catch (RuntimeException | Error e) {
            release(true);
            throw e;
        }
    }

    /**
     * Draws the world bounds of the first {@code maxBoxes} items of {@code scene}'s render queue, in draw order,
     * over {@code target}, seen by {@code camera}, in one draw call. The queue and the bounds are those of the
     * scene's last frame update ({@code Renderer.prepare} or {@code render} runs one), so call it before the
     * scene's structure changes again; items with infinite bounds are skipped and do not count.
     *
     * @param scene    the scene whose render queue to show, not null
     * @param camera   the camera to see the boxes with, not null; normally the one the frame was drawn with
     * @param target   where to draw, not null: the frame the renderer just drew, usually
     * @param maxBoxes the most boxes to draw, 0 or more; 0 draws nothing and touches no state
     * @return the number of boxes drawn
     * @throws IllegalArgumentException if {@code maxBoxes} is negative, an argument is null, or the target cannot be
     *                                  drawn into (its size beyond the context's limit, its name no framebuffer)
     * @throws IllegalStateException    if called from another thread than the creating one, after close, when its
     *                                  context was closed or is not current, or the target's framebuffer refuses
     */
    public int draw(SceneManager scene, Camera camera, RenderTarget target, int maxBoxes) {
        owner.check(closed);
        if (scene == null || camera == null) {
            throw new IllegalArgumentException("bounds overlay needs a scene and a camera, got " + scene + " and "
                    + camera);
        }
        checkDraw(target, maxBoxes);
        return drawBoxes(scene.renderQueue(), camera.getViewProjection(viewProjection, scratch), target, maxBoxes);
    }

    /**
     * Draws the world bounds of the first {@code maxBoxes} items of {@code queue}, in draw order, over
     * {@code target}, seen by the camera the queue was culled for, in one draw call. Call it before the queue's scene
     * changes its structure again; items with infinite bounds are skipped and do not count.
     *
     * @param queue    a queue filled by {@code scene.cull(camera, queue)}, not null
     * @param target   where to draw, not null: the frame the renderer just drew, usually
     * @param maxBoxes the most boxes to draw, 0 or more; 0 draws nothing and touches no state
     * @return the number of boxes drawn
     * @throws IllegalArgumentException if {@code maxBoxes} is negative, an argument is null, the queue was never
     *                                  culled, or the target cannot be drawn into
     * @throws IllegalStateException    as {@link #draw(SceneManager, Camera, RenderTarget, int)} does
     */
    public int draw(RenderQueue queue, RenderTarget target, int maxBoxes) {
        owner.check(closed);
        if (queue == null || queue.scene() == null) {
            throw new IllegalArgumentException("bounds overlay needs a render queue filled by scene.cull(camera, "
                    + "queue), got " + (queue == null ? "null" : "one never culled"));
        }
        checkDraw(target, maxBoxes);
        return drawBoxes(queue, queue.getViewProjection(viewProjection), target, maxBoxes);
    }

    private static void checkDraw(RenderTarget target, int maxBoxes) {
        if (target == null) {
            throw new IllegalArgumentException("render target must not be null");
        }
        if (maxBoxes < 0) {
            throw new IllegalArgumentException("maxBoxes " + maxBoxes + " must be >= 0");
        }
    }

    private int drawBoxes(RenderQueue queue, Matrix4f viewProjection, RenderTarget target, int maxBoxes) {
        geometry.clear();
        int boxes = maxBoxes == 0 ? 0 : collect(queue, maxBoxes);
        if (boxes == 0) {
            return 0;
        }
        viewProjection.get(matrix);
        targets.bind(GL_DRAW_FRAMEBUFFER, target);
        glViewport(0, 0, target.width(), target.height());
        glDisable(GL_DEPTH_TEST);
        glDisable(GL_CULL_FACE);
        glDisable(GL_BLEND);
        glUseProgram(program.id());
        glUniformMatrix4fv(viewProjectionUniform, false, matrix);
        try {
            geometry.draw(GL_LINES);
        } finally {
            geometry.unbind();
            glUseProgram(0);
            geometry.clear();
        }
        return boxes;
    }

    /** Writes the corners of up to {@code maxBoxes} finite boxes, batch by batch, and returns how many. */
    private int collect(RenderQueue queue, int maxBoxes) {
        SceneManager scene = queue.scene();
        int boxes = 0;
        for (int batch = 0, batches = queue.batchCount(); batch < batches; batch++) {
            int[] color = PALETTE[batch % PALETTE.length];
            int first = queue.batchFirstInstance(batch);
            for (int instance = first, end = first + queue.batchInstanceCount(batch); instance < end; instance++) {
                Item item = scene.item(queue.instanceItem(instance));
                item.getWorldHalfExtents(half);
                if (!Float.isFinite(half.x) || !Float.isFinite(half.y) || !Float.isFinite(half.z)) {
                    continue;
                }
                item.getWorldCenter(center);
                geometry.ensureRemaining(CORNERS * OverlayGeometry.VERTEX_BYTES);
                for (int corner = 0; corner < CORNERS; corner++) {
                    geometry.put((corner & 1) != 0 ? center.x + half.x : center.x - half.x,
                            (corner & 2) != 0 ? center.y + half.y : center.y - half.y,
                            (corner & 4) != 0 ? center.z + half.z : center.z - half.z,
                            color[0], color[1], color[2], 255);
                }
                if (++boxes == maxBoxes) {
                    return boxes;
                }
            }
        }
        return boxes;
    }

    /**
     * Deletes the GL objects and frees the native memory; call it on the creating thread, context current. If the
     * context was closed first, its GL objects went with it and this frees the native memory only; so it does, with a
     * warning, when a context the game made is no longer current here.
     *
     * @throws IllegalStateException if called from another thread than the creating one, or while its context, one
     *                               FlatScene created and still open, is not current: the overlay stays open
     */
    @Override
    public void close() {
        if (closed) {
            return;
        }
        boolean contextCurrent = owner.checkClose();
        closed = true;
        release(contextCurrent);
    }

    /** Releases whatever exists, each step even if an earlier one failed; GL objects only while they exist. */
    private void release(boolean contextCurrent) {
        try {
            if (geometry != null) {
                geometry.release(contextCurrent);
            }
        } finally {
            try {
                if (program != null && contextCurrent) {
                    program.delete();
                }
            } finally {
                // memFree(Buffer): LWJGL 3.3.3 has no memFree(FloatBuffer), which 3.4 added
                MemoryUtil.memFree((Buffer) matrix);
                matrix = null;
            }
        }
    }
}
