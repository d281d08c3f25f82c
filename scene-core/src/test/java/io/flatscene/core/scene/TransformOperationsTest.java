package io.flatscene.core.scene;

import io.flatscene.core.config.SceneConfig;
import java.util.function.Consumer;
import org.joml.Matrix3f;
import org.joml.Matrix4f;
import org.joml.Matrix4x3f;
import org.joml.Quaternionf;
import org.joml.Quaternionfc;
import org.joml.Vector3f;
import org.joml.Vector3fc;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.ValueSource;

import static io.flatscene.core.scene.SceneInternals.storedWorldCenter;
import static io.flatscene.core.scene.SceneInternals.storedWorldHalfExtents;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * Relative operations, getters, item world bounds and camera matrices on a small hierarchy
 * root (rotated, translated) → parent (rotated, non-uniformly scaled, translated) → child, with every expectation
 * computed by hand from plain JOML rather than read back through the scene.
 */
class TransformOperationsTest {
    private static final float EPS = 1e-5f;

    private static final Vector3fc ROOT_POSITION = new Vector3f(-4f, 0f, 1f);
    private static final Quaternionfc ROOT_Q = new Quaternionf().rotateZ(0.25f);
    private static final Vector3fc PARENT_POSITION = new Vector3f(1f, 2f, 3f);
    private static final Quaternionfc PARENT_Q = new Quaternionf().rotateY(0.7f).rotateX(0.3f);
    private static final Vector3fc PARENT_SCALE = new Vector3f(2f, 0.5f, 1.5f);
    private static final Vector3fc CHILD_POSITION = new Vector3f(0.5f, -1f, 2f);
    private static final Quaternionfc CHILD_Q = new Quaternionf().rotateZ(0.4f).rotateX(-0.2f);
    private static final Vector3fc CHILD_SCALE = new Vector3f(1f, 2f, 0.5f);
    private static final Quaternionfc TURN =
            new Quaternionf().rotateAxis(0.9f, new Vector3f(1f, 2f, -0.5f).normalize());

    private SceneManager scene;
    private SceneNode root;
    private SceneNode parent;
    private SceneNode child;

    @BeforeEach
    void buildHierarchy() {
        scene = new SceneManager(SceneConfig.builder().maxNodes(16).maxItems(8).maxCameras(4).validation(true)
                .build());
        root = scene.rootNode().setPosition(ROOT_POSITION).setOrientation(ROOT_Q);
        parent = root.createChild("parent").setPosition(PARENT_POSITION).setOrientation(PARENT_Q)
                .setScale(PARENT_SCALE);
        child = parent.createChild("child").setPosition(CHILD_POSITION).setOrientation(CHILD_Q)
                .setScale(CHILD_SCALE);
        scene.updateAllTransforms();
    }

    @AfterEach
    void closeScene() {
        scene.close();
    }

    private static Matrix4f parentWorld() {
        return new Matrix4f().translate(ROOT_POSITION).rotate(ROOT_Q).translate(PARENT_POSITION).rotate(PARENT_Q)
                .scale(PARENT_SCALE);
    }

    private static Matrix4f childWorld() {
        return parentWorld().translate(CHILD_POSITION).rotate(CHILD_Q).scale(CHILD_SCALE);
    }

    /** The parent's world rotation: root and parent orientations, since only the parent has (axis-aligned) scale. */
    private static Quaternionf parentWorldRotation() {
        return new Quaternionf(ROOT_Q).mul(PARENT_Q);
    }

    // ---- world matrices and getters ----

    @Test
    void worldMatricesFollowThePlainChain() {
        assertMatrix(parentWorld(), parent.getWorldMatrix(new Matrix4f()), "parent world");
        assertMatrix(childWorld(), child.getWorldMatrix(new Matrix4f()), "child world");
    }

    @Test
    void theThreeWorldReadsAgree() {
        Matrix4f full = child.getWorldMatrix(new Matrix4f());
        Matrix4x3f affine = new Matrix4x3f();
        assertSame(affine, child.getWorldMatrix(affine), "JOML style: the destination is returned");
        assertMatrix(full, new Matrix4f().set(affine), "Matrix4x3f read");
        Vector3f position = new Vector3f();
        assertSame(position, child.getWorldPosition(position));
        assertVector(full.getTranslation(new Vector3f()), position, "world position");
        assertVector(childWorld().getTranslation(new Vector3f()), position, "world position by hand");
    }

