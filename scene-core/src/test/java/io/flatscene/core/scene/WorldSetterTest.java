package io.flatscene.core.scene;

import io.flatscene.core.config.SceneConfig;
import java.util.List;
import java.util.Random;
import org.joml.Matrix4x3f;
import org.joml.Quaternionf;
import org.joml.Vector3f;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * World-space setters and the world orientation and scale getters: set in world space, read the world back (before
 * and after a frame), under rotated, translated and scaled parents, with inheritance off, and refused through a
 * parent whose world matrix has no inverse.
 */
class WorldSetterTest {
    private static final float EPS = 2e-5f;

    private SceneManager scene;
    private SceneNode parent;
    private SceneNode child;

    @BeforeEach
    void build() {
        scene = new SceneManager(SceneConfig.builder().maxNodes(64).validation(true).build());
        SceneNode top = scene.rootNode().createChild("top").setPosition(3f, -1f, 2f)
                .setOrientation(new Quaternionf().rotateXYZ(0.3f, -1.2f, 0.7f)).setScale(2f, 2f, 2f);
        parent = top.createChild("parent").setPosition(-0.5f, 4f, 1f)
                .setOrientation(new Quaternionf().rotateXYZ(1.1f, 0.2f, -0.4f)).setScale(0.5f, 0.5f, 0.5f);
        child = parent.createChild("child").setPosition(1f, 1f, 1f)
                .setOrientation(new Quaternionf().rotateY(0.5f)).setScale(1f, 3f, 1f);
        scene.update();
    }

    @AfterEach
    void close() {
        scene.close();
    }

    @Test
    void worldPositionRoundTripsBeforeAndAfterAFrame() {
        Random random = new Random(5);
        for (int i = 0; i < 50; i++) {
            Vector3f target = new Vector3f(random.nextFloat() * 20 - 10, random.nextFloat() * 20 - 10,
                    random.nextFloat() * 20 - 10);
            // a parent moved since the last frame: the setter goes through its current world matrix
            parent.setPosition(random.nextFloat(), random.nextFloat(), random.nextFloat());
            if (i % 2 == 0) {
                parent.setScale(0.5f, 2f, 1.5f);
            }
            assertSame(child, child.setWorldPosition(target));
            assertVector(target, child.getWorldPosition(new Vector3f()), "world position before the frame");
            scene.update();
            assertVector(target, child.getWorldPosition(new Vector3f()), "world position after the frame");
        }
    }

    @Test
    void worldPositionIgnoresTheInheritFlags() {
        child.setInheritOrientation(false).setInheritScale(false);
        child.setWorldPosition(7f, 8f, 9f);
        assertVector(new Vector3f(7f, 8f, 9f), child.getWorldPosition(new Vector3f()), "world position");
    }

    @Test
    void worldOrientationRoundTripsUnderUniformlyScaledParents() {
        Random random = new Random(11);
        for (int i = 0; i < 50; i++) {
            Quaternionf target = new Quaternionf().rotateXYZ(random.nextFloat() * 6, random.nextFloat() * 6,
                    random.nextFloat() * 6);
            parent.setOrientation(new Quaternionf().rotateZ(random.nextFloat() * 6));
            child.setWorldOrientation(target);
            assertRotation(target, child.getWorldOrientation(new Quaternionf()), "world orientation");
            scene.update();
            assertRotation(target, child.getWorldOrientation(new Quaternionf()), "after the frame");
        }
    }

    @Test
    void worldOrientationRoundTripsUnderAMirroringParent() {
        parent.setScale(-0.5f, 0.5f, 0.5f);
        child.setScale(1f, 1f, 1f);
        Quaternionf target = new Quaternionf().rotateXYZ(0.4f, 1.3f, -2f);
        child.setWorldOrientation(target);
        assertRotation(target, child.getWorldOrientation(new Quaternionf()), "world orientation");
        assertTrue(child.getWorldScale(new Vector3f()).x < 0f, "the mirror reads as a negative x scale");
    }

    @Test
    void withoutInheritedOrientationTheWorldOrientationIsTheLocalOne() {
        child.setInheritOrientation(false);
        Quaternionf target = new Quaternionf().rotateXYZ(0.4f, 1.3f, -2f);
        child.setWorldOrientation(target);
        assertRotation(target, child.getOrientation(new Quaternionf()), "local orientation");
        assertRotation(target, child.getWorldOrientation(new Quaternionf()), "world orientation");
    }

    @Test
    void worldScaleRoundTripsUnderUniformParentsAndWithoutInheritance() {
        // a mirror reads back as a negative x scale, so the round trip keeps its sign there
        Vector3f target = new Vector3f(-0.25f, 4f, 3f);
        child.setWorldScale(target);
        assertVector(target, child.getWorldScale(new Vector3f()), "world scale");
        assertVector(new Vector3f(-0.25f, 4f, 3f), child.getScale(new Vector3f()), "local: the parents' 2 * 0.5");
        child.setWorldScale(1f, -2f, 1f);
        assertVector(new Vector3f(-1f, 2f, 1f), child.getWorldScale(new Vector3f()), "a mirror on y reads on x");

        parent.setScale(3f, 3f, 3f);
        child.setWorldScale(target);
        assertVector(target, child.getWorldScale(new Vector3f()), "world scale under a 6x parent");
        scene.update();
        assertVector(target, child.getWorldScale(new Vector3f()), "after the frame");

        child.setInheritScale(false);
        child.setWorldScale(1f, 2f, 3f);
        assertVector(new Vector3f(1f, 2f, 3f), child.getScale(new Vector3f()), "local, inheriting no scale");
        assertVector(new Vector3f(1f, 2f, 3f), child.getWorldScale(new Vector3f()), "world, inheriting no scale");
    }

