package io.flatscene.core.scene.frame;

import io.flatscene.core.scene.Aabb;
import io.flatscene.core.scene.Camera;
import io.flatscene.core.scene.FrameStats;
import io.flatscene.core.scene.Item;
import io.flatscene.core.scene.RenderQueue;
import io.flatscene.core.scene.SceneManager;
import io.flatscene.core.scene.SceneNode;
import io.flatscene.core.scene.VisibilityScenes;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.TreeSet;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.statistics.Statistics;
import org.joml.FrustumIntersection;
import org.joml.Matrix4d;
import org.joml.Matrix4f;
import org.joml.Matrix4fc;
import org.joml.Vector3f;
import org.joml.Vector4d;

import static io.flatscene.core.scene.SceneInternals.storedWorldCenter;
import static io.flatscene.core.scene.SceneInternals.storedWorldHalfExtents;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The culling pass against a brute-force oracle: JOML's own {@link FrustumIntersection} on each item's world box,
 * plus the graph, attachment, hidden-node and mask rules, on random scenes that change between frames. The world
 * boxes the oracle culls are themselves checked against boxes rebuilt from the local transforms with JOML, so a
 * wrong transform or bounds pass cannot hide behind an oracle that reads its output. A box on a plane, closer to it
 * than the rounding of a float plane test, may be kept or culled (seed 3170, 491 items, 8 nodes has one 5e-7 inside).
 */
public class VisibilityOraclePropertyTest {
    /** The share of a plane test's terms within which a box on the plane may go either way: see isOnAPlane. */
    private static final double EDGE = 1e-6;

    @Property(tries = 300)
    void theVisibleSetIsTheBruteForceFrustumSet(@ForAll long seed,
                                                @ForAll @IntRange(min = 1, max = 2000) int itemCount,
                                                @ForAll @IntRange(min = 0, max = 800) int nodeCount) {
        Random random = new Random(seed ^ 0x5DEECE66DL);
        try (VisibilityScenes.Built built = VisibilityScenes.build(seed, nodeCount, itemCount, nodeCount / 4, 0.2,
                1)) {
            for (int frame = 0; frame < 3; frame++) {
                VisibilityScenes.aimCamera(random, built);
                FrameStats stats = built.scene.updateFrame(built.camera);
                checkTransformsAndBounds(built);
                int visible = checkAgainstOracle(built, stats, "seed " + seed + " frame " + frame);
                int attached = 0;
                for (int i = 0; i < built.scene.itemCount(); i++) {
                    attached += built.scene.item(i).isAttached() ? 1 : 0;
                }
                // Shows in the report that the random scenes put items on both sides of the frustum.
                Statistics.label("visible share of attached items").collect(attached == 0 ? "no attached items"
                        : visible == 0 ? "none" : visible == attached ? "all" : "some");
                VisibilityScenes.mutate(random, built, 30, true);
            }
        }
    }

    /** A camera whose frustum holds a single box exactly: the same oracle on a hand-built case, both ways. */
    @Property(tries = 40)
    void anItemMovedAcrossAFrustumPlaneTogglesVisibility(@ForAll @IntRange(min = 0, max = 3) int axis,
                                                         @ForAll boolean orthographic) {
        try (VisibilityScenes.Built built = VisibilityScenes.build(1, 0, 0, 0, 0, 1)) {
            SceneManager scene = built.scene;
            if (orthographic) {
                built.camera.setOrthographic(10f, 1f, 100f);
            } else {
                built.camera.setPerspective((float) Math.toRadians(90), 1f, 100f);
            }
            built.camera.setViewport(100, 100);
            SceneNode node = scene.rootNode().createChild();
            node.attachObject(scene.createItem(0, 0, new Aabb(0, 0, 0, 0.5f, 0.5f, 0.5f)));
            // In front of the camera (which looks down -Z from the origin), then well off to one side.
            node.setPosition(0, 0, -50);
            assertEquals(1, scene.updateFrame(built.camera).itemsVisible());
            float[][] away = {{500, 0, -50}, {0, 500, -50}, {0, 0, 500}, {0, 0, -500}};
            node.setPosition(away[axis][0], away[axis][1], away[axis][2]);
            assertEquals(0, scene.updateFrame(built.camera).itemsVisible());
            checkAgainstOracle(built, scene.updateFrame(built.camera), "axis " + axis);
        }
    }

