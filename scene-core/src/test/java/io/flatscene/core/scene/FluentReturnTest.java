package io.flatscene.core.scene;

import io.flatscene.core.config.SceneConfig;
import org.joml.Matrix4f;
import org.joml.Quaternionf;
import org.joml.Vector3f;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The setters documented as returning their receiver for chaining, and the reads documented as returning the
 * caller's {@code dest}, return exactly that object on every path through them (with and without a parent, a
 * change made or none needed): a chain that breaks on one path only would throw far from its cause.
 */
class FluentReturnTest {
    private static final Aabb BOX = new Aabb(0f, 0f, -5f, 1f, 1f, 1f);

    private static SceneManager newScene() {
        return new SceneManager(SceneConfig.builder().maxNodes(32).maxItems(4).build());
    }

    @Test
    void nodeStructureSettersReturnTheNode() {
        try (SceneManager scene = newScene()) {
            SceneNode root = scene.rootNode();
            SceneNode a = root.createChild("a");
            SceneNode b = a.createChild("b");
            Item item = scene.createItem("item", 1, 1, BOX);
            assertSame(a, a.removeChild(b));
            assertSame(b, b.detachFromParent(), "no parent: nothing to do");
            a.addChild(b);
            assertSame(b, b.detachFromParent());
            assertSame(root, root.detachFromParent(), "the root has no parent, so nothing happens");
            a.attachObject(item);
            assertSame(a, a.detachObject(item));
        }
    }

    @Test
    void relativeOperationsReturnTheNode() {
        try (SceneManager scene = newScene()) {
            SceneNode node = scene.rootNode().createChild("node");
            assertSame(node, node.translate(1f, 2f, 3f, Space.LOCAL));
            assertSame(node, node.rotate(new Quaternionf().rotateX(0.3f), Space.PARENT));
            assertSame(node, node.yaw(0.1f, Space.LOCAL));
            assertSame(node, node.pitch(0.1f, Space.PARENT));
            assertSame(node, node.roll(0.1f, Space.WORLD));
        }
    }

    @Test
    void worldSettersReturnTheNodeWithAndWithoutAnInheritingParent() {
        try (SceneManager scene = newScene()) {
            SceneNode parent = scene.rootNode().createChild("parent").setScale(2f, 2f, 2f)
                    .setOrientation(new Quaternionf().rotateY(0.5f));
            SceneNode child = parent.createChild("child");
            SceneNode loner = scene.createSceneNode("loner");
            for (SceneNode node : new SceneNode[] {child, loner}) {
                assertSame(node, node.setWorldScale(1f, 2f, 3f));
                assertSame(node, node.setWorldScale(new Vector3f(3f, 2f, 1f)));
                assertSame(node, node.setWorldOrientation(0f, 0f, 0f, 1f));
            }
            child.setInheritScale(false).setInheritOrientation(false);
            assertSame(child, child.setWorldScale(1f, 1f, 1f));
            assertSame(child, child.setWorldOrientation(0f, 1f, 0f, 1f));
        }
    }

    @Test
    void objectSettersReturnTheObject() {
        try (SceneManager scene = newScene()) {
            Item item = scene.createItem("item", 1, 1, BOX);
            assertSame(item, item.setMaterialId(7));
            assertEquals(7, item.materialId());
            assertSame(item, item.setLocalAabb(Aabb.INFINITE));
            Camera camera = scene.createCamera("eye");
            assertSame(camera, camera.setVisibilityMask(0x0F));
            assertEquals(0x0F, camera.visibilityMask());
            camera.setAspectRatio(2f);
            assertSame(camera, camera.clearAspectRatio());
        }
    }

    @Test
    void everyObjectsUserDataTagAndDetachReturnTheObjectAsItsOwnType() {
        try (SceneManager scene = newScene()) {
            SceneNode node = scene.rootNode().createChild("holder");
            Item item = scene.createItem("item", 1, 1, BOX);
            Light light = scene.createLight("lamp", Light.Type.POINT);
            Camera camera = scene.createCamera("eye");
            Object entity = new Object();
            // each chain compiles only if the setter returns the object's own type
            Item chainedItem = item.setUserData(entity).setTag(7L).setTint(1f, 0f, 0f, 1f);
            Light chainedLight = light.setUserData(entity).setTag(8L).setRange(5f);
            Camera chainedCamera = camera.setUserData(entity).setTag(9L).setVisibilityMask(1);
            assertSame(item, chainedItem);
            assertSame(light, chainedLight);
            assertSame(camera, chainedCamera);
            assertEquals(7L, item.tag());
            assertSame(entity, light.userData());
            for (MovableObject object : new MovableObject[] {item, light, camera}) {
                assertSame(object, object.detachFromParent(), "not attached: nothing to do");
                node.attachObject(object);
                assertSame(object, object.detachFromParent());
                assertFalse(object.isAttached());
                assertSame(object, object.setUserData(null));
                assertSame(object, object.setTag(0L));
            }
            assertSame(item, item.detachFromParent().setMesh(2));
            assertSame(light, light.detachFromParent().setColor(1f, 1f, 1f));
            assertSame(camera, camera.detachFromParent().setViewport(8, 8));
            scene.validate();
        }
    }

    @Test
    void theQueueAndTheObjectsNameTheirScene() {
        try (SceneManager scene = newScene()) {
            RenderQueue queue = new RenderQueue();
            assertNull(queue.scene(), "never culled");
            Camera camera = scene.createCamera("eye");
            scene.update();
            assertSame(queue, scene.cull(camera, queue));
            assertSame(scene, queue.scene());
            assertSame(scene, camera.scene());
            assertSame(scene, scene.createItem("item", 1, 1, BOX).scene());
            assertNotNull(scene.transformKernel(), "the kernel the transform pass runs");
        }
    }

    @Test
    void queueReadsFillAndReturnTheCallersObjects() {
        try (SceneManager scene = newScene()) {
            Camera camera = scene.createCamera("eye");
            scene.rootNode().createChild("eye").setPosition(1f, 2f, 3f).attachObject(camera);
            scene.updateFrame(camera);
            RenderQueue queue = scene.renderQueue();
            Matrix4f projection = new Matrix4f();
            assertSame(projection, queue.getProjection(projection));
            assertTrue(projection.equals(camera.getProjection(new Matrix4f()), 0f), projection.toString());
            Vector3f position = new Vector3f();
            assertSame(position, queue.getCameraPosition(position));
            assertEquals(new Vector3f(1f, 2f, 3f), position);
        }
    }
}
