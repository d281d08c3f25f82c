package io.flatscene.core.scene.store;

import io.flatscene.core.container.GrowthPolicy;
import io.flatscene.core.container.Index;
import io.flatscene.core.container.SparseSet;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

/** The lights' columns over their sparse set: the node each hangs from, its type and six parameters, moved with it. */
class LightStoreTest {

    @Test
    void attachRecordsTheNodeAndEveryColumnMovesWithItsLight() {
        SparseSet set = new SparseSet("maxLights", 4, GrowthPolicy.FAIL);
        LightStore lights = new LightStore(set);
        for (int id = 0; id < 3; id++) {
            int index = set.add(id);
            lights.attach(index, 100 + id);
            lights.typeArray()[index] = id;
            for (int p = 0; p < LightStore.PARAMETERS; p++) {
                lights.parameterArray()[index * LightStore.PARAMETERS + p] = 10 * id + p;
            }
        }
        lights.attach(1, Index.NONE);
        assertEquals(Index.NONE, lights.nodeIdArray()[1]);
        set.remove(0);
        assertEquals(102, lights.nodeIdArray()[0]);
        assertEquals(2, lights.typeArray()[0]);
        assertArrayEquals(new float[] {20f, 21f, 22f, 23f, 24f, 25f},
                Arrays.copyOfRange(lights.parameterArray(), 0, LightStore.PARAMETERS));
        assertEquals(Index.NONE, lights.nodeIdArray()[1]);
    }

    @Test
    void theParametersAreSixFloatsALightInTheirDeclaredOrder() {
        assertEquals(6, LightStore.PARAMETERS);
        assertArrayEquals(new int[] {0, 1, 2, 3, 4, 5}, new int[] {LightStore.RED, LightStore.GREEN,
                LightStore.BLUE, LightStore.RANGE, LightStore.SPOT_INNER, LightStore.SPOT_OUTER});
    }
}
