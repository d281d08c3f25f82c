package io.flatscene.benchmarks.peers;

/**
 * The visibility benchmarks' scene, the same for every system: items one unit apart on a square grid in the z = 0
 * plane, cubes of half extent {@value #HALF_EXTENT} using mesh {@code i % 16} and material {@code i % 4}, seen by an
 * orthographic camera at z = {@value #CAMERA_Z} looking down -Z whose view, a grid side high and a third of it
 * wide, covers a third of the grid.
 */
public final class CullGrid {
    public static final float HALF_EXTENT = 0.4f;
    public static final int MESHES = 16;
    public static final int MATERIALS = 4;
    public static final float NEAR = 1f;
    public static final float FAR = 100f;
    public static final float CAMERA_Z = 10f;

    private CullGrid() {
    }

    /** Items per grid row. */
    public static int side(int items) {
        return (int) Math.ceil(Math.sqrt(items));
    }

    /** The view's height in world units; its width is a third of it. */
    public static float viewHeight(int items) {
        return side(items);
    }

    public static float cameraX(int items) {
        return side(items) / 6f;
    }

    public static float cameraY(int items) {
        return side(items) / 2f;
    }

    /**
     * Fails set-up unless the camera sees between 30% and 37% of the items, so every system culls the same share
     * and no figure is read from a camera that sees everything or nothing.
     */
    public static void checkVisibleShare(String system, int visible, int items) {
        double share = (double) visible / items;
        if (share < 0.30 || share > 0.37) {
            throw new IllegalStateException(system + ": the camera should see a third of the items, sees " + share);
        }
    }
}
