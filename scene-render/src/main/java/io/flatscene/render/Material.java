package io.flatscene.render;

/**
 * How a surface shades under Blinn-Phong: a base color with alpha (below 1 only means something for items marked
 * transparent), a specular intensity, a shininess exponent, and an emission: how much of its base color it gives
 * off by itself, lit or not (a sun, a lamp, a screen). Optionally textures from the renderer's
 * {@link TextureRegistry}, by id ({@link #NO_TEXTURE} for none): a base-colour texture multiplies the base color, a
 * normal map bends the surface's normal, and an emissive texture replaces the base color in the emission.
 *
 * <p>The renderer's colors reach the framebuffer as computed, with no sRGB encoding, so a color given here is the
 * color shown. Texture colors keep that rule: {@link ColorSpace#SRGB} textures are filtered and mipmapped in linear
 * light and their result turned back into the sRGB value the image holds before it multiplies the material's color,
 * so an untinted white material shows a texture's own colors.
 *
 * @param red       the base color's red component, 0 to 1
 * @param green     the base color's green component, 0 to 1
 * @param blue      the base color's blue component, 0 to 1
 * @param alpha     the base color's opacity, 0 (invisible) to 1 (opaque); ignored for items not marked transparent
 * @param specular  the highlight's intensity, 0 (none) or more
 * @param shininess the Blinn-Phong exponent, 1 or more: higher is a smaller, sharper highlight
 * @param emission  how much of the base color the surface gives off unlit, 0 (none) or more; 1 shows the base
 *                  color at full strength even in the dark
 * @param baseColorTexture the id of an {@link ColorSpace#SRGB} texture multiplying the base color, or
 *                         {@link #NO_TEXTURE}
 * @param normalTexture    the id of a {@link ColorSpace#LINEAR} tangent-space normal map, or {@link #NO_TEXTURE}
 * @param emissiveTexture  the id of an {@link ColorSpace#SRGB} texture giving the emitted color (times
 *                         {@code emission}), or {@link #NO_TEXTURE}
 */
