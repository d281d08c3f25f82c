package io.flatscene.core.scene;

import io.flatscene.core.config.SceneConfig;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.joml.Matrix4f;
import org.joml.Matrix4x3f;
import org.joml.Quaternionf;
import org.joml.Vector3f;

/**
 * Random scenes for the visibility tests, built only from a seed and a few sizes, so that two scenes built from the
 * same arguments (with different worker counts) receive exactly the same calls in the same order.
 *
 * <p>Static nodes are made only under the root's chain and only dynamic nodes at depth >= 1 are ever detached or
 * reattached, so every edit made here is one the static rule allows (the rule itself is {@code StaticNodeTest}'s
 * business) and the scenes of two thread counts never diverge through a refusal.
 */
public final class VisibilityScenes {
    public static final int MAX_DEPTH = 5;

    private VisibilityScenes() {
    }

    /** A scene and the handles the tests drive it with, in creation order (the camera node kept apart). */
    public static final class Built implements AutoCloseable {
        public final SceneManager scene;
        public final List<SceneNode> nodes = new ArrayList<>();
        public final List<Item> items = new ArrayList<>();
        public final Camera camera;
        public final SceneNode cameraNode;

        public Built(SceneManager scene) {
            this.scene = scene;
            this.cameraNode = scene.rootNode().createChild("eye");
            this.camera = scene.createCamera("eye");
            cameraNode.attachObject(camera);
        }

        @Override
        public void close() {
            scene.close();
        }
    }

    /**
     * @param depthOneNodes how many of the nodes are made children of the root first: the way to make one band
     *                      large enough for the parallel transform pass
     */
    public static Built build(long seed, int nodeCount, int itemCount, int depthOneNodes, double staticChance,
                       int workers) {
        Random random = new Random(seed);
        SceneManager scene = new SceneManager(SceneConfig.builder().maxNodes(nodeCount + 1024)
                .maxItems(itemCount + 8192).workerThreads(workers).build());
        Built built = new Built(scene);
        SceneNode root = scene.rootNode();
        built.nodes.add(root);
        List<Integer> depths = new ArrayList<>();
        depths.add(0);
        for (int i = 0; i < nodeCount; i++) {
            SceneNode node;
            int depth;
            if (i < depthOneNodes) {
                node = root.createChild();
                depth = 1;
                if (random.nextDouble() < staticChance) {
                    node.setStatic(true);
                }
            } else if (random.nextInt(30) == 0) {
                node = scene.createSceneNode("detached");
                depth = 0;
            } else {
                int parentIndex = random.nextInt(built.nodes.size());
                for (int tries = 0; tries < 8 && depths.get(parentIndex) >= MAX_DEPTH; tries++) {
                    parentIndex = random.nextInt(built.nodes.size());
                }
                if (depths.get(parentIndex) >= MAX_DEPTH) {
                    parentIndex = 0;
                }
                SceneNode parent = built.nodes.get(parentIndex);
                node = parent.createChild();
                depth = depths.get(parentIndex) + 1;
                // Static only where the static rule holds for good: under the root or under a static node, both of
                // which hang from the root for the scene's whole life.
                if ((parent == root || parent.isStatic()) && random.nextDouble() < staticChance) {
                    node.setStatic(true);
                }
            }
            randomTransform(random, node, depth);
            built.nodes.add(node);
            depths.add(depth);
        }
        for (int i = 0; i < itemCount; i++) {
            Item item = scene.createItem(randomMesh(random), randomMaterial(random), randomLocalAabb(random));
            item.setVisibilityFlags(randomFlags(random));
            item.setQueryFlags(randomFlags(random));
            item.setTransparent(random.nextInt(5) == 0);
            item.setRenderQueueGroup(GROUPS[random.nextInt(GROUPS.length)]);
            if (random.nextInt(12) != 0) {
                built.nodes.get(random.nextInt(built.nodes.size())).attachObject(item);
            }
            built.items.add(item);
        }
        return built;
    }

