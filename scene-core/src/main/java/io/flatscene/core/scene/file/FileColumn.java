package io.flatscene.core.scene.file;

/**
 * One property of a kind's records in a scene file: its primitive type and how many values each record holds
 * (3 for a centre, 1 for a flag). The column's values for all records lie next to each other in the file, as in the
 * store they came from.
 *
 * @param type  the values' primitive type
 * @param width the values per record, at least 1
 */
public record FileColumn(Type type, int width) {
    /** The primitive types a column holds, with their size in the file. */
    public enum Type {
        BYTE(Byte.BYTES),
        INT(Integer.BYTES),
        FLOAT(Float.BYTES),
        LONG(Long.BYTES);

        private final int bytes;

        Type(int bytes) {
            this.bytes = bytes;
        }

        /** {@return the bytes one value takes in the file} */
        public int bytes() {
            return bytes;
        }
    }

    public FileColumn {
        if (width < 1) {
            throw new IllegalArgumentException("a file column holds at least one value a record, not " + width);
        }
    }

    /** {@return a column of {@code width} ints a record} */
    public static FileColumn ints(int width) {
        return new FileColumn(Type.INT, width);
    }

    /** {@return a column of {@code width} floats a record} */
    public static FileColumn floats(int width) {
        return new FileColumn(Type.FLOAT, width);
    }

    /** {@return a column of one byte a record} */
    public static FileColumn oneByte() {
        return new FileColumn(Type.BYTE, 1);
    }

    /** {@return the bytes one record's values take} */
    public int recordBytes() {
        return type.bytes * width;
    }

    /** Allocates the column's values for {@code count} records: a byte[], int[], float[] or long[]. */
    Object allocate(int count) {
        int length = width * count;
        return switch (type) {
            case BYTE -> new byte[length];
            case INT -> new int[length];
            case FLOAT -> new float[length];
            case LONG -> new long[length];
        };
    }
}
