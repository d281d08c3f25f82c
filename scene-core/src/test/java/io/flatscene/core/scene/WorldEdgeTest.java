package io.flatscene.core.scene;

import io.flatscene.core.config.SceneConfig;
import org.joml.Matrix4x3f;
import org.joml.Quaternionf;
import org.joml.Quaternionfc;
import org.joml.Vector3f;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * World reads and world-space operations at the edges of the float range, axis by axis: an overflow or a zero in one
 * component only (a check that looked at some components would pass the others on as NaN), a world matrix whose
 * determinant underflows to 0 although it neither mirrors nor flattens, and quaternions that are not unit, tiny, or
 * have zero components.
 */
class WorldEdgeTest {
    private static final Vector3f[] AXES = {new Vector3f(1f, 0f, 0f), new Vector3f(0f, 1f, 0f),
        new Vector3f(0f, 0f, 1f)};

    private final SceneManager scene = new SceneManager(SceneConfig.builder().maxNodes(64).build());

    @AfterEach
    void close() {
        scene.close();
    }

    private static Vector3f axis(int i, float along, float elsewhere) {
        return new Vector3f(elsewhere).setComponent(i, along);
    }

    private static void assertSameRotation(Quaternionfc expected, Quaternionfc actual, String what) {
        Quaternionf e = new Quaternionf(expected).normalize();
        assertTrue(Math.abs(e.dot(new Quaternionf(actual))) > 1f - 1e-6f, what + ": expected " + e + ", was "
                + actual);
    }

    private static String assertState(Executable call, String contains) {
        String message = assertThrows(IllegalStateException.class, call).getMessage();
        assertTrue(message.contains(contains), message);
        return message;
    }

    private static String assertArgument(Executable call, String contains) {
        String message = assertThrows(IllegalArgumentException.class, call).getMessage();
        assertTrue(message.contains(contains), message);
        return message;
    }

    /**
     * Items whose boxes lie at subnormal coordinates, where halving a bound rounds: their chunk's box still holds
     * every one of them, so the cull and the validation agree.
     */
    @Test
    void aChunkOfSubnormalBoxesHoldsThem() {
        try (SceneManager tiny = new SceneManager(SceneConfig.builder().maxNodes(256).maxItems(256).validation(true)
                .build())) {
            Camera camera = tiny.createCamera("eye");
            tiny.rootNode().createChild("eye").setPosition(0f, 0f, 10f).attachObject(camera);
            for (int i = 0; i < 100; i++) {
                float at = Float.MIN_VALUE * (i % 7 + 1);
                tiny.rootNode().createChild().setPosition(at, -at, at * 3)
                        .attachObject(tiny.createItem(0, 0, new Aabb(0f, 0f, 0f, Float.MIN_VALUE * (i % 3),
                                Float.MIN_VALUE, 0f)));
            }
            assertEquals(100, tiny.updateFrame(camera).itemsVisible());
            tiny.validate();
        }
    }

    @Test
    void aWorldPositionOrScaleOverflowingOnOneAxisIsRefused() {
        for (int i = 0; i < 3; i++) {
            SceneNode far = scene.rootNode().createChild("far").setPosition(axis(i, 3e38f, 1f))
                    .createChild("farther").setPosition(axis(i, 3e38f, 1f));
            assertState(() -> far.getWorldPosition(new Vector3f()), "cannot read its world position");
            SceneNode big = scene.rootNode().createChild("big").setScale(axis(i, 1e30f, 1f))
                    .createChild("bigger").setScale(axis(i, 1e30f, 1f));
            assertState(() -> big.getWorldScale(new Vector3f()), "cannot read its world scale");
        }
    }

