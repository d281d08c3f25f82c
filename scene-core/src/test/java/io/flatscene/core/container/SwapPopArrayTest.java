package io.flatscene.core.container;

import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class SwapPopArrayTest {

    /** A scene-node stand-in carrying both of the Ogre seed's index fields. */
    static final class Node {
        final int value;
        int globalIndex = Index.NONE;
        int parentIndex = Index.NONE;

        Node(int value) {
            this.value = value;
        }

        @Override
        public String toString() {
            return "Node#" + value;
        }
    }

    static final IndexField<Node> GLOBAL = new IndexField<>() {
        @Override
        public int get(Node n) {
            return n.globalIndex;
        }

        @Override
        public void set(Node n, int index) {
            n.globalIndex = index;
        }
    };

    static final IndexField<Node> PARENT = new IndexField<>() {
        @Override
        public int get(Node n) {
            return n.parentIndex;
        }

        @Override
        public void set(Node n, int index) {
            n.parentIndex = index;
        }
    };

    private static SwapPopArray<Node> global(int capacity, GrowthPolicy policy) {
        return new SwapPopArray<>("scene.nodes", capacity, policy, GLOBAL);
    }

    private static List<Node> contents(SwapPopArray<Node> array) {
        List<Node> out = new ArrayList<>();
        for (int i = 0; i < array.size(); i++) {
            out.add(array.get(i));
        }
        return out;
    }

    private static Set<Node> identitySet(List<Node> nodes) {
        Set<Node> set = Collections.newSetFromMap(new IdentityHashMap<>());
        set.addAll(nodes);
        return set;
    }

    private static List<Node> nodes(int count) {
        List<Node> out = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            out.add(new Node(i));
        }
        return out;
    }

    @Test
    void addAppendsAndRecordsPosition() {
        SwapPopArray<Node> array = global(8, GrowthPolicy.FAIL);
        assertTrue(array.isEmpty());
        List<Node> ns = nodes(5);
        for (int i = 0; i < ns.size(); i++) {
            assertEquals(i, array.add(ns.get(i)));
            assertEquals(i, ns.get(i).globalIndex);
            assertEquals(Index.NONE, ns.get(i).parentIndex, "add must only write its own field");
        }
        assertEquals(5, array.size());
        assertFalse(array.isEmpty());
        assertEquals(ns, contents(array));
        for (Node n : ns) {
            assertTrue(array.contains(n));
        }
        assertFalse(array.contains(new Node(99)));
        array.validate();
    }

    @Test
    void removeMovesLastIntoTheHoleAndFixesItsIndex() {
        SwapPopArray<Node> array = global(8, GrowthPolicy.FAIL);
        List<Node> ns = nodes(5);
        ns.forEach(array::add);

        assertEquals(1, array.remove(ns.get(1)));
        assertEquals(4, array.size());
        assertSame(ns.get(4), array.get(1));
        assertEquals(1, ns.get(4).globalIndex);
        assertEquals(Index.NONE, ns.get(1).globalIndex);
        assertFalse(array.contains(ns.get(1)));
        array.validate();

        // Removing the last element moves nothing: the returned position equals the new size.
        Node last = array.get(array.size() - 1);
        int next = array.remove(last);
        assertEquals(array.size(), next);
        assertEquals(Index.NONE, last.globalIndex);
        array.validate();

        assertEquals(identitySet(List.of(ns.get(0), ns.get(4), ns.get(2))), identitySet(contents(array)));
    }

    @Test
    void removeAtReturnsPositionNowHoldingFormerLast() {
        SwapPopArray<Node> array = global(4, GrowthPolicy.FAIL);
        List<Node> ns = nodes(4);
        ns.forEach(array::add);
        assertEquals(0, array.removeAt(0));
        assertSame(ns.get(3), array.get(0));
        assertEquals(0, ns.get(3).globalIndex);
        assertEquals(Index.NONE, ns.get(0).globalIndex);
        assertEquals(3, array.size());
        array.validate();

        assertThrows(IndexOutOfBoundsException.class, () -> array.removeAt(3));
        assertThrows(IndexOutOfBoundsException.class, () -> array.removeAt(-1));
        assertEquals(3, array.size());
        array.validate();
    }

    @Test
    void removedElementCanBeAddedAgain() {
        SwapPopArray<Node> array = global(4, GrowthPolicy.FAIL);
        Node a = new Node(1);
        Node b = new Node(2);
        array.add(a);
        array.add(b);
        array.remove(a);
        assertEquals(1, array.add(a));
        assertTrue(array.contains(a));
        assertTrue(array.contains(b));
        array.validate();
    }

    @Test
    void clearResetsEveryIndexField() {
        SwapPopArray<Node> array = global(4, GrowthPolicy.GROW);
        List<Node> ns = nodes(10);
        ns.forEach(array::add);
        array.clear();
        assertEquals(0, array.size());
        assertTrue(array.isEmpty());
        for (Node n : ns) {
            assertEquals(Index.NONE, n.globalIndex);
            assertFalse(array.contains(n));
        }
        array.validate();
        // Every cleared element must be addable again, which it is only if its field really was reset.
        ns.forEach(array::add);
        assertEquals(10, array.size());
        array.validate();
    }

    @Test
    void elementLivesInGlobalAndParentArraysAtOnce() {
        SwapPopArray<Node> all = new SwapPopArray<>("scene.nodes", 16, GrowthPolicy.FAIL, GLOBAL);
        SwapPopArray<Node> childrenOfA = new SwapPopArray<>("parentA.children", 8, GrowthPolicy.FAIL, PARENT);
        SwapPopArray<Node> childrenOfB = new SwapPopArray<>("parentB.children", 8, GrowthPolicy.FAIL, PARENT);
        List<Node> ns = nodes(10);
        ns.forEach(all::add);
        // Children are added in a different order than globally, so the two fields disagree.
        for (int i = ns.size() - 1; i >= 0; i--) {
            (i % 2 == 0 ? childrenOfA : childrenOfB).add(ns.get(i));
        }
        for (Node n : ns) {
            assertTrue(all.contains(n));
            assertSame(n, all.get(n.globalIndex));
            SwapPopArray<Node> parent = n.value % 2 == 0 ? childrenOfA : childrenOfB;
            SwapPopArray<Node> other = n.value % 2 == 0 ? childrenOfB : childrenOfA;
            assertTrue(parent.contains(n));
            assertFalse(other.contains(n), "sharing the parent field must not fool the other parent's array");
            assertSame(n, parent.get(n.parentIndex));
        }

        // Destroying a node removes it from both; each removal moves a different element in each array.
        Node victim = ns.get(2);
        all.remove(victim);
        assertEquals(Index.NONE, victim.globalIndex);
        assertTrue(childrenOfA.contains(victim), "global removal must leave the parent index alone");
        assertSame(victim, childrenOfA.get(victim.parentIndex));
        childrenOfA.remove(victim);
        assertEquals(Index.NONE, victim.parentIndex);

        // Reparenting: leaves one child list, joins the other, stays in the global array at the same place.
        Node moving = ns.get(5);
        int globalBefore = moving.globalIndex;
        childrenOfB.remove(moving);
        childrenOfA.add(moving);
        assertEquals(globalBefore, moving.globalIndex);
        assertSame(moving, all.get(globalBefore));

        all.validate();
        childrenOfA.validate();
        childrenOfB.validate();
        for (Node n : ns) {
            if (n == victim) {
                assertFalse(all.contains(n));
                assertFalse(childrenOfA.contains(n));
                assertFalse(childrenOfB.contains(n));
                continue;
            }
            assertTrue(all.contains(n));
            assertSame(n, all.get(n.globalIndex));
            SwapPopArray<Node> parent = n == moving || (n.value % 2 == 0) ? childrenOfA : childrenOfB;
            assertTrue(parent.contains(n));
            assertSame(n, parent.get(n.parentIndex));
        }
        assertEquals(9, all.size());
        assertEquals(5, childrenOfA.size());
        assertEquals(4, childrenOfB.size());

        // Removing everything from the parent arrays leaves the global array intact and valid.
        childrenOfA.clear();
        childrenOfB.clear();
        all.validate();
        assertEquals(9, all.size());
        for (Node n : ns) {
            assertEquals(Index.NONE, n.parentIndex);
        }
    }

    @Test
    void removeWhileIteratingWithReturnedIndex() {
        SwapPopArray<Node> array = global(4, GrowthPolicy.GROW);
        List<Node> ns = nodes(101);
        ns.forEach(array::add);
        int visits = 0;
        for (int i = 0; i < array.size(); ) {
            visits++;
            i = array.get(i).value % 2 == 0 ? array.removeAt(i) : i + 1;
        }
        // Each element is visited exactly once: a removal revisits its position, which now holds a new element.
        assertEquals(ns.size(), visits);
        array.validate();
        assertEquals(50, array.size());
        Set<Node> expected = Collections.newSetFromMap(new IdentityHashMap<>());
        for (Node n : ns) {
            if (n.value % 2 != 0) {
                expected.add(n);
                assertTrue(array.contains(n));
            } else {
                assertFalse(array.contains(n));
                assertEquals(Index.NONE, n.globalIndex);
            }
        }
        assertEquals(expected, identitySet(contents(array)));
    }

    @Test
    void removeWhileIteratingEverything() {
        SwapPopArray<Node> array = global(8, GrowthPolicy.FAIL);
        List<Node> ns = nodes(8);
        ns.forEach(array::add);
        for (int i = 0; i < array.size(); ) {
            i = array.removeAt(i);
        }
        assertTrue(array.isEmpty());
        ns.forEach(n -> assertEquals(Index.NONE, n.globalIndex));
        array.validate();
    }

    @Test
    void growPolicyGrowsByHalfAndKeepsContents() {
        SwapPopArray<Node> array = global(10, GrowthPolicy.GROW);
        List<Node> ns = nodes(100);
        int capacity = array.capacity();
        assertEquals(10, capacity);
        int growths = 0;
        for (Node n : ns) {
            boolean full = array.size() == array.capacity();
            array.add(n);
            if (full) {
                growths++;
                int grown = array.capacity();
                assertTrue(grown >= capacity + capacity / 2 && grown <= capacity + capacity / 2 + 1,
                        "grew from " + capacity + " to " + grown + ", expected about 1.5x");
                capacity = grown;
            } else {
                assertEquals(capacity, array.capacity(), "capacity must only change when full");
            }
        }
        assertTrue(growths >= 5);
        assertEquals(ns, contents(array));
        array.validate();
    }

    @Test
    void growFromZeroCapacity() {
        SwapPopArray<Node> array = global(0, GrowthPolicy.GROW);
        Node n = new Node(0);
        assertEquals(0, array.add(n));
        assertTrue(array.capacity() >= 1);
        assertTrue(array.contains(n));
        array.validate();
    }

    @Test
    void failPolicyThrowsNamingCapacityAndLeavesArrayUnchanged() {
        SwapPopArray<Node> array = global(3, GrowthPolicy.FAIL);
        List<Node> ns = nodes(3);
        ns.forEach(array::add);
        Node extra = new Node(42);
        CapacityExceededException e = assertThrows(CapacityExceededException.class, () -> array.add(extra));
        assertEquals("scene.nodes", e.capacityName());
        assertEquals(3, e.capacity());
        assertTrue(e.getMessage().contains("scene.nodes"), e.getMessage());
        assertEquals(3, array.size());
        assertEquals(3, array.capacity());
        assertEquals(ns, contents(array));
        assertEquals(Index.NONE, extra.globalIndex, "the refused element must not look stored");
        assertFalse(array.contains(extra));
        array.validate();
        // After making room the refused element fits.
        array.remove(ns.get(0));
        assertEquals(2, array.add(extra));
        array.validate();
    }

    @Test
    void negativeCapacityIsRejected() {
        assertThrows(IllegalArgumentException.class, () -> global(-1, GrowthPolicy.GROW));
    }

    @Test
    void removeOfElementNeverStoredIsRejected() {
        SwapPopArray<Node> array = global(4, GrowthPolicy.FAIL);
        List<Node> ns = nodes(3);
        ns.forEach(array::add);
        Node stranger = new Node(77);
        assertRejectedRemove(array, ns, stranger);
    }

    @Test
    void removeTwiceIsRejected() {
        SwapPopArray<Node> array = global(4, GrowthPolicy.FAIL);
        List<Node> ns = nodes(3);
        ns.forEach(array::add);
        Node gone = ns.get(1);
        array.remove(gone);
        List<Node> remaining = contents(array);
        assertRejectedRemove(array, remaining, gone);
    }

    @Test
    void removeWithStaleIndexPointingAtAnotherElementIsRejected() {
        SwapPopArray<Node> array = global(4, GrowthPolicy.FAIL);
        List<Node> ns = nodes(3);
        ns.forEach(array::add);
        Node forged = new Node(55);
        // A position that is in range and occupied, by someone else: the identity check must catch it.
        forged.globalIndex = 1;
        IllegalStateException e = assertRejectedRemove(array, ns, forged);
        assertTrue(e.getMessage().contains(ns.get(1).toString()),
                "message should name the occupant: " + e.getMessage());
        assertEquals(1, forged.globalIndex, "a rejected remove must not touch the element's field");
    }

    @Test
    void removeWithIndexPastSizeIsRejected() {
        SwapPopArray<Node> array = global(8, GrowthPolicy.FAIL);
        List<Node> ns = nodes(3);
        ns.forEach(array::add);
        Node forged = new Node(56);
        forged.globalIndex = 5;
        assertRejectedRemove(array, ns, forged);
        forged.globalIndex = -7;
        assertRejectedRemove(array, ns, forged);
    }

    @Test
    void removeOfElementStoredInAnotherArrayWithSameFieldIsRejected() {
        SwapPopArray<Node> a = global(4, GrowthPolicy.FAIL);
        SwapPopArray<Node> b = new SwapPopArray<>("other.nodes", 4, GrowthPolicy.FAIL, GLOBAL);
        List<Node> inA = nodes(2);
        inA.forEach(a::add);
        Node inB = new Node(10);
        b.add(inB);
        assertEquals(0, inB.globalIndex);
        assertFalse(a.contains(inB), "position 0 of a holds another element");
        assertRejectedRemove(a, inA, inB);
        assertTrue(b.contains(inB));
        b.validate();
    }

    private static IllegalStateException assertRejectedRemove(SwapPopArray<Node> array, List<Node> expected,
            Node bad) {
        List<Node> before = contents(array);
        int[] indices = before.stream().mapToInt(n -> n.globalIndex).toArray();
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> array.remove(bad));
        assertTrue(e.getMessage().contains(bad.toString()), "message should name the element: " + e.getMessage());
        assertTrue(e.getMessage().contains(array.name()), "message should name the array: " + e.getMessage());
        array.validate();
        assertEquals(before, contents(array));
        assertEquals(identitySet(expected), identitySet(contents(array)));
        for (int i = 0; i < before.size(); i++) {
            assertEquals(indices[i], before.get(i).globalIndex);
        }
        return e;
    }

    @Test
    void addOfElementAlreadyStoredIsRejected() {
        SwapPopArray<Node> array = global(4, GrowthPolicy.FAIL);
        List<Node> ns = nodes(3);
        ns.forEach(array::add);
        List<Node> before = contents(array);
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> array.add(ns.get(2)));
        assertTrue(e.getMessage().contains(ns.get(2).toString()), e.getMessage());
        assertEquals(3, array.size());
        assertEquals(before, contents(array));
        assertEquals(2, ns.get(2).globalIndex);
        array.validate();
    }

    @Test
    void addOfElementStoredInAnotherArrayWithSameFieldIsRejected() {
        SwapPopArray<Node> a = global(4, GrowthPolicy.FAIL);
        SwapPopArray<Node> b = new SwapPopArray<>("other.nodes", 4, GrowthPolicy.FAIL, GLOBAL);
        Node n = new Node(1);
        b.add(n);
        assertThrows(IllegalStateException.class, () -> a.add(n));
        assertTrue(a.isEmpty());
        assertTrue(b.contains(n));
        a.validate();
        b.validate();
    }

    @Test
    void addOfNullIsRejected() {
        SwapPopArray<Node> array = global(4, GrowthPolicy.FAIL);
        assertThrows(NullPointerException.class, () -> array.add(null));
        assertTrue(array.isEmpty());
        array.validate();
    }

    @Test
    void validateDetectsCorruptedIndexField() {
        SwapPopArray<Node> array = global(4, GrowthPolicy.FAIL);
        List<Node> ns = nodes(3);
        ns.forEach(array::add);
        array.validate();
        // The kind of bug the seed warns about: some code outside the array rewrites a recorded position.
        ns.get(1).globalIndex = 2;
        IllegalStateException e = assertThrows(IllegalStateException.class, array::validate);
        assertTrue(e.getMessage().contains(ns.get(1).toString()), e.getMessage());
        ns.get(1).globalIndex = 1;
        array.validate();
        ns.get(0).globalIndex = Index.NONE;
        assertThrows(IllegalStateException.class, array::validate);
    }

    @Test
    void getOutOfRangeThrows() {
        SwapPopArray<Node> array = global(4, GrowthPolicy.FAIL);
        Node n = new Node(0);
        array.add(n);
        assertThrows(IndexOutOfBoundsException.class, () -> array.get(1));
        assertThrows(IndexOutOfBoundsException.class, () -> array.get(-1));
        assertSame(n, array.get(0));
        // Position 1 is within the capacity but past the size.
        assertTrue(array.capacity() > 1);
    }
}
