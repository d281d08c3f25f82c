package io.flatscene.core.scene;

import org.joml.Matrix4f;

/**
 * A viewpoint: a perspective or orthographic projection, placed and aimed by the node it is attached to. It looks
 * along the node's -Z axis with +Y up, the OpenGL convention JOML follows. Every setter rejects a degenerate
 * frustum, naming the value, so culling never runs against one.
 */
public final class Camera extends MovableObject {
    /** How the camera projects the scene. */
    public enum Projection { PERSPECTIVE, ORTHOGRAPHIC }

    private Projection projection = Projection.PERSPECTIVE;
    private float fovY = (float) Math.toRadians(60);
    private float orthoHeight = 10f;
    private float near = 0.1f;
    private float far = 1000f;
    private int viewportWidth = 1280;
    private int viewportHeight = 720;
    private int visibilityMask = 0xFFFF_FFFF;

    Camera(SceneManager scene, String name) {
        super(scene, name);
    }

    public Projection projection() {
        checkAlive();
        return projection;
    }

    /** Perspective projection with a vertical field of view in radians, strictly between 0 and pi. */
    public Camera setPerspective(float fovY, float near, float far) {
        checkWritable();
        if (!(fovY > 0f && fovY < (float) Math.PI)) {
            throw new IllegalArgumentException(describe() + ": field of view " + fovY + " must be in (0, pi)");
        }
        checkDepthRange(near, far, true);
        this.projection = Projection.PERSPECTIVE;
        this.fovY = fovY;
        this.near = near;
        this.far = far;
        return this;
    }

    /** Orthographic projection showing {@code height} world units vertically, the width following the viewport. */
    public Camera setOrthographic(float height, float near, float far) {
        checkWritable();
        if (!(height > 0f) || !Float.isFinite(height)) {
            throw new IllegalArgumentException(describe() + ": orthographic height " + height
                    + " must be finite and > 0");
        }
        checkDepthRange(near, far, false);
        this.projection = Projection.ORTHOGRAPHIC;
        this.orthoHeight = height;
        this.near = near;
        this.far = far;
        return this;
    }

    public Camera setViewport(int width, int height) {
        checkWritable();
        if (width <= 0 || height <= 0) {
            throw new IllegalArgumentException(describe() + ": viewport " + width + "x" + height
                    + " must be at least 1x1");
        }
        this.viewportWidth = width;
        this.viewportHeight = height;
        return this;
    }

    private void checkDepthRange(float near, float far, boolean perspective) {
        if (!Float.isFinite(near) || !Float.isFinite(far) || (perspective ? !(near > 0f) : !(near >= 0f))
                || !(far > near)) {
            throw new IllegalArgumentException(describe() + ": near " + near + " and far " + far + " must satisfy "
                    + (perspective ? "0 < near < far" : "0 <= near < far") + ", both finite");
        }
    }

    /** An item is drawn by this camera only if {@code (mask & item.visibilityFlags()) != 0}. */
    public int visibilityMask() {
        checkAlive();
        return visibilityMask;
    }

    public Camera setVisibilityMask(int mask) {
        checkWritable();
        this.visibilityMask = mask;
        return this;
    }

    public float fovY() {
        checkAlive();
        return fovY;
    }

    public float orthographicHeight() {
        checkAlive();
        return orthoHeight;
    }

    public float near() {
        checkAlive();
        return near;
    }

    public float far() {
        checkAlive();
        return far;
    }

    public int viewportWidth() {
        checkAlive();
        return viewportWidth;
    }

    public int viewportHeight() {
        checkAlive();
        return viewportHeight;
    }

    public float aspectRatio() {
        checkAlive();
        return (float) viewportWidth / viewportHeight;
    }

    /** Writes the projection matrix into {@code dest} and returns it. */
    public Matrix4f getProjection(Matrix4f dest) {
        checkAlive();
        if (projection == Projection.PERSPECTIVE) {
            return dest.setPerspective(fovY, aspectRatio(), near, far);
        }
        float halfHeight = orthoHeight * 0.5f;
        float halfWidth = halfHeight * aspectRatio();
        return dest.setOrtho(-halfWidth, halfWidth, -halfHeight, halfHeight, near, far);
    }

    /**
     * Writes the view matrix (the inverse of the camera node's world matrix as of the last transform update) into
     * {@code dest}; an unattached camera sits at the origin looking down -Z.
     */
    public Matrix4f getView(Matrix4f dest) {
        checkAlive();
        if (parentNode == null) {
            return dest.identity();
        }
        return parentNode.getWorldMatrix(dest).invertAffine();
    }

    /** Projection · view, written into {@code dest}. */
    public Matrix4f getViewProjection(Matrix4f dest, Matrix4f scratch) {
        getProjection(dest);
        return dest.mul(getView(scratch));
    }

    @Override
    String kind() {
        return "camera";
    }
}
