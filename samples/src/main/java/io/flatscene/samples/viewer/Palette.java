package io.flatscene.samples.viewer;

import io.flatscene.render.Material;
import io.flatscene.render.Renderer;

/** A few pleasant colors registered as materials; returns the first id, the rest follow in order. */
final class Palette {
    private static final float[][] COLORS = {
            {0.90f, 0.30f, 0.25f}, {0.95f, 0.65f, 0.20f}, {0.95f, 0.85f, 0.30f}, {0.40f, 0.80f, 0.35f},
            {0.25f, 0.70f, 0.75f}, {0.30f, 0.45f, 0.90f}, {0.60f, 0.40f, 0.85f}, {0.85f, 0.45f, 0.70f}};

    static final int SIZE = COLORS.length;

    private Palette() {
    }

    static int register(Renderer renderer) {
        int first = renderer.materials().count();
        for (float[] c : COLORS) {
            renderer.materials().add(Material.color(c[0], c[1], c[2]));
        }
        return first;
    }
}
