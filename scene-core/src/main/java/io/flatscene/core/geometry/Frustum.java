package io.flatscene.core.geometry;

import org.joml.Matrix4fc;
import org.joml.Vector4f;

/**
 * Frustum planes and the test of a box against them: the one rule by which the cull keeps an item, the cull's
 * chunks are skipped or taken whole, and the frustum query finds an item.
 *
 * <p>Planes are {@value #PLANE_FLOATS} floats, six times (a, b, c, d), the inside where
 * {@code a x + b y + c z + d >= 0}. A box is its center c and half extents h. It is outside a plane when the plane's
 * value at c is below minus the box's extent along the normal, {@code |a| hx + |b| hy + |c| hz}, and outside the
 * frustum when it is outside any plane ({@link #outside}).
 *
 * <p>Infinite and NaN boxes: a box whose x half extent is +infinity is infinite ({@code Aabb.INFINITE} and the
 * bounds pass make all three infinite together) and lies outside no plane, unless its center's coordinates sum to
 * NaN (a NaN, or infinities of both signs: its node's world matrix overflowed), when it lies outside the frustum.
 * Any other box is tested plane by plane, and a NaN anywhere in the test (a NaN center or extent, or a zero
 * coefficient times an infinite extent on y or z) puts it outside: the test is written as "not inside", which every
 * comparison with NaN fails, where "outside" would let such a box through to be drawn from nowhere.
 */
public final class Frustum {
    public static final int PLANE_FLOATS = 24;

    /** {@link #classify} results. */
    public static final int OUTSIDE = 0;
    public static final int INSIDE = 1;
    public static final int ACROSS = 2;

    private static final int[] CLIP_PLANES = {Matrix4fc.PLANE_NX, Matrix4fc.PLANE_PX, Matrix4fc.PLANE_NY,
        Matrix4fc.PLANE_PY, Matrix4fc.PLANE_NZ, Matrix4fc.PLANE_PZ};

    private Frustum() {
    }

    /**
     * Whether the box lies outside the frustum {@code p}, by the rule the class comment gives. Static, with no
     * allocation and an early exit at the first plane that rejects the box, so that the cull's loop inlines it.
     */
    public static boolean outside(float[] p, float cx, float cy, float cz, float hx, float hy, float hz) {
        if (hx == Float.POSITIVE_INFINITY) {
            return Float.isNaN(cx + cy + cz);
        }
        boolean outside = false;
        for (int k = 0; k < PLANE_FLOATS && !outside; k += 4) {
            outside = !(distance(p, k, cx, cy, cz) >= -extent(p, k, hx, hy, hz));
        }
        return outside;
    }

    /**
     * Where a region holding many boxes (a box around them) lies against the frustum {@code p}: {@link #OUTSIDE} when
     * {@link #outside} holds for every box it holds, {@link #INSIDE} when it fails for each, {@link #ACROSS} when the
     * boxes must be tested one by one. Each side is decided only past {@code margin} of the magnitudes in the plane's
     * equation, a margin that must exceed the float roundings by which the region's box and this test differ from the
     * boxes' own tests. A region that is not finite (an infinite or NaN bound) is always {@link #ACROSS}: its boxes are
     * left to {@link #outside}, which alone decides what an infinite or NaN box is.
     */
    public static int classify(float[] p, float cx, float cy, float cz, float hx, float hy, float hz, float margin) {
        float sx = Math.abs(cx) + hx;
        float sy = Math.abs(cy) + hy;
        float sz = Math.abs(cz) + hz;
        boolean inside = true;
        for (int k = 0; k < PLANE_FLOATS; k += 4) {
            float distance = distance(p, k, cx, cy, cz);
            float extent = extent(p, k, hx, hy, hz);
            float slack = margin * (Math.abs(p[k]) * sx + Math.abs(p[k + 1]) * sy + Math.abs(p[k + 2]) * sz
                    + Math.abs(p[k + 3]));
            // written so that a NaN or infinity (infinity minus infinity) fails both: not outside, not inside
            if (distance + extent < -slack) {
                return OUTSIDE;
            }
            inside &= distance - extent > slack;
        }
        return inside ? INSIDE : ACROSS;
    }

