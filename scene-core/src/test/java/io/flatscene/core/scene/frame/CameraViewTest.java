package io.flatscene.core.scene.frame;

import java.util.Arrays;
import java.util.List;
import java.util.function.Consumer;
import org.joml.Matrix4f;
import org.joml.Vector3f;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The camera snapshot: the frustum planes in their order (left, right, bottom, top, near, far), normalized and
 * pointing inwards; the settings it keeps; a singular view refused; the position and unit forward axis of a camera
 * node, or the origin looking down -Z for none.
 */
class CameraViewTest {
    private static final float TOLERANCE = 1e-5f;

    @Test
    void planesOfAnOrthographicBoxPointInwardsInTheirOrder() {
        CameraView view = new CameraView();
        view.projection.setOrtho(-2f, 4f, -1f, 3f, 1f, 9f);
        assertTrue(view.derive(9f, 0x5, 640, 480));
        assertArrayEquals(new float[] {
            1f, 0f, 0f, 2f,
            -1f, 0f, 0f, 4f,
            0f, 1f, 0f, 1f,
            0f, -1f, 0f, 3f,
            0f, 0f, -1f, -1f,
            0f, 0f, 1f, 9f,
        }, view.planes, TOLERANCE);
        assertEquals(9f, view.far);
        assertEquals(0x5, view.mask);
        assertEquals(640, view.viewportWidth);
        assertEquals(480, view.viewportHeight);
        assertTrue(view.viewProjection.equals(view.projection, 0f), "identity view");
    }

    @Test
    void theViewProjectionIsProjectionTimesView() {
        CameraView view = new CameraView();
        view.projection.setPerspective(1f, 1.5f, 0.5f, 50f);
        view.view.translation(1f, 2f, 3f).rotateY(0.3f).scale(2f);
        assertTrue(view.derive(50f, -1, 1, 1));
        assertTrue(new Matrix4f(view.projection).mul(view.view).equals(view.viewProjection, 0f));
        for (int p = 0; p < 6; p++) {
            float a = view.planes[p * 4];
            float b = view.planes[p * 4 + 1];
            float c = view.planes[p * 4 + 2];
            assertEquals(1f, a * a + b * b + c * c, 1e-4f, "plane " + p + " is normalized");
        }
    }

    @Test
    void aSingularViewIsRefused() {
        CameraView view = new CameraView();
        view.projection.setPerspective(1f, 1f, 0.5f, 50f);
        view.view.set(new Matrix4f().scaling(1f, 1f, 0f).invert());
        assertFalse(view.derive(50f, 1, 1, 1));
        view.view.identity();
        assertTrue(view.derive(50f, 1, 1, 1));
    }

    /** Scales whose squares underflow or overflow float still leave a unit forward axis (it came out NaN or zero). */
    @Test
    void aTinyOrHugeScaleKeepsAUnitForwardAxis() {
        CameraView view = new CameraView();
        for (float scale : new float[] {1e-25f, 1e25f}) {
            view.place(new Matrix4f().scaling(scale));
            assertArrayEquals(new float[] {0f, 0f, -1f}, new float[] {view.forwardX, view.forwardY, view.forwardZ},
                    TOLERANCE, "scale " + scale);
        }
    }

    /**
     * A far/near ratio past about 10^7 leaves the far plane's normal zero in float: JOML normalizes it into NaN, which
     * culls every box. It is a plane at infinity, which bounds nothing.
     */
    @Test
    void aFarPlaneAtInfinityPassesEverything() {
        CameraView view = new CameraView();
        view.projection.setPerspective(1f, 1f, 0.001f, 1e30f);
        assertTrue(view.derive(1e30f, -1, 1, 1));
        for (float value : view.planes) {
            assertTrue(Float.isFinite(value), Arrays.toString(view.planes));
        }
        assertArrayEquals(new float[] {0f, 0f, 0f, 1f}, Arrays.copyOfRange(view.planes, 20, 24));
    }

