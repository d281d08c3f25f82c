package io.flatscene.samples.viewer;

import io.flatscene.core.scene.Camera;
import io.flatscene.core.scene.SceneNode;
import org.joml.Quaternionf;

/**
 * Places the viewer's camera: orbiting a target (drag to turn, scroll to zoom, WASD to pan the target) or flying
 * freely (drag to look, WASD to move). Both keep yaw and pitch, so switching keeps the view where it is. A scene
 * that moves its own camera point hands the camera to it with {@link #ride}.
 */
final class CameraRig {
    private static final float MAX_PITCH = 1.5f;

    private final SceneNode node;
    private final Camera camera;
    private final Quaternionf orientation = new Quaternionf();
    private boolean flying;
    /** The camera hangs on a node the scene moves, so the rig's controls leave it alone. */
    private boolean riding;
    private float targetX;
    private float targetY;
    private float targetZ;
    private float distance = 10f;
    private float yaw;
    private float pitch;
    private float eyeX;
    private float eyeY;
    private float eyeZ;
    /** The view direction, as {@link #updateForward()} last computed it. */
    private float forwardX;
    private float forwardY;
    private float forwardZ;

    CameraRig(SceneNode node, Camera camera) {
        this.node = node;
        this.camera = camera;
    }

    /** Orbits ({@code x}, {@code y}, {@code z}) at {@code distance}, from {@code yaw} and above by {@code pitch}. */
    void orbit(float x, float y, float z, float distance, float yaw, float pitch) {
        flying = false;
        targetX = x;
        targetY = y;
        targetZ = z;
        this.distance = distance;
        this.yaw = yaw;
        this.pitch = pitch;
        fitClipPlanes();
        apply();
    }

    /**
     * Moves the camera onto {@code point}, a node the scene moves itself (a chase point behind a ship): the camera
     * takes that node's place and orientation from then on, seeing from {@code near} to {@code far}.
     */
    void ride(SceneNode point, float near, float far) {
        riding = true;
        camera.detachFromParent();
        point.attachObject(camera);
        camera.setPerspective((float) Math.toRadians(60), near, far);
    }

    void toggleFlying() {
        if (riding) {
            return;
        }
        flying = !flying;
        if (!flying) {
            // back to orbiting what is straight ahead, at the same distance
            updateForward();
            targetX = eyeX + forwardX * distance;
            targetY = eyeY + forwardY * distance;
            targetZ = eyeZ + forwardZ * distance;
        }
        apply();
    }

    void turn(float yawDelta, float pitchDelta) {
        if (riding) {
            return;
        }
        yaw += yawDelta;
        pitch = Math.max(-MAX_PITCH, Math.min(MAX_PITCH, pitch + pitchDelta));
        apply();
    }

    void zoom(float steps) {
        if (riding) {
            return;
        }
        distance = Math.max(0.01f, distance * (float) Math.pow(0.9, steps));
        fitClipPlanes();
        apply();
    }

    /** Near and far follow the viewing distance, so zooming far out or in never clips the subject away. */
    private void fitClipPlanes() {
        camera.setPerspective((float) Math.toRadians(55), distance * 0.01f, distance * 20f);
    }

    /** Moves by {@code forward}, {@code right} and {@code up} units: the eye when flying, the target when orbiting. */
    void move(float forward, float right, float up) {
        if (riding) {
            return;
        }
        updateForward();
        float rightX = (float) Math.cos(yaw);
        float rightZ = (float) -Math.sin(yaw);
        float dx = forwardX * forward + rightX * right;
        float dy = forwardY * forward + up;
        float dz = forwardZ * forward + rightZ * right;
        if (flying) {
            eyeX += dx;
            eyeY += dy;
            eyeZ += dz;
        } else {
            targetX += dx;
            targetY += dy;
            targetZ += dz;
        }
        apply();
    }

    /** Units per second that feel right for the current view. */
    float speed() {
        return Math.max(1f, distance);
    }

    private void updateForward() {
        float cosPitch = (float) Math.cos(pitch);
        forwardX = (float) -Math.sin(yaw) * cosPitch;
        forwardY = (float) -Math.sin(pitch);
        forwardZ = (float) -Math.cos(yaw) * cosPitch;
    }

    /**
     * The camera looks along its node's -Z: rotating that by pitch about X then yaw about Y gives the view
     * direction (-sin yaw cos p, -sin p, -cos yaw cos p), so the eye sits at the opposite offset from the target.
     */
    private void apply() {
        if (!flying) {
            float cosPitch = (float) Math.cos(pitch);
            eyeX = targetX + (float) Math.sin(yaw) * cosPitch * distance;
            eyeY = targetY + (float) Math.sin(pitch) * distance;
            eyeZ = targetZ + (float) Math.cos(yaw) * cosPitch * distance;
        }
        node.setPosition(eyeX, eyeY, eyeZ).setOrientation(orientation.rotationYXZ(yaw, -pitch, 0f));
    }
}
