package io.flatscene.core.container;

import io.flatscene.core.parallel.WorkerPool;
import java.util.Arrays;
import java.util.Comparator;
import java.util.SplittableRandom;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

class LongRadixSortTest {

    @Provide
    Arbitrary<long[]> keys() {
        Arbitrary<Long> anyKey = Arbitraries.longs();
        Arbitrary<Long> fewKeys = Arbitraries.of(0L, 1L, -1L, Long.MIN_VALUE, Long.MAX_VALUE, 1L << 55, 3L << 60);
        Arbitrary<Long> renderKeys = Arbitraries.longs().between(0, 7).map(group -> group << 56);
        return Arbitraries.oneOf(Arbitraries.oneOf(anyKey, fewKeys, renderKeys).array(long[].class).ofMaxSize(3000),
                someDigitsVarying());
    }

    /**
     * Keys that vary in a random set of the sort's 11-bit digits, none to all six, and share the rest (not zero):
     * the range sort counts the varying digits alone, with a loop for one, two and three, all six past that.
     */
    private static Arbitrary<long[]> someDigitsVarying() {
        return Arbitraries.integers().between(0, 63).flatMap(digitSet -> {
            long varying = 0L;
            for (int digit = 0; digit < 6; digit++) {
                if ((digitSet & 1 << digit) != 0) {
                    varying |= 0x7FFL << (11 * digit);
                }
            }
            long mask = varying;
            long shared = 0x5A5A_5A5A_5A5A_5A5AL & ~mask;
            return Arbitraries.longs().map(bits -> bits & mask | shared).array(long[].class).ofMaxSize(3000);
        });
    }

    /** Against a stable sort of (key, original position) pairs by unsigned key: order and stability both. */
    @Property(tries = 300)
    void sortsUnsignedAndStably(@ForAll("keys") long[] keys) {
        int n = keys.length;
        Integer[] expectedOrder = new Integer[n];
        for (int i = 0; i < n; i++) {
            expectedOrder[i] = i;
        }
        Arrays.sort(expectedOrder, Comparator.comparing((Integer i) -> keys[i], Long::compareUnsigned));
        long[] sortedKeys = keys.clone();
        int[] values = new int[n];
        for (int i = 0; i < n; i++) {
            values[i] = i;
        }
        new LongRadixSort().sort(sortedKeys, values, n);
        for (int i = 0; i < n; i++) {
            assertEquals(expectedOrder[i], values[i], "value at " + i);
            assertEquals(keys[expectedOrder[i]], sortedKeys[i], "key at " + i);
        }
    }

    /** Split across workers, each pass must give exactly the single-threaded stable order. */
    @Property(tries = 30)
    void parallelPassesGiveTheSingleThreadedOrder(@ForAll("largeKeys") long[] keys, @ForAll @IntRange(min = 2,
            max = 3) int workers) {
        int n = keys.length;
        long[] serialKeys = keys.clone();
        int[] serialValues = new int[n];
        long[] parallelKeys = keys.clone();
        int[] parallelValues = new int[n];
        for (int i = 0; i < n; i++) {
            serialValues[i] = i;
            parallelValues[i] = i;
        }
        new LongRadixSort().sort(serialKeys, serialValues, n);
        try (WorkerPool pool = new WorkerPool("radix", workers)) {
            new LongRadixSort().sort(parallelKeys, parallelValues, n, pool);
        }
        assertArrayEquals(serialKeys, parallelKeys);
        assertArrayEquals(serialValues, parallelValues);
    }

    @Provide
    Arbitrary<long[]> largeKeys() {
        Arbitrary<Long> renderKeys = Arbitraries.longs().between(0, 1L << 40)
                .map(low -> (low % 4 << 56) | low);
        return Arbitraries.oneOf(Arbitraries.longs(), renderKeys).array(long[].class).ofMinSize(70_000)
                .ofMaxSize(120_000);
    }

    /**
     * Keys whose first hundred vary in few digits (three, or one beside five shared digits that are not zero) and
     * whose others vary in every digit: the sort looks at its first keys before deciding how to count, and must still
     * count every digit that varies further on.
     */
    @Test
    void digitsThatVaryOnlyPastTheFirstKeysAreSorted() {
        SplittableRandom random = new SplittableRandom(20261125);
        long threeDigits = (1L << 33) - 1;
        long oneDigit = (1L << 11) - 1;
        for (long varying : new long[] {threeDigits, oneDigit}) {
            long shared = 0x5A5A_5A5A_5A5A_5A5AL & ~varying;
            long[] keys = new long[3_000];
            for (int i = 0; i < keys.length; i++) {
                keys[i] = i < 100 ? shared | random.nextLong() & varying : random.nextLong();
            }
            assertSortsUnsigned(keys, "first keys varying in " + Long.toHexString(varying));
        }
    }

