package io.flatscene.core.scene;

import org.joml.Matrix4d;
import org.joml.Matrix4f;
import org.joml.Matrix4fc;
import org.joml.Matrix4x3fc;
import org.joml.Vector3f;
import org.joml.Vector3fc;
import org.joml.Vector4d;

/**
 * A viewpoint: a perspective or orthographic projection, placed and aimed by the node it is attached to. It looks
 * along the node's -Z axis with +Y up, the OpenGL convention JOML follows. Every setter rejects a degenerate
 * frustum, naming the value, so culling never runs against one.
 *
 * <h2>Placement</h2>
 * The camera takes only its node's world position and orientation, as Ogre and jME do: a scale on the node or an
 * ancestor (a mirroring one included) neither moves the near and far planes nor widens the view. The orientation is
 * the one {@link SceneNode#getWorldOrientation} reads. A zero scale up the chain leaves no orientation, and culling
 * refuses such a camera.
 *
 * <h2>Aspect ratio</h2>
 * The viewport ({@link #setViewport}) is the size in pixels of the target the camera draws into; the aspect ratio is
 * its width over its height unless the caller fixes one with {@link #setAspectRatio} (then the picture keeps that
 * shape whatever the target, stretched if the target's differs). The renderer keeps the viewport of a camera it
 * renders ({@code render(scene, camera, target)}) at the target's size, and draws a queue culled with another
 * viewport with the target's aspect; it never touches a fixed aspect ratio.
 *
 * <h2>Picking and projecting</h2>
 * {@link #pickRay} (window to world) and {@link #project} (world to window, its inverse) take window coordinates in
 * pixels of the viewport with the origin at the top-left corner and y growing downwards, as GLFW reports cursor
 * positions; pixel (i, j) spans [i, i + 1) x [j, j + 1), so its centre is (i + 0.5, j + 0.5). Each reads the camera's
 * viewport, or one given as {x, y, width, height} with (x, y) its top-left corner in the window: a game picks in its
 * window's viewport before the renderer has first set the camera's.
 */
public final class Camera extends MovableObject {
    /** How the camera projects the scene. */
    public enum Projection {
        /** Things shrink with distance: a vertical field of view ({@link #setPerspective}). */
        PERSPECTIVE,
        /** Things keep their size whatever their distance: a fixed view height ({@link #setOrthographic}). */
        ORTHOGRAPHIC
    }

    private Projection projection = Projection.PERSPECTIVE;
    private float fovY = (float) Math.toRadians(60);
    private float orthoHeight = 10f;
    private float near = 0.1f;
    private float far = 1000f;
    private int viewportWidth = 1280;
    private int viewportHeight = 720;
    /** The caller's aspect ratio, or NaN while the aspect follows the viewport. */
    private float fixedAspect = Float.NaN;
    private int visibilityMask = 0xFFFF_FFFF;

    Camera(CameraKind kind, String name) {
        super(kind, name);
    }

    /**
     * {@return the projection the last {@link #setPerspective} or {@link #setOrthographic} chose; perspective at
     * first}
     */
    public Projection projection() {
        checkReadable("the projection");
        return projection;
    }

    /**
     * Switches to a perspective projection (the default: 60 degrees, near 0.1, far 1000). The orthographic height is
     * kept for a later switch back.
     *
     * @param fovY the vertical field of view, in radians, strictly between 0 and pi; the horizontal one follows the
     *             aspect ratio
     * @param near the distance from the eye to the near clipping plane, in world units, finite and &gt; 0
     * @param far  the distance from the eye to the far clipping plane, in world units, finite and &gt; {@code near}
     * @return this camera, for chaining
     * @throws IllegalArgumentException if a value is outside its range, or together they give a projection outside
     *                                  the float range; the camera is unchanged
     * @throws IllegalStateException    if the camera was destroyed, or the scene cannot change now (a frame runs)
     */
    public Camera setPerspective(float fovY, float near, float far) {
        checkAlive();
        if (!(fovY > 0f && fovY < (float) Math.PI)) {
            throw new IllegalArgumentException(describe() + ": field of view " + fovY + " must be in (0, pi)");
        }
        checkDepthRange(near, far, true);
        checkWritable();
        checkProjection(Projection.PERSPECTIVE, fovY, orthoHeight, near, far, viewportWidth, viewportHeight);
        this.projection = Projection.PERSPECTIVE;
        this.fovY = fovY;
        this.near = near;
        this.far = far;
        return this;
    }

