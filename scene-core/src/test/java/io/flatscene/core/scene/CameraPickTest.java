package io.flatscene.core.scene;

import io.flatscene.core.config.SceneConfig;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.joml.Matrix4f;
import org.joml.Quaternionf;
import org.joml.Vector3f;
import org.joml.Vector4f;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The camera's place (position and orientation of its node, no scale), its aspect ratio (the viewport's unless
 * fixed, and the target's at draw), its pick ray from top-left window coordinates, and scene.pick.
 */
class CameraPickTest {
    private static final int WIDTH = 640;
    private static final int HEIGHT = 480;

    private SceneManager scene;
    private SceneNode eyeNode;
    private Camera camera;
    private final List<Item> items = new ArrayList<>();

    @BeforeEach
    void build() {
        scene = new SceneManager(SceneConfig.builder().maxNodes(256).maxItems(128).maxCameras(8).validation(true)
                .build());
        camera = scene.createCamera("eye").setPerspective(1f, 0.5f, 100f).setViewport(WIDTH, HEIGHT);
        eyeNode = scene.rootNode().createChild("eye").setPosition(2f, 3f, 20f)
                .lookAt(new Vector3f(0f, 0f, 0f), Space.PARENT);
        eyeNode.attachObject(camera);
        // a grid of small boxes well apart on screen, at several depths
        for (int i = 0; i < 25; i++) {
            float x = (i % 5 - 2) * 4f;
            float y = (i / 5 - 2) * 3f;
            float z = -(i % 3) * 6f;
            Item item = scene.createItem("box " + i, 0, 0, new Aabb(0f, 0f, 0f, 0.5f, 0.5f, 0.5f));
            scene.rootNode().createChild("box " + i).setPosition(x, y, z).attachObject(item);
            items.add(item);
        }
        scene.update();
    }

    @AfterEach
    void close() {
        scene.close();
    }

    /** Where the centre of {@code item}'s node lands, in top-left window pixels, through view-projection. */
    private Vector3f windowPoint(Item item) {
        Vector3f centre = item.parentNode().getWorldPosition(new Vector3f());
        Vector4f clip = camera.getViewProjection(new Matrix4f(), new Matrix4f())
                .transform(new Vector4f(centre, 1f));
        float ndcX = clip.x / clip.w;
        float ndcY = clip.y / clip.w;
        return new Vector3f((ndcX + 1f) * 0.5f * WIDTH, (1f - ndcY) * 0.5f * HEIGHT, clip.w);
    }

    @Test
    void thePickRayThroughAPixelCentreHitsTheItemDrawnThere() {
        for (Item item : items) {
            Vector3f window = windowPoint(item);
            // the centre of the pixel the item's centre falls in
            float x = (float) Math.floor(window.x) + 0.5f;
            float y = (float) Math.floor(window.y) + 0.5f;
            assertSame(item, scene.queries().pick(x, y, camera), item + " at window (" + x + ", " + y + ")");

            Vector3f origin = new Vector3f();
            Vector3f direction = new Vector3f();
            float length = camera.pickRay(window.x, window.y, origin, direction);
            assertEquals(1f, direction.length(), 1e-6f);
            Vector3f centre = item.parentNode().getWorldPosition(new Vector3f());
            Vector3f toCentre = new Vector3f(centre).sub(origin);
            float along = toCentre.dot(direction);
            float off = new Vector3f(direction).mul(along).sub(toCentre).length();
            assertTrue(off < 1e-4f * along, item + ": the ray through its projected centre misses it by " + off);
            assertTrue(length > along, "the ray reaches the far plane, past the item");
        }
    }

    /**
     * A pick is the first of the ray query's hits along the pick ray, over every pixel of a cluttered view: boxes
     * behind boxes, and pairs of boxes of the same place and size, whose tie goes to the lower global index.
     */
    @Test
    void aPickIsTheFirstHitOfTheRayQueryAlongThePickRay() {
        for (int i = 0; i < 40; i++) {
            Item item = scene.createItem(0, 0, new Aabb(0f, 0f, 0f, 1.5f, 1f, 2f));
            Item twin = scene.createItem(0, 0, new Aabb(0f, 0f, 0f, 1.5f, 1f, 2f));
            scene.rootNode().createChild().setPosition((i % 8 - 4) * 2.5f, (i / 8 - 2) * 2f, -(i % 5) * 3f)
                    .attachObject(item).attachObject(twin);
        }
        Vector3f origin = new Vector3f();
        Vector3f direction = new Vector3f();
        int hits = 0;
        for (int y = 0; y < HEIGHT; y += 6) {
            for (int x = 0; x < WIDTH; x += 6) {
                float length = camera.pickRay(x, y, origin, direction);
                List<RayHit> along = scene.queries().ray(origin, direction, length, -1);
                Item picked = scene.queries().pick(x, y, camera);
                assertSame(along.isEmpty() ? null : along.get(0).item(), picked, "pixel (" + x + ", " + y + ")");
                hits += picked == null ? 0 : 1;
            }
        }
        assertTrue(hits > 1000, "only " + hits + " pixels picked anything");
    }

