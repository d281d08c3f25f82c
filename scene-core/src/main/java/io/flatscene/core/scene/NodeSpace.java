package io.flatscene.core.scene;

import org.joml.Matrix3d;
import org.joml.Matrix4f;
import org.joml.Matrix4x3d;
import org.joml.Matrix4x3f;
import org.joml.Quaterniond;
import org.joml.Quaternionf;
import org.joml.Quaternionfc;
import org.joml.Vector3d;
import org.joml.Vector3f;
import org.joml.Vector3fc;

/**
 * A node's relative operations (translate, rotate, look at, in {@link Space#LOCAL}, {@link Space#PARENT} or
 * {@link Space#WORLD} space) and its world transform read and set: the math over the current world matrices the world
 * composer builds, in double where a float would overflow or cancel, with the refusals that name the node. One per
 * scene, over the scene's scratch, so the node's methods stay one call each and allocate nothing.
 */
final class NodeSpace {
    /** The volume of unit world axes below which they span no orientation: float rounding of a flattened chain. */
    private static final double FLAT_AXES = 1e-6;
    /** Why a world transform holds infinities or NaNs though every value set was finite. */
    static final String OVERFLOW = "overflowed the float range (the scales down the chain multiply past "
            + Float.MAX_VALUE + ")";

    private final NodeScratch scratch;

    NodeSpace(NodeScratch scratch) {
        this.scratch = scratch;
    }

    SceneNode translate(SceneNode node, float x, float y, float z, Space space) {
        node.scene().guard().writableSlot(node);
        Finite.check(node, "translation", x, y, z, 0f);
        Vector3f delta = scratch.vector.set(x, y, z);
        switch (space) {
            case LOCAL -> node.getOrientation(scratch.quaternion).transform(delta);
            case PARENT -> { }
            case WORLD -> {
                if (node.parent != null) {
                    Matrix4x3d inverse = parentInverse(node);
                    if (inverse == null) {
                        throw noParentSpace(node, "translate by (" + x + ", " + y + ", " + z + ") in WORLD space");
                    }
                    Vector3d inParent = inverse.transformDirection(scratch.vectorD.set(x, y, z));
                    delta.set((float) inParent.x, (float) inParent.y, (float) inParent.z);
                }
            }
        }
        Vector3f position = node.getPosition(scratch.vector2).add(delta);
        if (!position.isFinite()) {
            throw new IllegalArgumentException(node.describe() + ": translating by (" + x + ", " + y + ", " + z
                    + ") in " + space + " space would leave the float range (the position would be " + position + ")");
        }
        return node.setPosition(position.x, position.y, position.z);
    }

    SceneNode rotate(SceneNode node, Quaternionfc rotation, Space space) {
        node.scene().guard().writableSlot(node);
        float x = rotation.x();
        float y = rotation.y();
        float z = rotation.z();
        float w = rotation.w();
        Finite.check(node, "rotation", x, y, z, w);
        Finite.checkRotation(node, x, y, z, w);
        // Unit first, in double: the rotation need not be unit, and a product with a huge one would overflow.
        double length = Math.sqrt((double) x * x + (double) y * y + (double) z * z + (double) w * w);
        Quaternionf unit = scratch.quaternion4.set((float) (x / length), (float) (y / length),
                (float) (z / length), (float) (w / length));
        Quaternionf orientation = node.getOrientation(scratch.quaternion);
        switch (space) {
            case LOCAL -> orientation.mul(unit);
            case PARENT -> orientation.premul(unit);
            case WORLD -> {
                // In parent space the world rotation reads pr^-1 · q · pr, where pr is the parent's world rotation.
                Quaternionf parentRotation = parentWorldRotation(node, scratch.quaternion2);
                if (!parentRotation.isFinite()) {
                    throw noParentSpace(node, "rotate in WORLD space");
                }
                Quaternionf inParent = scratch.quaternion3.set(parentRotation).conjugate().mul(unit)
                        .mul(parentRotation);
                orientation.premul(inParent);
            }
        }
        return node.setOrientation(orientation);
    }

    SceneNode yaw(SceneNode node, float radians, Space space) {
        return rotate(node, axisRotation(node).rotationY(radians), space);
    }

    SceneNode pitch(SceneNode node, float radians, Space space) {
        return rotate(node, axisRotation(node).rotationX(radians), space);
    }

