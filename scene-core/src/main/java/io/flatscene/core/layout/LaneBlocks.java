package io.flatscene.core.layout;

/**
 * The layout of fixed-width float records (a vector's 3 floats, a matrix's 12) in blocks of {@value #LANES}: within a
 * block the records are stored component by component, so component {@code c} of record {@code r} is at
 * {@code base(r, width) + c * LANES}, where {@code base(r, width) = (r / LANES) * LANES * width + r % LANES}.
 *
 * <p>Why blocks: a vector kernel loads component {@code c} of eight neighbouring records with one load and stores it
 * with one store, while a single record still lies within one block of {@code 32 * width} contiguous bytes for the
 * readers that visit records one at a time.
 */
public final class LaneBlocks {
    /** Records a block: the lanes of a 256-bit float vector. */
    public static final int LANES = 8;

    private LaneBlocks() {
    }

    /**
     * Where component 0 of {@code record} lies; component {@code c} lies {@code c * LANES} floats further.
     *
     * @param record the record's index, 0 or more
     * @param width  the floats per record, 1 or more (3 for a vector, 12 for a matrix)
     * @return the index in the float array of the record's component 0
     */
    public static int base(int record, int width) {
        return (record >>> 3) * (width << 3) + (record & 7);
    }

    /**
     * The floats that hold {@code records} records of {@code width} components: whole blocks.
     *
     * @param records the number of records, 0 or more
     * @param width   the floats per record, 1 or more
     * @return the array length, a multiple of {@code LANES * width}
     */
    public static int length(int records, int width) {
        return ((records + LANES - 1) >>> 3) * (width << 3);
    }

    /**
     * Copies record {@code from} over record {@code to}, all {@code width} components.
     *
     * @param array the lane-block array, not null
     * @param width the floats per record, 1 or more
     * @param from  the index of the record to read
     * @param to    the index of the record to overwrite
     */
    public static void copy(float[] array, int width, int from, int to) {
        int source = base(from, width);
        int target = base(to, width);
        for (int c = 0; c < width * LANES; c += LANES) {
            array[target + c] = array[source + c];
        }
    }
}
