package io.flatscene.core.scene;

/**
 * A light source, placed and aimed by the node it is attached to (it shines along the node's -Z axis).
 */
public final class Light extends MovableObject {
    /** The kinds of light the renderer shades with. */
    public enum Type { DIRECTIONAL, POINT, SPOT }

    private Type type;
    private float red = 1f;
    private float green = 1f;
    private float blue = 1f;
    private float range = 100f;
    private float spotInnerAngle = (float) Math.toRadians(30);
    private float spotOuterAngle = (float) Math.toRadians(40);

    Light(SceneManager scene, String name, Type type) {
        super(scene, name);
        this.type = type;
    }

    public Type type() {
        checkAlive();
        return type;
    }

    public Light setType(Type type) {
        checkAlive();
        if (type == null) {
            throw new IllegalArgumentException(describe() + ": type must not be null");
        }
        this.type = type;
        return this;
    }

    public float red() {
        checkAlive();
        return red;
    }

    public float green() {
        checkAlive();
        return green;
    }

    public float blue() {
        checkAlive();
        return blue;
    }

    /** Linear colour; components must be finite and {@code >= 0} (above 1 for intensities brighter than white). */
    public Light setColour(float red, float green, float blue) {
        checkAlive();
        if (!(red >= 0f && green >= 0f && blue >= 0f) || !Float.isFinite(red + green + blue)) {
            throw new IllegalArgumentException(describe() + ": colour (" + red + ", " + green + ", " + blue
                    + ") must be finite and >= 0");
        }
        this.red = red;
        this.green = green;
        this.blue = blue;
        return this;
    }

    /** The distance at which a point or spot light's contribution reaches zero. */
    public float range() {
        checkAlive();
        return range;
    }

    public Light setRange(float range) {
        checkAlive();
        if (!(range > 0f) || !Float.isFinite(range)) {
            throw new IllegalArgumentException(describe() + ": range " + range + " must be finite and > 0");
        }
        this.range = range;
        return this;
    }

    public float spotInnerAngle() {
        checkAlive();
        return spotInnerAngle;
    }

    public float spotOuterAngle() {
        checkAlive();
        return spotOuterAngle;
    }

    /** A spot light's cone half-angles in radians: full intensity inside {@code inner}, none outside {@code outer}. */
    public Light setSpotAngles(float inner, float outer) {
        checkAlive();
        if (!(inner >= 0f && inner <= outer && outer < (float) Math.PI / 2)) {
            throw new IllegalArgumentException(describe() + ": spot angles " + inner + ", " + outer
                    + " must satisfy 0 <= inner <= outer < pi/2");
        }
        this.spotInnerAngle = inner;
        this.spotOuterAngle = outer;
        return this;
    }

    @Override
    String kind() {
        return "light";
    }
}
