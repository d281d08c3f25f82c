package io.flatscene.core.scene.frame;

import java.util.Arrays;
import org.joml.Matrix4f;
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