public record Material(float red, float green, float blue, float alpha, float specular, float shininess,
                       float emission, int baseColorTexture, int normalTexture, int emissiveTexture) {
    /** A texture id that means none. */
    public static final int NO_TEXTURE = -1;

    /**
     * Checks every component.
     *
     * @param red       the base color's red component, 0 to 1
     * @param green     the base color's green component, 0 to 1
     * @param blue      the base color's blue component, 0 to 1
     * @param alpha     the base color's opacity, 0 to 1
     * @param specular  the highlight's intensity, 0 or more
     * @param shininess the Blinn-Phong exponent, 1 or more
     * @param emission  how much of the base color the surface gives off unlit, 0 or more
     * @param baseColorTexture a texture id, 0 or more, or {@link #NO_TEXTURE}
     * @param normalTexture    a texture id, 0 or more, or {@link #NO_TEXTURE}
     * @param emissiveTexture  a texture id, 0 or more, or {@link #NO_TEXTURE}
     * @throws IllegalArgumentException if a color component is outside 0 to 1 (or NaN), {@code specular} or
     *                                  {@code emission} is negative or not finite, {@code shininess} is below 1
     *                                  or not finite, or a texture id is below {@link #NO_TEXTURE}; whether a
     *                                  texture id is registered is checked when the material is registered
     */
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
        if (baseColorTexture < NO_TEXTURE || normalTexture < NO_TEXTURE || emissiveTexture < NO_TEXTURE) {
            throw new IllegalArgumentException("material textures (" + baseColorTexture + ", " + normalTexture + ", "
                    + emissiveTexture + ") must each be a texture id or Material.NO_TEXTURE (-1)");
        }
    }

    /**
     * A material without textures.
     *
     * @param red       the base color's red component, 0 to 1
     * @param green     the base color's green component, 0 to 1
     * @param blue      the base color's blue component, 0 to 1
     * @param alpha     the base color's opacity, 0 to 1
     * @param specular  the highlight's intensity, 0 or more
     * @param shininess the Blinn-Phong exponent, 1 or more
     * @param emission  how much of the base color the surface gives off unlit, 0 or more
     * @throws IllegalArgumentException if a value is outside its range
     */
    public Material(float red, float green, float blue, float alpha, float specular, float shininess,
                    float emission) {
        this(red, green, blue, alpha, specular, shininess, emission, NO_TEXTURE, NO_TEXTURE, NO_TEXTURE);
    }

    /**
     * A material that gives off no light of its own.
     *
     * @param red       the base color's red component, 0 to 1
     * @param green     the base color's green component, 0 to 1
     * @param blue      the base color's blue component, 0 to 1
     * @param alpha     the base color's opacity, 0 to 1
     * @param specular  the highlight's intensity, 0 or more
     * @param shininess the Blinn-Phong exponent, 1 or more
     * @throws IllegalArgumentException if a value is outside its range
     */
    public Material(float red, float green, float blue, float alpha, float specular, float shininess) {
        this(red, green, blue, alpha, specular, shininess, 0f);
    }

    /**
     * An opaque color with a soft highlight (specular 0.3, shininess 32).
     *
     * @param red   the red component, 0 to 1
     * @param green the green component, 0 to 1
     * @param blue  the blue component, 0 to 1
     * @return a new material, with no emission
     * @throws IllegalArgumentException if a component is outside 0 to 1
     */
    public static Material color(float red, float green, float blue) {
        return new Material(red, green, blue, 1f, 0.3f, 32f);
    }

    /**
     * This material with another opacity; the item must be marked transparent for it to show.
     *
     * @param alpha 0 (invisible) to 1 (opaque)
     * @return a new material
     * @throws IllegalArgumentException if {@code alpha} is outside 0 to 1
     */
    public Material withAlpha(float alpha) {
        return new Material(red, green, blue, alpha, specular, shininess, emission, baseColorTexture, normalTexture,
                emissiveTexture);
    }

    /**
     * This material with another highlight.
     *
     * @param specular  the highlight's intensity, 0 or more
     * @param shininess the Blinn-Phong exponent, 1 or more
     * @return a new material
     * @throws IllegalArgumentException if either is outside its range or not finite
     */
    public Material withSpecular(float specular, float shininess) {
        return new Material(red, green, blue, alpha, specular, shininess, emission, baseColorTexture, normalTexture,
                emissiveTexture);
    }

    /**
     * This material with another emission.
     *
     * @param emission how much of the base color it gives off unlit, 0 or more
     * @return a new material
     * @throws IllegalArgumentException if {@code emission} is negative or not finite
     */
    public Material withEmission(float emission) {
        return new Material(red, green, blue, alpha, specular, shininess, emission, baseColorTexture, normalTexture,
                emissiveTexture);
    }

    /**
     * This material with a base-colour texture, which multiplies its base color (white shows the texture as it is).
     *
     * @param textureId an {@link ColorSpace#SRGB} texture's id from the renderer's {@link TextureRegistry}, or
     *                  {@link #NO_TEXTURE}
     * @return a new material
     * @throws IllegalArgumentException if {@code textureId} is below {@link #NO_TEXTURE}
     */
    public Material withBaseColorTexture(int textureId) {
        return new Material(red, green, blue, alpha, specular, shininess, emission, textureId, normalTexture,
                emissiveTexture);
    }

    /**
     * This material with a tangent-space normal map (OpenGL convention: green points to the image's top).
     *
     * @param textureId a {@link ColorSpace#LINEAR} texture's id from the renderer's {@link TextureRegistry}, or
     *                  {@link #NO_TEXTURE}
     * @return a new material
     * @throws IllegalArgumentException if {@code textureId} is below {@link #NO_TEXTURE}
     */
    public Material withNormalTexture(int textureId) {
        return new Material(red, green, blue, alpha, specular, shininess, emission, baseColorTexture, textureId,
                emissiveTexture);
    }

    /**
     * This material with an emissive texture: the surface gives off the texture's color times {@code emission}.
     *
     * @param textureId an {@link ColorSpace#SRGB} texture's id from the renderer's {@link TextureRegistry}, or
     *                  {@link #NO_TEXTURE}
     * @return a new material
     * @throws IllegalArgumentException if {@code textureId} is below {@link #NO_TEXTURE}
     */
    public Material withEmissiveTexture(int textureId) {
        return new Material(red, green, blue, alpha, specular, shininess, emission, baseColorTexture, normalTexture,
                textureId);
    }

    private static boolean inUnitRange(float value) {
        return value >= 0f && value <= 1f;
    }
}