    /**
     * Switches to an orthographic projection. The field of view is kept for a later switch back.
     *
     * @param height the height of the view volume, in world units, finite and &gt; 0; its width is the height times
     *               the aspect ratio
     * @param near   the distance from the eye to the near clipping plane, in world units, finite and &gt;= 0
     * @param far    the distance from the eye to the far clipping plane, in world units, finite and &gt; {@code near}
     * @return this camera, for chaining
     * @throws IllegalArgumentException if a value is outside its range, or together they give a projection outside
     *                                  the float range; the camera is unchanged
     * @throws IllegalStateException    if the camera was destroyed, or the scene cannot change now (a frame runs)
     */
    public Camera setOrthographic(float height, float near, float far) {
        checkAlive();
        if (!(height > 0f) || !Float.isFinite(height)) {
            throw new IllegalArgumentException(describe() + ": orthographic height " + height
                    + " must be finite and > 0");
        }
        checkDepthRange(near, far, false);
        checkWritable();
        checkProjection(Projection.ORTHOGRAPHIC, fovY, height, near, far, viewportWidth, viewportHeight);
        this.projection = Projection.ORTHOGRAPHIC;
        this.orthoHeight = height;
        this.near = near;
        this.far = far;
        return this;
    }

    /**
     * The size in pixels of the target the camera draws into (1280x720 until set): the aspect ratio unless one is
     * fixed, and the pixels {@link #pickRay} and {@link #project} read unless given a viewport. The renderer sets it
     * to the target's size when it renders the camera.
     *
     * @param width  the target's width, in pixels, at least 1
     * @param height the target's height, in pixels, at least 1
     * @return this camera, for chaining
     * @throws IllegalArgumentException if a size is below 1, or the new aspect gives a projection outside the float
     *                                  range; the camera is unchanged
     * @throws IllegalStateException    if the camera was destroyed, or the scene cannot change now (a frame runs)
     */
    public Camera setViewport(int width, int height) {
        checkAlive();
        if (width <= 0 || height <= 0) {
            throw new IllegalArgumentException(describe() + ": viewport " + width + "x" + height
                    + " must be at least 1x1");
        }
        checkWritable();
        checkProjection(projection, fovY, orthoHeight, near, far, width, height);
        this.viewportWidth = width;
        this.viewportHeight = height;
        return this;
    }

    /**
     * Fixes the aspect ratio (width over height) whatever the viewport and the target: for a picture that must keep
     * its shape, or one meant to be stretched.
     *
     * @param aspect the width of the picture over its height (16/9f, say)
     * @return this camera, for chaining
     * @throws IllegalArgumentException if {@code aspect} is not finite and &gt; 0, or gives a projection outside the
     *                                  float range; the camera is unchanged
     */
    public Camera setAspectRatio(float aspect) {
        checkAlive();
        if (!(aspect > 0f) || !Float.isFinite(aspect)) {
            throw new IllegalArgumentException(describe() + ": aspect ratio " + aspect + " must be finite and > 0");
        }
        checkWritable();
        checkProjection(projection, fovY, orthoHeight, near, far, aspect, "aspect ratio " + aspect);
        this.fixedAspect = aspect;
        return this;
    }