    @Test
    void windowCoordinatesStartAtTheTopLeftWithYDown() {
        Vector3f origin = new Vector3f();
        Vector3f top = new Vector3f();
        Vector3f bottom = new Vector3f();
        camera.pickRay(WIDTH / 2f, 0f, origin, top);
        camera.pickRay(WIDTH / 2f, HEIGHT, origin, bottom);
        Vector3f up = eyeNode.getWorldOrientation(new Quaternionf()).transform(new Vector3f(0f, 1f, 0f));
        assertTrue(top.dot(up) > 0f && bottom.dot(up) < 0f, "y = 0 is the top edge: " + top + ", " + bottom);
        Vector3f left = new Vector3f();
        camera.pickRay(0f, HEIGHT / 2f, origin, left);
        Vector3f right = eyeNode.getWorldOrientation(new Quaternionf()).transform(new Vector3f(1f, 0f, 0f));
        assertTrue(left.dot(right) < 0f, "x = 0 is the left edge");
        Vector3f centre = new Vector3f();
        camera.pickRay(WIDTH / 2f, HEIGHT / 2f, origin, centre);
        Vector3f forward = eyeNode.getWorldOrientation(new Quaternionf()).transform(new Vector3f(0f, 0f, -1f));
        assertEquals(1f, centre.dot(forward), 1e-6f, "the viewport's centre looks straight ahead");
        assertEquals(0.5f, new Vector3f(origin).sub(eyeNode.getWorldPosition(new Vector3f())).length(), 1e-5f,
                "the ray starts on the near plane");
    }

