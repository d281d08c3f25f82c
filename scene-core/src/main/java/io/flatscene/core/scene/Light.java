package io.flatscene.core.scene;

import io.flatscene.core.container.Index;
import io.flatscene.core.scene.store.LightStore;

import static io.flatscene.core.scene.store.LightStore.BLUE;
import static io.flatscene.core.scene.store.LightStore.GREEN;
import static io.flatscene.core.scene.store.LightStore.PARAMETERS;
import static io.flatscene.core.scene.store.LightStore.RANGE;
import static io.flatscene.core.scene.store.LightStore.RED;
import static io.flatscene.core.scene.store.LightStore.SPOT_INNER;
import static io.flatscene.core.scene.store.LightStore.SPOT_OUTER;

/**
 * A light source, placed and aimed by the node it is attached to (it shines along the node's -Z axis). Its
 * parameters live in the scene's light structure-of-arrays at its global index, where the light pass reads them.
 */
public final class Light extends MovableObject {
    /** The kinds of light the renderer shades with. */
    public enum Type {
        /** Light from infinitely far along the node's -Z axis, as the sun's: position and range play no part. */
        DIRECTIONAL,
        /** Light from the node's world position in every direction, fading to nothing at the range. */
        POINT,
        /** Light from the node's world position along its -Z axis, in a cone ({@link #setSpotAngles}), to the range. */
        SPOT
    }

    static final Type[] TYPES = Type.values();

    /** The lights' columns, the same for the light's whole life. */
    private final LightStore data;

    Light(LightKind kind, String name) {
        super(kind, name);
        this.data = kind.data;
    }

    /** Writes a new light's defaults: detached, white, range 100, spot cone 30 to 40 degrees. */
    void initialize(Type type) {
        data.typeArray()[globalIndex] = type.ordinal();
        data.attach(globalIndex, Index.NONE);
        float[] p = data.parameterArray();
        int o = globalIndex * PARAMETERS;
        p[o + RED] = 1f;
        p[o + GREEN] = 1f;
        p[o + BLUE] = 1f;
        p[o + RANGE] = 100f;
        p[o + SPOT_INNER] = (float) Math.toRadians(30);
        p[o + SPOT_OUTER] = (float) Math.toRadians(40);
    }

    /** {@return the kind of light, as created or last set} */
    public Type type() {
        checkReadable("the properties");
        return TYPES[data.typeArray()[globalIndex]];
    }

    /**
     * Changes the kind of light; the color, range and spot angles are kept.
     *
     * @param type the new kind, not null
     * @return this light, for chaining
     * @throws IllegalArgumentException if {@code type} is null
     * @throws IllegalStateException    if the light was destroyed, or the scene cannot change now (a frame runs)
     */
    public Light setType(Type type) {
        checkAlive();
        if (type == null) {
            throw new IllegalArgumentException(describe() + ": type must not be null");
        }
        checkWritable();
        data.typeArray()[globalIndex] = type.ordinal();
        return this;
    }

    private float parameter(int which) {
        checkReadable("the properties");
        return data.parameterArray()[globalIndex * PARAMETERS + which];
    }

    /** {@return the red component of the light's linear color, &gt;= 0 (1 when new)} */
    public float red() {
        return parameter(RED);
    }

    /** {@return the green component of the light's linear color, &gt;= 0 (1 when new)} */
    public float green() {
        return parameter(GREEN);
    }

    /** {@return the blue component of the light's linear color, &gt;= 0 (1 when new)} */
    public float blue() {
        return parameter(BLUE);
    }

    /**
     * Sets the light's linear color (white when new): the components are intensities, above 1 for a light brighter
     * than white.
     *
     * @param red   the red intensity, finite and &gt;= 0
     * @param green the green intensity, finite and &gt;= 0
     * @param blue  the blue intensity, finite and &gt;= 0
     * @return this light, for chaining
     * @throws IllegalArgumentException if a component is negative or not finite; the light is unchanged
     * @throws IllegalStateException    if the light was destroyed, or the scene cannot change now (a frame runs)
     */
    public Light setColor(float red, float green, float blue) {
        checkAlive();
        // each component on its own: a sum of finite components may overflow
        if (!(red >= 0f && green >= 0f && blue >= 0f)
                || !(Float.isFinite(red) && Float.isFinite(green) && Float.isFinite(blue))) {
            throw new IllegalArgumentException(describe() + ": color (" + red + ", " + green + ", " + blue
                    + ") must be finite and >= 0");
        }
        checkWritable();
        float[] p = data.parameterArray();
        int o = globalIndex * PARAMETERS;
        p[o + RED] = red;
        p[o + GREEN] = green;
        p[o + BLUE] = blue;
        return this;
    }

    /**
     * {@return the distance, in world units, at which a point or spot light's contribution reaches zero (100 when
     * new)} A directional light ignores it.
     */
    public float range() {
        return parameter(RANGE);
    }

    /**
     * Sets how far a point or spot light reaches.
     *
     * @param range the distance from the light, in world units, at which its contribution reaches zero; finite and
     *              &gt; 0
     * @return this light, for chaining
     * @throws IllegalArgumentException if {@code range} is not finite and &gt; 0
     * @throws IllegalStateException    if the light was destroyed, or the scene cannot change now (a frame runs)
     */
    public Light setRange(float range) {
        checkAlive();
        if (!(range > 0f) || !Float.isFinite(range)) {
            throw new IllegalArgumentException(describe() + ": range " + range + " must be finite and > 0");
        }
        checkWritable();
        data.parameterArray()[globalIndex * PARAMETERS + RANGE] = range;
        return this;
    }

    /**
     * {@return a spot light's inner cone half-angle, in radians, inside which it shines fully (30 degrees when
     * new)}
     */
    public float spotInnerAngle() {
        return parameter(SPOT_INNER);
    }

    /**
     * {@return a spot light's outer cone half-angle, in radians, outside which it gives nothing (40 degrees when
     * new)}
     */
    public float spotOuterAngle() {
        return parameter(SPOT_OUTER);
    }

    /**
     * Sets a spot light's cone: full intensity inside {@code inner}, none outside {@code outer}, fading between.
     * Kept, but unused, while the light is not a spot.
     *
     * @param inner the inner half-angle from the light's -Z axis, in radians, 0 to {@code outer}
     * @param outer the outer half-angle from the light's -Z axis, in radians, {@code inner} to below pi/2
     * @return this light, for chaining
     * @throws IllegalArgumentException unless {@code 0 <= inner <= outer < pi/2}; the light is unchanged
     * @throws IllegalStateException    if the light was destroyed, or the scene cannot change now (a frame runs)
     */
    public Light setSpotAngles(float inner, float outer) {
        checkAlive();
        if (!(inner >= 0f && inner <= outer && outer < (float) Math.PI / 2)) {
            throw new IllegalArgumentException(describe() + ": spot angles " + inner + ", " + outer
                    + " must satisfy 0 <= inner <= outer < pi/2");
        }
        checkWritable();
        float[] p = data.parameterArray();
        int o = globalIndex * PARAMETERS;
        p[o + SPOT_INNER] = inner;
        p[o + SPOT_OUTER] = outer;
        return this;
    }

    @Override
    public Light detachFromParent() {
        super.detachFromParent();
        return this;
    }

    @Override
    public Light setUserData(Object userData) {
        super.setUserData(userData);
        return this;
    }

    @Override
    public Light setTag(long tag) {
        super.setTag(tag);
        return this;
    }
}
