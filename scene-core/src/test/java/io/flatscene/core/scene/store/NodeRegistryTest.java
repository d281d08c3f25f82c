package io.flatscene.core.scene.store;

import io.flatscene.core.container.Index;
import io.flatscene.core.container.IndexField;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The node registry: a swap-and-pop array that keeps each node's global index right through every removal, and a
 * table from stable id to node that grows past its declared capacity without a word.
 */
class NodeRegistryTest {

    /** A node as the registry sees one: its global index, written only by the registry's array. */
    private static final class Node {
        final String name;
        int globalIndex = Index.NONE;

        Node(String name) {
            this.name = name;
        }

        @Override
        public String toString() {
            return name;
        }
    }

    private static final IndexField<Node> GLOBAL_INDEX = IndexField.of(n -> n.globalIndex, (n, i) -> n.globalIndex = i);

    @Test
    void addedNodesAreFoundByIdAndByGlobalIndex() {
        NodeRegistry<Node> registry = new NodeRegistry<>("maxNodes", 4, GLOBAL_INDEX);
        Node a = new Node("a");
        Node b = new Node("b");
        registry.add(a, 3);
        registry.add(b, 0);
        assertEquals(2, registry.size());
        assertSame(a, registry.byId(3));
        assertSame(b, registry.byId(0));
        assertNull(registry.byId(1));
        assertSame(a, registry.get(0));
        assertSame(b, registry.get(1));
        assertEquals(0, a.globalIndex);
        assertEquals(1, b.globalIndex);
        registry.validate();
    }

    @Test
    void removalMovesTheLastNodeIntoTheHoleAndFixesItsGlobalIndex() {
        NodeRegistry<Node> registry = new NodeRegistry<>("maxNodes", 4, GLOBAL_INDEX);
        Node[] nodes = {new Node("n0"), new Node("n1"), new Node("n2"), new Node("n3")};
        for (int id = 0; id < nodes.length; id++) {
            registry.add(nodes[id], id);
        }
        registry.remove(nodes[1], 1);
        assertEquals(3, registry.size());
        assertNull(registry.byId(1));
        assertEquals(Index.NONE, nodes[1].globalIndex);
        assertSame(nodes[3], registry.get(1));
        assertEquals(1, nodes[3].globalIndex);
        assertSame(nodes[3], registry.byId(3), "the moved node keeps its id");
        registry.validate();

        registry.remove(nodes[3], 3);
        assertEquals(List.of(nodes[0], nodes[2]), List.of(registry.get(0), registry.get(1)));
        assertEquals(1, nodes[2].globalIndex);
        registry.validate();
    }

    @Test
    void idsPastTheDeclaredCapacityGrowTheTable() {
        NodeRegistry<Node> registry = new NodeRegistry<>("maxNodes", 2, GLOBAL_INDEX);
        List<Node> nodes = new ArrayList<>();
        for (int id = 0; id < 10; id++) {
            Node node = new Node("n" + id);
            nodes.add(node);
            registry.add(node, id);
        }
        Node far = new Node("far");
        registry.add(far, 1000);
        for (int id = 0; id < 10; id++) {
            assertSame(nodes.get(id), registry.byId(id));
        }
        assertSame(far, registry.byId(1000));
        assertNull(registry.byId(999));
        assertEquals(11, registry.size());
        registry.validate();
    }

    @Test
    void anEmptyTableGrowsForItsFirstId() {
        NodeRegistry<Node> registry = new NodeRegistry<>("maxNodes", 0, GLOBAL_INDEX);
        Node node = new Node("first");
        registry.add(node, 0);
        assertSame(node, registry.byId(0));
        Node second = new Node("second");
        registry.add(second, 1);
        assertSame(second, registry.byId(1));
    }

    @Test
    void clearDropsEveryNodeAndResetsTheirIndices() {
        NodeRegistry<Node> registry = new NodeRegistry<>("maxNodes", 4, GLOBAL_INDEX);
        Node a = new Node("a");
        Node b = new Node("b");
        registry.add(a, 0);
        registry.add(b, 2);
        registry.clear();
        assertEquals(0, registry.size());
        assertNull(registry.byId(0));
        assertNull(registry.byId(2));
        assertEquals(Index.NONE, a.globalIndex);
        assertEquals(Index.NONE, b.globalIndex);
        registry.validate();
        registry.add(b, 2);
        assertSame(b, registry.get(0));
    }

    @Test
    void randomAddsAndRemovesKeepEveryGlobalIndexRight() {
        NodeRegistry<Node> registry = new NodeRegistry<>("maxNodes", 8, GLOBAL_INDEX);
        List<Node> live = new ArrayList<>();
        List<Integer> liveIds = new ArrayList<>();
        Random random = new Random(34);
        int nextId = 0;
        for (int step = 0; step < 2_000; step++) {
            if (live.isEmpty() || random.nextInt(3) != 0) {
                Node node = new Node("n" + nextId);
                registry.add(node, nextId);
                live.add(node);
                liveIds.add(nextId++);
            } else {
                int k = random.nextInt(live.size());
                registry.remove(live.remove(k), liveIds.remove(k));
            }
            assertEquals(live.size(), registry.size());
            for (int k = 0; k < live.size(); k++) {
                Node node = live.get(k);
                assertSame(node, registry.get(node.globalIndex), "step " + step);
                assertSame(node, registry.byId(liveIds.get(k)), "step " + step);
            }
        }
        registry.validate();
    }

    @Test
    void refusesANodeAlreadyStoredAndANodeNotStored() {
        NodeRegistry<Node> registry = new NodeRegistry<>("maxNodes", 4, GLOBAL_INDEX);
        Node a = new Node("a");
        registry.add(a, 0);
        IllegalStateException twice = assertThrows(IllegalStateException.class, () -> registry.add(a, 1));
        assertTrue(twice.getMessage().startsWith("maxNodes: cannot add a: its index field already records position 0"),
                twice.getMessage());
        IllegalStateException stranger = assertThrows(IllegalStateException.class,
                () -> registry.remove(new Node("stranger"), 1));
        assertTrue(stranger.getMessage().startsWith("maxNodes: cannot remove stranger"), stranger.getMessage());
        assertEquals(1, registry.size());
        registry.validate();
    }

    @Test
    void validateNamesANodeWhoseGlobalIndexIsWrong() {
        NodeRegistry<Node> registry = new NodeRegistry<>("maxNodes", 4, GLOBAL_INDEX);
        Node a = new Node("a");
        registry.add(a, 0);
        registry.add(new Node("b"), 1);
        a.globalIndex = 1;
        IllegalStateException e = assertThrows(IllegalStateException.class, registry::validate);
        assertEquals("maxNodes: element a at position 0 records position 1", e.getMessage());
    }
}
