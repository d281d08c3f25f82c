package io.flatscene.benchmarks.peers;

import com.jme3.material.Material;
import com.jme3.material.MaterialDef;
import com.jme3.material.TechniqueDef;
import com.jme3.math.Vector3f;
import com.jme3.renderer.Camera;
import com.jme3.renderer.RenderManager;
import com.jme3.renderer.ViewPort;
import com.jme3.renderer.queue.GeometryList;
import com.jme3.renderer.queue.RenderQueue;
import com.jme3.scene.Geometry;
import com.jme3.scene.Mesh;
import com.jme3.scene.Node;
import com.jme3.scene.shape.Box;
import com.jme3.system.NullRenderer;

/**
 * The {@link CullGrid} scene in jMonkeyEngine 3: one {@link Geometry} per item (a shared {@link Box} mesh per mesh
 * id, a material per material id) under a root node, culled and queued by {@link RenderManager#renderScene} and
 * sorted with the opaque bucket's comparator, all without a window.
 */
public final class JmeCull {
    private final Node root = new Node("root");
    private final RenderManager renderManager = new RenderManager(null);
    private final ViewPort viewPort;
    private final GeometryList opaque;

    public JmeCull(int items) {
        int side = CullGrid.side(items);
        Mesh[] meshes = new Mesh[CullGrid.MESHES];
        for (int m = 0; m < meshes.length; m++) {
            meshes[m] = new Box(CullGrid.HALF_EXTENT, CullGrid.HALF_EXTENT, CullGrid.HALF_EXTENT);
        }
        Material[] materials = materials();
        for (int i = 0; i < items; i++) {
            Geometry geometry = new Geometry(null, meshes[i % meshes.length]);
            geometry.setMaterial(materials[i % materials.length]);
            geometry.setLocalTranslation(i % side, i / side, 0f);
            root.attachChild(geometry);
        }
        Camera camera = new Camera(100, 300);
        camera.setParallelProjection(true);
        float halfHeight = CullGrid.viewHeight(items) / 2f;
        float halfWidth = halfHeight / 3f;
        camera.setFrustum(CullGrid.NEAR, CullGrid.FAR, -halfWidth, halfWidth, halfHeight, -halfHeight);
        camera.setLocation(new Vector3f(CullGrid.cameraX(items), CullGrid.cameraY(items), CullGrid.CAMERA_Z));
        camera.lookAtDirection(new Vector3f(0f, 0f, -1f), Vector3f.UNIT_Y);
        viewPort = new ViewPort("benchmark", camera);
        opaque = viewPort.getQueue().getList(RenderQueue.Bucket.Opaque);
        CullGrid.checkVisibleShare("jME", frame(), items);
    }

    /**
     * A frame's visibility work: the geometric state update a jME application runs every frame (it finds nothing to
     * do in a still scene), {@code renderScene}'s cull-and-queue traversal, then the opaque sort. jME sorts a bucket
     * only while rendering it, in {@code RenderQueue.renderQueue}, which needs a {@code Renderer}; so this does what
     * that method does around the draw calls: set the camera on the list, sort it with its comparator (material sort
     * id, then distance along the view direction), reset each geometry's cached distance, and flush the queue.
     *
     * @return how many geometries were queued
     */
    public int frame() {
        root.updateGeometricState();
        renderManager.renderScene(root, viewPort);
        opaque.setCamera(viewPort.getCamera());
        opaque.sort();
        int queued = opaque.size();
        for (int i = 0; i < queued; i++) {
            opaque.get(i).queueDistance = Float.NEGATIVE_INFINITY;
        }
        viewPort.getQueue().clear();
        return queued;
    }

    /**
     * The opaque comparator sorts by {@link Material#getSortId()}, which stays -1 (every material equal) until a
     * technique is selected, as it is once a material has been drawn. Selection asks the renderer for its
     * capabilities, so it runs here, in set-up only, through jME's {@link NullRenderer}. Each material gets its own
     * definition and technique sort id, as distinct shaders would; a technique without shaders weighs nothing, so
     * it is chosen only through the preferred light mode.
     */
    private static Material[] materials() {
        RenderManager selector = new RenderManager(new NullRenderer());
        selector.setPreferredLightMode(TechniqueDef.LightMode.Disable);
        Material[] materials = new Material[CullGrid.MATERIALS];
        for (int m = 0; m < materials.length; m++) {
            MaterialDef definition = new MaterialDef(null, "material " + m);
            definition.addTechniqueDef(new TechniqueDef(TechniqueDef.DEFAULT_TECHNIQUE_NAME, m));
            materials[m] = new Material(definition);
            materials[m].selectTechnique(TechniqueDef.DEFAULT_TECHNIQUE_NAME, selector);
        }
        return materials;
    }
}
