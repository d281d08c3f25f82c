package io.flatscene.core.scene;

import io.flatscene.core.config.SceneConfig;
import io.flatscene.core.scene.frame.FramePipeline;
import io.flatscene.core.testing.LogLines;
import java.util.List;
import org.apache.logging.log4j.Level;
import org.joml.Matrix4f;
import org.joml.Matrix4x3f;
import org.joml.Quaternionf;
import org.joml.Vector3f;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Finite scales that multiply down a chain past the float range: {@code chain} (1e20) holds {@code end} (1e20), whose
 * axes overflow to infinity while its origin stays at the world origin, and {@code end} holds {@code far end}, whose
 * origin is infinity times 0, NaN. The frame culls what they carry and says so once a scene; the world reads refuse
 * what overflowed, naming the node; the world-space operations through such a parent refuse, naming the parent, and
 * change nothing.
 */
class WorldOverflowTest {
    private static final String OVERFLOWED = "overflowed the float range";

    private SceneManager scene;
    private SceneNode chain;
    private SceneNode end;
    private SceneNode farEnd;

    @BeforeEach
    void overflowTheChain() {
        scene = new SceneManager(SceneConfig.builder().maxNodes(16).maxItems(4).workerThreads(1).build());
        chain = scene.rootNode().createChild("chain").setScale(1e20f, 1e20f, 1e20f);
        end = chain.createChild("end").setScale(1e20f, 1e20f, 1e20f);
        farEnd = end.createChild("far end");
    }

    @AfterEach
    void close() {
        scene.close();
    }

    @Test
    void theCullWarnsOnceAScene() {
        List<String> logged = LogLines.capture(FramePipeline.class.getName(), Level.WARN, () -> {
            for (int s = 0; s < 2; s++) {
                try (SceneManager other = new SceneManager(SceneConfig.builder().maxNodes(8).maxItems(2).build())) {
                    SceneNode top = other.rootNode().createChild("top");
                    top.createChild("under").setScale(1e20f, 1e20f, 1e20f)
                            .attachObject(other.createItem("lost", 1, 1, new Aabb(0f, 0f, 0f, 1f, 1f, 1f)));
                    // overflowed, sane, overflowed again: still one line for the scene
                    for (float scale : new float[] {1e20f, 1f, 1e20f, 1e20f}) {
                        top.setScale(scale, scale, scale);
                        other.update();
                    }
                }
            }
            try (SceneManager sane = new SceneManager(SceneConfig.builder().maxNodes(8).maxItems(2).build())) {
                sane.rootNode().createChild("big").setScale(1e20f, 1e20f, 1e20f)
                        .attachObject(sane.createItem("big", 1, 1, new Aabb(0f, 0f, 0f, 1f, 1f, 1f)));
                sane.update();
            }
        });
        assertEquals(2, logged.size(), () -> "one line for each overflowing scene, none for the sane one: " + logged);
        for (String line : logged) {
            assertTrue(line.startsWith("some items' world bounds left the float range"), line);
        }
    }

    @Test
    void worldReadsRefuseWhatOverflowedNamingTheNode() {
        readRefused(() -> end.getWorldMatrix(new Matrix4x3f()), end, "matrix");
        readRefused(() -> end.getWorldMatrix(new Matrix4f()), end, "matrix");
        readRefused(() -> end.getWorldOrientation(new Quaternionf()), end, "orientation");
        readRefused(() -> end.getWorldScale(new Vector3f()), end, "scale");
        // its axes overflowed, not its origin
        assertEquals(new Vector3f(), end.getWorldPosition(new Vector3f()));
        readRefused(() -> farEnd.getWorldPosition(new Vector3f()), farEnd, "position");
        // the pass stores what the reads compose: the same refusals after it
        scene.update();
        readRefused(() -> farEnd.getWorldPosition(new Vector3f()), farEnd, "position");
        readRefused(() -> end.getWorldScale(new Vector3f()), end, "scale");
        assertEquals(new Vector3f(1e20f, 1e20f, 1e20f), chain.getWorldScale(new Vector3f()), "the sane part reads");
    }

    @Test
    void aCameraUnderAnOverflowedChainHasNoView() {
        Camera camera = scene.createCamera("camera");
        farEnd.attachObject(camera);
        readRefused(() -> camera.getView(new Matrix4f()), farEnd, "matrix");
    }

    /** An axis of finite components may still be longer than the largest float. */
    @Test
    void aWorldScaleLongerThanTheLargestFloatIsRefused() {
        SceneNode tilted = scene.rootNode().createChild("tilted").setScale(3e38f, 1f, 1f)
                .setOrientation(new Quaternionf().rotateZ((float) Math.PI / 4));
        SceneNode sheared = tilted.createChild("sheared").setScale(2f, 1f, 1f)
                .setOrientation(new Quaternionf().rotateZ((float) -Math.PI / 4));
        assertTrue(sheared.getWorldMatrix(new Matrix4x3f()).isFinite());
        readRefused(() -> sheared.getWorldScale(new Vector3f()), sheared, "scale");
    }

