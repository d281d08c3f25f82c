package io.flatscene.core.scene;

import io.flatscene.core.config.SceneConfig;
import io.flatscene.core.scene.file.SceneFileCodec;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Random;
import java.util.zip.CRC32C;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * Thousands of mutated and truncated scene files: each either loads a scene that passes {@code validate()} or throws
 * {@link SceneFileException}; nothing else escapes (no index, buffer, negative-size or memory error). Half the
 * mutations are resealed (payload length and checksum rewritten) so that they reach the checks behind the checksum,
 * as a hostile file would.
 */
class SceneFileFuzzTest {
    private static final int FILES = 3000;
    private static final int[] INTERESTING = {0, 1, -1, -2, 2, 7, 255, 65_535, Integer.MAX_VALUE, Integer.MIN_VALUE,
        Integer.MAX_VALUE / 57, 0x3F80_0000, 0x7FC0_0000, 0x7F80_0000};

    @Test
    void mutatedFilesLoadAValidSceneOrThrowTheFormatsException(@TempDir Path dir) throws IOException {
        byte[][] bases = new byte[3][];
        for (int b = 0; b < bases.length; b++) {
            Path base = dir.resolve("base" + b + ".fscene");
            try (SceneManager scene = SceneFileScenes.random(100 + b, 12 + 8 * b)) {
                SceneFiles.save(scene, base);
            }
            bases[b] = Files.readAllBytes(base);
        }
        SceneConfig config = SceneFileScenes.config().toBuilder().validation(true).build();
        Random random = new Random(42);
        Path file = dir.resolve("mutant.fscene");
        int loaded = 0;
        int refusedBehindChecksum = 0;
        for (int n = 0; n < FILES; n++) {
            byte[] bytes = mutate(bases[n % bases.length], random);
            Files.write(file, bytes);
            try (SceneManager scene = SceneFiles.load(file, config)) {
                scene.validate();
                scene.update();
                loaded++;
            } catch (SceneFileException expected) {
                if (!expected.getMessage().contains("checksum") && !expected.getMessage().contains("payload of")) {
                    refusedBehindChecksum++;
                }
            } catch (RuntimeException | Error | IOException e) {
                fail("mutant " + n + " (" + bytes.length + " bytes) escaped as " + e, e);
            }
        }
        // the mutations must reach both outcomes, and the checks behind the checksum
        assertTrue(loaded > FILES / 20, "loaded " + loaded);
        assertTrue(refusedBehindChecksum > FILES / 10, "refused behind the checksum " + refusedBehindChecksum);
    }

    private static byte[] mutate(byte[] base, Random random) {
        byte[] bytes = base.clone();
        boolean reseal = random.nextBoolean();
        switch (random.nextInt(5)) {
            case 0 -> bytes = Arrays.copyOf(bytes, random.nextInt(bytes.length));
            case 1 -> {
                for (int k = 1 + random.nextInt(4); k > 0; k--) {
                    bytes[random.nextInt(bytes.length)] ^= (byte) (1 << random.nextInt(8));
                }
            }
            case 2 -> {
                int at = SceneFileCodec.HEADER_BYTES + random.nextInt((bytes.length - SceneFileCodec.HEADER_BYTES) / 4)
                        * 4;
                putInt(bytes, Math.min(at, bytes.length - 4), INTERESTING[random.nextInt(INTERESTING.length)]);
            }
            case 3 -> putInt(bytes, SceneFileCodec.HEADER_BYTES + 4 * random.nextInt(7),
                    INTERESTING[random.nextInt(INTERESTING.length)]);
            default -> {
                int cut = SceneFileCodec.HEADER_BYTES + random.nextInt(bytes.length - SceneFileCodec.HEADER_BYTES);
                bytes = Arrays.copyOf(bytes, cut + (random.nextBoolean() ? 0 : random.nextInt(64)));
            }
        }
        return reseal && bytes.length >= SceneFileCodec.HEADER_BYTES ? reseal(bytes) : bytes;
    }

    private static void putInt(byte[] bytes, int at, int value) {
        ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN).putInt(at, value);
    }

    /** Rewrites the header's payload length and checksum to match the bytes, as a hostile writer would. */
    static byte[] reseal(byte[] bytes) {
        ByteBuffer b = ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN);
        CRC32C crc = new CRC32C();
        crc.update(bytes, SceneFileCodec.HEADER_BYTES, bytes.length - SceneFileCodec.HEADER_BYTES);
        b.putLong(8, bytes.length - SceneFileCodec.HEADER_BYTES);
        b.putInt(16, (int) crc.getValue());
        return bytes;
    }
}
