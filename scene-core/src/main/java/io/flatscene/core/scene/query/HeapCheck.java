package io.flatscene.core.scene.query;

import java.util.Locale;

/**
 * The refusal of arrays a caller sizes (a ray batch's, a query result's) that the heap cannot hold, naming the request
 * and its bytes as {@code SceneManager} names a scene's capacities. Checked before allocating against the most the
 * heap can ever hold, since that allocation would end, after a full collection, in an OutOfMemoryError naming
 * nothing; and again on that error, since the heap holds other data too.
 */
public final class HeapCheck {
    private static final long MIB = 1L << 20;

    private HeapCheck() {
    }

    /**
     * Refuses {@code count} units of {@code unitBytes} each when they exceed the heap's maximum; builds no message
     * otherwise.
     *
     * @param owner     names what asks, e.g. {@code RayBatch}
     * @param parameter names the count, e.g. {@code capacity}
     * @param count     the number of units asked for
     * @param unitBytes the heap one unit takes at least (references counted as compressed ones)
     * @param unit      names a unit, e.g. {@code ray}
     * @throws IllegalArgumentException if the units take more than the heap's maximum
     */
    public static void checkFits(String owner, String parameter, long count, int unitBytes, String unit) {
        long heap = Runtime.getRuntime().maxMemory();
        if (count * unitBytes > heap) {
            throw new IllegalArgumentException(String.format(Locale.ROOT, "%s %s %d takes about %,d MiB (%d bytes a "
                    + "%s), and the heap holds %,d MiB at most: lower the %s or raise -Xmx", owner, parameter, count,
                    mib(count * unitBytes), unitBytes, unit, heap / MIB, parameter));
        }
    }

    /**
     * The refusal of an allocation that failed though the heap's maximum could hold it: other data took the rest.
     *
     * @param cause the allocation's failure, kept as the refusal's cause
     * @return the refusal, to throw; the arguments as {@link #checkFits} takes them
     */
    public static IllegalArgumentException outOfHeap(String owner, String parameter, long count, int unitBytes,
                                                     String unit, OutOfMemoryError cause) {
        return new IllegalArgumentException(String.format(Locale.ROOT, "%s %s %d takes about %,d MiB (%d bytes a %s), "
                + "more than the heap had free (it holds %,d MiB at most, other data included): lower the %s or raise "
                + "-Xmx", owner, parameter, count, mib(count * unitBytes), unitBytes, unit,
                Runtime.getRuntime().maxMemory() / MIB, parameter), cause);
    }

    /** {@code bytes} in MiB, rounded up: a request of a few bytes is not "0 MiB". */
    public static long mib(long bytes) {
        return (bytes + MIB - 1) / MIB;
    }
}