    private static final int[] GROUPS = {0, 10, 50, 50, 50, 127, 128, 255};

    public static int randomMesh(Random random) {
        return random.nextInt(10) == 0 ? 65_536 + random.nextInt(3) : random.nextInt(5);
    }

    public static int randomMaterial(Random random) {
        return random.nextInt(10) == 0 ? 65_536 + random.nextInt(3) : random.nextInt(5);
    }

    public static int randomFlags(Random random) {
        return switch (random.nextInt(8)) {
            case 0 -> -1;
            case 1 -> 0;
            case 2 -> 1;
            case 3 -> 2;
            case 4 -> 4;
            case 5 -> 1 | 4;
            case 6 -> 1 << 31;
            default -> random.nextInt();
        };
    }

    public static Aabb randomLocalAabb(Random random) {
        if (random.nextInt(50) == 0) {
            return Aabb.INFINITE;
        }
        // Some flat and point boxes: zero extents are legal and must cull like any other box.
        float hx = random.nextInt(10) == 0 ? 0f : random.nextFloat() * 3f;
        float hy = random.nextInt(10) == 0 ? 0f : random.nextFloat() * 3f;
        float hz = random.nextInt(10) == 0 ? 0f : random.nextFloat() * 3f;
        return new Aabb(signed(random, 1.5f), signed(random, 1.5f), signed(random, 1.5f), hx, hy, hz);
    }

    public static float signed(Random random, float range) {
        return (random.nextFloat() * 2f - 1f) * range;
    }

    public static void randomTransform(Random random, SceneNode node, int depth) {
        float range = depth <= 1 ? 60f : 6f;
        node.setPosition(signed(random, range), signed(random, range), signed(random, range));
        if (random.nextInt(4) != 0) {
            node.setOrientation(randomRotation(random));
        }
        if (random.nextInt(3) == 0) {
            node.setScale(0.5f + random.nextFloat() * 1.5f, 0.5f + random.nextFloat() * 1.5f,
                    0.5f + random.nextFloat() * 1.5f);
        }
    }

    public static Quaternionf randomRotation(Random random) {
        Quaternionf q = new Quaternionf((float) random.nextGaussian(), (float) random.nextGaussian(),
                (float) random.nextGaussian(), (float) random.nextGaussian());
        if (q.lengthSquared() < 1e-6f) {
            q.identity();
        }
        return q.normalize();
    }

    /** Places and aims the camera (its node hangs from the root) and gives it a random projection and mask. */
    public static void aimCamera(Random random, Built built) {
        Vector3f eye = new Vector3f(signed(random, 90f), signed(random, 90f), signed(random, 90f));
        Vector3f target = new Vector3f(signed(random, 30f), signed(random, 30f), signed(random, 30f));
        if (eye.distanceSquared(target) < 1f) {
            target.add(5f, 0f, 0f);
        }
        built.cameraNode.setPosition(eye).lookAt(target, Space.PARENT);
        Camera camera = built.camera;
        camera.setViewport(1 + random.nextInt(2000), 1 + random.nextInt(2000));
        if (random.nextInt(5) < 2) {
            float near = random.nextInt(4) == 0 ? 0f : random.nextFloat() * 5f;
            camera.setOrthographic(5f + random.nextFloat() * 120f, near, near + 10f + random.nextFloat() * 300f);
        } else {
            float near = 0.05f + random.nextFloat() * 5f;
            camera.setPerspective(0.2f + random.nextFloat() * 2.6f, near, near + 10f + random.nextFloat() * 300f);
        }
        camera.setVisibilityMask(switch (random.nextInt(6)) {
            case 0, 1 -> -1;
            case 2 -> 1;
            case 3 -> 2 | 4;
            case 4 -> 1 << 31;
            default -> random.nextInt();
        });
    }

