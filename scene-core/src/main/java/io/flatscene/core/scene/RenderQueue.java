package io.flatscene.core.scene;

import io.flatscene.core.container.LaneBlocks;
import io.flatscene.core.scene.frame.CameraView;
import io.flatscene.core.scene.frame.DrawList;
import io.flatscene.core.scene.frame.LightList;
import org.joml.Matrix4f;
import org.joml.Vector3f;

/**
 * One view of a scene, ready to draw: the visible items in draw order cut into batches (each draws one mesh with one
 * material as one instanced draw), the camera as the cull saw it, and the lights it shades with. A game owns as many
 * as it draws views and fills each with {@link SceneManager#cull}; the scene keeps one for
 * {@link SceneManager#updateFrame}. A cull overwrites the queue, unless it finds the queue filled for the same camera
 * with nothing in the scene changed since, values or structure (a still scene and camera): then it keeps the queue as
 * it is and says so ({@link #isKept()}), so a still frame costs no cull, and a renderer need not re-upload what it
 * derived from the queue. A queue holds no storage of its own until its first cull, and grows to the scene's item
 * count.
 *
 * <p>Instance {@code i} (in draw order) is the item at global index {@link #instanceItem(int)}, drawn with the world
 * matrix at {@link #instanceTransformSlot(int)} of {@link #worldMatrices()}: 12 floats a slot, JOML
 * {@code Matrix4x3f} column order, laid out in {@link LaneBlocks} of eight slots (component {@code c} of slot
 * {@code s} at {@code LaneBlocks.base(s, 12) + c * LaneBlocks.LANES}), the layout the transform pass computes eight
 * neighbouring nodes in. A renderer gathers a slot's 12 floats into its instance buffer.
 *
 * <p>Draw order: render-queue group ascending; within a group opaque items first, grouped by material then mesh and
 * front to back, then transparent items back to front. Equal keys keep the items' order in the scene (their global
 * indices), so a still scene draws identically every frame. A scene of 4,096 items or more sorts its items by
 * position at its first update, and again, a window of items an update, when motion or churn has scattered them,
 * which can change the order of equal keys at those updates; a still scene is sorted once.
 */
public final class RenderQueue {
    final DrawList draws = new DrawList();
    final CameraView view = new CameraView();
    final LightList lights = new LightList();
    final FrameStats stats = new FrameStats();
    SceneManager scene;
    /** The camera of the last cull into this queue, and the scene's change count then; -1 while none completed. */
    Camera camera;
    long changeCount = -1L;
    boolean kept;
    long version;
    /**
     * What the last cull saw, for the next one to tell whether only item boxes changed since (then it re-tests just
     * those): the scene's layout count ({@code SceneManager.layoutChanges}) and the bounds pass.
     */
    long layoutChanges = -1L;
    int boundsPass;

    public RenderQueue() {
    }

    /** The scene of the last cull into this queue, or null before the first. */
    public SceneManager scene() {
        return scene;
    }

    /**
     * Whether the last cull into this queue kept it as it was: same camera, and nothing in the scene changed since the
     * cull before, so every instance, batch, light and matrix slot is what it was then (the matrices too).
     */
    public boolean isKept() {
        return kept;
    }

    /**
     * Counts the culls that rewrote this queue: unchanged by a cull that keeps it, so a renderer that derived data
     * from the queue at one version may reuse it while the version stays.
     */
    public long version() {
        return version;
    }

    /** The statistics of the scene update this queue was culled from, and of the cull itself. */
    public FrameStats stats() {
        return stats;
    }

    public int instanceCount() {
        return draws.instanceCount;
    }

    /** The global index of the item drawn as instance {@code instance}. */
    public int instanceItem(int instance) {
        return draws.items[checkInstance(instance)];
    }

    /** The transform slot of instance {@code instance}'s world matrix in {@link #worldMatrices()}. */
    public int instanceTransformSlot(int instance) {
        return draws.slots[checkInstance(instance)];
    }

    /**
     * Every instance's transform slot in draw order, in the first {@link #instanceCount()} entries: the array itself,
     * for a renderer that copies or compares them in bulk. Read only; valid until the next cull into this queue.
     */
    public int[] instanceTransformSlots() {
        return draws.slots;
    }

