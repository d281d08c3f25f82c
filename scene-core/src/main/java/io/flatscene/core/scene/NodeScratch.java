package io.flatscene.core.scene;

import org.joml.Matrix3d;
import org.joml.Matrix4d;
import org.joml.Matrix4f;
import org.joml.Matrix4x3d;
import org.joml.Matrix4x3f;
import org.joml.Quaterniond;
import org.joml.Quaternionf;
import org.joml.Vector3d;
import org.joml.Vector3f;
import org.joml.Vector4d;

/**
 * Scratch values for the allocation-free relative operations of {@link SceneNode} (translate, rotate, lookAt, the
 * world getters and setters), the projection check of {@link Camera}'s setters and its pick ray. One per scene: a
 * scene is changed and read from one thread, so its nodes and cameras can share them.
 */
final class NodeScratch {
    final Vector3f vector = new Vector3f();
    final Vector3f vector2 = new Vector3f();
    final Vector3f vector3 = new Vector3f();
    final Quaternionf quaternion = new Quaternionf();
    final Quaternionf quaternion2 = new Quaternionf();
    final Quaternionf quaternion3 = new Quaternionf();
    final Quaternionf quaternion4 = new Quaternionf();
    final Matrix4f matrix = new Matrix4f();
    final Matrix4f matrix2 = new Matrix4f();
    final Matrix4d matrix4D = new Matrix4d();
    final Vector4d vector4D = new Vector4d();
    /** A world read's result, which the world getters and setters then take apart. */
    final Matrix4x3f world = new Matrix4x3f();
    final Matrix4x3d matrixD = new Matrix4x3d();
    final Matrix3d matrix3D = new Matrix3d();
    final Vector3d vectorD = new Vector3d();
    final Quaterniond quaternionD = new Quaterniond();
    final Quaterniond quaternionD2 = new Quaterniond();
    final Quaterniond quaternionD3 = new Quaterniond();
}
