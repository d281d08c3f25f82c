package io.flatscene.core.scene.frame;

import io.flatscene.core.layout.LaneBlocks;
import java.util.Random;
import org.joml.Matrix4x3f;
import org.joml.Quaternionf;
import org.joml.Vector3f;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The transform kernels against JOML alone: world = T · R · S at depth 0, parent · local down a plain chain, and the
 * split of the parent into rotation and column lengths when a node inherits only one of orientation and scale.
 */
class TransformKernelsTest {
    private static final float TOLERANCE = 1e-5f;
    private static final int PARENT = 0;
    private static final int CHILD = 1;

    private final float[] position = new float[LaneBlocks.length(2, 3)];
    private final float[] orientation = new float[LaneBlocks.length(2, 4)];
    private final float[] scale = new float[LaneBlocks.length(2, 3)];
    private final float[] world = new float[LaneBlocks.length(2, 12)];
    private final Random random = new Random(20261124);

    @Test
    void localMatrixIsTranslationRotationScale() {
        for (int trial = 0; trial < 200; trial++) {
            Local local = randomLocal(PARENT);
            TransformKernels.writeLocal(position, orientation, scale, world, PARENT);
            assertMatrix(local.matrix(), PARENT);
        }
    }

    @Test
    void plainChainIsParentTimesLocal() {
        for (int trial = 0; trial < 200; trial++) {
            Matrix4x3f parent = randomLocal(PARENT).matrix();
            TransformKernels.writeLocal(position, orientation, scale, world, PARENT);
            Local child = randomLocal(CHILD);
            TransformKernels.writeChild(position, orientation, scale, world, CHILD, PARENT, true, true);
            assertMatrix(parent.mul(child.matrix(), new Matrix4x3f()), CHILD);
        }
    }

    @Test
    void partialInheritanceTakesOnlyTheInheritedPartOfTheParent() {
        for (int trial = 0; trial < 200; trial++) {
            // a quaternion cannot hold a reflection, so JOML's rotation of a mirroring parent is no oracle here
            Matrix4x3f parent = randomLocal(PARENT, false).matrix();
            TransformKernels.writeLocal(position, orientation, scale, world, PARENT);
            Local child = randomLocal(CHILD);
            Vector3f translation = parent.transformPosition(new Vector3f(child.position));

            TransformKernels.writeChild(position, orientation, scale, world, CHILD, PARENT, false, true);
            Vector3f parentScale = parent.getScale(new Vector3f());
            assertMatrix(new Matrix4x3f().translationRotateScale(translation, child.orientation,
                    new Vector3f(child.scale).mul(parentScale)), CHILD, "scale only");

            TransformKernels.writeChild(position, orientation, scale, world, CHILD, PARENT, true, false);
            Quaternionf parentRotation = parent.getUnnormalizedRotation(new Quaternionf());
            assertMatrix(new Matrix4x3f().translationRotateScale(translation,
                    new Quaternionf(parentRotation).mul(child.orientation), child.scale), CHILD, "orientation only");

            TransformKernels.writeChild(position, orientation, scale, world, CHILD, PARENT, false, false);
            assertMatrix(new Matrix4x3f().translationRotateScale(translation, child.orientation, child.scale),
                    CHILD, "neither");
        }
    }