    /**
     * Lets the aspect ratio follow the viewport again, as it does until {@link #setAspectRatio} is called.
     *
     * @return this camera, for chaining
     * @throws IllegalArgumentException if the viewport's aspect gives a projection outside the float range; the camera
     *                                  is unchanged
     * @throws IllegalStateException    if the camera was destroyed, or the scene cannot change now (a frame runs)
     */
    public Camera clearAspectRatio() {
        checkWritable();
        checkProjection(projection, fovY, orthoHeight, near, far, (float) viewportWidth / viewportHeight,
                "viewport " + viewportWidth + "x" + viewportHeight);
        this.fixedAspect = Float.NaN;
        return this;
    }

    /** {@return whether {@link #setAspectRatio} fixed the aspect ratio, rather than the viewport giving it} */
    public boolean isAspectRatioFixed() {
        checkReadable("the projection");
        return !Float.isNaN(fixedAspect);
    }

    private float aspect(int width, int height) {
        return Float.isNaN(fixedAspect) ? (float) width / height : fixedAspect;
    }

    private void checkDepthRange(float near, float far, boolean perspective) {
        if (!Float.isFinite(near) || !Float.isFinite(far) || (perspective ? !(near > 0f) : !(near >= 0f))
                || !(far > near)) {
            throw new IllegalArgumentException(describe() + ": near " + near + " and far " + far + " must satisfy "
                    + (perspective ? "0 < near < far" : "0 <= near < far") + ", both finite");
        }
    }

    /**
     * Refuses settings whose projection matrix leaves the float range, each value being fine on its own: a tiny field
     * of view or orthographic height, a near and far a few ulps apart, an extreme viewport. Culling could only refuse
     * such a camera later, blaming its node, or lose the frustum's planes and draw nothing. Called once the guard let
     * the change through, since it computes in the scene's scratch matrix, which a refused call must leave alone.
     */
    private void checkProjection(Projection kind, float fovY, float orthoHeight, float near, float far, int width,
                                 int height) {
        checkProjection(kind, fovY, orthoHeight, near, far, aspect(width, height), Float.isNaN(fixedAspect)
                ? "viewport " + width + "x" + height : "aspect ratio " + fixedAspect);
    }

    private void checkProjection(Projection kind, float fovY, float orthoHeight, float near, float far, float aspect,
                                 String shape) {
        Matrix4f matrix = project(scene.scratch().matrix, kind, fovY, orthoHeight, near, far, aspect);
        if (!matrix.isFinite()) {
            throw new IllegalArgumentException(describe() + ": " + (kind == Projection.PERSPECTIVE
                    ? "field of view " + fovY : "orthographic height " + orthoHeight) + ", near " + near + ", far "
                    + far + " and " + shape + " give a projection matrix outside the float range; widen the view, "
                    + "move near and far apart or make the viewport less extreme");
        }
    }

    /**
     * {@return the bits of {@link Item#visibilityFlags()} this camera draws: an item is drawn by this camera only if
     * {@code (mask & item.visibilityFlags()) != 0}} All bits set until changed.
     */
    public int visibilityMask() {
        checkReadable("the visibility mask");
        return visibilityMask;
    }

    /**
     * Chooses which items this camera draws: those whose {@link Item#visibilityFlags()} share a bit with
     * {@code mask}.
     *
     * @param mask any bits; 0 draws nothing, -1 (all bits, the default) every item whose flags are not 0
     * @return this camera, for chaining
     * @throws IllegalStateException if the camera was destroyed, or the scene cannot change now (a frame runs)
     */
    public Camera setVisibilityMask(int mask) {
        checkWritable();
        this.visibilityMask = mask;
        return this;
    }

    /** {@return the vertical field of view, in radians; kept, but unused, while the projection is orthographic} */
    public float fovY() {
        checkReadable("the projection");
        return fovY;
    }

    /**
     * {@return the orthographic view height, in world units (10 until set); kept, but unused, while the projection
     * is perspective}
     */
    public float orthographicHeight() {
        checkReadable("the projection");
        return orthoHeight;
    }

    /** {@return the distance from the eye to the near clipping plane, in world units} */
    public float near() {
        checkReadable("the projection");
        return near;
    }

