package io.flatscene.core.scene.frame;

import io.flatscene.core.container.Index;
import io.flatscene.core.layout.LaneBlocks;
import io.flatscene.core.scene.store.LightStore;
import io.flatscene.core.scene.store.TransformStore;

/**
 * Gathers the lights attached in the scene graph, on nodes neither hidden nor under a hidden one, into a
 * {@link LightList}: one pass over the light columns, reading
 * each light's node world matrix from the transform store.
 */
final class LightPass {
    private final LightStore lights;
    private final TransformStore transforms;

    LightPass(LightStore lights, TransformStore transforms) {
        this.lights = lights;
        this.transforms = transforms;
    }

    void run(int lightCount, CameraView camera, LightList out) {
        out.ensureCapacity(lightCount);
        int[] nodeId = lights.nodeIdArray();
        int[] type = lights.typeArray();
        float[] parameters = lights.parameterArray();
        float[] world = transforms.worlds();
        int[] flags = transforms.flags();
        float[] values = out.values;
        int count = 0;
        for (int i = 0; i < lightCount; i++) {
            int node = nodeId[i];
            if (node == Index.NONE) {
                continue;
            }
            int slot = transforms.slotOfId(node);
            if ((flags[slot] & TransformStore.SHOWN) == 0) {
                continue;
            }
            int w = LaneBlocks.base(slot, TransformStore.MATRIX_WIDTH);
            int o = count * LightList.FLOATS;
            int p = i * LightStore.PARAMETERS;
            float x = world[w + 9 * LaneBlocks.LANES];
            float y = world[w + 10 * LaneBlocks.LANES];
            float z = world[w + 11 * LaneBlocks.LANES];
            values[o + LightList.POSITION] = x;
            values[o + LightList.POSITION + 1] = y;
            values[o + LightList.POSITION + 2] = z;
            // lights shine along their node's -Z axis
            float dx = -world[w + 6 * LaneBlocks.LANES];
            float dy = -world[w + 7 * LaneBlocks.LANES];
            float dz = -world[w + 8 * LaneBlocks.LANES];
            // in double: the squares of a tiny or huge scale's axis underflow or overflow float, which would give
            // the renderer a NaN or zero direction
            double length = Math.sqrt((double) dx * dx + (double) dy * dy + (double) dz * dz);
            values[o + LightList.DIRECTION] = (float) (dx / length);
            values[o + LightList.DIRECTION + 1] = (float) (dy / length);
            values[o + LightList.DIRECTION + 2] = (float) (dz / length);
            values[o + LightList.COLOR] = parameters[p + LightStore.RED];
            values[o + LightList.COLOR + 1] = parameters[p + LightStore.GREEN];
            values[o + LightList.COLOR + 2] = parameters[p + LightStore.BLUE];
            values[o + LightList.RANGE] = parameters[p + LightStore.RANGE];
            values[o + LightList.SPOT_INNER] = parameters[p + LightStore.SPOT_INNER];
            values[o + LightList.SPOT_OUTER] = parameters[p + LightStore.SPOT_OUTER];
            float ex = x - camera.x;
            float ey = y - camera.y;
            float ez = z - camera.z;
            values[o + LightList.DISTANCE_SQUARED] = ex * ex + ey * ey + ez * ez;
            out.type[count] = type[i];
            count++;
        }
        out.count = count;
    }
}
