package io.flatscene.core.scene;

import static org.junit.jupiter.api.Assertions.*;

import io.flatscene.core.config.SceneConfig;
import org.joml.Matrix4f;
import org.joml.Quaternionf;
import org.joml.Vector3f;
import org.junit.jupiter.api.Test;

class SceneSmokeTest {
    @Test
    void hierarchyComposesWorldMatrices() {
        SceneManager scene = new SceneManager(SceneConfig.builder().maxNodes(4).validation(true).build());
        SceneNode a = scene.getRootNode().createChild("a").setPosition(1, 0, 0);
        SceneNode b = a.createChild("b").setPosition(0, 2, 0).setOrientation(new Quaternionf().rotateY(0.5f));
        SceneNode c = b.createChild("c").setPosition(0, 0, 3).setScale(2, 1, 1);
        SceneNode d = scene.getRootNode().createChild("d");
        SceneNode e = d.createChild("e");
        scene.updateAllTransforms();
        Matrix4f expected = new Matrix4f().translate(1, 0, 0).translate(0, 2, 0).rotateY(0.5f).translate(0, 0, 3)
                .scale(2, 1, 1);
        Matrix4f actual = c.getWorldMatrix(new Matrix4f());
        assertTrue(expected.equals(actual, 1e-5f), actual + " vs " + expected);
        a.reparent(e);
        scene.validate();
        scene.updateAllTransforms();
        assertEquals(3, a.depth());
        assertEquals(5, c.depth());
        scene.destroySceneNode(b);
        assertFalse(c.isAlive());
        scene.validate();
        SceneNode look = scene.getRootNode().createChild().lookAt(new Vector3f(0, 0, 10), Space.PARENT);
        scene.updateAllTransforms();
        Vector3f minusZ = look.getWorldMatrix(new Matrix4f()).transformDirection(new Vector3f(0, 0, -1));
        assertEquals(1f, minusZ.z, 1e-5f, minusZ.toString());
    }
}
