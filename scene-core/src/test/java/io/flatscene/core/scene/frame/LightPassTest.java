package io.flatscene.core.scene.frame;

import io.flatscene.core.container.GrowthPolicy;
import io.flatscene.core.container.HandleTable;
import io.flatscene.core.container.Index;
import io.flatscene.core.container.SparseSet;
import io.flatscene.core.layout.LaneBlocks;
import io.flatscene.core.scene.store.LightStore;
import io.flatscene.core.scene.store.TransformStore;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The light pass over stores filled by hand: the lights on shown nodes are gathered in store order, each with its
 * node's world translation, the unit of its node's -Z axis, its parameters and its squared distance from the camera;
 * a light on no node and one on a hidden node are left out.
 */
class LightPassTest {
    private final TransformStore transforms = new TransformStore("nodes", 8, GrowthPolicy.FAIL, (id, slot) -> { });
    private final SparseSet lightSet = new SparseSet("lights", 8, GrowthPolicy.FAIL);
    private final LightStore lights = new LightStore(lightSet);

    /** A node whose world matrix has the columns given (x, y and z axes, then the translation), shown or hidden. */
    private int node(float[] columns, boolean shown) {
        int id = HandleTable.idOf(transforms.create(Index.NONE));
        int slot = transforms.slotOfId(id);
        int w = LaneBlocks.base(slot, TransformStore.MATRIX_WIDTH);
        for (int k = 0; k < 12; k++) {
            transforms.worlds()[w + k * LaneBlocks.LANES] = columns[k];
        }
        if (shown) {
            transforms.flags()[slot] |= TransformStore.SHOWN;
        } else {
            transforms.flags()[slot] &= ~TransformStore.SHOWN;
        }
        return id;
    }

    /** Light {@code i} of the store, on {@code node}, of type {@code 10 + i}, its parameters {@code 100 i + 1..6}. */
    private void light(int i, int node) {
        assertEquals(i, lightSet.add(i));
        lights.attach(i, node);
        lights.typeArray()[i] = 10 + i;
        for (int p = 0; p < LightStore.PARAMETERS; p++) {
            lights.parameterArray()[i * LightStore.PARAMETERS + p] = 100f * i + p + 1;
        }
    }

    @Test
    void gathersTheLightsOfShownNodesInStoreOrder() {
        // a rotated node (its -Z axis is +X), scaled by 2 along z, at (1, 2, 3)
        int turned = node(new float[] {0f, 0f, 1f, 0f, 1f, 0f, -2f, 0f, 0f, 1f, 2f, 3f}, true);
        int hidden = node(new float[] {1f, 0f, 0f, 0f, 1f, 0f, 0f, 0f, 1f, 7f, 7f, 7f}, false);
        // a node scaled so small that the squares of its z axis underflow a float: its direction is still a unit
        int tiny = node(new float[] {1e-30f, 0f, 0f, 0f, 1e-30f, 0f, 0f, 3e-30f, 4e-30f, -4f, 0.5f, 10f}, true);
        light(0, turned);
        light(1, Index.NONE);
        light(2, hidden);
        light(3, tiny);
        CameraView camera = new CameraView();
        camera.x = 1f;
        camera.y = -1f;
        camera.z = 2f;
        LightList out = new LightList();

        new LightPass(lights, transforms).run(4, camera, out);

        assertEquals(2, out.count);
        assertEquals(10, out.type[0]);
        assertEquals(13, out.type[1]);
        assertLight(out, 0, new float[] {1f, 2f, 3f, 1f, 0f, 0f, 1f, 2f, 3f, 4f, 5f, 6f, 0f + 9f + 1f});
        assertLight(out, 1, new float[] {-4f, 0.5f, 10f, 0f, -0.6f, -0.8f, 301f, 302f, 303f, 304f, 305f, 306f,
            25f + 2.25f + 64f});
    }

    @Test
    void gathersNothingPastTheCountGiven() {
        int shown = node(new float[] {1f, 0f, 0f, 0f, 1f, 0f, 0f, 0f, 1f, 0f, 0f, 0f}, true);
        light(0, shown);
        light(1, shown);
        LightList out = new LightList();
        new LightPass(lights, transforms).run(1, new CameraView(), out);
        assertEquals(1, out.count);
        new LightPass(lights, transforms).run(0, new CameraView(), out);
        assertEquals(0, out.count);
    }

    private static void assertLight(LightList out, int n, float[] expected) {
        for (int f = 0; f < LightList.FLOATS; f++) {
            assertEquals(expected[f], out.values[n * LightList.FLOATS + f], 1e-6f, "light " + n + " float " + f);
        }
    }
}
