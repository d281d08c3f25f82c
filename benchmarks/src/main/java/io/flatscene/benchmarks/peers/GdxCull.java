package io.flatscene.benchmarks.peers;

import com.badlogic.gdx.graphics.OrthographicCamera;
import com.badlogic.gdx.graphics.g3d.Material;
import com.badlogic.gdx.graphics.g3d.Renderable;
import com.badlogic.gdx.graphics.g3d.model.MeshPart;
import com.badlogic.gdx.graphics.g3d.model.Node;
import com.badlogic.gdx.graphics.g3d.model.NodePart;
import com.badlogic.gdx.graphics.g3d.utils.DefaultRenderableSorter;
import com.badlogic.gdx.math.Frustum;
import com.badlogic.gdx.math.Matrix4;
import com.badlogic.gdx.math.Vector3;
import com.badlogic.gdx.math.collision.BoundingBox;
import com.badlogic.gdx.utils.Array;

/**
 * The {@link CullGrid} scene in libGDX: one {@code g3d} {@link Node} per item with one {@link NodePart} (a shared
 * mesh part per mesh id, a material per material id), culled box by box against the camera's frustum and sorted
 * by {@link DefaultRenderableSorter}, the sorter {@code ModelBatch} uses. libGDX has no scene-level cull, so the
 * frame is what a game writes around its own API; no {@code Gdx.*} state or native code is touched.
 */
public final class GdxCull {
    private static final Vector3[] CLIP_CORNERS = {new Vector3(-1, -1, -1), new Vector3(1, -1, -1),
        new Vector3(1, 1, -1), new Vector3(-1, 1, -1), new Vector3(-1, -1, 1), new Vector3(1, -1, 1),
        new Vector3(1, 1, 1), new Vector3(-1, 1, 1)};

    private final Node root = new Node();
    private final Renderable[] renderables;
    private final Array<Renderable> visible;
    private final BoundingBox world = new BoundingBox();
    private final OrthographicCamera camera = new OrthographicCamera();
    private final DefaultRenderableSorter sorter = new DefaultRenderableSorter();

    public GdxCull(int items) {
        int side = CullGrid.side(items);
        MeshPart[] meshes = new MeshPart[CullGrid.MESHES];
        for (int m = 0; m < meshes.length; m++) {
            meshes[m] = new MeshPart();
            meshes[m].id = "mesh " + m;
            meshes[m].halfExtents.set(CullGrid.HALF_EXTENT, CullGrid.HALF_EXTENT, CullGrid.HALF_EXTENT);
            meshes[m].radius = meshes[m].halfExtents.len();
        }
        Material[] materials = new Material[CullGrid.MATERIALS];
        for (int m = 0; m < materials.length; m++) {
            materials[m] = new Material("material " + m);
        }
        renderables = new Renderable[items];
        for (int i = 0; i < items; i++) {
            Node node = new Node();
            node.translation.set(i % side, i / side, 0f);
            node.parts.add(new NodePart(meshes[i % meshes.length], materials[i % materials.length]));
            root.addChild(node);
            renderables[i] = new Renderable();
        }
        root.calculateTransforms(true);
        visible = new Array<>(true, items);

        camera.viewportHeight = CullGrid.viewHeight(items);
        camera.viewportWidth = camera.viewportHeight / 3f;
        camera.near = CullGrid.NEAR;
        camera.far = CullGrid.FAR;
        camera.position.set(CullGrid.cameraX(items), CullGrid.cameraY(items), CullGrid.CAMERA_Z);
        camera.update(false);
        updateFrustum(camera.frustum, new Matrix4(camera.combined).inv());
        CullGrid.checkVisibleShare("libGDX", frame(), items);
    }

    /**
     * A frame's visibility work: each item's mesh-part box taken to world space by its node's global transform and
     * tested against the frustum; a visible one is filled in as {@code ModelInstance.getRenderable} fills a
     * renderable (node part, world transform) and queued; the queue is then sorted. The transforms are not
     * recomputed: libGDX has no dirty tracking, and a game with a still scene skips {@code calculateTransforms}.
     *
     * @return how many renderables were queued
     */
    public int frame() {
        visible.clear();
        for (int i = 0, count = root.getChildCount(); i < count; i++) {
            Node node = root.getChild(i);
            NodePart part = node.parts.get(0);
            MeshPart mesh = part.meshPart;
            world.min.set(mesh.center).sub(mesh.halfExtents);
            world.max.set(mesh.center).add(mesh.halfExtents);
            if (camera.frustum.boundsInFrustum(world.mul(node.globalTransform))) {
                Renderable renderable = part.setRenderable(renderables[i]);
                renderable.worldTransform.set(node.globalTransform);
                visible.add(renderable);
            }
        }
        sorter.sort(camera, visible);
        return visible.size;
    }

    /**
     * What {@link Frustum#update} computes. It projects the clip-space corners with {@code Matrix4.prj}, a JNI method
     * of libGDX's desktop natives, which a headless benchmark does not load; {@link Vector3#prj} is its pure-Java
     * equal, and the planes are spanned from the corners as {@code Frustum.update} spans them.
     */
    private static void updateFrustum(Frustum frustum, Matrix4 inverseProjectionView) {
        Vector3[] p = frustum.planePoints;
        for (int i = 0; i < CLIP_CORNERS.length; i++) {
            p[i].set(CLIP_CORNERS[i]).prj(inverseProjectionView);
        }
        frustum.planes[0].set(p[1], p[0], p[2]);
        frustum.planes[1].set(p[4], p[5], p[7]);
        frustum.planes[2].set(p[0], p[4], p[3]);
        frustum.planes[3].set(p[5], p[1], p[6]);
        frustum.planes[4].set(p[2], p[3], p[6]);
        frustum.planes[5].set(p[4], p[0], p[1]);
    }
}
