package io.flatscene.core.scene.file;

import java.util.List;

/**
 * How one kind of movable object is written in a scene file: the names its messages use, whether its count is one of
 * the counts section's (the kinds of format version 1) or it comes in a named kind section after them, the columns
 * each record holds between its node and name and its tag, and the rule its records' values must keep.
 *
 * @param singular the kind as a message names one record ("item")
 * @param plural   the kind as a message names several ("items"), also the name of its kind section
 * @param counted  whether the counts section holds this kind's count (items, lights and cameras)
 * @param columns  the kind's own columns, in file order
 * @param check    the rule of one record's values
 */
public record KindFormat(String singular, String plural, boolean counted, List<FileColumn> columns,
                         RecordCheck check) {
    /** The bytes every record takes besides its kind's columns: its node and name (ints), its tag (a long). */
    static final int COMMON_BYTES = Integer.BYTES + Integer.BYTES + Long.BYTES;

    /** The rule of one record's values, beyond its node and name, which the codec checks for every kind. */
    @FunctionalInterface
    public interface RecordCheck {
        /**
         * @return null when record {@code row} keeps the rule, or the rule it breaks, beginning with the record
         * ("item 3 uses mesh table entry 9, outside the table's 2")
         */
        String problem(SceneImage image, ObjectRecords records, int row);
    }

    public KindFormat {
        columns = List.copyOf(columns);
    }

    /** {@return the bytes one record takes in the file} */
    public int recordBytes() {
        int bytes = COMMON_BYTES;
        for (FileColumn column : columns) {
            bytes += column.recordBytes();
        }
        return bytes;
    }
}
