package io.flatscene.core.scene;

import io.flatscene.core.config.SceneConfig;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.function.Consumer;
import java.util.function.Function;
import org.joml.Matrix4f;
import org.joml.Matrix4fc;
import org.joml.Matrix4x3f;
import org.joml.Quaternionf;
import org.joml.Quaternionfc;
import org.joml.Vector3f;
import org.joml.Vector3fc;
import org.joml.Vector4f;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Every public method of every public scene type, found by reflection so that a method added later is covered too,
 * called on a closed scene and on destroyed objects: each must refuse with an {@link IllegalStateException} that
 * says why, never answer from storage that no longer belongs to anything. Only identity (name, handle, owner,
 * liveness, channel, text) still answers. The arguments are valid ones, so that the refusal tested is the closed
 * scene or the dead object, not an argument check that happens to come first.
 */
class MisuseTest {
    /** Methods that tell what an object is rather than read its state: they still answer. */
    private static final Set<String> IDENTITY = Set.of("handle", "name", "scene", "isAlive", "toString", "channel",
            "config", "transformKernel", "close");

    private final SceneManager scene = new SceneManager(SceneConfig.builder().maxNodes(32).build());
    private final SceneNode node = scene.rootNode().createChild("node");
    private final SceneNode other = scene.rootNode().createChild("other");
    private final Item item = scene.createItem("item", 1, 1, new Aabb(0f, 0f, 0f, 1f, 1f, 1f));
    private final Light light = scene.createLight("light", Light.Type.POINT);
    private final Camera camera = scene.createCamera("camera");
    private final NodeList list = scene.createNodeList(0).add(other);
    private final NodeGroup group = scene.createNodeGroup(new SceneNode[] {node}, 1);

    @Test
    void everyMethodOfAClosedSceneAndItsObjectsIsRefused() {
        node.attachObject(item);
        other.attachObject(camera);
        scene.updateFrame(camera);
        scene.close();
        List<String> answered = new ArrayList<>();
        int refused = 0;
        for (Object target : List.of(scene, node, other, item, light, camera, list, group)) {
            refused += callEverything(target, answered, message -> message.contains("closed"));
        }
        assertEquals(List.of(), answered, "on a closed scene, these answered or threw something else");
        assertTrue(refused > 100, refused + " calls refused");
        scene.close();
    }

    @Test
    void everyMethodOfADestroyedObjectIsRefused() {
        SceneNode doomed = scene.rootNode().createChild("doomed");
        scene.destroySceneNode(doomed);
        scene.destroyItem(item);
        scene.destroyLight(light);
        scene.destroyCamera(camera);
        List<String> answered = new ArrayList<>();
        int refused = 0;
        for (Object target : List.of(doomed, item, light, camera)) {
            refused += callEverything(target, answered, message -> message.contains("was destroyed"));
        }
        assertEquals(List.of(), answered, "for a destroyed object, these answered or threw something else");
        assertTrue(refused > 60, refused + " calls refused");
        scene.validate();
        scene.close();
    }

    private int callEverything(Object target, List<String> answered, Function<String, Boolean> explains) {
        int refused = 0;
        for (Method method : target.getClass().getMethods()) {
            if (Modifier.isStatic(method.getModifiers()) || method.getDeclaringClass() == Object.class
                    || IDENTITY.contains(method.getName())) {
                continue;
            }
            String call = target.getClass().getSimpleName() + "." + method.getName()
                    + List.of(method.getParameterTypes()).stream().map(Class::getSimpleName).toList();
            try {
                method.invoke(target, argumentsFor(method));
                answered.add(call);
            } catch (InvocationTargetException e) {
                Throwable thrown = e.getCause();
                if (!(thrown instanceof IllegalStateException) || !explains.apply(thrown.getMessage())) {
                    answered.add(call + " threw " + thrown);
                } else {
                    refused++;
                }
            } catch (IllegalAccessException e) {
                answered.add(call + " is public but cannot be called");
            }
        }
        return refused;
    }

    private Object[] argumentsFor(Method method) {
        Class<?>[] types = method.getParameterTypes();
        Object[] arguments = new Object[types.length];
        for (int i = 0; i < types.length; i++) {
            arguments[i] = argumentOf(types[i], method);
        }
        return arguments;
    }

    private Object argumentOf(Class<?> type, Method method) {
        if (type == int.class) {
            return 0;
        }
        if (type == long.class) {
            return node.handle();
        }
        if (type == float.class) {
            return 1f;
        }
        if (type == boolean.class) {
            return Boolean.TRUE;
        }
        if (type == String.class) {
            return "name";
        }
        if (type == Vector3f.class || type == Vector3fc.class) {
            return new Vector3f(0f, 0f, -1f);
        }
        if (type == Quaternionf.class || type == Quaternionfc.class) {
            return new Quaternionf();
        }
        if (type == Matrix4f.class || type == Matrix4fc.class) {
            return new Matrix4f();
        }
        if (type == Matrix4x3f.class) {
            return new Matrix4x3f();
        }
        if (type == Vector4f.class) {
            return new Vector4f();
        }
        if (type == Aabb.class) {
            return new Aabb(0f, 0f, 0f, 1f, 1f, 1f);
        }
        if (type == SceneNode.class) {
            return other;
        }
        if (type == SceneNode[].class) {
            return new SceneNode[] {other};
        }
        if (type == float[].class) {
            return new float[] {0f, 0f, 0f, 1f};
        }
        if (type == MovableObject.class || type == Item.class) {
            return item;
        }
        if (type == Light.class) {
            return light;
        }
        if (type == Camera.class) {
            return camera;
        }
        if (type == Light.Type.class) {
            return Light.Type.SPOT;
        }
        if (type == Space.class) {
            return Space.PARENT;
        }
        if (type == DestroyMode.class) {
            return DestroyMode.SUBTREE;
        }
        if (type == RenderQueue.class) {
            return new RenderQueue();
        }
        if (type == Object.class) {
            return "user data";
        }
        if (type == Consumer.class) {
            return (Consumer<Object>) ignored -> { };
        }
        if (type == QueryResult.class) {
            return new QueryResult();
        }
        if (type == RayBatch.class) {
            RayBatch batch = new RayBatch();
            batch.add(new Vector3f(), new Vector3f(0f, 0f, -1f), 10f, -1);
            return batch;
        }
        throw new AssertionError("no argument of type " + type.getName() + " for " + method
                + ": add one here, so that the new method is checked too");
    }
}
