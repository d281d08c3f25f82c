package io.flatscene.core.container;

import io.flatscene.core.container.SwapPopArrayTest.Node;
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

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Model-based check of {@link SwapPopArray}. The model is a plain list that applies the documented swap-and-pop
 * (the last element moves into the hole), so positions are checked exactly, not only membership. Every element
 * also may sit in a second array through the parent index field, as in the Ogre seed, so the test catches any
 * operation that writes the wrong field or disturbs the other array.
 */
class SwapPopArrayPropertyTest {

    record Op(int kind, int arg) {
    }

    @Provide
    Arbitrary<List<Op>> operations() {
        return Combinators.combine(Arbitraries.integers().between(0, 199), Arbitraries.integers().between(0, 1 << 20))
                .as(Op::new)
                .list().ofMinSize(1000).ofMaxSize(3000);
    }

    @Property(tries = 60, shrinking = ShrinkingMode.BOUNDED)
    void behavesLikeSwapAndPopList(@ForAll("operations") List<Op> ops,
                                   @ForAll @IntRange(min = 0, max = 6) int capacity) {
        SwapPopArray<Node> all = new SwapPopArray<>("prop.all", capacity, GrowthPolicy.GROW, SwapPopArrayTest.GLOBAL);
        SwapPopArray<Node> children = new SwapPopArray<>("prop.children", capacity, GrowthPolicy.GROW,
                SwapPopArrayTest.PARENT);
        List<Node> allModel = new ArrayList<>();
        List<Node> childModel = new ArrayList<>();
        // Recently removed elements, checked after every op: an element must stay out once removed.
        Deque<Node> removed = new ArrayDeque<>();
        int nextValue = 0;
        int growths = 0;

        for (Op op : ops) {
            int k = op.kind();
            int arg = op.arg();
            if (k < 100) {
                Node n = new Node(nextValue++);
                int before = all.capacity();
                assertEquals(allModel.size(), all.add(n));
                if (all.capacity() != before) {
                    growths++;
                }
                allModel.add(n);
                if (arg % 2 == 0) {
                    assertEquals(childModel.size(), children.add(n));
                    childModel.add(n);
                }
            } else if (k < 140) {
                if (allModel.isEmpty()) {
                    continue;
                }
                Node victim = allModel.get(arg % allModel.size());
                destroy(all, children, allModel, childModel, victim, removed);
            } else if (k < 170) {
                if (allModel.isEmpty()) {
                    continue;
                }
                int pos = arg % allModel.size();
                Node victim = all.get(pos);
                assertSame(allModel.get(pos), victim);
                assertEquals(pos, all.removeAt(pos));
                swapPop(allModel, pos);
                detachIfChild(children, childModel, victim);
                remember(removed, victim);
            } else if (k < 185) {
                if (childModel.isEmpty()) {
                    continue;
                }
                // Leaves its parent but stays in the global array.
                Node child = childModel.get(arg % childModel.size());
                int at = child.parentIndex;
                assertEquals(at, children.remove(child));
                swapPop(childModel, at);
                assertTrue(all.contains(child));
            } else if (k < 188) {
                int modulus = 2 + arg % 9;
                int residue = (arg / 9) % modulus;
                int visits = 0;
                int sizeBefore = all.size();
                for (int i = 0; i < all.size(); ) {
                    visits++;
                    Node n = all.get(i);
                    if (n.value % modulus == residue) {
                        assertEquals(i, all.removeAt(i));
                        swapPop(allModel, i);
                        detachIfChild(children, childModel, n);
                        remember(removed, n);
                    } else {
                        i++;
                    }
                }
                assertEquals(sizeBefore, visits, "iteration with removeAt must visit every element exactly once");
                for (int i = 0; i < all.size(); i++) {
                    assertTrue(all.get(i).value % modulus != residue);
                }
            } else if (k == 199 && arg % 3 == 0) {
                for (Node n : allModel) {
                    remember(removed, n);
                }
                all.clear();
                children.clear();
                allModel.clear();
                childModel.clear();
            }
            check(all, allModel, SwapPopArrayTest.GLOBAL);
            check(children, childModel, SwapPopArrayTest.PARENT);
            for (Node gone : removed) {
                assertFalse(all.contains(gone));
                assertFalse(children.contains(gone));
                assertEquals(Index.NONE, gone.globalIndex);
                assertEquals(Index.NONE, gone.parentIndex);
            }
        }
        if (capacity < 4 && ops.size() >= 1000) {
            // Adds outnumber removals, so a tiny declared capacity must have been outgrown at least once.
            assertTrue(growths > 0);
        }
    }

    private static void destroy(SwapPopArray<Node> all, SwapPopArray<Node> children, List<Node> allModel,
            List<Node> childModel, Node victim, Deque<Node> removed) {
        int at = victim.globalIndex;
        assertEquals(at, all.remove(victim));
        swapPop(allModel, at);
        detachIfChild(children, childModel, victim);
        remember(removed, victim);
        // A second remove must be refused and change nothing.
        int size = all.size();
        assertThrows(IllegalStateException.class, () -> all.remove(victim));
        assertEquals(size, all.size());
    }

    private static void detachIfChild(SwapPopArray<Node> children, List<Node> childModel, Node n) {
        if (n.parentIndex != Index.NONE) {
            int at = n.parentIndex;
            assertSame(n, childModel.get(at));
            assertEquals(at, children.remove(n));
            swapPop(childModel, at);
        }
    }

    private static void swapPop(List<Node> model, int index) {
        Node last = model.remove(model.size() - 1);
        if (index < model.size()) {
            model.set(index, last);
        }
    }

    private static void remember(Deque<Node> removed, Node n) {
        removed.addFirst(n);
        if (removed.size() > 48) {
            removed.removeLast();
        }
    }

    private static void check(SwapPopArray<Node> array, List<Node> model, IndexField<Node> field) {
        array.validate();
        assertEquals(model.size(), array.size());
        assertEquals(model.isEmpty(), array.isEmpty());
        for (int i = 0; i < model.size(); i++) {
            Node n = model.get(i);
            assertSame(n, array.get(i));
            assertEquals(i, field.get(n));
            assertTrue(array.contains(n));
        }
    }
}
