package io.flatscene.benchmarks.peers;

import com.jme3.collision.CollisionResults;
import com.jme3.math.Ray;
import com.jme3.math.Vector3f;
import com.jme3.scene.Geometry;
import com.jme3.scene.Mesh;
import com.jme3.scene.Node;
import com.jme3.scene.shape.Box;

/**
 * The {@link QueryField} in jMonkeyEngine 3: one {@link Geometry} per item under a root node, sharing one
 * {@link Box} mesh, picked the way a jME game picks: {@link Node#collideWith} with a {@link Ray} into
 * {@link CollisionResults}, which tests each geometry's world bound and then its mesh's triangles.
 */
public final class JmeQuery {
    private final Node root = new Node("root");
    private final Ray[] rays = new Ray[QueryField.RAYS];
    private final CollisionResults results = new CollisionResults();

    public JmeQuery(QueryField field, int items) {
        Mesh cube = new Box(QueryField.HALF_EXTENT, QueryField.HALF_EXTENT, QueryField.HALF_EXTENT);
        for (int i = 0; i < items; i++) {
            Geometry geometry = new Geometry(null, cube);
            geometry.setLocalTranslation(field.centers[i * 3], field.centers[i * 3 + 1], field.centers[i * 3 + 2]);
            root.attachChild(geometry);
        }
        root.updateGeometricState();
        for (int r = 0; r < rays.length; r++) {
            int o = r * 6;
            rays[r] = new Ray(new Vector3f(field.rays[o], field.rays[o + 1], field.rays[o + 2]),
                    new Vector3f(field.rays[o + 3], field.rays[o + 4], field.rays[o + 5]).normalizeLocal());
            rays[r].setLimit(QueryField.maxDistance(items));
        }
    }

    /** @return the number of triangles ray {@code r} hit */
    public int ray(int r) {
        results.clear();
        return root.collideWith(rays[r & (rays.length - 1)], results);
    }
}
