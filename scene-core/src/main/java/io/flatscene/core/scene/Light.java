package io.flatscene.core.scene;

import io.flatscene.core.container.Index;

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
    public enum Type { DIRECTIONAL, POINT, SPOT }

    static final Type[] TYPES = Type.values();

    Light(SceneManager scene, String name) {
        super(scene, name);
    }

    /** Writes a new light's defaults: detached, white, range 100, spot cone 30 to 40 degrees. */
    void initialize(Type type) {
        scene.lightData().typeArray()[globalIndex] = type.ordinal();
        scene.lightData().attach(globalIndex, Index.NONE);
        float[] p = scene.lightData().parameterArray();
        int o = globalIndex * PARAMETERS;
        p[o + RED] = 1f;
        p[o + GREEN] = 1f;
        p[o + BLUE] = 1f;
        p[o + RANGE] = 100f;
        p[o + SPOT_INNER] = (float) Math.toRadians(30);
        p[o + SPOT_OUTER] = (float) Math.toRadians(40);
    }

    public Type type() {
        checkAlive();
        return TYPES[scene.lightData().typeArray()[globalIndex]];
    }

    public Light setType(Type type) {
        checkWritable();
        if (type == null) {
            throw new IllegalArgumentException(describe() + ": type must not be null");
        }
        scene.lightData().typeArray()[globalIndex] = type.ordinal();
        return this;
    }

    private float parameter(int which) {
        checkAlive();
        return scene.lightData().parameterArray()[globalIndex * PARAMETERS + which];
    }

    public float red() {
        return parameter(RED);
    }

    public float green() {
        return parameter(GREEN);
    }

    public float blue() {
        return parameter(BLUE);
    }

    /** Linear color; components must be finite and {@code >= 0} (above 1 for intensities brighter than white). */
    public Light setColor(float red, float green, float blue) {
        checkWritable();
        // each component on its own: a sum of finite components may overflow
        if (!(red >= 0f && green >= 0f && blue >= 0f)
                || !(Float.isFinite(red) && Float.isFinite(green) && Float.isFinite(blue))) {
            throw new IllegalArgumentException(describe() + ": color (" + red + ", " + green + ", " + blue
                    + ") must be finite and >= 0");
        }
        float[] p = scene.lightData().parameterArray();
        int o = globalIndex * PARAMETERS;
        p[o + RED] = red;
        p[o + GREEN] = green;
        p[o + BLUE] = blue;
        return this;
    }

    /** The distance at which a point or spot light's contribution reaches zero. */
    public float range() {
        return parameter(RANGE);
    }

    public Light setRange(float range) {
        checkWritable();
        if (!(range > 0f) || !Float.isFinite(range)) {
            throw new IllegalArgumentException(describe() + ": range " + range + " must be finite and > 0");
        }
        scene.lightData().parameterArray()[globalIndex * PARAMETERS + RANGE] = range;
        return this;
    }

    public float spotInnerAngle() {
        return parameter(SPOT_INNER);
    }

    public float spotOuterAngle() {
        return parameter(SPOT_OUTER);
    }

    /** A spot light's cone half-angles in radians: full intensity inside {@code inner}, none outside {@code outer}. */
    public Light setSpotAngles(float inner, float outer) {
        checkWritable();
        if (!(inner >= 0f && inner <= outer && outer < (float) Math.PI / 2)) {
            throw new IllegalArgumentException(describe() + ": spot angles " + inner + ", " + outer
                    + " must satisfy 0 <= inner <= outer < pi/2");
        }
        float[] p = scene.lightData().parameterArray();
        int o = globalIndex * PARAMETERS;
        p[o + SPOT_INNER] = inner;
        p[o + SPOT_OUTER] = outer;
        return this;
    }

    @Override
    void attachedTo(SceneNode node) {
        super.attachedTo(node);
        scene.lightData().attach(globalIndex, node == null ? Index.NONE : node.id());
    }

    @Override
    String kind() {
        return "light";
    }
}
