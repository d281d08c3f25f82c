package io.flatscene.benchmarks.scene;

import java.util.ArrayList;
import java.util.List;
import org.joml.Matrix4f;
import org.joml.Quaternionf;
import org.joml.Vector3f;

/**
 * What a developer writes by hand: one object per node holding JOML values, children in an ArrayList, and a
 * recursive update that recomputes every world matrix. The baseline every FlatScene transform figure is read against.
 */
final class NaiveJomlNode {
    final Vector3f position = new Vector3f();
    final Quaternionf orientation = new Quaternionf();
    final Vector3f scale = new Vector3f(1f);
    final Matrix4f world = new Matrix4f();
    final List<NaiveJomlNode> children = new ArrayList<>();
    NaiveJomlNode parent;

    NaiveJomlNode createChild() {
        NaiveJomlNode child = new NaiveJomlNode();
        child.parent = this;
        children.add(child);
        return child;
    }

    void destroy() {
        for (int i = children.size() - 1; i >= 0; i--) {
            children.get(i).destroy();
        }
        if (parent != null) {
            parent.children.remove(this);
            parent = null;
        }
    }

    void update(Matrix4f parentWorld) {
        if (parentWorld == null) {
            world.translationRotateScale(position, orientation, scale);
        } else {
            parentWorld.translate(position, world).rotate(orientation).scale(scale);
        }
        for (int i = 0; i < children.size(); i++) {
            children.get(i).update(world);
        }
    }
}
