package io.flatscene.benchmarks.peers;

import com.jme3.bounding.BoundingSphere;
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
 * {@link CollisionResults}, which tests each geometry's world bound and then its mesh's triangles; and, moving, each
 * geometry walked around its circle ({@link QueryField#orbit}), then {@link Node#updateGeometricState}, then a
 * {@link BoundingSphere} searched for the same way.
 */
public final class JmeQuery {
    private final QueryField field;
    private final Node root = new Node("root");
    private final Geometry[] geometries;
    private final Ray[] rays = new Ray[QueryField.RAYS];
    private final CollisionResults results = new CollisionResults();
    private final BoundingSphere sphere = new BoundingSphere();
    private final Vector3f center = new Vector3f();
    private final float[] at = new float[3];

    public JmeQuery(QueryField field, int items) {
        this.field = field;
        Mesh cube = new Box(QueryField.HALF_EXTENT, QueryField.HALF_EXTENT, QueryField.HALF_EXTENT);
        geometries = new Geometry[items];
        for (int i = 0; i < items; i++) {
            Geometry geometry = new Geometry(null, cube);
            geometry.setLocalTranslation(field.centers[i * 3], field.centers[i * 3 + 1], field.centers[i * 3 + 2]);
            root.attachChild(geometry);
            geometries[i] = geometry;
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

    /** Moves every geometry to where {@link QueryField#orbit} puts its item at {@code frame}. */
    public void move(int frame) {
        for (int i = 0; i < geometries.length; i++) {
            field.orbit(i, frame, at);
            geometries[i].setLocalTranslation(at[0], at[1], at[2]);
        }
    }

    /** jME's update of world transforms and bounds, which {@link Node#collideWith} reads. */
    public void updateGeometricState() {
        root.updateGeometricState();
    }

    /**
     * A turret's search: {@link Node#collideWith} with a {@link BoundingSphere} of radius
     * {@link QueryField#SPHERE_RADIUS} at sphere center {@code s}, which tests each geometry's world bound and then
     * its mesh's triangles.
     *
     * @return the number of triangles found
     */
    public int sphere(int s) {
        results.clear();
        int o = (s & (QueryField.SPHERES - 1)) * 3;
        sphere.setCenter(center.set(field.sphereCenters[o], field.sphereCenters[o + 1], field.sphereCenters[o + 2]));
        sphere.setRadius(QueryField.SPHERE_RADIUS);
        return root.collideWith(sphere, results);
    }
}