    /**
     * Axis {@code column} of the node scaled up, turned towards world axis {@code row}, and the parent scaled up
     * along that one: the world matrix's element (column, row) alone leaves the float range.
     */
    @Test
    void aWorldOrientationWithOneOverflowedElementIsRefused() {
        for (int column = 0; column < 3; column++) {
            for (int row = 0; row < 3; row++) {
                Quaternionf turn = column == row ? new Quaternionf()
                        : new Quaternionf().rotationAxis((float) Math.PI / 4, new Vector3f(AXES[column])
                                .cross(AXES[row]));
                SceneNode node = scene.rootNode().createChild("parent").setScale(axis(row, 1e30f, 1f))
                        .createChild("node").setOrientation(turn).setScale(axis(column, 1e30f, 1f));
                Matrix4x3f world = scene.worldComposer().compose(node.liveSlot(), new Matrix4x3f());
                float[] columns = world.get(new float[12]);
                int overflowed = 0;
                for (int e = 0; e < 9; e++) {
                    overflowed += Float.isFinite(columns[e]) ? 0 : 1;
                }
                assertTrue(Float.isInfinite(columns[column * 3 + row]), world.toString());
                assertEquals(1, overflowed, "element (" + column + ", " + row + ") alone overflowed: " + world);
                assertState(() -> node.getWorldOrientation(new Quaternionf()), "cannot read its world orientation");
            }
        }
    }

    @Test
    void aZeroScaleOnAnyAxisLeavesNoWorldOrientation() {
        for (int i = 0; i < 3; i++) {
            SceneNode flat = scene.rootNode().createChild("flat")
                    .setOrientation(new Quaternionf().rotateXYZ(0.3f, -0.7f, 1.1f)).setScale(axis(i, 0f, 1f));
            assertState(() -> flat.getWorldOrientation(new Quaternionf()), "has no world orientation");
        }
    }

    @Test
    void aNonUniformScaleIsTakenOutOfTheWorldOrientation() {
        Quaternionf turn = new Quaternionf().rotateXYZ(0.3f, -0.7f, 1.1f);
        for (int i = 0; i < 3; i++) {
            SceneNode node = scene.rootNode().createChild("stretched").setOrientation(turn)
                    .setScale(axis(i, 2f, 0.5f));
            assertSameRotation(turn, node.getWorldOrientation(new Quaternionf()), "axis " + i + " stretched");
        }
    }

    /** 1e-20 cubed is below the smallest float: the determinant reads 0, yet nothing mirrors or flattens. */
    @Test
    void aDeterminantThatUnderflowsIsNoMirror() {
        Quaternionf turn = new Quaternionf().rotateXYZ(0.3f, -0.7f, 1.1f);
        SceneNode tiny = scene.rootNode().createChild("tiny").setOrientation(turn).setScale(1e-20f, 1e-20f, 1e-20f);
        assertEquals(0f, tiny.getWorldMatrix(new Matrix4x3f()).determinant(), "the premise");
        assertSameRotation(turn, tiny.getWorldOrientation(new Quaternionf()), "world orientation");
        assertEquals(new Vector3f(1e-20f), tiny.getWorldScale(new Vector3f()), "no negative x scale");
        SceneNode child = scene.rootNode().createChild("tiny parent").setScale(1e-20f, 1e-20f, 1e-20f)
                .createChild("child");
        Quaternionf target = new Quaternionf().rotateXYZ(-0.4f, 0.9f, 0.2f);
        child.setWorldOrientation(target);
        assertSameRotation(target, child.getOrientation(new Quaternionf()), "no mirror was undone");
    }

    @Test
    void aWorldPositionWhoseLocalOneOverflowsOnOneAxisIsRefused() {
        for (int i = 0; i < 3; i++) {
            SceneNode node = scene.rootNode().createChild("squashed").setScale(axis(i, 1e-30f, 1f))
                    .createChild("node");
            Vector3f world = axis(i, 1e10f, 1f);
            assertArgument(() -> node.setWorldPosition(world), "outside the float range");
            assertEquals(new Vector3f(), node.getPosition(new Vector3f()), "refused: unchanged");
        }
    }