    @Test
    void localGettersRoundTrip() {
        Vector3f position = new Vector3f(3.5f, -7f, 0.125f);
        Quaternionf orientation = new Quaternionf().rotateXYZ(0.1f, -1.2f, 2.3f);
        Vector3f scale = new Vector3f(0.25f, 4f, 1.5f);
        child.setPosition(position).setOrientation(orientation).setScale(scale);
        Vector3f readPosition = new Vector3f();
        assertSame(readPosition, child.getPosition(readPosition));
        assertEquals(position, readPosition);
        assertRotation(orientation, child.getOrientation(new Quaternionf()), "orientation");
        assertEquals(scale, child.getScale(new Vector3f()));
        child.setPosition(1f, 2f, 3f).setScale(5f, 6f, 7f);
        assertEquals(new Vector3f(1f, 2f, 3f), child.getPosition(new Vector3f()));
        assertEquals(new Vector3f(5f, 6f, 7f), child.getScale(new Vector3f()));
    }

    @Test
    void setOrientationStoresAUnitQuaternion() {
        Quaternionf read = child.setOrientation(0f, 0f, 0f, 2f).getOrientation(new Quaternionf());
        assertQuaternion(new Quaternionf(0f, 0f, 0f, 1f), read, "(0, 0, 0, 2)");

        child.setOrientation(1f, 2f, 3f, 4f).getOrientation(read);
        float invLength = (float) (1 / Math.sqrt(30));
        assertQuaternion(new Quaternionf(invLength, 2 * invLength, 3 * invLength, 4 * invLength), read,
                "(1, 2, 3, 4)");
        scene.updateAllTransforms();
        // A non-unit input must not leak into the world matrix as a scale.
        Matrix4f world = child.getWorldMatrix(new Matrix4f());
        Matrix4f expected = parentWorld().translate(CHILD_POSITION).rotate(read).scale(CHILD_SCALE);
        assertMatrix(expected, world, "world after a non-unit orientation");

        assertThrows(IllegalArgumentException.class, () -> child.setOrientation(0f, 0f, 0f, 0f));
        assertQuaternion(new Quaternionf(invLength, 2 * invLength, 3 * invLength, 4 * invLength),
                child.getOrientation(new Quaternionf()), "after a rejected zero quaternion");
    }

    @Test
    void inheritFlagsAreIndependent() {
        assertTrue(child.inheritsOrientation());
        assertTrue(child.inheritsScale());
        child.setInheritOrientation(false);
        assertFalse(child.inheritsOrientation());
        assertTrue(child.inheritsScale(), "clearing one flag must leave the other");
        child.setInheritScale(false);
        assertFalse(child.inheritsOrientation());
        assertFalse(child.inheritsScale());
        child.setInheritOrientation(true);
        assertTrue(child.inheritsOrientation());
        assertFalse(child.inheritsScale(), "setting one flag must leave the other");
        assertTrue(parent.inheritsOrientation() && parent.inheritsScale(), "siblings' and parents' flags untouched");
    }

    // ---- translate ----

    @Test
    void translateInLocalSpaceMovesAlongTheNodesOwnAxes() {
        child.translate(1f, 2f, 3f, Space.LOCAL);
        Vector3f expected = new Vector3f(CHILD_POSITION).add(CHILD_Q.transform(new Vector3f(1f, 2f, 3f)));
        assertVector(expected, child.getPosition(new Vector3f()), "position");
    }

    @Test
    void translateInParentSpaceAddsTheVector() {
        child.translate(1f, 2f, 3f, Space.PARENT);
        assertVector(new Vector3f(CHILD_POSITION).add(1f, 2f, 3f), child.getPosition(new Vector3f()), "position");
    }

    @Test
    void translateInWorldSpaceMovesTheWorldPositionByTheVector() {
        Vector3f before = child.getWorldPosition(new Vector3f());
        child.translate(1f, 2f, 3f, Space.WORLD);
        Vector3f inParent = parentWorld().invert().transformDirection(new Vector3f(1f, 2f, 3f));
        assertVector(new Vector3f(CHILD_POSITION).add(inParent), child.getPosition(new Vector3f()), "position");
        scene.updateAllTransforms();
        assertVector(before.add(1f, 2f, 3f), child.getWorldPosition(new Vector3f()), "world position");
    }

