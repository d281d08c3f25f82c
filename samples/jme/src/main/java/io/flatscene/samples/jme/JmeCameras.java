package io.flatscene.samples.jme;

import com.jme3.math.Quaternion;
import com.jme3.math.Vector3f;
import io.flatscene.core.scene.Camera;
import io.flatscene.core.scene.SceneNode;

/**
 * Puts a FlatScene camera where a jME camera is, so that both engines project every point to the same pixel and the
 * same depth: that is what lets FlatScene's cubes and jME's geometry hide each other correctly in one depth buffer.
 */
public final class JmeCameras {
    private JmeCameras() {
    }

    /**
     * Copies {@code from}'s place, orientation and frustum onto {@code to} and the node {@code eye} it hangs from.
     *
     * @param from a jME camera with a symmetric frustum, perspective or parallel (jME's defaults give one)
     * @param eye  the node {@code to} is attached to, directly under the scene's root
     * @param to   the FlatScene camera to draw with
     * @throws IllegalArgumentException if {@code from}'s frustum is off-centre: FlatScene's camera has a vertical field
     *                                  of view (or height) and an aspect ratio, no left/right/top/bottom of its own
     */
    public static void copy(com.jme3.renderer.Camera from, SceneNode eye, Camera to) {
        float near = from.getFrustumNear();
        float far = from.getFrustumFar();
        float top = from.getFrustumTop();
        float right = from.getFrustumRight();
        if (from.getFrustumLeft() != -right || from.getFrustumBottom() != -top) {
            throw new IllegalArgumentException("jME camera '" + from.getName() + "' has an off-centre frustum (left "
                    + from.getFrustumLeft() + ", right " + right + ", bottom " + from.getFrustumBottom() + ", top "
                    + top + "), which a FlatScene camera cannot express");
        }
        to.setAspectRatio(right / top);
        if (from.isParallelProjection()) {
            to.setOrthographic(2f * top, near, far);
        } else {
            to.setPerspective(2f * (float) Math.atan(top / near), near, far);
        }
        Vector3f location = from.getLocation();
        eye.setPosition(location.x, location.y, location.z);
        // jME's camera looks down its local +Z with +X on its left; FlatScene's, like OpenGL's, down -Z with +X on its
        // right: the same axes turned half a turn about Y. This is jME's rotation times (0, 1, 0, 0), that half turn.
        Quaternion rotation = from.getRotation();
        eye.setOrientation(-rotation.getZ(), rotation.getW(), rotation.getX(), -rotation.getY());
    }
}