    /**
     * An orthographic box 10^30 units across on every axis leaves each plane's normal some 10^-30 long, whose square
     * underflows float: every plane is taken in double. Under a turned view each normal mixes all three axes, so each
     * row's terms and signs show: the planes must be the box's own, turned by the view (normal V^T n, same distance).
     */
    @Test
    void hugeBoxesGetEveryPlaneInDoubleTurnedByTheView() {
        CameraView view = new CameraView();
        view.projection.setOrtho(-1e30f, 1e30f, -2e30f, 2e30f, -1e30f, 1e30f);
        view.view.rotationY(0.5f).rotateX(0.3f).rotateZ(-0.2f);
        assertTrue(view.derive(1e30f, -1, 1, 1));
        float[][] boxPlanes = {{1f, 0f, 0f, 1e30f}, {-1f, 0f, 0f, 1e30f}, {0f, 1f, 0f, 2e30f}, {0f, -1f, 0f, 2e30f},
            {0f, 0f, -1f, 1e30f}, {0f, 0f, 1f, 1e30f}};
        Matrix4f transposed = new Matrix4f(view.view).transpose();
        for (int p = 0; p < 6; p++) {
            Vector3f normal = transposed.transformDirection(
                    new Vector3f(boxPlanes[p][0], boxPlanes[p][1], boxPlanes[p][2]));
            String plane = "plane " + p + ": " + Arrays.toString(Arrays.copyOfRange(view.planes, p * 4, p * 4 + 4));
            assertEquals(normal.x, view.planes[p * 4], TOLERANCE, plane);
            assertEquals(normal.y, view.planes[p * 4 + 1], TOLERANCE, plane);
            assertEquals(normal.z, view.planes[p * 4 + 2], TOLERANCE, plane);
            assertEquals(1f, view.planes[p * 4 + 3] / boxPlanes[p][3], TOLERANCE, plane);
        }
    }

    /** Two views are the same only when every field a cull reads is equal; {@code set} copies every field. */
    @Test
    void sameAsComparesEveryFieldACullReads() {
        CameraView a = new CameraView();
        a.projection.setPerspective(1f, 1.5f, 0.5f, 50f);
        a.view.translation(1f, 2f, 3f).rotateY(0.3f);
        assertTrue(a.derive(50f, 0x30, 640, 480));
        a.place(new Matrix4f(a.view).invert());
        a.aspectFixed = true;
        CameraView b = new CameraView();
        b.set(a);
        assertTrue(a.sameAs(b) && b.sameAs(a));
        assertTrue(a.viewProjection.equals(b.viewProjection, 0f));
        assertArrayEquals(a.planes, b.planes);
        List<Consumer<CameraView>> changes = List.of(
            v -> v.view.m31(v.view.m31() + 1f),
            v -> v.projection.m00(v.projection.m00() * 2f),
            v -> v.x += 1f,
            v -> v.y += 1f,
            v -> v.z += 1f,
            v -> v.forwardX = -v.forwardX,
            v -> v.forwardY += 0.5f,
            v -> v.forwardZ = -v.forwardZ,
            v -> v.far += 1f,
            v -> v.mask ^= 1,
            v -> v.viewportWidth++,
            v -> v.viewportHeight++,
            v -> v.aspectFixed = !v.aspectFixed);
        for (int i = 0; i < changes.size(); i++) {
            b.set(a);
            changes.get(i).accept(b);
            assertFalse(a.sameAs(b), "change " + i);
            assertFalse(b.sameAs(a), "change " + i + ", the other way");
        }
    }

    @Test
    void noNodeIsTheOriginLookingDownMinusZ() {
        CameraView view = new CameraView();
        view.place(new Matrix4f().translation(4f, 5f, 6f));
        view.place(null);
        assertArrayEquals(new float[] {0f, 0f, 0f, 0f, 0f, -1f},
                new float[] {view.x, view.y, view.z, view.forwardX, view.forwardY, view.forwardZ});
    }

    @Test
    void aNodeGivesItsTranslationAndItsUnitMinusZAxis() {
        CameraView view = new CameraView();
        // a scaled node turned a quarter turn about Y looks down -X
        view.place(new Matrix4f().translation(4f, 5f, 6f).rotateY((float) (Math.PI / 2)).scale(3f, 2f, 5f));
        assertArrayEquals(new float[] {4f, 5f, 6f, -1f, 0f, 0f},
                new float[] {view.x, view.y, view.z, view.forwardX, view.forwardY, view.forwardZ}, TOLERANCE);
        // tipped down about X, the forward axis has a Y part and a Z part
        view.place(new Matrix4f().rotateX(-0.5f).scale(7f));
        assertArrayEquals(new float[] {0f, (float) -Math.sin(0.5), (float) -Math.cos(0.5)},
                new float[] {view.forwardX, view.forwardY, view.forwardZ}, TOLERANCE);
        view.place(new Matrix4f().rotateZ(0.4f).rotateX(0.9f).scale(0.5f));
        assertArrayEquals(new float[] {(float) (-Math.sin(0.4) * Math.sin(0.9)),
            (float) (Math.cos(0.4) * Math.sin(0.9)), (float) -Math.cos(0.9)},
                new float[] {view.forwardX, view.forwardY, view.forwardZ}, TOLERANCE);
    }
}
