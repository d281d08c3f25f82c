package io.flatscene.core.scene.frame;

import io.flatscene.core.geometry.Frustum;
import org.joml.Matrix4f;
import org.joml.Matrix4fc;
import org.joml.Vector4f;

/**
 * What a frame needs of its camera, captured once per cull: view, projection and their product, the frustum planes,
 * the camera's world position and forward axis, far distance, visibility mask and viewport. Culling, the renderer and
 * the overlays all read this one snapshot, so the view-projection is computed once a frame.
 */
public final class CameraView {
    public final Matrix4f view = new Matrix4f();
    public final Matrix4f projection = new Matrix4f();
    public final Matrix4f viewProjection = new Matrix4f();
    /** Six planes (a, b, c, d), normalized, pointing inwards: {@link Frustum#normalizedPlanes}. */
    public final float[] planes = new float[Frustum.PLANE_FLOATS];
    private final Vector4f plane = new Vector4f();
    public float x;
    public float y;
    public float z;
    public float forwardX;
    public float forwardY;
    public float forwardZ;
    public float far;
    public int mask;
    public int viewportWidth;
    public int viewportHeight;
    /** Whether the camera fixed its aspect ratio, rather than taking its viewport's (which a target can override). */
    public boolean aspectFixed;

    /**
     * Derives the rest from {@link #projection} and {@link #view}, which the caller has written (a camera on no node
     * has the identity view: it sits at the origin looking down -Z).
     *
     * @return false when the view-projection is not finite (a node with zero scale makes the view singular)
     */
    public boolean derive(float far, int mask, int viewportWidth, int viewportHeight) {
        this.far = far;
        this.mask = mask;
        this.viewportWidth = viewportWidth;
        this.viewportHeight = viewportHeight;
        projection.mul(view, viewProjection);
        if (!viewProjection.isFinite()) {
            return false;
        }
        Frustum.normalizedPlanes(viewProjection, planes, plane);
        return true;
    }

    /**
     * Whether {@code other} is the same view to the bit, so that a cull for it would test and order items alike. The
     * planes and the view-projection are derived from view and projection, so they are not compared.
     */
    public boolean sameAs(CameraView other) {
        return view.equals(other.view) && projection.equals(other.projection)
                && x == other.x && y == other.y && z == other.z
                && forwardX == other.forwardX && forwardY == other.forwardY && forwardZ == other.forwardZ
                && far == other.far && mask == other.mask && viewportWidth == other.viewportWidth
                && viewportHeight == other.viewportHeight && aspectFixed == other.aspectFixed;
    }

    public void set(CameraView other) {
        view.set(other.view);
        projection.set(other.projection);
        viewProjection.set(other.viewProjection);
        System.arraycopy(other.planes, 0, planes, 0, planes.length);
        x = other.x;
        y = other.y;
        z = other.z;
        forwardX = other.forwardX;
        forwardY = other.forwardY;
        forwardZ = other.forwardZ;
        far = other.far;
        mask = other.mask;
        viewportWidth = other.viewportWidth;
        viewportHeight = other.viewportHeight;
        aspectFixed = other.aspectFixed;
    }

    /** Sets position and forward axis from the camera node's world matrix, or the origin looking down -Z. */
    public void place(Matrix4fc world) {
        if (world == null) {
            x = 0f;
            y = 0f;
            z = 0f;
            forwardX = 0f;
            forwardY = 0f;
            forwardZ = -1f;
            return;
        }
        x = world.m30();
        y = world.m31();
        z = world.m32();
        // in double: the squares of a tiny or huge scale's axis underflow or overflow float, which would leave a NaN
        // or zero forward axis and with it every item's depth in the sort keys
        double length = Math.sqrt((double) world.m20() * world.m20() + (double) world.m21() * world.m21()
                + (double) world.m22() * world.m22());
        forwardX = (float) (-world.m20() / length);
        forwardY = (float) (-world.m21() / length);
        forwardZ = (float) (-world.m22() / length);
    }
}