    /**
     * Between frames: moves, and (when {@code structural}) detaches, reattaches and destroys nodes and attaches and
     * detaches items. Every choice comes from {@code random} and the scene's own state, so identical scenes stay
     * identical.
     */
    public static void mutate(Random random, Built built, int moves, boolean structural) {
        List<SceneNode> nodes = built.nodes;
        for (int i = 0; i < moves && nodes.size() > 1; i++) {
            SceneNode node = nodes.get(1 + random.nextInt(nodes.size() - 1));
            switch (random.nextInt(3)) {
                case 0 -> node.setPosition(signed(random, 40f), signed(random, 40f), signed(random, 40f));
                case 1 -> node.setOrientation(randomRotation(random));
                default -> node.setScale(0.5f + random.nextFloat() * 1.5f, 0.5f + random.nextFloat(),
                        0.5f + random.nextFloat());
            }
        }
        if (!structural) {
            return;
        }
        for (int op = 0; op < 4 && nodes.size() > 1; op++) {
            SceneNode node = nodes.get(1 + random.nextInt(nodes.size() - 1));
            switch (random.nextInt(6)) {
                case 0 -> {
                    // Only dynamic nodes below the root's level leave, so their whole subtree is dynamic.
                    if (node.parent() != null && !node.isStatic()) {
                        node.detachFromParent();
                    }
                }
                case 1 -> {
                    SceneNode target = nodes.get(random.nextInt(nodes.size()));
                    if (node.parent() == null && !node.isStatic() && !isAncestorOrSelf(node, target)) {
                        node.reparent(target);
                    }
                }
                case 2 -> {
                    if (random.nextInt(3) == 0) {
                        built.scene.destroySceneNode(node, random.nextBoolean() ? DestroyMode.SUBTREE
                                : DestroyMode.SUBTREE_KEEP_OBJECTS);
                        nodes.removeIf(n -> !n.isAlive());
                        built.items.removeIf(item -> !item.isAlive());
                    }
                }
                case 3 -> {
                    if (built.items.isEmpty()) {
                        continue;
                    }
                    Item item = built.items.get(random.nextInt(built.items.size()));
                    if (item.isAttached()) {
                        item.detachFromParent();
                    } else {
                        nodes.get(random.nextInt(nodes.size())).attachObject(item);
                    }
                }
                case 4 -> {
                    if (!built.items.isEmpty()) {
                        built.items.get(random.nextInt(built.items.size())).setVisibilityFlags(randomFlags(random));
                    }
                }
                default -> node.setVisible(!node.isVisible());
            }
        }
    }

    public static boolean isAncestorOrSelf(SceneNode ancestor, SceneNode node) {
        for (SceneNode n = node; n != null; n = n.parent()) {
            if (n == ancestor) {
                return true;
            }
        }
        return false;
    }

    /** Whether the node hangs from the root with no hidden node on the way: what the cull draws items of. */
    public static boolean shownFromRoot(SceneNode node) {
        for (SceneNode n = node; n != null; n = n.parent()) {
            if (!n.isVisible()) {
                return false;
            }
        }
        return hangsFromRoot(node);
    }

    public static boolean hangsFromRoot(SceneNode node) {
        SceneNode top = node;
        while (top.parent() != null) {
            top = top.parent();
        }
        return top.isRoot();
    }

    /** The world matrix rebuilt with JOML from the local transforms of the node and its ancestors: T · R · S each. */
    public static Matrix4f chainWorld(SceneNode node) {
        Matrix4f parent = node.parent() == null ? new Matrix4f() : chainWorld(node.parent());
        return parent.translate(node.getPosition(new Vector3f())).rotate(node.getOrientation(new Quaternionf()))
                .scale(node.getScale(new Vector3f()));
    }

    public static float[] worldOf(SceneNode node) {
        return node.getWorldMatrix(new Matrix4x3f()).get(new float[12]);
    }
}
