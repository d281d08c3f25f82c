package io.flatscene.render;

/**
 * How a surface shades under Blinn-Phong: a base color with alpha (below 1 only means something for items marked
 * transparent), a specular intensity, a shininess exponent, and an emission: how much of its base color it gives
 * off by itself, lit or not (a sun, a lamp, a screen).
 */
public record Material(float red, float green, float blue, float alpha, float specular, float shininess,
                       float emission) {
    public Material {
        if (!inUnitRange(red) || !inUnitRange(green) || !inUnitRange(blue) || !inUnitRange(alpha)) {
            throw new IllegalArgumentException("material color (" + red + ", " + green + ", " + blue + ", " + alpha
                    + ") must have every component between 0 and 1");
        }
        if (!(specular >= 0f) || !Float.isFinite(specular)) {
            throw new IllegalArgumentException("material specular " + specular + " must be finite and >= 0");
        }
        if (!(shininess >= 1f) || !Float.isFinite(shininess)) {
            throw new IllegalArgumentException("material shininess " + shininess + " must be finite and >= 1");
        }
        if (!(emission >= 0f) || !Float.isFinite(emission)) {
            throw new IllegalArgumentException("material emission " + emission + " must be finite and >= 0");
        }
    }

    /** A material that gives off no light of its own. */
    public Material(float red, float green, float blue, float alpha, float specular, float shininess) {
        this(red, green, blue, alpha, specular, shininess, 0f);
    }

    /** An opaque color with a soft highlight (specular 0.3, shininess 32). */
    public static Material color(float red, float green, float blue) {
        return new Material(red, green, blue, 1f, 0.3f, 32f);
    }

    public Material withAlpha(float alpha) {
        return new Material(red, green, blue, alpha, specular, shininess, emission);
    }

    public Material withSpecular(float specular, float shininess) {
        return new Material(red, green, blue, alpha, specular, shininess, emission);
    }

    public Material withEmission(float emission) {
        return new Material(red, green, blue, alpha, specular, shininess, emission);
    }

    private static boolean inUnitRange(float value) {
        return value >= 0f && value <= 1f;
    }
}
