package io.flatscene.core.scene.frame;

import io.flatscene.core.config.SceneConfig;
import io.flatscene.core.config.TransformKernel;
import io.flatscene.core.scene.SceneManager;
import io.flatscene.core.scene.SceneNode;
import io.flatscene.core.testing.AllocationMeter;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.Set;
import org.joml.Matrix4d;
import org.joml.Matrix4x3f;
import org.joml.Quaterniond;
import org.joml.Quaternionf;
import org.joml.Vector3d;
import org.joml.Vector3f;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.ValueSource;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * World reads right after a change, without a frame: they match a reference composed in double from the local
 * transforms, at every depth (the deep bands included), they are the very bits the next pass stores, they leave the
 * pass exactly as it would have been without them, and they allocate nothing.
 */
class FreshWorldReadTest {
    /** Past {@code TransformStore.DEEP} (32), so the chain spans the banded depths and the deep bands. */
    private static final int DEPTH = 45;
    private static final int[] CHANGED_DEPTHS = {1, 12, 31, 32, 40};
    private static final int[] READ_DEPTHS = {0, 1, 5, 12, 20, 31, 32, 33, 36, 40, 44};

    /** A chain of {@link #DEPTH} nodes under the root, each a few siblings beside it, with its local values kept. */
    private static final class Chain {
        final SceneManager scene;
        final SceneNode[] nodes = new SceneNode[DEPTH];
        final List<SceneNode> all = new ArrayList<>();
        final Vector3d[] position = new Vector3d[DEPTH];
        final Quaterniond[] orientation = new Quaterniond[DEPTH];
        final Vector3d[] scale = new Vector3d[DEPTH];

        Chain(TransformKernel kernel, long seed) {
            scene = new SceneManager(SceneConfig.builder().maxNodes(4 * DEPTH + 16).workerThreads(1)
                    .transformKernel(kernel).build());
            Random random = new Random(seed);
            SceneNode parent = scene.rootNode();
            for (int i = 0; i < DEPTH; i++) {
                SceneNode node = parent.createChild("level " + (i + 1));
                nodes[i] = node;
                all.add(node);
                set(i, random);
                // siblings, some of them off the plain chain, so the blocks the pass computes are mixed
                for (int s = 0; s < 2; s++) {
                    all.add(parent.createChild().setPosition(random.nextFloat(), 1f, 0f)
                            .setInheritScale(s == 0).setScale(1f, 2f, 0.5f));
                }
                parent = node;
            }
        }

        /** Gives level {@code i} a random local transform, scales near 1 (uniform at most levels): 45 stay finite. */
        void set(int i, Random random) {
            position[i] = new Vector3d(random.nextDouble() * 2 - 1, random.nextDouble() * 2 - 1,
                    random.nextDouble() * 2 - 1);
            orientation[i] = new Quaterniond().rotateXYZ(random.nextDouble() * 3, random.nextDouble() * 3,
                    random.nextDouble() * 3);
            double s = 0.9 + random.nextDouble() * 0.2;
            scale[i] = i % 7 == 3 ? new Vector3d(s, 1.05, 0.95) : new Vector3d(s, s, s);
            nodes[i].setPosition((float) position[i].x, (float) position[i].y, (float) position[i].z)
                    .setOrientation(new Quaternionf((float) orientation[i].x, (float) orientation[i].y,
                            (float) orientation[i].z, (float) orientation[i].w))
                    .setScale((float) scale[i].x, (float) scale[i].y, (float) scale[i].z);
            // the reference starts from what the node stores, so it measures the composition alone
            Vector3f p = nodes[i].getPosition(new Vector3f());
            Quaternionf q = nodes[i].getOrientation(new Quaternionf());
            Vector3f sc = nodes[i].getScale(new Vector3f());
            position[i].set(p.x, p.y, p.z);
            orientation[i].set(q.x, q.y, q.z, q.w);
            scale[i].set(sc.x, sc.y, sc.z);
        }

