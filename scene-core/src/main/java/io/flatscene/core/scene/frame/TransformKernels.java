package io.flatscene.core.scene.frame;

import io.flatscene.core.layout.LaneBlocks;

import static io.flatscene.core.scene.store.TransformStore.INHERIT_ORIENTATION;
import static io.flatscene.core.scene.store.TransformStore.INHERIT_SCALE;
import static io.flatscene.core.scene.store.TransformStore.IN_GRAPH;
import static io.flatscene.core.scene.store.TransformStore.MATRIX_WIDTH;
import static io.flatscene.core.scene.store.TransformStore.MIRRORED;
import static io.flatscene.core.scene.store.TransformStore.QUATERNION_WIDTH;
import static io.flatscene.core.scene.store.TransformStore.SHOWN;
import static io.flatscene.core.scene.store.TransformStore.VECTOR_WIDTH;

/**
 * The arithmetic of the transform pass, as pure functions of the store's arrays: a node's world matrix from its local
 * position, orientation and scale and (below depth 0) its parent's world matrix. Matrices are affine, 12 floats in
 * JOML {@code Matrix4x3f} column order; quaternions are (x, y, z, w) and unit length; every record is laid out in
 * {@link LaneBlocks}, so component {@code c} of a record is {@code c * L} floats after its base.
 */
final class TransformKernels {
    /** The flags of a node on the plain matrix chain: it inherits both orientation and scale. */
    static final int PLAIN = INHERIT_ORIENTATION | INHERIT_SCALE;
    /** Every lane of a block, bit {@code i} for lane {@code i}. */
    static final int BLOCK = (1 << LaneBlocks.LANES) - 1;

    private static final int L = LaneBlocks.LANES;

    private TransformKernels() {
    }

    /** World = local: T · R · S. */
    static void writeLocal(float[] position, float[] orientation, float[] scale, float[] world, int slot) {
        int w = LaneBlocks.base(slot, MATRIX_WIDTH);
        writeRotationScaled(orientation, scale, world, slot, w, 1f, 1f, 1f);
        int p = LaneBlocks.base(slot, VECTOR_WIDTH);
        world[w + 9 * L] = position[p];
        world[w + 10 * L] = position[p + L];
        world[w + 11 * L] = position[p + 2 * L];
    }

    /** Writes R · S (times extra per-axis factors) into the linear part of the world matrix based at {@code w}. */
    private static void writeRotationScaled(float[] orientation, float[] scale, float[] world, int slot, int w,
                                            float fx, float fy, float fz) {
        int q = LaneBlocks.base(slot, QUATERNION_WIDTH);
        float x = orientation[q];
        float y = orientation[q + L];
        float z = orientation[q + 2 * L];
        float qw = orientation[q + 3 * L];
        float xx = x * x;
        float yy = y * y;
        float zz = z * z;
        float xy = x * y;
        float xz = x * z;
        float yz = y * z;
        float xw = x * qw;
        float yw = y * qw;
        float zw = z * qw;
        int s = LaneBlocks.base(slot, VECTOR_WIDTH);
        float sx = scale[s] * fx;
        float sy = scale[s + L] * fy;
        float sz = scale[s + 2 * L] * fz;
        world[w] = (1f - 2f * (yy + zz)) * sx;
        world[w + L] = 2f * (xy + zw) * sx;
        world[w + 2 * L] = 2f * (xz - yw) * sx;
        world[w + 3 * L] = 2f * (xy - zw) * sy;
        world[w + 4 * L] = (1f - 2f * (xx + zz)) * sy;
        world[w + 5 * L] = 2f * (yz + xw) * sy;
        world[w + 6 * L] = 2f * (xz + yw) * sz;
        world[w + 7 * L] = 2f * (yz - xw) * sz;
        world[w + 8 * L] = (1f - 2f * (xx + yy)) * sz;
    }

