package io.flatscene.core.scene.query;

import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

class HitKeysTest {
    /**
     * Runs of every length up to well past the insertion sort's 24, at an offset inside a larger array, in random,
     * descending and ascending order with repeats: the run comes out as {@link Arrays#sort} orders it, and not one
     * key outside it changes, whether the keys around it are below the run's or above them.
     */
    @Test
    void sortOrdersExactlyTheRunItIsGiven() {
        Random random = new Random(34);
        for (int length = 0; length <= 70; length++) {
            for (int order = 0; order < 6; order++) {
                HitKeys hits = new HitKeys(4);
                int from = 5;
                for (int i = 0; i < from + length + 5; i++) {
                    long key = order % 3 == 0 ? random.nextInt(40) : order % 3 == 1 ? 1000 - i : i;
                    long outside = order < 3 ? -1L - i : Long.MAX_VALUE - i;
                    hits.add(i < from || i >= from + length ? outside : key);
                }
                long[] expected = Arrays.copyOf(hits.keys, hits.count);
                Arrays.sort(expected, from, from + length);
                hits.sort(from, from + length);
                assertArrayEquals(expected, Arrays.copyOf(hits.keys, hits.count), "length " + length + ", order "
                        + order);
            }
        }
    }

    /**
     * Long runs, radix sorted from 256 keys on, at an offset inside a larger array: a volume query's keys (global
     * indices alone, distances 0), a ray batch's (distances above indices), and keys that differ in one byte only; the
     * run comes out as {@link Arrays#sort} orders it, the keys around it untouched, and the same again with the
     * scratch already grown.
     */
    @Test
    void longRunsSortAsShortOnesDo() {
        Random random = new Random(35);
        HitKeys hits = new HitKeys(4);
        for (int length : new int[] {255, 256, 257, 1_500, 700}) {
            for (int kind = 0; kind < 3; kind++) {
                hits.count = 0;
                int from = 7;
                for (int i = 0; i < from + length + 7; i++) {
                    long key = switch (kind) {
                        case 0 -> random.nextInt(100_000);
                        case 1 -> (long) Float.floatToRawIntBits(random.nextFloat() * 300f) << 32
                                | random.nextInt(1 << 20);
                        default -> 0x5_0000_0000L | random.nextInt(256) << 8;
                    };
                    hits.add(i < from || i >= from + length ? Long.MAX_VALUE - i : key);
                }
                long[] expected = Arrays.copyOf(hits.keys, hits.count);
                Arrays.sort(expected, from, from + length);
                hits.sort(from, from + length);
                assertArrayEquals(expected, Arrays.copyOf(hits.keys, hits.count), "length " + length + ", kind "
                        + kind);
            }
        }
    }

    @Test
    void addingPastTheRoomKeepsEveryKeyInOrder() {
        HitKeys hits = new HitKeys(0);
        for (long key = 0; key < 100; key++) {
            hits.add(key * 3);
        }
        assertEquals(100, hits.count);
        for (int i = 0; i < 100; i++) {
            assertEquals(i * 3L, hits.keys[i]);
        }
    }

    @Test
    void aKeyHoldsItsDistanceAboveItsIndex() {
        long key = (long) Float.floatToRawIntBits(2.5f) << 32 | 77L;
        assertEquals(2.5f, HitKeys.distance(key));
        assertEquals(77, HitKeys.index(key));
    }
}
