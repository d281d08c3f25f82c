package io.flatscene.assets;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * The {@code .bin} buffer of a glTF export and its buffer views: each view starts on a multiple of 4 bytes, which
 * is what glTF asks of every accessor's component type and of vertex attributes, so a view of any type may follow
 * any other.
 */
final class GltfBuffer {
    static final int ARRAY_BUFFER = 34_962;
    static final int ELEMENT_ARRAY_BUFFER = 34_963;
    /** A view for an image or other data no accessor reads: glTF then leaves its target out. */
    static final int NO_TARGET = 0;
    private static final int ALIGNMENT = 4;

    private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    private final StringBuilder views = new StringBuilder();
    private int viewCount;

    /** {@return the new view's index} */
    int add(float[] values, int target) {
        ByteBuffer data = ByteBuffer.allocate(values.length * Float.BYTES).order(ByteOrder.LITTLE_ENDIAN);
        data.asFloatBuffer().put(values);
        return add(data.array(), target);
    }

    /** {@return the new view's index} of the indices as unsigned shorts, or unsigned ints when {@code wide} */
    int add(int[] indices, boolean wide) {
        ByteBuffer data = ByteBuffer.allocate(indices.length * (wide ? Integer.BYTES : Short.BYTES))
                .order(ByteOrder.LITTLE_ENDIAN);
        for (int index : indices) {
            if (wide) {
                data.putInt(index);
            } else {
                data.putShort((short) index);
            }
        }
        return add(data.array(), ELEMENT_ARRAY_BUFFER);
    }

    /** {@return the new view's index} */
    int add(byte[] data, int target) {
        views.append(viewCount == 0 ? "" : ",").append("{\"buffer\":0,\"byteOffset\":").append(bytes.size())
                .append(",\"byteLength\":").append(data.length);
        if (target != NO_TARGET) {
            views.append(",\"target\":").append(target);
        }
        views.append('}');
        bytes.writeBytes(data);
        while (bytes.size() % ALIGNMENT != 0) {
            bytes.write(0);
        }
        return viewCount++;
    }

    /** {@return the views' JSON objects, comma separated} */
    String views() {
        return views.toString();
    }

    /** {@return the buffer's bytes, padded to a multiple of 4} */
    byte[] bytes() {
        return bytes.toByteArray();
    }
}