    @Test
    void aParentColumnOfZeroLengthGivesAZeroColumnNotNaN() {
        for (int flat = 0; flat < 3; flat++) {
            for (int trial = 0; trial < 20; trial++) {
                Local parentLocal = randomLocal(PARENT, false);
                float[] parentScale = {parentLocal.scale.x, parentLocal.scale.y, parentLocal.scale.z};
                parentScale[flat] = 0f;
                put(scale, PARENT, parentScale);
                TransformKernels.writeLocal(position, orientation, scale, world, PARENT);
                Matrix4x3f parent = new Matrix4x3f().translationRotateScale(parentLocal.position,
                        parentLocal.orientation, new Vector3f(parentScale));
                Local child = randomLocal(CHILD);
                Vector3f translation = parent.transformPosition(new Vector3f(child.position));

                // orientation only: the parent's rotation, with the flattened axis's column zero
                TransformKernels.writeChild(position, orientation, scale, world, CHILD, PARENT, true, false);
                float[] unit = {1f, 1f, 1f};
                unit[flat] = 0f;
                Matrix4x3f rotation = new Matrix4x3f().rotation(parentLocal.orientation).scale(unit[0], unit[1],
                        unit[2]);
                Matrix4x3f expected = new Matrix4x3f().translation(translation).mul(rotation)
                        .mul(new Matrix4x3f().rotation(child.orientation).scale(child.scale));
                assertMatrix(expected, CHILD, "orientation only, axis " + flat + " flat");

                // scale only: the child's own rotation, scaled by the parent's column lengths, one of them zero
                TransformKernels.writeChild(position, orientation, scale, world, CHILD, PARENT, false, true);
                Vector3f scaled = new Vector3f(child.scale).mul(new Vector3f(parentScale).absolute());
                assertMatrix(new Matrix4x3f().translationRotateScale(translation, child.orientation, scaled), CHILD,
                        "scale only, axis " + flat + " flat");
            }
        }
    }

    @Test
    void mirroringIsTheSignOfTheDeterminant() {
        for (int trial = 0; trial < 200; trial++) {
            Local local = randomLocal(PARENT);
            TransformKernels.writeLocal(position, orientation, scale, world, PARENT);
            float determinant = local.matrix().determinant();
            assertEquals(determinant < 0f, local.scale().x * local.scale().y * local.scale().z < 0f,
                    "a rotation never mirrors: the scale's sign is the determinant's");
            assertEquals(determinant, TransformKernels.linearDeterminant(world, PARENT),
                    Math.abs(determinant) * 1e-4f);
        }
    }

    /** A random local transform written into the arrays at {@code slot}; scales may be negative. */
    private Local randomLocal(int slot) {
        return randomLocal(slot, true);
    }

    private Local randomLocal(int slot, boolean mayMirror) {
        Vector3f p = new Vector3f(next(10f), next(10f), next(10f));
        Quaternionf q = new Quaternionf().rotateXYZ(next(3f), next(3f), next(3f));
        Vector3f s = new Vector3f(nonZero(mayMirror), nonZero(mayMirror), nonZero(mayMirror));
        put(position, slot, p.x, p.y, p.z);
        put(orientation, slot, q.x, q.y, q.z, q.w);
        put(scale, slot, s.x, s.y, s.z);
        return new Local(p, q, s);
    }

    private static void put(float[] array, int slot, float... components) {
        int base = LaneBlocks.base(slot, components.length);
        for (int c = 0; c < components.length; c++) {
            array[base + c * LaneBlocks.LANES] = components[c];
        }
    }

    private float next(float range) {
        return (random.nextFloat() * 2f - 1f) * range;
    }

    private float nonZero(boolean mayBeNegative) {
        float magnitude = 0.25f + random.nextFloat() * 2f;
        return mayBeNegative && random.nextInt(4) == 0 ? -magnitude : magnitude;
    }

    private void assertMatrix(Matrix4x3f expected, int slot) {
        assertMatrix(expected, slot, "");
    }

    private void assertMatrix(Matrix4x3f expected, int slot, String what) {
        float[] columns = expected.get(new float[12]);
        for (int i = 0; i < 12; i++) {
            float tolerance = TOLERANCE * Math.max(1f, Math.abs(columns[i]));
            assertEquals(columns[i], world[LaneBlocks.base(slot, 12) + i * LaneBlocks.LANES], tolerance * 10f,
                    what + ": element " + i + " of " + expected);
        }
    }

    private record Local(Vector3f position, Quaternionf orientation, Vector3f scale) {
        Matrix4x3f matrix() {
            return new Matrix4x3f().translationRotateScale(position, orientation, scale);
        }
    }
}
