package io.flatscene.core.container;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.ShrinkingMode;
import net.jqwik.api.constraints.IntRange;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/**
 * Model-based check of {@link DeadEntryVector} against a list holding null for dead entries and an explicit stack
 * of freed indices, so the seed's LIFO reuse order is checked exactly, not only that some dead entry was reused.
 */
class DeadEntryVectorPropertyTest {

    record Op(int kind, int arg) {
    }

    @Provide
    Arbitrary<List<Op>> operations() {
        return Combinators.combine(Arbitraries.integers().between(0, 199), Arbitraries.integers().between(0, 1 << 20))
                .as(Op::new)
                .list().ofMinSize(1000).ofMaxSize(3000);
    }

    @Property(tries = 50, shrinking = ShrinkingMode.BOUNDED)
    void behavesLikeListWithHoles(@ForAll("operations") List<Op> ops,
                                  @ForAll @IntRange(min = 0, max = 6) int capacity) {
        DeadEntryVector v = new DeadEntryVector("prop.entries", capacity, GrowthPolicy.GROW);
        List<Integer> model = new ArrayList<>();
        Deque<Integer> freed = new ArrayDeque<>();

        for (Op op : ops) {
            int k = op.kind();
            int arg = op.arg();
            if (k < 84) {
                int expected = freed.isEmpty() ? model.size() : freed.pop();
                assertEquals(expected, v.addEntry());
                if (expected == model.size()) {
                    model.add(-1);
                } else {
                    model.set(expected, -1);
                }
            } else if (k < 140) {
                List<Integer> liveIndices = liveIndices(model);
                if (!liveIndices.isEmpty()) {
                    int i = liveIndices.get(arg % liveIndices.size());
                    v.markAsDead(i);
                    model.set(i, null);
                    freed.push(i);
                }
            } else if (k < 185) {
                List<Integer> liveIndices = liveIndices(model);
                if (!liveIndices.isEmpty()) {
                    int i = liveIndices.get(arg % liveIndices.size());
                    // Mostly small values, with -1 and 0 often: the boundary between live and dead encodings.
                    int value = (arg & 7) == 0 ? -1 : (arg & 7) == 1 ? 0 : (arg >>> 3) - 1;
                    v.set(i, value);
                    model.set(i, value);
                }
            } else if (k < 197) {
                rejectedCall(v, model, arg);
            } else {
                int[] expected = new int[model.size()];
                List<Integer> compacted = new ArrayList<>();
                for (int i = 0; i < model.size(); i++) {
                    if (model.get(i) == null) {
                        expected[i] = -1;
                    } else {
                        expected[i] = compacted.size();
                        compacted.add(model.get(i));
                    }
                }
                int[] remaps = v.consolidate();
                assertArrayEquals(expected, remaps);
                // Follow each old index through the table, as a holder of entry references would.
                for (int i = 0; i < model.size(); i++) {
                    if (remaps[i] >= 0) {
                        assertEquals((int) model.get(i), v.get(remaps[i]));
                    }
                }
                model = compacted;
                freed.clear();
            }
            check(v, model);
        }
        // Drain the free list and check it hands back exactly the stack the model predicts.
        while (!freed.isEmpty()) {
            assertEquals((int) freed.pop(), v.addEntry());
        }
        assertEquals(0, v.numberDead());
        v.validate();
    }

    private static void rejectedCall(DeadEntryVector v, List<Integer> model, int arg) {
        List<Integer> deadIndices = new ArrayList<>();
        for (int i = 0; i < model.size(); i++) {
            if (model.get(i) == null) {
                deadIndices.add(i);
            }
        }
        List<Integer> liveIndices = liveIndices(model);
        switch (arg % 4) {
            case 0 -> {
                if (!deadIndices.isEmpty()) {
                    int d = deadIndices.get((arg / 4) % deadIndices.size());
                    assertThrows(IllegalStateException.class, () -> v.markAsDead(d));
                    assertThrows(IllegalStateException.class, () -> v.get(d));
                    assertThrows(IllegalStateException.class, () -> v.set(d, 5));
                }
            }
            case 1 -> {
                if (!liveIndices.isEmpty()) {
                    int l = liveIndices.get((arg / 4) % liveIndices.size());
                    int bad = -2 - (arg / 4) % 1000;
                    assertThrows(IllegalArgumentException.class, () -> v.set(l, bad));
                }
            }
            case 2 -> {
                int past = model.size() + (arg / 4) % 3;
                assertThrows(IndexOutOfBoundsException.class, () -> v.get(past));
                assertThrows(IndexOutOfBoundsException.class, () -> v.markAsDead(past));
                assertThrows(IndexOutOfBoundsException.class, () -> v.set(past, 0));
            }
            default -> {
                int negative = -1 - (arg / 4) % 3;
                assertThrows(IndexOutOfBoundsException.class, () -> v.get(negative));
                assertThrows(IndexOutOfBoundsException.class, () -> v.markAsDead(negative));
            }
        }
    }

    private static List<Integer> liveIndices(List<Integer> model) {
        List<Integer> out = new ArrayList<>();
        for (int i = 0; i < model.size(); i++) {
            if (model.get(i) != null) {
                out.add(i);
            }
        }
        return out;
    }

    private static void check(DeadEntryVector v, List<Integer> model) {
        v.validate();
        assertEquals(model.size(), v.size());
        assertEquals(model.isEmpty(), v.isEmpty());
        int dead = 0;
        List<Integer> expectedLive = new ArrayList<>();
        for (int i = 0; i < model.size(); i++) {
            Integer value = model.get(i);
            assertEquals(value == null, v.entryIsDead(i), "entry " + i);
            if (value == null) {
                dead++;
            } else {
                assertEquals((int) value, v.get(i));
                expectedLive.add(value);
            }
        }
        assertEquals(dead, v.numberDead());
        assertEquals(model.size() - dead, v.liveCount());
        List<Integer> iterated = new ArrayList<>();
        for (int i = v.nextLive(0); i < v.size(); i = v.nextLive(i + 1)) {
            iterated.add(v.get(i));
        }
        assertEquals(expectedLive, iterated);
    }
}