    /**
     * Keys that vary in four digits and share the lowest, whose value the first key's second digit repeats: the sort
     * reads which digits vary from each digit's own histogram, which the shared one's must not stand in for.
     */
    @Test
    void eachDigitsHistogramTellsWhetherItVaries() {
        SplittableRandom random = new SplittableRandom(11);
        long[] keys = new long[2_000];
        for (int i = 0; i < keys.length; i++) {
            // the second digit tells most keys apart; the three above it take two values each
            long second = i == 0 ? 5L : random.nextLong(1L << 11);
            long above = random.nextLong(2) << 11 | random.nextLong(2) << 22 | random.nextLong(2) << 33;
            keys[i] = (second | above) << 11 | 5L;
        }
        assertSortsUnsigned(keys, "a shared low digit");
    }

    /** The radix sort of {@code keys} against a comparison sort of them as unsigned numbers. */
    private static void assertSortsUnsigned(long[] keys, String what) {
        long[] sorted = keys.clone();
        new LongRadixSort().sort(sorted, new int[keys.length], keys.length);
        Long[] boxed = Arrays.stream(keys).boxed().toArray(Long[]::new);
        Arrays.sort(boxed, Long::compareUnsigned);
        assertArrayEquals(Arrays.stream(boxed).mapToLong(Long::longValue).toArray(), sorted, what);
    }

    @Test
    void sortsAPrefixAndLeavesTheRestAlone() {
        long[] keys = {5, 3, 9, 1, 0, 7};
        int[] values = {0, 1, 2, 3, 4, 5};
        new LongRadixSort().sort(keys, values, 4);
        assertArrayEquals(new long[] {1, 3, 5, 9, 0, 7}, keys);
        assertArrayEquals(new int[] {3, 1, 0, 2, 4, 5}, values);
    }

    @Test
    void reusesItsScratchAcrossSizes() {
        LongRadixSort sort = new LongRadixSort();
        for (int n : new int[] {10, 1000, 5, 2000}) {
            long[] keys = new long[n];
            int[] values = new int[n];
            for (int i = 0; i < n; i++) {
                keys[i] = (long) (n - i) * 0x9E3779B97F4A7C15L;
                values[i] = i;
            }
            long[] expected = keys.clone();
            sort.sort(keys, values, n);
            Long[] boxed = Arrays.stream(expected).boxed().sorted(Long::compareUnsigned).toArray(Long[]::new);
            for (int i = 0; i < n; i++) {
                assertEquals(boxed[i], keys[i]);
            }
        }
    }

    @Test
    void refusesMoreEntriesThanTheArraysHold() {
        String message = assertThrows(IllegalArgumentException.class,
                () -> new LongRadixSort().sort(new long[2], new int[3], 3)).getMessage();
        assertEquals("cannot sort 3 entries of arrays holding 2 keys and 3 values", message);
        long[] keys = {2, 1};
        new LongRadixSort().sort(keys, new int[2], -1);
        assertArrayEquals(new long[] {2, 1}, keys, "a negative count sorts nothing");
    }

    /** A range sorts as the same keys alone would, and what lies outside it stays, for every way a pass can end. */
    @Property(tries = 200)
    void sortsARangeAndLeavesTheRestAlone(@ForAll("keys") long[] keys, @ForAll @IntRange(max = 3000) int a,
                                          @ForAll @IntRange(max = 3000) int b) {
        int from = Math.min(Math.min(a, b), keys.length);
        int to = Math.min(Math.max(a, b), keys.length);
        long[] alone = Arrays.copyOfRange(keys, from, to);
        int[] aloneValues = new int[to - from];
        int[] values = new int[keys.length];
        for (int i = 0; i < keys.length; i++) {
            values[i] = i;
        }
        for (int i = 0; i < aloneValues.length; i++) {
            aloneValues[i] = from + i;
        }
        new LongRadixSort().sort(alone, aloneValues, alone.length);
        long[] ranged = keys.clone();
        new LongRadixSort().sort(ranged, values, from, to);
        assertArrayEquals(alone, Arrays.copyOfRange(ranged, from, to));
        assertArrayEquals(aloneValues, Arrays.copyOfRange(values, from, to));
        for (int i = 0; i < keys.length; i++) {
            if (i < from || i >= to) {
                assertEquals(keys[i], ranged[i], "key outside the range at " + i);
                assertEquals(i, values[i], "value outside the range at " + i);
            }
        }
    }

    @Test
    void refusesARangeOutsideTheArrays() {
        LongRadixSort sort = new LongRadixSort();
        for (int[] range : new int[][] {{-1, 2}, {3, 2}, {4, 6}, {1, 5}}) {
            String message = assertThrows(IllegalArgumentException.class,
                    () -> sort.sort(new long[4], new int[5], range[0], range[1])).getMessage();
            assertEquals("cannot sort entries " + range[0] + " to " + range[1] + " of arrays holding 4 keys and 5 "
                    + "values", message);
        }
        assertThrows(IllegalArgumentException.class, () -> sort.sort(new long[5], new int[4], 0, 5));
    }
}
