package io.flatscene.benchmarks.peers;

import com.badlogic.gdx.graphics.g3d.model.Node;
import io.flatscene.benchmarks.scene.TreeShape;
import java.util.List;

/**
 * libGDX scene graphs of {@code g3d} {@link Node}s. Their transforms are plain math (no native code and no
 * {@code Gdx.*} state), so they run headless.
 */
public final class GdxTrees {
    private GdxTrees() {
    }

    /** The tree as libGDX nodes, with the transforms every system gets; the root first, parents before children. */
    public static List<Node> build(TreeShape shape) {
        return shape.build(new Node(), (parent, x, y, z, qx, qy, qz, qw) -> {
            Node child = new Node();
            child.translation.set(x, y, z);
            child.rotation.set(qx, qy, qz, qw).nor();
            parent.addChild(child);
            return child;
        });
    }

    /** A root holding one parent with {@code fan} children; returns that parent. */
    public static Node fan(int fan) {
        Node parent = new Node();
        new Node().addChild(parent);
        for (int i = 0; i < fan; i++) {
            parent.addChild(new Node());
        }
        return parent;
    }

    /**
     * Destroys a subtree the way a libGDX game lets go of one: each node, deepest first, {@link Node#detach()}es
     * from its parent (a search of the parent's child array), and the collector does the rest.
     */
    public static void destroy(Node node) {
        for (int i = node.getChildCount() - 1; i >= 0; i--) {
            destroy(node.getChild(i));
        }
        node.detach();
    }
}
