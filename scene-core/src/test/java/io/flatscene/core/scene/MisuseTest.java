package io.flatscene.core.scene;

import io.flatscene.core.config.SceneConfig;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;
import java.util.function.Predicate;
import java.util.stream.Stream;
import org.joml.Matrix4f;
import org.joml.Matrix4fc;
import org.joml.Matrix4x3f;
import org.joml.Quaternionf;
import org.joml.Quaternionfc;
import org.joml.Vector3f;
import org.joml.Vector3fc;
import org.joml.Vector4f;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Every public method of every public scene type, found by reflection so that a method added later is covered too,
 * called on a closed scene, on destroyed objects, and from a thread other than the one that owns the scene (the owner
 * idle, in a frame, or in a structural change): each must refuse with an exception that says why, never answer from
 * storage that no longer belongs to anything or that the owner may be rewriting. Only identity (name, handle, owner,
 * liveness, the scene's settings and query facade, channel, text) still answers; so do the caller's own objects a
 * call filled (render queue, query result, ray batch, frame statistics), as {@link SceneManager}'s class comment
 * says. The arguments are valid ones, so that the refusal tested is the closed scene, the dead object or the thread,
 * not an argument check that happens to come first.
 */
class MisuseTest {
    /** Methods that tell what an object is rather than read its state: they still answer. */
    private static final Set<String> IDENTITY = Set.of("handle", "name", "scene", "isAlive", "toString", "channel",
            "config", "transformKernel", "queries", "close");
    /**
     * Arguments for the methods whose values are checked before the scene's state is: the generic ones below would
     * break those methods' own rules and be refused as bad values.
     */
    private static final Map<String, Object[]> VALID_ARGUMENTS = Map.of(
            "setPerspective", new Object[] {1f, 0.5f, 100f},
            "setOrthographic", new Object[] {10f, 0f, 100f},
            "setViewport", new Object[] {640, 480});

    private final SceneManager scene = new SceneManager(SceneConfig.builder().maxNodes(32).build());
    private final SceneNode node = scene.rootNode().createChild("node");
    private final SceneNode other = scene.rootNode().createChild("other");
    private final Item item = scene.createItem("item", 1, 1, new Aabb(0f, 0f, 0f, 1f, 1f, 1f));
    private final Light light = scene.createLight("light", Light.Type.POINT);
    private final Camera camera = scene.createCamera("camera");
    private final NodeList list = scene.createNodeList(0).add(other);
    private final NodeGroup group = scene.createNodeGroup(new SceneNode[] {node}, 1);
    private final ChangedSlots changedSlots = scene.changedSlots();

    @TempDir
    Path files;

    @Test
    void everyMethodOfAClosedSceneAndItsObjectsIsRefused() {
        node.attachObject(item);
        other.attachObject(camera);
        scene.updateFrame(camera);
        scene.close();
        List<String> answered = new ArrayList<>();
        int refused = 0;
        for (Object target : List.of(scene, scene.queries(), node, other, item, light, camera, list, group,
                changedSlots)) {
            refused += callEverything(target, answered, thrown -> thrown instanceof IllegalStateException
                    && thrown.getMessage().contains("closed"));
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
            refused += callEverything(target, answered, thrown -> thrown instanceof IllegalStateException
                    && thrown.getMessage().contains("was destroyed"));
        }
        assertEquals(List.of(), answered, "for a destroyed object, these answered or threw something else");
        assertTrue(refused > 60, refused + " calls refused");
        scene.validate();
        scene.close();
    }

    @Test
    void everyMethodIsRefusedOnAThreadThatDoesNotOwnTheScene() throws InterruptedException {
        List<Object> owned = fillTheCallersObjects();
        callEverythingFromAnotherThread("intruder", owned);
        assertNothingWasLost();
    }

    @Test
    void everyMethodIsRefusedOnAnotherThreadWhileTheOwnerRunsAFrame() throws InterruptedException {
        List<Object> owned = fillTheCallersObjects();
        scene.guard().beginPass("hold a frame", null);
        try {
            callEverythingFromAnotherThread("intruder during a frame", owned);
        } finally {
            scene.guard().endPass();
        }
        assertNothingWasLost();
    }

    @Test
    void everyMethodIsRefusedOnAnotherThreadWhileTheOwnerChangesTheStructure() throws InterruptedException {
        List<Object> owned = fillTheCallersObjects();
        assertTrue(scene.guard().claim("a change held open"));
        // the held claim counts as a change; the refused calls made while it is held must count none
        scene.guard().takeChanged();
        try {
            callEverythingFromAnotherThread("intruder during a change", owned);
        } finally {
            scene.guard().release(true);
        }
        assertNothingWasLost();
    }

    /**
     * A frame's objects and the caller's: every object attached, a frame run, and a queue, a query result, a ray
     * batch and frame statistics filled as a game would before the next frame. The scene's last call is the frame,
     * so that a frame after the refusals finds nothing changed.
     */
    private List<Object> fillTheCallersObjects() {
        node.attachObject(item).attachObject(light);
        other.attachObject(camera);
        scene.update();
        RenderQueue queue = scene.cull(camera, new RenderQueue());
        QueryResult result = scene.queries().box(new Aabb(0f, 0f, 0f, 2f, 2f, 2f), -1, new QueryResult());
        RayBatch batch = new RayBatch();
        batch.add(new Vector3f(0f, 0f, 5f), new Vector3f(0f, 0f, -1f), 10f, -1);
        scene.queries().rays(batch);
        FrameStats stats = scene.updateFrame(camera);
        assertEquals(List.of(1, 1, 1, 1, 1), List.of(queue.instanceCount(), queue.batchCount(), queue.lightCount(),
                result.size(), batch.hitCount(0)), "each of the caller's objects holds what its reads below read");
        return List.of(queue, result, batch, stats);
    }

    /**
     * Calls every method from a thread named {@code intruder}, and reads the caller's objects there, while this
     * thread owns the scene; what the intruder found wrong is thrown here.
     */
    private void callEverythingFromAnotherThread(String intruder, List<Object> owned) throws InterruptedException {
        long structureChanges = scene.guard().structureChanges();
        String owner = Thread.currentThread().getName();
        Throwable[] failure = new Throwable[1];
        Thread thread = new Thread(() -> {
            try {
                callEverything(owner, intruder, owned);
            } catch (Throwable t) {
                failure[0] = t;
            }
        }, intruder);
        thread.start();
        thread.join();
        if (failure[0] != null) {
            throw new AssertionError(failure[0]);
        }
        assertEquals(structureChanges, scene.guard().structureChanges(), "a refused structural change counted");
        assertFalse(scene.guard().takeChanged(), "a refused call recorded a change");
    }

    private void callEverything(String owner, String intruder, List<Object> owned) {
        List<String> answered = new ArrayList<>();
        int refused = 0;
        for (Object target : List.of(scene, scene.queries(), node, other, item, light, camera, list, group,
                changedSlots)) {
            refused += callEverything(target, answered, thrown -> explainsTheOwner(thrown, owner, intruder, target));
        }
        assertEquals(List.of(), answered, "on thread '" + intruder + "', these answered or threw something else");
        assertTrue(refused > 200, refused + " calls refused");
        for (Object target : owned) {
            // clear last: the reads before it read what the fill left
            for (Method method : callable(target).stream().sorted(Comparator.comparing(
                    method -> method.getName().equals("clear"))).toList()) {
                Throwable thrown = call(target, method);
                if (thrown != null) {
                    answered.add(describe(target, method) + " threw " + thrown);
                }
            }
        }
        assertEquals(List.of(), answered, "the caller's own objects are read without the guard");
        IllegalStateException close = assertThrows(IllegalStateException.class, scene::close);
        assertTrue(explainsTheOwner(close, owner, intruder, scene), close.getMessage());
        IllegalStateException save = assertThrows(IllegalStateException.class,
                () -> SceneFiles.save(scene, files.resolve("held.scene")));
        assertTrue(explainsTheOwner(save, owner, intruder, scene), save.getMessage());
    }

    /**
     * A refusal says what was refused ("cannot ..."), naming the node or object called, and why: the thread that owns
     * the scene and the one that called, and how to hand the scene over.
     */
    private static boolean explainsTheOwner(Throwable thrown, String owner, String intruder, Object target) {
        String message = thrown.getMessage();
        return thrown instanceof IllegalStateException && message.startsWith("cannot ")
                && message.contains("the scene belongs to thread '" + owner + "', not to thread '" + intruder + "'")
                && message.contains("SceneManager.handOver")
                && (!(target instanceof SceneNode || target instanceof MovableObject)
                || message.contains(target.toString()));
    }

    /** The scene after the refusals is the scene before them: valid, whole, with every value as it was. */
    private void assertNothingWasLost() {
        scene.validate();
        assertEquals(List.of(3, 1, 1, 1, 0), List.of(scene.nodeCount(), scene.itemCount(), scene.lightCount(),
                scene.cameraCount(), scene.pendingDestructionCount()));
        SceneNode root = scene.rootNode();
        assertEquals(List.of(root, root, node, node, other), List.of(node.parent(), other.parent(),
                item.parentNode(), light.parentNode(), camera.parentNode()));
        assertEquals(List.of(1, other, node), List.of(list.size(), list.first(), group.node(0)));
        for (SceneNode moved : List.of(node, other)) {
            assertEquals(new Vector3f(), moved.getPosition(new Vector3f()), moved + " moved");
            assertEquals(new Quaternionf(), moved.getOrientation(new Quaternionf()), moved + " turned");
            assertEquals(new Vector3f(1f, 1f, 1f), moved.getScale(new Vector3f()), moved + " was scaled");
            assertEquals(List.of(false, true, 0L), List.of(moved.isStatic(), moved.isVisible(), moved.tag()));
            assertEquals(null, moved.userData(), moved + " took user data");
        }
        assertEquals(List.of(1, 1, Item.DEFAULT_TINT, Item.DEFAULT_RENDER_QUEUE_GROUP), List.of(item.meshId(),
                item.materialId(), item.tintRgba(), item.renderQueueGroup()));
        assertEquals(List.of(Light.Type.POINT, 1f, 100f), List.of(light.type(), light.red(), light.range()));
        assertEquals(List.of(Camera.Projection.PERSPECTIVE, 1280, 720, -1), List.of(camera.projection(),
                camera.viewportWidth(), camera.viewportHeight(), camera.visibilityMask()));
        scene.updateFrame(camera);
        assertTrue(scene.renderQueue().isKept(), "the frame after the refusals found something changed");
        scene.close();
    }

    private int callEverything(Object target, List<String> answered, Predicate<Throwable> explains) {
        int refused = 0;
        for (Method method : callable(target)) {
            Throwable thrown = call(target, method);
            if (thrown == null) {
                answered.add(describe(target, method));
            } else if (!explains.test(thrown)) {
                answered.add(describe(target, method) + " threw " + thrown);
            } else {
                refused++;
            }
        }
        return refused;
    }

    /** The public methods that read or change state: not static, not Object's, not identity. */
    private static List<Method> callable(Object target) {
        return Stream.of(target.getClass().getMethods()).filter(method -> !Modifier.isStatic(method.getModifiers())
                && method.getDeclaringClass() != Object.class && !IDENTITY.contains(method.getName())).toList();
    }

    /** Calls the method with valid arguments; returns what it threw, or null when it answered. */
    private Throwable call(Object target, Method method) {
        try {
            method.invoke(target, argumentsFor(method));
            return null;
        } catch (InvocationTargetException e) {
            return e.getCause();
        } catch (IllegalAccessException e) {
            throw new AssertionError(describe(target, method) + " is public but cannot be called", e);
        }
    }

    private static String describe(Object target, Method method) {
        return target.getClass().getSimpleName() + "." + method.getName()
                + List.of(method.getParameterTypes()).stream().map(Class::getSimpleName).toList();
    }

    private Object[] argumentsFor(Method method) {
        Object[] valid = VALID_ARGUMENTS.get(method.getName());
        if (valid != null) {
            return valid.clone();
        }
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
        if (type == int[].class) {
            return new int[] {0, 0, 800, 600};
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
        if (type == Thread.class) {
            return Thread.currentThread();
        }
        if (type == RayBatch.Mode.class) {
            return RayBatch.Mode.FIRST;
        }
        throw new AssertionError("no argument of type " + type.getName() + " for " + method
                + ": add one here, so that the new method is checked too");
    }
}
