package io.flatscene.core.scene;

import io.flatscene.core.config.ConfigException;
import io.flatscene.core.config.SceneCapacity;
import io.flatscene.core.config.SceneConfig;
import java.util.Locale;

/**
 * Whether a configuration's capacities fit in the heap, asked before a scene allocates them: a capacity wrong by an
 * order of magnitude is refused naming its key, not met as an OutOfMemoryError halfway through the stores.
 */
final class HeapBudget {
    private HeapBudget() {
    }

    /** @throws ConfigException naming the largest capacity if the stores take more bytes than the heap holds */
    static void check(SceneConfig config) {
        long heap = Runtime.getRuntime().maxMemory();
        if (reservedBytes(config) > heap) {
            throw outOfHeap(config, heap);
        }
    }

    /** {@return the refusal of a configuration whose stores ran out of heap while they were allocated} */
    static ConfigException exhausted(SceneConfig config, OutOfMemoryError error) {
        // the heap holds other data too: what fits in -Xmx may not fit in what is left
        ConfigException refusal = outOfHeap(config, Runtime.getRuntime().maxMemory());
        refusal.initCause(error);
        return refusal;
    }

    private static long reservedBytes(SceneConfig config) {
        long bytes = 0;
        for (SceneCapacity capacity : SceneCapacity.values()) {
            bytes += (long) config.capacity(capacity) * capacity.reservedBytes();
        }
        return bytes;
    }

    private static ConfigException outOfHeap(SceneConfig config, long heap) {
        SceneCapacity largest = SceneCapacity.NODES;
        for (SceneCapacity capacity : SceneCapacity.values()) {
            if ((long) config.capacity(capacity) * capacity.reservedBytes()
                    > (long) config.capacity(largest) * largest.reservedBytes()) {
                largest = capacity;
            }
        }
        long mib = 1L << 20;
        return new ConfigException(largest.key(), Integer.toString(config.capacity(largest)), String.format(
                Locale.ROOT, "the scene's storage takes about %,d MiB up front with the other capacities (about %d "
                        + "bytes a node, %d an item, %d a light, %d a camera), and the heap holds %,d MiB at most: "
                        + "lower the capacities or raise -Xmx", (reservedBytes(config) + mib - 1) / mib,
                SceneCapacity.NODES.reservedBytes(), SceneCapacity.ITEMS.reservedBytes(),
                SceneCapacity.LIGHTS.reservedBytes(), SceneCapacity.CAMERAS.reservedBytes(), heap / mib), null);
    }
}