    /**
     * A plain-chain node's flags after its recompute: in the graph if its parent is, shown if its parent is and it is
     * not hidden, and mirrored if exactly one of its parent and its own scale mirrors (a rotation never mirrors, so
     * down a plain matrix chain the sign of the determinant is the parent's times the node's scale's).
     */
    static int plainChildFlags(int f, int parentFlags) {
        return (f & ~(IN_GRAPH | MIRRORED | SHOWN)) | (parentFlags & IN_GRAPH) | (parentFlags & ~(f << 4) & SHOWN)
                | ((parentFlags ^ (f >>> 1)) & MIRRORED);
    }

    /** A child's flags but the mirrored bit, which {@link #plainChildFlags} derives and a split parent cannot. */
    static int childGraphFlags(int f, int parentFlags) {
        return (f & ~(IN_GRAPH | MIRRORED | SHOWN)) | (parentFlags & IN_GRAPH) | (parentFlags & ~(f << 4) & SHOWN);
    }

    /**
     * World = parent · T · R · S, the plain matrix chain (the node inherits orientation and scale), fused: the local
     * linear part stays in registers and each world entry is written once. The products are summed in the order of
     * {@link #writeChild}'s, and of the vector kernel's, so all three give the same bits.
     */
    static void writePlainChild(float[] position, float[] orientation, float[] scale, float[] world, int slot,
                                int parentSlot) {
        int pw = LaneBlocks.base(parentSlot, MATRIX_WIDTH);
        float p00 = world[pw];
        float p01 = world[pw + L];
        float p02 = world[pw + 2 * L];
        float p10 = world[pw + 3 * L];
        float p11 = world[pw + 4 * L];
        float p12 = world[pw + 5 * L];
        float p20 = world[pw + 6 * L];
        float p21 = world[pw + 7 * L];
        float p22 = world[pw + 8 * L];
        int q = LaneBlocks.base(slot, QUATERNION_WIDTH);
        float x = orientation[q];
        float y = orientation[q + L];
        float z = orientation[q + 2 * L];
        float qw = orientation[q + 3 * L];
        float xx = x * x;
        float yy = y * y;
        float zz = z * z;
        float xy = x * y;
        float xz = x * z;
        float yz = y * z;
        float xw = x * qw;
        float yw = y * qw;
        float zw = z * qw;
        int s = LaneBlocks.base(slot, VECTOR_WIDTH);
        float sx = scale[s];
        float sy = scale[s + L];
        float sz = scale[s + 2 * L];
        float l00 = (1f - 2f * (yy + zz)) * sx;
        float l01 = 2f * (xy + zw) * sx;
        float l02 = 2f * (xz - yw) * sx;
        float l10 = 2f * (xy - zw) * sy;
        float l11 = (1f - 2f * (xx + zz)) * sy;
        float l12 = 2f * (yz + xw) * sy;
        float l20 = 2f * (xz + yw) * sz;
        float l21 = 2f * (yz - xw) * sz;
        float l22 = (1f - 2f * (xx + yy)) * sz;
        float lx = position[s];
        float ly = position[s + L];
        float lz = position[s + 2 * L];
        int w = LaneBlocks.base(slot, MATRIX_WIDTH);
        world[w] = p00 * l00 + p10 * l01 + p20 * l02;
        world[w + L] = p01 * l00 + p11 * l01 + p21 * l02;
        world[w + 2 * L] = p02 * l00 + p12 * l01 + p22 * l02;
        world[w + 3 * L] = p00 * l10 + p10 * l11 + p20 * l12;
        world[w + 4 * L] = p01 * l10 + p11 * l11 + p21 * l12;
        world[w + 5 * L] = p02 * l10 + p12 * l11 + p22 * l12;
        world[w + 6 * L] = p00 * l20 + p10 * l21 + p20 * l22;
        world[w + 7 * L] = p01 * l20 + p11 * l21 + p21 * l22;
        world[w + 8 * L] = p02 * l20 + p12 * l21 + p22 * l22;
        world[w + 9 * L] = p00 * lx + p10 * ly + p20 * lz + world[pw + 9 * L];
        world[w + 10 * L] = p01 * lx + p11 * ly + p21 * lz + world[pw + 10 * L];
        world[w + 11 * L] = p02 * lx + p12 * ly + p22 * lz + world[pw + 11 * L];
    }