    static void checkTransformsAndBounds(VisibilityScenes.Built built) {
        List<String> errors = new ArrayList<>();
        Matrix4f actual = new Matrix4f();
        List<SceneNode> all = new ArrayList<>(built.nodes);
        all.add(built.cameraNode);
        for (SceneNode node : all) {
            Matrix4f expected = VisibilityScenes.chainWorld(node);
            node.getWorldMatrix(actual);
            if (!close(expected, actual)) {
                errors.add(node + " world " + actual + " expected " + expected);
            }
        }
        SceneManager scene = built.scene;
        Vector3f center = new Vector3f();
        Vector3f half = new Vector3f();
        for (int i = 0; i < scene.itemCount() && errors.size() < 10; i++) {
            Item item = scene.item(i);
            if (!item.isAttached()) {
                continue;
            }
            storedWorldCenter(item, center);
            storedWorldHalfExtents(item, half);
            Matrix4f world = VisibilityScenes.chainWorld(item.parentNode());
            Aabb local = item.localAabb();
            Vector3f expectedCenter = new Vector3f();
            Vector3f expectedHalf = new Vector3f();
            if (local.isInfinite()) {
                world.transformPosition(local.centerX(), local.centerY(), local.centerZ(), expectedCenter);
                expectedHalf.set(Float.POSITIVE_INFINITY);
            } else {
                Vector3f min = new Vector3f();
                Vector3f max = new Vector3f();
                world.transformAab(local.centerX() - local.halfX(), local.centerY() - local.halfY(),
                        local.centerZ() - local.halfZ(), local.centerX() + local.halfX(),
                        local.centerY() + local.halfY(), local.centerZ() + local.halfZ(), min, max);
                expectedCenter.set(min).add(max).mul(0.5f);
                expectedHalf.set(max).sub(min).mul(0.5f);
            }
            if (!close(expectedCenter, center) || !close(expectedHalf, half)) {
                errors.add(item + " world box " + center + " ± " + half + " expected " + expectedCenter + " ± "
                        + expectedHalf);
            }
        }
        assertTrue(errors.isEmpty(), String.join("\n", errors));
    }

    /** The scene whose first frame has a box 5e-7 inside a side plane, which the cull leaves out. */
    @Example
    void aBoxOnAPlaneMayGoEitherWay() {
        theVisibleSetIsTheBruteForceFrustumSet(3170, 491, 8);
    }

    /** @return the number of visible items */
    public static int checkAgainstOracle(VisibilityScenes.Built built, FrameStats stats, String context) {
        SceneManager scene = built.scene;
        Camera camera = built.camera;
        Matrix4f viewProjection = camera.getViewProjection(new Matrix4f(), new Matrix4f());
        FrustumIntersection frustum = new FrustumIntersection(viewProjection);
        int mask = camera.visibilityMask();
        Vector4d[] planes = frustumPlanes(viewProjection);
        TreeSet<Integer> expected = new TreeSet<>();
        TreeSet<Integer> onEdge = new TreeSet<>();
        Vector3f c = new Vector3f();
        Vector3f h = new Vector3f();
        for (int i = 0; i < scene.itemCount(); i++) {
            Item item = scene.item(i);
            SceneNode node = item.parentNode();
            if (node == null || !VisibilityScenes.shownFromRoot(node) || (mask & item.visibilityFlags()) == 0) {
                continue;
            }
            storedWorldCenter(item, c);
            storedWorldHalfExtents(item, h);
            if (h.x == Float.POSITIVE_INFINITY
                    || frustum.testAab(c.x - h.x, c.y - h.y, c.z - h.z, c.x + h.x, c.y + h.y, c.z + h.z)) {
                expected.add(i);
            }
            if (h.x != Float.POSITIVE_INFINITY && isOnAPlane(planes, c, h)) {
                onEdge.add(i);
            }
        }
        RenderQueue queue = scene.renderQueue();
        TreeSet<Integer> actual = new TreeSet<>();
        for (int k = 0; k < queue.instanceCount(); k++) {
            assertTrue(actual.add(queue.instanceItem(k)), context + ": item " + queue.instanceItem(k)
                    + " is queued twice");
        }
        TreeSet<Integer> missing = new TreeSet<>(expected);
        missing.removeAll(actual);
        missing.removeAll(onEdge);
        TreeSet<Integer> extra = new TreeSet<>(actual);
        extra.removeAll(expected);
        extra.removeAll(onEdge);
        if (!missing.isEmpty() || !extra.isEmpty()) {
            StringBuilder report = new StringBuilder(context + ": visible set differs from the JOML oracle ("
                    + actual.size() + " queued, " + expected.size() + " expected); camera " + camera.projection()
                    + " near " + camera.near() + " far " + camera.far() + "\n");
            for (int i : missing) {
                report.append("  missing ").append(describe(scene.item(i), planes)).append('\n');
            }
            for (int i : extra) {
                report.append("  extra   ").append(describe(scene.item(i), planes)).append('\n');
            }
            throw new AssertionError(report.toString());
        }
        // a kept queue tests nothing, a full cull every attached item (a detached one costs nothing), an incremental
        // one at most the quarter that changed
        int attached = 0;
        for (int i = 0; i < scene.itemCount(); i++) {
            attached += scene.item(i).isAttached() ? 1 : 0;
        }
        int tested = stats.itemsTested();
        assertTrue(queue.isKept() ? tested == 0 : tested == attached || tested <= attached / 4,
                context + ": " + tested + " items tested of " + attached + " attached (" + scene.itemCount()
                        + " in all)");
        assertEquals(actual.size(), stats.itemsVisible(), context);
        assertEquals(queue.batchCount(), stats.batches(), context);
        return actual.size();
    }

