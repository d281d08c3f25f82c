package io.flatscene.samples.libgdx;

import com.badlogic.gdx.graphics.PerspectiveCamera;
import io.flatscene.core.scene.Camera;
import io.flatscene.core.scene.SceneNode;
import org.joml.Matrix4f;
import org.joml.Quaternionf;
import org.joml.Vector3f;

/**
 * Gives a FlatScene camera the view of a libGDX {@link PerspectiveCamera}, once a frame. FlatScene takes no view or
 * projection matrix from outside: its camera looks down the -Z axis of the node it hangs from, from that node's world
 * position, through its own perspective. So the mirror puts the node at the libGDX camera's eye, turned as the
 * libGDX camera is, and gives the FlatScene camera the same vertical field of view and depth range. Both build the
 * same OpenGL projection from those (aspect from the viewport), so their view-projection matrices agree.
 */
final class CameraMirror {
    private final Matrix4f eye = new Matrix4f();
    private final Vector3f position = new Vector3f();
    private final Quaternionf orientation = new Quaternionf();

    /**
     * @param from    the libGDX camera, {@code update()}d this frame
     * @param eyeNode the node {@code to} is attached to, a child of the root (its local transform is its world one)
     * @param to      the FlatScene camera to draw with
     */
    void copy(PerspectiveCamera from, SceneNode eyeNode, Camera to) {
        // libGDX's Matrix4.val is column-major, as JOML reads a float[16]; the view's inverse places the eye, whatever
        // moved the camera (position, direction and up, or a rotation set directly)
        eye.set(from.view.val).invertAffine();
        eyeNode.setPosition(eye.getTranslation(position)).setOrientation(eye.getNormalizedRotation(orientation));
        to.setPerspective((float) Math.toRadians(from.fieldOfView), Math.abs(from.near), Math.abs(from.far));
    }
}