    @Test
    void translateInWorldSpaceIsExactWhateverTheInheritFlags() {
        // The translation always goes through the parent's full matrix, so the flags must not matter here.
        child.setInheritOrientation(false).setInheritScale(false);
        scene.updateAllTransforms();
        Vector3f before = child.getWorldPosition(new Vector3f());
        child.translate(-2f, 0.5f, 4f, Space.WORLD);
        scene.updateAllTransforms();
        assertVector(before.add(-2f, 0.5f, 4f), child.getWorldPosition(new Vector3f()), "world position");
    }

    @Test
    void worldSpaceOperationsUseTheParentsCurrentWorldMatrix() {
        Quaternionf turned = new Quaternionf().rotateX(1.1f);
        parent.setOrientation(turned).setScale(3f, 3f, 3f);
        child.translate(1f, 2f, 3f, Space.WORLD);
        Matrix4f current = new Matrix4f().translate(ROOT_POSITION).rotate(ROOT_Q).translate(PARENT_POSITION)
                .rotate(turned).scale(3f);
        Vector3f inParent = current.invert().transformDirection(new Vector3f(1f, 2f, 3f));
        assertVector(new Vector3f(CHILD_POSITION).add(inParent), child.getPosition(new Vector3f()),
                "translation through the parent's current world matrix, changed since the last update");
    }

    @Test
    void aNodeWithoutParentTranslatesInWorldAsInParentSpace() {
        SceneNode detached = scene.createSceneNode("detached").setPosition(1f, 1f, 1f)
                .setOrientation(new Quaternionf().rotateY(1f));
        scene.updateAllTransforms();
        detached.translate(0f, 0f, 2f, Space.WORLD);
        assertVector(new Vector3f(1f, 1f, 3f), detached.getPosition(new Vector3f()), "position");
    }

    // ---- rotate ----

    @Test
    void rotateInLocalSpacePostMultiplies() {
        child.rotate(TURN, Space.LOCAL);
        assertRotation(new Quaternionf(CHILD_Q).mul(TURN), child.getOrientation(new Quaternionf()), "orientation");
    }

    @Test
    void rotateInParentSpacePreMultiplies() {
        child.rotate(TURN, Space.PARENT);
        assertRotation(new Quaternionf(TURN).mul(CHILD_Q), child.getOrientation(new Quaternionf()), "orientation");
    }

    @Test
    void rotateInWorldSpaceTurnsTheWorldOrientation() {
        child.rotate(TURN, Space.WORLD);
        // World orientation = parent's world rotation * orientation must become TURN * (the old one).
        Quaternionf pr = parentWorldRotation();
        Quaternionf expected = new Quaternionf(pr).conjugate().mul(TURN).mul(pr).mul(CHILD_Q);
        assertRotation(expected, child.getOrientation(new Quaternionf()), "orientation");
        assertRotation(new Quaternionf(TURN).mul(pr).mul(CHILD_Q),
                new Quaternionf(pr).mul(child.getOrientation(new Quaternionf())), "world orientation");
    }

    @Test
    void rotateInWorldSpaceUnderAUniformlyScaledParentRotatesTheWorldMatrix() {
        SceneNode uniformParent = root.createChild("uniform").setPosition(2f, -1f, 0f)
                .setOrientation(new Quaternionf().rotateX(-0.6f).rotateY(1.3f)).setScale(2.5f, 2.5f, 2.5f);
        SceneNode node = uniformParent.createChild("node").setPosition(1f, 2f, 3f).setOrientation(CHILD_Q)
                .setScale(CHILD_SCALE);
        scene.updateAllTransforms();
        Matrix4f before = node.getWorldMatrix(new Matrix4f());
        node.rotate(TURN, Space.WORLD);
        scene.updateAllTransforms();
        Matrix4f expected = new Matrix4f().translation(before.getTranslation(new Vector3f())).rotate(TURN)
                .mul(new Matrix4f(before).setTranslation(0f, 0f, 0f));
        assertMatrix(expected, node.getWorldMatrix(new Matrix4f()), "world matrix turned about the node's origin");
    }