    /**
     * The 64-bit sort key of instance {@code instance}: group (8 bits), transparency (1), mirroring (1), then material,
     * mesh and depth for opaque items and depth, material and mesh for transparent ones.
     */
    public long instanceKey(int instance) {
        return draws.keys[checkInstance(instance)];
    }

    /**
     * The scene's world matrices, 12 floats a slot in {@link LaneBlocks}; read only, valid until the scene next
     * changes.
     */
    public float[] worldMatrices() {
        return draws.world;
    }

    public int batchCount() {
        return draws.batchCount;
    }

    public int batchMeshId(int batch) {
        return draws.batchMesh[checkBatch(batch)];
    }

    public int batchMaterialId(int batch) {
        return draws.batchMaterial[checkBatch(batch)];
    }

    public int batchRenderQueueGroup(int batch) {
        return draws.batchGroup[checkBatch(batch)];
    }

    public boolean batchTransparent(int batch) {
        return draws.batchTransparent[checkBatch(batch)];
    }

    /**
     * Whether the batch's world matrices mirror (negative determinant), so its front faces wind clockwise; always
     * false for transparent batches, which are drawn without face culling.
     */
    public boolean batchMirrored(int batch) {
        return draws.batchMirrored[checkBatch(batch)];
    }

    public int batchFirstInstance(int batch) {
        return draws.batchFirst[checkBatch(batch)];
    }

    public int batchInstanceCount(int batch) {
        return draws.batchInstances[checkBatch(batch)];
    }

    // ---- the camera as the cull saw it ----

    /** Projection · view of the culled camera, written into {@code dest}. */
    public Matrix4f getViewProjection(Matrix4f dest) {
        return dest.set(view.viewProjection);
    }

    public Matrix4f getView(Matrix4f dest) {
        return dest.set(view.view);
    }

    public Matrix4f getProjection(Matrix4f dest) {
        return dest.set(view.projection);
    }

    /** The culled camera's world position (the origin for a camera on no node), written into {@code dest}. */
    public Vector3f getCameraPosition(Vector3f dest) {
        return dest.set(view.x, view.y, view.z);
    }

    public int viewportWidth() {
        return view.viewportWidth;
    }

    public int viewportHeight() {
        return view.viewportHeight;
    }

    // ---- the lights, every light attached in the scene graph, in global index order ----

    public int lightCount() {
        return lights.count;
    }

    public Light.Type lightType(int light) {
        return Light.TYPES[lights.type[checkLight(light)]];
    }

    public Vector3f getLightPosition(int light, Vector3f dest) {
        return lightVector(light, LightList.POSITION, dest);
    }

    /** The unit direction the light shines along: its node's -Z axis in world space. */
    public Vector3f getLightDirection(int light, Vector3f dest) {
        return lightVector(light, LightList.DIRECTION, dest);
    }

    /** The light's linear color, written into {@code dest} as (red, green, blue). */
    public Vector3f getLightColor(int light, Vector3f dest) {
        return lightVector(light, LightList.COLOR, dest);
    }

    public float lightRange(int light) {
        return lightValue(light, LightList.RANGE);
    }

    public float lightSpotInnerAngle(int light) {
        return lightValue(light, LightList.SPOT_INNER);
    }

    public float lightSpotOuterAngle(int light) {
        return lightValue(light, LightList.SPOT_OUTER);
    }

    /** The squared distance from the culled camera to the light. */
    public float lightDistanceSquared(int light) {
        return lightValue(light, LightList.DISTANCE_SQUARED);
    }

    private Vector3f lightVector(int light, int offset, Vector3f dest) {
        int o = checkLight(light) * LightList.FLOATS + offset;
        return dest.set(lights.values[o], lights.values[o + 1], lights.values[o + 2]);
    }

    private float lightValue(int light, int offset) {
        return lights.values[checkLight(light) * LightList.FLOATS + offset];
    }

    private int checkInstance(int instance) {
        if (instance < 0 || instance >= draws.instanceCount) {
            throw new IndexOutOfBoundsException("instance " + instance + " of " + draws.instanceCount);
        }
        return instance;
    }

    private int checkBatch(int batch) {
        if (batch < 0 || batch >= draws.batchCount) {
            throw new IndexOutOfBoundsException("batch " + batch + " of " + draws.batchCount);
        }
        return batch;
    }

    private int checkLight(int light) {
        if (light < 0 || light >= lights.count) {
            throw new IndexOutOfBoundsException("light " + light + " of " + lights.count);
        }
        return light;
    }
}