    SceneNode roll(SceneNode node, float radians, Space space) {
        return rotate(node, axisRotation(node).rotationZ(radians), space);
    }

    SceneNode lookAt(SceneNode node, Vector3fc target, Space space) {
        node.scene().guard().writableSlot(node);
        Finite.check(node, "look-at target", target.x(), target.y(), target.z(), 0f);
        Vector3f point = scratch.vector.set(target);
        Vector3f position = node.getPosition(scratch.vector2);
        switch (space) {
            case LOCAL -> {
                point.mul(node.getScale(scratch.vector3));
                node.getOrientation(scratch.quaternion).transform(point);
                point.add(position);
            }
            case PARENT -> { }
            case WORLD -> {
                if (node.parent != null && node.inheritsOrientation()) {
                    Matrix4x3d inverse = parentInverse(node);
                    if (inverse == null) {
                        throw noParentSpace(node, "look at " + target + " in WORLD space");
                    }
                    Vector3d inParent = inverse.transformPosition(scratch.vectorD.set(point));
                    point.set((float) inParent.x, (float) inParent.y, (float) inParent.z);
                } else if (node.parent != null) {
                    // The orientation alone turns this node in world space: aim from its world position.
                    Matrix4x3f world = node.currentWorldMatrix(scratch.world);
                    position.set(world.m30(), world.m31(), world.m32());
                    if (!position.isFinite()) {
                        throw new IllegalArgumentException(node.describe() + ": cannot look at " + target
                                + " in WORLD space: its world position " + OVERFLOW);
                    }
                }
            }
        }
        if (!point.isFinite()) {
            throw new IllegalArgumentException(node.describe() + ": cannot look at " + target + " in " + space
                    + " space: in parent space the point would leave the float range (" + point + ")");
        }
        // The direction in double: two finite points may be further apart than the float range, or so close that the
        // square of their distance underflows, and either is still a direction to turn to.
        double dx = (double) point.x - position.x;
        double dy = (double) point.y - position.y;
        double dz = (double) point.z - position.z;
        double length = Math.sqrt(dx * dx + dy * dy + dz * dz);
        if (length == 0.0) {
            throw new IllegalArgumentException(node.describe() + ": cannot look at " + target + " in " + space
                    + " space: it is the node's own position");
        }
        Vector3f direction = point.set((float) (dx / length), (float) (dy / length), (float) (dz / length));
        float upY = Math.abs(direction.y) > 0.9999f ? 0f : 1f;
        float upZ = upY == 0f ? 1f : 0f;
        // lookAlong builds the rotation taking its argument to +Z; its inverse takes +Z to -direction, so -Z to
        // direction.
        Quaternionf orientation = scratch.quaternion.identity()
                .lookAlong(-direction.x, -direction.y, -direction.z, 0f, upY, upZ).conjugate();
        return node.setOrientation(orientation);
    }

    /**
     * The scene's scratch quaternion for yaw, pitch and roll, once the node may change: a refused call must write
     * nothing of the scene's, its scratch space included.
     */
    private Quaternionf axisRotation(SceneNode node) {
        node.scene().guard().writableSlot(node);
        return scratch.quaternion4;
    }

    /**
     * The refusal of a world-space operation through the parent: its world matrix overflowed the float range, or has
     * no inverse (a zero scale up the chain, which maps every world direction to none in parent space). Told apart
     * here, on refusal, so that the operations build no message and allocate nothing when they succeed.
     */
    private IllegalArgumentException noParentSpace(SceneNode node, String operation) {
        String why = node.parent.currentWorldMatrix(scratch.world).isFinite()
                ? "the parent's world matrix cannot be inverted (a zero scale up the chain)"
                : "the world transform of its parent " + node.parent.describe() + " " + OVERFLOW;
        return new IllegalArgumentException(node.describe() + ": cannot " + operation + ": " + why + ", so world space "
                + "has no equivalent in the node's parent space");
    }

    /** The parent's current world matrix, finite or not: the world-space operations check it before use. */
    private Matrix4x3f parentWorld(SceneNode node) {
        return node.parent.currentWorldMatrix(scratch.world);
    }