    @Test
    void aWorldScaleThroughAZeroOrTinyParentAxisIsRefused() {
        for (int i = 0; i < 3; i++) {
            SceneNode flat = scene.rootNode().createChild("flat").setScale(axis(i, 0f, 1f)).createChild("node");
            assertArgument(() -> flat.setWorldScale(1f, 1f, 1f), "cannot be inverted");
            // powers of two, so the local factor the message names is exact: 2^30 / 2^-100
            SceneNode squashed = scene.rootNode().createChild("squashed")
                    .setScale(axis(i, Math.scalb(1f, -100), 1f)).createChild("node");
            Vector3f world = axis(i, Math.scalb(1f, 30), 1f);
            String message = assertArgument(() -> squashed.setWorldScale(world), "outside the float range");
            assertTrue(message.contains(String.valueOf(Math.scalb(1.0, 130))), message);
            assertEquals(new Vector3f(1f), squashed.getScale(new Vector3f()), "refused: unchanged");
        }
    }

    @Test
    void aRotationNeedNotBeUnitNorHaveEveryComponent() {
        Quaternionf start = new Quaternionf(0f, 0.6f, 0f, 0.8f);
        Quaternionf[] rotations = {new Quaternionf(2f, 0f, 0f, 0f), new Quaternionf(0f, 2f, 0f, 0f),
            new Quaternionf(0f, 0f, 2f, 0f), new Quaternionf(0f, 0f, 0f, 2f), new Quaternionf(1f, 2f, 3f, 4f),
            new Quaternionf(0f, 0f, 0f, 1e-44f), new Quaternionf(1e-44f, 0f, 0f, 0f)};
        for (Quaternionf rotation : rotations) {
            SceneNode node = scene.rootNode().createChild("node").setOrientation(start);
            node.rotate(rotation, Space.LOCAL);
            double length = Math.sqrt((double) rotation.x * rotation.x + (double) rotation.y * rotation.y
                    + (double) rotation.z * rotation.z + (double) rotation.w * rotation.w);
            Quaternionf unit = new Quaternionf((float) (rotation.x / length), (float) (rotation.y / length),
                    (float) (rotation.z / length), (float) (rotation.w / length));
            assertSameRotation(new Quaternionf(start).mul(unit), node.getOrientation(new Quaternionf()),
                    "rotated by " + rotation);
        }
    }

    @Test
    void aWorldOrientationNeedNotBeUnitNorHaveEveryComponent() {
        Quaternionf parentTurn = new Quaternionf().rotateXYZ(0.3f, -0.7f, 1.1f);
        SceneNode child = scene.rootNode().createChild("parent").setOrientation(parentTurn).createChild("child");
        Quaternionf[] targets = {new Quaternionf(0f, 0f, 0f, 1f), new Quaternionf(0f, 3f, 0f, 0f),
            new Quaternionf(1f, 2f, 3f, 4f)};
        for (Quaternionf target : targets) {
            child.setWorldOrientation(target.x, target.y, target.z, target.w);
            assertSameRotation(target, child.getWorldOrientation(new Quaternionf()), "world orientation " + target);
        }
    }

    @Test
    void worldSpaceTurnsOfANodeWithoutAParentOrWithoutInheritanceTurnItsOwnAxes() {
        Quaternionf start = new Quaternionf().rotateX(0.4f);
        Quaternionf turn = new Quaternionf().rotateY((float) Math.PI / 2);
        SceneNode loner = scene.createSceneNode("loner").setOrientation(start);
        SceneNode free = scene.rootNode().createChild("parent").setPosition(5f, 0f, 0f)
                .setOrientation(new Quaternionf().rotateZ(1.2f)).createChild("free").setInheritOrientation(false)
                .setPosition(1f, 1f, 0f).setOrientation(start);
        for (SceneNode node : new SceneNode[] {loner, free}) {
            node.rotate(turn, Space.WORLD);
            assertSameRotation(new Quaternionf(turn).mul(start), node.getOrientation(new Quaternionf()),
                    node + " turned in world space");
            Vector3f target = node.getWorldPosition(new Vector3f()).add(3f, -4f, 12f);
            node.lookAt(target, Space.WORLD);
            Vector3f forward = node.getWorldOrientation(new Quaternionf()).transform(new Vector3f(0f, 0f, -1f));
            assertTrue(forward.distance(new Vector3f(3f, -4f, 12f).div(13f)) < 1e-5f, node + " faces " + forward);
        }
    }
}