    /** The value at the point of plane {@code k} (the offset of its a). */
    private static float distance(float[] p, int k, float x, float y, float z) {
        return p[k] * x + p[k + 1] * y + p[k + 2] * z + p[k + 3];
    }

    /** How far a box with these half extents reaches along plane {@code k}'s normal. */
    private static float extent(float[] p, int k, float hx, float hy, float hz) {
        return Math.abs(p[k]) * hx + Math.abs(p[k + 1]) * hy + Math.abs(p[k + 2]) * hz;
    }

    /**
     * The six planes of a view-projection matrix's clip volume (-w <= x, y, z <= w) as they are: the fourth row plus
     * or minus each of the first three, in the order left, right, bottom, top, near, far. What the frustum query
     * tests against, so that a query through a matrix answers for that matrix's own clip volume.
     */
    public static void clipPlanes(Matrix4fc m, float[] planes) {
        for (int row = 0; row < 3; row++) {
            for (int side = 0; side < 2; side++) {
                float sign = side == 0 ? 1f : -1f;
                int p = (row * 2 + side) * 4;
                planes[p] = m.m03() + sign * m.get(0, row);
                planes[p + 1] = m.m13() + sign * m.get(1, row);
                planes[p + 2] = m.m23() + sign * m.get(2, row);
                planes[p + 3] = m.m33() + sign * m.get(3, row);
            }
        }
    }

    /**
     * The same six planes normalized (a unit normal), what the cull tests against: JOML's normalization in float,
     * or {@link #planeInDouble} where that fails.
     *
     * @param m       a finite view-projection matrix
     * @param scratch one plane's room, so that a camera's derivation allocates nothing
     */
    public static void normalizedPlanes(Matrix4fc m, float[] planes, Vector4f scratch) {
        for (int p = 0; p < 6; p++) {
            m.frustumPlane(CLIP_PLANES[p], scratch);
            if (scratch.isFinite() && (scratch.x != 0f || scratch.y != 0f || scratch.z != 0f)) {
                planes[p * 4] = scratch.x;
                planes[p * 4 + 1] = scratch.y;
                planes[p * 4 + 2] = scratch.z;
                planes[p * 4 + 3] = scratch.w;
            } else {
                planeInDouble(m, p, planes);
            }
        }
    }

    /**
     * Plane {@code p} from the matrix's rows in double, where JOML's float normalization failed: a normal whose
     * squared length underflows (a huge orthographic height) or overflows (near and far a hair apart) comes out NaN
     * or zero, and a NaN plane culls every box. A normal that is zero even in double is a plane at infinity (a far
     * plane that float cannot tell from the near one's at a far/near ratio past about 10^7): it bounds nothing, so it
     * passes every box, or none when the frustum lies wholly behind it.
     */
    private static void planeInDouble(Matrix4fc m, int p, float[] planes) {
        int row = p >> 1;
        double sign = (p & 1) == 0 ? 1.0 : -1.0;
        double a = m.m03() + sign * m.get(0, row);
        double b = m.m13() + sign * m.get(1, row);
        double c = m.m23() + sign * m.get(2, row);
        double d = m.m33() + sign * m.get(3, row);
        double length = Math.sqrt(a * a + b * b + c * c);
        if (length == 0.0) {
            a = 0.0;
            b = 0.0;
            c = 0.0;
            d = d >= 0.0 ? 1.0 : -1.0;
            length = 1.0;
        }
        planes[p * 4] = (float) (a / length);
        planes[p * 4 + 1] = (float) (b / length);
        planes[p * 4 + 2] = (float) (c / length);
        planes[p * 4 + 3] = (float) (d / length);
    }
}
