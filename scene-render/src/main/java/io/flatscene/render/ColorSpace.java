package io.flatscene.render;

/**
 * How a texture's bytes are read. Colour images (base colour, emission) are authored as sRGB: stored as
 * {@code SRGB8_ALPHA8}, they are filtered and mipmapped in linear light. Data images (normal maps) are stored as
 * {@code RGBA8} and read as they are.
 */
public enum ColorSpace {
    /** Colour images: base colour and emissive textures. */
    SRGB,
    /** Data images: normal maps. */
    LINEAR
}
