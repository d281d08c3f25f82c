package io.flatscene.benchmarks.peers;

import com.jme3.math.Quaternion;
import com.jme3.scene.Node;
import com.jme3.scene.Spatial;
import io.flatscene.benchmarks.scene.TreeShape;
import java.util.List;

/** jMonkeyEngine 3 scene graphs of plain {@link Node}s, which need no window, renderer or asset manager. */
public final class JmeTrees {
    private JmeTrees() {
    }

    /** The tree as jME nodes, with the transforms every system gets; the root first, parents before children. */
    public static List<Node> build(TreeShape shape) {
        return shape.build(new Node("root"), (parent, x, y, z, qx, qy, qz, qw) -> {
            Node child = new Node();
            child.setLocalTranslation(x, y, z);
            child.setLocalRotation(new Quaternion(qx, qy, qz, qw).normalizeLocal());
            parent.attachChild(child);
            return child;
        });
    }

    /** A root holding one parent with {@code fan} children; returns that parent. */
    public static Node fan(int fan) {
        Node parent = new Node("fan");
        new Node("root").attachChild(parent);
        for (int i = 0; i < fan; i++) {
            parent.attachChild(new Node());
        }
        return parent;
    }

    /**
     * Destroys a subtree the way a jME game lets go of one: each spatial, deepest first, leaves its parent through
     * {@link Spatial#removeFromParent()} (which looks itself up in the parent's child list), and the collector does
     * the rest.
     */
    public static void destroy(Spatial spatial) {
        if (spatial instanceof Node node) {
            for (int i = node.getQuantity() - 1; i >= 0; i--) {
                destroy(node.getChild(i));
            }
        }
        spatial.removeFromParent();
    }
}