    @Test
    void pickingEmptySpaceFindsNothingAndBadInputIsRefused() {
        assertNull(scene.queries().pick(1f, 1f, camera));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> scene.queries().pick(Float.NaN, 1f, camera));
        assertEquals(camera.describe() + ": pick point (NaN, 1.0) must be finite", e.getMessage());
        try (SceneManager other = new SceneManager(SceneConfig.builder().build())) {
            Camera stranger = other.createCamera("stranger");
            assertThrows(IllegalArgumentException.class, () -> scene.queries().pick(1f, 1f, stranger));
        }
    }

    @Test
    void aPickSeesTheCameraWhereItIsNow() {
        Item first = items.get(12);
        Vector3f window = windowPoint(first);
        Item next = items.get(13);
        Vector3f step = next.parentNode().getWorldPosition(new Vector3f())
                .sub(first.parentNode().getWorldPosition(new Vector3f()));
        // moved by the step between the two boxes: the next one is where the first was on screen
        eyeNode.setWorldPosition(eyeNode.getWorldPosition(new Vector3f()).add(step));
        assertSame(next, scene.queries().pick(window.x, window.y, camera), "moved, not yet updated");
    }

    /** The camera ignores its chain's scale: culling under a scaled (or mirroring) node is that of an unscaled one. */
    @Test
    void aCameraUnderAScaledNodeCullsAsIfUnscaled() {
        Camera plain = scene.createCamera("plain").setPerspective(1f, 0.5f, 22f).setViewport(WIDTH, HEIGHT);
        Camera scaled = scene.createCamera("scaled").setPerspective(1f, 0.5f, 22f).setViewport(WIDTH, HEIGHT);
        Camera mirrored = scene.createCamera("mirrored").setPerspective(1f, 0.5f, 22f).setViewport(WIDTH, HEIGHT);
        Quaternionf look = eyeNode.getOrientation(new Quaternionf());
        scene.rootNode().createChild("plain").setPosition(2f, 3f, 20f).setOrientation(look).attachObject(plain);
        scene.rootNode().createChild("big").setScale(10f, 10f, 10f).createChild("scaled")
                .setPosition(0.2f, 0.3f, 2f).setOrientation(look).setScale(0.3f, 2f, 1f).attachObject(scaled);
        scene.rootNode().createChild("mirror").setScale(-1f, 1f, 1f).createChild("mirrored")
                .setWorldPosition(2f, 3f, 20f).setWorldOrientation(look).attachObject(mirrored);
        scene.update();
        Set<Item> seen = culled(plain);
        // the far plane at 22 leaves the farthest row out: a scaled frustum would reach it, or stop short
        assertFalse(seen.isEmpty());
        assertTrue(seen.size() < items.size(), "the far plane cuts some boxes: " + seen.size());
        assertEquals(seen, culled(scaled), "a camera under a scaled node");
        assertEquals(seen, culled(mirrored), "a camera under a mirroring node");
        Matrix4f view = mirrored.getView(new Matrix4f());
        assertTrue(view.determinant3x3() > 0f, "the view never mirrors");
    }

    private Set<Item> culled(Camera eye) {
        RenderQueue queue = scene.cull(eye, new RenderQueue());
        Set<Item> seen = new HashSet<>();
        for (int i = 0; i < queue.instanceCount(); i++) {
            seen.add(scene.item(queue.instanceItem(i)));
        }
        return seen;
    }

    /** A cull after the camera's node moved, with no update between, culls from where the camera is now. */
    @Test
    void cullSeesTheCameraWhereItIsNow() {
        assertFalse(culled(camera).isEmpty());
        Matrix4f viewBefore = scene.cull(camera, new RenderQueue()).getView(new Matrix4f());
        eyeNode.setPosition(500f, 0f, 0f);
        assertTrue(culled(camera).isEmpty(), "the camera looks at nothing from there");
        Matrix4f viewNow = scene.cull(camera, new RenderQueue()).getView(new Matrix4f());
        assertNotEquals(viewBefore, viewNow);
        assertEquals(camera.getView(new Matrix4f()), viewNow, "the cull's view is the camera's own");
        scene.validate();
    }

    @Test
    void theAspectFollowsTheViewportUnlessFixed() {
        assertFalse(camera.isAspectRatioFixed());
        assertEquals(640f / 480f, camera.aspectRatio());
        camera.setViewport(300, 600);
        assertEquals(0.5f, camera.aspectRatio());
        assertEquals(new Matrix4f().setPerspective(1f, 0.5f, 0.5f, 100f), camera.getProjection(new Matrix4f()));

        assertSame(camera, camera.setAspectRatio(2f));
        assertTrue(camera.isAspectRatioFixed());
        camera.setViewport(100, 100);
        assertEquals(2f, camera.aspectRatio(), "a fixed aspect keeps whatever the viewport");
        assertEquals(new Matrix4f().setPerspective(1f, 2f, 0.5f, 100f), camera.getProjection(new Matrix4f()));

        camera.clearAspectRatio();
        assertFalse(camera.isAspectRatioFixed());
        assertEquals(1f, camera.aspectRatio());

        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> camera.setAspectRatio(0f));
        assertEquals(camera.describe() + ": aspect ratio 0.0 must be finite and > 0", e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> camera.setAspectRatio(Float.MIN_VALUE));
        assertTrue(e.getMessage().contains("aspect ratio 1.4E-45 give a projection matrix outside the float range"),
                e.getMessage());
        assertFalse(camera.isAspectRatioFixed(), "a refused setter changes nothing");
    }

    /** A queue culled with one viewport and drawn into a target of another shape gets the target's aspect. */
    @Test
    void aQueueDrawnIntoATargetOfAnotherShapeTakesTheTargetsAspectUnlessFixed() {
        RenderQueue queue = scene.cull(camera, new RenderQueue());
        Matrix4f view = camera.getView(new Matrix4f());
        assertEquals(queue.getViewProjection(new Matrix4f()), queue.getViewProjection(new Matrix4f(), 320, 240),
                "the same shape: the culled projection");
        assertMatrix(new Matrix4f().setPerspective(1f, 2f, 0.5f, 100f).mul(view),
                queue.getViewProjection(new Matrix4f(), 800, 400), "a 2:1 target");

        camera.setAspectRatio(640f / 480f);
        RenderQueue fixed = scene.cull(camera, new RenderQueue());
        assertTrue(fixed.isAspectRatioFixed());
        assertEquals(fixed.getViewProjection(new Matrix4f()), fixed.getViewProjection(new Matrix4f(), 800, 400),
                "a fixed aspect is kept, stretched or not");
    }

    /**
     * Before the renderer has set a new camera's viewport (1280x720 until then), a pick in the game's 800x600 window
     * given as the viewport finds the item drawn at that window point; through the camera's stored viewport the same
     * point is another ray, which misses it.
     */
    @Test
    void aPickBeforeTheFirstRenderUsesTheViewportItIsGiven() {
        Camera fresh = scene.createCamera("fresh");
        scene.rootNode().createChild("fresh eye").setPosition(0f, 100f, 0f).attachObject(fresh);
        // 60 degrees, aspect 4:3: at 10 ahead the view is 10 tan 30 = 5.7735 high (half) and 7.698 wide (half);
        // window (700, 150) is ndc (0.75, 0.5)
        float halfHeight = (float) (10 * Math.tan(Math.toRadians(30)));
        Item target = scene.createItem("target", 0, 0, new Aabb(0f, 0f, 0f, 0.2f, 0.2f, 0.2f));
        scene.rootNode().createChild("target").setPosition(0.75f * halfHeight * 4f / 3f, 100f + 0.5f * halfHeight,
                -10f).attachObject(target);
        int[] window = {0, 0, 800, 600};
        assertEquals(1280, fresh.viewportWidth(), "never rendered");
        assertSame(target, scene.queries().pick(700f, 150f, fresh, window));
        assertSame(target, scene.queries().pick(700f, 150f, fresh, window, -1));
        assertNull(scene.queries().pick(700f, 150f, fresh, window, 0), "the mask still applies");
        assertNull(scene.queries().pick(700f, 150f, fresh), "the stored 1280x720 viewport: another ray");
        assertSame(target, scene.queries().pick(800f, 200f, fresh, new int[] {100, 50, 800, 600}),
                "a viewport whose top-left corner is at (100, 50) in the window");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> scene.queries().pick(1f, 1f, fresh, new int[] {0, 0, 800, 0}));
        assertEquals(fresh + ": viewport 800x0 must be at least 1x1", e.getMessage());
    }

    @Test
    void theCamerasOwnViewportGivenExplicitlyGivesTheSameRayBitForBit() {
        Vector3f origin = new Vector3f();
        Vector3f direction = new Vector3f();
        Vector3f explicitOrigin = new Vector3f();
        Vector3f explicitDirection = new Vector3f();
        int[] viewport = {0, 0, WIDTH, HEIGHT};
        int[] shifted = {-40, 25, WIDTH, HEIGHT};
        for (float x = 0f; x <= WIDTH; x += 37.5f) {
            for (float y = 0f; y <= HEIGHT; y += 29.25f) {
                float length = camera.pickRay(x, y, origin, direction);
                assertEquals(length, camera.pickRay(x, y, viewport, explicitOrigin, explicitDirection));
                assertEquals(origin, explicitOrigin);
                assertEquals(direction, explicitDirection);
                camera.pickRay(x - 40f, y + 25f, shifted, explicitOrigin, explicitDirection);
                assertTrue(origin.equals(explicitOrigin, 1e-5f) && direction.equals(explicitDirection, 1e-6f),
                        "the same point of a shifted viewport: " + origin + " " + explicitOrigin);
            }
        }
    }

    @Test
    void aPickInAViewportOfAnotherShapeTakesItsAspectUnlessFixed() {
        Vector3f origin = new Vector3f();
        Vector3f direction = new Vector3f();
        Vector3f forward = eyeNode.getWorldOrientation(new Quaternionf()).transform(new Vector3f(0f, 0f, -1f));
        Vector3f right = eyeNode.getWorldOrientation(new Quaternionf()).transform(new Vector3f(1f, 0f, 0f));
        // the right edge of a 2:1 viewport: tan of the half-angle is the aspect times tan(fov / 2)
        camera.pickRay(400f, 100f, new int[] {0, 0, 400, 200}, origin, direction);
        assertEquals(2f * Math.tan(0.5), direction.dot(right) / direction.dot(forward), 1e-5);
        camera.setAspectRatio(1f);
        camera.pickRay(400f, 100f, new int[] {0, 0, 400, 200}, origin, direction);
        assertEquals(Math.tan(0.5), direction.dot(right) / direction.dot(forward), 1e-5, "a fixed aspect holds");
    }

    private static void assertMatrix(Matrix4f expected, Matrix4f actual, String what) {
        assertTrue(expected.equals(actual, 1e-5f), what + ": expected\n" + expected + "but was\n" + actual);
    }
}