        Matrix4d reference(int i) {
            Matrix4d m = new Matrix4d();
            for (int level = 0; level <= i; level++) {
                m.translate(position[level]).rotate(orientation[level]).scale(scale[level]);
            }
            return m;
        }
    }

    @ParameterizedTest
    @EnumSource(value = TransformKernel.class, names = {"SCALAR", "AUTO"})
    void readsRightAfterASetMatchADoubleReferenceAndTheNextPass(TransformKernel kernel) {
        for (long seed = 1; seed <= 5; seed++) {
            Chain chain = new Chain(kernel, seed);
            try (SceneManager scene = chain.scene) {
                scene.update();
                Random random = new Random(seed * 31);
                for (int changed : CHANGED_DEPTHS) {
                    chain.set(changed, random);
                    Matrix4x3f[] fresh = new Matrix4x3f[DEPTH];
                    for (int read : READ_DEPTHS) {
                        fresh[read] = chain.nodes[read].getWorldMatrix(new Matrix4x3f());
                        assertClose(chain.reference(read), fresh[read], "seed " + seed + ", level " + (changed + 1)
                                + " changed, level " + (read + 1) + " read before any update");
                    }
                    scene.update();
                    for (int read : READ_DEPTHS) {
                        assertBits(chain.nodes[read].getWorldMatrix(new Matrix4x3f()), fresh[read], "seed " + seed
                                + ", level " + (read + 1) + ": the fresh read is what the pass then stored");
                    }
                }
            }
        }
    }

    /**
     * Two scenes built and changed alike; one reads world matrices (and uses world setters' reads) between the
     * changes, the other never does. After each frame every node's world matrix, and the count of nodes the pass
     * recomputed, are the same to the bit.
     */
    @ParameterizedTest
    @EnumSource(value = TransformKernel.class, names = {"SCALAR", "AUTO"})
    void thePassAfterReadsIsBitIdenticalToOneThatNeverRead(TransformKernel kernel) {
        Chain reader = new Chain(kernel, 7);
        Chain quiet = new Chain(kernel, 7);
        try (SceneManager a = reader.scene; SceneManager b = quiet.scene) {
            a.update();
            b.update();
            Random readerRandom = new Random(99);
            Random quietRandom = new Random(99);
            Matrix4x3f scratch = new Matrix4x3f();
            for (int frame = 0; frame < 20; frame++) {
                for (int change = 0; change < 3; change++) {
                    int level = readerRandom.nextInt(DEPTH);
                    reader.set(level, readerRandom);
                    quiet.set(quietRandom.nextInt(DEPTH), quietRandom);
                    for (int i = 0; i < reader.all.size(); i += 1 + frame % 3) {
                        reader.all.get(i).getWorldMatrix(scratch);
                    }
                }
                int aUpdated = a.update().nodesUpdated();
                int bUpdated = b.update().nodesUpdated();
                assertEquals(bUpdated, aUpdated, "frame " + frame + ": nodes recomputed");
                assertEquals(b.changedSlots().count(), a.changedSlots().count(), "frame " + frame + ": changed slots");
                for (int i = 0; i < reader.all.size(); i++) {
                    assertBits(quiet.all.get(i).getWorldMatrix(new Matrix4x3f()),
                            reader.all.get(i).getWorldMatrix(new Matrix4x3f()), "frame " + frame + ", node " + i);
                }
            }
        }
    }