    @Test
    void rotateInWorldSpaceOfANodeNotInheritingOrientationTurnsItsWorldMatrix() {
        // Such a node's world rotation is its own orientation: a world-axis turn must premultiply it alone.
        child.setInheritOrientation(false);
        scene.updateAllTransforms();
        Matrix4f before = child.getWorldMatrix(new Matrix4f());
        child.rotate(TURN, Space.WORLD);
        scene.updateAllTransforms();
        assertRotation(new Quaternionf(TURN).mul(CHILD_Q), child.getOrientation(new Quaternionf()), "orientation");
        Matrix4f expected = new Matrix4f().translation(before.getTranslation(new Vector3f())).rotate(TURN)
                .mul(new Matrix4f(before).setTranslation(0f, 0f, 0f));
        assertMatrix(expected, child.getWorldMatrix(new Matrix4f()), "world matrix turned about the node's origin");
    }

    @ParameterizedTest
    @EnumSource(Space.class)
    void yawPitchRollRotateAboutTheAxesOfTheSpace(Space space) {
        float angle = 0.8f;
        checkAxisTurn(space, n -> n.yaw(angle, space), new Quaternionf().rotationY(angle), "yaw");
        checkAxisTurn(space, n -> n.pitch(angle, space), new Quaternionf().rotationX(angle), "pitch");
        checkAxisTurn(space, n -> n.roll(angle, space), new Quaternionf().rotationZ(angle), "roll");
    }

    private void checkAxisTurn(Space space, Consumer<SceneNode> turn, Quaternionf axisTurn, String what) {
        child.setOrientation(CHILD_Q);
        turn.accept(child);
        Quaternionf pr = parentWorldRotation();
        Quaternionf expected = switch (space) {
            case LOCAL -> new Quaternionf(CHILD_Q).mul(axisTurn);
            case PARENT -> new Quaternionf(axisTurn).mul(CHILD_Q);
            case WORLD -> new Quaternionf(pr).conjugate().mul(axisTurn).mul(pr).mul(CHILD_Q);
        };
        assertRotation(expected, child.getOrientation(new Quaternionf()), what + " in " + space);
    }

    // ---- lookAt ----

    @Test
    void lookAtInParentSpacePointsMinusZAtTheTargetKeepingParentYUp() {
        Vector3f target = new Vector3f(4f, 5f, -6f);
        child.lookAt(target, Space.PARENT);
        Quaternionf q = child.getOrientation(new Quaternionf());
        Vector3f expectedDirection = new Vector3f(target).sub(CHILD_POSITION).normalize();
        assertVector(expectedDirection, q.transform(new Vector3f(0f, 0f, -1f)), "-Z in parent space");
        assertEquals(0f, q.transform(new Vector3f(1f, 0f, 0f)).y, EPS, "+X stays horizontal");
        assertTrue(q.transform(new Vector3f(0f, 1f, 0f)).y > 0f, "+Y stays up");
        assertVector(CHILD_POSITION, child.getPosition(new Vector3f()), "lookAt must not move the node");
    }

    @Test
    void lookAtInWorldSpacePointsTheWorldMinusZAxisAtTheTarget() {
        Vector3f target = new Vector3f(10f, -3f, 7f);
        child.lookAt(target, Space.WORLD);
        scene.updateAllTransforms();
        assertLooksAt(child, target);
    }

    @Test
    void lookAtInLocalSpaceAimsAtTheWorldImageOfTheLocalPoint() {
        Vector3f localTarget = new Vector3f(1f, 2f, -3f);
        Vector3f targetWorld = childWorld().transformPosition(new Vector3f(localTarget));
        Vector3f inParent = CHILD_Q.transform(new Vector3f(localTarget).mul(CHILD_SCALE));
        child.lookAt(localTarget, Space.LOCAL);
        assertVector(inParent.normalize(), child.getOrientation(new Quaternionf()).transform(new Vector3f(0, 0, -1)),
                "-Z in parent space");
        scene.updateAllTransforms();
        assertLooksAt(child, targetWorld);
    }

    @Test
    void lookAtStraightUpStaysFinite() {
        child.lookAt(new Vector3f(CHILD_POSITION).add(0f, 10f, 0f), Space.PARENT);
        Quaternionf q = child.getOrientation(new Quaternionf());
        assertTrue(q.isFinite(), q.toString());
        assertVector(new Vector3f(0f, 1f, 0f), q.transform(new Vector3f(0f, 0f, -1f)), "-Z straight up");
    }