    /** {@return the distance from the eye to the far clipping plane, in world units} */
    public float far() {
        checkReadable("the projection");
        return far;
    }

    /** {@return the viewport's width, in pixels; see {@link #setViewport}} */
    public int viewportWidth() {
        checkReadable("the projection");
        return viewportWidth;
    }

    /** {@return the viewport's height, in pixels; see {@link #setViewport}} */
    public int viewportHeight() {
        checkReadable("the projection");
        return viewportHeight;
    }

    /** {@return the aspect ratio the projection uses: the fixed one, or the viewport's width over its height} */
    public float aspectRatio() {
        checkReadable("the projection");
        return aspect(viewportWidth, viewportHeight);
    }

    /**
     * Writes the projection matrix into {@code dest}: from view space to OpenGL clip space (depth -1 to 1), as JOML's
     * {@code setPerspective} and {@code setOrtho} build it, with the current aspect ratio.
     *
     * @param dest receives the matrix
     * @return {@code dest}
     */
    public Matrix4f getProjection(Matrix4f dest) {
        checkReadable("the projection");
        return project(dest, projection, fovY, orthoHeight, near, far, aspect(viewportWidth, viewportHeight));
    }

    private static Matrix4f project(Matrix4f dest, Projection kind, float fovY, float orthoHeight, float near,
                                    float far, float aspect) {
        if (kind == Projection.PERSPECTIVE) {
            return dest.setPerspective(fovY, aspect, near, far);
        }
        float halfHeight = orthoHeight * 0.5f;
        float halfWidth = halfHeight * aspect;
        return dest.setOrtho(-halfWidth, halfWidth, -halfHeight, halfHeight, near, far);
    }

    /**
     * Writes the view matrix into {@code dest}: the inverse of the camera's current eye (its node's current world
     * position and orientation, see the class comment); an unattached camera sits at the origin looking down -Z.
     * Not finite when a zero scale up the chain leaves no orientation.
     *
     * @param dest receives the matrix, from world space to view space
     * @return {@code dest}
     * @throws IllegalStateException if the camera was destroyed, or as {@link SceneNode#getWorldMatrix} says
     */
    public Matrix4f getView(Matrix4f dest) {
        checkReadable("the view");
        if (parentNode == null) {
            return dest.identity();
        }
        return eye(parentNode.getWorldMatrix(scene.scratch().world), dest).invertAffine();
    }

    /**
     * The eye a node's world matrix places a camera at, written into {@code dest}: the matrix's translation, and its
     * axes each divided by its length, the x axis negated when the matrix mirrors, so the node's scale is left out.
     * In double, so a tiny or huge scale still gives unit axes; a zero axis gives NaN, which culling refuses.
     */
    static Matrix4f eye(Matrix4x3fc world, Matrix4f dest) {
        double sx = (world.determinant() < 0f ? -1.0 : 1.0) / length(world.m00(), world.m01(), world.m02());
        double sy = 1.0 / length(world.m10(), world.m11(), world.m12());
        double sz = 1.0 / length(world.m20(), world.m21(), world.m22());
        return dest.set((float) (world.m00() * sx), (float) (world.m01() * sx), (float) (world.m02() * sx), 0f,
                (float) (world.m10() * sy), (float) (world.m11() * sy), (float) (world.m12() * sy), 0f,
                (float) (world.m20() * sz), (float) (world.m21() * sz), (float) (world.m22() * sz), 0f,
                world.m30(), world.m31(), world.m32(), 1f);
    }