    /**
     * Every kind of node read right after a change to itself or to a node above it: the scene's root and a detached
     * root (depth 0, no parent to start from), children inheriting orientation, scale, both or neither, and plain
     * grandchildren under each. The read gives the bits the next pass stores.
     */
    @Test
    void freshReadsOfRootsAndOfPartialInheritanceAreTheNextPassBits() {
        try (SceneManager scene = new SceneManager(SceneConfig.builder().maxNodes(64).build())) {
            List<SceneNode> nodes = new ArrayList<>();
            nodes.add(scene.rootNode());
            SceneNode detached = scene.createSceneNode("detached");
            nodes.add(detached);
            Random random = new Random(5);
            for (SceneNode top : new SceneNode[] {scene.rootNode(), detached}) {
                for (int kind = 0; kind < 4; kind++) {
                    SceneNode child = top.createChild("kind " + kind).setInheritOrientation(kind % 2 == 0)
                            .setInheritScale(kind < 2);
                    nodes.add(child);
                    nodes.add(child.createChild("under kind " + kind));
                }
            }
            for (SceneNode node : nodes) {
                move(node, random);
            }
            scene.update();
            Matrix4x3f read = new Matrix4x3f();
            for (int changed = 0; changed < nodes.size(); changed++) {
                move(nodes.get(changed), random);
                for (int i = 0; i < nodes.size(); i++) {
                    nodes.get(i).getWorldMatrix(read);
                    Matrix4x3f fresh = new Matrix4x3f(read);
                    scene.update();
                    assertBits(nodes.get(i).getWorldMatrix(read), fresh, nodes.get(i) + " after moving "
                            + nodes.get(changed));
                    move(nodes.get(changed), random);
                }
                scene.update();
            }
        }
    }

    private static void move(SceneNode node, Random random) {
        node.setPosition(random.nextFloat() * 4 - 2, random.nextFloat() * 4 - 2, random.nextFloat() * 4 - 2)
                .setOrientation(new Quaternionf().rotateXYZ(random.nextFloat(), random.nextFloat() * 2,
                        random.nextFloat() * 3))
                .setScale(0.5f + random.nextFloat(), 0.5f + random.nextFloat(), 0.5f + random.nextFloat());
    }

    @ParameterizedTest
    @ValueSource(ints = {3, 40})
    void aWorldReadAllocatesNothing(int level) {
        Set<Thread> before = AllocationMeter.liveThreads();
        Chain chain = new Chain(TransformKernel.AUTO, 3);
        try (SceneManager scene = chain.scene) {
            scene.update();
            SceneNode node = chain.nodes[level];
            SceneNode top = chain.nodes[1];
            Matrix4x3f matrix = new Matrix4x3f();
            Vector3f vector = new Vector3f();
            Quaternionf quaternion = new Quaternionf();
            AllocationMeter meter = AllocationMeter.callerAnd("flatscene-worker", before);
            meter.assertSomeWindowClean("world reads", 4, () -> {
                for (int i = 0; i < 20_000; i++) {
                    top.setPosition(i % 5, 0f, 0f);
                    node.getWorldMatrix(matrix);
                    node.getWorldPosition(vector);
                    node.getWorldScale(vector);
                    node.getWorldOrientation(quaternion);
                    node.setWorldPosition(1f, 2f, 3f);
                }
            });
        }
    }

    private static void assertClose(Matrix4d expected, Matrix4x3f actual, String what) {
        double[] e = {expected.m00(), expected.m01(), expected.m02(), expected.m10(), expected.m11(), expected.m12(),
            expected.m20(), expected.m21(), expected.m22(), expected.m30(), expected.m31(), expected.m32()};
        float[] a = {actual.m00(), actual.m01(), actual.m02(), actual.m10(), actual.m11(), actual.m12(),
            actual.m20(), actual.m21(), actual.m22(), actual.m30(), actual.m31(), actual.m32()};
        double size = 0;
        for (double v : e) {
            size = Math.max(size, Math.abs(v));
        }
        for (int i = 0; i < e.length; i++) {
            // float rounding accumulates over 45 products: a relative error of a few 1e-6 per level at most
            if (!(Math.abs(e[i] - a[i]) <= 1e-4 * Math.max(1.0, size))) {
                fail(what + ": element " + i + " is " + a[i] + ", the double reference " + e[i]);
            }
        }
    }

    static void assertBits(Matrix4x3f expected, Matrix4x3f actual, String what) {
        float[] e = expected.get(new float[12]);
        float[] a = actual.get(new float[12]);
        for (int i = 0; i < 12; i++) {
            assertTrue(Float.floatToRawIntBits(e[i]) == Float.floatToRawIntBits(a[i]),
                    what + ": element " + i + " is " + a[i] + ", expected " + e[i]);
        }
    }
}
