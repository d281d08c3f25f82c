package io.flatscene.core.scene.frame;

import java.util.Arrays;

/**
 * The lights a frame shades with, written by {@link LightPass}: every light attached in the scene graph, in global
 * index order. Per light: its type's ordinal, and {@value #FLOATS} floats: world position (3), unit direction along
 * its node's -Z (3), color (3), range, spot inner and outer angle, squared distance to the camera.
 */
public final class LightList {
    public static final int POSITION = 0;
    public static final int DIRECTION = 3;
    public static final int COLOR = 6;
    public static final int RANGE = 9;
    public static final int SPOT_INNER = 10;
    public static final int SPOT_OUTER = 11;
    public static final int DISTANCE_SQUARED = 12;
    public static final int FLOATS = 13;

    public int count;
    public int[] type = new int[0];
    public float[] values = new float[0];

    void ensureCapacity(int capacity) {
        if (type.length < capacity) {
            type = Arrays.copyOf(type, capacity);
            values = Arrays.copyOf(values, capacity * FLOATS);
        }
    }
}