    /**
     * Why no finite view-projection comes from {@code eye} (as {@link #eye} gives it), for a refusal's message: axes
     * that could not be made unit, a position that is not finite, or one so far out that the product overflows.
     */
    static String whyNoView(Matrix4fc eye) {
        if (!Float.isFinite(eye.m00() + eye.m01() + eye.m02() + eye.m10() + eye.m11() + eye.m12() + eye.m20()
                + eye.m21() + eye.m22())) {
            return "its node's world matrix has a zero axis (a zero scale on the node or an ancestor) or one that "
                    + "overflowed the float range, so it has no orientation";
        }
        if (!Float.isFinite(eye.m30() + eye.m31() + eye.m32())) {
            return "its node's world position is not finite (a transform chain overflowed the float range)";
        }
        return "its node's world position (" + eye.m30() + ", " + eye.m31() + ", " + eye.m32() + ") is too far "
                + "from the origin: its view-projection overflows the float range";
    }

    private static double length(float x, float y, float z) {
        return Math.sqrt((double) x * x + (double) y * y + (double) z * z);
    }

    /**
     * The ray through window point {@code (x, y)} of the camera's viewport ({@link #setViewport}), from the camera's
     * current eye and projection: {@code originDest} gets its start on the near plane and {@code directionDest} its
     * unit direction, both in world space. Window coordinates are pixels from the viewport's top-left corner, y down
     * (see the class comment); a point outside the viewport gives the ray it would have.
     *
     * @param x             the window x coordinate, in pixels from the viewport's left edge
     * @param y             the window y coordinate, in pixels from the viewport's top edge
     * @param originDest    receives the ray's start, on the near plane, in world space
     * @param directionDest receives the ray's unit direction, in world space
     * @return the distance along the ray from {@code originDest} to the far plane, in world units
     * @throws IllegalArgumentException if {@code x} or {@code y} is not finite
     * @throws IllegalStateException    if the camera has no finite view (a zero scale up its node's chain, or a
     *                                  position too far out), or as {@link SceneNode#getWorldMatrix} says
     */
    public float pickRay(float x, float y, Vector3f originDest, Vector3f directionDest) {
        checkReadable("the view");
        return pickRay(x, y, 0, 0, viewportWidth, viewportHeight, originDest, directionDest);
    }

    /**
     * The ray through window point {@code (x, y)} of {@code viewport}, as {@link #pickRay(float, float, Vector3f,
     * Vector3f)} gives it for the camera's own viewport: for a pick in the game's window before the renderer has set
     * the camera's viewport, or in a viewport that is part of it. The projection takes the viewport's aspect ratio
     * (unless one is fixed), as the renderer does when it draws the camera into a target of that size. Window
     * coordinates are pixels from the window's top-left corner, y down, as the cursor reports them.
     *
     * @param x             the window x coordinate, in pixels from the window's left edge
     * @param y             the window y coordinate, in pixels from the window's top edge
     * @param viewport      {x, y, width, height}, as JOML's {@code unproject} takes it but with y from the top: the
     *                      viewport's top-left corner in window pixels and its size, at least 1x1; read, not kept
     * @param originDest    receives the ray's start, on the near plane, in world space
     * @param directionDest receives the ray's unit direction, in world space
     * @return the distance along the ray from {@code originDest} to the far plane, in world units
     * @throws IllegalArgumentException if {@code x} or {@code y} is not finite, the viewport is not four values with a
     *                                  size of at least 1x1, or its aspect gives a projection outside the float range
     * @throws IllegalStateException    if the camera has no finite view (a zero scale up its node's chain, or a
     *                                  position too far out), or as {@link SceneNode#getWorldMatrix} says
     */
    public float pickRay(float x, float y, int[] viewport, Vector3f originDest, Vector3f directionDest) {
        checkReadable("the view");
        checkViewport(viewport);
        return pickRay(x, y, viewport[0], viewport[1], viewport[2], viewport[3], originDest, directionDest);
    }

