package io.flatscene.core.scene.store;

import io.flatscene.core.container.FloatColumn;
import io.flatscene.core.container.IntColumn;
import io.flatscene.core.container.SparseSet;

/**
 * Every light's parameters in structure-of-arrays form: columns of the lights' {@link ObjectStore} set, indexed by
 * global index and moved with it, so the light pass reads them as it reads item data. {@code type} holds the ordinal
 * of the light's type; {@code parameters} holds, per light, red, green, blue, range, spot inner and outer angle.
 */
public final class LightStore {
    public static final int RED = 0;
    public static final int GREEN = 1;
    public static final int BLUE = 2;
    public static final int RANGE = 3;
    public static final int SPOT_INNER = 4;
    public static final int SPOT_OUTER = 5;
    public static final int PARAMETERS = 6;

    private final IntColumn nodeId;
    private final IntColumn type;
    private final FloatColumn parameters;

    public LightStore(SparseSet lights) {
        nodeId = lights.addIntColumn();
        type = lights.addIntColumn();
        parameters = lights.addFloatColumn(PARAMETERS);
    }

    /** Records the node the light hangs from, or {@link io.flatscene.core.container.Index#NONE}. */
    public void attach(int index, int nodeId) {
        this.nodeId.values()[index] = nodeId;
    }

    public int[] nodeIdArray() {
        return nodeId.values();
    }

    public int[] typeArray() {
        return type.values();
    }

    public float[] parameterArray() {
        return parameters.values();
    }
}
