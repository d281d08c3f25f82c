package io.flatscene.core.scene;

import io.flatscene.core.layout.LaneBlocks;
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
 *
 * <p>A queue is the caller's, not the scene's: its reads consult no guard and answer on any thread, so that another
 * thread can read the last frame's queue while the scene's owner culls the next frame into another one; what it names
 * of the scene ({@link #changedSlots()}, {@link #worldMatrices()}) is the scene's, for its owner to read. A cull
 * writes the queue only while it runs; reading a queue while a cull fills it is the caller's race.
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

    /** Makes an empty queue, with no storage until its first {@link SceneManager#cull}. */
    public RenderQueue() {
    }

    /** {@return the scene of the last cull into this queue, or null before the first} */
    public SceneManager scene() {
        return scene;
    }

    /**
     * {@return the changed slots of the scene of the last cull into this queue ({@link SceneManager#changedSlots()}),
     * or null before the first} A renderer that keeps world matrices on the GPU reads them between frames, under the
     * scene's guard, to upload only the matrices that moved.
     */
    public ChangedSlots changedSlots() {
        return scene == null ? null : scene.changedSlotsUnchecked();
    }

    /**
     * Whether the last cull into this queue kept it as it was: same camera, and nothing in the scene changed since the
     * cull before, so every instance, batch, light and matrix slot is what it was then (the matrices too).
     *
     * @return whether the last cull kept the queue; false before the first
     */
    public boolean isKept() {
        return kept;
    }

    /**
     * Counts the culls that changed this queue's instances or batches: unchanged by a cull that keeps the queue, and
     * by one that re-tested moved items none of which moved in draw order (same key, same slot) or came into or left
     * the view; so a renderer that derived data from the instances and batches at one version may reuse it while the
     * version stays. The lights and the matrices the instances' slots point at are read afresh every frame.
     *
     * @return the number of culls that changed this queue's instances or batches, 0 before the first
     */
    public long version() {
        return version;
    }

    /**
     * {@return the statistics of the scene update this queue was culled from, and of the cull itself} One instance,
     * overwritten by every cull into this queue; {@link FrameStats#snapshot()} keeps a frame's figures.
     */
    public FrameStats stats() {
        return stats;
    }

    /** {@return the number of visible items the last cull queued, each drawn as one instance} */
    public int instanceCount() {
        return draws.instanceCount;
    }

    /**
     * Names the item drawn as an instance; {@link SceneManager#item} turns the index into the {@link Item}.
     *
     * @param instance the instance's position in draw order, 0 to {@code instanceCount() - 1}
     * @return the item's global index as of the cull; indices change when items are destroyed, attached or detached,
     *         and when an update sorts a large scene's items (see {@link SceneManager#item})
     * @throws IndexOutOfBoundsException if {@code instance} is outside 0 to {@code instanceCount() - 1}
     */
    public int instanceItem(int instance) {
        return draws.items[checkInstance(instance)];
    }

    /**
     * Finds an instance's world matrix.
     *
     * @param instance the instance's position in draw order, 0 to {@code instanceCount() - 1}
     * @return the transform slot of the instance's world matrix in {@link #worldMatrices()}
     * @throws IndexOutOfBoundsException if {@code instance} is outside 0 to {@code instanceCount() - 1}
     */
    public int instanceTransformSlot(int instance) {
        return draws.slots[checkInstance(instance)];
    }

    /**
     * Every instance's transform slot in draw order, in the first {@link #instanceCount()} entries: the array itself,
     * for a renderer that copies or compares them in bulk. Read only; valid until the next cull into this queue.
     *
     * @return the queue's own slot array, at least {@link #instanceCount()} long
     */
    public int[] instanceTransformSlots() {
        return draws.slots;
    }

    /**
     * The 64-bit sort key of instance {@code instance}: group (8 bits), transparency (1), mirroring (1), then material,
     * mesh and depth for opaque items and depth, material and mesh for transparent ones.
     *
     * @param instance the instance's position in draw order, 0 to {@code instanceCount() - 1}
     * @return the key the instance was sorted by, compared unsigned (a group of 128 and up sets the top bit)
     * @throws IndexOutOfBoundsException if {@code instance} is outside 0 to {@code instanceCount() - 1}
     */
    public long instanceKey(int instance) {
        return draws.keys[checkInstance(instance)];
    }

    /**
     * The scene's world matrices, 12 floats a slot in {@link LaneBlocks}; read only, valid until the scene next
     * changes.
     *
     * @return the scene's own world-matrix array, as of the last transform pass (see the class comment for its
     *         layout)
     */
    public float[] worldMatrices() {
        return draws.world;
    }

    /**
     * The scene's item tints, one int an item at the global index {@link #instanceItem} gives, packed as {@link
     * Item#tintRgba()} packs them (red in the lowest byte): the array itself, for a renderer that uploads them with
     * its instances. Read only; valid until the scene next changes (a tint change re-culls a kept queue).
     *
     * @return the scene's own tint array as of the last cull, at least as long as the scene's item count
     */
    public int[] itemTints() {
        return draws.tints;
    }

    /**
     * {@return the number of batches: runs of consecutive instances sharing mesh, material, group, transparency and
     * mirroring, each one instanced draw}
     */
    public int batchCount() {
        return draws.batchCount;
    }

    /**
     * Names the mesh a batch draws.
     *
     * @param batch the batch's position in draw order, 0 to {@code batchCount() - 1}
     * @return the mesh id its items share ({@link Item#meshId})
     * @throws IndexOutOfBoundsException if {@code batch} is outside 0 to {@code batchCount() - 1}
     */
    public int batchMeshId(int batch) {
        return draws.batchMesh[checkBatch(batch)];
    }

    /**
     * Names the material a batch draws with.
     *
     * @param batch the batch's position in draw order, 0 to {@code batchCount() - 1}
     * @return the material id its items share ({@link Item#materialId})
     * @throws IndexOutOfBoundsException if {@code batch} is outside 0 to {@code batchCount() - 1}
     */
    public int batchMaterialId(int batch) {
        return draws.batchMaterial[checkBatch(batch)];
    }

    /**
     * Tells a batch's render-queue group.
     *
     * @param batch the batch's position in draw order, 0 to {@code batchCount() - 1}
     * @return the group its items share, 0 to 255 ({@link Item#renderQueueGroup})
     * @throws IndexOutOfBoundsException if {@code batch} is outside 0 to {@code batchCount() - 1}
     */
    public int batchRenderQueueGroup(int batch) {
        return draws.batchGroup[checkBatch(batch)];
    }

    /**
     * Tells whether a batch is transparent: transparent batches follow the opaque ones of their group.
     *
     * @param batch the batch's position in draw order, 0 to {@code batchCount() - 1}
     * @return whether its items are transparent ({@link Item#isTransparent})
     * @throws IndexOutOfBoundsException if {@code batch} is outside 0 to {@code batchCount() - 1}
     */
    public boolean batchTransparent(int batch) {
        return draws.batchTransparent[checkBatch(batch)];
    }

    /**
     * Whether the batch's world matrices mirror (negative determinant), so its front faces wind clockwise; always
     * false for transparent batches, which are drawn without face culling.
     *
     * @param batch the batch's position in draw order, 0 to {@code batchCount() - 1}
     * @return whether the batch's front faces wind clockwise
     * @throws IndexOutOfBoundsException if {@code batch} is outside 0 to {@code batchCount() - 1}
     */
    public boolean batchMirrored(int batch) {
        return draws.batchMirrored[checkBatch(batch)];
    }

    /**
     * Finds a batch's instances: {@code batchInstanceCount(batch)} consecutive ones from this.
     *
     * @param batch the batch's position in draw order, 0 to {@code batchCount() - 1}
     * @return the position of its first instance in draw order
     * @throws IndexOutOfBoundsException if {@code batch} is outside 0 to {@code batchCount() - 1}
     */
    public int batchFirstInstance(int batch) {
        return draws.batchFirst[checkBatch(batch)];
    }

    /**
     * Counts a batch's instances.
     *
     * @param batch the batch's position in draw order, 0 to {@code batchCount() - 1}
     * @return the number of its instances, at least 1
     * @throws IndexOutOfBoundsException if {@code batch} is outside 0 to {@code batchCount() - 1}
     */
    public int batchInstanceCount(int batch) {
        return draws.batchInstances[checkBatch(batch)];
    }

    // ---- the camera as the cull saw it ----

    /**
     * Projection · view of the culled camera, written into {@code dest}, exactly as the cull used it.
     *
     * @param dest receives the matrix, from world space to clip space
     * @return {@code dest}
     */
    public Matrix4f getViewProjection(Matrix4f dest) {
        return dest.set(view.viewProjection);
    }

    /**
     * The view matrix of the culled camera, as of the cull (its node's world matrix of the last transform pass).
     *
     * @param dest receives the matrix, from world space to view space
     * @return {@code dest}
     */
    public Matrix4f getView(Matrix4f dest) {
        return dest.set(view.view);
    }

    /**
     * The projection matrix of the culled camera, as {@link Camera#getProjection} gave it at the cull.
     *
     * @param dest receives the matrix, from view space to clip space
     * @return {@code dest}
     */
    public Matrix4f getProjection(Matrix4f dest) {
        return dest.set(view.projection);
    }

    /**
     * The culled camera's world position (the origin for a camera on no node), written into {@code dest}.
     *
     * @param dest receives the eye's position, in world space, as of the cull
     * @return {@code dest}
     */
    public Vector3f getCameraPosition(Vector3f dest) {
        return dest.set(view.x, view.y, view.z);
    }

    /**
     * Projection · view of the culled camera for drawing into a {@code width} x {@code height} target, written into
     * {@code dest}: the culled one when the camera fixed its aspect ratio or its viewport had the target's shape;
     * otherwise the projection takes the target's aspect ratio (only its x scale changes, for a perspective and an
     * orthographic projection alike), so the picture is not stretched. Culling used the viewport's aspect: keep the
     * camera's viewport at the target's size for culling to match.
     *
     * @param dest   receives the matrix, from world space to clip space
     * @param width  the target's width, in pixels; 0 or less keeps the culled matrix
     * @param height the target's height, in pixels; 0 or less keeps the culled matrix
     * @return {@code dest}
     */
    public Matrix4f getViewProjection(Matrix4f dest, int width, int height) {
        dest.set(view.viewProjection);
        if (view.aspectFixed || width <= 0 || height <= 0
                || (long) width * view.viewportHeight == (long) height * view.viewportWidth) {
            return dest;
        }
        // the projection's first row is (x scale, 0, 0, 0), so rescaling it is rescaling the product's first row
        float k = (float) (((double) view.viewportWidth * height) / ((double) view.viewportHeight * width));
        return dest.m00(dest.m00() * k).m10(dest.m10() * k).m20(dest.m20() * k).m30(dest.m30() * k);
    }

    /** {@return whether the culled camera had fixed its aspect ratio ({@link Camera#setAspectRatio})} */
    public boolean isAspectRatioFixed() {
        return view.aspectFixed;
    }

    /** {@return the culled camera's viewport width, in pixels, as of the cull} */
    public int viewportWidth() {
        return view.viewportWidth;
    }

    /** {@return the culled camera's viewport height, in pixels, as of the cull} */
    public int viewportHeight() {
        return view.viewportHeight;
    }

    // ---- the lights, every light attached in the scene graph, in global index order ----

    /**
     * {@return the number of lights the view shades with: every light attached to a node in the scene graph that
     * neither it nor an ancestor hides, as of the last transform pass, in global index order}
     */
    public int lightCount() {
        return lights.count;
    }

    /**
     * Tells a light's kind.
     *
     * @param light the light's position in the queue, 0 to {@code lightCount() - 1}
     * @return the light's type, as of the cull
     * @throws IndexOutOfBoundsException if {@code light} is outside 0 to {@code lightCount() - 1}
     */
    public Light.Type lightType(int light) {
        return Light.TYPES[lights.type[checkLight(light)]];
    }

    /**
     * The light's world position: its node's origin as of the last transform pass, written into {@code dest}.
     * Meaningless for a directional light.
     *
     * @param light the light's position in the queue, 0 to {@code lightCount() - 1}
     * @param dest  receives the position, in world space
     * @return {@code dest}
     * @throws IndexOutOfBoundsException if {@code light} is outside 0 to {@code lightCount() - 1}
     */
    public Vector3f getLightPosition(int light, Vector3f dest) {
        return lightVector(light, LightList.POSITION, dest);
    }

    /**
     * The unit direction the light shines along: its node's -Z axis in world space, as of the last transform pass.
     *
     * @param light the light's position in the queue, 0 to {@code lightCount() - 1}
     * @param dest  receives the direction; NaN when a zero scale up the node's chain leaves it no -Z axis
     * @return {@code dest}
     * @throws IndexOutOfBoundsException if {@code light} is outside 0 to {@code lightCount() - 1}
     */
    public Vector3f getLightDirection(int light, Vector3f dest) {
        return lightVector(light, LightList.DIRECTION, dest);
    }

    /**
     * The light's linear color, written into {@code dest} as (red, green, blue).
     *
     * @param light the light's position in the queue, 0 to {@code lightCount() - 1}
     * @param dest  receives the color, each component &gt;= 0 (above 1 brighter than white)
     * @return {@code dest}
     * @throws IndexOutOfBoundsException if {@code light} is outside 0 to {@code lightCount() - 1}
     */
    public Vector3f getLightColor(int light, Vector3f dest) {
        return lightVector(light, LightList.COLOR, dest);
    }

    /**
     * Tells how far a point or spot light reaches ({@link Light#range}).
     *
     * @param light the light's position in the queue, 0 to {@code lightCount() - 1}
     * @return the distance, in world units, at which the light's contribution reaches zero
     * @throws IndexOutOfBoundsException if {@code light} is outside 0 to {@code lightCount() - 1}
     */
    public float lightRange(int light) {
        return lightValue(light, LightList.RANGE);
    }

    /**
     * Tells a spot light's inner cone ({@link Light#spotInnerAngle}).
     *
     * @param light the light's position in the queue, 0 to {@code lightCount() - 1}
     * @return the inner half-angle, in radians, inside which the light shines fully
     * @throws IndexOutOfBoundsException if {@code light} is outside 0 to {@code lightCount() - 1}
     */
    public float lightSpotInnerAngle(int light) {
        return lightValue(light, LightList.SPOT_INNER);
    }

    /**
     * Tells a spot light's outer cone ({@link Light#spotOuterAngle}).
     *
     * @param light the light's position in the queue, 0 to {@code lightCount() - 1}
     * @return the outer half-angle, in radians, outside which the light gives nothing
     * @throws IndexOutOfBoundsException if {@code light} is outside 0 to {@code lightCount() - 1}
     */
    public float lightSpotOuterAngle(int light) {
        return lightValue(light, LightList.SPOT_OUTER);
    }

    /**
     * Tells how far the light is from the culled camera, for a renderer that keeps only the nearest lights.
     *
     * @param light the light's position in the queue, 0 to {@code lightCount() - 1}
     * @return the squared distance from the camera's eye to the light's position, in world units squared
     * @throws IndexOutOfBoundsException if {@code light} is outside 0 to {@code lightCount() - 1}
     */
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