    private float pickRay(float x, float y, int left, int top, int width, int height, Vector3f originDest,
                          Vector3f directionDest) {
        if (!Float.isFinite(x) || !Float.isFinite(y)) {
            throw new IllegalArgumentException(describe() + ": pick point (" + x + ", " + y + ") must be finite");
        }
        NodeScratch scratch = scene.scratch();
        Matrix4f viewProjection = viewProjection(width, height, "pick");
        // normalized device coordinates, y up; the inverse in double keeps far/near ratios of 10^6 and more usable
        double ndcX = 2.0 * ((double) x - left) / width - 1.0;
        double ndcY = 1.0 - 2.0 * ((double) y - top) / height;
        Matrix4d inverse = scratch.matrix4D.set(viewProjection).invert();
        Vector4d near = inverse.transform(scratch.vector4D.set(ndcX, ndcY, -1.0, 1.0));
        double nx = near.x / near.w;
        double ny = near.y / near.w;
        double nz = near.z / near.w;
        Vector4d far = inverse.transform(scratch.vector4D.set(ndcX, ndcY, 1.0, 1.0));
        double dx = far.x / far.w - nx;
        double dy = far.y / far.w - ny;
        double dz = far.z / far.w - nz;
        double length = Math.sqrt(dx * dx + dy * dy + dz * dz);
        originDest.set((float) nx, (float) ny, (float) nz);
        directionDest.set((float) (dx / length), (float) (dy / length), (float) (dz / length));
        return (float) length;
    }

    /**
     * Where {@code world} appears in the camera's viewport ({@link #setViewport}), as
     * {@link #project(Vector3fc, int[], Vector3f)} gives it for a viewport {0, 0, width, height}.
     *
     * @param world the point, in world space; finite; read, not kept
     * @param dest  receives the window x and y, in pixels from the viewport's top-left corner, y down, and the depth
     * @return {@code dest}
     * @throws IllegalArgumentException if an argument is null or the point is not finite
     * @throws IllegalStateException    if the camera has no finite view, as {@link #pickRay} says
     */
    public Vector3f project(Vector3fc world, Vector3f dest) {
        checkReadable("the view");
        return project(world, 0, 0, viewportWidth, viewportHeight, dest);
    }

    /**
     * Where {@code world} appears in {@code viewport}: the window point whose {@link #pickRay(float, float, int[],
     * Vector3f, Vector3f) pick ray} passes through it, as JOML's {@code Matrix4f.project} and glm's {@code project}
     * compute it, but with window y from the top, as the cursor and {@link #pickRay} count it. From the camera's
     * current eye and projection, the projection taking the viewport's aspect ratio unless one is fixed.
     *
     * <p>{@code dest.x} and {@code dest.y} get the window point, in pixels from the window's top-left corner, y down
     * (inside the viewport when the point is in view, outside or beyond it when not). {@code dest.z} gets the depth,
     * as the depth buffer holds it: 0 on the near plane, 1 on the far plane, below 0 nearer than the near plane and
     * above 1 beyond the far one; so a point is drawn within the viewport's depth range exactly when its depth is
     * in [0, 1]. With a perspective projection the depth grows with the distance along the view axis, fast near the
     * eye; with an orthographic one it is linear in it.
     *
     * <p>A point behind the camera has no window point under a perspective projection: one at or behind the plane of
     * the eye (at a view-axis distance &lt;= 0) gives {@code (NaN, NaN, +infinity)}, so a depth test {@code z <= 1}
     * and any test of x or y against the viewport fail for it, where the mirrored point of the plain formula would
     * put a label on the wrong side of the screen. An orthographic projection has a window point for every point:
     * one behind the camera gets a depth below 0, as any point nearer than the near plane.
     *
     * @param world    the point, in world space; finite; read, not kept
     * @param viewport {x, y, width, height}, as {@link #pickRay(float, float, int[], Vector3f, Vector3f)} takes it:
     *                 the viewport's top-left corner in window pixels (y down) and its size, at least 1x1; read, not
     *                 kept
     * @param dest     receives the window x and y, in pixels, and the depth
     * @return {@code dest}
     * @throws IllegalArgumentException if an argument is null, the point is not finite, the viewport is not four values
     *                                  with a size of at least 1x1, or its aspect gives a projection outside the float
     *                                  range
     * @throws IllegalStateException    if the camera has no finite view (a zero scale up its node's chain, or a
     *                                  position too far out), or as {@link SceneNode#getWorldMatrix} says
     */
    public Vector3f project(Vector3fc world, int[] viewport, Vector3f dest) {
        checkReadable("the view");
        checkViewport(viewport);
        return project(world, viewport[0], viewport[1], viewport[2], viewport[3], dest);
    }

