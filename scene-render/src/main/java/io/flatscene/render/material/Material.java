package io.flatscene.render.material;

/**
 * How a surface shades under Blinn-Phong: a base colour with alpha (below 1 only means something for items marked
 * transparent), a specular intensity and a shininess exponent.
 */
public record Material(float red, float green, float blue, float alpha, float specular, float shininess) {
    public Material {
        if (!inUnitRange(red) || !inUnitRange(green) || !inUnitRange(blue) || !inUnitRange(alpha)) {
            throw new IllegalArgumentException("material colour (" + red + ", " + green + ", " + blue + ", " + alpha
                    + ") must have every component between 0 and 1");
        }
        if (!(specular >= 0f) || !Float.isFinite(specular)) {
            throw new IllegalArgumentException("material specular " + specular + " must be finite and >= 0");
        }
        if (!(shininess >= 1f) || !Float.isFinite(shininess)) {
            throw new IllegalArgumentException("material shininess " + shininess + " must be finite and >= 1");
        }
    }

    /** An opaque colour with a soft highlight (specular 0.3, shininess 32). */
    public static Material colour(float red, float green, float blue) {
        return new Material(red, green, blue, 1f, 0.3f, 32f);
    }

    public Material withAlpha(float alpha) {
        return new Material(red, green, blue, alpha, specular, shininess);
    }

    public Material withSpecular(float specular, float shininess) {
        return new Material(red, green, blue, alpha, specular, shininess);
    }

    private static boolean inUnitRange(float value) {
        return value >= 0f && value <= 1f;
    }
}