    @Test
    void worldScaleOfANodeWithoutParentIsItsScale() {
        SceneNode loose = scene.createSceneNode("loose").setOrientation(new Quaternionf().rotateX(1f));
        loose.setWorldScale(2f, 3f, 4f);
        assertVector(new Vector3f(2f, 3f, 4f), loose.getWorldScale(new Vector3f()), "world scale");
        loose.setWorldPosition(1f, 2f, 3f).setWorldOrientation(new Quaternionf().rotateY(0.5f));
        assertVector(new Vector3f(1f, 2f, 3f), loose.getPosition(new Vector3f()), "position");
        assertRotation(new Quaternionf().rotateY(0.5f), loose.getWorldOrientation(new Quaternionf()), "orientation");
    }

    @Test
    void aSingularParentRefusesEveryWorldSetterAndLeavesTheNode() {
        parent.setScale(0f, 1f, 1f);
        Vector3f position = child.getPosition(new Vector3f());
        Quaternionf orientation = child.getOrientation(new Quaternionf());
        Vector3f scale = child.getScale(new Vector3f());
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> child.setWorldPosition(1f, 2f, 3f));
        assertTrue(e.getMessage().startsWith(child.describe() + ": cannot set its world position to (1.0, 2.0, 3.0)"),
                e.getMessage());
        assertTrue(e.getMessage().contains("cannot be inverted"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> child.setWorldOrientation(new Quaternionf()));
        assertTrue(e.getMessage().contains("'child': cannot set its world orientation"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> child.setWorldScale(1f, 1f, 1f));
        assertTrue(e.getMessage().contains("'child': cannot set its world scale"), e.getMessage());
        IllegalStateException none = assertThrows(IllegalStateException.class,
                () -> child.getWorldOrientation(new Quaternionf()));
        assertTrue(none.getMessage().contains("has no world orientation"), none.getMessage());
        assertEquals(position, child.getPosition(new Vector3f()));
        assertEquals(orientation, child.getOrientation(new Quaternionf()));
        assertEquals(scale, child.getScale(new Vector3f()));
        scene.validate();
    }

    @Test
    void badValuesAreRefusedNamingTheNode() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> child.setWorldPosition(Float.NaN, 0f, 0f));
        assertTrue(e.getMessage().contains("'child': world position (NaN, 0.0, 0.0) must be finite"),
                e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> child.setWorldOrientation(0f, 0f, 0f, 0f));
        assertTrue(e.getMessage().contains("'child': orientation (0.0, 0.0, 0.0, 0.0) has length 0"),
                e.getMessage());
        e = assertThrows(IllegalArgumentException.class,
                () -> child.setWorldScale(1f, Float.POSITIVE_INFINITY, 1f));
        assertTrue(e.getMessage().contains("'child': world scale"), e.getMessage());
    }

    /**
     * A world read on a thread that does not own the scene is refused, naming the node and both threads, whether or
     * not the owner runs a frame; the owner reads during its own pass.
     */
    @Test
    void aWorldReadIsRefusedOnAThreadThatDoesNotOwnTheScene() throws InterruptedException {
        String owner = Thread.currentThread().getName();
        List<Throwable> idle = OtherThread.run("reader", () -> child.getWorldPosition(new Vector3f()),
                () -> child.getWorldMatrix(new Matrix4x3f()));
        Vector3f world = child.getWorldPosition(new Vector3f());
        scene.guard().beginPass("test", null);
        try {
            List<Throwable> busy = OtherThread.run("reader", () -> child.getWorldPosition(new Vector3f()));
            for (Throwable e : List.of(idle.get(0), idle.get(1), busy.get(0))) {
                assertTrue(e instanceof IllegalStateException, String.valueOf(e));
                assertEquals("cannot read the world transform of " + child.describe() + ": "
                        + OtherThread.notOwner(owner, "reader"), e.getMessage());
            }
            assertEquals(world, child.getWorldPosition(new Vector3f()), "the owner reads during its own pass");
        } finally {
            scene.guard().endPass();
        }
    }

    private static void assertVector(Vector3f expected, Vector3f actual, String what) {
        float tolerance = EPS * Math.max(1f, expected.length());
        assertTrue(expected.distance(actual) <= tolerance, what + ": expected " + expected + " but was " + actual);
    }

    /** Equal as rotations: q and -q are the same one. */
    private static void assertRotation(Quaternionf expected, Quaternionf actual, String what) {
        float dot = Math.abs(new Quaternionf(expected).normalize().dot(new Quaternionf(actual).normalize()));
        assertTrue(1f - dot <= 1e-5f, what + ": expected " + expected + " but was " + actual);
    }
}
