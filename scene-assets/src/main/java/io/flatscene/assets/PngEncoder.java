package io.flatscene.assets;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.zip.CRC32;
import java.util.zip.Deflater;

/**
 * Encodes RGBA8 pixels as a PNG: 8 bits a channel, colour type 6, every row unfiltered. Lossless, so a texture
 * read back from the GPU decodes to the pixels it was loaded with; written with {@code java.util.zip} so that the
 * export needs neither AWT nor a native encoder.
 */
final class PngEncoder {
    private static final byte[] SIGNATURE = {(byte) 0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n'};
    private static final byte COLOR_TYPE_RGBA = 6;

    private PngEncoder() {
    }

    /**
     * @param rgba {@code width * height * 4} bytes, rows from the top
     * @return the PNG file's bytes
     */
    static byte[] encode(int width, int height, byte[] rgba) {
        int row = width * 4;
        if (width <= 0 || height <= 0 || rgba.length != (long) row * height) {
            throw new IllegalArgumentException("a " + width + "x" + height + " RGBA image needs " + (long) row * height
                    + " bytes, got " + rgba.length);
        }
        Deflater deflater = new Deflater();
        ByteArrayOutputStream compressed = new ByteArrayOutputStream(rgba.length / 4 + 64);
        try {
            byte[] chunk = new byte[64 * 1024];
            // each row starts with its filter type, 0 (none)
            byte[] filter = new byte[1];
            for (int y = 0; y < height; y++) {
                deflater.setInput(filter);
                drain(deflater, chunk, compressed);
                deflater.setInput(rgba, y * row, row);
                drain(deflater, chunk, compressed);
            }
            deflater.finish();
            while (!deflater.finished()) {
                compressed.write(chunk, 0, deflater.deflate(chunk));
            }
        } finally {
            deflater.end();
        }
        ByteArrayOutputStream png = new ByteArrayOutputStream(compressed.size() + 64);
        png.writeBytes(SIGNATURE);
        chunk(png, "IHDR", ByteBuffer.allocate(13).putInt(width).putInt(height).put((byte) 8).put(COLOR_TYPE_RGBA)
                .put((byte) 0).put((byte) 0).put((byte) 0).array());
        chunk(png, "IDAT", compressed.toByteArray());
        chunk(png, "IEND", new byte[0]);
        return png.toByteArray();
    }

    private static void drain(Deflater deflater, byte[] chunk, ByteArrayOutputStream out) {
        while (!deflater.needsInput()) {
            out.write(chunk, 0, deflater.deflate(chunk));
        }
    }

    private static void chunk(ByteArrayOutputStream png, String type, byte[] data) {
        byte[] name = type.getBytes(StandardCharsets.US_ASCII);
        CRC32 crc = new CRC32();
        crc.update(name);
        crc.update(data);
        png.writeBytes(ByteBuffer.allocate(4).putInt(data.length).array());
        png.writeBytes(name);
        png.writeBytes(data);
        png.writeBytes(ByteBuffer.allocate(4).putInt((int) crc.getValue()).array());
    }
}