    /**
     * World = parent · local when the node inherits both orientation and scale (the plain matrix chain). Otherwise the
     * parent's linear part is split by column: its column lengths are its scale, the normalized columns its
     * orientation, and the node takes only the inherited one; the translation is always the parent applied to the
     * local position.
     */
    static void writeChild(float[] position, float[] orientation, float[] scale, float[] world, int slot,
                                  int parentSlot, boolean inheritOrientation, boolean inheritScale) {
        int w = LaneBlocks.base(slot, MATRIX_WIDTH);
        int pw = LaneBlocks.base(parentSlot, MATRIX_WIDTH);
        float[] m = world;
        float p00 = m[pw];
        float p01 = m[pw + L];
        float p02 = m[pw + 2 * L];
        float p10 = m[pw + 3 * L];
        float p11 = m[pw + 4 * L];
        float p12 = m[pw + 5 * L];
        float p20 = m[pw + 6 * L];
        float p21 = m[pw + 7 * L];
        float p22 = m[pw + 8 * L];
        int p = LaneBlocks.base(slot, VECTOR_WIDTH);
        float lx = position[p];
        float ly = position[p + L];
        float lz = position[p + 2 * L];
        float tx = p00 * lx + p10 * ly + p20 * lz + m[pw + 9 * L];
        float ty = p01 * lx + p11 * ly + p21 * lz + m[pw + 10 * L];
        float tz = p02 * lx + p12 * ly + p22 * lz + m[pw + 11 * L];

        if (!(inheritOrientation && inheritScale)) {
            float n0 = (float) Math.sqrt(p00 * p00 + p01 * p01 + p02 * p02);
            float n1 = (float) Math.sqrt(p10 * p10 + p11 * p11 + p12 * p12);
            float n2 = (float) Math.sqrt(p20 * p20 + p21 * p21 + p22 * p22);
            if (!inheritOrientation) {
                writeRotationScaled(orientation, scale, m, slot, w, inheritScale ? n0 : 1f, inheritScale ? n1 : 1f,
                        inheritScale ? n2 : 1f);
                m[w + 9 * L] = tx;
                m[w + 10 * L] = ty;
                m[w + 11 * L] = tz;
                return;
            }
            float i0 = n0 == 0f ? 0f : 1f / n0;
            float i1 = n1 == 0f ? 0f : 1f / n1;
            float i2 = n2 == 0f ? 0f : 1f / n2;
            p00 *= i0;
            p01 *= i0;
            p02 *= i0;
            p10 *= i1;
            p11 *= i1;
            p12 *= i1;
            p20 *= i2;
            p21 *= i2;
            p22 *= i2;
        }
        writeRotationScaled(orientation, scale, m, slot, w, 1f, 1f, 1f);
        for (int c = 0; c < 3; c++) {
            int o = w + c * 3 * L;
            float l0 = m[o];
            float l1 = m[o + L];
            float l2 = m[o + 2 * L];
            m[o] = p00 * l0 + p10 * l1 + p20 * l2;
            m[o + L] = p01 * l0 + p11 * l1 + p21 * l2;
            m[o + 2 * L] = p02 * l0 + p12 * l1 + p22 * l2;
        }
        m[w + 9 * L] = tx;
        m[w + 10 * L] = ty;
        m[w + 11 * L] = tz;
    }

    /** The determinant of the linear part of the world matrix at {@code slot}. */
    static float linearDeterminant(float[] world, int slot) {
        int w = LaneBlocks.base(slot, MATRIX_WIDTH);
        float[] m = world;
        return m[w] * (m[w + 4 * L] * m[w + 8 * L] - m[w + 5 * L] * m[w + 7 * L])
                - m[w + 3 * L] * (m[w + L] * m[w + 8 * L] - m[w + 2 * L] * m[w + 7 * L])
                + m[w + 6 * L] * (m[w + L] * m[w + 5 * L] - m[w + 2 * L] * m[w + 4 * L]);
    }
}