    @Test
    void lookAtInWorldSpaceOfANodeNotInheritingOrientation() {
        // Its world rotation is its own orientation, so the aim must be found in world, not parent, directions.
        child.setInheritOrientation(false);
        scene.updateAllTransforms();
        Vector3f target = new Vector3f(10f, -3f, 7f);
        child.lookAt(target, Space.WORLD);
        scene.updateAllTransforms();
        assertLooksAt(child, target);
    }

    @Test
    void lookAtTheOwnPositionIsRejectedAndChangesNothing() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> child.lookAt(CHILD_POSITION, Space.PARENT));
        assertTrue(e.getMessage().contains("child"), e.getMessage());
        assertRotation(CHILD_Q, child.getOrientation(new Quaternionf()), "orientation after the rejected call");
    }

    private static void assertLooksAt(SceneNode node, Vector3fc worldTarget) {
        Matrix4f world = node.getWorldMatrix(new Matrix4f());
        Vector3f minusZ = world.transformDirection(new Vector3f(0f, 0f, -1f)).normalize();
        Vector3f toTarget = new Vector3f(worldTarget).sub(world.getTranslation(new Vector3f())).normalize();
        assertVector(toTarget, minusZ, node + " world -Z towards " + worldTarget);
    }

    // ---- item world bounds ----

    @ParameterizedTest
    @ValueSource(ints = {0, 1, 2, 3})
    void itemWorldBoundsAreTheTightBoxOfTheTransformedCorners(int turn) {
        // Several turns, so the world matrix has entries of both signs in every row.
        Quaternionf orientation = new Quaternionf(CHILD_Q).rotateXYZ(turn * 1.3f, -turn * 0.9f, turn * 2.1f);
        child.setOrientation(orientation);
        scene.updateAllTransforms();
        Aabb local = new Aabb(1f, -2f, 0.5f, 0.5f, 2f, 1f);
        Item item = scene.createItem("box", 7, 3, local);
        child.attachObject(item);
        scene.updateAllBounds();

        Matrix4f m = parentWorld().translate(CHILD_POSITION).rotate(orientation).scale(CHILD_SCALE);
        Vector3f min = new Vector3f(Float.POSITIVE_INFINITY);
        Vector3f max = new Vector3f(Float.NEGATIVE_INFINITY);
        for (int corner = 0; corner < 8; corner++) {
            Vector3f p = new Vector3f(
                    local.centerX() + ((corner & 1) == 0 ? -local.halfX() : local.halfX()),
                    local.centerY() + ((corner & 2) == 0 ? -local.halfY() : local.halfY()),
                    local.centerZ() + ((corner & 4) == 0 ? -local.halfZ() : local.halfZ()));
            m.transformPosition(p);
            min.min(p);
            max.max(p);
        }
        Vector3f center = storedWorldCenter(item, new Vector3f());
        Vector3f half = storedWorldHalfExtents(item, new Vector3f());
        assertVector(new Vector3f(min).add(max).mul(0.5f), center, "center", 1e-4f);
        assertVector(new Vector3f(max).sub(min).mul(0.5f), half, "half extents", 1e-4f);
        assertVector(m.transformPosition(new Vector3f(1f, -2f, 0.5f)), center, "center = M * c", 1e-4f);
        assertEquals(local, item.localAabb(), "the local box is kept as given");
    }

    @Test
    void infiniteBoundsStayInfiniteCenterdOnTheNode() {
        Item sky = scene.createItem("sky", 1, 1, Aabb.INFINITE);
        child.attachObject(sky);
        scene.updateAllBounds();
        Vector3f half = storedWorldHalfExtents(sky, new Vector3f());
        assertEquals(new Vector3f(Float.POSITIVE_INFINITY), half);
        assertVector(childWorld().getTranslation(new Vector3f()), storedWorldCenter(sky, new Vector3f()), "center");
    }

    @Test
    void aDetachedItemKeepsItsLastBounds() {
        Item item = scene.createItem("box", 7, 3, new Aabb(0f, 1f, 0f, 1f, 1f, 1f));
        Item other = scene.createItem("other", 7, 3, new Aabb(0f, 0f, 0f, 1f, 2f, 3f));
        child.attachObject(item);
        child.attachObject(other);
        scene.updateAllBounds();
        Vector3f center = storedWorldCenter(item, new Vector3f());
        Vector3f half = storedWorldHalfExtents(item, new Vector3f());

        item.detachFromParent();
        child.setPosition(40f, 50f, 60f).setScale(3f, 3f, 3f);
        scene.updateAllTransforms();
        scene.updateAllBounds();
        assertEquals(center, storedWorldCenter(item, new Vector3f()), "detached item's center");
        assertEquals(half, storedWorldHalfExtents(item, new Vector3f()), "detached item's half extents");
        assertVector(child.getWorldPosition(new Vector3f()), storedWorldCenter(other, new Vector3f()),
                "the still attached item follows its node", 1e-4f);

        // Destroying the node keeping its items detaches them, and they keep their bounds too.
        Vector3f otherCenter = storedWorldCenter(other, new Vector3f());
        scene.destroySceneNode(child, DestroyMode.SUBTREE_KEEP_OBJECTS);
        scene.updateAllTransforms();
        scene.updateAllBounds();
        assertFalse(other.isAttached());
        assertEquals(otherCenter, storedWorldCenter(other, new Vector3f()));
    }

    @Test
    void boundsFollowItemsMovedBySwapAndPop() {
        SceneNode a = root.createChild("a").setPosition(10f, 0f, 0f);
        SceneNode b = root.createChild("b").setPosition(0f, 20f, 0f);
        Item first = scene.createItem("first", 1, 1, new Aabb(0f, 0f, 0f, 1f, 1f, 1f));
        Item second = scene.createItem("second", 2, 2, new Aabb(0f, 0f, 0f, 2f, 2f, 2f));
        Item third = scene.createItem("third", 3, 3, new Aabb(0f, 0f, 0f, 3f, 3f, 3f));
        a.attachObject(first);
        b.attachObject(second);
        child.attachObject(third);
        // Destroying the first item moves the last into its place, with its node link and local bounds.
        scene.destroyItem(first);
        scene.updateAllTransforms();
        scene.updateAllBounds();
        Matrix4f rootWorld = new Matrix4f().translate(ROOT_POSITION).rotate(ROOT_Q);
        assertVector(rootWorld.transformPosition(new Vector3f(0f, 20f, 0f)), storedWorldCenter(second, new Vector3f()),
                "second item center", 1e-4f);
        assertVector(childWorld().getTranslation(new Vector3f()), storedWorldCenter(third, new Vector3f()),
                "third item center", 1e-4f);
        assertEquals(3, third.meshId());
        assertEquals(new Aabb(0f, 0f, 0f, 3f, 3f, 3f), third.localAabb());

        third.detachFromParent();
        a.attachObject(third);
        scene.updateAllBounds();
        assertVector(rootWorld.transformPosition(new Vector3f(10f, 0f, 0f)), storedWorldCenter(third, new Vector3f()),
                "third item after moving to another node", 1e-4f);
        Matrix3f rootRotation = new Matrix3f().set(ROOT_Q);
        Vector3f expectedHalf = new Vector3f(
                3f * (Math.abs(rootRotation.m00) + Math.abs(rootRotation.m10) + Math.abs(rootRotation.m20)),
                3f * (Math.abs(rootRotation.m01) + Math.abs(rootRotation.m11) + Math.abs(rootRotation.m21)),
                3f * (Math.abs(rootRotation.m02) + Math.abs(rootRotation.m12) + Math.abs(rootRotation.m22)));
        assertVector(expectedHalf, storedWorldHalfExtents(third, new Vector3f()), "half extents under the root's turn",
                1e-4f);
    }

    // ---- camera ----

    @Test
    void perspectiveProjectionMatchesJoml() {
        Camera camera = scene.createCamera("eye").setViewport(800, 600).setPerspective(1.1f, 0.5f, 250f);
        assertSame(Camera.Projection.PERSPECTIVE, camera.projection());
        Matrix4f dest = new Matrix4f();
        assertSame(dest, camera.getProjection(dest));
        assertMatrix(new Matrix4f().setPerspective(1.1f, 800f / 600f, 0.5f, 250f), dest, "perspective");
        // The near plane's top edge maps to NDC y = 1, z = -1 (OpenGL depth range).
        float top = 0.5f * (float) Math.tan(1.1f / 2);
        Vector3f ndc = dest.transformProject(new Vector3f(0f, top, -0.5f));
        assertVector(new Vector3f(0f, 1f, -1f), ndc, "near top edge in NDC", 1e-4f);
    }

    @Test
    void orthographicProjectionMatchesJoml() {
        Camera camera = scene.createCamera("map").setViewport(1600, 900).setOrthographic(10f, 0f, 100f);
        assertSame(Camera.Projection.ORTHOGRAPHIC, camera.projection());
        Matrix4f projection = camera.getProjection(new Matrix4f());
        float halfWidth = 5f * 1600f / 900f;
        assertMatrix(new Matrix4f().setOrtho(-halfWidth, halfWidth, -5f, 5f, 0f, 100f), projection, "orthographic");
        Vector3f corner = projection.transformProject(new Vector3f(halfWidth, 5f, -100f));
        assertVector(new Vector3f(1f, 1f, 1f), corner, "far top right corner in NDC", 1e-4f);
    }

    @Test
    void viewIsTheInverseOfTheCameraNodesWorldPositionAndOrientation() {
        Camera camera = scene.createCamera("eye").setViewport(640, 480);
        Matrix4f view = new Matrix4f();
        assertSame(view, camera.getView(view));
        assertMatrix(new Matrix4f(), view, "an unattached camera sits at the origin");

        child.attachObject(camera);
        camera.getView(view);
        // the node's axes each made unit length: the camera takes no scale from the chain
        Matrix4f eye = childWorld().normalize3x3();
        Matrix4f expected = new Matrix4f(eye).invert();
        assertMatrix(expected, view, "view");
        assertMatrix(new Matrix4f(), new Matrix4f(view).mul(eye), "view * eye");

        Matrix4f viewProjection = camera.getViewProjection(new Matrix4f(), new Matrix4f());
        assertMatrix(camera.getProjection(new Matrix4f()).mul(expected), viewProjection, "view projection");

        // The view follows the node at once, like every world-space read.
        child.setPosition(100f, 0f, 0f);
        Matrix4f moved = parentWorld().translate(100f, 0f, 0f).rotate(CHILD_Q).scale(CHILD_SCALE).normalize3x3()
                .invert();
        assertMatrix(moved, camera.getView(new Matrix4f()), "view before the update");
        scene.updateAllTransforms();
        assertMatrix(moved, camera.getView(new Matrix4f()), "view after the update");
    }

    @Test
    void degeneratePerspectiveSettingsAreRejectedAndKeepThePreviousOnes() {
        Camera camera = scene.createCamera("eye").setViewport(800, 600).setPerspective(1.1f, 0.5f, 250f);
        Matrix4f before = camera.getProjection(new Matrix4f());

        assertRejected(camera, before, () -> camera.setPerspective(1f, 10f, 10f), "10.0");
        assertRejected(camera, before, () -> camera.setPerspective(1f, 10f, 5f), "10.0", "5.0");
        assertRejected(camera, before, () -> camera.setPerspective(1f, 0f, 100f), "0.0");
        assertRejected(camera, before, () -> camera.setPerspective(1f, -1f, 100f), "-1.0");
        assertRejected(camera, before, () -> camera.setPerspective(0f, 0.1f, 100f), "0.0");
        assertRejected(camera, before, () -> camera.setPerspective(-0.5f, 0.1f, 100f), "-0.5");
        assertRejected(camera, before, () -> camera.setPerspective((float) Math.PI, 0.1f, 100f),
                Float.toString((float) Math.PI));
        assertRejected(camera, before, () -> camera.setPerspective(4f, 0.1f, 100f), "4.0");
        assertRejected(camera, before, () -> camera.setPerspective(Float.NaN, 0.1f, 100f), "NaN");
        assertRejected(camera, before, () -> camera.setPerspective(1f, 0.1f, Float.POSITIVE_INFINITY), "Infinity");
        assertEquals(1.1f, camera.fovY());
        assertEquals(0.5f, camera.near());
        assertEquals(250f, camera.far());
        assertSame(Camera.Projection.PERSPECTIVE, camera.projection());
    }

    @Test
    void degenerateOrthographicSettingsAreRejectedAndKeepThePreviousOnes() {
        Camera camera = scene.createCamera("map").setViewport(800, 600).setOrthographic(10f, 0f, 100f);
        Matrix4f before = camera.getProjection(new Matrix4f());

        assertRejected(camera, before, () -> camera.setOrthographic(0f, 0f, 100f), "0.0");
        assertRejected(camera, before, () -> camera.setOrthographic(-2f, 0f, 100f), "-2.0");
        assertRejected(camera, before, () -> camera.setOrthographic(5f, -1f, 100f), "-1.0");
        assertRejected(camera, before, () -> camera.setOrthographic(5f, 50f, 50f), "50.0");
        assertRejected(camera, before, () -> camera.setOrthographic(5f, 60f, 50f), "60.0", "50.0");
        // A rejected perspective call must not switch the projection kind either.
        assertRejected(camera, before, () -> camera.setPerspective(1f, 0f, 100f), "0.0");
        assertSame(Camera.Projection.ORTHOGRAPHIC, camera.projection());
        assertEquals(10f, camera.orthographicHeight());
        assertEquals(0f, camera.near());
        assertEquals(100f, camera.far());
    }

    @Test
    void degenerateViewportsAreRejectedAndKeepThePreviousOne() {
        Camera camera = scene.createCamera("eye").setViewport(800, 600);
        Matrix4f before = camera.getProjection(new Matrix4f());

        assertRejected(camera, before, () -> camera.setViewport(0, 720), "0x720");
        assertRejected(camera, before, () -> camera.setViewport(1280, 0), "1280x0");
        assertRejected(camera, before, () -> camera.setViewport(-4, 5), "-4");
        assertEquals(800, camera.viewportWidth());
        assertEquals(600, camera.viewportHeight());
        assertEquals(800f / 600f, camera.aspectRatio(), 0f);
    }

    private static void assertRejected(Camera camera, Matrix4f projectionBefore, Runnable call,
                                       String... namedValues) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, call::run);
        for (String value : namedValues) {
            assertTrue(e.getMessage().contains(value), "message should name " + value + ": " + e.getMessage());
        }
        assertTrue(e.getMessage().contains("eye") || e.getMessage().contains("map"),
                "message should name the camera: " + e.getMessage());
        Matrix4f after = camera.getProjection(new Matrix4f());
        assertNotSame(projectionBefore, after);
        assertMatrix(projectionBefore, after, "projection after a rejected call");
    }

    // ---- assertions ----

    private static void assertMatrix(Matrix4f expected, Matrix4f actual, String what) {
        for (int column = 0; column < 4; column++) {
            for (int row = 0; row < 4; row++) {
                float e = expected.get(column, row);
                float a = actual.get(column, row);
                if (!(Math.abs(e - a) <= EPS * Math.max(1f, Math.max(Math.abs(e), Math.abs(a))))) {
                    fail(what + ": element [" + column + "][" + row + "] is " + a + ", expected " + e + "\nexpected "
                            + expected + "\nactual " + actual);
                }
            }
        }
    }

    private static void assertVector(Vector3fc expected, Vector3fc actual, String what) {
        assertVector(expected, actual, what, EPS);
    }

    private static void assertVector(Vector3fc expected, Vector3fc actual, String what, float tolerance) {
        for (int i = 0; i < 3; i++) {
            float e = expected.get(i);
            float a = actual.get(i);
            if (!(Math.abs(e - a) <= tolerance * Math.max(1f, Math.abs(e)))) {
                fail(what + ": expected " + expected + " but was " + actual);
            }
        }
    }

    private static void assertQuaternion(Quaternionfc expected, Quaternionfc actual, String what) {
        if (!(Math.abs(expected.x() - actual.x()) <= EPS && Math.abs(expected.y() - actual.y()) <= EPS
                && Math.abs(expected.z() - actual.z()) <= EPS && Math.abs(expected.w() - actual.w()) <= EPS)) {
            fail(what + ": expected " + expected + " but was " + actual);
        }
    }

    /** Same rotation: q and -q are the same one, so rotation matrices are compared. */
    private static void assertRotation(Quaternionfc expected, Quaternionfc actual, String what) {
        assertEquals(1f, actual.lengthSquared(), 1e-5f, what + " is not a unit quaternion: " + actual);
        Matrix3f e = new Matrix3f().set(expected);
        Matrix3f a = new Matrix3f().set(actual);
        if (!e.equals(a, EPS)) {
            fail(what + ": expected rotation " + expected + " but was " + actual + "\nexpected " + e + "\nactual "
                    + a);
        }
    }
}