    @Test
    void worldSpaceOperationsThroughAnOverflowedParentNameIt() {
        String[] fragments = {farEnd.toString(), "the world transform of its parent " + end, OVERFLOWED};
        changeRefused(farEnd, () -> farEnd.translate(1f, 0f, 0f, Space.WORLD), fragments);
        changeRefused(farEnd, () -> farEnd.rotate(new Quaternionf().rotateY(1f), Space.WORLD), fragments);
        changeRefused(farEnd, () -> farEnd.yaw(1f, Space.WORLD), fragments);
        changeRefused(farEnd, () -> farEnd.lookAt(new Vector3f(1f, 2f, 3f), Space.WORLD), fragments);
        changeRefused(farEnd, () -> farEnd.setWorldPosition(1f, 2f, 3f), fragments);
        changeRefused(farEnd, () -> farEnd.setWorldOrientation(new Quaternionf().rotateX(1f)), fragments);
        changeRefused(farEnd, () -> farEnd.setWorldScale(1f, 1f, 1f), fragments);
        // in its parent's own space the node still moves
        farEnd.translate(1f, 0f, 0f, Space.PARENT);
        assertEquals(new Vector3f(1f, 0f, 0f), farEnd.getPosition(new Vector3f()));
    }

    @Test
    void lookingFromAWorldPositionThatOverflowedIsRefused() {
        farEnd.setInheritOrientation(false);
        changeRefused(farEnd, () -> farEnd.lookAt(new Vector3f(1f, 2f, 3f), Space.WORLD), farEnd.toString(),
                "its world position " + OVERFLOWED);
    }

    @Test
    void aTranslationUnderAZeroScaleBlamesTheScaleAndQuotesNoNaN() {
        SceneNode flat = scene.rootNode().createChild("flat").setScale(0f, 1f, 1f);
        SceneNode under = flat.createChild("under");
        IllegalArgumentException e = changeRefused(under, () -> under.translate(1f, 0f, 0f, Space.WORLD),
                under.toString(), "translate by (1.0, 0.0, 0.0) in WORLD space", "cannot be inverted", "zero scale");
        assertFalse(e.getMessage().contains("NaN"), e.getMessage());
        assertFalse(e.getMessage().contains(OVERFLOWED), e.getMessage());
    }

    /**
     * A parent scaled by 1e13 is finite all the way down, but the determinant of its world matrix (1e39) is not a
     * float: inverted in float, the matrix came out zero, and a world translation moved nothing.
     */
    @Test
    void aHugeButFiniteParentStillTranslatesInWorldSpace() {
        SceneNode huge = scene.rootNode().createChild("huge").setScale(1e13f, 1e13f, 1e13f)
                .setOrientation(new Quaternionf().rotateY(0.5f));
        SceneNode child = huge.createChild("child").setPosition(1f, 0f, 0f);
        Vector3f before = child.getWorldPosition(new Vector3f());
        child.translate(0f, 5e13f, 0f, Space.WORLD);
        Vector3f moved = child.getWorldPosition(new Vector3f()).sub(before);
        assertEquals(0f, moved.x, 1e8f, () -> "moved " + moved);
        assertEquals(5e13f, moved.y, 1e8f, () -> "moved " + moved);
        assertEquals(0f, moved.z, 1e8f, () -> "moved " + moved);
        child.lookAt(new Vector3f(before.x, before.y - 1e14f, before.z), Space.WORLD);
        Vector3f forward = child.getWorldOrientation(new Quaternionf()).transform(new Vector3f(0f, 0f, -1f));
        assertEquals(-1f, forward.y, 1e-5f, () -> "looks along " + forward);
    }

    private static void readRefused(Executable read, SceneNode node, String what) {
        IllegalStateException e = assertThrows(IllegalStateException.class, read);
        assertEquals(node + ": cannot read its world " + what + ": its world transform " + OVERFLOWED
                + " (the scales down the chain multiply past " + Float.MAX_VALUE + "); lower a scale on the node or "
                + "an ancestor", e.getMessage());
    }

    private IllegalArgumentException changeRefused(SceneNode node, Executable call, String... fragments) {
        String before = local(node);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, call);
        for (String fragment : fragments) {
            assertTrue(e.getMessage().contains(fragment), () -> "'" + e.getMessage() + "' lacks '" + fragment + "'");
        }
        assertEquals(before, local(node), "the refused call changed the node");
        scene.validate();
        return e;
    }

    private static String local(SceneNode node) {
        return node.getPosition(new Vector3f()) + " " + node.getOrientation(new Quaternionf()) + " "
                + node.getScale(new Vector3f());
    }
}