    /** The six frustum planes of {@code viewProjection} in double, each normalized so that it measures distance. */
    private static Vector4d[] frustumPlanes(Matrix4f viewProjection) {
        Matrix4d m = new Matrix4d(viewProjection);
        int[] which = {Matrix4fc.PLANE_NX, Matrix4fc.PLANE_PX, Matrix4fc.PLANE_NY, Matrix4fc.PLANE_PY,
            Matrix4fc.PLANE_NZ, Matrix4fc.PLANE_PZ};
        Vector4d[] planes = new Vector4d[which.length];
        for (int k = 0; k < which.length; k++) {
            planes[k] = m.frustumPlane(which[k], new Vector4d());
        }
        return planes;
    }

    /**
     * Whether the box touches a plane within the rounding of a float plane test, and lies clearly outside none: where
     * either answer is right. A plane test in float sums terms the size of the box's coordinates, so it is exact to a
     * few of their ulps; a box a millionth of those terms from a plane is culled or kept depending on the order of the
     * operations, by FlatScene and by JOML alike. A wrong plane or a wrong box is off by the size of the terms.
     */
    private static boolean isOnAPlane(Vector4d[] planes, Vector3f c, Vector3f h) {
        boolean touches = false;
        for (Vector4d p : planes) {
            double margin = margin(p, c, h);
            double terms = Math.abs(p.x * c.x) + Math.abs(p.y * c.y) + Math.abs(p.z * c.z) + Math.abs(p.w)
                    + Math.abs(p.x) * h.x + Math.abs(p.y) * h.y + Math.abs(p.z) * h.z;
            double rounding = EDGE * terms;
            if (margin < -rounding) {
                return false;
            }
            touches |= margin <= rounding;
        }
        return touches;
    }

    /** How far inside (>= 0) or outside the plane the box's farthest corner on the inner side lies. */
    private static double margin(Vector4d p, Vector3f c, Vector3f h) {
        return p.x * c.x + p.y * c.y + p.z * c.z + p.w + Math.abs(p.x) * h.x + Math.abs(p.y) * h.y
                + Math.abs(p.z) * h.z;
    }

    /** The item's box and, in double precision, how far inside (>= 0) or outside its worst frustum plane it is. */
    private static String describe(Item item, Vector4d[] planes) {
        Vector3f c = storedWorldCenter(item, new Vector3f());
        Vector3f h = storedWorldHalfExtents(item, new Vector3f());
        double worst = Double.POSITIVE_INFINITY;
        int worstPlane = -1;
        for (int k = 0; k < planes.length; k++) {
            double margin = margin(planes[k], c, h);
            if (margin < worst) {
                worst = margin;
                worstPlane = k;
            }
        }
        return item + " flags " + Integer.toHexString(item.visibilityFlags()) + " center " + c + " half " + h
                + " worst plane " + worstPlane + " margin " + worst;
    }

    private static boolean close(Matrix4f expected, Matrix4f actual) {
        for (int col = 0; col < 4; col++) {
            for (int row = 0; row < 4; row++) {
                if (!close(expected.get(col, row), actual.get(col, row))) {
                    return false;
                }
            }
        }
        return true;
    }

    private static boolean close(Vector3f expected, Vector3f actual) {
        return close(expected.x, actual.x) && close(expected.y, actual.y) && close(expected.z, actual.z);
    }

    /** Relative, since chained scales reach 2^5 and positions hundreds of units. */
    private static boolean close(float expected, float actual) {
        if (Float.isInfinite(expected) || Float.isInfinite(actual)) {
            return expected == actual;
        }
        return Math.abs(expected - actual) <= 1e-4f * (1f + Math.abs(expected));
    }
}