    /**
     * The inverse of the parent's current world matrix, in double, where a float inverse of huge but finite scales
     * would overflow its determinant and come out zero; null when the matrix overflowed or has no inverse.
     */
    private Matrix4x3d parentInverse(SceneNode node) {
        Matrix4x3f world = parentWorld(node);
        if (!world.isFinite()) {
            return null;
        }
        // finite floats keep the determinant within double's range, so 0 is the one singular case
        Matrix4x3d m = scratch.matrixD.set(world);
        return m.determinant() == 0.0 ? null : m.invert();
    }

    /** The rotation this node's orientation is composed with in world space: none if it does not inherit one. */
    private Quaternionf parentWorldRotation(SceneNode node, Quaternionf dest) {
        if (node.parent == null || !node.inheritsOrientation()) {
            return dest.identity();
        }
        // The parent's columns carry its scale: the unnormalized extraction divides it out; infinities or a zero
        // axis leave NaNs in it.
        return parentWorld(node).getUnnormalizedRotation(dest);
    }

    Matrix4x3f getWorldMatrix(SceneNode node, Matrix4x3f dest) {
        Matrix4x3f m = node.currentWorldMatrix(dest);
        if (!m.isFinite()) {
            throw overflowed(node, "matrix");
        }
        return m;
    }

    Matrix4f getWorldMatrix(SceneNode node, Matrix4f dest) {
        Matrix4x3f m = getWorldMatrix(node, scratch.world);
        return dest.set(m.m00(), m.m01(), m.m02(), 0f, m.m10(), m.m11(), m.m12(), 0f, m.m20(), m.m21(), m.m22(), 0f,
                m.m30(), m.m31(), m.m32(), 1f);
    }

    Vector3f getWorldPosition(SceneNode node, Vector3f dest) {
        Matrix4x3f m = node.currentWorldMatrix(scratch.world);
        if (!Float.isFinite(m.m30()) || !Float.isFinite(m.m31()) || !Float.isFinite(m.m32())) {
            throw overflowed(node, "position");
        }
        return dest.set(m.m30(), m.m31(), m.m32());
    }

    Quaternionf getWorldOrientation(SceneNode node, Quaternionf dest) {
        Matrix4x3f m = node.currentWorldMatrix(scratch.world);
        if (!axesFinite(m)) {
            throw overflowed(node, "orientation");
        }
        if (worldOrientation(m, dest) == null) {
            throw noOrientation(node, "read its world orientation");
        }
        return dest;
    }

    Vector3f getWorldScale(SceneNode node, Vector3f dest) {
        Matrix4x3f m = node.currentWorldMatrix(scratch.world);
        double sign = m.determinant() < 0f ? -1.0 : 1.0;
        float x = (float) (sign * length(m.m00(), m.m01(), m.m02()));
        float y = (float) length(m.m10(), m.m11(), m.m12());
        float z = (float) length(m.m20(), m.m21(), m.m22());
        if (!Float.isFinite(x) || !Float.isFinite(y) || !Float.isFinite(z)) {
            throw overflowed(node, "scale");
        }
        return dest.set(x, y, z);
    }

    SceneNode setWorldPosition(SceneNode node, float x, float y, float z) {
        node.scene().guard().writableSlot(node);
        Finite.check(node, "world position", x, y, z, 0f);
        if (node.parent == null) {
            return node.setPosition(x, y, z);
        }
        Matrix4x3d inverse = parentInverse(node);
        if (inverse == null) {
            throw noParentSpace(node, "set its world position to (" + x + ", " + y + ", " + z + ")");
        }
        Vector3d local = inverse.transformPosition(scratch.vectorD.set(x, y, z));
        float lx = (float) local.x;
        float ly = (float) local.y;
        float lz = (float) local.z;
        if (!Float.isFinite(lx) || !Float.isFinite(ly) || !Float.isFinite(lz)) {
            throw new IllegalArgumentException(node.describe() + ": world position (" + x + ", " + y + ", " + z
                    + ") is, in its parent's space, " + local + ", outside the float range");
        }
        return node.setPosition(lx, ly, lz);
    }

