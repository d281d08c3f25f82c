package io.flatscene.core.scene;

import io.flatscene.core.config.SceneConfig;
import io.flatscene.core.testing.AllocationMeter;
import java.util.Random;
import org.joml.Matrix4f;
import org.joml.Vector3f;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@link Camera#project}, world to window: values worked out by hand for a perspective and an orthographic camera,
 * the round trip with {@link Camera#pickRay} both ways, JOML's {@code project} as a second opinion, points behind the
 * camera, bad input, and no allocation.
 */
class CameraProjectTest {
    private static final int[] VIEWPORT = {0, 0, 200, 100};

    private SceneManager scene;
    private Camera camera;

    @BeforeEach
    void build() {
        scene = new SceneManager(SceneConfig.builder().maxNodes(16).maxItems(4).maxCameras(4).validation(true)
                .build());
        // unattached: at the origin, looking down -Z
        camera = scene.createCamera("eye").setPerspective((float) Math.PI / 2, 1f, 100f);
    }

    @AfterEach
    void close() {
        scene.close();
    }

    private Vector3f project(float x, float y, float z, int[] viewport) {
        return camera.project(new Vector3f(x, y, z), viewport, new Vector3f());
    }

    private static void assertWindow(float x, float y, float depth, Vector3f actual, String what) {
        assertEquals(x, actual.x, 1e-3f, what + ": x of " + actual);
        assertEquals(y, actual.y, 1e-3f, what + ": y of " + actual);
        assertEquals(depth, actual.z, 1e-6f, what + ": depth of " + actual);
    }

    @Test
    void aPerspectiveCameraProjectsAsWorkedOutByHand() {
        // fov 90 degrees, aspect 2: at distance 10 the view is 40 wide and 20 high
        assertWindow(100f, 50f, 0f, project(0f, 0f, -1f, VIEWPORT), "the centre of the near plane");
        assertWindow(100f, 50f, 1f, project(0f, 0f, -100f, VIEWPORT), "the centre of the far plane");
        // ndc (0.5, 0.5); depth (1 + (f + n) / (f - n) - 2fn / ((f - n) d)) / 2 = 90 / 99
        assertWindow(150f, 25f, 90f / 99f, project(10f, 5f, -10f, VIEWPORT), "up and to the right");
        assertWindow(0f, 100f, 90f / 99f, project(-20f, -10f, -10f, VIEWPORT), "the bottom-left corner");
        assertWindow(160f, 45f, 90f / 99f, project(10f, 5f, -10f, new int[] {10, 20, 200, 100}),
                "in a viewport whose top-left corner is at (10, 20)");
        assertWindow(250f, -25f, 90f / 99f, project(30f, 15f, -10f, VIEWPORT), "out of view, beyond the corner");
    }

    @Test
    void anOrthographicCameraProjectsAsWorkedOutByHand() {
        // 10 high, aspect 2: 20 wide; depth linear from 0 at the eye to 1 at 10
        camera.setOrthographic(10f, 0f, 10f);
        assertWindow(150f, 75f, 0.4f, project(5f, -2.5f, -4f, VIEWPORT), "right and down, 4 away");
        assertWindow(200f, 0f, 1f, project(10f, 5f, -10f, VIEWPORT), "the top-right corner of the far plane");
        assertWindow(100f, 50f, -0.5f, project(0f, 0f, 5f, VIEWPORT), "behind the camera: a window point, depth < 0");
    }

    @Test
    void withoutAViewportTheCamerasOwnIsUsed() {
        camera.setViewport(200, 100);
        Vector3f point = new Vector3f(10f, 5f, -10f);
        Vector3f dest = new Vector3f();
        assertSame(dest, camera.project(point, dest));
        assertEquals(camera.project(point, VIEWPORT, new Vector3f()), dest);
        camera.setViewport(400, 100);
        assertWindow(250f, 25f, 90f / 99f, camera.project(point, dest), "twice as wide: aspect 4, view 80 wide");
    }

    @Test
    void aPointAtOrBehindTheEyeUnderAPerspectiveHasNoWindowPoint() {
        Vector3f behind = project(3f, -2f, 5f, VIEWPORT);
        assertTrue(Float.isNaN(behind.x) && Float.isNaN(behind.y), "no window point: " + behind);
        assertEquals(Float.POSITIVE_INFINITY, behind.z, "beyond any depth test");
        Vector3f beside = project(3f, 0f, 0f, VIEWPORT);
        assertTrue(Float.isNaN(beside.x) && Float.isNaN(beside.y) && beside.z == Float.POSITIVE_INFINITY,
                "in the plane of the eye: " + beside);
        Vector3f tooNear = project(0f, 0f, -0.5f, VIEWPORT);
        assertWindow(100f, 50f, tooNear.z, tooNear, "between the eye and the near plane: a window point");
        assertTrue(tooNear.z < 0f, "nearer than the near plane: depth " + tooNear.z);
        Vector3f tooFar = project(0f, 0f, -200f, VIEWPORT);
        assertTrue(tooFar.z > 1f && tooFar.z < Float.POSITIVE_INFINITY, "beyond the far plane: " + tooFar);
    }

    /** A camera placed and turned by its node, and a viewport of another shape than the camera's own. */
    private void placeCamera() {
        scene.rootNode().createChild("eye").setPosition(3f, -2f, 7f).setOrientation(0.2f, 0.5f, -0.1f, 0.8f)
                .attachObject(camera);
        camera.setPerspective(0.9f, 0.25f, 500f);
    }

    @Test
    void theWindowPointsPickRayPassesThroughThePoint() {
        placeCamera();
        int[] viewport = {30, 40, 640, 360};
        Random random = new Random(35);
        Vector3f origin = new Vector3f();
        Vector3f direction = new Vector3f();
        Vector3f window = new Vector3f();
        for (int i = 0; i < 200; i++) {
            float x = viewport[0] + random.nextFloat() * viewport[2];
            float y = viewport[1] + random.nextFloat() * viewport[3];
            float length = camera.pickRay(x, y, viewport, origin, direction);
            float along = random.nextFloat() * length;
            Vector3f point = new Vector3f(direction).mul(along).add(origin);
            camera.project(point, viewport, window);
            String what = "window (" + x + ", " + y + "), " + along + " along the ray";
            assertEquals(x, window.x, 2e-3f, what);
            assertEquals(y, window.y, 2e-3f, what);
            assertTrue(window.z >= -1e-6f && window.z <= 1f + 1e-6f, what + ": depth " + window.z);

            camera.pickRay(window.x, window.y, viewport, origin, direction);
            Vector3f toPoint = new Vector3f(point).sub(origin);
            float off = toPoint.cross(direction, new Vector3f()).length();
            assertTrue(off <= 1e-5f * Math.max(1f, along), what + ": the ray back misses the point by " + off);
        }
    }

    @Test
    void nearerPointsAlongARayHaveSmallerDepths() {
        placeCamera();
        Vector3f origin = new Vector3f();
        Vector3f direction = new Vector3f();
        float length = camera.pickRay(100f, 200f, VIEWPORT, origin, direction);
        float previous = -1f;
        for (int step = 0; step <= 10; step++) {
            Vector3f point = new Vector3f(direction).mul(length * step / 10f).add(origin);
            float depth = camera.project(point, VIEWPORT, new Vector3f()).z;
            assertTrue(depth > previous, "step " + step + ": depth " + depth + " after " + previous);
            previous = depth;
        }
        assertEquals(1f, previous, 1e-5f, "the far plane");
    }

    @Test
    void jomlsProjectAgreesOnceItsYIsCountedFromTheTop() {
        placeCamera();
        camera.setViewport(VIEWPORT[2], VIEWPORT[3]);
        Matrix4f viewProjection = camera.getViewProjection(new Matrix4f(), new Matrix4f());
        Random random = new Random(7);
        for (int i = 0; i < 100; i++) {
            Vector3f point = new Vector3f(random.nextFloat() * 40f - 20f, random.nextFloat() * 40f - 20f,
                    random.nextFloat() * 40f - 20f);
            Vector3f joml = viewProjection.project(point, VIEWPORT, new Vector3f());
            Vector3f ours = camera.project(point, new Vector3f());
            if (Float.isNaN(ours.x)) {
                continue;
            }
            float scale = Math.max(1f, Math.abs(joml.x) + Math.abs(joml.y));
            assertEquals(joml.x, ours.x, 1e-4f * scale, point + ": x");
            assertEquals(VIEWPORT[3] - joml.y, ours.y, 1e-4f * scale, point + ": y from the top");
            assertEquals(joml.z, ours.z, 1e-4f * Math.max(1f, Math.abs(joml.z)), point + ": depth");
        }
    }

    @Test
    void aFixedAspectRatioHoldsInAnyViewport() {
        camera.setAspectRatio(1f);
        // the view is 20 wide and 20 high at distance 10, stretched over 200x100
        assertWindow(150f, 25f, 90f / 99f, project(5f, 5f, -10f, VIEWPORT), "aspect 1 stretched");
    }

    @Test
    void badInputIsRefusedNamingTheCameraAndTheRule() {
        Vector3f point = new Vector3f(0f, 0f, -5f);
        Vector3f dest = new Vector3f();
        String name = camera.toString();
        assertRefused(name + ": cannot project a null point", () -> camera.project(null, VIEWPORT, dest));
        assertRefused(name + ": cannot project into a null destination", () -> camera.project(point, VIEWPORT, null));
        assertRefused(name + ": cannot project a null point", () -> camera.project(null, dest));
        assertRefused(name + ": viewport null must be 4 values {x, y, width, height}",
                () -> camera.project(point, null, dest));
        assertRefused(name + ": viewport of 3 values must be 4 values {x, y, width, height}",
                () -> camera.project(point, new int[] {0, 0, 100}, dest));
        assertRefused(name + ": viewport 0x100 must be at least 1x1",
                () -> camera.project(point, new int[] {0, 0, 0, 100}, dest));
        assertRefused(name + ": viewport 100x-1 must be at least 1x1",
                () -> camera.project(point, new int[] {0, 0, 100, -1}, dest));
        assertRefused(name + ": viewport 0x100 must be at least 1x1",
                () -> camera.pickRay(1f, 1f, new int[] {0, 0, 0, 100}, dest, new Vector3f()));
        assertRefused(name + ": point to project (NaN, 0.0, -5.0) must be finite",
                () -> camera.project(new Vector3f(Float.NaN, 0f, -5f), VIEWPORT, dest));
        assertRefused(name + ": point to project (0.0, Infinity, -5.0) must be finite",
                () -> camera.project(new Vector3f(0f, Float.POSITIVE_INFINITY, -5f), dest));
        assertEquals(new Vector3f(), dest, "a refused call writes nothing");
        // fine in the camera's own 16:9 viewport, beyond the float range in one a pixel wide
        camera.setPerspective(1e-30f, 1f, 100f);
        assertRefused(name + ": cannot project in a viewport 1x2147483647: its aspect gives a projection matrix "
                + "outside the float range", () -> camera.project(point, new int[] {0, 0, 1, Integer.MAX_VALUE},
                dest));
        assertRefused(name + ": cannot pick in a viewport 1x2147483647: its aspect gives a projection matrix "
                + "outside the float range", () -> camera.pickRay(0f, 0f, new int[] {0, 0, 1, Integer.MAX_VALUE},
                dest, new Vector3f()));
        scene.destroyCamera(camera);
        IllegalStateException dead = assertThrows(IllegalStateException.class,
                () -> camera.project(point, VIEWPORT, dest));
        assertEquals(name + " was destroyed and cannot be used", dead.getMessage());
    }

    @Test
    void aCameraWithoutAFiniteViewCannotProject() {
        SceneNode flat = scene.rootNode().createChild("flat").setScale(0f, 1f, 1f);
        flat.createChild("holder").attachObject(camera);
        IllegalStateException e = assertThrows(IllegalStateException.class,
                () -> camera.project(new Vector3f(0f, 0f, -5f), VIEWPORT, new Vector3f()));
        assertTrue(e.getMessage().startsWith("cannot project through " + camera + ": its node's world matrix has a "
                + "zero axis"), e.getMessage());
    }

    private static void assertRefused(String message, Executable call) {
        assertEquals(message, assertThrows(IllegalArgumentException.class, call).getMessage());
    }

    @Test
    void projectingAllocatesNothing() {
        placeCamera();
        Vector3f origin = new Vector3f();
        Vector3f direction = new Vector3f();
        camera.pickRay(100f, 50f, VIEWPORT, origin, direction);
        Vector3f ahead = direction.mul(10f).add(origin);
        Vector3f point = new Vector3f();
        Vector3f dest = new Vector3f();
        float[] sum = new float[1];
        Runnable projections = () -> {
            for (int i = 0; i < 10_000; i++) {
                point.set(ahead).add(i * 1e-4f, 0f, 0f);
                sum[0] += camera.project(point, VIEWPORT, dest).x + camera.project(point, dest).y;
            }
        };
        for (int warmUp = 0; warmUp < 5; warmUp++) {
            projections.run();
        }
        AllocationMeter meter = AllocationMeter.callerAnd("no helper threads", AllocationMeter.liveThreads());
        meter.assertSomeWindowClean("10,000 projections", 4, projections);
        assertTrue(Float.isFinite(sum[0]));
    }
}