    private Vector3f project(Vector3fc world, int left, int top, int width, int height, Vector3f dest) {
        if (world == null || dest == null) {
            throw new IllegalArgumentException(describe() + ": cannot project " + (world == null ? "a null point"
                    : "into a null destination"));
        }
        if (!world.isFinite()) {
            throw new IllegalArgumentException(describe() + ": point to project (" + world.x() + ", " + world.y()
                    + ", " + world.z() + ") must be finite");
        }
        NodeScratch scratch = scene.scratch();
        Matrix4d viewProjection = scratch.matrix4D.set(viewProjection(width, height, "project"));
        Vector4d clip = viewProjection.transform(scratch.vector4D.set(world.x(), world.y(), world.z(), 1.0));
        if (!(clip.w > 0.0)) {
            return dest.set(Float.NaN, Float.NaN, Float.POSITIVE_INFINITY);
        }
        double ndcX = clip.x / clip.w;
        double ndcY = clip.y / clip.w;
        double ndcZ = clip.z / clip.w;
        return dest.set((float) (left + (ndcX + 1.0) * 0.5 * width), (float) (top + (1.0 - ndcY) * 0.5 * height),
                (float) ((ndcZ + 1.0) * 0.5));
    }

    /** Refuses a viewport that is not {x, y, width, height} of at least 1x1, naming the camera. */
    private void checkViewport(int[] viewport) {
        if (viewport == null || viewport.length != 4) {
            throw new IllegalArgumentException(describe() + ": viewport " + (viewport == null ? "null"
                    : "of " + viewport.length + " values") + " must be 4 values {x, y, width, height}");
        }
        if (viewport[2] <= 0 || viewport[3] <= 0) {
            throw new IllegalArgumentException(describe() + ": viewport " + viewport[2] + "x" + viewport[3]
                    + " must be at least 1x1");
        }
    }

    /**
     * Projection · view for a viewport of {@code width x height} (its aspect, unless one is fixed), in the scene's
     * scratch matrix, refused unless finite.
     */
    private Matrix4f viewProjection(int width, int height, String action) {
        NodeScratch scratch = scene.scratch();
        Matrix4f matrix = project(scratch.matrix, projection, fovY, orthoHeight, near, far, aspect(width, height));
        if (!matrix.isFinite()) {
            throw new IllegalArgumentException(describe() + ": cannot " + action + " in a viewport " + width + "x"
                    + height + ": its aspect gives a projection matrix outside the float range");
        }
        Matrix4f viewProjection = matrix.mul(getView(scratch.matrix2));
        if (!viewProjection.isFinite()) {
            throw new IllegalStateException("cannot " + action + " through " + describe() + ": "
                    + whyNoView(eye(parentNode.getWorldMatrix(scratch.world), scratch.matrix2)));
        }
        return viewProjection;
    }

    /**
     * Projection · view, written into {@code dest}: from world space to clip space, as {@link #getProjection} and
     * {@link #getView} give them.
     *
     * @param dest    receives the product
     * @param scratch receives the view matrix on the way; overwritten
     * @return {@code dest}
     */
    public Matrix4f getViewProjection(Matrix4f dest, Matrix4f scratch) {
        getProjection(dest);
        return dest.mul(getView(scratch));
    }

    @Override
    public Camera detachFromParent() {
        super.detachFromParent();
        return this;
    }

    @Override
    public Camera setUserData(Object userData) {
        super.setUserData(userData);
        return this;
    }

    @Override
    public Camera setTag(long tag) {
        super.setTag(tag);
        return this;
    }
}