    SceneNode setWorldOrientation(SceneNode node, float x, float y, float z, float w) {
        node.scene().guard().writableSlot(node);
        Finite.checkRotation(node, x, y, z, w);
        if (node.parent == null || !node.inheritsOrientation()) {
            return node.setOrientation(x, y, z, w);
        }
        double length = Math.sqrt((double) x * x + (double) y * y + (double) z * z + (double) w * w);
        Quaterniond target = scratch.quaternionD.set(x / length, y / length, z / length, w / length);
        Matrix4x3f parentWorld = parentWorld(node);
        boolean mirrored = parentWorld.determinant() < 0f;
        Quaternionf parentRotation = parentWorld.isFinite()
                ? worldOrientation(parentWorld, scratch.quaternion2) : null;
        if (parentRotation == null) {
            throw noParentSpace(node, "set its world orientation");
        }
        Quaterniond local = scratch.quaternionD2.set(parentRotation.x, parentRotation.y, parentRotation.z,
                parentRotation.w).conjugate().mul(target);
        if (mirrored) {
            // F · R · F, F the x mirror the parent's orientation took out: the same rotation seen in the mirror
            local.set(local.x, -local.y, -local.z, local.w);
        }
        return node.setOrientation((float) local.x, (float) local.y, (float) local.z, (float) local.w);
    }

    SceneNode setWorldScale(SceneNode node, float x, float y, float z) {
        node.scene().guard().writableSlot(node);
        Finite.check(node, "world scale", x, y, z, 0f);
        if (node.parent == null || !node.inheritsScale()) {
            return node.setScale(x, y, z);
        }
        Matrix4x3f p = parentWorld(node);
        double px = length(p.m00(), p.m01(), p.m02());
        double py = length(p.m10(), p.m11(), p.m12());
        double pz = length(p.m20(), p.m21(), p.m22());
        // an infinite axis would divide the factor down to 0, and set that silently
        if (!p.isFinite() || px == 0.0 || py == 0.0 || pz == 0.0) {
            throw noParentSpace(node, "set its world scale to (" + x + ", " + y + ", " + z + ")");
        }
        float lx = (float) (x / px);
        float ly = (float) (y / py);
        float lz = (float) (z / pz);
        if (!Float.isFinite(lx) || !Float.isFinite(ly) || !Float.isFinite(lz)) {
            throw new IllegalArgumentException(node.describe() + ": world scale (" + x + ", " + y + ", " + z
                    + ") needs a local scale (" + (x / px) + ", " + (y / py) + ", " + (z / pz)
                    + ") outside the float range");
        }
        return node.setScale(lx, ly, lz);
    }

    private static boolean axesFinite(Matrix4x3f m) {
        return Float.isFinite(m.m00()) && Float.isFinite(m.m01()) && Float.isFinite(m.m02())
                && Float.isFinite(m.m10()) && Float.isFinite(m.m11()) && Float.isFinite(m.m12())
                && Float.isFinite(m.m20()) && Float.isFinite(m.m21()) && Float.isFinite(m.m22());
    }

    private IllegalStateException overflowed(SceneNode node, String what) {
        return new IllegalStateException(node.describe() + ": cannot read its world " + what + ": its world transform "
                + OVERFLOW + "; lower a scale on the node or an ancestor");
    }

    private IllegalStateException noOrientation(SceneNode node, String operation) {
        return new IllegalStateException(node.describe() + ": cannot " + operation + ": its world matrix's axes are "
                + "zero or share a plane (a zero scale on the node or an ancestor), so it has no world orientation");
    }

    /** The world orientation {@code m} holds (see {@link #getWorldOrientation}) into {@code dest}, or null if none. */
    private Quaternionf worldOrientation(Matrix4x3f m, Quaternionf dest) {
        double sign = m.determinant() < 0f ? -1.0 : 1.0;
        double x = length(m.m00(), m.m01(), m.m02());
        double y = length(m.m10(), m.m11(), m.m12());
        double z = length(m.m20(), m.m21(), m.m22());
        if (x == 0.0 || y == 0.0 || z == 0.0) {
            return null;
        }
        double sx = sign / x;
        Matrix3d r = scratch.matrix3D.set(m.m00() * sx, m.m01() * sx, m.m02() * sx, m.m10() / y, m.m11() / y,
                m.m12() / y, m.m20() / z, m.m21() / z, m.m22() / z);
        // unit axes that (nearly) share a plane: a zero scale up the chain flattened the node, whatever it turned
        if (Math.abs(r.determinant()) < FLAT_AXES) {
            return null;
        }
        Quaterniond q = r.getUnnormalizedRotation(scratch.quaternionD3).normalize();
        return dest.set((float) q.x, (float) q.y, (float) q.z, (float) q.w);
    }

    private static double length(float x, float y, float z) {
        return Math.sqrt((double) x * x + (double) y * y + (double) z * z);
    }
}
