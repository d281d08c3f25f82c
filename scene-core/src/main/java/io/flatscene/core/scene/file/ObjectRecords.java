package io.flatscene.core.scene.file;

/**
 * The records of one kind of movable object in a scene file's form: a node index and a name index a record, the
 * kind's own columns, and a tag, each column one primitive array over all records (a column of width {@code w} holds
 * record {@code r}'s values at {@code [w * r, w * r + w)}).
 */
public final class ObjectRecords {
    private final KindFormat format;
    private final int count;
    private final int[] node;
    private final int[] name;
    private final Object[] columns;
    private final long[] tag;

    /** Allocates {@code count} records of the format's columns, all zero. */
    public ObjectRecords(KindFormat format, int count) {
        this.format = format;
        this.count = count;
        this.node = new int[count];
        this.name = new int[count];
        this.columns = new Object[format.columns().size()];
        for (int c = 0; c < columns.length; c++) {
            columns[c] = format.columns().get(c).allocate(count);
        }
        this.tag = new long[count];
    }

    public KindFormat format() {
        return format;
    }

    public int count() {
        return count;
    }

    /** Each record's node: an index into the file's nodes, or -1 for a detached object. */
    public int[] nodes() {
        return node;
    }

    /** Each record's name: an index into the file's string table. */
    public int[] names() {
        return name;
    }

    public long[] tags() {
        return tag;
    }

    /** The values of int column {@code column} (its position in the format's columns). */
    public int[] ints(int column) {
        return (int[]) columns[column];
    }

    public float[] floats(int column) {
        return (float[]) columns[column];
    }

    public byte[] bytes(int column) {
        return (byte[]) columns[column];
    }

    public long[] longs(int column) {
        return (long[]) columns[column];
    }
}
