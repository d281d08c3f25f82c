package io.flatscene.core.scene;

import org.joml.Matrix4f;
import org.joml.Quaternionf;
import org.joml.Vector3f;

/**
 * Scratch values for the allocation-free relative operations of {@link SceneNode} (translate, rotate, lookAt). One
 * per scene: a scene is changed from one thread, so its nodes can share them.
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
}
