package io.flatscene.core.container;

import java.util.ArrayList;
import java.util.LinkedList;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.ShrinkingMode;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.function.Executable;

import static io.flatscene.core.container.Index.NONE;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Drives the pool with long random operation sequences and checks it after every step against one
 * {@link LinkedList} per list, where the model also enforces that an element is in at most one list per channel.
 */
class IntrusiveListPoolPropertyTest {
    private static final int CHANNELS = 3;
    /** Two lists share channel 0 and two share channel 2, so same-channel exclusion is exercised from both sides. */
    private static final int[] LIST_CHANNELS = {0, 0, 1, 2, 2};

    @Provide
    Arbitrary<List<Integer>> operations() {
        return Arbitraries.integers().between(0, Integer.MAX_VALUE).list().ofMinSize(1000).ofMaxSize(3000);
    }

    @Property(tries = 60, shrinking = ShrinkingMode.BOUNDED)
    void behavesLikeOneLinkedListPerList(@ForAll("operations") List<Integer> ops,
            @ForAll @IntRange(min = 4, max = 60) int elements,
            @ForAll @IntRange(min = 0, max = 16) int initialCapacity) {
        new Run(elements, initialCapacity).play(ops);
    }

    private static final class Run {
        final int elements;
        final IntrusiveListPool pool;
        final int[] lists = new int[LIST_CHANNELS.length];
        final List<LinkedList<Integer>> model = new ArrayList<>();
        int step;
        int op;

        Run(int elements, int initialCapacity) {
            this.elements = elements;
            this.pool = new IntrusiveListPool("property", initialCapacity, CHANNELS, GrowthPolicy.GROW);
            for (int i = 0; i < LIST_CHANNELS.length; i++) {
                lists[i] = pool.newList(LIST_CHANNELS[i]);
                model.add(new LinkedList<>());
            }
        }

        void play(List<Integer> ops) {
            for (int v : ops) {
                apply(v);
                step++;
                try {
                    pool.validate();
                } catch (IllegalStateException e) {
                    throw new AssertionError("validate failed after step " + step + " (op " + op + ")", e);
                }
                compare();
            }
        }

        /** The model's owner of an element's link in a channel: the one list on that channel that holds it. */
        int modelOwner(int element, int channel) {
            int found = NONE;
            for (int i = 0; i < lists.length; i++) {
                if (LIST_CHANNELS[i] == channel && model.get(i).contains(element)) {
                    assertEquals(NONE, found, "model broke channel exclusion");
                    found = lists[i];
                }
            }
            return found;
        }

        boolean free(int i, int element) {
            return modelOwner(element, LIST_CHANNELS[i]) == NONE;
        }

        void apply(int v) {
            op = v % 100;
            int i = (v / 100) % lists.length;
            int rest = v / 500;
            int element = rest % elements;
            int pick = rest / elements;
            int list = lists[i];
            LinkedList<Integer> m = model.get(i);
            // A position inside the list most of the time; now and then any element, which is usually not a member.
            boolean memberPosition = !m.isEmpty() && pick % 8 != 0;
            int position = memberPosition ? m.get(pick % m.size()) : (pick / 8) % elements;

            if (op < 18) {
                if (free(i, element)) {
                    pool.pushFront(list, element);
                    m.addFirst(element);
                } else {
                    rejected(IllegalStateException.class, () -> pool.pushFront(list, element));
                }
            } else if (op < 40) {
                if (free(i, element)) {
                    pool.pushBack(list, element);
                    m.addLast(element);
                } else {
                    rejected(IllegalStateException.class, () -> pool.pushBack(list, element));
                }
            } else if (op < 52) {
                if (m.contains(position) && free(i, element)) {
                    pool.insertBefore(list, position, element);
                    m.add(m.indexOf(position), element);
                } else {
                    rejected(IllegalStateException.class, () -> pool.insertBefore(list, position, element));
                }
            } else if (op < 64) {
                if (m.contains(position) && free(i, element)) {
                    pool.insertAfter(list, position, element);
                    m.add(m.indexOf(position) + 1, element);
                } else {
                    rejected(IllegalStateException.class, () -> pool.insertAfter(list, position, element));
                }
            } else if (op < 78) {
                if (m.contains(position)) {
                    int at = m.indexOf(position);
                    int expectedNext = at + 1 < m.size() ? m.get(at + 1) : NONE;
                    assertEquals(expectedNext, pool.remove(list, position), "remove returns the next element");
                    m.remove(at);
                } else {
                    rejected(IllegalStateException.class, () -> pool.remove(list, position));
                }
            } else if (op < 87) {
                int expectedCount = 0;
                for (LinkedList<Integer> other : model) {
                    if (other.remove((Integer) element)) {
                        expectedCount++;
                    }
                }
                assertEquals(expectedCount, pool.unlinkAll(element), () -> "unlinkAll of " + element);
            } else if (op < 94) {
                int expected = m.isEmpty() ? NONE : m.removeFirst();
                assertEquals(expected, pool.popFront(list));
            } else if (op < 95) {
                pool.clear(list);
                m.clear();
            } else if (op < 97) {
                // Stepping from a non-member is refused; stepping from a member agrees with the model.
                if (m.contains(position)) {
                    int at = m.indexOf(position);
                    assertEquals(at + 1 < m.size() ? m.get(at + 1) : NONE, pool.next(list, position));
                    assertEquals(at > 0 ? m.get(at - 1) : NONE, pool.previous(list, position));
                } else {
                    rejected(IllegalStateException.class, () -> pool.next(list, position));
                    rejected(IllegalStateException.class, () -> pool.previous(list, position));
                }
            } else if (op < 98) {
                rejected(IllegalArgumentException.class, () -> pool.pushBack(list, -1 - element));
            } else if (op < 99) {
                rejected(IllegalArgumentException.class, () -> pool.unlinkAll(-1 - element));
            } else {
                rejected(IllegalArgumentException.class, () -> pool.pushFront(lists.length + element, element));
            }
        }

        void rejected(Class<? extends Throwable> type, Executable call) {
            int capacity = pool.idCapacity();
            assertThrows(type, call, () -> "step " + step + " op " + op);
            assertEquals(capacity, pool.idCapacity(), "a rejected call must not grow the pool");
        }

        void compare() {
            for (int i = 0; i < lists.length; i++) {
                List<Integer> want = model.get(i);
                int list = lists[i];
                int index = i;
                assertEquals(want.size(), pool.size(list), () -> "size of list " + index + " after step " + step);
                assertEquals(want, IntrusiveListPoolTest.forward(pool, list),
                        () -> "forward walk of list " + index + " after step " + step + " (op " + op + ")");
                assertEquals(want, IntrusiveListPoolTest.backward(pool, list),
                        () -> "backward walk of list " + index + " after step " + step + " (op " + op + ")");
            }
            for (int e = 0; e < elements; e++) {
                for (int channel = 0; channel < CHANNELS; channel++) {
                    int owner = modelOwner(e, channel);
                    int element = e;
                    int linkChannel = channel;
                    assertEquals(owner, pool.listOf(e, channel),
                            () -> "listOf(" + element + ", " + linkChannel + ") step " + step);
                    if (owner != NONE) {
                        assertTrue(pool.contains(owner, e));
                    }
                }
            }
        }
    }
}
