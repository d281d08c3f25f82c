package io.flatscene.render;

/**
 * What {@link Renderer#draw} clears in its target before drawing, set by {@link RendererConfig#clear()}. Whatever it
 * clears, it clears the whole target, with depth writes and every colour channel on for the clear (and with
 * {@link RendererConfig#restoreGlState()}, the game's masks put back afterwards).
 */
public enum ClearMode {
    /**
     * Nothing: FlatScene draws over the target's colour and depth as they are. For a game that prepared both itself,
     * such as a depth pre-pass FlatScene's items should be hidden by; depth left from an earlier frame hides them too.
     */
    NONE,
    /**
     * Depth alone, to 1 (the far plane): the colour the game drew before FlatScene (a sky, a 2D background) stays,
     * and FlatScene's items cover it. What a game that draws first and clears only colour
     * (libGDX's {@code ScreenUtils.clear(r, g, b, a)}) needs.
     */
    DEPTH,
    /**
     * Colour to {@link Renderer#setClearColor the renderer's clear colour} and depth to 1: FlatScene's frame starts
     * from nothing. The default, for a renderer that draws the whole picture.
     */
    COLOR_AND_DEPTH
}
